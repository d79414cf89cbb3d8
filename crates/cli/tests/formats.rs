//! The input formats besides bitdoku's own lines: the hardest lists' `PUZZLE;ER;EP;ED;...`
//! lines and CSV with a header (Kaggle's `quizzes,solutions`, named columns, `--column`),
//! detected from the first line or forced with `--input-format`: every line answered in order,
//! the header skipped and counted in the summary, for a file and for standard input alike.

mod common;

use common::{bin, run_bytes, stdout_lines};

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const S: &str = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const MULTIPLE: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/// Runs `bitdoku ARGS` on `data`, from standard input and from a file: both must agree.
fn both(args: &[&str], data: &str) -> (Vec<String>, String) {
    let piped = run_bytes(args, data.as_bytes());
    let dir = std::env::temp_dir().join(format!("bitdoku-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // One file per call: the tests run in parallel.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = dir.join(format!("in-{n}.txt"));
    std::fs::write(&file, data).unwrap();
    let mut with_file = args.to_vec();
    let path = file.to_str().unwrap().to_string();
    with_file.insert(1, &path);
    let read = bin().args(&with_file).output().unwrap();
    assert_eq!(piped.stdout, read.stdout, "{args:?}");
    assert_eq!(piped.status.code(), read.status.code());
    (stdout_lines(&piped), String::from_utf8_lossy(&piped.stderr).into_owned())
}

#[test]
fn kaggle_csv_skips_and_counts_the_header() {
    let zeros = P.replace('.', "0");
    let data = format!("quizzes,solutions\n{zeros},{S}\n\n{MULTIPLE},x\nabc,1\n");
    let (lines, err) = both(&["solve"], &data);
    assert_eq!(
        lines,
        [S, "error: line 4: multiple solutions", "error: line 5: bad character 'a' at column 1"]
    );
    assert!(err.contains("3 puzzles:") && err.contains("; 1 header line skipped"), "{err}");
    // The solutions column, by name or number.
    let (lines, _) =
        both(&["solve", "--column", "solutions"], &format!("quizzes,solutions\n{zeros},{S}\n"));
    assert_eq!(lines, [S]);
    let (lines, _) =
        both(&["count", "--column", "1"], &format!("quizzes,solutions\n{zeros},{S}\n"));
    assert_eq!(lines, ["1"]);
}

#[test]
fn named_columns_and_quotes() {
    let data = format!("id,\"Puzzle\",solution,difficulty\n1,\"{P}\",{S},2.2\n2,{MULTIPLE},,0\n");
    let (lines, _) = both(&["solve"], &data);
    assert_eq!(lines, [S, "error: line 3: multiple solutions"]);
    let out = run_bytes(&["solve", "--column", "answer"], data.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such column"));
}

#[test]
fn hardest_list_lines_solve_and_rate_back_to_the_list_format() {
    let data =
        format!("{P};11.9;11.9;11.3;source;2024\n{P},1.2,1.2,1.2\n# a comment\n{MULTIPLE};1\n");
    let (lines, err) = both(&["solve"], &data);
    assert_eq!(lines, [S, S, "error: line 4: multiple solutions"]);
    assert!(!err.contains("header"), "{err}");
    let (lines, _) = both(&["rate", "--format", "%g;%r;%p;%d"], &data);
    assert_eq!(lines[0], format!("{P};2.6;1.2;1.2"));
    assert_eq!(lines[1], lines[0]);
    assert_eq!(lines.len(), 3);
}

#[test]
fn forced_formats() {
    let data = format!("{P};11.9\n");
    let (lines, _) = both(&["solve", "--input-format", "lines"], &data);
    assert_eq!(lines, ["error: line 1: bad character ';' at column 82"]);
    let (lines, _) = both(&["solve", "--input-format", "csv", "--column", "1"], &format!("{P}\n"));
    assert_eq!(lines, [S]);
    let out = run_bytes(&["solve", "--input-format", "tsv"], b"");
    assert_eq!(out.status.code(), Some(2));
    // Plain lines are untouched by detection: a bad first line is still an error, not a header.
    let (lines, _) = both(&["solve"], &format!("abc\n{P}\n"));
    assert_eq!(lines, ["error: line 1: bad character 'a' at column 1", S]);
}
