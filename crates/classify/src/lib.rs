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
//! * [`bxb`]: T&E(B_p, n), i.e. BxB (n = 1) and BxBB (n = 2).
//!
//! [`classify`] runs the measures a puzzle calls for under a [`Budget`].
#![deny(missing_docs)]

pub mod brt;
pub mod budget;
pub mod chains;
pub mod rating;

pub mod te;

pub use brt::Grid;
pub use budget::{Budget, OverBudget};
