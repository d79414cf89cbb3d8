//! The CSV files of a run (`raw.csv`, `techniques.csv`, `latency.csv`), written with the
//! `csv` crate.

#[allow(unused_imports)]
use super::*;

/// One CSV record (fields quoted per RFC 4180 by the `csv` crate), ending in `\n`.
#[must_use]
pub fn csv_line(fields: &[String]) -> String {
    let mut w = ::csv::WriterBuilder::new()
        .terminator(::csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    w.write_record(fields).expect("writing to memory");
    let bytes = w.into_inner().expect("writing to memory");
    String::from_utf8(bytes).expect("UTF-8 fields stay UTF-8")
}

/// `raw.csv`: one line per measured row.
#[must_use]
pub fn rows_csv(rows: &[Row]) -> String {
    let mut out = csv_line(
        &[
            "corpus",
            "engine",
            "order",
            "granularity",
            "threads",
            "puzzles",
            "solved_logic",
            "solved_logic_pct",
            "fallback",
            "no_solution",
            "multiple_solutions",
            "guesses_per_puzzle",
            "counted_share",
            "seconds",
            "puzzles_per_sec",
            "us_per_puzzle",
            "p50_us",
            "p90_us",
            "p99_us",
            "max_us",
            "parse_us_per_puzzle",
            "spread",
            "order_ids",
        ]
        .map(String::from),
    );
    for r in rows {
        out.push_str(&csv_line(&[
            r.corpus.clone(),
            r.engine.clone(),
            r.order.clone(),
            r.granularity.clone(),
            r.threads.to_string(),
            r.puzzles.to_string(),
            r.solved_logic.to_string(),
            f(r.solved_logic_pct, 2),
            r.fallback.to_string(),
            r.no_solution.to_string(),
            r.multiple_solutions.to_string(),
            f(r.guesses_per_puzzle, 3),
            f(r.counted_share, 4),
            f(r.seconds, 6),
            f(r.puzzles_per_sec, 1),
            f(r.us_per_puzzle, 3),
            f(r.p50_us, 3),
            f(r.p90_us, 3),
            f(r.p99_us, 3),
            f(r.max_us, 3),
            f(r.parse_us_per_puzzle, 4),
            f(r.spread, 4),
            r.order_ids.clone(),
        ]));
    }
    out
}

/// `techniques.csv`: per-technique counters and times from the warm-ups.
#[must_use]
pub fn techs_csv(techs: &[TechRow]) -> String {
    let mut out = csv_line(
        &[
            "corpus",
            "engine",
            "order",
            "technique",
            "family",
            "calls",
            "hits",
            "steps",
            "eliminations",
            "placements",
            "nanos",
            "time_share",
            "eliminations_per_us",
            "effects_per_us",
            "ns_per_call",
        ]
        .map(String::from),
    );
    for t in techs {
        let ns_per_call = if t.calls == 0 { 0.0 } else { t.nanos as f64 / t.calls as f64 };
        out.push_str(&csv_line(&[
            t.corpus.clone(),
            t.engine.clone(),
            t.order.clone(),
            t.technique.clone(),
            t.family.clone(),
            t.calls.to_string(),
            t.hits.to_string(),
            t.steps.to_string(),
            t.eliminations.to_string(),
            t.placements.to_string(),
            t.nanos.to_string(),
            f(t.time_share, 5),
            f(t.eliminations_per_us, 4),
            f(t.effects_per_us, 4),
            f(ns_per_call, 1),
        ]));
    }
    out
}

/// `latency.csv`: the percentile curve of every row.
#[must_use]
pub fn latency_csv(rows: &[Row]) -> String {
    let mut out = csv_line(&["corpus", "engine", "order", "quantile", "us"].map(String::from));
    for r in rows {
        for &(q, us) in &r.curve {
            out.push_str(&csv_line(&[
                r.corpus.clone(),
                r.engine.clone(),
                r.order.clone(),
                f(q, 4),
                f(us, 3),
            ]));
        }
    }
    out
}
