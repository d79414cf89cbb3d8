//! `bitdoku count`: the number of solutions of each puzzle line, counted up to `--limit`
//! (default 2, enough to tell none, one and several). One output line per puzzle line: the
//! count, with a `+` when the limit was reached (`2+` = at least two; with `--limit 1`, `1+`
//! = solvable).

use crate::InputArg;
use crate::bulk::{self, Kind};
use bitdoku_bitboard::{parse_line_at, quick_search_masks_into};
use clap::Args;
use std::io::Write;

/// Arguments of `count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArg,
    /// Count at most this many solutions (1 to 1,000,000).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    limit: u32,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
}

pub fn run(a: CountArgs) -> anyhow::Result<bool> {
    let limit = a.limit;
    let tally = bulk::run_into(&a.input.source(), a.threads, |line, out| {
        // A plain 81-character line goes straight to the search masks, written in place.
        // Its masks have the givens cleared from their peers: the prepared search skips that.
        let mut masks = [0u128; 9];
        let count = if quick_search_masks_into(line.bytes, &mut masks) {
            bitdoku_brute::count_solutions_prepared(&masks, limit).0
        } else {
            match parse_line_at(&line.text(), line.number) {
                Ok(None) => return None,
                Ok(Some(p)) => {
                    bitdoku_brute::count_solutions(&p.candidates().search_masks(), limit).0
                }
                Err(e) => {
                    let _ = writeln!(out, "error: {e}");
                    return Some(Kind::Invalid);
                }
            }
        };
        let kind = match count {
            0 => Kind::NoSolution,
            1 => Kind::Solved,
            _ => Kind::Multiple,
        };
        // With --limit 1 a count of 1 only says "at least one".
        let plus = if count >= limit { "+" } else { "" };
        // Writing to a vector cannot fail.
        let _ = writeln!(out, "{count}{plus}");
        Some(kind)
    })?;
    // Counting succeeded on every valid line: only bad lines make the run fail.
    Ok(tally.invalid == 0)
}
