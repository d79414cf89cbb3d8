//! The soundness harness the technique soundness tests share (`tests/soundness_*.rs`, the
//! uniqueness family's check): the bundled corpora with their brute-force solutions, a
//! singles fixpoint, the check of one step against the solution, and the thinned walk (rounds
//! of dropping wrong candidates, running techniques and applying what they find).
//!
//! Every state these helpers build still holds the solution, so any step that removes a
//! solution digit or places a wrong one is unsound, whatever the technique.

use crate::{Step, TechniqueId, registry};
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line};
use std::path::PathBuf;

/// The text of a bundled corpus (`datasets/<name>`). The corpora are part of the repository:
/// a missing file is a broken checkout, not a reason to pass, so this panics.
#[must_use]
pub fn corpus_text(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One corpus puzzle with its solution.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The input line.
    pub line: String,
    /// The puzzle's candidate state.
    pub start: Candidates,
    /// Its solution, 81 digits `1..=9`.
    pub solution: [u8; 81],
}

impl Solved {
    /// The solution's cells per digit.
    pub fn truth(&self) -> [CellSet; 9] {
        std::array::from_fn(|d| {
            Cell::all().filter(|c| self.solution[c.index()] == d as u8 + 1).collect()
        })
    }
}

/// The puzzles of bundled corpus `name`, each with its solution from `bitdoku-brute`; lines
/// that are no puzzle are skipped, and a puzzle without exactly one solution fails the test.
pub fn puzzles(name: &str) -> impl Iterator<Item = Solved> {
    let lines: Vec<String> = corpus_text(name).lines().map(String::from).collect();
    lines.into_iter().filter_map(|line| {
        let Ok(Some(puzzle)) = parse_line(&line) else { return None };
        let start = puzzle.candidates();
        let (count, solution) = bitdoku_brute::solve_unique(&start.search_masks());
        assert_eq!(count, bitdoku_brute::Count::One, "{line}");
        let solution = solution.expect("one solution").0;
        Some(Solved { line, start, solution })
    })
}

/// Places naked and hidden singles until none is left; `false` on a contradiction.
pub fn singles(c: &mut Candidates) -> bool {
    loop {
        if c.has_contradiction() {
            return false;
        }
        let mut progress = false;
        for cell in c.counts().exactly(1) {
            if let Some(d) = c.digits_at(cell).first() {
                c.place(cell, d);
                progress = true;
            }
        }
        for d in Digit::all() {
            for house in HOUSES {
                let spots = c.cells(d) & house;
                if spots.is_single() && (c.placed(d) & house).is_empty() {
                    c.place(spots.first().expect("one cell"), d);
                    progress = true;
                }
            }
        }
        if !progress {
            return !c.has_contradiction();
        }
    }
}

/// Asserts that `step`, found on `state`, is sound for `puzzle`: it changes the state,
/// eliminates only candidates the state holds and none of the solution's, and places only
/// solution digits.
#[track_caller]
pub fn check_sound(step: &Step, state: &Candidates, puzzle: &Solved) {
    assert!(step.changes(state), "{} changes nothing", step.explain());
    for d in Digit::all() {
        let gone = step.eliminations[d.index()];
        assert!(gone.is_subset(state.cells(d)), "{} eliminates absent candidates", step.explain());
        for cell in gone {
            assert_ne!(
                puzzle.solution[cell.index()],
                d.value(),
                "{} removes the solution digit at {cell}\npuzzle {}",
                step.explain(),
                puzzle.line
            );
        }
        for cell in step.placements[d.index()] {
            assert_eq!(
                puzzle.solution[cell.index()],
                d.value(),
                "{} places a wrong digit at {cell}\npuzzle {}",
                step.explain(),
                puzzle.line
            );
        }
    }
}

/// What a [`thinned_walk`] saw.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// The states the techniques ran on.
    pub states: usize,
    /// Steps found, per technique (in the order given).
    pub hits: Vec<usize>,
}

/// The thinned walk over every puzzle of corpus `name`: from the givens' candidates after
/// singles, up to `rounds` rounds of (drop each wrong candidate for which `drop()` says so,
/// which keeps the solution; run `techniques` in find-all mode and check every step with
/// [`check_sound`] and with `extra`; apply their eliminations, then singles). The random
/// drops make the sparse states in which patterns appear; `drop` is the caller's seeded RNG.
pub fn thinned_walk(
    name: &str,
    techniques: &[TechniqueId],
    rounds: usize,
    drop: &mut dyn FnMut() -> bool,
    extra: &mut dyn FnMut(&Step),
) -> Walk {
    let mut walk = Walk { states: 0, hits: vec![0; techniques.len()] };
    for puzzle in puzzles(name) {
        let truth = puzzle.truth();
        let mut c = puzzle.start;
        assert!(singles(&mut c));
        for _round in 0..rounds {
            if c.is_solved() {
                break;
            }
            let dropped: [CellSet; 9] = std::array::from_fn(|d| {
                (c.masks()[d] - truth[d]).iter().filter(|_| drop()).collect()
            });
            for d in Digit::all() {
                c.eliminate(d, dropped[d.index()]);
            }
            walk.states += 1;
            let mut all = [CellSet::EMPTY; 9];
            for (t, &id) in techniques.iter().enumerate() {
                for step in registry::find_all(id, &c) {
                    walk.hits[t] += 1;
                    check_sound(&step, &c, &puzzle);
                    extra(&step);
                    for (d, cells) in all.iter_mut().enumerate() {
                        *cells |= step.eliminations[d];
                    }
                }
            }
            for d in Digit::all() {
                c.eliminate(d, all[d.index()]);
            }
            assert!(singles(&mut c), "contradiction after sound steps in {}", puzzle.line);
            assert!(
                Digit::all().all(|d| c.placed(d).is_subset(truth[d.index()])),
                "a wrong digit was placed in {}",
                puzzle.line
            );
        }
    }
    walk
}
