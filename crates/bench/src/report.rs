//! Writers for the results of a run: CSV files, markdown tables and the summary, the plain
//! table on standard output, the ranking of orders, the per-family time comparison, the
//! charts, and the dated results folder that holds them all.
//!
//! Everything here is a pure function from rows to text (unit-tested), except
//! [`write_folder`], which creates `<out>/<YYYY-MM-DD>-<HHMMSS>-<label>/` and never overwrites
//! an existing folder.

use crate::measure::{Row, TechRow};
use crate::meta::RunMeta;
use crate::svg::{self, Bar, Panel, Series, Stack};
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180).
#[must_use]
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv_line(fields: &[String]) -> String {
    let mut line = fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",");
    line.push('\n');
    line
}

fn f(v: f64, digits: usize) -> String {
    format!("{v:.digits$}")
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
            "seconds",
            "puzzles_per_sec",
            "us_per_puzzle",
            "p50_us",
            "p90_us",
            "p99_us",
            "max_us",
            "parse_us_per_puzzle",
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
            f(r.seconds, 6),
            f(r.puzzles_per_sec, 1),
            f(r.us_per_puzzle, 3),
            f(r.p50_us, 3),
            f(r.p90_us, 3),
            f(r.p99_us, 3),
            f(r.max_us, 3),
            f(r.parse_us_per_puzzle, 4),
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

/// Per-family time of the bitboard and naive engines for one (corpus, order).
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyRow {
    /// Corpus.
    pub corpus: String,
    /// Order.
    pub order: String,
    /// Family name (`other` = time outside technique calls).
    pub family: String,
    /// Bitboard nanoseconds (warm-up, with per-call clocks).
    pub bitboard_nanos: u64,
    /// Naive nanoseconds.
    pub naive_nanos: u64,
    /// Calls to the family's techniques, bitboard.
    pub bitboard_calls: u64,
    /// Calls, naive.
    pub naive_calls: u64,
}

impl FamilyRow {
    /// naive time / bitboard time (how many times faster the bitboard family is).
    #[must_use]
    pub fn ratio(&self) -> f64 {
        if self.bitboard_nanos == 0 {
            0.0
        } else {
            self.naive_nanos as f64 / self.bitboard_nanos as f64
        }
    }
}

/// Groups the technique rows of both logic engines by family, for every (corpus, order) that
/// both engines measured.
#[must_use]
pub fn family_rows(techs: &[TechRow]) -> Vec<FamilyRow> {
    let mut map: BTreeMap<(String, String, String), FamilyRow> = BTreeMap::new();
    let mut order_of_keys: Vec<(String, String, String)> = Vec::new();
    for t in techs.iter().filter(|t| t.engine == "bitboard" || t.engine == "naive") {
        let key = (t.corpus.clone(), t.order.clone(), t.family.clone());
        let row = map.entry(key.clone()).or_insert_with(|| {
            order_of_keys.push(key);
            FamilyRow {
                corpus: t.corpus.clone(),
                order: t.order.clone(),
                family: t.family.clone(),
                bitboard_nanos: 0,
                naive_nanos: 0,
                bitboard_calls: 0,
                naive_calls: 0,
            }
        });
        if t.engine == "bitboard" {
            row.bitboard_nanos += t.nanos;
            row.bitboard_calls += t.calls;
        } else {
            row.naive_nanos += t.nanos;
            row.naive_calls += t.calls;
        }
    }
    let both: Vec<(String, String)> = {
        let mut v = Vec::new();
        for (c, o, _) in &order_of_keys {
            let has =
                |e: &str| techs.iter().any(|t| &t.corpus == c && &t.order == o && t.engine == e);
            if has("bitboard") && has("naive") && !v.contains(&(c.clone(), o.clone())) {
                v.push((c.clone(), o.clone()));
            }
        }
        v
    };
    order_of_keys
        .into_iter()
        .filter(|(c, o, _)| both.contains(&(c.clone(), o.clone())))
        .filter_map(|k| map.remove(&k))
        .filter(|r| r.bitboard_calls + r.naive_calls > 0 || r.family == "other")
        .collect()
}

/// `families.csv`.
#[must_use]
pub fn families_csv(rows: &[FamilyRow]) -> String {
    let mut out = csv_line(
        &[
            "corpus",
            "order",
            "family",
            "bitboard_nanos",
            "naive_nanos",
            "bitboard_calls",
            "naive_calls",
            "naive_over_bitboard",
        ]
        .map(String::from),
    );
    for r in rows {
        out.push_str(&csv_line(&[
            r.corpus.clone(),
            r.order.clone(),
            r.family.clone(),
            r.bitboard_nanos.to_string(),
            r.naive_nanos.to_string(),
            r.bitboard_calls.to_string(),
            r.naive_calls.to_string(),
            f(r.ratio(), 2),
        ]));
    }
    out
}

/// A markdown table; columns whose header starts with `>` are right-aligned (the `>` is
/// dropped). Pipes in cells are escaped.
#[must_use]
pub fn markdown_table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let names: Vec<&str> = headers.iter().map(|h| h.trim_start_matches('>')).collect();
    let _ = writeln!(out, "| {} |", names.join(" | "));
    let rules: Vec<&str> =
        headers.iter().map(|h| if h.starts_with('>') { "---:" } else { "---" }).collect();
    let _ = writeln!(out, "|{}|", rules.join("|"));
    for r in rows {
        let cells: Vec<String> = r.iter().map(|c| c.replace('|', "\\|")).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out
}

/// A plain text table with columns padded to their widest cell (numbers right-aligned).
#[must_use]
pub fn text_table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let names: Vec<&str> = headers.iter().map(|h| h.trim_start_matches('>')).collect();
    let widths: Vec<usize> = (0..names.len())
        .map(|i| rows.iter().map(|r| r[i].len()).chain([names[i].len()]).max().unwrap_or(0))
        .collect();
    let fmt_row = |cells: Vec<&str>| -> String {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if headers[i].starts_with('>') {
                    format!("{c:>w$}", w = widths[i])
                } else {
                    format!("{c:<w$}", w = widths[i])
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = fmt_row(names.clone());
    out.push_str(&fmt_row(
        widths
            .iter()
            .map(|&w| "-".repeat(w))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect(),
    ));
    for r in rows {
        out.push_str(&fmt_row(r.iter().map(String::as_str).collect()));
    }
    out
}

const MAIN_HEADERS: &[&str] = &[
    "corpus",
    "engine",
    "order",
    ">puzzles",
    ">puzzles/s",
    ">us/puzzle",
    ">p50 us",
    ">p90 us",
    ">p99 us",
    ">max us",
    ">logic %",
    ">guesses/puzzle",
];

fn main_cells(r: &Row) -> Vec<String> {
    vec![
        r.corpus.clone(),
        r.engine.clone(),
        r.order.clone(),
        r.puzzles.to_string(),
        f(r.puzzles_per_sec, 0),
        f(r.us_per_puzzle, 2),
        f(r.p50_us, 2),
        f(r.p90_us, 2),
        f(r.p99_us, 2),
        f(r.max_us, 1),
        f(r.solved_logic_pct, 1),
        f(r.guesses_per_puzzle, 2),
    ]
}

/// The table printed on the terminal at the end of a run.
#[must_use]
pub fn stdout_table(rows: &[Row]) -> String {
    text_table(MAIN_HEADERS, &rows.iter().map(main_cells).collect::<Vec<_>>())
}

/// Geometric mean of positive values (0 when there is none).
#[must_use]
pub fn geomean(values: &[f64]) -> f64 {
    let v: Vec<f64> = values.iter().copied().filter(|x| *x > 0.0).collect();
    if v.is_empty() { 0.0 } else { (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp() }
}

/// An order's rank entry: its speed ratio against the engine's first order, per corpus, and
/// their geometric mean.
#[derive(Clone, Debug, PartialEq)]
pub struct Rank {
    /// Order name.
    pub order: String,
    /// (corpus, puzzles/s of this order / puzzles/s of the first order).
    pub ratios: Vec<(String, f64)>,
    /// Geometric mean of the ratios.
    pub geomean: f64,
    /// Mean % solved without fallback over the corpora.
    pub logic_pct: f64,
}

/// Ranks the orders of `engine` by the geometric mean of their speed ratios against the first
/// order measured (ratios > 1: faster than the first order), best first.
#[must_use]
pub fn rank_orders(rows: &[Row], engine: &str) -> Vec<Rank> {
    let mine: Vec<&Row> = rows.iter().filter(|r| r.engine == engine).collect();
    let Some(first) = mine.first().map(|r| r.order.clone()) else { return Vec::new() };
    let mut orders: Vec<String> = Vec::new();
    for r in &mine {
        if !orders.contains(&r.order) {
            orders.push(r.order.clone());
        }
    }
    let pps = |order: &str, corpus: &str| {
        mine.iter().find(|r| r.order == order && r.corpus == corpus).map(|r| r.puzzles_per_sec)
    };
    let mut ranks: Vec<Rank> = orders
        .iter()
        .map(|o| {
            let here: Vec<&&Row> = mine.iter().filter(|r| &r.order == o).collect();
            let ratios: Vec<(String, f64)> = here
                .iter()
                .filter_map(|r| {
                    pps(&first, &r.corpus)
                        .map(|base| (r.corpus.clone(), r.puzzles_per_sec / base.max(1e-12)))
                })
                .collect();
            let g = geomean(&ratios.iter().map(|x| x.1).collect::<Vec<_>>());
            let logic_pct =
                here.iter().map(|r| r.solved_logic_pct).sum::<f64>() / here.len().max(1) as f64;
            Rank { order: o.clone(), ratios, geomean: g, logic_pct }
        })
        .collect();
    ranks.sort_by(|a, b| b.geomean.total_cmp(&a.geomean));
    ranks
}

/// (corpus, order, bitboard puzzles/s, naive puzzles/s) for every pair measured by both.
#[must_use]
pub fn engine_ratios(rows: &[Row]) -> Vec<(String, String, f64, f64)> {
    let mut out = Vec::new();
    for b in rows.iter().filter(|r| r.engine == "bitboard") {
        if let Some(n) =
            rows.iter().find(|r| r.engine == "naive" && r.corpus == b.corpus && r.order == b.order)
        {
            out.push((b.corpus.clone(), b.order.clone(), b.puzzles_per_sec, n.puzzles_per_sec));
        }
    }
    out
}

/// What a run needs besides rows to write its summary and README.
#[derive(Clone, Debug, Default)]
pub struct RunInfo {
    /// One line per corpus: description, parse time, parse path.
    pub corpora: Vec<String>,
    /// Orders measured: (name, ids).
    pub orders: Vec<(String, String)>,
    /// Threads of the timed passes.
    pub threads: usize,
    /// Timed passes per row (the fastest counts).
    pub repeats: usize,
    /// Requested granularity.
    pub granularity: String,
    /// Notes: skipped combinations and why.
    pub notes: Vec<String>,
    /// Wall time of the whole run, seconds.
    pub wall_seconds: f64,
}

/// `summary.md`.
#[must_use]
pub fn summary_md(meta: &RunMeta, info: &RunInfo, rows: &[Row], techs: &[TechRow]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Benchmark summary, {} {} UTC\n", meta.date, meta.clock());
    let _ = writeln!(
        s,
        "`{}`\n\ncommit {}; {}; {} thread(s); see README.md for the method.\n",
        meta.command, meta.commit, meta.cpu, info.threads
    );
    let _ = writeln!(s, "## Throughput and latency\n");
    s.push_str(&markdown_table(MAIN_HEADERS, &rows.iter().map(main_cells).collect::<Vec<_>>()));
    let _ = writeln!(s, "\n![throughput](throughput.svg)\n\n![latency](latency.svg)\n");

    let ratios = engine_ratios(rows);
    if !ratios.is_empty() {
        let _ =
            writeln!(s, "## Bitboard vs naive (same order, same puzzles, batch, same fallback)\n");
        let cells: Vec<Vec<String>> = ratios
            .iter()
            .map(|(c, o, b, n)| {
                vec![c.clone(), o.clone(), f(*b, 0), f(*n, 0), format!("{:.1}x", b / n.max(1e-12))]
            })
            .collect();
        s.push_str(&markdown_table(
            &["corpus", "order", ">bitboard puzzles/s", ">naive puzzles/s", ">bitboard/naive"],
            &cells,
        ));
        let g = geomean(&ratios.iter().map(|(_, _, b, n)| b / n.max(1e-12)).collect::<Vec<_>>());
        let _ = writeln!(s, "\nGeometric mean of the ratios: **{g:.1}x**.\n");
    }

    for engine in ["bitboard", "naive"] {
        let ranks = rank_orders(rows, engine);
        if ranks.len() < 2 {
            continue;
        }
        let base = &ranks
            .iter()
            .find(|r| r.ratios.iter().all(|x| (x.1 - 1.0).abs() < 1e-12))
            .map_or("", |r| r.order.as_str());
        let _ = writeln!(s, "## Order ranking, {engine} engine\n");
        let _ = writeln!(
            s,
            "Geometric mean over corpora of each order's puzzles/s divided by that of `{base}` (the first order).\n"
        );
        let corpora: Vec<String> = ranks[0].ratios.iter().map(|x| x.0.clone()).collect();
        let mut headers: Vec<String> =
            vec!["rank".into(), "order".into(), ">geomean".into(), ">logic % (mean)".into()];
        headers.extend(corpora.iter().map(|c| format!(">{c}")));
        let cells: Vec<Vec<String>> = ranks
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut v = vec![
                    (i + 1).to_string(),
                    r.order.clone(),
                    format!("{:.3}", r.geomean),
                    f(r.logic_pct, 1),
                ];
                for c in &corpora {
                    v.push(
                        r.ratios
                            .iter()
                            .find(|x| &x.0 == c)
                            .map_or("-".into(), |x| format!("{:.3}", x.1)),
                    );
                }
                v
            })
            .collect();
        s.push_str(&markdown_table(
            &headers.iter().map(String::as_str).collect::<Vec<_>>(),
            &cells,
        ));
        s.push('\n');
    }

    let fams = family_rows(techs);
    if !fams.is_empty() {
        let _ = writeln!(s, "## Time per technique family, bitboard vs naive\n");
        let _ = writeln!(
            s,
            "Warm-up pass with a clock read around every technique call (find + apply) in both engines; `other` is the \
             rest of the solve time (solution count, fallback, loop). The ratio is naive time / bitboard time.\n"
        );
        let cells: Vec<Vec<String>> = fams
            .iter()
            .map(|r| {
                vec![
                    r.corpus.clone(),
                    r.order.clone(),
                    r.family.clone(),
                    r.bitboard_calls.to_string(),
                    f(r.bitboard_nanos as f64 / 1e6, 2),
                    f(r.naive_nanos as f64 / 1e6, 2),
                    format!("{:.1}x", r.ratio()),
                ]
            })
            .collect();
        s.push_str(&markdown_table(
            &[
                "corpus",
                "order",
                "family",
                ">calls",
                ">bitboard ms",
                ">naive ms",
                ">naive/bitboard",
            ],
            &cells,
        ));
        s.push('\n');
    }

    let _ = writeln!(s, "## Techniques (bitboard engine, warm-up pass)\n");
    let _ = writeln!(s, "![time share](timeshare.svg)\n");
    let _ = writeln!(
        s,
        "Techniques that fired or took at least 0.5% of the time (all of them in `techniques.csv`); time share of the warm-up solve time; elims/us = eliminations per microsecond of the technique's own time; effects = eliminations + placements.\n"
    );
    let cells: Vec<Vec<String>> = techs
        .iter()
        .filter(|t| {
            t.engine == "bitboard"
                && (t.hits > 0 || t.time_share >= 0.005 || t.technique == "(other)")
        })
        .map(|t| {
            vec![
                t.corpus.clone(),
                t.order.clone(),
                t.technique.clone(),
                t.calls.to_string(),
                t.hits.to_string(),
                t.eliminations.to_string(),
                t.placements.to_string(),
                f(100.0 * t.time_share, 1),
                f(t.eliminations_per_us, 3),
                f(t.effects_per_us, 3),
            ]
        })
        .collect();
    s.push_str(&markdown_table(
        &[
            "corpus",
            "order",
            "technique",
            ">calls",
            ">hits",
            ">eliminations",
            ">placements",
            ">time %",
            ">elims/us",
            ">effects/us",
        ],
        &cells,
    ));
    if !info.notes.is_empty() {
        let _ = writeln!(s, "\n## Notes\n");
        for n in &info.notes {
            let _ = writeln!(s, "- {n}");
        }
    }
    s
}

/// `README.md` of a results folder: what was run, where, and how it was measured.
#[must_use]
pub fn readme_md(meta: &RunMeta, info: &RunInfo, title: &str, method: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {title}\n");
    let _ = writeln!(s, "- Command: `{}`", meta.command);
    let _ = writeln!(s, "- Date: {} {} UTC", meta.date, meta.clock());
    let _ = writeln!(s, "- Commit: {}", meta.commit);
    let _ = writeln!(s, "- CPU: {}", meta.cpu);
    let _ = writeln!(s, "- Load average at the start (`/proc/loadavg`): {}", meta.load);
    let _ = writeln!(s, "- Threads (timed passes): {}", info.threads);
    let _ = writeln!(s, "- Timed passes per row: {} (the fastest counts)", info.repeats.max(1));
    let _ = writeln!(s, "- Granularity: {}", info.granularity);
    let _ = writeln!(s, "- Wall time of the whole run: {:.1} s\n", info.wall_seconds);
    let _ = writeln!(s, "## Corpora\n");
    for c in &info.corpora {
        let _ = writeln!(s, "- {c}");
    }
    let _ = writeln!(s, "\n## Orders\n");
    for (name, ids) in &info.orders {
        let _ = writeln!(s, "- `{name}`: {ids}");
    }
    let _ = writeln!(s, "\n## Method\n\n{method}\n");
    let _ = writeln!(s, "## Toolchain (`rustc -vV`)\n\n```text\n{}\n```", meta.rustc);
    if !info.notes.is_empty() {
        let _ = writeln!(s, "\n## Notes\n");
        for n in &info.notes {
            let _ = writeln!(s, "- {n}");
        }
    }
    s
}

/// The method paragraph of `bench run`'s README.
pub const RUN_METHOD: &str = "\
For every (corpus, engine, order): (1) a validating warm-up solves every puzzle and checks the \
answer against the brute-force solver's (solution count up to two, the solution, and the state \
where logic stopped: no wrong placement, no solution candidate eliminated); a wrong answer aborts \
the run. The warm-up runs the bitboard engine with `Options.timing` (one clock read per technique \
call) and the naive engine through an instrumented copy of its batch loop (one clock read per \
technique call, find + apply): the per-technique counters, time shares, effects per microsecond and \
the per-family comparison come from this pass and include that overhead. (2) A timed pass, without \
per-technique clocks, solves every puzzle again with one clock read per puzzle into an HDR \
histogram (ns resolution, 3 significant digits); puzzles/s is puzzles / wall time of the pass. \
Parsing is measured apart (the whole file, before sampling). \n\n\
Engines: `bitboard` = `bitdoku_engine::Engine::solve` (solution count up to two by brute force, \
then the order, then the counted solution when logic stalls); `naive` = the same steps with \
`bitdoku_naive::NaiveEngine` (same brute-force count and fallback, batch granularity, uniqueness \
techniques only on puzzles with one solution), so bitboard/naive compares the logic engines on the \
same work; `brute` = `bitdoku_brute::count_solutions_with_stats(masks, 2)`. `logic %` = puzzles solved \
without fallback; guesses/puzzle counts the brute-force guesses (the uniqueness count plus any \
fallback search). Orders are ranked by the geometric mean over corpora of their puzzles/s divided \
by that of the first order.\n\n\
Files: `raw.csv` (one line per row), `techniques.csv` (per technique, warm-up), `families.csv` \
(per family, bitboard vs naive), `latency.csv` (percentile curves), `summary.md`, \
`throughput.svg`, `latency.svg`, `timeshare.svg`.";

fn engine_color(engine: &str, k: usize) -> String {
    let base = match engine {
        "bitboard" => ["#1f4e79", "#2e75b6", "#5b9bd5", "#9dc3e6", "#4e79a7", "#76b7b2"],
        "naive" => ["#c55a11", "#ed7d31", "#f4b183", "#f8cbad", "#f28e2b", "#edc948"],
        _ => ["#595959", "#7f7f7f", "#a5a5a5", "#bfbfbf", "#595959", "#7f7f7f"],
    };
    base[k % base.len()].to_string()
}

/// Latency curves: one colour per order (shared by both logic engines, which differ by dash),
/// black for brute force.
fn order_color(rows: &[Row], r: &Row) -> String {
    if r.engine == "brute" {
        return "#222222".to_string();
    }
    let mut orders: Vec<&str> = Vec::new();
    for x in rows.iter().filter(|x| x.engine != "brute") {
        if !orders.contains(&x.order.as_str()) {
            orders.push(&x.order);
        }
    }
    let k = orders.iter().position(|o| *o == r.order).unwrap_or(0);
    svg::PALETTE[k % svg::PALETTE.len()].to_string()
}

fn corpora_of(rows: &[Row]) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for r in rows {
        if !v.contains(&r.corpus) {
            v.push(r.corpus.clone());
        }
    }
    v
}

