//! Sashimi Squirmbag: a 5-line fish with fins in one box (sashimi: some base line keeps at most one
//! candidate in the cover). Either a fin is `d` or the fish stands; both ways the cover
//! cells of the fins' box outside the base lose `d`. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 4800, score 470, level unfair, off by default. SE rating 5.9
//! (ours: see ARCHITECTURE.md).
//! Find-all semantics: those of `sashimi-x-wing` (see `fish/mod.rs`) with 5 base and cover lines.

use super::fins;
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finds every Sashimi Squirmbag (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<5>(state, sink, fins::Fins::Sashimi, TechniqueId::SashimiSquirmbag)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SashimiSquirmbag;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::sashimi(5));
        let step = check_step(SashimiSquirmbag, &s, "r8c9<>4");
        assert_eq!(step.evidence.fins.to_string(), "r9c8");
        example::check_broken(SashimiSquirmbag, &example::sashimi(5));
    }
}
