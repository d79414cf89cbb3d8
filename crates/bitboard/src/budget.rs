//! The per-puzzle work budget: a per-thread meter that long searches tick, so that one puzzle
//! cannot hold a job for hours.
//!
//! A [`Budget`] is a deterministic node limit (a *node* is one unit of search work: one
//! technique call of the engine, one propagation of a forcing or nested forcing search, one
//! step or chain assumption of the Sudoku Explainer model), a time limit, or both. Whoever
//! runs a puzzle opens a [`Scope`] with it on its thread; the searches whose cost can explode
//! call [`tick`] in their loops and give up (returning early) once it says the budget is
//! spent. What a search found after that is not to be trusted: the caller checks
//! [`exceeded`] after the search and discards its result. Without an open scope (or with an
//! empty budget) [`tick`] only reads a thread-local flag.
//!
//! The node count is the same on every run of the same puzzle and options, so a node limit
//! gives the same output on every machine; a time limit does not (the clock is read once
//! every [`CLOCK_EVERY`] nodes).

use std::cell::Cell;
use std::fmt;
use std::time::{Duration, Instant};

/// Nodes between two reads of the clock (a read costs about as much as a few hundred ticks).
pub const CLOCK_EVERY: u64 = 256;

/// A per-puzzle budget: a node limit, a time limit, both or neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time per puzzle.
    pub time: Option<Duration>,
    /// Nodes per puzzle (deterministic).
    pub nodes: Option<u64>,
}

impl Budget {
    /// No limit.
    pub const NONE: Budget = Budget { time: None, nodes: None };

    /// Whether the budget limits nothing.
    #[must_use]
    pub const fn is_none(&self) -> bool {
        self.time.is_none() && self.nodes.is_none()
    }
}

/// Which limit a puzzle reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exceeded {
    /// The time limit (the limit, as given).
    Time(Duration),
    /// The node limit.
    Nodes(u64),
}

impl fmt::Display for Exceeded {
    /// `time limit 10s`, `budget of 5000000 nodes`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exceeded::Time(d) => write!(f, "time limit {}", duration_text(*d)),
            Exceeded::Nodes(n) => write!(f, "budget of {n} nodes"),
        }
    }
}

/// A piece of work (a solve, a hint, a rating) that ran out of its budget: which limit, after
/// how much work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The limit reached.
    pub limit: Exceeded,
    /// Steps applied before it was reached.
    pub steps: u64,
    /// Nodes counted.
    pub nodes: u64,
}

impl fmt::Display for OverBudget {
    /// `time limit 10s reached after 42 steps`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.steps == 1 { "" } else { "s" };
        write!(f, "{} reached after {} step{s}", self.limit, self.steps)
    }
}

/// A duration as a user writes it: `10s`, `1.5s`, `250ms`, `2m`.
#[must_use]
pub fn duration_text(d: Duration) -> String {
    let ms = d.as_millis();
    if d.as_nanos() % 1_000_000 != 0 {
        format!("{}s", d.as_secs_f64())
    } else if ms % 60_000 == 0 && ms > 0 {
        format!("{}m", ms / 60_000)
    } else if ms % 1000 == 0 {
        format!("{}s", ms / 1000)
    } else if ms >= 1000 {
        format!("{}s", d.as_secs_f64())
    } else {
        format!("{ms}ms")
    }
}

/// The state of a thread's meter.
#[derive(Clone, Copy, Debug)]
struct Meter {
    /// Whether any limit is set (otherwise [`tick`] does nothing).
    active: bool,
    /// Nodes counted in this scope.
    nodes: u64,
    /// The most nodes this scope may count, and the limit to report when it does.
    limit: u64,
    limit_label: u64,
    /// When the time is up, and the limit to report.
    deadline: Option<Instant>,
    time_label: Duration,
    /// The node count at which the clock is read next.
    next_clock: u64,
    /// The limit reached, once reached.
    hit: Option<Exceeded>,
}

const IDLE: Meter = Meter {
    active: false,
    nodes: 0,
    limit: u64::MAX,
    limit_label: 0,
    deadline: None,
    time_label: Duration::ZERO,
    next_clock: CLOCK_EVERY,
    hit: None,
};

thread_local! {
    static METER: Cell<Meter> = const { Cell::new(IDLE) };
}

/// Counts `n` nodes of work; `false` once the budget is spent (then the search should return
/// as soon as it can; its result will be discarded).
#[inline]
pub fn tick(n: u64) -> bool {
    METER.with(|cell| {
        let mut m = cell.get();
        if !m.active {
            return true;
        }
        if m.hit.is_some() {
            return false;
        }
        m.nodes += n;
        if m.nodes > m.limit {
            m.hit = Some(Exceeded::Nodes(m.limit_label));
        } else if m.nodes >= m.next_clock {
            m.next_clock = m.nodes + CLOCK_EVERY;
            if m.deadline.is_some_and(|d| Instant::now() >= d) {
                m.hit = Some(Exceeded::Time(m.time_label));
            }
        }
        cell.set(m);
        m.hit.is_none()
    })
}

