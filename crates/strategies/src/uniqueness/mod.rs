//! The uniqueness family: unique rectangles (types 1-6), hidden rectangle, avoidable
//! rectangles (types 1-2) and BUG+1.
//!
//! **Every technique here is valid only for puzzles with exactly one solution.** They derive
//! eliminations from "the puzzle cannot have two solutions", so on a puzzle with several (or
//! no) solutions they may remove true candidates. The engine checks uniqueness (a brute-force
//! count up to two) before it calls them ([`crate::TechniqueId::needs_uniqueness`]); the
//! functions themselves assume it and never check. Avoidable rectangles also rely on the
//! distinction between givens and cells solved later (`Candidates::givens`).
//!
//! The rectangle model shared by UR 1-6 and the hidden rectangle (which rectangles are
//! considered, the floor/roof split, missing candidates) is documented in
//! [`unique_rectangle`].

pub mod avoidable_rectangle;
pub mod bug_plus_one;
pub mod hidden_rectangle;
pub mod unique_rectangle;
pub mod unique_rectangle_1;
pub mod unique_rectangle_2;
pub mod unique_rectangle_3;
pub mod unique_rectangle_4;
pub mod unique_rectangle_5;
pub mod unique_rectangle_6;

#[cfg(test)]
pub(crate) mod soundness;
