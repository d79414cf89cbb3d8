//! Generation: a random solution grid, then clues removed in random order (by symmetry orbit)
//! while the puzzle keeps exactly one solution, which leaves a *minimal* puzzle (no remaining
//! clue, or symmetric orbit of clues, can go). With a [`Target`], candidates are rated by the
//! logic engine and kept only when the path meets it.
//!
//! Determinism: puzzle `index` of a run with seed `seed` depends only on `(seed, index)`, so
//! the output is the same whatever the number of threads.

use crate::Isomorph;
use bitdoku_bitboard::Candidates;
use bitdoku_engine::{Engine, Status};
use bitdoku_strategies::{Level, TechniqueId};
use std::time::Instant;

/// Which cells are removed together, so the puzzle keeps a symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Every cell on its own.
    None,
    /// 180-degree rotation: cell `i` with cell `80 - i`.
    Central,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Reflection in the anti-diagonal: `(r, c)` with `(8 - c, 8 - r)`.
    AntiDiagonal,
    /// Left-right mirror: `(r, c)` with `(r, 8 - c)`.
    Mirror,
    /// Top-bottom mirror: `(r, c)` with `(8 - r, c)`.
    Flip,
}

impl Symmetry {
    /// Every name, for messages.
    pub const NAMES: &'static str = "none, central, diagonal, antidiagonal, mirror, flip";

    /// Parses a name.
    pub fn parse(s: &str) -> Option<Symmetry> {
        Some(match s {
            "none" => Symmetry::None,
            "central" => Symmetry::Central,
            "diagonal" => Symmetry::Diagonal,
            "antidiagonal" => Symmetry::AntiDiagonal,
            "mirror" => Symmetry::Mirror,
            "flip" => Symmetry::Flip,
            _ => return None,
        })
    }

    /// The partner of `cell` under this symmetry.
    fn partner(self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        match self {
            Symmetry::None => cell,
            Symmetry::Central => 80 - cell,
            Symmetry::Diagonal => c * 9 + r,
            Symmetry::AntiDiagonal => (8 - c) * 9 + (8 - r),
            Symmetry::Mirror => r * 9 + (8 - c),
            Symmetry::Flip => (8 - r) * 9 + c,
        }
    }
}

/// What a generated puzzle's solution path must satisfy (all given parts at once).
#[derive(Clone, Debug, Default)]
pub struct Target {
    /// HoDoKu level of the path.
    pub level: Option<Level>,
    /// HoDoKu score range, inclusive.
    pub score: Option<(u32, u32)>,
    /// SE-style ER range, inclusive.
    pub se: Option<(f32, f32)>,
    /// Techniques the path must use.
    pub require: Vec<TechniqueId>,
    /// Techniques it must not use.
    pub forbid: Vec<TechniqueId>,
}

impl Target {
    /// Whether there is anything to check (else no rating is needed).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.level.is_none()
            && self.score.is_none()
            && self.se.is_none()
            && self.require.is_empty()
            && self.forbid.is_empty()
    }
}

/// Generation options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Symmetry of the clues.
    pub symmetry: Symmetry,
    /// At most this many clues (candidates with more are discarded).
    pub givens_max: Option<usize>,
    /// The path's target.
    pub target: Target,
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The clues (0 = empty).
    pub puzzle: [u8; 81],
    /// Its unique solution.
    pub solution: [u8; 81],
    /// Candidates built for this one (1 = the first was accepted).
    pub tries: u64,
}

/// A random solution grid: the three boxes on the main diagonal (which share no row or
/// column) filled with random permutations, completed by the brute-force solver, then a random
/// isomorph. Varied, but not uniformly
/// distributed over all grids (the solver returns its first completion; the isomorph and the
/// 9!^3 starts spread it).
#[must_use]
pub fn random_solution(rng: &mut fastrand::Rng) -> [u8; 81] {
    loop {
        let mut values = [0u8; 81];
        for b in 0..3 {
            let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            for (k, &d) in digits.iter().enumerate() {
                values[(b * 3 + k / 3) * 9 + b * 3 + k % 3] = d;
            }
        }
        // Such a start is believed always completable; a retry keeps this total either way.
        if let Some(solution) =
            bitdoku_brute::solve_first(&bitdoku_brute::masks_from_values(&values))
        {
            return Isomorph::random(rng).apply(&solution.0);
        }
    }
}

