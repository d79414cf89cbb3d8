//! The two passes of a measurement, after tdoku's `run_benchmark`:
//!
//! 1. [`warm_up`]: solve every puzzle on the instrumented path (a clock read around every
//!    technique call), check every answer and final logic state against the brute-force
//!    reference (the first wrong answer aborts with an error naming the puzzle), and sum the
//!    per-technique counters and times. This pass also warms caches and branch predictors.
//! 2. [`timed`]: solve every puzzle again on the plain path, with one clock read per puzzle
//!    into an HDR histogram (1 ns to 1 hour, 3 significant digits) and the wall time of the
//!    whole pass for throughput.
//!
//! With `threads > 1` both passes split the puzzles into chunks over a rayon pool; the
//! histograms and counters of the chunks are merged. One thread (the default) gives the most
//! stable timings.

use crate::corpus::Corpus;
use crate::engines::{Answer, Reference, Runner, check};
use anyhow::{Result, anyhow};
use bitdoku_engine::TechniqueStats;
use hdrhistogram::Histogram;
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// Quantiles of the latency curve kept for the percentile plot.
pub const CURVE_QUANTILES: &[f64] = &[0.0, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999, 1.0];

/// What the warm-up measured: per-technique counters and times (indices of the runner's
/// order), and the total solve time of the pass.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// Per technique of the order.
    pub techniques: Vec<TechniqueStats>,
    /// Sum of the per-puzzle solve times of the warm-up, in nanoseconds.
    pub total_nanos: u64,
    /// Puzzles solved by logic alone in the warm-up.
    pub solved_logic: usize,
    /// Per puzzle of the corpus, in order: whether the engine counted its solutions by brute
    /// force ([`Answer::counted`](crate::engines::Answer)).
    pub counted: Vec<bool>,
}

/// Counts over the answers of a pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Puzzles.
    pub puzzles: usize,
    /// Solved by logic alone.
    pub solved_logic: usize,
    /// Needed the fallback (or were solved by search, for brute force).
    pub fallback: usize,
    /// Without a solution.
    pub no_solution: usize,
    /// With two or more solutions.
    pub multiple: usize,
    /// Brute-force guesses.
    pub guesses: u64,
}

impl Counts {
    fn add(&mut self, a: &Answer) {
        self.puzzles += 1;
        self.solved_logic += usize::from(a.logic);
        self.fallback += usize::from(a.fallback);
        self.no_solution += usize::from(a.count == 0);
        self.multiple += usize::from(a.count >= 2);
        self.guesses += a.guesses;
    }

    fn merge(mut self, o: Counts) -> Counts {
        self.puzzles += o.puzzles;
        self.solved_logic += o.solved_logic;
        self.fallback += o.fallback;
        self.no_solution += o.no_solution;
        self.multiple += o.multiple;
        self.guesses += o.guesses;
        self
    }
}

/// The result of a timed pass.
#[derive(Clone, Debug)]
pub struct Timed {
    /// Answer counts.
    pub counts: Counts,
    /// Wall time of the pass, in seconds.
    pub seconds: f64,
    /// Per-puzzle solve times, in nanoseconds.
    pub histogram: Histogram<u64>,
}

fn new_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 3_600_000_000_000, 3).expect("valid histogram bounds")
}

fn pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| anyhow!("thread pool: {e}"))
}

const CHUNK: usize = 32;

/// The validating warm-up. `references[i]` is the reference answer of `corpus.entries[i]`.
pub fn warm_up(
    runner: &Runner,
    corpus: &Corpus,
    references: &[Reference],
    threads: usize,
) -> Result<Profile> {
    let n = runner.technique_ids().len();
    let one = |range: std::ops::Range<usize>| -> Result<Profile> {
        let mut p =
            Profile { techniques: vec![TechniqueStats::default(); n], ..Profile::default() };
        for i in range {
            let e = &corpus.entries[i];
            let started = Instant::now();
            let (answer, state) = runner.solve_profiled(e, &mut p.techniques);
            p.total_nanos += started.elapsed().as_nanos() as u64;
            p.solved_logic += usize::from(answer.logic);
            p.counted.push(answer.counted);
            check(&answer, state.as_ref(), &references[i]).map_err(|why| {
                anyhow::Error::new(WrongAnswer).context(format!(
                    "wrong answer: engine {} order {} corpus {} line {}: {why}\npuzzle: {}",
                    runner.kind(),
                    runner.order().map_or("-", |o| o.name()),
                    corpus.name,
                    e.line,
                    e.to_line()
                ))
            })?;
        }
        Ok(p)
    };
    let len = corpus.entries.len();
    if threads <= 1 {
        return one(0..len);
    }
    let ranges: Vec<_> = (0..len).step_by(CHUNK).map(|s| s..(s + CHUNK).min(len)).collect();
    let parts: Vec<Result<Profile>> =
        pool(threads)?.install(|| ranges.into_par_iter().map(one).collect());
    let mut total =
        Profile { techniques: vec![TechniqueStats::default(); n], ..Profile::default() };
    for p in parts {
        let p = p?;
        for (t, s) in total.techniques.iter_mut().zip(&p.techniques) {
            t.add(s);
        }
        total.total_nanos += p.total_nanos;
        total.solved_logic += p.solved_logic;
        total.counted.extend(p.counted);
    }
    Ok(total)
}

