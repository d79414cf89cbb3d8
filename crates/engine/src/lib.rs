//! The bitdoku engine: technique orders as data ([`Order`]), the solve loop in single or batch
//! granularity ([`Engine`]), step traces, ratings ([`Rating`]), a `/bt`-style soundness check
//! ([`Verifier`]), and the brute-force fallback and solution counting (re-exported from
//! `bitdoku-brute`).
//!
//! Map: `order` (presets, id lists and the order's [`StepChoice`]); `solve` (the loop, in
//! `solve/mod.rs`; `count` the uniqueness count taken when first needed, whose solution the
//! fallback uses; `quiet` the memory that narrows a technique to what changed since it last
//! found nothing; `outcome` what a solve returns; `stats` per-technique counters
//! ([`Options::stats`], which `bitdoku solve` turns off); `spend` the budget bookkeeping;
//! `hint` the one-step entry points, outside a solve; `helpers` the steps the engine makes
//! itself); `rating` (HoDoKu score and level, the technique path's ER/EP/ED); `verify`
//! (the soundness check against brute force). With [`StepChoice::Hodoku`] the loop asks
//! `bitdoku-hodoku-model` which step to take; the Sudoku Explainer rating is not here but in
//! `bitdoku-se-model`.
#![deny(missing_docs)]

mod order;
mod rating;
mod solve;
mod verify;

pub use bitdoku_brute::{Count, count_solutions, solve_unique};
pub use bitdoku_strategies::budget::{Budget, Exceeded, OverBudget};
pub use order::{Order, OrderError, PRESETS, Preset, StepChoice, preset_names};
pub use rating::Rating;
pub use solve::{Engine, Granularity, Observer, Options, Outcome, Status, TechniqueStats};
pub use verify::{Unsound, Verifier};