/// A minimal puzzle with this solution: clue orbits removed in random order while the
/// solution stays unique.
#[must_use]
pub fn minimal_puzzle(
    rng: &mut fastrand::Rng,
    solution: &[u8; 81],
    symmetry: Symmetry,
) -> [u8; 81] {
    let mut puzzle = *solution;
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut done = [false; 81];
    // The solver's masks of `puzzle`, kept in step with it (a removed clue opens its cell to
    // all nine digits; a restored one closes it again).
    let mut masks = bitdoku_brute::masks_from_values(&puzzle);
    let open = |masks: &mut [u128; 9], cell: usize| {
        for m in masks.iter_mut() {
            *m |= 1u128 << cell;
        }
    };
    let close = |masks: &mut [u128; 9], cell: usize, digit: u8| {
        for (d, m) in masks.iter_mut().enumerate() {
            if d + 1 != usize::from(digit) {
                *m &= !(1u128 << cell);
            }
        }
    };
    for cell in order {
        if done[cell] {
            continue;
        }
        let partner = symmetry.partner(cell);
        done[cell] = true;
        done[partner] = true;
        let saved = (puzzle[cell], puzzle[partner]);
        puzzle[cell] = 0;
        puzzle[partner] = 0;
        // Shortcut: a removed clue that the remaining clues force as a naked single (its
        // peers hold the eight other digits) keeps the solution unique with no search: every
        // solution of the smaller puzzle has those digits there, so it solves the larger one.
        if forced(&puzzle, cell, saved.0) && forced(&puzzle, partner, saved.1) {
            open(&mut masks, cell);
            open(&mut masks, partner);
            continue;
        }
        // Still unique exactly when no solution puts another digit in a removed cell: one
        // "find any" search per removed cell on the masks with its old digit taken out, which
        // is cheaper than counting to two (no need to find the known solution first).
        open(&mut masks, cell);
        open(&mut masks, partner);
        let other = |cell: usize, digit: u8| {
            let mut m = masks;
            m[usize::from(digit - 1)] &= !(1u128 << cell);
            bitdoku_brute::solve_first(&m).is_some()
        };
        if other(cell, saved.0) || (partner != cell && other(partner, saved.1)) {
            (puzzle[cell], puzzle[partner]) = saved;
            close(&mut masks, cell, saved.0);
            close(&mut masks, partner, saved.1);
        }
    }
    puzzle
}

/// Whether the clues of `puzzle` seen by `cell` hold every digit but `digit`.
fn forced(puzzle: &[u8; 81], cell: usize, digit: u8) -> bool {
    let mut seen = 0u16;
    for peer in bitdoku_bitboard::tables::PEERS[cell] {
        seen |= 1 << puzzle[peer.index()];
    }
    seen >> 1 == 0x1ff & !(1 << (digit - 1))
}

