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

mod cmd_agree;
mod cmd_run;
mod cmd_search;

use anyhow::Result;
use bitdoku_bench::corpus::Corpus;
use bitdoku_bench::engines::{EngineKind, Reference, reference};
use bitdoku_engine::Granularity;
use clap::{Args, Parser, Subcommand};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
/// The default sample is sized so that the measuring part of the default run (every engine,
/// every preset, a warm-up and three timed passes per row, one thread) takes at most about
/// three minutes of one core: 40 top1465, 20 forum_hardest, 1,000 17-clue and 300 generated
/// puzzles. Nearly all of it is the naive engine's `hodoku`, `all` and `complete` rows (with
/// HoDoKu's net tables about 1.2 s per top1465 puzzle and 2.7 s per forum_hardest puzzle over a
/// run's four passes, against 16 ms per 17-clue and 62 ms per generated puzzle; measured on an
/// idle AMD EPYC, 2026-11-28). The forum puzzles are all about equally hard (p90 within 15% of
/// the median), so 20 of them give its rows' means; the 17-clue and generated samples stay
/// large enough that their p99 is not a single puzzle. The full run (`--full`: every puzzle
/// of top1465 and forum_hardest, 10,000 17-clue puzzles, the 10,000 generated ones) is
/// unchanged.
const BUNDLED: &[(&str, usize, Option<usize>)] = &[
    ("magictour_top1465.txt", 40, None),
    ("forum_hardest_1106.txt", 20, None),
    ("sudoku17_royle_49158.txt", 1_000, Some(10_000)),
    ("generated_minimal_10k.txt", 300, None),
];

#[derive(Args)]
struct RunArgs {
    /// Corpus file, one puzzle per line (repeatable; `-` = standard input). Default: the
    /// bundled top1465, forum_hardest_1106, 17-clue list and generated_minimal_10k, a
    /// representative sample of each (40, 20, 1,000 and 300 puzzles: at most about three minutes
    /// of one core); `--full` measures them whole (10,000 of the 17-clue list; about 24 minutes).
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
        Command::Run(a) => cmd_run::run(&a),
        Command::Agree(a) => cmd_agree::run(&a),
        Command::SearchOrder(a) => cmd_search::run(&a),
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
