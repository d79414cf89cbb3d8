//! `bench run`: every (corpus, engine, order) row measured (a validating warm-up, then timed
//! passes), the answers printed, and the dated results folder written.

use crate::{BUNDLED, RunArgs, corpus_line, dataset, references};
use anyhow::{Context, Result, bail};
use bitdoku_bench::corpus::{self, Corpus};
use bitdoku_bench::engines::{Reference, Runner};
use bitdoku_bench::measure::{self, Row, TechRow};
use bitdoku_bench::meta::RunMeta;
use bitdoku_bench::orders;
use bitdoku_bench::progress::{self, Progress};
use bitdoku_bench::report::{self, RunInfo};
use bitdoku_engine::{Granularity, Order};
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

fn load_corpora(args: &RunArgs) -> Result<Vec<Corpus>> {
    if args.corpora.is_empty() {
        BUNDLED
            .iter()
            .map(|&(name, sample, full)| {
                let cap = if args.full { full } else { Some(sample) };
                corpus::load(&dataset(name), args.sample.or(cap), args.seed)
            })
            .collect()
    } else {
        args.corpora.iter().map(|p| corpus::load(p, args.sample, args.seed)).collect()
    }
}

fn granularity_name(g: Granularity) -> &'static str {
    match g {
        Granularity::Single => "single",
        Granularity::Batch => "batch",
    }
}

/// One planned row of a run: corpus index, runner, and its label.
struct Planned {
    corpus: usize,
    runner: Runner,
    label: String,
}

