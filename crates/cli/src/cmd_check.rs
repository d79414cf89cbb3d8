//! `bitdoku check`: solve every puzzle with the logic engine and verify each step against the
//! brute-force solution (all solutions, for puzzles with several), like HoDoKu's `/bt`.
//! Prints each unsound step and a summary; exits 1 if any step was unsound, a line was invalid,
//! or nothing could be verified (no puzzle, or no step taken on any).

use crate::budget::{BudgetArgs, over_line};
use crate::bulk::{self, Kind};
use crate::{OrderArgs, parse_granularity};
use bitdoku_bitboard::parse_line_at;
use bitdoku_engine::{Engine, Granularity, Options, Status};
use bitdoku_strategies::Family;
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Arguments of `check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Puzzle file; `-` or nothing for standard input.
    file: Option<PathBuf>,
    #[command(flatten)]
    order: OrderArgs,
    /// single (default) or batch.
    #[arg(long, value_parser = parse_granularity, default_value = "single")]
    granularity: Granularity,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
    #[command(flatten)]
    budget: BudgetArgs,
}

pub fn run(a: CheckArgs) -> anyhow::Result<bool> {
    let mut o = Options::new(a.order.resolve()?);
    o.budget = a.budget.for_engine(&o.order);
    o.granularity = a.granularity;
    o.verify = true;
    o.fallback = false;
    o.trace = true;
    let engine = Engine::new(o);
    let steps = AtomicU64::new(0);
    let unsound = AtomicU64::new(0);
    let uniqueness_on_multi = AtomicU64::new(0);
    let solved_logic = AtomicU64::new(0);
    let tally = bulk::run(&crate::input::Source::auto(a.file.as_deref()), a.threads, |line| {
        let puzzle = match parse_line_at(&line.text(), line.number) {
            Ok(None) => return None,
            Ok(Some(p)) => p,
            Err(e) => return Some((format!("error: {e}"), Kind::Invalid)),
        };
        let out = engine.solve(&puzzle.candidates());
        steps.fetch_add(out.verified_steps, Relaxed);
        unsound.fetch_add(out.unsound.len() as u64, Relaxed);
        let mut text: Vec<String> =
            out.unsound.iter().map(|u| format!("line {}: {u}", line.number)).collect();
        if !out.uniqueness_allowed {
            for s in out.steps.iter().filter(|s| s.technique.family() == Family::Uniqueness) {
                uniqueness_on_multi.fetch_add(1, Relaxed);
                text.push(format!(
                    "line {}: uniqueness step on a non-unique puzzle: {}",
                    line.number,
                    s.explain()
                ));
            }
        }
        if let Some(over) = &out.exceeded {
            // The steps taken before are checked and counted; the line says where it stopped.
            text.push(over_line(line.number, over));
            return Some((text.join("\n"), Kind::OverBudget));
        }
        let kind = match out.status {
            Status::Solved => {
                solved_logic.fetch_add(1, Relaxed);
                Kind::Solved
            }
            Status::Stuck => Kind::Stuck,
            Status::NoSolution => Kind::NoSolution,
            Status::MultipleSolutions => Kind::Multiple,
        };
        Some((text.join("\n"), kind))
    })?;
    let (steps, bad, uniq) =
        (steps.into_inner(), unsound.into_inner(), uniqueness_on_multi.into_inner());
    outln!(
        "check: {} puzzles, {} solved by logic, {steps} steps checked, {bad} unsound, {uniq} uniqueness steps on non-unique puzzles (order {})",
        tally.total(),
        solved_logic.into_inner(),
        engine.options().order
    );
    // Nothing verified is not a pass: an empty input, or no puzzle on which logic took a step.
    if steps == 0 {
        eprintln!("check: no step was verified (no puzzle, or no technique applied)");
    }
    Ok(bad == 0 && uniq == 0 && tally.invalid == 0 && tally.over_budget == 0 && steps > 0)
}
