//! `fuzz`: runs the randomised campaigns of `bitdoku-fuzz` (see the library docs) and exits 1
//! if any input panicked, produced an unsound step, or lost or misplaced an output line.
//!
//! ```sh
//! cargo build --release -p bitdoku-cli -p bitdoku-fuzz
//! target/release/fuzz --parse 8000000 --solve-lines 1500000 --states 500000 --broken 20000 --seed 1
//! target/release/fuzz --parse 0 --solve-lines 0 --states 0 --broken 0 --stall 1000000 --seed 1
//! ```

use anyhow::Result;
use bitdoku_fuzz::{Corpus, Report, broken_states, parse, solve_path, stall, techniques};
use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Randomised campaigns: parsing, the whole solve path, techniques on sound states and on
/// states without solution.
#[derive(Parser)]
#[command(name = "fuzz")]
struct Args {
    /// Random lines through the parser.
    #[arg(long, default_value_t = 100_000)]
    parse: u64,
    /// Random lines through `bitdoku solve --json` (in batches of --batch lines).
    #[arg(long, default_value_t = 20_000)]
    solve_lines: u64,
    /// Lines per `bitdoku solve` run.
    #[arg(long, default_value_t = 10_000)]
    batch: usize,
    /// Random sound states through every technique.
    #[arg(long, default_value_t = 2_000)]
    states: u64,
    /// Random states without solution through every technique and the engine.
    #[arg(long, default_value_t = 500)]
    broken: u64,
    /// Stall inputs (sparse, multi- and no-solution puzzles, dense candidate grids) through
    /// every preset, `complete` included, each within --stall-limit of CPU time.
    #[arg(long, default_value_t = 0)]
    stall: u64,
    /// The CPU time one stall input may take, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    stall_limit_ms: u64,
    /// Campaign seed (each input's own seed is derived from it and printed on failure).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The `bitdoku` binary (default: next to this program).
    #[arg(long)]
    bitdoku: Option<PathBuf>,
    /// Puzzles taken from each bundled corpus file.
    #[arg(long, default_value_t = 5_000)]
    per_file: usize,
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("fuzz: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<bool> {
    let a = Args::parse();
    let corpus = Corpus::load(&Corpus::default_dir(), a.per_file)?;
    let bitdoku = match a.bitdoku {
        Some(p) => p,
        None => std::env::current_exe()?.with_file_name("bitdoku"),
    };
    let mut total = Report::default();
    let mut one = |name: &str, f: &dyn Fn() -> Report| {
        let started = Instant::now();
        let r = f();
        println!("{name:<10} {} ({:.1}s)", r.summary(), started.elapsed().as_secs_f64());
        for failure in &r.failures {
            println!("  {failure}");
        }
        total.merge(r);
    };
    one("parse", &|| parse(&corpus, a.seed, a.parse));
    if a.solve_lines > 0 {
        if !bitdoku.exists() {
            anyhow::bail!(
                "{} not found: build it (cargo build --release -p bitdoku-cli) or pass --bitdoku",
                bitdoku.display()
            );
        }
        let batches = a.solve_lines.div_ceil(a.batch as u64);
        one("solve", &|| solve_path(&corpus, &bitdoku, a.seed, batches, a.batch));
    }
    one("techniques", &|| techniques(&corpus, a.seed, a.states));
    one("broken", &|| broken_states(&corpus, a.seed, a.broken));
    if a.stall > 0 {
        let limit = std::time::Duration::from_millis(a.stall_limit_ms);
        one("stall", &|| stall(&corpus, a.seed, a.stall, limit));
    }
    println!("total      {}", total.summary());
    Ok(total.clean())
}
