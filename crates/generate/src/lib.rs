//! Puzzle generation, isomorph shuffling and canonical (minlex) forms (with automorphism
//! counts and the map from a puzzle to its form).
//!
//! ```
//! use bitdoku_generate::{Isomorph, minlex_line};
//! let puzzle: [u8; 81] = std::array::from_fn(|i| if i % 10 == 0 { (i / 10 + 1) as u8 } else { 0 });
//! let mut rng = fastrand::Rng::with_seed(1);
//! let shuffled = Isomorph::random(&mut rng).apply(&puzzle);
//! assert_eq!(minlex_line(&shuffled), minlex_line(&puzzle));
//! ```
//!
//! Generating (the same `(seed, index)` always gives the same puzzle):
//!
//! ```
//! use bitdoku_generate::{Options, Symmetry, Target, generate_one};
//! let options = Options { symmetry: Symmetry::Central, givens_max: None, target: Target::default() };
//! let g = generate_one(42, 0, &options, None, None).expect("no deadline, no target");
//! let masks = bitdoku_brute::masks_from_values(&g.puzzle);
//! assert_eq!(bitdoku_brute::count_solutions(&masks, 2).0, 1);
//! assert!((0..81).all(|c| (g.puzzle[c] == 0) == (g.puzzle[80 - c] == 0)));
//! ```
//!
//! With a [`Target`], pass an [`bitdoku_engine::Engine`] whose options trace in single
//! granularity; [`meets`] judges a puzzle's path against it.
#![deny(missing_docs)]

mod canon;
mod generate;
mod guesses;
mod iso;

pub use canon::{Canonical, canonical, minlex, minlex_line, minlex_reference};
pub use generate::{
    Generated, Options, Symmetry, Target, generate_one, meets, minimal_puzzle, puzzle_seed,
    random_solution,
};
pub use guesses::{DEFAULT_ISOMORPHS, DEFAULT_SEED, GuessRating, guess_rating};
pub use iso::Isomorph;