/// The clock time, in nanoseconds, of the logic engines' uniqueness count
/// (`count_solutions_prepared_with_stats`, limit 2) on each puzzle of the corpus, in order: with
/// [`Profile::counted`], it gives the share of the count's time that a row spends
/// ([`counted_share`]).
pub fn count_nanos(corpus: &Corpus, threads: usize) -> Result<Vec<u64>> {
    let one = |e: &crate::corpus::Entry| {
        let masks = e.search_masks();
        let started = Instant::now();
        let counted =
            bitdoku_brute::count_solutions_prepared_with_stats(std::hint::black_box(&masks), 2);
        let ns = started.elapsed().as_nanos() as u64;
        let _ = std::hint::black_box(counted);
        ns
    };
    if threads <= 1 {
        return Ok(corpus.entries.iter().map(one).collect());
    }
    Ok(pool(threads)?.install(|| corpus.entries.par_iter().map(one).collect()))
}

/// The share of the count time `nanos` (all puzzles, from [`count_nanos`]) that falls on the
/// puzzles marked in `counted` (1 when the corpus's count takes no time at all).
#[must_use]
pub fn counted_share(counted: &[bool], nanos: &[u64]) -> f64 {
    let all: u64 = nanos.iter().sum();
    let spent: u64 = nanos.iter().zip(counted).filter(|(_, c)| **c).map(|(n, _)| n).sum();
    if all == 0 { 1.0 } else { spent as f64 / all as f64 }
}

/// The timed pass.
pub fn timed(runner: &Runner, corpus: &Corpus, threads: usize) -> Result<Timed> {
    let one = |chunk: &[crate::corpus::Entry]| -> (Counts, Histogram<u64>) {
        let mut counts = Counts::default();
        let mut h = new_histogram();
        for e in chunk {
            let started = Instant::now();
            let answer = runner.solve(std::hint::black_box(e));
            let ns = started.elapsed().as_nanos() as u64;
            h.saturating_record(ns.max(1));
            counts.add(&answer);
        }
        (counts, h)
    };
    let started = Instant::now();
    let (counts, histogram) = if threads <= 1 {
        one(&corpus.entries)
    } else {
        pool(threads)?.install(|| {
            corpus.entries.par_chunks(CHUNK).map(one).reduce(
                || (Counts::default(), new_histogram()),
                |(ca, mut ha), (cb, hb)| {
                    ha.add(&hb).expect("same histogram bounds");
                    (ca.merge(cb), ha)
                },
            )
        })
    };
    let seconds = started.elapsed().as_secs_f64();
    Ok(Timed { counts, seconds, histogram })
}

