//! `bench agree`: the bitboard and naive engines stepped side by side on every corpus, each
//! state compared; the divergences summed and the first one printed.

use crate::AgreeArgs;
use anyhow::{Context, Result};
use bitdoku_bench::{agree, corpus, orders};
use std::process::ExitCode;

pub(crate) fn run(args: &AgreeArgs) -> Result<ExitCode> {
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
