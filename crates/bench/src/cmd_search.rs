//! `bench search-order`: the samples and held-out corpora loaded, the order search run, its
//! answers printed and its results folder written.

use crate::{BUNDLED, SearchArgs, corpus_line, dataset, references};
use anyhow::Result;
use bitdoku_bench::corpus::{self, Corpus};
use bitdoku_bench::meta::RunMeta;
use bitdoku_bench::report::{self, RunInfo};
use bitdoku_bench::{orders, search};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

pub(crate) fn run(args: &SearchArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let paths = if args.corpora.is_empty() {
        vec![dataset("magictour_top1465.txt")]
    } else {
        args.corpora.clone()
    };
    let meta = RunMeta::collect(Path::new("."));
    let threads = args.threads.max(1);
    let with_refs = |corpus: Corpus| -> Result<search::Sample> {
        let references = references(&corpus, threads)?;
        Ok(search::Sample { corpus, references })
    };
    let mut samples = Vec::new();
    let mut holdouts = Vec::new();
    for p in &paths {
        let (train, held) = corpus::load_split(p, args.sample, args.seed)?;
        samples.push(with_refs(train)?);
        if let Some(h) = held {
            holdouts.push(with_refs(h)?);
        }
    }
    let others: Vec<String> = if args.holdout.is_empty() {
        BUNDLED
            .iter()
            .map(|(name, _, _)| dataset(name))
            .filter(|d| {
                let stem = Path::new(d).file_stem().map(|s| s.to_string_lossy().into_owned());
                !samples.iter().any(|s| Some(&s.corpus.name) == stem.as_ref())
            })
            .collect()
    } else {
        args.holdout.clone()
    };
    for p in &others {
        holdouts.push(with_refs(corpus::load(p, Some(args.holdout_sample), args.seed)?)?);
    }
    let opts = search::SearchOptions {
        baseline: orders::parse_one(&args.baseline)?,
        pool: orders::parse_one(&args.pool)?,
        threads,
        budget_seconds: args.budget,
        repeats: args.repeats,
        min_gain: args.min_gain,
        passes: args.passes,
    };
    for s in &samples {
        eprintln!("corpus {}", s.corpus.describe());
    }
    for h in &holdouts {
        eprintln!("held-out corpus {}", h.corpus.describe());
    }
    eprintln!(
        "budget {} s for the search, then a validated side-by-side measurement on {} corpora",
        args.budget,
        samples.len() + holdouts.len()
    );
    let found = search::search(&samples, &holdouts, &opts, &mut |line| eprintln!("{line}"))?;
    let said = search::answers(&found, opts.baseline.name());
    let mut table = format!(
        "Geometric mean of puzzles/s over the search corpora: baseline {:.0}, searched {:.0} ({:.3}x)\n",
        found.geomean.0,
        found.geomean.1,
        found.geomean.1 / found.geomean.0.max(1e-12)
    );
    for (name, b, w) in &found.holdout {
        table.push_str(&format!(
            "Held-out corpus {name}: baseline {b:.0}, searched {w:.0} puzzles/s ({:.3}x)\n",
            w / b.max(1e-12)
        ));
    }
    table.push('\n');
    table.push_str(&search::side_by_side(&found.rows));
    let winner_line = format!("searched={}", found.winner.to_list());
    if args.json {
        for r in &found.rows {
            outln!("{}", serde_json::to_string(r)?);
        }
        eprintln!("{winner_line}\n{table}");
    } else {
        outln!(
            "winning order: {}\nbaseline {}: {}\n\n{table}",
            found.winner.to_list(),
            opts.baseline.name(),
            opts.baseline.to_list()
        );
    }
    for s in &said {
        if args.json {
            eprintln!("{s}");
        } else {
            outln!("{s}");
        }
    }
    if args.no_save {
        return Ok(ExitCode::SUCCESS);
    }
    let info = RunInfo {
        corpora: samples.iter().chain(&holdouts).map(|s| corpus_line(&s.corpus)).collect(),
        orders: vec![
            (opts.baseline.name().to_string(), opts.baseline.to_list()),
            ("searched".to_string(), found.winner.to_list()),
        ],
        threads,
        repeats: args.repeats + 2,
        granularity: "batch".to_string(),
        notes: Vec::new(),
        wall_seconds: started.elapsed().as_secs_f64(),
    };
    let mut summary = format!(
        "# Order search, {} {} UTC\n\n`{}`\n\n## Answers\n\n{}\n\nBaseline `{}`: {}\n\nWinner (`searched`): {}\n\n{}\n\
         Baseline and winner measured at the end of the search, corpus by corpus, interleaved (best of {} timed passes each), \
         after a validating warm-up of each.\n\n## Trials\n\n",
        meta.date,
        meta.clock(),
        meta.command,
        said.iter().map(|s| format!("- {s}")).collect::<Vec<_>>().join("\n"),
        opts.baseline.name(),
        opts.baseline.to_list(),
        found.winner.to_list(),
        table,
        args.repeats + 2
    );
    let trial_cells: Vec<Vec<String>> = found
        .trials
        .iter()
        .map(|t| {
            vec![
                t.n.to_string(),
                t.change.clone(),
                format!("{:.0}", t.puzzles_per_sec),
                t.solved_logic.to_string(),
                if t.accepted { "kept".into() } else { String::new() },
            ]
        })
        .collect();
    let trial_headers = [">n", "change", ">puzzles/s", ">solved by logic", "kept"];
    summary.push_str(&report::markdown_table(&trial_headers, &trial_cells));
    summary.push_str("\n## Profile (pool order, warm-up with per-call clocks)\n\n");
    let cells: Vec<Vec<String>> = found
        .costs
        .iter()
        .map(|k| {
            vec![
                k.id.to_string(),
                k.calls.to_string(),
                format!("{:.1}", k.ns_per_call),
                format!("{:.4}", k.yield_per_call),
                format!("{:.4}", k.score() * 1e3),
            ]
        })
        .collect();
    summary.push_str(&report::markdown_table(
        &["technique", ">calls", ">ns/call", ">effects/call", ">effects/us"],
        &cells,
    ));
    let method = format!(
        "{}\n\nProfile, greedy start, drops, then adjacent swaps: see `crates/bench/src/search.rs`. A move is kept \
         when the best of {} timed passes, alternating with the current order's, beats it by more than {:.1}% and the order still solves at \
         least as many puzzles by logic as the baseline. Budget {} s.",
        search_method_head(),
        args.repeats,
        args.min_gain * 100.0,
        args.budget
    );
    let mut sections = vec![(
        "Orders".to_string(),
        format!(
            "<p>Baseline <code>{}</code>: {}</p>\n<p>Winner (<code>searched</code>, also in \
             <code>order.txt</code>): {}</p>\n<p class=\"muted\">{}</p>\n",
            report::html_escape(opts.baseline.name()),
            report::html_escape(&opts.baseline.to_list()),
            report::html_escape(&found.winner.to_list()),
            report::html_escape(&method),
        ),
    )];
    sections.push(("Throughput".into(), report::inline_svg(&report::throughput_svg(&found.rows))));
    sections.push((
        "Latency distribution".into(),
        report::inline_svg(&report::latency_svg(&found.rows)),
    ));
    sections.push((
        "Time share per technique family".into(),
        report::inline_svg(&report::timeshare_svg(&found.techs)),
    ));
    let row_cells: Vec<Vec<String>> = found.rows.iter().map(report::main_cells).collect();
    sections.push((
        "Baseline and winner, corpus by corpus".into(),
        report::html_table(report::MAIN_HEADERS, &row_cells, &[]),
    ));
    let kept: Vec<bool> = found.trials.iter().map(|t| t.accepted).collect();
    sections.push(("Trials".into(), report::html_table(&trial_headers, &trial_cells, &kept)));
    let page = report::page_html(
        &meta,
        &info,
        &report::Page { title: "bitdoku order search".into(), answers: said.clone(), sections },
    );
    let files = vec![
        ("README.md", report::readme_md(&meta, &info, "bench search-order", &method)),
        ("report.html", page),
        ("summary.md", summary),
        ("order.txt", format!("# bench run --order @order.txt\n{winner_line}\n")),
        ("raw.csv", report::rows_csv(&found.rows)),
        ("techniques.csv", report::techs_csv(&found.techs)),
        ("trials.csv", search::trials_csv(&found.trials)),
        ("costs.csv", search::costs_csv(&found.costs)),
        ("latency.csv", report::latency_csv(&found.rows)),
        ("throughput.svg", report::throughput_svg(&found.rows)),
        ("latency.svg", report::latency_svg(&found.rows)),
        ("timeshare.svg", report::timeshare_svg(&found.techs)),
    ];
    let names: Vec<&str> = samples.iter().map(|s| s.corpus.name.as_str()).collect();
    let dir = report::write_folder(
        &args.out,
        &meta,
        &format!("search-order-{}", names.join("+")),
        &files,
    )?;
    eprintln!("results: {} (open {}/report.html)", dir.display(), dir.display());
    Ok(ExitCode::SUCCESS)
}

fn search_method_head() -> &'static str {
    "Bitboard engine, batch granularity, brute-force fallback on. Every measured order is a timed pass over the \
     same sample; answers of the final two orders are checked against the brute-force solver in their warm-ups."
}
