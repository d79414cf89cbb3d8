//! Guess-count rating: the mean and the maximum number of guesses the brute-force solver
//! (`bitdoku-brute`, counting to 2 solutions as `solve` does) needs over seeded random
//! isomorphs of a puzzle. One count depends on the isomorph (the solver picks cells and digits
//! in a fixed order), so the mean over several is the measure; the isomorphs are taken of the
//! puzzle's minlex form, so every isomorph of a puzzle gets the same rating for a seed.

use crate::{Isomorph, canonical};
use bitdoku_brute::{count_solutions_with_stats, masks_from_values};

/// The default number of isomorphs. "Stable to 5%" is measured on top1465 between seeds 1 and
/// 2 (and the file mean over seeds 1 to 3): at 256 the file mean moves by 0.27%, the median
/// per-puzzle difference of the two seeds' means is 1.4%, 90.9% of the puzzles are within 5%
/// (98.1% within 10%); 32 gave 1.26%, 4.5% and 53.8%. 95% of the puzzles within 5% is not
/// reached by doubling K again (512: 89.1%): for a tenth of the puzzles one isomorph's count
/// varies with a coefficient of variation above 0.6, which needs K above 1,100 for 5% at 95%
/// confidence (`results/2026-11-28-tdoku-v3/README.md`, `examples/guess_stability.rs`).
pub const DEFAULT_ISOMORPHS: u32 = 256;

/// The default seed of the isomorphs.
pub const DEFAULT_SEED: u64 = 0;

/// A guess-count rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GuessRating {
    /// The mean number of guesses over the isomorphs.
    pub mean: f64,
    /// The largest number of guesses any of them needed.
    pub max: u64,
}

/// `MEAN/MAX`, the mean to one decimal (`39.5/83`): how `rate --format '%G'` and
/// `classify --guesses` print it.
impl std::fmt::Display for GuessRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.1}/{}", self.mean, self.max)
    }
}

/// The guess-count rating of a puzzle (81 values, 0 = empty) over `isomorphs` random
/// isomorphs of its minlex form drawn from `seed` (`isomorphs` = 0 counts as 1).
#[must_use]
pub fn guess_rating(values: &[u8; 81], isomorphs: u32, seed: u64) -> GuessRating {
    let form = canonical(values).form;
    let mut rng = fastrand::Rng::with_seed(seed);
    let n = isomorphs.max(1);
    let (mut total, mut max) = (0u64, 0u64);
    for _ in 0..n {
        let t = Isomorph::random(&mut rng);
        let (_, _, stats) = count_solutions_with_stats(&masks_from_values(&t.apply(&form)), 2);
        total += stats.guesses;
        max = max.max(stats.guesses);
    }
    GuessRating { mean: total as f64 / f64::from(n), max }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first puzzle of forum_hardest_1106 (it needs guesses on every isomorph).
    const HARD: &str =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

    fn parse(line: &str) -> [u8; 81] {
        std::array::from_fn(|i| match line.as_bytes()[i] {
            b @ b'1'..=b'9' => b - b'0',
            _ => 0,
        })
    }

    #[test]
    fn isomorphs_get_the_same_rating_and_seeds_change_it_little() {
        let v = parse(HARD);
        let a = guess_rating(&v, 16, 1);
        let mut rng = fastrand::Rng::with_seed(5);
        let shuffled = Isomorph::random(&mut rng).apply(&v);
        assert_eq!(guess_rating(&shuffled, 16, 1), a);
        assert!(a.mean > 0.0 && a.max as f64 >= a.mean);
        assert_eq!(guess_rating(&v, 16, 1), a);
    }

    #[test]
    fn a_puzzle_solved_by_propagation_needs_no_guess() {
        let solved: [u8; 81] =
            std::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9) as u8 + 1);
        let mut v = solved;
        v[0] = 0;
        v[40] = 0;
        assert_eq!(guess_rating(&v, 8, 3), GuessRating { mean: 0.0, max: 0 });
    }
}
