//! `bench`: compares engines and technique orders over corpora (`bench run`), checks that the
//! bitboard and naive engines go through the same states (`bench agree`), and searches for a
//! faster order (`bench search-order`). Results go to a new dated folder under `results/`.
//!
//! Exit status: 0 on success, 1 when a check fails (a wrong answer in a warm-up, a divergence
//! in `agree`), 2 for usage errors and unreadable files (as `bitdoku`).

/// `println!` that returns the write error instead of panicking on a closed pipe.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?
    }};
}

use anyhow::{Context, Result, bail};
use bitdoku_bench::corpus::{self, Corpus};
use bitdoku_bench::engines::{EngineKind, Reference, Runner, reference};
use bitdoku_bench::measure::{self, Row, TechRow};
use bitdoku_bench::meta::RunMeta;
use bitdoku_bench::progress::{self, Progress};
use bitdoku_bench::report::{self, RunInfo};
use bitdoku_bench::{agree, orders, search};
use bitdoku_engine::{Granularity, Order};
use clap::{Args, Parser, Subcommand};
use rayon::prelude::*;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Benchmarks for bitdoku: engines x technique orders x corpora.
#[derive(Parser)]
#[command(name = "bench", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Measure engines and orders over corpora; write a dated results folder.
    Run(RunArgs),
    /// Step the bitboard and naive engines side by side and compare every state.
    Agree(AgreeArgs),
    /// Search for an order faster than a baseline at the same or better logic-solve rate.
    SearchOrder(SearchArgs),
}

/// The bundled corpora of a run: (file, puzzles measured by default, puzzles measured with
/// `--full`; `None` = the whole file).
///
/// The default sample is sized so that the default run (every engine, every preset, a warm-up
/// and three timed passes per row, one thread) takes about two minutes on two cores after the
/// build: from the full run's per-puzzle times (results/2026-11-26-204628-...: the naive
/// engine's `hodoku`, `all` and `complete` rows cost about 0.13 s per top1465 puzzle and
/// 0.23 s per forum_hardest puzzle over all orders, the 17-clue and generated puzzles 1.3 ms
/// and 6.5 ms), a timed pass over the sample takes about 25 s. The full run (`--full`, as
/// before: every puzzle of top1465 and forum_hardest, 10,000 17-clue puzzles, the 10,000
/// generated ones) took 1,444 s with `--repeats 3`.
const BUNDLED: &[(&str, usize, Option<usize>)] = &[
    ("magictour_top1465.txt", 80, None),
    ("forum_hardest_1106.txt", 40, None),
    ("sudoku17_royle_49158.txt", 2_000, Some(10_000)),
    ("generated_minimal_10k.txt", 500, None),
];

#[derive(Args)]
struct RunArgs {
    /// Corpus file, one puzzle per line (repeatable; `-` = standard input). Default: the
    /// bundled top1465, forum_hardest_1106, 17-clue list and generated_minimal_10k, a
    /// representative sample of each (80, 40, 2,000 and 500 puzzles: about two minutes on two
    /// cores); `--full` measures them whole (10,000 of the 17-clue list; about 24 minutes).
    #[arg(long = "corpus", value_name = "FILE")]
    corpora: Vec<String>,
    /// Measure the bundled corpora whole instead of the default sample.
    #[arg(long)]
    full: bool,
    /// Engines, comma-separated: bitboard, naive, brute.
    #[arg(
        long = "engine",
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "bitboard,naive,brute"
    )]
    engines: Vec<EngineKind>,
    /// Technique order (repeatable): a preset (singles, seeds, hodoku, all, complete), a comma-separated
    /// id list, `label=ids`, or `@FILE` with one order per line. Default: every preset.
    #[arg(long = "order", value_name = "ORDER")]
    orders: Vec<String>,
    /// Granularity of the bitboard engine (the naive engine always runs batch).
    #[arg(long, default_value = "batch", value_parser = parse_granularity)]
    granularity: Granularity,
    /// Threads of the warm-up and timed passes (1 gives the most stable timings).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Timed passes per row; the fastest counts (its histogram too), the spread between them is
    /// the row's noise. Warm-ups run once.
    #[arg(long, default_value_t = 3)]
    repeats: usize,
    /// Measure a deterministic sample of N puzzles of each corpus.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Seed of the sample.
    #[arg(long, default_value_t = 20_240_601)]
    seed: u64,
    /// Print one JSON object per measured row on standard output (the table goes to stderr).
    #[arg(long)]
    json: bool,
    /// Folder that receives the dated results folder.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Short label appended to the results folder name (default: `sample`, `full` or `run`).
    #[arg(long)]
    label: Option<String>,
    /// Do not write a results folder.
    #[arg(long)]
    no_save: bool,
}

#[derive(Args)]
struct AgreeArgs {
    /// Corpus file (repeatable; `-` = standard input).
    #[arg(long = "corpus", value_name = "FILE", required = true)]
    corpora: Vec<String>,
    /// Technique order (a preset, an id list or `label=ids`).
    #[arg(long, default_value = "seeds")]
    order: String,
    /// Compare a deterministic sample of N puzzles of each corpus.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Seed of the sample.
    #[arg(long, default_value_t = 20_240_601)]
    seed: u64,
    /// Only the first N puzzles of each corpus (after sampling).
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Also list the line of every divergent puzzle.
    #[arg(long)]
    list: bool,
    /// Also print how many agreed steps each technique fired.
    #[arg(long)]
    fired: bool,
}

