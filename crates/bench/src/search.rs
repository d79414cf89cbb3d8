//! `bench search-order`: look for a technique order that solves one or several samples
//! faster than a baseline order without solving fewer puzzles by logic alone on any of them.
//!
//! With several corpora, an order's speed is the geometric mean of its puzzles/s over the
//! corpora (each corpus weighs the same, whatever its size or difficulty), and a move must
//! keep every corpus's logic-solve count at or above the baseline's. Held-out corpora, never
//! seen by the search (other puzzles of the same file, and other corpora), are measured at the
//! end with the baseline and the winner side by side: how far an order tuned on one corpus
//! carries.
//!
//! The search, bounded by a time budget:
//! 1. **Profile.** One warm-up of the pool order (every implemented technique, HoDoKu order)
//!    with per-call clocks gives each technique's cost (ns per call) and yield (eliminations +
//!    placements per call).
//! 2. **Greedy insertion.** Techniques sorted by yield / cost (effects per ns), best first; a
//!    technique that never fired keeps its pool position at the end. This order and the pool
//!    order are each measured against the baseline; the search starts from the fastest of the
//!    three among those that solve at least as many puzzles by logic as the baseline (so a
//!    short search never ends slower than the baseline in its own measurements).
//! 3. **Drops.** From the last technique to the first: remove it if the order gets faster and
//!    still solves at least as many puzzles by logic as the baseline.
//! 4. **Adjacent swaps.** Up to `passes` passes over neighbouring pairs: swap them if the order
//!    gets faster under the same condition.
//!
//! "Faster" means the best-of-`repeats` puzzles/s of a timed pass beats the current order's by
//! more than `min_gain` (1 % by default), the two orders being measured alternately (A B A B ...)
//! in the same trial so that a change in machine load hits both alike. On a shared machine the
//! pass-to-pass noise can exceed the gains sought; the final interleaved measurement is the
//! evidence that counts.
//! The baseline and the winner are measured again at the end in one run, interleaved, with a
//! validating warm-up each (every answer checked), so the evidence compares like with like.

use crate::corpus::Corpus;
use crate::engines::{EngineKind, Reference, Runner};
use crate::measure::{Row, TechRow, timed, warm_up};
use anyhow::{Result, anyhow};
use bitdoku_engine::{Granularity, Order};
use bitdoku_strategies::TechniqueId;
use std::time::Instant;

mod evaluate;
pub use evaluate::{answers, side_by_side};

/// Knobs of the search.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// The order to beat.
    pub baseline: Order,
    /// The techniques the search may use, in their default order.
    pub pool: Order,
    /// Threads of each timed pass.
    pub threads: usize,
    /// Stop starting new trials after this many seconds.
    pub budget_seconds: f64,
    /// Timed passes per trial (the best counts).
    pub repeats: usize,
    /// Relative throughput gain needed to accept a move.
    pub min_gain: f64,
    /// Passes of adjacent swaps.
    pub passes: usize,
}

/// One measured candidate order.
#[derive(Clone, Debug)]
pub struct Trial {
    /// Sequence number.
    pub n: usize,
    /// What was tried (`greedy`, `drop x-wing`, `swap a<->b`, ...).
    pub change: String,
    /// The candidate's ids.
    pub ids: Vec<TechniqueId>,
    /// Best puzzles/s over the repeats.
    pub puzzles_per_sec: f64,
    /// Best puzzles/s of the order it was compared with (the current order, or the baseline
    /// for the starting candidates), measured alternately with it.
    pub reference_pps: f64,
    /// Puzzles solved by logic alone.
    pub solved_logic: usize,
    /// Whether the move was kept.
    pub accepted: bool,
}

/// Cost and yield of one technique in the profile.
#[derive(Clone, Debug)]
pub struct Cost {
    /// The technique.
    pub id: TechniqueId,
    /// Calls in the profile pass.
    pub calls: u64,
    /// Nanoseconds per call.
    pub ns_per_call: f64,
    /// Eliminations + placements per call.
    pub yield_per_call: f64,
}

impl Cost {
    /// Effects per nanosecond (yield / cost).
    #[must_use]
    pub fn score(&self) -> f64 {
        if self.ns_per_call <= 0.0 { 0.0 } else { self.yield_per_call / self.ns_per_call }
    }
}

/// One corpus of the search with its brute-force answers.
pub struct Sample {
    /// The puzzles.
    pub corpus: Corpus,
    /// Their brute-force answers (for the validating warm-ups).
    pub references: Vec<Reference>,
}

