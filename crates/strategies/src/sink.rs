//! Sinks: techniques push steps; the sink decides whether the search goes on (internal
//! iteration, as ripgrep's matcher does). No `stop_after_first` flags anywhere.

use crate::TechniqueId;
use crate::step::Step;
use bitdoku_bitboard::CellSet;
use std::ops::ControlFlow;

/// Receives the steps a technique finds.
pub trait Sink {
    /// Takes a step; `Break` stops the technique's search.
    fn push(&mut self, step: Step) -> ControlFlow<()>;

    /// Whether the sink keeps only the first step pushed. A technique that pushes its steps in
    /// a canonical order (the chains: shortest first) may then prune its search to what can
    /// still come first; the first step pushed is the same either way.
    fn first_only(&self) -> bool {
        false
    }

    /// Whether the sink keeps only the union of the steps' effects (no evidence, no count of
    /// redundant steps). A technique may then skip steps whose effects are contained in
    /// others it pushes, and the evidence of those it pushes (the chains do both).
    fn union_only(&self) -> bool {
        false
    }

    /// Takes the effects of `steps` steps of technique `id` at once, without their evidence.
    /// Techniques call it only when [`Sink::union_only`] is true, so that the step count and
    /// the union are all the sink keeps; it saves building a [`Step`] per placement on the
    /// hot path of batch solving (the singles). The default pushes one step carrying the
    /// effects.
    fn push_effects(
        &mut self,
        id: TechniqueId,
        placements: &[CellSet; 9],
        eliminations: &[CellSet; 9],
        steps: u32,
    ) -> ControlFlow<()> {
        let _ = steps;
        let mut step = Step::new(id);
        step.placements = *placements;
        step.eliminations = *eliminations;
        self.push(step)
    }
}

/// Keeps the first step and stops the search.
#[derive(Debug, Default)]
pub struct FirstStep(pub Option<Step>);

impl Sink for FirstStep {
    fn push(&mut self, step: Step) -> ControlFlow<()> {
        self.0 = Some(step);
        ControlFlow::Break(())
    }

    fn first_only(&self) -> bool {
        true
    }
}

/// Collects every step.
impl Sink for Vec<Step> {
    fn push(&mut self, step: Step) -> ControlFlow<()> {
        Vec::push(self, step);
        ControlFlow::Continue(())
    }
}

/// Unions every step's effects without storing the steps (batch granularity, no allocation).
#[derive(Debug, Default, Clone)]
pub struct Union {
    /// Union of placements, per digit.
    pub placements: [bitdoku_bitboard::CellSet; 9],
    /// Union of eliminations, per digit.
    pub eliminations: [bitdoku_bitboard::CellSet; 9],
    /// Steps pushed.
    pub steps: u32,
}

impl Sink for Union {
    fn push(&mut self, step: Step) -> ControlFlow<()> {
        for d in 0..9 {
            self.placements[d] |= step.placements[d];
            self.eliminations[d] |= step.eliminations[d];
        }
        self.steps += 1;
        ControlFlow::Continue(())
    }

    fn union_only(&self) -> bool {
        true
    }

    fn push_effects(
        &mut self,
        _id: TechniqueId,
        placements: &[CellSet; 9],
        eliminations: &[CellSet; 9],
        steps: u32,
    ) -> ControlFlow<()> {
        // No step, no effect: a union with no step stays clear, which the engine relies on
        // to reuse one union across searches that find nothing.
        if steps == 0 {
            return ControlFlow::Continue(());
        }
        for d in 0..9 {
            self.placements[d] |= placements[d];
            self.eliminations[d] |= eliminations[d];
        }
        self.steps += steps;
        ControlFlow::Continue(())
    }
}

/// Adapts a closure into a sink.
pub struct FnSink<F>(pub F);

impl<F: FnMut(Step) -> ControlFlow<()>> Sink for FnSink<F> {
    fn push(&mut self, step: Step) -> ControlFlow<()> {
        (self.0)(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_bitboard::Cell;

    /// A union-only sink takes effects only with steps, so a union no step reached stays
    /// clear (the engine reuses one across searches that find nothing).
    #[test]
    fn union_ignores_effects_without_steps() {
        let some = [CellSet::single(Cell::from_rc(0, 0)); 9];
        let mut u = Union::default();
        let _ = u.push_effects(TechniqueId::NakedSingle, &some, &some, 0);
        assert_eq!(u.steps, 0);
        assert_eq!((u.placements, u.eliminations), ([CellSet::EMPTY; 9], [CellSet::EMPTY; 9]));
        let _ = u.push_effects(TechniqueId::NakedSingle, &some, &[CellSet::EMPTY; 9], 1);
        assert_eq!((u.steps, u.placements), (1, some));
    }
}
