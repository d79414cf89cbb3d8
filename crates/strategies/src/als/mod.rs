//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS chains and death blossoms, on one shared layer
//! ([`sets::AlsLayer`]: every ALS of the state and the restricted commons between them).
//!
//! Every technique here rests on one fact: an ALS of N cells and N + 1 digits that loses one
//! of its digits becomes a locked set holding all the others. A restricted common x between
//! two ALSs (every x-cell of one sees every x-cell of the other) can be true in at most one of
//! them, so "A holds x" forces "B lacks x", which locks B on its other digits.
//!
//! Each technique has two searches: `find` (disjoint ALSs, HoDoKu's default and the registered
//! search) and `find_overlapping` (ALSs may share cells, never on a restricted common: HoDoKu's
//! "allow overlapping ALSs", which reglib's `-2` variants of 0902-0904 ask for).

pub mod als_chain;
pub mod als_xy_wing;
pub mod als_xz;
mod chain_reach;
pub mod death_blossom;
pub mod sets;

use crate::{Step, TechniqueId};
use bitdoku_bitboard::{CellSet, Digit, DigitSet};
use sets::Als;

/// `eliminations[z]` for every `z` of `zs`: the cells that see every z-cell of both `a` and
/// `b` (outside both, holding z). One of the two ALSs holds z, so these cannot.
fn common_eliminations(a: &Als, b: &Als, zs: DigitSet) -> [CellSet; 9] {
    let mut out = [CellSet::EMPTY; 9];
    for z in zs.iter() {
        let i = z.index();
        out[i] = (a.seen[i] & b.seen[i]) - a.cells - b.cells;
    }
    out
}

/// A step of technique `id` with these eliminations and ALSs (each with the digits linking it
/// to the next); `digits` and `cells` of the evidence are the eliminated digits and the ALS
/// cells.
fn als_step(id: TechniqueId, eliminations: [CellSet; 9], alses: &[(&Als, DigitSet)]) -> Step {
    let mut step = Step::new(id);
    step.eliminations = eliminations;
    let mut digits = DigitSet::EMPTY;
    for d in Digit::all() {
        if !eliminations[d.index()].is_empty() {
            digits = digits.with(d);
        }
    }
    step.evidence.digits = digits;
    for (a, links) in alses {
        step.evidence.cells |= a.cells;
        step.evidence.als.push(a.cells, a.digits, *links);
    }
    step
}

fn is_empty(elims: &[CellSet; 9]) -> bool {
    elims.iter().all(|m| m.is_empty())
}

#[cfg(test)]
pub(crate) mod fixtures {
    pub(crate) use crate::wings::fixtures::pencil;
    use bitdoku_bitboard::{Candidates, CellSet, parse_line};

    /// Candidate states for comparing two computations of the same thing: for each of the
    /// first `puzzles` lines of a bundled corpus, the givens' candidates and `rounds` further
    /// states, each with about one candidate in twelve more removed at random (every cell
    /// keeps one).
    pub(crate) fn sample_states(corpus: &str, puzzles: usize, rounds: usize) -> Vec<Candidates> {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../datasets")
            .join(corpus);
        // The corpora are bundled: a missing file is a broken checkout, not a reason to pass.
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let mut rng = fastrand::Rng::with_seed(0x05ee_da15);
        let mut out = Vec::new();
        for line in text.lines().take(puzzles) {
            let Ok(Some(puzzle)) = parse_line(line) else { continue };
            let mut c = puzzle.candidates();
            out.push(c);
            for _ in 0..rounds {
                for cell in c.unsolved() {
                    for d in c.digits_at(cell).iter() {
                        if c.digits_at(cell).len() > 1 && rng.u8(..12) == 0 {
                            c.eliminate(d, CellSet::single(cell));
                        }
                    }
                }
                out.push(c);
            }
        }
        out
    }
}