/// What the search found, with the final side-by-side measurement.
#[derive(Clone, Debug)]
pub struct Found {
    /// The winning order (named `searched`).
    pub winner: Order,
    /// The profile.
    pub costs: Vec<Cost>,
    /// Every trial.
    pub trials: Vec<Trial>,
    /// Final rows, per search corpus then per held-out one: baseline then winner.
    pub rows: Vec<Row>,
    /// Geometric mean of puzzles/s over the search corpora: baseline, winner.
    pub geomean: (f64, f64),
    /// Puzzles/s on each held-out corpus: (name, baseline, winner).
    pub holdout: Vec<(String, f64, f64)>,
    /// Final technique rows of both.
    pub techs: Vec<TechRow>,
}

/// Geometric mean of `values` (0 when empty).
#[must_use]
pub fn geomean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    (values.iter().map(|v| v.max(1e-12).ln()).sum::<f64>() / values.len() as f64).exp()
}

/// Whether every count of `solved` is at least the baseline's.
fn keeps_solves(solved: &[usize], base: &[usize]) -> bool {
    solved.iter().zip(base).all(|(s, b)| s >= b)
}

/// Best-of-`repeats` timed measurement of a bitboard order on every sample: (geometric mean
/// of puzzles/s, solved by logic per sample).
fn measure(
    order: &Order,
    samples: &[Sample],
    threads: usize,
    repeats: usize,
) -> Result<(f64, Vec<usize>)> {
    let runner = Runner::new(EngineKind::Bitboard, Some(order), Granularity::Batch)
        .map_err(|e| anyhow!(e))?;
    let mut pps = Vec::new();
    let mut solved = Vec::new();
    for sample in samples {
        let mut best = 0.0f64;
        let mut n = 0;
        for _ in 0..repeats.max(1) {
            let t = timed(&runner, &sample.corpus, threads)?;
            best = best.max(t.counts.puzzles as f64 / t.seconds.max(1e-12));
            n = t.counts.solved_logic;
        }
        pps.push(best);
        solved.push(n);
    }
    Ok((geomean(&pps), solved))
}

/// Measured, per order: (geometric mean of puzzles/s, solved by logic per sample).
type Measured = (f64, Vec<usize>);

/// Best-of-`repeats` puzzles/s of two orders measured alternately (A B A B ...) on each
/// sample, so that a change in machine load hits both alike.
fn measure_pair(
    a: &Order,
    b: &Order,
    samples: &[Sample],
    threads: usize,
    repeats: usize,
) -> Result<(Measured, Measured)> {
    let ra =
        Runner::new(EngineKind::Bitboard, Some(a), Granularity::Batch).map_err(|e| anyhow!(e))?;
    let rb =
        Runner::new(EngineKind::Bitboard, Some(b), Granularity::Batch).map_err(|e| anyhow!(e))?;
    let mut pps = [Vec::new(), Vec::new()];
    let mut solved = [Vec::new(), Vec::new()];
    for sample in samples {
        let mut best = [(0.0f64, 0usize); 2];
        for _ in 0..repeats.max(1) {
            for (k, r) in [&ra, &rb].into_iter().enumerate() {
                let t = timed(r, &sample.corpus, threads)?;
                best[k].0 = best[k].0.max(t.counts.puzzles as f64 / t.seconds.max(1e-12));
                best[k].1 = t.counts.solved_logic;
            }
        }
        for k in 0..2 {
            pps[k].push(best[k].0);
            solved[k].push(best[k].1);
        }
    }
    let [sa, sb] = solved;
    Ok(((geomean(&pps[0]), sa), (geomean(&pps[1]), sb)))
}

/// The greedy order: techniques that fired sorted by effects per ns (stable, so ties keep the
/// pool order), then those that never fired, in pool order.
#[must_use]
pub fn greedy(costs: &[Cost]) -> Vec<TechniqueId> {
    let mut fired: Vec<&Cost> = costs.iter().filter(|c| c.yield_per_call > 0.0).collect();
    fired.sort_by(|a, b| b.score().total_cmp(&a.score()));
    fired
        .iter()
        .map(|c| c.id)
        .chain(costs.iter().filter(|c| c.yield_per_call <= 0.0).map(|c| c.id))
        .collect()
}

