//! A per-puzzle budget, so that one puzzle cannot stall a batch: a wall-clock deadline and a
//! deterministic count of work units (one unit per trial propagation or per node of a whip or
//! braid search). The deterministic budget gives the same answer on every machine and run;
//! the deadline is checked every few thousand units.

use std::time::{Duration, Instant};

/// The budget was spent before the measure was known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget;

/// Work units between two looks at the clock.
const CLOCK_EVERY: u64 = 4096;

/// Spending state of one puzzle's measure.
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Option<Instant>,
    limit: u64,
    used: u64,
    next_clock: u64,
}

impl Budget {
    /// A budget of `units` work units (`None`: unlimited) and `time` of wall clock (`None`:
    /// unlimited), starting now.
    #[must_use]
    pub fn new(units: Option<u64>, time: Option<Duration>) -> Budget {
        Budget {
            deadline: time.map(|t| Instant::now() + t),
            limit: units.unwrap_or(u64::MAX),
            used: 0,
            next_clock: CLOCK_EVERY,
        }
    }

    /// No limit at all.
    #[must_use]
    pub fn unlimited() -> Budget {
        Budget::new(None, None)
    }

    /// The work units spent so far.
    #[must_use]
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Whether the budget is gone (units or time).
    #[must_use]
    pub fn is_spent(&self) -> bool {
        self.used > self.limit || self.deadline.is_some_and(|d| Instant::now() > d)
    }

    /// Spends `n` units; `Err` once the budget is gone.
    #[inline]
    pub fn spend(&mut self, n: u64) -> Result<(), OverBudget> {
        self.used += n;
        if self.used > self.limit {
            return Err(OverBudget);
        }
        if self.used >= self.next_clock {
            self.next_clock = self.used + CLOCK_EVERY;
            if self.deadline.is_some_and(|d| Instant::now() > d) {
                return Err(OverBudget);
            }
        }
        Ok(())
    }
}
