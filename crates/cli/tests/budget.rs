//! End-to-end tests of the per-puzzle budgets and of the lines that used to stall (issue 46):
//! an over-budget puzzle gets one line and the next line is handled, the summary counts it,
//! the exit status says so; empty and all-candidates grids and sparse lines answer under the
//! `complete` preset; `solve --json` rates only with `--rate` (issue 39).

mod common;
use common::{run_bytes, stdout_lines};

/// SE 11+ (datasets/forum_hardest_1905_11plus.txt, line 1): far more than a few hundred nodes
/// of work under `complete`.
const HARD: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
/// An easy puzzle (datasets/generated_minimal_10k.txt) and its solution.
const EASY: &str =
    "..2.14..83.......2..5...7..53......6....6.18.....9..4.9......6...124....7....8...";

fn empty() -> String {
    ".".repeat(81)
}

fn all_candidates() -> String {
    "123456789".repeat(81)
}

/// 16 clues: a 17-clue puzzle (datasets/sudoku17_royle_49158.txt) less one.
const SPARSE: &str =
    ".................2..3..4........3..1..4.5....26......7...2.......6...54.8..7.....";

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn an_over_budget_puzzle_gets_one_line_and_the_next_is_solved() {
    let input = format!("{HARD}\n{EASY}\n");
    let out = run_bytes(
        &["solve", "--preset", "complete", "--no-fallback", "--budget", "1000", "--threads", "1"],
        input.as_bytes(),
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("error: line 1: budget of 1000 nodes reached after "),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" steps"), "{}", lines[0]);
    assert_eq!(lines[1].len(), 81);
    assert!(lines[1].bytes().all(|b| b.is_ascii_digit() && b != b'0'), "{}", lines[1]);
    assert!(stderr(&out).contains(", 1 over budget;"), "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(1));
    // The node budget is deterministic: the same line, step count included, every run.
    let again = run_bytes(
        &["solve", "--preset", "complete", "--no-fallback", "--budget", "1000", "--threads", "2"],
        input.as_bytes(),
    );
    assert_eq!(stdout_lines(&again), lines);
}

#[test]
fn a_time_limit_stops_the_puzzle_and_the_job_goes_on() {
    // 1 ms is far below what the SE 11+ puzzle needs under `complete` (seconds).
    let input = format!("{HARD}\n{EASY}\n");
    let out = run_bytes(
        &["solve", "--preset", "complete", "--time-limit", "1ms", "--threads", "1"],
        input.as_bytes(),
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("error: line 1: time limit 1ms reached after "), "{}", lines[0]);
    assert_eq!(lines[1].len(), 81);
    assert_eq!(out.status.code(), Some(1));
    // JSON says it too, as its own status.
    let out = run_bytes(
        &["solve", "--json", "--preset", "complete", "--budget", "1000", "--threads", "1"],
        input.as_bytes(),
    );
    let rows: Vec<serde_json::Value> =
        stdout_lines(&out).iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows[0]["status"], "over_budget");
    assert!(rows[0]["error"].as_str().unwrap().contains("budget of 1000 nodes"));
    assert_eq!(rows[1]["status"], "solved");
}

#[test]
fn hint_check_and_rate_report_over_budget_lines() {
    let input = format!("{HARD}\n{EASY}\n");
    // A budget of one node is one technique call: full house, which finds nothing on the
    // hard puzzle and the last cell of the nearly solved grid.
    let solution = stdout_lines(&run_bytes(&["solve"], format!("{EASY}\n").as_bytes()))[0].clone();
    let near = format!(".{}", &solution[1..]);
    let hint = run_bytes(
        &["hint", "--preset", "complete", "--budget", "1", "--threads", "1"],
        format!("{HARD}\n{near}\n").as_bytes(),
    );
    let lines = stdout_lines(&hint);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("error: line 1: budget of 1 nodes reached"), "{}", lines[0]);
    assert!(lines[1].starts_with("Full House"), "{}", lines[1]);
    assert_eq!(hint.status.code(), Some(1));

    let check = run_bytes(
        &["check", "--preset", "complete", "--budget", "1000", "--threads", "1"],
        input.as_bytes(),
    );
    let lines = stdout_lines(&check);
    assert!(lines[0].starts_with("error: line 1: budget of 1000 nodes reached"), "{lines:?}");
    assert!(lines.last().unwrap().starts_with("check: 2 puzzles"), "{lines:?}");
    assert_eq!(check.status.code(), Some(1));

    let rate = run_bytes(
        &["rate", "--preset", "complete", "--approx-se", "--budget", "1000", "--threads", "1"],
        input.as_bytes(),
    );
    let lines = stdout_lines(&rate);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("error: line 1: budget of 1000 nodes reached"), "{}", lines[0]);
    assert!(lines[1].starts_with(&format!("{EASY} #2 ")), "{}", lines[1]);
    assert_eq!(rate.status.code(), Some(1));
}

