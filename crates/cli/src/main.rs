//! `bitdoku`: bulk-solve, rate, hint, check and reglib conformance from the command line.
//!
//! Exit status: 0 when every puzzle line was solved (or every check passed), 1 when some were
//! not, 2 for usage errors or unreadable input.
//!
//! Map: `input` (reading files, pipes, gzip and xz in chunks of numbered lines) and `bulk`
//! (workers over those chunks, output in input order) carry every bulk command; one
//! `cmd_*.rs` per subcommand; `json` the serde rows of `--json`; `rate_format` serate's `%`
//! conversions, parsed once; `budget` the per-puzzle limits' options; `progress` the
//! progress bar.

/// `println!` that returns the write error instead of panicking (a closed pipe ends the
/// command quietly; see `main`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?
    }};
}

mod budget;
mod bulk;
mod cmd_check;
mod cmd_classify;
mod cmd_count;
mod cmd_explain;
mod cmd_generate;
mod cmd_hint;
mod cmd_hunt;
mod cmd_iso;
mod cmd_rate;
mod cmd_reglib;
mod cmd_solve;
mod input;
mod progress;
mod rate_format;
mod show_chain;

use bitdoku_engine::{Granularity, Order};
use bitdoku_present::json;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Solve Sudoku the way a strong human does, at machine speed.
#[derive(Parser)]
#[command(name = "bitdoku", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve every puzzle of a file (or standard input): one output line per puzzle line.
    Solve(cmd_solve::SolveArgs),
    /// Rate every puzzle: HoDoKu level and score, SE-style ER/EP/ED.
    Rate(cmd_rate::RateArgs),
    /// Berthier's classification: T&E depth, W and B ratings, BxB, BxBB.
    Classify(cmd_classify::ClassifyArgs),
    /// The next logical step for a puzzle or a 729-character candidate grid.
    Hint(cmd_hint::HintArgs),
    /// Solve with logic and verify every step against the brute-force solution (like HoDoKu /bt).
    Check(cmd_check::CheckArgs),
    /// Run HoDoKu's regression library against the implemented techniques.
    Reglib(cmd_reglib::ReglibArgs),
    /// List the techniques and presets.
    Techniques,
    /// Count the solutions of every puzzle, up to --limit (default 2): `0`, `1`, `2+`.
    Count(cmd_count::CountArgs),
    /// Write a self-contained HTML page explaining every step of a puzzle (or of a file).
    Explain(cmd_explain::ExplainArgs),
    /// Generate minimal unique puzzles, optionally with a target for the solution path.
    Generate(cmd_generate::GenerateArgs),
    /// Vicinity search for the hardest: rounds of {-n+m} neighbours of seeds, screened, rated.
    Hunt(cmd_hunt::HuntArgs),
    /// A random isomorph of each puzzle line (seedable; candidate grids too).
    Shuffle(cmd_iso::ShuffleArgs),
    /// The minlex canonical form of each puzzle (`--dedup`: first occurrences only).
    Canon(cmd_iso::CanonArgs),
}

/// Options that choose the technique order, shared by the logic commands.
#[derive(Args, Clone, Debug)]
pub struct OrderArgs {
    /// Technique order: comma-separated ids (see `bitdoku techniques`).
    #[arg(long, value_name = "IDS", conflicts_with = "preset")]
    order: Option<String>,
    /// Named order (`bitdoku techniques` lists them).
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
}

impl OrderArgs {
    /// Whether an order was chosen explicitly.
    fn given(&self) -> bool {
        self.order.is_some() || self.preset.is_some()
    }

    /// The chosen order, `hodoku` by default.
    fn resolve(&self) -> anyhow::Result<Order> {
        let text = self.order.as_deref().or(self.preset.as_deref()).unwrap_or("hodoku");
        if self.preset.is_some() && Order::preset(text).is_none() {
            anyhow::bail!("unknown preset {text:?} ({})", bitdoku_engine::preset_names());
        }
        Ok(Order::parse(text)?)
    }
}

/// The most worker threads `--threads` accepts: far above any machine this runs on, far below
/// what makes the pool set-up itself take seconds.
pub const MAX_THREADS: usize = 1024;

/// Parses `--threads`: 0 (all cores) up to [`MAX_THREADS`].
fn parse_threads(s: &str) -> Result<usize, String> {
    let n: usize = s.parse().map_err(|_| format!("{s:?} is not a number of threads"))?;
    if n > MAX_THREADS {
        return Err(format!("at most {MAX_THREADS} threads (0 = all cores)"));
    }
    Ok(n)
}

/// Parses `single` / `batch`.
fn parse_granularity(s: &str) -> Result<Granularity, String> {
    s.parse()
}

/// Input file argument help shared by commands.
#[derive(Args, Clone, Debug)]
pub struct InputArg {
    /// Puzzle file, one puzzle per line; `-` or nothing for standard input (`solve` also takes
    /// a puzzle itself, as `hint` and `explain` do).
    file: Option<PathBuf>,
    /// The input's format: auto (detected from the first line), lines (bitdoku's own),
    /// list (the hardest lists' `PUZZLE;ER;EP;ED;...`, `;` or `,` after the puzzle) or csv
    /// (a header line naming the columns: `quizzes,solutions`, `puzzle`, `question`, ...).
    #[arg(long, value_name = "FORMAT", default_value = "auto")]
    input_format: bitdoku_bitboard::InputFormat,
    /// The CSV column holding the puzzle: a header name or a 1-based number (default: the
    /// column named puzzle, quizzes, quiz, question, sudoku, grid or givens, else the first).
    #[arg(long, value_name = "NAME|N")]
    column: Option<String>,
}

impl InputArg {
    /// Where the bulk runner reads from.
    fn source(&self) -> input::Source {
        input::Source {
            path: self.file.clone(),
            format: self.input_format,
            column: self.column.clone(),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(a) => cmd_solve::run(a),
        Command::Rate(a) => cmd_rate::run(a),
        Command::Classify(a) => cmd_classify::run(a),
        Command::Hint(a) => cmd_hint::run(a),
        Command::Check(a) => cmd_check::run(a),
        Command::Reglib(a) => cmd_reglib::run(a),
        Command::Techniques => techniques(),
        Command::Count(a) => cmd_count::run(a),
        Command::Explain(a) => cmd_explain::run(a),
        Command::Generate(a) => cmd_generate::run(a),
        Command::Hunt(a) => cmd_hunt::run(a),
        Command::Shuffle(a) => cmd_iso::shuffle(a),
        Command::Canon(a) => cmd_iso::canon(a),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // The reader of standard output went away (`bitdoku ... | head`): stop quietly.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bitdoku: error: {e:#}");
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

fn techniques() -> anyhow::Result<bool> {
    outln!(
        "{:<30} {:<14} {:>5} {:>6} {:<8} {:>4}",
        "id",
        "family",
        "order",
        "score",
        "level",
        "se"
    );
    let mut all: Vec<_> = bitdoku_strategies::registry::all().map(|t| t.id).collect();
    all.sort_by_key(|t| t.hodoku_order());
    for t in all {
        outln!(
            "{:<30} {:<14} {:>5} {:>6} {:<8} {:>4.1}",
            t.as_str(),
            t.family().as_str(),
            t.hodoku_order(),
            t.score(),
            t.level().as_str(),
            t.se_rating()
        );
    }
    outln!("");
    for p in bitdoku_engine::PRESETS {
        let o = Order::preset(p.name).expect("preset");
        outln!("preset {}: {}\n  {}", p.name, p.description, o.to_list());
    }
    Ok(true)
}
