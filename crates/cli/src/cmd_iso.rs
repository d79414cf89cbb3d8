//! `bitdoku shuffle` (a random isomorph of each line, seedable, candidate grids too) and
//! `bitdoku canon` (the minlex canonical form of each puzzle; `--dedup` keeps first
//! occurrences only). One output line per puzzle line, in input order, like `solve`.

use crate::InputArg;
use crate::bulk::{self, Kind};
use bitdoku_bitboard::{Candidates, Puzzle, parse_line_at, to_candidate_line};
use bitdoku_generate::{Isomorph, minlex_line, puzzle_seed};
use clap::Args;
use std::collections::HashSet;

/// Arguments of `shuffle`.
#[derive(Args, Debug)]
pub struct ShuffleArgs {
    #[command(flatten)]
    input: InputArg,
    /// Seed: the same seed gives the same output, whatever the thread count (each line's
    /// isomorph comes from the seed and the line number).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
}

pub fn shuffle(a: ShuffleArgs) -> anyhow::Result<bool> {
    crate::progress::set_noun(crate::progress::Noun::Shuffle);
    let tally = bulk::run(&a.input.source(), a.threads, |line| {
        let puzzle = match parse_line_at(&line.text(), line.number) {
            Ok(None) => return None,
            Ok(Some(p)) => p,
            Err(e) => return Some((format!("error: {e}"), Kind::Invalid)),
        };
        let mut rng = fastrand::Rng::with_seed(puzzle_seed(a.seed, line.number as u64));
        let t = Isomorph::random(&mut rng);
        let text = match puzzle {
            Puzzle::Givens(values) => Puzzle::Givens(t.apply(&values)).to_line(),
            Puzzle::Grid(masks) => {
                to_candidate_line(&Candidates::from_masks(t.apply_masks(&masks)))
            }
        };
        Some((text, Kind::Solved))
    })?;
    Ok(tally.all_solved())
}

/// Arguments of `canon`.
#[derive(Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    input: InputArg,
    /// Print only the first occurrence of each canonical form (the output then no longer has
    /// one line per input line).
    #[arg(long)]
    dedup: bool,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
}

pub fn canon(a: CanonArgs) -> anyhow::Result<bool> {
    crate::progress::set_noun(crate::progress::Noun::Canon);
    let mut seen: HashSet<String> = HashSet::new();
    let dedup = a.dedup;
    let tally = bulk::run_filtered(
        &a.input.source(),
        a.threads,
        |line| {
            let puzzle = match parse_line_at(&line.text(), line.number) {
                Ok(None) => return None,
                Ok(Some(p)) => p,
                Err(e) => return Some((format!("error: {e}"), Kind::Invalid)),
            };
            Some(match puzzle {
                Puzzle::Givens(values) => (minlex_line(&values), Kind::Solved),
                Puzzle::Grid(_) => (
                    format!(
                        "error: line {}: canon takes 81-character puzzles (clues), not candidate grids",
                        line.number
                    ),
                    Kind::Invalid,
                ),
            })
        },
        |text| !dedup || text.starts_with("error:") || seen.insert(text.to_string()),
    )?;
    Ok(tally.all_solved())
}
