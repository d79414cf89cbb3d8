//! Regression tests for damaged input, line endings, pipes and limits: no input line is ever
//! lost from the output, and nothing panics. Each test is named after the behaviour it guards.

mod common;

use common::{bin, datasets, run_bytes, stdout_lines};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn generated(n: usize) -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets/generated_minimal_10k.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().take(n).map(|l| format!("{}\n", &l[..81])).collect()
}

/// The lines a decoder yields from `data` before it fails (a partial last line counts).
fn decoded_lines(mut reader: impl Read) -> usize {
    let mut text = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match reader.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => text.extend_from_slice(&buf[..n]),
        }
    }
    text.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count()
}

fn assert_prefix_of_plain(out: &Output, plain: &str, expected_lines: usize) {
    let full = run_bytes(&["solve", "--threads", "2"], plain.as_bytes());
    let full = stdout_lines(&full);
    let got = stdout_lines(out);
    assert_eq!(got.len(), expected_lines, "every decoded line has its output line");
    for (i, (a, b)) in got.iter().zip(&full).enumerate() {
        if i + 1 < got.len() {
            assert_eq!(a, b, "line {}", i + 1);
        }
    }
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read input"), "{err}");
    assert!(err.contains("puzzles:"), "summary printed: {err}");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn truncated_xz_keeps_every_decoded_line() {
    let plain = generated(10_000);
    let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(plain.as_bytes()).unwrap();
    let xz = xz.finish().unwrap();
    for cut in [xz.len() / 2, xz.len() - 20] {
        let cut = &xz[..cut];
        let n = decoded_lines(liblzma::read::XzDecoder::new_multi_decoder(cut));
        let out = run_bytes(&["solve", "--threads", "2"], cut);
        assert_prefix_of_plain(&out, &plain, n);
    }
}

#[test]
fn truncated_gzip_keeps_every_decoded_line() {
    let plain = generated(10_000);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(plain.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    for cut in [gz.len() / 10, gz.len() * 2 / 3] {
        let cut = &gz[..cut];
        let n = decoded_lines(flate2::read::MultiGzDecoder::new(cut));
        let out = run_bytes(&["solve", "--threads", "2"], cut);
        assert_prefix_of_plain(&out, &plain, n);
    }
}

#[test]
fn gzip_with_trailing_junk_reads_every_line() {
    let plain = generated(10_000);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(plain.as_bytes()).unwrap();
    let mut gz = gz.finish().unwrap();
    gz.extend_from_slice(b"this is trailing junk, not gzip\n");
    let out = run_bytes(&["solve", "--threads", "2"], &gz);
    let expected = stdout_lines(&run_bytes(&["solve"], plain.as_bytes()));
    assert_eq!(stdout_lines(&out), expected);
    assert_eq!(out.status.code(), Some(2), "the junk is reported");
}

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const MULTI: &str =
    ".................................................................................";

#[test]
fn cr_only_line_endings_keep_every_puzzle() {
    let input = format!("{GOOD}\r{MULTI}\r{GOOD}\r");
    let out = run_bytes(&["solve"], input.as_bytes());
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[1], "error: line 2: multiple solutions");
    assert_eq!(lines[0], lines[2]);
    assert_eq!(out.status.code(), Some(1));
    // Mixed endings in one file.
    let input = format!("{GOOD}\r\n{MULTI}\n{GOOD}\r{GOOD}");
    assert_eq!(stdout_lines(&run_bytes(&["solve"], input.as_bytes())).len(), 4);
}

#[test]
fn utf8_byte_order_mark_is_ignored() {
    let input = format!("\u{feff}{GOOD}\n{GOOD}\n");
    let out = run_bytes(&["solve"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(stdout_lines(&out).len(), 2);
}

/// Runs `cmd` with its standard output closed before it writes: it must not panic.
fn assert_quiet_on_closed_pipe(mut cmd: Command, what: &str) {
    let mut child =
        cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert_ne!(out.status.code(), Some(101), "{what}");
}

#[test]
fn broken_pipe_never_panics() {
    let top = datasets().join("magictour_top1465.txt");
    let top = top.to_str().unwrap();
    for args in [
        vec!["hint", top],
        vec!["techniques"],
        vec!["check", top, "--preset", "singles"],
        vec!["solve", top],
        vec!["rate", top],
    ] {
        let mut cmd = bin();
        cmd.args(&args);
        assert_quiet_on_closed_pipe(cmd, &args.join(" "));
    }
    let reglib =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/reglib-1.3.txt");
    if reglib.exists() {
        let mut cmd = bin();
        cmd.arg("reglib").arg(&reglib);
        assert_quiet_on_closed_pipe(cmd, "reglib");
    }
    let mut bench =
        Command::new(env!("CARGO_MANIFEST_DIR").to_string() + "/../../target/debug/bench");
    if bench.get_program().to_str().is_some_and(|p| std::path::Path::new(p).exists()) {
        bench.args(["agree", "--corpus", top, "--order", "singles", "--sample", "50"]);
        assert_quiet_on_closed_pipe(bench, "bench agree");
    }
}

#[test]
fn threads_are_bounded() {
    let out = run_bytes(&["solve", "--threads", "100000"], GOOD.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 1024 threads"));
    let out = run_bytes(&["solve", "--threads", "18446744073709551615"], GOOD.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    let out = run_bytes(&["solve", "--threads", "64"], GOOD.as_bytes());
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn hint_reads_files_like_solve() {
    // A missing file is an error about the file, not a bad puzzle.
    let out = run_bytes(&["hint", "/no/such/file.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
    // gzip input, one bad (non-UTF-8) line among good ones, pure JSON out.
    let mut plain = format!("{GOOD}\n").into_bytes();
    plain.extend_from_slice(b"\xff\xfe not a puzzle\n");
    plain.extend_from_slice(format!("{GOOD}\n").as_bytes());
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&plain).unwrap();
    let out = run_bytes(&["hint", "--json"], &gz.finish().unwrap());
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 3);
    let rows: Vec<serde_json::Value> =
        lines.iter().map(|l| serde_json::from_str(l).expect("every line is JSON")).collect();
    assert_eq!(rows[0]["status"], "step");
    assert_eq!(rows[1]["status"], "invalid");
    assert_eq!(rows[1]["line"], 2);
    assert_eq!(rows[2]["status"], "step");
    // A puzzle on the command line still works.
    let out = bin().args(["hint", GOOD]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn check_fails_when_nothing_was_verified() {
    let out = run_bytes(&["check"], b"# only a comment\n");
    assert_eq!(out.status.code(), Some(1));
    let out = run_bytes(&["check", "--preset", "singles"], format!("{GOOD}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn reglib_rejects_a_file_that_is_not_reglib() {
    let path = datasets().join("magictour_top1465.txt");
    let out = bin().arg("reglib").arg(path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a reglib file"));
}

#[test]
fn presets_inside_an_order_list_expand() {
    let out = run_bytes(&["solve", "--order", "singles,x-wing", "--no-fallback"], GOOD.as_bytes());
    assert_ne!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn plain_trace_stays_on_the_puzzle_line() {
    let input = format!("{GOOD}\n{GOOD}\n");
    let out = run_bytes(&["solve", "--trace"], input.as_bytes());
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2);
    let (solution, trace) = lines[0].split_once('\t').expect("a tab before the trace");
    assert_eq!(solution.len(), 81);
    assert!(trace.contains("=>"), "{trace}");
}

#[test]
fn json_echo_of_a_huge_bad_line_is_capped() {
    let mut input = vec![0u8; 5_000_000];
    input.push(b'\n');
    input.extend_from_slice(format!("{GOOD}\n").as_bytes());
    let out = run_bytes(&["solve", "--json"], &input);
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2);
    assert!(lines[0].len() < 10_000, "{} bytes", lines[0].len());
    let row: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(row["status"], "invalid");
}

#[test]
fn count_matches_tdokus_known_solution_counts() {
    let text = std::fs::read_to_string(datasets().join("tdoku_test_puzzles_with_counts.txt"))
        .expect("bundled file");
    let lines: Vec<(&str, u64)> = text
        .lines()
        .filter_map(|l| {
            let mut parts = l.split(':');
            Some((parts.next()?, parts.next()?.trim().parse::<u64>().expect("count")))
        })
        .collect();
    let input: String = lines.iter().map(|(p, _)| format!("{p}\n")).collect();
    assert!(lines.len() > 40 && lines.iter().any(|&(_, c)| c > 100));
    let out = run_bytes(&["count", "--limit", "1000"], input.as_bytes());
    let got = stdout_lines(&out);
    assert_eq!(got.len(), lines.len());
    for ((p, want), got) in lines.iter().zip(&got) {
        let expected = if *want >= 1000 { "1000+".to_string() } else { want.to_string() };
        assert_eq!(got, &expected, "{p}");
    }
}
