//! End-to-end tests of what a new user tripped over (issue 44, item 6): every one of these
//! was a silent or misleading answer before, and each test fails if it comes back.

mod common;

use common::{bin, datasets, run_stdin, stdout_lines};
use std::path::PathBuf;

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const MULTI: &str =
    ".................................................................................";

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("bitdoku-first-use-{}-{name}", std::process::id()))
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn solve_takes_a_puzzle_string_as_hint_and_explain_do() {
    let out = bin().args(["solve", GOOD]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].len(), 81);
    assert!(lines[0].bytes().all(|b| b.is_ascii_digit() && b != b'0'));
    let out = bin().args(["solve", MULTI]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_lines(&out), ["error: line 1: multiple solutions"]);
    // Neither a file nor a puzzle: still a missing file (exit 2).
    let out = bin().args(["solve", "no/such/file.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_directory_as_input_is_named() {
    let dir = temp("dir");
    std::fs::create_dir_all(&dir).unwrap();
    let out = bin().arg("solve").arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(&dir.display().to_string()) && err.contains("directory"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rate_counts_the_fallback_its_lines_mark_bf() {
    let out = run_stdin(&["rate", "--preset", "singles"], &format!("{GOOD}\n"));
    let lines = stdout_lines(&out);
    assert!(lines[0].ends_with(" bf"), "{lines:?}");
    let err = stderr(&out);
    assert!(err.contains("1 solved (1 with fallback)"), "{err}");
}

#[test]
fn hint_shuffle_and_canon_summaries_do_not_count_solved() {
    let input = format!("{GOOD}\nxx\n");
    for (args, words) in [
        (vec!["hint"], "1 with a next step"),
        (vec!["shuffle", "--seed", "1"], "1 shuffled, 1 invalid"),
        (vec!["canon"], "1 canonicalised, 1 invalid"),
    ] {
        let out = run_stdin(&args, &input);
        let err = stderr(&out);
        assert!(err.contains(words) && !err.contains("solved"), "{args:?}: {err}");
    }
}

#[test]
fn explain_reports_invalid_and_unsolved_lines() {
    let bad = temp("bad.txt");
    std::fs::write(&bad, "xx\n").unwrap();
    let page = temp("bad.html");
    let out = bin().arg("explain").arg(&bad).arg("--html").arg(&page).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("line 1"), "{}", stderr(&out));
    // A puzzle with several solutions: said on stderr, and no `easy (0)` rating on the page.
    let out = bin().args(["explain", MULTI, "--html"]).arg(&page).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("multiple solutions"), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("easy (0)") && html.contains("no unique solution"));
    let _ = std::fs::remove_file(&bad);
    let _ = std::fs::remove_file(&page);
}

#[test]
fn explain_says_where_it_stops_and_splits_large_outputs() {
    let text = std::fs::read_to_string(datasets().join("magictour_top1465.txt")).unwrap();
    let input = temp("twelve.txt");
    std::fs::write(&input, text.lines().take(13).map(|l| format!("{l}\n")).collect::<String>())
        .unwrap();
    let index = temp("twelve.html");
    let out = bin()
        .arg("explain")
        .arg(&input)
        .args(["--preset", "singles", "--limit", "12", "--html"])
        .arg(&index)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(err.contains("stopped at 12 puzzles") && err.contains("1 more"), "{err}");
    let html = std::fs::read_to_string(&index).unwrap();
    let pages =
        index.with_file_name(format!("{}-pages", index.file_stem().unwrap().to_string_lossy()));
    assert_eq!(std::fs::read_dir(&pages).unwrap().count(), 12);
    // Hrefs are escaped like all text from data (minijinja writes `/` as `&#x2f;`).
    assert_eq!(html.matches("-pages&#x2f;line-").count(), 12, "the index links every page");
    assert!(!html.contains("class=\"step\""), "the index holds no steps");
    let one = std::fs::read_to_string(pages.join("line-1.html")).unwrap();
    assert!(one.contains("class=\"step\""));
    // The title says what the puzzle is, not its 81 characters.
    let title = one.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
    assert!(!title.contains(&text.lines().next().unwrap()[..81]), "{title}");
    assert!(title.contains("puzzle"), "{title}");
    let _ = std::fs::remove_dir_all(&pages);
    let _ = std::fs::remove_file(&index);
    let _ = std::fs::remove_file(&input);
}

#[test]
fn explanations_keep_their_line_breaks_and_the_legend_shows_once() {
    let page = temp("one.html");
    let out =
        bin().args(["explain", GOOD, "--preset", "all", "--html"]).arg(&page).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(".explanation { white-space: pre-line"));
    assert!(html.contains("<p class=\"explanation\">"));
    assert_eq!(html.matches("red struck: eliminated").count(), 1, "one legend per page");
    let _ = std::fs::remove_file(&page);
}
