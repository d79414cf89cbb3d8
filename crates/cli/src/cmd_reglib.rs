//! `bitdoku reglib PATH`: run HoDoKu's regression library (GPL test data, read from where the
//! user keeps it) against the implemented techniques. One line per technique,
//! `<id> <passed>/<total>` or `<id> skipped <total>`, failing cases' line numbers beneath, and
//! `reglib: P passed, F failed, K known gaps, S skipped` last (known gaps: cases listed with
//! their reason in `reglib::KNOWN_GAPS`). Exits 1 when a case failed.

use bitdoku_strategies::reglib::{Verdict, case_name, known_gap, parse_case, run_case};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `reglib`.
#[derive(Args, Debug)]
pub struct ReglibArgs {
    /// Path to reglib-1.3.txt.
    path: PathBuf,
    /// Print why each failing case failed.
    #[arg(long, short)]
    verbose: bool,
}

#[derive(Default)]
struct Row {
    passed: u32,
    total: u32,
    skipped: bool,
    failures: Vec<String>,
    known: Vec<String>,
}

pub fn run(a: ReglibArgs) -> anyhow::Result<bool> {
    let text = std::fs::read_to_string(&a.path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", a.path.display()))?;
    let mut rows: Vec<(&'static str, Row)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(case) = parse_case(line, i + 1) else { continue };
        let case =
            case.map_err(|e| anyhow::anyhow!("{}: line {}: {e}", a.path.display(), i + 1))?;
        let name = case_name(&case);
        let idx = match rows.iter().position(|(n, _)| *n == name) {
            Some(p) => p,
            None => {
                rows.push((name, Row::default()));
                rows.len() - 1
            }
        };
        let row = &mut rows[idx].1;
        row.total += 1;
        match run_case(&case) {
            None => row.skipped = true,
            Some(Verdict::Pass) => row.passed += 1,
            Some(Verdict::Fail(_)) if known_gap(&case).is_some() => {
                row.known.push(format!("    line {} (known gap)", case.line));
            }
            Some(Verdict::Fail(why)) => row.failures.push(if a.verbose {
                format!("    line {}: {why}", case.line)
            } else {
                format!("    line {}", case.line)
            }),
        }
    }
    if rows.is_empty() {
        anyhow::bail!(
            "{}: not a reglib file (no line of the form :code:digits:grid:...)",
            a.path.display()
        );
    }
    let (mut p, mut f, mut k, mut s) = (0, 0, 0, 0);
    for (name, row) in &rows {
        if row.skipped {
            outln!("{name} skipped {}", row.total);
            s += row.total;
            continue;
        }
        outln!("{name} {}/{}", row.passed, row.total);
        for line in row.failures.iter().chain(&row.known) {
            outln!("{line}");
        }
        p += row.passed;
        f += row.failures.len() as u32;
        k += row.known.len() as u32;
    }
    outln!("reglib: {p} passed, {f} failed, {k} known gaps, {s} skipped");
    Ok(f == 0)
}
