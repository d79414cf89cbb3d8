//! Forcing chains and nets (HoDoKu's kinds): an assumption is propagated on the bitboards
//! ([`propagate`]); a contradiction proves the assumption false, and a literal that follows
//! from every candidate of a cell, every place of a digit in a house, or both values of a
//! candidate (a verity) holds. One search (`search`) serves both techniques, which differ only
//! in the propagation rules: [`forcing_chain`] uses single-premise inferences only,
//! [`forcing_net`] also singles that need several eliminations.
//!
//! [`nested`] adds forcing nets whose propagation uses lower-level forcing nets (one id per
//! level); their innermost probes, which only ask whether an assumption contradicts, take a
//! work-list closure with the same outcome ([`closure`]).
//!
//! A step stores only its [`crate::Premise`]; [`proof::derive`] re-derives the proof (one DAG of
//! literals with reasons per assumption) from the state before the step, [`proof::text`] prints
//! it and [`proof::replay`] checks it against the state alone.

mod base;
pub mod closure;
pub mod forcing_chain;
pub mod forcing_net;
pub mod kraken_fish;
pub mod nested;
pub(crate) mod nested_proof;
pub mod proof;
pub mod propagate;
mod search;
#[cfg(test)]
pub(crate) mod test_states;

pub use closure::Closure;
pub use proof::{Proof, derive, replay};
pub use propagate::{Base, Contradiction, Lit, Propagator, Rules};
