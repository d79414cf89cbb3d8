//! End-to-end tests of `classify`: one line per puzzle line in input order, the error lines,
//! `--measures`, `--json`, the deterministic budget and the exit status.

mod common;
use common::{run_bytes, stdout_lines};

/// Solved by singles (SE 2.3): T&E depth 0.
const EASY: &str =
    "..2.14..83.......2..5...7..53......6....6.18.....9..4.9......6...124....7....8...";
/// SE 8.4: beyond BRT.
const HARDER: &str =
    ".7........2.57....9.......876...8.3...4....29.....35....6.91....5...2..3.9.4...6.";

fn classify(args: &[&str], input: &str) -> (Vec<String>, i32) {
    let mut all = vec!["classify", "--threads", "2"];
    all.extend_from_slice(args);
    let out = run_bytes(&all, input.as_bytes());
    (stdout_lines(&out), out.status.code().unwrap_or(-1))
}

#[test]
fn one_line_per_puzzle_line_with_errors_in_place() {
    let many = format!("1{}", ".".repeat(80));
    let input = format!("{EASY}\nnot a puzzle\n\n# comment\n{many}\n{HARDER}\n");
    let (lines, code) = classify(&[], &input);
    assert_eq!(code, 1, "{lines:?}");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], format!("{EASY} #1 TE=0 W=0 B=0"));
    assert!(lines[1].starts_with("error: line 2: "), "{}", lines[1]);
    assert_eq!(lines[2], "error: line 5: multiple solutions");
    assert!(lines[3].starts_with(&format!("{HARDER} #6 TE=")), "{}", lines[3]);
}

#[test]
fn measures_json_and_budget() {
    let (lines, code) = classify(&["--measures", "te"], &format!("{EASY}\n"));
    assert_eq!((code, lines), (0, vec![format!("{EASY} #1 TE=0")]));
    let (lines, _) = classify(&["--json"], &format!("{EASY}\n"));
    let v: serde_json::Value = serde_json::from_str(&lines[0]).expect("json");
    assert_eq!(v["te"], 0);
    assert_eq!(v["b"], 0);
    assert_eq!(v["status"], "classified");
    // One work unit cannot show that the harder puzzle is T&E(1): the line says so, exit 1.
    let (lines, code) = classify(&["--max-units", "1"], &format!("{HARDER}\n"));
    assert_eq!((code, lines), (1, vec![format!("{HARDER} #1 TE>0")]));
    let (_, code) = classify(&["--measures", "nope"], "");
    assert_eq!(code, 2);
}
