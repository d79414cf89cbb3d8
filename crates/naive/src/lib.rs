//! `bitdoku-naive`: a human-style Sudoku solver written the way the seed articles write one
//! (C++ `Tablero`/`Fila`/`Casilla` classes, a C program with pair tables, Java `Box` objects with
//! `List<Integer>` candidates), honestly and competently, in Rust.
//!
//! # Style, on purpose
//! - A [`NaiveGrid`] is 81 [`NaiveCell`] objects, each holding its value, a "given" flag and a
//!   short sorted [`CandidateList`] of digits, plus 27 [`House`] objects listing their cells by
//!   index (rows, columns, boxes).
//! - Every technique is nested loops over houses, cells and digits, asking cells whether their
//!   list contains a digit and comparing row/column/box numbers to decide who sees whom. Small
//!   fixed arrays (`[bool; 9]`, candidate lists) and short `Vec`s hold intermediate results.
//! - No bit masks anywhere in the search: the only masks are the `u128` import/export
//!   ([`NaiveGrid::from_candidates`], [`NaiveGrid::candidate_masks`]) used to compare with
//!   other engines.
//!
//! # Why
//! 1. It is the baseline the bitboard design must beat: the object-style solver people write
//!    first, not a deliberately slow one (no allocation per cell, precomputed combination
//!    tables, early exits in the subset and wing searches; about 1 ms per puzzle for the
//!    `seeds` order on hard corpora, on the development machine).
//! 2. It is an independent oracle: it shares no code with `bitdoku-bitboard` or
//!    `bitdoku-strategies`. Each technique is re-derived from the written find-all definitions
//!    (the `//!` docs of the strategies' technique files), so the two engines agreeing state by
//!    state on whole corpora is real evidence that both are right.
//!
//! # Agreement
//! [`NaiveEngine::step`] works in batch granularity: the first technique of the order that finds
//! anything applies the union of all its instances ([`Findings::apply`]: eliminations, then
//! placements by digit then cell, skipping a placement whose candidate is gone), and the loop
//! restarts from the top of the order. The sequence of states is therefore a function of the
//! puzzle and the order, and must be identical to the bitboard engine's.
//!
//! # Map
//! [`singles`], [`intersections`] (locked candidates, locked pair/triple), [`subsets`],
//! [`fish`] (basic, finned, sashimi; sizes 2-7), [`general_fish`] (franken and mutant, finless
//! and finned; sizes 2-7), [`single_digit`] (skyscraper, two-string
//! kite, turbot fish, empty rectangle), [`wings`] (XY, XYZ, WXYZ, W), [`unique_rectangles`]
//! (UR 1-6, hidden rectangle, BUG+1), [`avoidable_rectangles`] and [`chains`] (simple and
//! multi colours, remote pair, X-chain, XY-chain, nice loops/AIC) [`grouped_chains`],
//! [`duals`] (dual two-string kite, dual empty rectangle), [`sue_de_coq`], [`templates`],
//! [`forcing`] (forcing chains and nets), [`kraken_fish`] (Kraken Fish, types 1 and 2, on the
//! closure of [`forcing`]'s chains) and [`nested`] (nested forcing nets, levels 1-3);
//! [`implemented`] lists the ids.
//! Uniqueness techniques run only when [`NaiveEngine::new`] is told the puzzle has one solution.
//!
//! ```
//! use bitdoku_naive::{NaiveEngine, NaiveGrid};
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let values: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
//! let mut grid = NaiveGrid::from_values(&values);
//! let engine = NaiveEngine::new(&["full-house", "naked-single", "hidden-single"], false).unwrap();
//! let fired = engine.solve(&mut grid);
//! assert!(grid.is_solved() && !fired.is_empty());
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod als;
pub mod avoidable_rectangles;
pub mod chains;
mod combos;
pub mod duals;
mod engine;
mod findings;
pub mod fish;
pub mod forcing;
pub mod general_fish;
mod grid;
pub mod grouped_chains;
pub mod intersections;
pub mod kraken_fish;
pub mod nested;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub mod templates;
#[cfg(test)]
mod testkit;
pub mod unique_rectangles;
pub mod wings;

pub use engine::{FindFn, NaiveEngine, TECHNIQUES, Technique, find, implemented, technique};
pub use findings::Findings;
pub use grid::{CandidateList, House, HouseKind, NaiveCell, NaiveGrid};