pub(crate) fn run(args: &RunArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let default_orders: Vec<String> =
        bitdoku_engine::PRESETS.iter().map(|p| p.name.to_string()).collect();
    let order_list =
        orders::parse_specs(if args.orders.is_empty() { &default_orders } else { &args.orders })?;
    let corpora = load_corpora(args)?;
    let meta = RunMeta::collect(Path::new("."));
    let threads = args.threads.max(1);
    let repeats = args.repeats.max(1);
    let mut rows: Vec<Row> = Vec::new();
    let mut techs: Vec<TechRow> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let stdout = std::io::stdout();
    let sampled = args.corpora.is_empty() && !args.full && args.sample.is_none();
    // Every row first, so that the progress bar knows how much is left.
    let mut plan: Vec<Planned> = Vec::new();
    for (k, c) in corpora.iter().enumerate() {
        for &engine in &args.engines {
            let orders_here: Vec<Option<&Order>> = if engine.uses_order() {
                order_list.iter().map(Some).collect()
            } else {
                vec![None]
            };
            for order in orders_here {
                match Runner::new(engine, order, args.granularity) {
                    Ok(runner) => plan.push(Planned {
                        corpus: k,
                        label: format!(
                            "{engine} {} on {}",
                            order.map_or("-", |o| o.name()),
                            c.name
                        ),
                        runner,
                    }),
                    Err(why) => {
                        let why = why.split(" (implemented:").next().unwrap_or_default();
                        let note = format!(
                            "{engine} skipped for order `{}`: {why}",
                            order.map_or("-", |o| o.name())
                        );
                        if !notes.contains(&note) {
                            eprintln!("  {note}");
                            notes.push(note);
                        }
                    }
                }
            }
        }
    }
    let known = progress::expected_us(&args.out);
    let estimates: Vec<f64> = plan
        .iter()
        .map(|p| {
            let c = &corpora[p.corpus];
            let key = (
                c.name.clone(),
                p.runner.kind().as_str().to_string(),
                p.runner.order().map_or_else(|| "-".to_string(), orders::short_name),
            );
            let us = known.get(&key).copied().unwrap_or(if p.runner.kind().uses_order() {
                1000.0
            } else {
                20.0
            });
            // The warm-up (instrumented, checked) costs about one and a half timed passes.
            us * 1e-6 * c.entries.len() as f64 * (1.5 + repeats as f64)
        })
        .collect();
    let bar = Progress::start(plan.iter().map(|p| p.label.clone()).collect(), estimates);
    if sampled {
        eprintln!(
            "Measuring a representative sample of each bundled corpus ({}), {} rows, {repeats} timed \
             passes each: about {} on an idle two-core machine, longer when it is shared. \
             `bench run --full` measures the whole corpora (about 24 minutes).",
            corpora
                .iter()
                .map(|c| format!("{} of {}", c.entries.len(), c.name))
                .collect::<Vec<_>>()
                .join(", "),
            plan.len(),
            progress::clock(bar.total_estimate()),
        );
    } else {
        eprintln!(
            "Measuring {} rows, {repeats} timed passes each (estimate {}).",
            plan.len(),
            progress::clock(bar.total_estimate())
        );
    }
    let mut prepared: Option<(usize, Vec<Reference>, Vec<u64>)> = None;
    for (k, p) in plan.iter().enumerate() {
        let c = &corpora[p.corpus];
        if prepared.as_ref().is_none_or(|x| x.0 != p.corpus) {
            bar.println(&format!("corpus {}", c.describe()));
            let refs = references(c, threads)?;
            let count_ns = measure::count_nanos(c, threads)?;
            prepared = Some((p.corpus, refs, count_ns));
        }
        let Some((_, refs, count_ns)) = prepared.as_ref() else { continue };
        let (runner, engine) = (&p.runner, p.runner.kind());
        bar.begin(k);
        let profile = measure::warm_up(runner, c, refs, threads)?;
        let mut passes = Vec::with_capacity(repeats);
        for i in 0..repeats {
            bar.phase(&format!("timed pass {}/{repeats}", i + 1));
            passes.push(measure::timed(runner, c, threads)?);
        }
        bar.end();
        let slowest = passes.iter().map(|t| t.seconds).fold(0.0, f64::max);
        let fastest = passes
            .into_iter()
            .min_by(|a, b| a.seconds.total_cmp(&b.seconds))
            .context("no timed pass")?;
        let order = runner.order();
        if fastest.counts.solved_logic != profile.solved_logic {
            bail!(
                "{engine} {}: the timed pass solved {} puzzles by logic, the warm-up {}",
                order.map_or("-", |o| o.name()),
                fastest.counts.solved_logic,
                profile.solved_logic
            );
        }
        let mut row = Row::new(runner, c, &fastest, threads);
        row.spread = slowest / fastest.seconds.max(1e-12) - 1.0;
        if engine.uses_order() {
            row.counted_share = measure::counted_share(&profile.counted, count_ns);
        }
        bar.println(&format!(
            "  {:<8} {:<12} {:>10} puzzles/s  p50 {:>9.2} us  logic {:>5.1}%  spread {:>4.1}%",
            row.engine,
            row.order,
            report::grouped(row.puzzles_per_sec),
            row.p50_us,
            row.solved_logic_pct,
            100.0 * row.spread
        ));
        if args.json {
            let mut out = stdout.lock();
            writeln!(out, "{}", serde_json::to_string(&row)?)?;
            out.flush()?;
        }
        if engine.uses_order() {
            techs.extend(measure::tech_rows(runner, c, &profile));
        }
        rows.push(row);
    }
    bar.finish();
    let previous = report::find_previous(&args.out, &rows);
    let mut answers = report::answers(&rows, previous.as_ref());
    if sampled {
        let what: Vec<String> = corpora
            .iter()
            .map(|c| format!("{} of {} puzzles of {}", c.entries.len(), c.total, c.name))
            .collect();
        answers.sentences.insert(
            0,
            format!(
                "This run measured a representative sample ({}); `bench run --full` measures \
                 the whole corpora.",
                what.join(", ")
            ),
        );
    }
    let mut text = report::stdout_table(&rows);
    text.push('\n');
    for s in &answers.sentences {
        text.push_str(s);
        text.push('\n');
    }
    if args.json {
        eprint!("{text}");
    } else {
        print!("{text}");
    }
    if args.no_save {
        return Ok(ExitCode::SUCCESS);
    }
    let info = RunInfo {
        corpora: corpora.iter().map(corpus_line).collect(),
        orders: order_list.iter().map(|o| (orders::short_name(o), o.to_list())).collect(),
        threads,
        repeats,
        granularity: format!(
            "{} (bitboard engine; the naive engine always runs batch)",
            granularity_name(args.granularity)
        ),
        notes,
        wall_seconds: started.elapsed().as_secs_f64(),
    };
    let mut summary = String::from("## Answers\n\n");
    for s in &answers.sentences {
        summary.push_str(&format!("- {s}\n"));
    }
    summary.push('\n');
    let summary = {
        let full = report::summary_md(&meta, &info, &rows, &techs);
        // The answers go right under the summary's heading lines.
        match full.find("## ") {
            Some(i) => format!("{}{summary}{}", &full[..i], &full[i..]),
            None => format!("{full}\n{summary}"),
        }
    };
    let files = vec![
        ("README.md", report::readme_md(&meta, &info, "bench run", report::RUN_METHOD)),
        ("summary.md", summary),
        ("report.html", report::run_page(&meta, &info, &answers, &rows, &techs)),
        ("raw.csv", report::rows_csv(&rows)),
        ("techniques.csv", report::techs_csv(&techs)),
        ("families.csv", report::families_csv(&report::family_rows(&techs))),
        ("latency.csv", report::latency_csv(&rows)),
        ("throughput.svg", report::throughput_svg(&rows)),
        ("latency.svg", report::latency_svg(&rows)),
        ("timeshare.svg", report::timeshare_svg(&techs)),
    ];
    let label = args.label.clone().unwrap_or_else(|| {
        if sampled {
            "sample"
        } else if args.full {
            "full"
        } else {
            "run"
        }
        .to_string()
    });
    let dir = report::write_folder(&args.out, &meta, &label, &files)?;
    eprintln!("results: {} (open {}/report.html)", dir.display(), dir.display());
    Ok(ExitCode::SUCCESS)
}