fn series_label(r: &Row) -> String {
    if r.engine == "brute" { "brute".to_string() } else { format!("{} {}", r.engine, r.order) }
}

fn order_index(rows: &[Row], r: &Row) -> usize {
    let mut orders: Vec<&str> = Vec::new();
    for x in rows.iter().filter(|x| x.engine == r.engine) {
        if !orders.contains(&x.order.as_str()) {
            orders.push(&x.order);
        }
    }
    orders.iter().position(|o| *o == r.order).unwrap_or(0)
}

/// `throughput.svg`: puzzles/s per engine and order, one panel per corpus.
#[must_use]
pub fn throughput_svg(rows: &[Row]) -> String {
    let panels: Vec<Panel<Bar>> = corpora_of(rows)
        .into_iter()
        .map(|c| Panel {
            items: rows
                .iter()
                .filter(|r| r.corpus == c)
                .map(|r| Bar {
                    label: series_label(r),
                    value: r.puzzles_per_sec,
                    color: engine_color(&r.engine, order_index(rows, r)),
                })
                .collect(),
            title: c,
        })
        .collect();
    svg::log_bar_chart("Throughput per engine and order", "puzzles/s", &panels)
}

/// `latency.svg`: percentile curves, one panel per corpus.
#[must_use]
pub fn latency_svg(rows: &[Row]) -> String {
    let panels: Vec<Panel<Series>> = corpora_of(rows)
        .into_iter()
        .map(|c| Panel {
            items: rows
                .iter()
                .filter(|r| r.corpus == c)
                .map(|r| Series {
                    label: series_label(r),
                    color: order_color(rows, r),
                    dash: match r.engine.as_str() {
                        "naive" => "7,4".to_string(),
                        "brute" => "2,3".to_string(),
                        _ => String::new(),
                    },
                    points: r.curve.clone(),
                })
                .collect(),
            title: c,
        })
        .collect();
    svg::percentile_chart(
        "Latency per puzzle (timed pass; solid: bitboard, dashed: naive, dotted: brute)",
        &panels,
    )
}