/// The limit this thread's puzzle reached, if any.
#[must_use]
pub fn exceeded() -> Option<Exceeded> {
    METER.with(|cell| cell.get().hit)
}

/// Nodes counted so far in the innermost open scope (0 without a limit).
#[must_use]
pub fn nodes() -> u64 {
    METER.with(|cell| cell.get().nodes)
}

/// A budget in force on this thread until dropped. Scopes nest: an inner scope gets the
/// tighter of its own limits and what is left of the outer ones, and its nodes count in the
/// outer scope when it ends. An empty budget inside an open scope changes nothing.
#[must_use = "the budget holds only while the scope lives"]
pub struct Scope {
    saved: Meter,
    /// The scope passed its budget through (an empty budget): nothing to restore.
    transparent: bool,
}

impl Scope {
    /// Opens a scope with `budget` (its time limit counted from now).
    pub fn enter(budget: Budget) -> Scope {
        METER.with(|cell| {
            let outer = cell.get();
            if budget.is_none() && outer.active {
                return Scope { saved: outer, transparent: true };
            }
            let mut m = Meter { active: outer.active || !budget.is_none(), ..IDLE };
            m.hit = outer.hit;
            if outer.active {
                m.limit = outer.limit.saturating_sub(outer.nodes);
                m.limit_label = outer.limit_label;
                m.deadline = outer.deadline;
                m.time_label = outer.time_label;
            }
            if let Some(n) = budget.nodes.filter(|&n| n <= m.limit) {
                m.limit = n;
                m.limit_label = n;
            }
            if let Some(t) = budget.time {
                let d = Instant::now() + t;
                if m.deadline.is_none_or(|outer| d < outer) {
                    m.deadline = Some(d);
                    m.time_label = t;
                }
            }
            cell.set(m);
            Scope { saved: outer, transparent: false }
        })
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        if self.transparent {
            return;
        }
        METER.with(|cell| {
            let inner = cell.get();
            let mut outer = self.saved;
            if outer.active {
                outer.nodes = outer.nodes.saturating_add(inner.nodes);
                if outer.hit.is_none() {
                    if outer.nodes > outer.limit {
                        outer.hit = Some(Exceeded::Nodes(outer.limit_label));
                    } else if outer.deadline.is_some_and(|d| Instant::now() >= d) {
                        outer.hit = Some(Exceeded::Time(outer.time_label));
                    }
                }
            }
            cell.set(outer);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_scope_ticks_never_stop() {
        for _ in 0..10_000 {
            assert!(tick(1));
        }
        assert_eq!(exceeded(), None);
    }

    #[test]
    fn a_node_limit_stops_at_the_same_tick_every_time() {
        for _ in 0..2 {
            let _s = Scope::enter(Budget { nodes: Some(100), time: None });
            let mut n = 0;
            while tick(1) {
                n += 1;
            }
            assert_eq!(n, 100);
            assert_eq!(exceeded(), Some(Exceeded::Nodes(100)));
        }
        assert_eq!(exceeded(), None, "the scope's end resets the thread's meter");
    }

    #[test]
    fn a_time_limit_stops_a_long_loop() {
        // Taken before the scope sets its deadline (its entry time + 5 ms): taken after, a
        // thread descheduled between the two would see the loop stop "early".
        let started = Instant::now();
        let _s = Scope::enter(Budget { time: Some(Duration::from_millis(5)), nodes: None });
        while tick(1) {}
        assert!(started.elapsed() >= Duration::from_millis(5));
        assert_eq!(exceeded(), Some(Exceeded::Time(Duration::from_millis(5))));
    }

    #[test]
    fn nested_scopes_share_the_tighter_limit_and_add_their_nodes() {
        let _outer = Scope::enter(Budget { nodes: Some(50), time: None });
        assert!(tick(10));
        {
            let _inner = Scope::enter(Budget { nodes: Some(1000), time: None });
            let mut n = 0;
            while tick(1) {
                n += 1;
            }
            assert_eq!(n, 40, "what was left of the outer budget");
            assert_eq!(exceeded(), Some(Exceeded::Nodes(50)));
        }
        assert_eq!(exceeded(), Some(Exceeded::Nodes(50)));
        {
            let _none = Scope::enter(Budget::NONE);
            assert!(!tick(1), "an empty budget inside a scope keeps the outer one");
        }
    }

    #[test]
    fn limits_read_as_a_user_writes_them() {
        assert_eq!(Exceeded::Time(Duration::from_secs(10)).to_string(), "time limit 10s");
        assert_eq!(duration_text(Duration::from_millis(250)), "250ms");
        assert_eq!(duration_text(Duration::from_millis(1500)), "1.5s");
        assert_eq!(duration_text(Duration::from_secs(120)), "2m");
        assert_eq!(Exceeded::Nodes(5).to_string(), "budget of 5 nodes");
    }
}
