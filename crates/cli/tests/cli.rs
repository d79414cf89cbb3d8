//! End-to-end tests of the `bitdoku` binary: output alignment and order with several threads,
//! malformed lines reported with their line number while others are solved, exit codes, JSON.

mod common;

use common::{bin, datasets, run_bytes, run_stdin};
use serde_json::Value;
use std::io::Write;

fn valid(grid: &str, puzzle: &str) -> bool {
    let g: Vec<u8> = grid.bytes().map(|b| b - b'0').collect();
    if g.len() != 81 || g.iter().any(|&v| !(1..=9).contains(&v)) {
        return false;
    }
    for i in 0..9 {
        let mut row = [false; 10];
        let mut col = [false; 10];
        let mut bx = [false; 10];
        for j in 0..9 {
            row[g[i * 9 + j] as usize] = true;
            col[g[j * 9 + i] as usize] = true;
            bx[g[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3] as usize] = true;
        }
        if row[1..].iter().chain(&col[1..]).chain(&bx[1..]).any(|&x| !x) {
            return false;
        }
    }
    puzzle.bytes().zip(grid.bytes()).all(|(p, s)| !p.is_ascii_digit() || p == b'0' || p == s)
}

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const MULTI: &str =
    ".................................................................................";
const NONE: &str =
    ".2....7..4....9.3.6..723.4...83.........1....9....4.6..94....5.5.....6.3.....5...";

#[test]
fn order_kept_with_several_threads() {
    let text = std::fs::read_to_string(datasets().join("magictour_top1465.txt")).unwrap();
    let puzzles: Vec<&str> = text.lines().take(600).collect();
    let out = run_stdin(&["solve", "--threads", "4"], &(puzzles.join("\n") + "\n"));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&lines) {
        assert!(valid(s, p), "bad solution {s} for {p}");
    }
}

#[test]
fn malformed_lines_reported_others_solved() {
    let input = format!(
        "# a comment\n{GOOD}\n\n{}x\n{}\n{GOOD} trailing rating 7.2\r\n44{}\n{MULTI}\n{NONE}\n",
        &GOOD[..80],
        &GOOD[..50],
        &GOOD[2..]
    );
    let out = run_stdin(&["solve", "--threads", "2"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "{stdout}");
    assert!(valid(lines[0], GOOD));
    assert_eq!(lines[1], "error: line 4: bad character 'x' at column 81");
    assert_eq!(lines[2], "error: line 5: wrong length: 50 puzzle characters, expected 81 or 729");
    assert!(valid(lines[3], GOOD));
    assert_eq!(lines[4], "error: line 7: digit 4 repeated in r1");
    assert_eq!(lines[5], "error: line 8: multiple solutions");
    assert_eq!(lines[6], "error: line 9: no solution");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("7 puzzles: 2 solved"), "{stderr}");
    assert!(!stderr.contains('\r'), "no progress bar when stderr is not a terminal");
}

#[test]
fn json_fields() {
    let input = format!("{GOOD}\nbad\n{MULTI}\n");
    for args in [vec!["solve", "--json"], vec!["solve", "--json", "--logic"]] {
        let out = run_stdin(&args, &input);
        assert_eq!(out.status.code(), Some(1));
        let rows: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).expect("valid JSON"))
            .collect();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0]["line"], 1);
        assert_eq!(rows[0]["puzzle"], GOOD);
        assert_eq!(rows[0]["status"], "solved");
        assert!(valid(rows[0]["solution"].as_str().unwrap(), GOOD));
        assert!(rows[0]["fallback"].is_boolean());
        assert!(rows[0]["steps"].is_array());
        assert_eq!(rows[1]["status"], "invalid");
        assert_eq!(rows[1]["solution"], Value::Null);
        assert!(rows[1]["error"].as_str().unwrap().starts_with("line 2: "));
        assert_eq!(rows[2]["status"], "multiple_solutions");
        if args.contains(&"--logic") {
            assert_eq!(rows[0]["uniqueness"], true);
            assert_eq!(rows[2]["uniqueness"], false);
            assert_eq!(rows[0]["order"], "hodoku");
        }
    }
}

