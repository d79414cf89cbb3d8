//! A solve's budget bookkeeping ([`Spend`]): the steps applied and the limit reached, read
//! from the per-thread meter (`bitdoku_strategies::budget`) that the solve opened, so the loop
//! only asks whether it may go on.
//!
//! The loop ticks one node per technique call ([`Spend::tick`]); the long searches tick inside
//! and return early once the budget is spent, and the loop then discards what they found
//! ([`Spend::cut_short`]). A solve that ran out reports [`Spend::over`] in its outcome.

use bitdoku_strategies::budget::{self, Exceeded, OverBudget};

/// The budget's bookkeeping of one solve.
#[derive(Debug, Default)]
pub(super) struct Spend {
    /// Steps applied so far (for [`OverBudget::steps`]).
    pub(super) applied: u64,
    /// The limit reached, once the solve ran out.
    exceeded: Option<Exceeded>,
}

impl Spend {
    /// Counts one technique call; `false` (the limit noted) once the budget is spent.
    pub(super) fn tick(&mut self) -> bool {
        if budget::tick(1) {
            return true;
        }
        self.exceeded = budget::exceeded();
        false
    }

    /// Whether the budget ran out during the last search (the limit noted): its result is
    /// then not to be trusted.
    pub(super) fn cut_short(&mut self) -> bool {
        match budget::exceeded() {
            Some(limit) => {
                self.exceeded = Some(limit);
                true
            }
            None => false,
        }
    }

    /// Whether the solve ran out of its budget.
    pub(super) fn spent(&self) -> bool {
        self.exceeded.is_some()
    }

    /// How the solve ran out of its budget, if it did.
    pub(super) fn over(&self) -> Option<OverBudget> {
        let nodes = budget::nodes();
        self.exceeded.map(|limit| OverBudget { limit, steps: self.applied, nodes })
    }
}