/// Whether the logic path of `puzzle` meets `target` (the engine should trace, in single
/// granularity, for HoDoKu-comparable ratings).
#[must_use]
pub fn meets(engine: &Engine, puzzle: &[u8; 81], target: &Target) -> bool {
    let out = engine.solve(&Candidates::from_values(puzzle));
    if out.status != Status::Solved {
        return false;
    }
    let r = &out.rating;
    if target.level.is_some_and(|l| r.level() != l) {
        return false;
    }
    if target.score.is_some_and(|(lo, hi)| r.score < lo || r.score > hi) {
        return false;
    }
    if let Some((lo, hi)) = target.se {
        // Sudoku Explainer's ER, from the SE model (serate's numbers), within the engine's
        // budget (a candidate over it does not meet the target).
        let _budget = bitdoku_strategies::budget::Scope::enter(engine.options().budget);
        let er = bitdoku_se_model::rate_state(&Candidates::from_values(puzzle), None).er_value();
        if bitdoku_strategies::budget::exceeded().is_some() {
            return false;
        }
        if er < lo - 1e-4 || er > hi + 1e-4 {
            return false;
        }
    }
    let used = |id: TechniqueId| out.steps.iter().any(|s| s.technique == id);
    target.require.iter().all(|&id| used(id)) && !target.forbid.iter().any(|&id| used(id))
}

/// The seed of puzzle `index` of a run seeded `seed` (SplitMix64's mixing of the pair).
#[must_use]
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Generates puzzle `index` of a run: candidates until one meets the options, or `deadline`
/// passes (`Err(tries)`). `engine` is needed when the target is not empty.
pub fn generate_one(
    seed: u64,
    index: u64,
    options: &Options,
    engine: Option<&Engine>,
    deadline: Option<Instant>,
) -> Result<Generated, u64> {
    let mut rng = fastrand::Rng::with_seed(puzzle_seed(seed, index));
    let mut tries = 0;
    loop {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(tries);
        }
        tries += 1;
        let solution = random_solution(&mut rng);
        let puzzle = minimal_puzzle(&mut rng, &solution, options.symmetry);
        if options.givens_max.is_some_and(|m| puzzle.iter().filter(|&&v| v != 0).count() > m) {
            continue;
        }
        if let Some(engine) = engine.filter(|_| !options.target.is_empty()) {
            if !meets(engine, &puzzle, &options.target) {
                continue;
            }
        }
        return Ok(Generated { puzzle, solution, tries });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options {
        Options { symmetry: Symmetry::None, givens_max: None, target: Target::default() }
    }

    #[test]
    fn generated_puzzles_are_unique_minimal_and_deterministic() {
        for i in 0..20 {
            let g = generate_one(5, i, &options(), None, None).expect("no deadline");
            let masks = bitdoku_brute::masks_from_values(&g.puzzle);
            assert_eq!(bitdoku_brute::count_solutions(&masks, 2).0, 1, "unique");
            for cell in (0..81).filter(|&c| g.puzzle[c] != 0) {
                let mut less = g.puzzle;
                less[cell] = 0;
                let m = bitdoku_brute::masks_from_values(&less);
                assert_eq!(bitdoku_brute::count_solutions(&m, 2).0, 2, "minimal");
            }
            let again = generate_one(5, i, &options(), None, None).unwrap();
            assert_eq!(again.puzzle, g.puzzle);
        }
    }

    #[test]
    fn symmetric_puzzles_keep_their_symmetry() {
        let mut o = options();
        o.symmetry = Symmetry::Central;
        for i in 0..5 {
            let g = generate_one(9, i, &o, None, None).unwrap();
            for c in 0..81 {
                assert_eq!(g.puzzle[c] == 0, g.puzzle[80 - c] == 0);
            }
        }
    }

    #[test]
    fn a_target_is_met_or_the_deadline_says_so() {
        let order = bitdoku_engine::Order::parse("hodoku").unwrap();
        let mut eo = bitdoku_engine::Options::new(order);
        eo.trace = true;
        eo.granularity = bitdoku_engine::Granularity::Single;
        let engine = Engine::new(eo);
        let mut o = options();
        o.target.require = vec![TechniqueId::NakedPair];
        let g = generate_one(3, 0, &o, Some(&engine), None).unwrap();
        assert!(meets(&engine, &g.puzzle, &o.target));
        // An impossible target within a deadline in the past: nothing, and the count of tries.
        o.target.level = Some(Level::Easy);
        let past = Instant::now();
        assert!(generate_one(3, 0, &o, Some(&engine), Some(past)).is_err());
    }
}