/// Runs the search on `samples` and measures the result on every `holdouts` sample too (never searched
/// on). `progress` receives one line per trial.
pub fn search(
    samples: &[Sample],
    holdouts: &[Sample],
    opts: &SearchOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<Found> {
    let started = Instant::now();
    if samples.is_empty() {
        return Err(anyhow!("no corpus to search on"));
    }
    let pool_runner = Runner::new(EngineKind::Bitboard, Some(&opts.pool), Granularity::Batch)
        .map_err(|e| anyhow!(e))?;
    // The profile sums the warm-ups of every search corpus.
    let mut profile = Vec::new();
    for sample in samples {
        let p = warm_up(&pool_runner, &sample.corpus, &sample.references, opts.threads)?;
        if profile.is_empty() {
            profile = p.techniques;
        } else {
            for (a, b) in profile.iter_mut().zip(&p.techniques) {
                a.calls += b.calls;
                a.nanos += b.nanos;
                a.eliminations += b.eliminations;
                a.placements += b.placements;
            }
        }
    }
    let costs: Vec<Cost> = opts
        .pool
        .ids()
        .iter()
        .zip(&profile)
        .map(|(&id, s)| Cost {
            id,
            calls: s.calls,
            ns_per_call: if s.calls == 0 { 0.0 } else { s.nanos as f64 / s.calls as f64 },
            yield_per_call: if s.calls == 0 {
                0.0
            } else {
                (s.eliminations + s.placements) as f64 / s.calls as f64
            },
        })
        .collect();

    let mut trials: Vec<Trial> = Vec::new();
    let mut log = |trials: &mut Vec<Trial>,
                   change: String,
                   ids: &[TechniqueId],
                   pps: f64,
                   reference_pps: f64,
                   solved: usize,
                   accepted: bool| {
        let n = trials.len() + 1;
        progress(&format!(
            "trial {n:3}: {change:<52} {pps:>9.0} vs {reference_pps:>9.0} puzzles/s  logic {solved:>5}  {}",
            if accepted { "kept" } else { "-" }
        ));
        trials.push(Trial {
            n,
            change,
            ids: ids.to_vec(),
            puzzles_per_sec: pps,
            reference_pps,
            solved_logic: solved,
            accepted,
        });
    };

    let (base_pps, base_solved) = measure(&opts.baseline, samples, opts.threads, opts.repeats)?;
    log(
        &mut trials,
        format!("baseline {}", opts.baseline.name()),
        opts.baseline.ids(),
        base_pps,
        base_pps,
        base_solved.iter().sum(),
        false,
    );

    let candidates =
        [("greedy by yield/cost", greedy(&costs)), ("pool order", opts.pool.ids().to_vec())];
    // The fastest start that keeps the baseline's logic solves (each measured against the
    // baseline in its own trial); the baseline itself when none beats it, so that a short
    // search never ends slower than where it started.
    let mut current: Option<Vec<TechniqueId>> = None;
    let mut best_ratio = 1.0;
    for (what, ids) in candidates {
        let ((bp, _), (pps, solved)) = measure_pair(
            &opts.baseline,
            &Order::from_ids("candidate", ids.clone()),
            samples,
            opts.threads,
            opts.repeats,
        )?;
        let ratio = pps / bp.max(1e-12);
        let ok = keeps_solves(&solved, &base_solved) && ratio > best_ratio;
        let total = solved.iter().sum();
        log(&mut trials, format!("start: {what} (vs baseline)"), &ids, pps, bp, total, ok);
        if ok {
            current = Some(ids);
            best_ratio = ratio;
        }
    }
    let mut ids = current.unwrap_or_else(|| opts.baseline.ids().to_vec());
    let over_budget = |started: &Instant| started.elapsed().as_secs_f64() > opts.budget_seconds;

    let mut try_move = |trials: &mut Vec<Trial>,
                        change: String,
                        cand: Vec<TechniqueId>,
                        ids: &mut Vec<TechniqueId>|
     -> Result<bool> {
        let ((cur, _), (p, s)) = measure_pair(
            &Order::from_ids("current", ids.clone()),
            &Order::from_ids("candidate", cand.clone()),
            samples,
            opts.threads,
            opts.repeats,
        )?;
        let ok = keeps_solves(&s, &base_solved) && p > cur * (1.0 + opts.min_gain);
        log(trials, change, &cand, p, cur, s.iter().sum(), ok);
        if ok {
            *ids = cand;
        }
        Ok(ok)
    };

    let mut i = ids.len();
    while i > 0 && ids.len() > 1 && !over_budget(&started) {
        i -= 1;
        let mut cand = ids.clone();
        let gone = cand.remove(i);
        try_move(&mut trials, format!("drop {gone}"), cand, &mut ids)?;
        i = i.min(ids.len());
    }
    'passes: for pass in 0..opts.passes {
        let mut improved = false;
        for k in 0..ids.len().saturating_sub(1) {
            if over_budget(&started) {
                break 'passes;
            }
            let mut cand = ids.clone();
            cand.swap(k, k + 1);
            let change = format!("pass {} swap {}<->{}", pass + 1, ids[k], ids[k + 1]);
            improved |= try_move(&mut trials, change, cand, &mut ids)?;
        }
        if !improved {
            break;
        }
    }

    let winner = Order::from_ids("searched", ids);
    let e = evaluate::final_measurement(&winner, samples, holdouts, opts, progress)?;
    Ok(Found {
        winner,
        costs,
        trials,
        rows: e.rows,
        geomean: e.geomean,
        holdout: e.holdout,
        techs: e.techs,
    })
}

