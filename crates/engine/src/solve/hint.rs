//! The engine's one-step entry points, outside a solve: [`Engine::hint`] (the next step, single
//! granularity; `bitdoku hint`) and [`Engine::step_batch`] (one batch step; the unit that
//! `bench agree` compares).

use super::Engine;
use super::spend::Spend;
use bitdoku_bitboard::Candidates;
use bitdoku_strategies::budget::{self, OverBudget};
use bitdoku_strategies::{FirstStep, Step, TechniqueId, Union, apply_effects};

impl Engine {
    /// One batch step on `state`: the first technique of the order that finds anything applies
    /// the union of all its steps. Returns that technique and the union it applied, or `None`
    /// when no technique applies. Uniqueness techniques run only when `unique` is true. This is
    /// the unit of the batch-granularity state sequence that `bench agree` compares.
    pub fn step_batch(&self, state: &mut Candidates, unique: bool) -> Option<(TechniqueId, Union)> {
        for (i, t) in self.techniques.iter().enumerate() {
            if (t.needs_uniqueness || self.explosive[i]) && !unique {
                continue;
            }
            let mut union = Union::default();
            let _ = t.search(state, &mut union);
            if union.steps > 0 {
                apply_effects(state, &union.placements, &union.eliminations);
                return Some((t.id, union));
            }
        }
        None
    }

    /// The next step from `state` (single granularity: the first technique of the order that
    /// applies), or `None` when no technique of the order applies. Uniqueness techniques are
    /// used only when the caller has established that `state` has exactly one solution
    /// (`unique`), e.g. with `count_solutions(&state.search_masks(), 2)`.
    pub fn hint(&self, state: &Candidates, unique: bool) -> Option<Step> {
        self.hint_budgeted(state, unique).unwrap_or(None)
    }

    /// [`Engine::hint`] within the options' budget: `Err` with the limit reached when the
    /// budget ran out before a step was found. Techniques whose cost can explode run only
    /// when `unique` (see the module doc).
    pub fn hint_budgeted(
        &self,
        state: &Candidates,
        unique: bool,
    ) -> Result<Option<Step>, OverBudget> {
        let _budget = budget::Scope::enter(self.options.budget);
        let mut spend = Spend::default();
        let over = |spend: &Spend| spend.over().expect("a spent budget says which");
        for (i, t) in self.techniques.iter().enumerate() {
            if (t.needs_uniqueness || self.explosive[i]) && !unique {
                continue;
            }
            if !spend.tick() {
                return Err(over(&spend));
            }
            let mut sink = FirstStep(None);
            let _ = t.search(state, &mut sink);
            if spend.cut_short() {
                return Err(over(&spend));
            }
            if sink.0.is_some() {
                return Ok(sink.0);
            }
        }
        Ok(None)
    }
}
