//! Per-technique counters of a solve ([`TechniqueStats`]).

use bitdoku_bitboard::{Candidates, CellSet};

/// Counters for one technique of the order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TechniqueStats {
    /// Times the technique was run.
    pub calls: u64,
    /// Times it was productive (a step or a batch applied).
    pub hits: u64,
    /// Steps applied (a batch counts each of its steps).
    pub steps: u64,
    /// Candidates eliminated.
    pub eliminations: u64,
    /// Digits placed.
    pub placements: u64,
    /// Time spent searching, in nanoseconds (only with `timing`).
    pub nanos: u64,
}

impl TechniqueStats {
    /// Counts `steps` applied steps with these effects on `state` (before they are applied:
    /// only candidates still present count as eliminated).
    pub(super) fn count(
        &mut self,
        steps: u32,
        state: &Candidates,
        places: &[CellSet; 9],
        elims: &[CellSet; 9],
    ) {
        self.steps += u64::from(steps);
        // Singles have no eliminations: one test instead of nine counts.
        if elims.iter().any(|e| !e.is_empty()) {
            self.eliminations += elims
                .iter()
                .zip(state.masks())
                .map(|(e, m)| u64::from((*e & *m).len()))
                .sum::<u64>();
        }
        self.placements += places.iter().map(|p| u64::from(p.len())).sum::<u64>();
    }

    /// Adds another counter set.
    pub fn add(&mut self, o: &TechniqueStats) {
        self.calls += o.calls;
        self.hits += o.hits;
        self.steps += o.steps;
        self.eliminations += o.eliminations;
        self.placements += o.placements;
        self.nanos += o.nanos;
    }
}
