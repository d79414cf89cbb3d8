//! `bitdoku rate`: one line per puzzle, `<puzzle> #<level> (<score>) ED=<er>/<ep>/<ed>` (the
//! HoDoKu `/bs` and serate conventions side by side), in input order.

use crate::bulk::{self, Kind};
use crate::{InputArg, OrderArgs};
use bitdoku_bitboard::parse_line_at;
use bitdoku_engine::{Engine, Granularity, Options, Status};
use clap::Args;

/// Arguments of `rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    order: OrderArgs,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
}

pub fn run(a: RateArgs) -> anyhow::Result<bool> {
    let mut o = Options::new(a.order.resolve()?);
    o.granularity = Granularity::Single;
    let engine = Engine::new(o);
    let tally = bulk::run(a.input.file.as_deref(), a.threads, |line| {
        let puzzle = match parse_line_at(&line.text, line.number) {
            Ok(None) => return None,
            Ok(Some(p)) => p,
            Err(e) => return Some((format!("error: {e}"), Kind::Invalid)),
        };
        let out = engine.solve(&puzzle.candidates());
        let p = puzzle.to_line();
        Some(match out.status {
            Status::Solved => {
                let r = &out.rating;
                let bf = if out.fallback { " bf" } else { "" };
                let text = format!(
                    "{p} #{} {} ({}) ED={:.1}/{:.1}/{:.1}{bf}",
                    line.number,
                    r.level().as_str(),
                    r.score,
                    r.er,
                    r.ep,
                    r.ed
                );
                (text, if out.fallback { Kind::Fallback } else { Kind::Solved })
            }
            Status::NoSolution => (format!("{p} error: no solution"), Kind::NoSolution),
            Status::MultipleSolutions => (format!("{p} error: multiple solutions"), Kind::Multiple),
            Status::Stuck => (format!("{p} error: stuck"), Kind::Stuck),
        })
    })?;
    Ok(tally.all_solved())
}