#[test]
fn empty_all_candidates_and_sparse_lines_answer_under_complete() {
    let input = format!("{}\n{}\n{SPARSE}\n", empty(), all_candidates());
    for args in [
        &["solve", "--preset", "complete"][..],
        &["solve", "--preset", "complete", "--no-fallback"][..],
        &["rate", "--preset", "complete"][..],
    ] {
        let out = run_bytes(args, input.as_bytes());
        let lines = stdout_lines(&out);
        assert_eq!(lines.len(), 3, "{args:?}: {lines:?}");
        for l in &lines {
            assert!(l.starts_with("error") || l.contains(" error"), "{args:?}: {l}");
            assert!(l.ends_with("multiple solutions"), "{args:?}: {l}");
        }
        assert_eq!(out.status.code(), Some(1));
    }
    let out = run_bytes(&["solve", "--preset", "complete", "--json"], input.as_bytes());
    for l in stdout_lines(&out) {
        let v: serde_json::Value = serde_json::from_str(&l).unwrap();
        assert_eq!(v["status"], "multiple_solutions");
    }
    let out = run_bytes(&["hint", "--preset", "complete"], input.as_bytes());
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 3);
    assert!(lines[0].contains("several solutions"), "{}", lines[0]);
    let summary = String::from_utf8_lossy(&out.stderr);
    // Every line has several solutions: none is counted as "without a next step".
    assert!(summary.contains(" 0 without one") && !summary.contains(" 0 multiple"), "{summary}");
}

#[test]
fn solve_json_rates_only_when_asked() {
    let input = format!("{EASY}\n");
    let plain = run_bytes(&["solve", "--logic", "--json"], input.as_bytes());
    let v: serde_json::Value = serde_json::from_str(&stdout_lines(&plain)[0]).unwrap();
    assert_eq!(v["status"], "solved");
    assert!(v.get("er").is_none() && v.get("score").is_none(), "{v}");
    assert_eq!(v["granularity"], "batch", "--json alone keeps the batch path");
    let rated = run_bytes(&["solve", "--logic", "--json", "--rate"], input.as_bytes());
    let v: serde_json::Value = serde_json::from_str(&stdout_lines(&rated)[0]).unwrap();
    assert_eq!(v["granularity"], "single");
    assert_eq!(v["er"], 2.3);
    assert!(v["score"].is_u64());
}

#[test]
fn rate_prints_the_partial_rating_when_the_se_model_runs_out() {
    let input = format!("{HARD}\n{EASY}\n");
    let out = run_bytes(&["rate", "--budget", "2000", "--threads", "1"], input.as_bytes());
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("error: line 1: budget of 2000 nodes reached after "),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(" (ER>="), "{}", lines[0]);
    assert!(lines[1].starts_with(&format!("{EASY} #2 ")), "{}", lines[1]);
    assert!(lines[1].ends_with("ED=2.3/2.3/2.3"), "{}", lines[1]);
    assert!(stderr(&out).contains(", 1 over budget;"), "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(1));
    // Deterministic: the same line on two threads.
    let again = run_bytes(&["rate", "--budget", "2000", "--threads", "2"], input.as_bytes());
    assert_eq!(stdout_lines(&again), lines);
}