#[derive(Args)]
struct SearchArgs {
    /// Corpus file (repeatable; `-` = standard input; .gz/.xz read as such). With several,
    /// an order's speed is the geometric mean of its puzzles/s over them and it must keep every
    /// corpus's logic-solve count. Default: top1465.
    #[arg(long = "corpus", value_name = "FILE")]
    corpora: Vec<String>,
    /// A corpus the search never sees, measured at the end with the baseline and the winner
    /// (repeatable). Default: every bundled corpus not searched on. Other puzzles of each
    /// search corpus, outside its sample, are always measured too (held out, same kind).
    #[arg(long, value_name = "FILE")]
    holdout: Vec<String>,
    /// Puzzles sampled from each `--holdout` (or bundled) corpus.
    #[arg(long, value_name = "N", default_value_t = 500)]
    holdout_sample: usize,
    /// The order to beat.
    #[arg(long, default_value = "hodoku")]
    baseline: String,
    /// The techniques the search may use (an order; its sequence is the fallback start).
    #[arg(long, default_value = "all")]
    pool: String,
    /// Puzzles sampled from each search corpus (as many other puzzles of it, when it has
    /// them, are held out to check the winner on).
    #[arg(long, default_value_t = 1000)]
    sample: usize,
    /// Seed of the sample.
    #[arg(long, default_value_t = 20_240_601)]
    seed: u64,
    /// Threads of each timed pass.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Time budget in seconds (no new trial starts after it).
    #[arg(long, default_value_t = 180.0)]
    budget: f64,
    /// Timed passes per trial (the best counts).
    #[arg(long, default_value_t = 3)]
    repeats: usize,
    /// Relative gain in puzzles/s needed to keep a move.
    #[arg(long, default_value_t = 0.01)]
    min_gain: f64,
    /// Passes of adjacent swaps.
    #[arg(long, default_value_t = 2)]
    passes: usize,
    /// Print the two final rows as JSON objects on standard output.
    #[arg(long)]
    json: bool,
    /// Folder that receives the dated results folder.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Do not write a results folder.
    #[arg(long)]
    no_save: bool,
}

fn parse_granularity(s: &str) -> Result<Granularity, String> {
    s.parse()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(a) => cmd_run(&a),
        Command::Agree(a) => cmd_agree(&a),
        Command::SearchOrder(a) => cmd_search(&a),
    };
    match result {
        Ok(code) => code,
        // The reader of standard output went away (`bench ... | head`): stop quietly.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if e.chain().any(|c| c.is::<bitdoku_bench::measure::WrongAnswer>()) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
        // Bad arguments, unreadable corpora, unknown orders: a usage error, as in `bitdoku`.
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether the error comes from writing to a closed pipe.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// `datasets/NAME` from the current directory, else from the workspace this binary was built in.
fn dataset(name: &str) -> String {
    let here = Path::new("datasets").join(name);
    if here.exists() {
        return here.display().to_string();
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(name).display().to_string()
}

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

fn references(corpus: &Corpus, threads: usize) -> Result<Vec<Reference>> {
    if threads <= 1 {
        return Ok(corpus.entries.iter().map(reference).collect());
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    Ok(pool.install(|| corpus.entries.par_iter().map(reference).collect()))
}

fn corpus_line(c: &Corpus) -> String {
    format!(
        "`{}`: {}; parse {:.3} us/puzzle ({} path)",
        c.name,
        c.describe(),
        c.parse_us_per_puzzle(),
        if c.fast_path { "82-byte record" } else { "line parser" }
    )
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

fn cmd_run(args: &RunArgs) -> Result<ExitCode> {
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

fn cmd_agree(args: &AgreeArgs) -> Result<ExitCode> {
    let order = orders::parse_one(&args.order)?;
    let mut total = agree::Report::default();
    for path in &args.corpora {
        let mut c = corpus::load(path, args.sample, args.seed)?;
        if let Some(n) = args.limit {
            c.entries.truncate(n);
        }
        let r = agree::run(&c.entries, &order)
            .map_err(|e| anyhow::anyhow!(e))
            .with_context(|| format!("order {}", order.name()))?;
        eprintln!("{}: {}", c.name, r.summary_line());
        if args.list && !r.divergent_lines.is_empty() {
            outln!("{}: divergent lines {:?}", c.name, r.divergent_lines);
        }
        let mut r = r;
        if let Some(d) = r.first.as_mut() {
            d.puzzle = format!("{} ({} line {})", d.puzzle, c.name, d.line);
        }
        total.merge(r);
    }
    if total.divergences > 0 {
        print!(
            "divergences by kind (techniques fired at the divergent step):\n{}",
            total.kinds_text()
        );
    }
    if let Some(d) = &total.first {
        outln!("{d}");
    }
    if args.fired {
        outln!("agreed steps by technique:\n{}", total.fired_text().trim_end());
    }
    outln!("{}", total.summary_line());
    Ok(if total.divergences > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn cmd_search(args: &SearchArgs) -> Result<ExitCode> {
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
