//! `summary.md` and the README of a results folder.

#[allow(unused_imports)]
use super::*;

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
        let ceilings: Vec<Option<f64>> =
            ratios.iter().map(|(c, o, _, _)| shared_work_ceiling(rows, c, o)).collect();
        let cells: Vec<Vec<String>> = ratios
            .iter()
            .zip(&ceilings)
            .map(|((c, o, b, n), ceiling)| {
                vec![
                    c.clone(),
                    o.clone(),
                    f(*b, 0),
                    f(*n, 0),
                    format!("{:.1}x", b / n.max(1e-12)),
                    ceiling.map_or("-".into(), |x| format!("{x:.1}x")),
                ]
            })
            .collect();
        s.push_str(&markdown_table(
            &[
                "corpus",
                "order",
                ">bitboard puzzles/s",
                ">naive puzzles/s",
                ">bitboard/naive",
                ">ceiling",
            ],
            &cells,
        ));
        let g = geomean(&ratios.iter().map(|(_, _, b, n)| b / n.max(1e-12)).collect::<Vec<_>>());
        let _ = writeln!(s, "\nGeometric mean of the ratios: **{g:.1}x**.\n");
        if let Some(all) = ceilings.iter().copied().collect::<Option<Vec<f64>>>() {
            let _ = writeln!(
                s,
                "Ceiling: the ratio the row would have if the bitboard engine took no time beyond \
                 the brute-force work both engines share: the uniqueness count on the puzzles they \
                 count (every puzzle but those that logic fills before the order reaches a \
                 uniqueness technique; the fallback takes the counted solution). That is the \
                 `brute` row's time (a count of every puzzle) times the row's `counted_share` in \
                 `raw.csv` (the share of the count time that falls on the counted puzzles); the \
                 ceiling is naive time / that time. No speed-up of the bitboard logic alone can \
                 take a row past it. Geometric mean of the ceilings: **{:.1}x**.\n",
                geomean(&all)
            );
        }
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
Engines: `bitboard` = `bitdoku_engine::Engine::solve` (the order, with the solutions counted up to \
two by brute force when the order first reaches a uniqueness technique or when logic stops short \
of a filled grid, then the counted solution when logic stalls; a grid that logic fills first needs \
no count); `naive` = the same steps with `bitdoku_naive::NaiveEngine` (the same brute-force count \
at the same points and the same fallback, batch granularity, uniqueness techniques only on puzzles \
with one solution), so bitboard/naive compares the logic engines on the same work; `brute` = \
`bitdoku_brute::count_solutions_with_stats(masks, 2)`. `logic %` = puzzles solved without \
fallback; guesses/puzzle counts the brute-force guesses (the uniqueness count where one ran, plus \
any fallback search). Orders are ranked by the geometric mean over corpora of their puzzles/s divided \
by that of the first order.\n\n\
Files: `report.html` (one self-contained page: the answers, the charts, the table, the \
machine and commit), `raw.csv` (one line per row, with `spread` = slowest timed pass / fastest - 1, \
the row's own noise), `techniques.csv` (per technique, warm-up), `families.csv` \
(per family, bitboard vs naive), `latency.csv` (percentile curves), `summary.md`, \
`throughput.svg`, `latency.svg`, `timeshare.svg`.";
