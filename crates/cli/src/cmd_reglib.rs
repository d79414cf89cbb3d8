//! `bitdoku reglib PATH`: run HoDoKu's regression library (GPL test data, read from where the
//! user keeps it) against the implemented techniques. One line per technique,
//! `<id> <passed>/<total>` or `<id> skipped <total>`, failing cases' line numbers beneath, and
//! `reglib: P passed, F failed, S skipped` last. Exits 1 when a case failed.

use bitdoku_strategies::reglib::{Verdict, code_name, parse_case, run_case};
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
}

pub fn run(a: ReglibArgs) -> anyhow::Result<bool> {
    let text = std::fs::read_to_string(&a.path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", a.path.display()))?;
    let mut rows: Vec<(&'static str, Row)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(case) = parse_case(line, i + 1) else { continue };
        let case =
            case.map_err(|e| anyhow::anyhow!("{}: line {}: {e}", a.path.display(), i + 1))?;
        let name = code_name(&case.code);
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
    let (mut p, mut f, mut s) = (0, 0, 0);
    for (name, row) in &rows {
        if row.skipped {
            outln!("{name} skipped {}", row.total);
            s += row.total;
            continue;
        }
        outln!("{name} {}/{}", row.passed, row.total);
        for line in &row.failures {
            outln!("{line}");
        }
        p += row.passed;
        f += row.failures.len() as u32;
    }
    outln!("reglib: {p} passed, {f} failed, {s} skipped");
    Ok(f == 0)
}
