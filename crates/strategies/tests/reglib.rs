//! HoDoKu's regression library, run against every registered technique.
//!
//! The library is GPL test data read from `../shared/reference/reglib-1.3.txt` beside the
//! repository (never copied into it). When it is absent the test says so and passes.
//! Set `REGLIB_ONLY=<technique-id>` to run one technique's cases and print each failure.

use bitdoku_strategies::reglib::{
    NOT_IMPLEMENTED, Verdict, known_gap, parse_case, run_case, technique_for,
};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn reglib_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/reglib-1.3.txt")
}

/// The library's text; `None` (with a note) when it is absent on a developer's machine. CI
/// has `../shared`, so there (the `CI` variable is set) a missing file fails the test.
fn reglib_text() -> Option<String> {
    let path = reglib_path();
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if std::env::var_os("CI").is_some() => panic!("{}: {e}", path.display()),
        Err(_) => {
            eprintln!("reglib not found at {}: skipped (set CI=1 to fail)", path.display());
            None
        }
    }
}

#[test]
fn codes_are_all_accounted_for() {
    let Some(text) = reglib_text() else { return };
    for (i, line) in text.lines().enumerate() {
        let Some(case) = parse_case(line, i + 1) else { continue };
        let case = case.unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let planned = NOT_IMPLEMENTED.iter().any(|(c, _)| *c == case.code);
        let mapped = technique_for(&case.code).is_some();
        assert!(
            mapped != planned,
            "code {} on line {}: mapped {mapped}, planned {planned}",
            case.code,
            i + 1
        );
    }
}

#[test]
fn every_registered_technique_passes_its_reglib_cases() {
    let Some(text) = reglib_text() else { return };
    let only = std::env::var("REGLIB_ONLY").ok();
    let mut table: BTreeMap<String, (u32, u32, Vec<String>)> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let Some(case) = parse_case(line, i + 1) else { continue };
        let case = case.unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let Some(id) = technique_for(&case.code) else { continue };
        if only.as_deref().is_some_and(|o| o != id.as_str()) {
            continue;
        }
        let Some(verdict) = run_case(&case) else { continue };
        let row = table.entry(id.as_str().to_string()).or_default();
        row.1 += 1;
        match (verdict, known_gap(&case)) {
            (Verdict::Pass, None) => row.0 += 1,
            (Verdict::Pass, Some(_)) => {
                row.2.push(format!("line {}: listed as a known gap but passes", case.line));
            }
            (Verdict::Fail(_), Some(why)) => eprintln!("known gap, line {}: {why}", case.line),
            (Verdict::Fail(why), None) => row.2.push(format!("line {}: {why}", case.line)),
        }
    }
    let mut failed = 0;
    for (id, (pass, total, fails)) in &table {
        eprintln!("{id} {pass}/{total}");
        for f in fails {
            eprintln!("    {f}");
        }
        failed += fails.len();
    }
    assert_eq!(failed, 0, "{failed} reglib case(s) failed");
}
