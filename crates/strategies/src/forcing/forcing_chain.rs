//! Forcing Chain: contradiction and verity forcing chains with single-premise inferences.
//!
//! Propagation ([`super::propagate`], [`Rules::Chain`]): a candidate on turns off the other
//! candidates of its cell and its digit in its peers (weak links); a candidate off turns on
//! the other candidate of a bivalue cell or the other place of a digit with two places in a
//! house (strong links of the state). Every derived literal follows from one earlier literal,
//! so each consequence is the end of a chain from the assumption.
//!
//! **Find-all semantics.** For every candidate `X` of the state, propagate `X` on and `X` off
//! to a fixpoint (or the first contradiction: a candidate on and off, a cell with every
//! candidate off, a house with every place of an unplaced digit off). The conclusions are:
//! `X` off when `X` on contradicts; `X` on when `X` off contradicts; a literal derived in
//! every non-contradicting branch of an unsolved cell with 2+ candidates (each candidate on),
//! of a digit with 2+ places in a house (each place on), or of a candidate (on and off), with
//! at least one branch not contradicting. One step per conclusion (a placement or an
//! elimination), with the premise of the smallest key (proof depth, kind, premise; see
//! `search`), pushed in key order. Example: `Forcing Chain: r1c2=5 leads to a contradiction
//! => r1c2<>5`.

use super::propagate::Rules;
use crate::TechniqueId;
use crate::sink::Sink;
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Pushes every forcing-chain step (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    super::search::find(state, sink, Rules::Chain, TechniqueId::ForcingChain)
}