#[test]
fn trace_and_no_fallback() {
    let out = run_stdin(
        &["solve", "--json", "--trace", "--preset", "singles", "--no-fallback"],
        &format!("{GOOD}\n"),
    );
    let row: Value = serde_json::from_slice(&out.stdout).unwrap();
    // This 17-clue puzzle needs more than singles.
    assert_eq!(row["status"], "stuck");
    assert_eq!(row["fallback"], false);
    assert_eq!(out.status.code(), Some(1));
    let steps = row["steps"].as_array().unwrap();
    for s in steps {
        let t = s["technique"].as_str().unwrap();
        assert!(["full-house", "naked-single", "hidden-single"].contains(&t), "{t}");
        assert!(s["placements"].is_array() && s["eliminations"].is_array());
    }
    let out =
        run_stdin(&["solve", "--json", "--trace", "--preset", "singles"], &format!("{GOOD}\n"));
    let row: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(row["status"], "solved");
    assert_eq!(row["fallback"], true);
    assert_eq!(row["steps"].as_array().unwrap().last().unwrap()["technique"], "brute-force");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn usage_and_io_errors_exit_2() {
    let out = bin().args(["solve", "/no/such/file"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
    let out = bin().args(["solve", "--order", "no-such-technique"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["solve", "--bogus-flag"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn hint_and_check() {
    let out = bin().args(["hint", GOOD]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stdout).trim().is_empty());
    let path = datasets().join("norvig_top95.txt");
    let out = bin().args(["check", path.to_str().unwrap(), "--threads", "2"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("check: 95 puzzles"), "{stdout}");
    assert!(stdout.contains(" 0 unsound"), "{stdout}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn gzip_and_xz_input_are_decompressed() {
    let plain = format!("{GOOD}\n# comment\n{MULTI}\n");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(plain.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(plain.as_bytes()).unwrap();
    let xz = xz.finish().unwrap();
    let expected = run_stdin(&["solve"], &plain).stdout;
    for compressed in [gz, xz] {
        let out = run_bytes(&["solve"], &compressed);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(out.stdout, expected);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(valid(text.lines().next().unwrap(), GOOD));
        assert_eq!(text.lines().nth(1), Some("error: line 3: multiple solutions"));
    }
    // A corrupt stream is a read error (exit 2), not a panic.
    let mut bad = vec![0x1f, 0x8b];
    bad.extend_from_slice(b"not really gzip");
    assert_eq!(run_bytes(&["solve"], &bad).status.code(), Some(2));
}

/// Forcing chains chosen by the HoDoKu model (from its tables, with group nodes) come with a
/// proof: retraced with single-premise inferences where they allow it, else with the net's
/// propagation. A few need HoDoKu's group reasoning and still have none.
#[test]
fn hodoku_forcing_steps_come_with_proofs() {
    let text = std::fs::read_to_string(datasets().join("magictour_top1465.txt")).unwrap();
    let input: String = text.lines().skip(200).take(30).map(|l| format!("{l}\n")).collect();
    let out = run_stdin(
        &["solve", "--logic", "--json", "--trace", "--preset", "hodoku", "--threads", "2"],
        &input,
    );
    let (mut forcing, mut proved) = (0, 0);
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let row: Value = serde_json::from_str(line).expect("valid JSON");
        for step in row["steps"].as_array().into_iter().flatten() {
            if step["technique"].as_str().is_some_and(|t| t.starts_with("forcing")) {
                forcing += 1;
                proved += usize::from(step["proof"].is_object());
            }
        }
    }
    // With HoDoKu's own net tables (issue 40) these 30 puzzles take 88 forcing steps (over
    // 100 before the model took its nets from HoDoKu's tables).
    assert!(forcing > 60, "{forcing} forcing steps");
    // 81 of 88 since the nets come from HoDoKu's tables: some of its nets are not re-derived
    // by bitdoku's propagation (95% before; an open gap, see the README's Rating section).
    assert!(proved * 100 >= forcing * 90, "{proved} of {forcing} forcing steps proved");
}
