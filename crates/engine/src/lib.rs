//! The bitdoku engine: technique orders as data ([`Order`]), the solve loop in single or batch
//! granularity ([`Engine`]), step traces, ratings ([`Rating`]), a `/bt`-style soundness check
//! ([`Verifier`]), and the brute-force fallback and solution counting (re-exported from
//! `bitdoku-brute`).
#![deny(missing_docs)]

mod order;
mod rating;
mod solve;
mod verify;

pub use bitdoku_brute::{Count, count_solutions, solve_unique};
pub use bitdoku_strategies::budget::{Budget, Exceeded};
pub use order::{Order, OrderError, PRESETS, Preset, StepChoice, preset_names};
pub use rating::Rating;
pub use solve::{
    Engine, Granularity, Observer, Options, Outcome, OverBudget, Status, TechniqueStats,
};
pub use verify::{Unsound, Verifier};
