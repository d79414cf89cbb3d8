//! Human Sudoku techniques over digit-major bitboards.
//!
//! Each technique is a [`FindFn`]: it reads a [`Candidates`](bitdoku_bitboard::Candidates)
//! state and pushes [`Step`]s to a [`Sink`], which decides whether to stop after the first
//! (hints, traces) or to collect all (batch solving, reglib conformance). Techniques never
//! mutate the state and never guess; [`Step::apply`] is the one applier.
//!
//! One folder per family, one file per technique, one [`registry`].
//!
//! Map:
//! - `id` ([`TechniqueId`], [`Family`], [`Level`]) and `technique` (the row type
//!   [`Technique`]) are leaves: the families import them, never the registry, which imports
//!   the families and lists their rows.
//! - `step` ([`Step`] data and the one applier), `sink` (the sinks; a union-only sink also
//!   takes many steps' effects at once, [`Sink::push_effects`], which the singles use in batch
//!   solving), `chain` and `als_list` (fixed-size evidence, so a step stays `Copy`),
//!   `premise` (what a forcing step keeps of its proof).
//! - Shared layers inside families, built once per state per thread: the link graph of the
//!   chain techniques ([`chains::links`]), the ALS layer ([`als::sets`]), the forcing
//!   propagation and its work-list closure ([`forcing`]).
//! - [`testkit`]: the data-driven test helpers and the one soundness harness; [`reglib`]: the
//!   reader and judge of HoDoKu's regression library, with the codes no row claims yet.
#![deny(missing_docs)]

pub mod als;
mod als_list;
/// The per-puzzle budget meter (a primitive of the bitboard crate, re-exported here for the
/// techniques that tick it).
pub use bitdoku_bitboard::budget;
mod chain;
pub mod chains;
pub mod coloring;
// The combination enumerator is a primitive of the bitboard crate; technique files reach it
// as `crate::combinations`.
use bitdoku_bitboard::combinations;
pub mod fish;
pub mod forcing;
mod id;
pub mod intersections;
mod premise;
pub mod registry;
pub mod reglib;
pub mod single_digit;
pub mod singles;
mod sink;
mod step;
pub mod subsets;
pub mod sue_de_coq;
mod technique;
pub mod testkit;
pub mod uniqueness;
pub mod wings;

pub use als_list::{AlsEntry, AlsList, MAX_ALS};
pub use budget::{Budget, Exceeded};
pub use chain::{Chain, ChainNode, MAX_CHAIN_NODES};
pub use id::{Family, Level, TechniqueId, UnknownTechnique};
pub use premise::Premise;
pub use sink::{FirstStep, FnSink, Sink, Union};
pub use step::{Evidence, Step, apply_effects, apply_union};
pub use technique::{
    ChangedFindFn, Cost, FindFn, Hodoku, HodokuChoice, Presets, Reglib, Technique,
};
