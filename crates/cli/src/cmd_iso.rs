//! `bitdoku shuffle` (a random isomorph of each line, seedable, candidate grids too) and
//! `bitdoku canon` (the minlex canonical form of each puzzle; `--dedup` keeps first
//! occurrences only; `--automorphisms` adds the automorphism count and `--map` the
//! transformation to the form). One output line per puzzle line, in input order, like `solve`.

use crate::InputArg;
use crate::bulk::{self, Kind, Processed};
use crate::input::Line;
use bitdoku_bitboard::{Candidates, Puzzle, parse_line_at, to_candidate_line};
use bitdoku_generate::{Isomorph, canonical, puzzle_seed};
use clap::Args;
use std::collections::HashSet;
use std::fmt::Write as _;

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
    /// Append the number of automorphisms: the geometric transformations (of the 3,359,232)
    /// that map the puzzle onto itself with some relabelling (1 = no symmetry).
    #[arg(long)]
    automorphisms: bool,
    /// Append the transformation from the input to its form, as
    /// `t=T,r=RRRRRRRRR,c=CCCCCCCCC,d=DDDDDDDDD` (see the README).
    #[arg(long)]
    map: bool,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
}

pub fn canon(a: CanonArgs) -> anyhow::Result<bool> {
    crate::progress::set_noun(crate::progress::Noun::Canon);
    let (automorphisms, map) = (a.automorphisms, a.map);
    let process = |line: &Line| -> Processed {
        let puzzle = match parse_line_at(&line.text(), line.number) {
            Ok(None) => return None,
            Ok(Some(p)) => p,
            Err(e) => return Some((format!("error: {e}"), Kind::Invalid)),
        };
        Some(match puzzle {
            Puzzle::Givens(values) => {
                let c = canonical(&values);
                let mut text: String = c.form.iter().map(|&v| char::from(b'0' + v)).collect();
                if automorphisms {
                    let _ = write!(text, " {}", c.automorphisms);
                }
                if map {
                    let _ = write!(text, " {}", c.map);
                }
                (text, Kind::Solved)
            }
            Puzzle::Grid(_) => (
                format!(
                    "error: line {}: canon takes 81-character puzzles (clues), not candidate grids",
                    line.number
                ),
                Kind::Invalid,
            ),
        })
    };
    let source = a.input.source();
    let tally = if a.dedup {
        let mut seen: HashSet<String> = HashSet::new();
        // The form is the first 81 characters (the count and the map follow it).
        bulk::run_filtered(&source, a.threads, process, |text: &String| {
            text.starts_with("error:") || seen.insert(text.get(..81).unwrap_or(text).to_string())
        })?
    } else {
        // No filter: each chunk's lines are formatted by its worker, not under the runner's
        // lock by the writer (the filter path), so two threads scale.
        bulk::run(&source, a.threads, process)?
    };
    Ok(tally.all_solved())
}