/// `trials.csv`.
#[must_use]
pub fn trials_csv(trials: &[Trial]) -> String {
    use crate::report::csv_line;
    let header = ["n", "change", "puzzles_per_sec", "reference_puzzles_per_sec", "solved_logic"];
    let mut fields: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    fields.extend(["accepted".to_string(), "order".to_string()]);
    let mut out = csv_line(&fields);
    for t in trials {
        let ids = t.ids.iter().map(|i| i.as_str()).collect::<Vec<_>>().join(",");
        out.push_str(&csv_line(&[
            t.n.to_string(),
            t.change.clone(),
            format!("{:.1}", t.puzzles_per_sec),
            format!("{:.1}", t.reference_pps),
            t.solved_logic.to_string(),
            t.accepted.to_string(),
            ids,
        ]));
    }
    out
}

/// `costs.csv`: the profile.
#[must_use]
pub fn costs_csv(costs: &[Cost]) -> String {
    use crate::report::csv_line;
    let header = ["technique", "calls", "ns_per_call", "effects_per_call", "effects_per_us"];
    let mut out = csv_line(&header.map(String::from));
    for c in costs {
        out.push_str(&csv_line(&[
            c.id.to_string(),
            c.calls.to_string(),
            format!("{:.1}", c.ns_per_call),
            format!("{:.4}", c.yield_per_call),
            format!("{:.4}", c.score() * 1e3),
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::parse_bytes;
    use crate::engines::reference;

    #[test]
    fn geometric_mean_weighs_corpora_alike() {
        assert!((geomean(&[100.0, 10_000.0]) - 1000.0).abs() < 1e-6);
        assert_eq!(geomean(&[]), 0.0);
    }

    #[test]
    fn greedy_sorts_by_score_and_keeps_idle_techniques_last() {
        let c = |id, ns, y| Cost { id, calls: 10, ns_per_call: ns, yield_per_call: y };
        let costs = vec![
            c(TechniqueId::FullHouse, 10.0, 0.1),
            c(TechniqueId::NakedSingle, 10.0, 1.0),
            c(TechniqueId::XWing, 100.0, 0.0),
            c(TechniqueId::HiddenSingle, 20.0, 1.0),
        ];
        assert_eq!(
            greedy(&costs),
            vec![
                TechniqueId::NakedSingle,
                TechniqueId::HiddenSingle,
                TechniqueId::FullHouse,
                TechniqueId::XWing
            ]
        );
    }

    #[test]
    fn a_tiny_search_never_loses_logic_solves() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../datasets/magictour_top1465.txt"
        ))
        .unwrap();
        let sample = |name: &str, skip: usize| {
            let head: String = text.lines().skip(skip).take(20).map(|l| format!("{l}\n")).collect();
            let corpus = parse_bytes(name, head.as_bytes()).unwrap();
            let references = corpus.entries.iter().map(reference).collect();
            Sample { corpus, references }
        };
        let samples = [sample("top-a", 0), sample("top-b", 20)];
        let held = sample("top-held", 40);
        let opts = SearchOptions {
            baseline: Order::parse("seeds").unwrap(),
            pool: Order::parse("seeds").unwrap(),
            threads: 1,
            budget_seconds: 0.5,
            repeats: 1,
            min_gain: 0.01,
            passes: 1,
        };
        let mut lines = Vec::new();
        let found = search(&samples, std::slice::from_ref(&held), &opts, &mut |l| {
            lines.push(l.to_string())
        })
        .unwrap();
        // Baseline and winner on each search corpus and on the held-out one.
        assert_eq!(found.rows.len(), 6);
        for pair in found.rows.chunks(2).take(2) {
            assert!(pair[1].solved_logic >= pair[0].solved_logic, "never fewer on any corpus");
        }
        assert!(found.geomean.0 > 0.0 && found.geomean.1 > 0.0);
        assert_eq!(found.holdout.len(), 1);
        assert_eq!(found.holdout[0].0, "top-held");
        assert_eq!(lines.iter().filter(|l| l.starts_with("trial")).count(), found.trials.len());
        assert!(trials_csv(&found.trials).lines().count() == found.trials.len() + 1);
        let said = answers(&found, "seeds").join("\n");
        assert!(said.contains("tuned on: top-a ") && said.contains("top-b"), "{said}");
        assert!(said.contains("On the other corpora: top-held "), "{said}");
        let table = side_by_side(&found.rows);
        assert!(table.contains("searched") && table.contains("top-held"), "{table}");
        assert_eq!(costs_csv(&found.costs).lines().count(), opts.pool.ids().len() + 1);
    }
}
