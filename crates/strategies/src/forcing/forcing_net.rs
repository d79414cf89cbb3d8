//! Forcing Net: contradiction and verity forcing nets.
//!
//! Propagation ([`super::propagate`], [`Rules::Net`]): as for forcing chains, and a cell with
//! one candidate not yet off (naked single) or a digit with one place not yet off in a house
//! (hidden single) turns it on, whatever number of eliminations made it so. The consequences
//! of an assumption form a net (a literal may need several earlier ones).
//!
//! **Find-all semantics.** Those of [`super::forcing_chain`] with these rules: for every
//! candidate `X`, propagate `X` on and `X` off to a fixpoint or the first contradiction; the
//! conclusions are the negation of each contradicting assumption and every literal common to
//! the non-contradicting branches of a cell (2+ candidates), of a digit in a house (2+
//! places) or of a candidate (on and off). Net rules derive a superset of chain rules, so
//! this is a superset of the forcing-chain conclusions. One step per conclusion with the
//! premise of the smallest key (proof depth, kind, premise), pushed in key order. Example:
//! `Forcing Net: each candidate of r5c5 lead to r1c1<>3 => r1c1<>3`.

use super::propagate::Rules;
use crate::TechniqueId;
use crate::sink::Sink;
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Pushes every forcing-net step (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    super::search::find(state, sink, Rules::Net, TechniqueId::ForcingNet)
}