/// One measured row: a (corpus, engine, order) with throughput, latency and solve counts.
/// The JSON form (`--json`) has the contract's fields and a few more.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Corpus name.
    pub corpus: String,
    /// Engine name.
    pub engine: String,
    /// Order name (`-` for brute force).
    pub order: String,
    /// The order's ids, comma-separated (empty for brute force).
    pub order_ids: String,
    /// `single` or `batch`.
    pub granularity: String,
    /// Threads of the timed pass.
    pub threads: usize,
    /// Puzzles measured.
    pub puzzles: usize,
    /// Solved by logic alone.
    pub solved_logic: usize,
    /// Solved with the fallback (all unique puzzles for brute force).
    pub fallback: usize,
    /// Puzzles without a solution.
    pub no_solution: usize,
    /// Puzzles with several solutions.
    pub multiple_solutions: usize,
    /// Percentage solved by logic alone.
    pub solved_logic_pct: f64,
    /// Brute-force guesses per puzzle (uniqueness count, where one ran, plus fallback).
    pub guesses_per_puzzle: f64,
    /// The share of the corpus's brute-force count time spent on the puzzles whose solutions
    /// this row's engine counted (1 for brute force, which counts every puzzle; from the
    /// warm-up for the logic engines, which count only when needed).
    pub counted_share: f64,
    /// Wall time of the timed pass.
    pub seconds: f64,
    /// Puzzles per second.
    pub puzzles_per_sec: f64,
    /// Mean microseconds per puzzle (wall time / puzzles).
    pub us_per_puzzle: f64,
    /// Median latency.
    pub p50_us: f64,
    /// 90th percentile latency.
    pub p90_us: f64,
    /// 99th percentile latency.
    pub p99_us: f64,
    /// Slowest puzzle.
    pub max_us: f64,
    /// Parse time of the corpus file per puzzle (measured apart).
    pub parse_us_per_puzzle: f64,
    /// The run's own noise on this row: the slowest timed pass over the fastest, minus one
    /// (0 with a single pass).
    pub spread: f64,
    /// Latency curve: (quantile, microseconds) at [`CURVE_QUANTILES`].
    #[serde(skip)]
    pub curve: Vec<(f64, f64)>,
}

impl Row {
    /// Builds the row of a timed pass.
    #[must_use]
    pub fn new(runner: &Runner, corpus: &Corpus, t: &Timed, threads: usize) -> Row {
        let c = &t.counts;
        let n = c.puzzles.max(1) as f64;
        let us = |q: f64| t.histogram.value_at_quantile(q) as f64 / 1e3;
        Row {
            corpus: corpus.name.clone(),
            engine: runner.kind().as_str().to_string(),
            order: runner.order().map_or_else(|| "-".to_string(), crate::orders::short_name),
            order_ids: runner.order().map_or_else(String::new, |o| o.to_list()),
            granularity: match runner.granularity() {
                bitdoku_engine::Granularity::Single => "single".to_string(),
                bitdoku_engine::Granularity::Batch => "batch".to_string(),
            },
            threads,
            puzzles: c.puzzles,
            solved_logic: c.solved_logic,
            fallback: c.fallback,
            no_solution: c.no_solution,
            multiple_solutions: c.multiple,
            solved_logic_pct: 100.0 * c.solved_logic as f64 / n,
            guesses_per_puzzle: c.guesses as f64 / n,
            counted_share: 1.0,
            seconds: t.seconds,
            puzzles_per_sec: c.puzzles as f64 / t.seconds.max(1e-12),
            us_per_puzzle: t.seconds * 1e6 / n,
            p50_us: us(0.5),
            p90_us: us(0.9),
            p99_us: us(0.99),
            max_us: t.histogram.max() as f64 / 1e3,
            parse_us_per_puzzle: corpus.parse_us_per_puzzle(),
            spread: 0.0,
            curve: CURVE_QUANTILES.iter().map(|&q| (q, us(q))).collect(),
        }
    }
}

/// Per-technique results of one (corpus, engine, order), from the warm-up.
#[derive(Clone, Debug, Serialize)]
pub struct TechRow {
    /// Corpus name.
    pub corpus: String,
    /// Engine name.
    pub engine: String,
    /// Order name.
    pub order: String,
    /// Technique id, or `(other)` for the time outside technique calls (solution count,
    /// fallback, loop).
    pub technique: String,
    /// The technique's family (`other` for the remainder row).
    pub family: String,
    /// Calls.
    pub calls: u64,
    /// Productive calls.
    pub hits: u64,
    /// Steps applied (0 for the naive engine, which does not count instances).
    pub steps: u64,
    /// Candidates eliminated.
    pub eliminations: u64,
    /// Digits placed.
    pub placements: u64,
    /// Clock time in the warm-up, nanoseconds.
    pub nanos: u64,
    /// Share of the warm-up solve time.
    pub time_share: f64,
    /// Eliminations per microsecond of the technique's time.
    pub eliminations_per_us: f64,
    /// Eliminations plus placements per microsecond of the technique's time.
    pub effects_per_us: f64,
}

