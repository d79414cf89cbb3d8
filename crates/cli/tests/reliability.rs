//! Regression tests for damaged input, line endings, pipes and limits: no input line is ever
//! lost from the output, and nothing panics. Each test is named after the behaviour it guards.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bitdoku"))
}

fn run_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn bitdoku");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn generated(n: usize) -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets/generated_minimal_10k.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().take(n).map(|l| format!("{}\n", &l[..81])).collect()
}

fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone()).unwrap().lines().map(str::to_string).collect()
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
    assert_eq!(lines[1], "error: multiple solutions");
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
