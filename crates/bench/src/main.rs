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

/// The bundled corpora of a default run, with the sample taken from each when `--sample` is
/// not given (`None` = the whole file). The default run (every engine, every preset, one
/// thread) with `--repeats 3` took 1,413 s on two cores (a warm-up and three timed passes per
/// row; one timed pass takes a bit over half that), nearly all of it the naive engine's
/// `hodoku`, `all` and `complete` rows.
const DEFAULT_CORPORA: &[(&str, Option<usize>)] = &[
    ("magictour_top1465.txt", None),
    ("forum_hardest_1106.txt", None),
    ("sudoku17_royle_49158.txt", Some(10_000)),
    ("generated_minimal_10k.txt", None),
];

#[derive(Args)]
struct RunArgs {
    /// Corpus file, one puzzle per line (repeatable; `-` = standard input). Default: the
    /// bundled top1465, forum_hardest_1106, a 10,000-puzzle sample of the 17-clue list and
    /// generated_minimal_10k.
    #[arg(long = "corpus", value_name = "FILE")]
    corpora: Vec<String>,
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
    /// Timed passes per row; the fastest counts (its histogram too). Warm-ups run once.
    #[arg(long, default_value_t = 1)]
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
    /// Short label appended to the results folder name.
    #[arg(long, default_value = "run")]
    label: String,
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
    /// A corpus the search never sees, measured at the end with the baseline and the winner.
    #[arg(long, value_name = "FILE")]
    holdout: Option<String>,
    /// The order to beat.
    #[arg(long, default_value = "hodoku")]
    baseline: String,
    /// The techniques the search may use (an order; its sequence is the fallback start).
    #[arg(long, default_value = "all")]
    pool: String,
    /// Puzzles sampled from the corpus.
    #[arg(long, default_value_t = 1500)]
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
        DEFAULT_CORPORA
            .iter()
            .map(|(name, cap)| corpus::load(&dataset(name), args.sample.or(*cap), args.seed))
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

fn cmd_run(args: &RunArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let default_orders: Vec<String> =
        bitdoku_engine::PRESETS.iter().map(|p| p.name.to_string()).collect();
    let order_list =
        orders::parse_specs(if args.orders.is_empty() { &default_orders } else { &args.orders })?;
    let corpora = load_corpora(args)?;
    let meta = RunMeta::collect(Path::new("."));
    let threads = args.threads.max(1);
    let mut rows: Vec<Row> = Vec::new();
    let mut techs: Vec<TechRow> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let stdout = std::io::stdout();
    for c in &corpora {
        eprintln!("corpus {}", c.describe());
        let refs = references(c, threads)?;
        let count_ns = measure::count_nanos(c, threads)?;
        for &engine in &args.engines {
            let orders_here: Vec<Option<&Order>> = if engine.uses_order() {
                order_list.iter().map(Some).collect()
            } else {
                vec![None]
            };
            for order in orders_here {
                let runner = match Runner::new(engine, order, args.granularity) {
                    Ok(r) => r,
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
                        continue;
                    }
                };
                let profile = measure::warm_up(&runner, c, &refs, threads)?;
                let mut t = measure::timed(&runner, c, threads)?;
                for _ in 1..args.repeats {
                    let again = measure::timed(&runner, c, threads)?;
                    if again.seconds < t.seconds {
                        t = again;
                    }
                }
                if t.counts.solved_logic != profile.solved_logic {
                    bail!(
                        "{engine} {}: the timed pass solved {} puzzles by logic, the warm-up {}",
                        order.map_or("-", |o| o.name()),
                        t.counts.solved_logic,
                        profile.solved_logic
                    );
                }
                let mut row = Row::new(&runner, c, &t, threads);
                if engine.uses_order() {
                    row.counted_share = measure::counted_share(&profile.counted, &count_ns);
                }
                eprintln!(
                    "  {:<8} {:<12} {:>10.0} puzzles/s  p50 {:>9.2} us  logic {:>5.1}%",
                    row.engine, row.order, row.puzzles_per_sec, row.p50_us, row.solved_logic_pct
                );
                if args.json {
                    let mut out = stdout.lock();
                    writeln!(out, "{}", serde_json::to_string(&row)?)?;
                    out.flush()?;
                }
                if engine.uses_order() {
                    techs.extend(measure::tech_rows(&runner, c, &profile));
                }
                rows.push(row);
            }
        }
    }
    let table = report::stdout_table(&rows);
    if args.json {
        eprint!("{table}");
    } else {
        print!("{table}");
    }
    if args.no_save {
        return Ok(ExitCode::SUCCESS);
    }
    let info = RunInfo {
        corpora: corpora.iter().map(corpus_line).collect(),
        orders: order_list.iter().map(|o| (orders::short_name(o), o.to_list())).collect(),
        threads,
        repeats: args.repeats.max(1),
        granularity: format!(
            "{} (bitboard engine; the naive engine always runs batch)",
            granularity_name(args.granularity)
        ),
        notes,
        wall_seconds: started.elapsed().as_secs_f64(),
    };
    let files = vec![
        ("README.md", report::readme_md(&meta, &info, "bench run", report::RUN_METHOD)),
        ("summary.md", report::summary_md(&meta, &info, &rows, &techs)),
        ("raw.csv", report::rows_csv(&rows)),
        ("techniques.csv", report::techs_csv(&techs)),
        ("families.csv", report::families_csv(&report::family_rows(&techs))),
        ("latency.csv", report::latency_csv(&rows)),
        ("throughput.svg", report::throughput_svg(&rows)),
        ("latency.svg", report::latency_svg(&rows)),
        ("timeshare.svg", report::timeshare_svg(&techs)),
    ];
    let dir = report::write_folder(&args.out, &meta, &args.label, &files)?;
    eprintln!("results: {}", dir.display());
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
    let load = |path: &str| -> Result<search::Sample> {
        let corpus = corpus::load(path, Some(args.sample), args.seed)?;
        let references = references(&corpus, threads)?;
        Ok(search::Sample { corpus, references })
    };
    let samples = paths.iter().map(|p| load(p)).collect::<Result<Vec<_>>>()?;
    let holdout = args.holdout.as_deref().map(load).transpose()?;
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
    if let Some(h) = &holdout {
        eprintln!("held-out corpus {}", h.corpus.describe());
    }
    let found = search::search(&samples, holdout.as_ref(), &opts, &mut |line| eprintln!("{line}"))?;
    let mut table = format!(
        "Geometric mean of puzzles/s over the search corpora: baseline {:.0}, searched {:.0} ({:.3}x)\n",
        found.geomean.0,
        found.geomean.1,
        found.geomean.1 / found.geomean.0.max(1e-12)
    );
    if let Some((b, w)) = found.holdout {
        table.push_str(&format!(
            "Held-out corpus: baseline {b:.0}, searched {w:.0} puzzles/s ({:.3}x)\n",
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
    if args.no_save {
        return Ok(ExitCode::SUCCESS);
    }
    let info = RunInfo {
        corpora: samples.iter().chain(holdout.as_ref()).map(|s| corpus_line(&s.corpus)).collect(),
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
        "# Order search, {} {} UTC\n\n`{}`\n\nBaseline `{}`: {}\n\nWinner (`searched`): {}\n\n{}\n\
         Baseline and winner measured at the end of the search, corpus by corpus, interleaved (best of {} timed passes each), \
         after a validating warm-up of each.\n\n## Trials\n\n",
        meta.date,
        meta.clock(),
        meta.command,
        opts.baseline.name(),
        opts.baseline.to_list(),
        found.winner.to_list(),
        table,
        args.repeats + 2
    );
    let cells: Vec<Vec<String>> = found
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
    summary.push_str(&report::markdown_table(
        &[">n", "change", ">puzzles/s", ">solved by logic", "kept"],
        &cells,
    ));
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
    let files = vec![
        ("README.md", report::readme_md(&meta, &info, "bench search-order", &method)),
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
    eprintln!("results: {}", dir.display());
    Ok(ExitCode::SUCCESS)
}

fn search_method_head() -> &'static str {
    "Bitboard engine, batch granularity, brute-force fallback on. Every measured order is a timed pass over the \
     same sample; answers of the final two orders are checked against the brute-force solver in their warm-ups."
}