/// The per-technique rows of a profile, plus an `(other)` row with the rest of the time.
#[must_use]
pub fn tech_rows(runner: &Runner, corpus: &Corpus, profile: &Profile) -> Vec<TechRow> {
    let order = runner.order().map_or_else(|| "-".to_string(), crate::orders::short_name);
    let total = profile.total_nanos.max(1) as f64;
    let mut rows: Vec<TechRow> = runner
        .technique_ids()
        .iter()
        .zip(&profile.techniques)
        .map(|(id, s)| TechRow {
            corpus: corpus.name.clone(),
            engine: runner.kind().as_str().to_string(),
            order: order.clone(),
            technique: id.as_str().to_string(),
            family: crate::engines::family_name(*id).to_string(),
            calls: s.calls,
            hits: s.hits,
            steps: s.steps,
            eliminations: s.eliminations,
            placements: s.placements,
            nanos: s.nanos,
            time_share: s.nanos as f64 / total,
            eliminations_per_us: if s.nanos == 0 {
                0.0
            } else {
                s.eliminations as f64 * 1e3 / s.nanos as f64
            },
            effects_per_us: if s.nanos == 0 {
                0.0
            } else {
                (s.eliminations + s.placements) as f64 * 1e3 / s.nanos as f64
            },
        })
        .collect();
    let used: u64 = rows.iter().map(|r| r.nanos).sum();
    let rest = profile.total_nanos.saturating_sub(used);
    rows.push(TechRow {
        corpus: corpus.name.clone(),
        engine: runner.kind().as_str().to_string(),
        order,
        technique: "(other)".to_string(),
        family: "other".to_string(),
        calls: 0,
        hits: 0,
        steps: 0,
        eliminations: 0,
        placements: 0,
        nanos: rest,
        time_share: rest as f64 / total,
        eliminations_per_us: 0.0,
        effects_per_us: 0.0,
    });
    rows
}

/// Marks an error as a failed answer check (a wrong answer in a warm-up): `bench` exits 1 for
/// these and 2 for usage errors.
#[derive(Debug)]
pub struct WrongAnswer;

impl std::fmt::Display for WrongAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an engine gave a wrong answer")
    }
}

impl std::error::Error for WrongAnswer {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::parse_bytes;
    use crate::engines::{EngineKind, reference};
    use bitdoku_engine::{Granularity, Order};

    #[test]
    fn passes_on_a_small_corpus_one_and_two_threads() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../datasets/magictour_top1465.txt"
        ))
        .unwrap();
        let head: String = text.lines().take(40).map(|l| format!("{l}\n")).collect();
        let corpus = parse_bytes("top", head.as_bytes()).unwrap();
        let refs: Vec<_> = corpus.entries.iter().map(reference).collect();
        let order = Order::parse("seeds").unwrap();
        let runner = Runner::new(EngineKind::Bitboard, Some(&order), Granularity::Batch).unwrap();
        let p1 = warm_up(&runner, &corpus, &refs, 1).unwrap();
        let p2 = warm_up(&runner, &corpus, &refs, 2).unwrap();
        assert_eq!(p1.solved_logic, p2.solved_logic);
        assert_eq!(p1.techniques[0].calls, p2.techniques[0].calls);
        let t1 = timed(&runner, &corpus, 1).unwrap();
        let t2 = timed(&runner, &corpus, 2).unwrap();
        assert_eq!(t1.counts, t2.counts);
        assert_eq!(t1.counts.puzzles, 40);
        assert_eq!(t1.counts.solved_logic, p1.solved_logic);
        assert_eq!(t1.histogram.len(), 40);
        let row = Row::new(&runner, &corpus, &t1, 1);
        assert!(row.p50_us <= row.p99_us && row.p99_us <= row.max_us);
        assert_eq!(row.curve.len(), CURVE_QUANTILES.len());
        let techs = tech_rows(&runner, &corpus, &p1);
        assert_eq!(techs.len(), order.ids().len() + 1);
        let share: f64 = techs.iter().map(|t| t.time_share).sum();
        assert!((share - 1.0).abs() < 1e-6, "{share}");
    }

    #[test]
    fn a_wrong_reference_aborts_the_warm_up() {
        let p =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let corpus = parse_bytes("t", p.as_bytes()).unwrap();
        let mut r = reference(&corpus.entries[0]);
        let mut s = r.solution.unwrap();
        s.swap(0, 1);
        r.solution = Some(s);
        let runner = Runner::new(EngineKind::Brute, None, Granularity::Batch).unwrap();
        let err = warm_up(&runner, &corpus, &[r], 1).unwrap_err();
        assert!(err.to_string().contains("line 1"), "{err}");
    }
}
