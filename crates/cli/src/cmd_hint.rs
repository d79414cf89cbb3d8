//! `bitdoku hint`: the next logical step (the easiest technique of the order that applies)
//! for a puzzle line or a 729-character candidate grid, with a short explanation.

use crate::{OrderArgs, cmd_solve::step_json};
use bitdoku_bitboard::parse_line_at;
use bitdoku_engine::{Engine, Granularity, Options};
use clap::Args;
use std::io::Read;

/// Arguments of `hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// The puzzle (81 characters) or candidate grid (729 characters); a file of such lines;
    /// or `-`/nothing for standard input.
    input: Option<String>,
    #[command(flatten)]
    order: OrderArgs,
    /// Print the step as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(a: HintArgs) -> anyhow::Result<bool> {
    let mut o = Options::new(a.order.resolve()?);
    o.granularity = Granularity::Single;
    let engine = Engine::new(o);
    let text = match a.input.as_deref() {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s)?;
            s
        }
        Some(arg) if std::path::Path::new(arg).is_file() => std::fs::read_to_string(arg)?,
        Some(arg) => arg.to_string(),
    };
    let mut all_ok = true;
    for (i, line) in text.lines().enumerate() {
        let puzzle = match parse_line_at(line, i + 1) {
            Ok(None) => continue,
            Ok(Some(p)) => p,
            Err(e) => {
                println!("error: {e}");
                all_ok = false;
                continue;
            }
        };
        let state = puzzle.candidates();
        if state.is_solved() {
            println!("already solved");
            continue;
        }
        let (count, _) = bitdoku_brute::count_solutions(&state.search_masks(), 2);
        if count == 0 {
            println!("error: no solution (the grid contradicts itself)");
            all_ok = false;
            continue;
        }
        match engine.hint(&state, count == 1) {
            Some(step) if a.json => {
                let mut s = String::new();
                step_json(&mut s, &step);
                println!("{s}");
            }
            Some(step) => println!("{}", step.explain()),
            None => {
                println!(
                    "no logical step: no technique of order {} applies{}",
                    engine.options().order,
                    if count > 1 { " (the puzzle has several solutions)" } else { "" }
                );
                all_ok = false;
            }
        }
    }
    Ok(all_ok)
}
