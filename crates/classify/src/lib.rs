//! Berthier's classification of Sudoku puzzles, exact, on bitboards: the T&E depth and the
//! W, B, BxB and BxBB ratings that the hunters of the hardest puzzles use (D. Berthier's
//! CSP-Rules and SHC define them; see `../shared/reference/berthier/README.md`).
//!
//! One module per measure, each on the one before:
//! * [`brt`]: the basic resolution theory (ECP, naked and hidden singles, contradictions) as a
//!   copyable state closed under it;
//! * [`te`]: trial and error T&E(T, n) for an inner theory T, and the T&E depth;
//! * [`chains`]: whips and braids of bounded length (the search for one target) and
//!   [`rating`]: the W and B ratings (the smallest length that solves);
//! * [`proof`]: the whole whip or braid behind an elimination, in Berthier's notation, and
//!   an independent check of it (what `hint --measure` and `classify --show` print);
//! * [`bxb`]: T&E(B_p, n), i.e. BxB (n = 1) and BxBB (n = 2).
//!
//! [`classify`] runs the measures a puzzle calls for under a [`Budget`].
#![deny(missing_docs)]

pub mod brt;
pub mod budget;
pub mod bxb;
pub mod chains;
mod house_fold;
pub mod proof;
pub mod rating;

pub mod te;

pub use brt::Grid;
pub use budget::{Budget, OverBudget};
pub use rating::Rated;

use chains::Kind;
use std::time::Duration;

/// Which measures to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measures {
    /// The T&E depth (always computed: it says which ratings apply; this says whether to
    /// report it).
    pub te: bool,
    /// The whip rating (T&E(0) and T&E(1) puzzles).
    pub w: bool,
    /// The braid rating (T&E(0) and T&E(1) puzzles).
    pub b: bool,
    /// BxB (T&E(2) puzzles).
    pub bxb: bool,
    /// BxBB (T&E(3) puzzles).
    pub bxbb: bool,
}

impl Measures {
    /// Every measure.
    pub const ALL: Measures = Measures { te: true, w: true, b: true, bxb: true, bxbb: true };

    /// Parses a comma-separated list of `te`, `w`, `b`, `bxb`, `bxbb` (any case).
    pub fn parse(list: &str) -> Result<Measures, String> {
        let mut m = Measures { te: false, w: false, b: false, bxb: false, bxbb: false };
        for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match name.to_ascii_lowercase().as_str() {
                "te" => m.te = true,
                "w" => m.w = true,
                "b" => m.b = true,
                "bxb" => m.bxb = true,
                "bxbb" => m.bxbb = true,
                _ => return Err(format!("unknown measure {name:?} (te, w, b, bxb, bxbb)")),
            }
        }
        if m == (Measures { te: false, w: false, b: false, bxb: false, bxbb: false }) {
            return Err("no measure asked for (te, w, b, bxb, bxbb)".into());
        }
        Ok(m)
    }
}

/// Limits of one puzzle's classification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest whip or braid tried for W and B, and the largest p for BxB and BxBB.
    pub max_length: u32,
    /// The deepest trial and error tried for the T&E depth.
    pub max_depth: u32,
    /// Deterministic budget: work units (trials and chain-search nodes) per puzzle.
    pub units: Option<u64>,
    /// Wall-clock budget per puzzle.
    pub time: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_length: 30, max_depth: 4, units: None, time: None }
    }
}

/// The measures of one puzzle (`None`: not asked for, or not defined at its T&E depth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Classification {
    /// T&E depth.
    pub te: Option<Rated>,
    /// Whip rating.
    pub w: Option<Rated>,
    /// Braid rating.
    pub b: Option<Rated>,
    /// BxB.
    pub bxb: Option<Rated>,
    /// BxBB.
    pub bxbb: Option<Rated>,
}

impl Classification {
    /// Whether every measure computed is exact (no budget or limit was hit).
    #[must_use]
    pub fn complete(&self) -> bool {
        [self.te, self.w, self.b, self.bxb, self.bxbb]
            .iter()
            .all(|r| !matches!(r, Some(Rated::Above(_))))
    }
}

/// Why a puzzle cannot be classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassifyError {
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has two or more solutions (the measures assume a unique one).
    MultipleSolutions,
}

impl std::fmt::Display for ClassifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ClassifyError::NoSolution => "no solution",
            ClassifyError::MultipleSolutions => "multiple solutions",
        })
    }
}

/// Classifies the puzzle whose candidates are `masks[d]` (cells where digit `d` may go, givens
/// as single-candidate cells): its T&E depth, then the ratings its depth calls for among
/// those asked for. One budget covers the whole puzzle; a measure it cuts short is
/// [`Rated::Above`] and the measures after it are not computed.
pub fn classify(
    masks: &[u128; 9],
    measures: Measures,
    limits: &Limits,
) -> Result<Classification, ClassifyError> {
    let solution = match bitdoku_brute::count_solutions(masks, 2) {
        (0, _) => return Err(ClassifyError::NoSolution),
        (1, Some(s)) => s.0,
        _ => return Err(ClassifyError::MultipleSolutions),
    };
    let start = Grid::from_masks(masks).ok_or(ClassifyError::NoSolution)?;
    let mut budget = Budget::new(limits.units, limits.time);
    let mut out = Classification::default();
    let mut grid = start.clone();
    let te = te::te_depth(&mut grid, &solution, limits.max_depth, &mut budget);
    if measures.te {
        out.te = Some(te);
    }
    let Rated::Value(depth) = te else { return Ok(out) };
    let skip = te::solution_masks(&solution);
    if depth <= 1 {
        if measures.w {
            let mut g = start.clone();
            out.w = Some(rating::rating(
                &mut g,
                Kind::Whip,
                limits.max_length,
                Some(&skip),
                &mut budget,
            ));
        }
        if measures.b && !budget.is_spent() {
            let mut g = start.clone();
            out.b = Some(rating::rating(
                &mut g,
                Kind::Braid,
                limits.max_length,
                Some(&skip),
                &mut budget,
            ));
        }
    } else if (depth == 2 && measures.bxb) || (depth == 3 && measures.bxbb) {
        let mut g = start;
        let r = bxb::bxb(&mut g, depth - 1, &solution, limits.max_length, &mut budget);
        if depth == 2 {
            out.bxb = Some(r);
        } else {
            out.bxbb = Some(r);
        }
    }
    Ok(out)
}
