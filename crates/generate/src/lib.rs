//! Puzzle generation, isomorph shuffling and canonical (minlex) forms.
//!
//! ```
//! use bitdoku_generate::{Isomorph, minlex_line};
//! let puzzle: [u8; 81] = std::array::from_fn(|i| if i % 10 == 0 { (i / 10 + 1) as u8 } else { 0 });
//! let mut rng = fastrand::Rng::with_seed(1);
//! let shuffled = Isomorph::random(&mut rng).apply(&puzzle);
//! assert_eq!(minlex_line(&shuffled), minlex_line(&puzzle));
//! ```
#![deny(missing_docs)]

mod canon;
mod generate;
mod iso;

pub use canon::{minlex, minlex_line};
pub use generate::{
    Generated, Options, Symmetry, Target, generate_one, meets, minimal_puzzle, puzzle_seed,
    random_solution,
};
pub use iso::Isomorph;
