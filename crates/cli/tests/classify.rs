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

/// W 6 (Royle's 17-clue file): a path with long whips.
const W6: &str =
    "................12..3..4.........3...1..5....65.7....4...81..5...2....9...4......";

#[test]
fn show_prints_the_path_and_hint_the_shortest_chain() {
    let dir = std::env::temp_dir().join(format!("bitdoku-show-{}", std::process::id()));
    let d = dir.to_str().expect("utf-8");
    let (lines, code) = classify(&["--show", "w", "--svg-dir", d], &format!("{W6}\n{EASY}\n"));
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0], format!("{W6} #1 TE=1 W=6 B=6"));
    let chains: Vec<&String> = lines.iter().filter(|l| l.starts_with("  #")).collect();
    assert!(chains.iter().all(|l| l.contains("whip[") && l.contains(" => r")), "{chains:?}");
    // The longest chain of the path is the rating.
    assert!(
        chains.iter().any(|l| l.contains("whip[6]"))
            && !lines.iter().any(|l| l.contains("whip[7]"))
    );
    assert_eq!(lines.last().expect("a line"), &format!("{EASY} #2 TE=0 W=0 B=0"));
    let svgs = std::fs::read_dir(&dir).expect("svg dir").count();
    assert_eq!(svgs, chains.len());
    std::fs::remove_dir_all(&dir).ok();

    let out = run_bytes(&["hint", "--measure", "b", "--json", W6], b"");
    let lines = stdout_lines(&out);
    let v: serde_json::Value = serde_json::from_str(&lines[0]).expect("json");
    assert_eq!(v["status"], "step");
    assert_eq!(v["chain"]["kind"], "braid");
    assert_eq!(v["chain"]["length"], 1);
    let out = run_bytes(&["hint", "--measure", "w", EASY], b"");
    assert!(stdout_lines(&out)[0].starts_with("BRT solves it"), "{:?}", stdout_lines(&out));
}

#[test]
fn solve_json_classifies_only_when_asked() {
    let input = format!("{HARDER}\n{EASY}\n1{}\n", ".".repeat(80));
    let rows = |args: &[&str]| -> Vec<serde_json::Value> {
        let mut all = vec!["solve", "--threads", "2", "--json"];
        all.extend_from_slice(args);
        let out = run_bytes(&all, input.as_bytes());
        stdout_lines(&out).iter().map(|l| serde_json::from_str(l).expect("json")).collect()
    };
    let plain = rows(&[]);
    assert!(plain.iter().all(|r| r.get("classification").is_none()));
    let with = rows(&["--classify", "te,w,b"]);
    assert_eq!(with.len(), 3);
    assert_eq!(with[0]["classification"], serde_json::json!({"te": 1, "w": 5, "b": 5}));
    assert_eq!(with[1]["classification"], serde_json::json!({"te": 0, "w": 0, "b": 0}));
    assert_eq!(with[2]["classification"]["error"], "multiple solutions");
    // Everything else is the row without the flag.
    for (a, b) in plain.iter().zip(&with) {
        let mut b = b.clone();
        b.as_object_mut().expect("object").remove("classification");
        assert_eq!(a, &b);
    }
    let logic = rows(&["--logic", "--classify", "te"]);
    assert_eq!(logic[0]["classification"], serde_json::json!({"te": 1}));
    // The flag needs --json.
    let out = run_bytes(&["solve", "--classify", "te", HARDER], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn guesses_append_rate_s_guess_count_rating() {
    let input = format!("{HARDER}\n{EASY}\n");
    let rate = run_bytes(&["rate", "--format", "%G"], input.as_bytes());
    let want = stdout_lines(&rate);
    assert_eq!(want.len(), 2, "{want:?}");
    let (lines, code) = classify(&["--measures", "te", "--guesses"], &input);
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0], format!("{HARDER} #1 TE=1 G={}", want[0]));
    // Singles solve it on every isomorph: no guess.
    assert_eq!(
        (lines[1].as_str(), want[1].as_str()),
        (format!("{EASY} #2 TE=0 G=0.0/0").as_str(), "0.0/0")
    );
    let (lines, _) = classify(&["--measures", "te", "--guesses", "--json"], &input);
    let v: serde_json::Value = serde_json::from_str(&lines[0]).expect("json");
    let (mean, max) = want[0].split_once('/').expect("MEAN/MAX");
    assert_eq!(v["guesses"]["mean"].as_f64(), Some(mean.parse::<f64>().expect("mean")));
    assert_eq!(v["guesses"]["max"].as_u64(), Some(max.parse::<u64>().expect("max")));
    // Without the flag, no field.
    let (lines, _) = classify(&["--measures", "te"], &input);
    assert!(!lines[0].contains("G="), "{}", lines[0]);
}
