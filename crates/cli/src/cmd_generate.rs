//! `bitdoku generate`: minimal unique puzzles, optionally symmetric, with a target for the
//! solution path (HoDoKu level or score, SE-style ER, required or forbidden techniques).
//! Puzzle `i` depends only on `(--seed, i)`, so the output is the same whatever `--threads`;
//! lines come out in index order.

use crate::OrderArgs;
use crate::budget::BudgetArgs;
use bitdoku_bitboard::{Candidates, Puzzle};
use bitdoku_engine::{Engine, Granularity, Options as EngineOptions};
use bitdoku_generate::{Generated, Options, Symmetry, Target, generate_one};
use bitdoku_strategies::{Level, TechniqueId, registry};
use clap::Args;
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Arguments of `generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Seed (same seed, same output, whatever the thread count).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
    /// Clue symmetry: none, central, diagonal, antidiagonal, mirror, flip.
    #[arg(long, default_value = "none")]
    symmetry: String,
    /// At most this many clues.
    #[arg(long, value_name = "N")]
    givens_max: Option<usize>,
    /// HoDoKu level of the path: easy, medium, hard, unfair, extreme.
    #[arg(long)]
    level: Option<String>,
    /// HoDoKu score range, e.g. 300-800.
    #[arg(long, value_name = "A-B")]
    score: Option<String>,
    /// SE-style ER range, e.g. 4.0-6.5.
    #[arg(long, value_name = "A-B")]
    se: Option<String>,
    /// Techniques the path must use (comma-separated ids).
    #[arg(long, value_name = "IDS")]
    require: Option<String>,
    /// Techniques the path must not use.
    #[arg(long, value_name = "IDS")]
    forbid: Option<String>,
    #[command(flatten)]
    order: OrderArgs,
    /// Give up after this many seconds, keeping what was found (exit 1 if not all found).
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,
    /// Append the rating (`level (score) ED=er/ep/ed`).
    #[arg(long)]
    rate: bool,
    /// Append the solution.
    #[arg(long)]
    solution: bool,
    /// One JSON object per puzzle (index, puzzle, solution, givens, tries, rating, path).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    budget: BudgetArgs,
}

fn range<T: std::str::FromStr + PartialOrd + Copy>(
    what: &str,
    text: &str,
) -> anyhow::Result<(T, T)> {
    let bad = || anyhow::anyhow!("--{what} {text:?}: expected MIN-MAX, e.g. 2.0-4.5 or 100-500");
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b): (T, T) =
        (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a > b {
        anyhow::bail!("--{what} {text:?}: the range is empty (minimum above maximum)");
    }
    Ok((a, b))
}

fn ids(what: &str, text: &Option<String>) -> anyhow::Result<Vec<TechniqueId>> {
    let Some(text) = text else { return Ok(Vec::new()) };
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let id: TechniqueId =
                s.parse().map_err(|_| anyhow::anyhow!("--{what}: unknown technique {s:?}"))?;
            if registry::get(id).is_none() {
                anyhow::bail!("--{what}: {s} is not a technique the engine can run");
            }
            Ok(id)
        })
        .collect()
}

fn level(text: &str) -> anyhow::Result<Level> {
    [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme]
        .into_iter()
        .find(|l| l.as_str() == text)
        .ok_or_else(|| {
            anyhow::anyhow!("--level {text:?}: expected easy, medium, hard, unfair or extreme")
        })
}

/// Checks the options and builds the target; impossible targets are usage errors.
fn target(a: &GenerateArgs, order: &bitdoku_engine::Order) -> anyhow::Result<Target> {
    let t = Target {
        level: a.level.as_deref().map(level).transpose()?,
        score: a.score.as_deref().map(|s| range::<u32>("score", s)).transpose()?,
        se: a.se.as_deref().map(|s| range::<f32>("se", s)).transpose()?,
        require: ids("require", &a.require)?,
        forbid: ids("forbid", &a.forbid)?,
    };
    for id in &t.require {
        if t.forbid.contains(id) {
            anyhow::bail!("{id} is both required and forbidden");
        }
        if !order.ids().contains(id) {
            anyhow::bail!("--require {id}: the order {} does not contain it", order.name());
        }
        if let Some(l) = t.level {
            if id.level() > l {
                anyhow::bail!(
                    "--require {id} ({} level) cannot give a {} puzzle",
                    id.level().as_str(),
                    l.as_str()
                );
            }
        }
    }
    if a.givens_max.is_some_and(|m| m < 17) {
        anyhow::bail!(
            "--givens-max below 17: no puzzle with fewer than 17 clues has a unique solution"
        );
    }
    Ok(t)
}

fn line(values: &[u8; 81]) -> String {
    Puzzle::Givens(*values).to_line()
}

pub fn run(a: GenerateArgs) -> anyhow::Result<bool> {
    let symmetry = Symmetry::parse(&a.symmetry).ok_or_else(|| {
        anyhow::anyhow!("--symmetry {:?}: expected one of {}", a.symmetry, Symmetry::NAMES)
    })?;
    let order = a.order.resolve()?;
    let target = target(&a, &order)?;
    let options = Options { symmetry, givens_max: a.givens_max, target };
    let mut eo = EngineOptions::new(order);
    // A candidate over budget does not meet the target (the next one is tried).
    eo.budget = a.budget.for_engine(&eo.order);
    eo.trace = true;
    eo.granularity = Granularity::Single;
    let engine = Engine::new(eo);
    let needs_engine = !options.target.is_empty() || a.rate || a.json;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(a.threads).build()?;
    let started = Instant::now();
    let deadline = a.timeout.map(|s| started + Duration::from_secs_f64(s.max(0.0)));
    let bar = (std::io::stderr().is_terminal() && !std::io::stdout().is_terminal())
        .then(|| indicatif::ProgressBar::new(a.count));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut found, mut missing, mut tries, mut over) = (0u64, 0u64, 0u64, 0u64);
    let se_budget = a.budget.resolve(true);
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    let mut start = 0;
    while start < a.count {
        let end = (start + chunk).min(a.count);
        let results: Vec<Result<Generated, u64>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| generate_one(a.seed, i, &options, Some(&engine), deadline))
                .collect()
        });
        for (i, r) in (start..end).zip(results) {
            match r {
                Ok(g) => {
                    found += 1;
                    tries += g.tries;
                    let (text, over_budget) =
                        render(&a, i, &g, needs_engine.then_some(&engine), se_budget);
                    over += u64::from(over_budget);
                    writeln!(out, "{text}")?;
                }
                Err(t) => {
                    missing += 1;
                    tries += t;
                }
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(end);
        }
        start = end;
    }
    out.flush()?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{found} puzzles in {secs:.3}s ({:.1}/s); {tries} candidates tried ({:.1} per accepted puzzle)",
        found as f64 / secs.max(1e-9),
        tries as f64 / found.max(1) as f64
    );
    if missing > 0 {
        eprintln!("target not met for {missing} of {} puzzles within the timeout", a.count);
    }
    if over > 0 {
        eprintln!("{over} puzzles over budget: rating not finished");
    }
    Ok(missing == 0 && over == 0)
}

/// The output line of a generated puzzle, and whether its rating ran over budget (the line
/// then says so instead of the rating).
fn render(
    a: &GenerateArgs,
    index: u64,
    g: &Generated,
    engine: Option<&Engine>,
    se_budget: bitdoku_engine::Budget,
) -> (String, bool) {
    let puzzle = line(&g.puzzle);
    let solution: String = g.solution.iter().map(|&v| (b'0' + v) as char).collect();
    let outcome = engine.map(|e| e.solve(&Candidates::from_values(&g.puzzle)));
    let start = Candidates::from_values(&g.puzzle);
    let rated = (outcome.is_some() && (a.json || a.rate)).then(|| {
        bitdoku_se_model::rate_within(se_budget, || bitdoku_se_model::rate_state(&start, None))
    });
    let over = match (&outcome, &rated) {
        (Some(o), _) if o.exceeded.is_some() => o.exceeded.map(|x| x.to_string()),
        (_, Some((se, Some(x)))) => {
            Some(format!("{x} in the SE rating (ER>={:.1})", se.er_value()))
        }
        _ => None,
    };
    if let Some(over) = over {
        let text = if a.json {
            serde_json::json!({"index": index, "puzzle": puzzle, "error": over}).to_string()
        } else {
            format!("{puzzle} error: {over}")
        };
        return (text, true);
    }
    let se_values = || {
        rated.as_ref().map_or((0.0, 0.0, 0.0), |(r, _)| (r.er_value(), r.ep_value(), r.ed_value()))
    };
    if a.json {
        let rated = outcome.as_ref().map(|o| {
            let r = &o.rating;
            let (er, ep, ed) = se_values();
            crate::json::GeneratedRating {
                rating: crate::json::RatingFields {
                    score: r.score,
                    level: r.level().as_str(),
                    er: crate::json::one_decimal(er),
                    ep: crate::json::one_decimal(ep),
                    ed: crate::json::one_decimal(ed),
                },
                fallback: o.fallback,
                steps: o.steps.iter().map(crate::json::StepRow::from).collect(),
            }
        });
        let row = crate::json::GeneratedRow {
            index,
            puzzle,
            solution,
            givens: g.puzzle.iter().filter(|&&x| x != 0).count(),
            tries: g.tries,
            rated,
        };
        return (serde_json::to_string(&row).expect("plain data"), false);
    }
    let mut text = puzzle;
    if a.rate {
        if let Some(o) = &outcome {
            let r = &o.rating;
            let (er, ep, ed) = se_values();
            text.push_str(&format!(
                " {} ({}) ED={:.1}/{:.1}/{:.1}",
                r.level().as_str(),
                r.score,
                er,
                ep,
                ed
            ));
        }
    }
    if a.solution {
        text.push(' ');
        text.push_str(&solution);
    }
    (text, false)
}
