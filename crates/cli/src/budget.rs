//! `--time-limit` and `--budget`: the per-puzzle budget of every command that runs logic
//! (`solve`, `hint`, `check`, `explain`, `rate`, `generate`), its defaults, and the one line a
//! puzzle over budget gets.
//!
//! A budget is a time limit (wall clock, per puzzle) and a deterministic node limit (see
//! `bitdoku_strategies::budget`: one node per technique call, per forcing assumption, per
//! nested-net probe, per SE-model step and chain assumption). The node limit is on by default
//! for the orders that hold a technique whose cost can explode, and for the SE model; it is
//! far above what any puzzle of the bundled corpora needs, so it only stops a runaway line.
//! There is no default time limit: a node limit gives the same output on every machine.

use bitdoku_engine::{Budget, Engine, OverBudget};
use clap::Args;
use std::time::Duration;

/// The default node limit per puzzle for orders with techniques whose cost can explode (the
/// nested forcing nets of `complete`, forcing nets, kraken fish...), and for the SE model.
pub const DEFAULT_NODES: u64 = 50_000_000;

/// The budget options shared by the logic commands.
#[derive(Args, Clone, Debug, Default)]
pub struct BudgetArgs {
    /// Per-puzzle time limit (`10s`, `500ms`, `2m`). A puzzle over it gets one line saying so
    /// (`error: line N: time limit 10s reached after K steps`), the job goes on, the summary
    /// counts it and the exit status is 1. Default: none.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    time_limit: Option<Duration>,
    /// Per-puzzle node budget, deterministic (the same lines stop on every machine); 0 for no
    /// limit. Default: 50000000 for orders with techniques whose cost can explode (`complete`,
    /// `all`, ...) and for the SE model, none otherwise.
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
}

/// Parses a duration as `humantime` reads it (`10s`, `1.5s`, `250ms`, `2m`, `1h 30m`); a bare
/// number is seconds.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let d = match s.trim().parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs >= 0.0 => Duration::from_secs_f64(secs),
        Ok(_) => return Err(format!("{s:?} is not a duration")),
        Err(_) => humantime::parse_duration(s.trim())
            .map_err(|e| format!("{s:?} is not a duration (10s, 500ms, 2m): {e}"))?,
    };
    if d.is_zero() {
        return Err("the time limit must be above zero".to_string());
    }
    Ok(d)
}

impl BudgetArgs {
    /// The budget per puzzle: the options as given; without `--budget`, the default node
    /// limit when `expensive` (the order holds a technique whose cost can explode, or the
    /// SE model runs), none otherwise.
    pub fn resolve(&self, expensive: bool) -> Budget {
        let nodes = match self.budget {
            Some(0) => None,
            Some(n) => Some(n),
            None => expensive.then_some(DEFAULT_NODES),
        };
        Budget { time: self.time_limit, nodes }
    }

    /// [`BudgetArgs::resolve`] for an engine's order.
    pub fn for_engine(&self, engine_order: &bitdoku_engine::Order) -> Budget {
        let probe = Engine::new(bitdoku_engine::Options::new(engine_order.clone()));
        self.resolve(probe.has_explosive())
    }
}

/// The line of a puzzle over budget: `error: line N: time limit 10s reached after K steps`.
pub fn over_line(number: usize, over: &OverBudget) -> String {
    format!("error: line {number}: {over}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_users_write_them() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("0").is_err());
        assert!(parse_duration("soon").is_err());
    }

    #[test]
    fn the_node_limit_defaults_only_where_costs_can_explode() {
        let a = BudgetArgs::default();
        assert_eq!(a.resolve(true).nodes, Some(DEFAULT_NODES));
        assert_eq!(a.resolve(false), Budget::NONE);
        let off = BudgetArgs { budget: Some(0), time_limit: None };
        assert_eq!(off.resolve(true), Budget::NONE);
    }
}