/// The families in drawing order, with their colours.
#[must_use]
pub fn family_legend() -> Vec<(String, String)> {
    ["singles", "intersections", "subsets", "fish", "single-digit", "wings", "uniqueness", "other"]
        .iter()
        .zip(svg::PALETTE.iter().chain(["#bab0ac"].iter()))
        .map(|(n, c)| {
            (n.to_string(), if *n == "other" { "#bab0ac".to_string() } else { c.to_string() })
        })
        .collect()
}

/// `timeshare.svg`: time share per family for every logic (engine, order), one panel per corpus.
#[must_use]
pub fn timeshare_svg(techs: &[TechRow]) -> String {
    let legend = family_legend();
    let mut corpora: Vec<String> = Vec::new();
    for t in techs {
        if !corpora.contains(&t.corpus) {
            corpora.push(t.corpus.clone());
        }
    }
    let panels: Vec<Panel<Stack>> = corpora
        .into_iter()
        .map(|c| {
            let mut keys: Vec<(String, String)> = Vec::new();
            for t in techs.iter().filter(|t| t.corpus == c) {
                let k = (t.engine.clone(), t.order.clone());
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
            let items = keys
                .into_iter()
                .map(|(e, o)| {
                    let segments = legend
                        .iter()
                        .map(|(fam, _)| {
                            let share: f64 = techs
                                .iter()
                                .filter(|t| {
                                    t.corpus == c
                                        && t.engine == e
                                        && t.order == o
                                        && &t.family == fam
                                })
                                .map(|t| t.time_share)
                                .sum();
                            (fam.clone(), share)
                        })
                        .filter(|(_, s)| *s > 0.0)
                        .collect();
                    Stack { label: format!("{e} {o}"), segments }
                })
                .collect();
            Panel { title: c, items }
        })
        .collect();
    svg::stacked_chart("Share of solve time per technique family (warm-up pass)", &legend, &panels)
}

/// Creates `<out>/<date>-<time>-<label>/` (with a `-2`, `-3`... suffix if it exists) and writes
/// the files into it; returns the folder.
pub fn write_folder(
    out: &Path,
    meta: &RunMeta,
    label: &str,
    files: &[(&str, String)],
) -> Result<PathBuf> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let base = meta.folder_name(label);
    let mut dir = out.join(&base);
    let mut k = 2;
    while dir.exists() {
        dir = out.join(format!("{base}-{k}"));
        k += 1;
    }
    std::fs::create_dir(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, content) in files {
        std::fs::write(dir.join(name), content).with_context(|| format!("cannot write {name}"))?;
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(corpus: &str, engine: &str, order: &str, pps: f64) -> Row {
        Row {
            corpus: corpus.into(),
            engine: engine.into(),
            order: order.into(),
            order_ids: "a,b".into(),
            granularity: "batch".into(),
            threads: 1,
            puzzles: 10,
            solved_logic: 5,
            fallback: 5,
            no_solution: 0,
            multiple_solutions: 0,
            solved_logic_pct: 50.0,
            guesses_per_puzzle: 1.5,
            seconds: 10.0 / pps,
            puzzles_per_sec: pps,
            us_per_puzzle: 1e6 / pps,
            p50_us: 1.0,
            p90_us: 2.0,
            p99_us: 3.0,
            max_us: 4.0,
            parse_us_per_puzzle: 0.1,
            curve: vec![(0.0, 0.5), (0.5, 1.0), (1.0, 4.0)],
        }
    }

    fn tech(
        corpus: &str,
        engine: &str,
        technique: &str,
        family: &str,
        nanos: u64,
        calls: u64,
    ) -> TechRow {
        TechRow {
            corpus: corpus.into(),
            engine: engine.into(),
            order: "seeds".into(),
            technique: technique.into(),
            family: family.into(),
            calls,
            hits: 1,
            steps: 1,
            eliminations: 3,
            placements: 1,
            nanos,
            time_share: 0.25,
            eliminations_per_us: 1.0,
            effects_per_us: 1.0,
        }
    }

    #[test]
    fn csv_quoting_and_shape() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
        let text = rows_csv(&[row("c", "bitboard", "seeds", 100.0)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].split(',').count(), 21);
        assert!(lines[1].ends_with("\"a,b\""), "{}", lines[1]);
        assert!(lines[1].starts_with("c,bitboard,seeds,batch,1,10,5,50.00,5,"));
        let t = techs_csv(&[tech("c", "bitboard", "x-wing", "fish", 1000, 4)]);
        assert!(t.lines().nth(1).unwrap().ends_with(",250.0"), "{t}");
        assert_eq!(latency_csv(&[row("c", "brute", "-", 1.0)]).lines().count(), 4);
    }

    #[test]
    fn markdown_and_text_tables() {
        let md = markdown_table(&["name", ">n"], &[vec!["a|b".into(), "1".into()]]);
        assert_eq!(md, "| name | n |\n|---|---:|\n| a\\|b | 1 |\n");
        let t = text_table(
            &["name", ">n"],
            &[vec!["abc".into(), "1".into()], vec!["d".into(), "100".into()]],
        );
        assert_eq!(t, "name    n\n----  ---\nabc     1\nd     100\n");
    }

    #[test]
    fn ranking_and_ratios() {
        let rows = vec![
            row("c1", "bitboard", "slow", 100.0),
            row("c2", "bitboard", "slow", 10.0),
            row("c1", "bitboard", "fast", 400.0),
            row("c2", "bitboard", "fast", 10.0),
            row("c1", "naive", "slow", 10.0),
            row("c1", "brute", "-", 1000.0),
        ];
        let r = rank_orders(&rows, "bitboard");
        assert_eq!(r[0].order, "fast");
        assert!((r[0].geomean - 2.0).abs() < 1e-9);
        assert!((r[1].geomean - 1.0).abs() < 1e-9);
        assert_eq!(engine_ratios(&rows), vec![("c1".into(), "slow".into(), 100.0, 10.0)]);
        assert!((geomean(&[1.0, 4.0]) - 2.0).abs() < 1e-12);
        assert_eq!(geomean(&[]), 0.0);
        let out = stdout_table(&rows);
        assert_eq!(out.lines().count(), rows.len() + 2);
    }

    #[test]
    fn families_pair_up_engines() {
        let techs = vec![
            tech("c", "bitboard", "naked-single", "singles", 100, 10),
            tech("c", "bitboard", "hidden-single", "singles", 100, 10),
            tech("c", "naive", "naked-single", "singles", 1000, 10),
            tech("c", "naive", "hidden-single", "singles", 3000, 10),
            tech("c", "bitboard", "(other)", "other", 50, 0),
            tech("c", "naive", "(other)", "other", 60, 0),
            tech("d", "bitboard", "naked-single", "singles", 100, 10),
        ];
        let fam = family_rows(&techs);
        assert_eq!(fam.len(), 2);
        assert_eq!(fam[0].family, "singles");
        assert!((fam[0].ratio() - 20.0).abs() < 1e-9);
        assert_eq!(fam[1].family, "other");
        let csv = families_csv(&fam);
        assert!(csv.contains("c,seeds,singles,200,4000,20,20,20.00"), "{csv}");
    }

    #[test]
    fn summary_readme_and_charts() {
        let meta = RunMeta {
            command: "bench run".into(),
            date: "2024-01-01".into(),
            time: "000000".into(),
            commit: "abc".into(),
            rustc: "rustc 1".into(),
            cpu: "cpu".into(),
            load: "0.00".into(),
        };
        let rows = vec![
            row("c1", "bitboard", "seeds", 100.0),
            row("c1", "naive", "seeds", 10.0),
            row("c1", "brute", "-", 1000.0),
        ];
        let techs = vec![
            tech("c1", "bitboard", "naked-single", "singles", 100, 10),
            tech("c1", "naive", "naked-single", "singles", 900, 10),
        ];
        let info = RunInfo {
            threads: 1,
            granularity: "batch".into(),
            notes: vec!["skipped x".into()],
            ..RunInfo::default()
        };
        let s = summary_md(&meta, &info, &rows, &techs);
        assert!(s.contains("10.0x"), "{s}");
        assert!(s.contains("- skipped x"));
        let r = readme_md(&meta, &info, "Run", RUN_METHOD);
        assert!(r.contains("rustc 1") && r.contains("`bench run`"));
        for doc in [throughput_svg(&rows), latency_svg(&rows), timeshare_svg(&techs)] {
            crate::svg::tests::well_formed(&doc).unwrap();
        }
    }

    #[test]
    fn folders_are_never_overwritten() {
        let out = std::env::temp_dir().join(format!("bench-report-{}", std::process::id()));
        let meta = RunMeta {
            command: String::new(),
            date: "2024-01-01".into(),
            time: "000000".into(),
            commit: String::new(),
            rustc: String::new(),
            cpu: String::new(),
            load: String::new(),
        };
        let a = write_folder(&out, &meta, "x", &[("a.txt", "1".into())]).unwrap();
        let b = write_folder(&out, &meta, "x", &[("a.txt", "2".into())]).unwrap();
        assert_ne!(a, b);
        assert_eq!(std::fs::read_to_string(a.join("a.txt")).unwrap(), "1");
        assert!(b.ends_with("2024-01-01-000000-x-2"));
        std::fs::remove_dir_all(&out).unwrap();
    }
}
