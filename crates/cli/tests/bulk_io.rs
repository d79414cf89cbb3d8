//! The two input paths of the bulk commands give the same output: a regular file (read in
//! place by the solving threads) and the same bytes on standard input (streamed by the reader
//! thread), with any number of threads, on clean and damaged input; and a pipe closed in the
//! middle of a large file ends the run quietly.

mod common;

use common::{bin, datasets, run_bytes};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

const GOOD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The first `n` lines of the 10k generated corpus (81 characters each, `\n`).
fn generated(n: usize) -> Vec<u8> {
    let text = std::fs::read_to_string(datasets().join("generated_minimal_10k.txt")).unwrap();
    text.lines().take(n).flat_map(|l| format!("{}\n", &l[..81]).into_bytes()).collect()
}

/// Inputs that exercise the line rules: endings, a byte order mark, no final newline, blank
/// and comment lines, bad bytes, overlong and short lines, a line longer than a chunk.
fn cases() -> Vec<(&'static str, Vec<u8>)> {
    let mut damaged = Vec::new();
    for (i, line) in generated(600).split_inclusive(|&b| b == b'\n').enumerate() {
        let body = &line[..81];
        match i % 12 {
            0 => damaged.extend_from_slice(b"# a comment \xff\xfe\n"),
            1 => damaged.extend_from_slice(b"\r\n"),
            2 => damaged.extend_from_slice(&[body, b"\r"].concat()),
            3 => {
                damaged.extend_from_slice(&[&body[..40], b"\0\xc3(", &body[43..], b"\r\n"].concat())
            }
            4 => damaged.extend_from_slice(&[&body[..70], b"\n"].concat()),
            5 => damaged.extend_from_slice(&[body, body, b"\n"].concat()),
            6 => damaged.extend_from_slice(&[b"  ", body, b" \xe9\n"].concat()),
            _ => damaged.extend_from_slice(line),
        }
    }
    damaged.extend_from_slice(&vec![b'7'; 100_000]);
    damaged.extend_from_slice(b"\n");
    damaged.extend_from_slice(&GOOD.as_bytes()[..60]);
    let big = generated(3000);
    let crlf: Vec<u8> = big[..82 * 500]
        .split_inclusive(|&b| b == b'\n')
        .flat_map(|l| [&l[..81], b"\r\n"].concat())
        .collect();
    let no_final_newline = big[..82 * 300 - 1].to_vec();
    let bom = [b"\xef\xbb\xbf".as_slice(), &big[..82 * 20]].concat();
    vec![
        ("generated", big),
        ("damaged", damaged),
        ("crlf", crlf),
        ("no final newline", no_final_newline),
        ("byte order mark", bom),
        ("empty", Vec::new()),
        ("one line, no newline", GOOD.as_bytes().to_vec()),
        ("only a lone CR", b"\r".to_vec()),
    ]
}

/// Standard error without the timing (it differs from run to run).
fn summary(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr);
    err.lines().map(|l| l.split("; ").next().unwrap_or("").to_string()).collect()
}

fn run_file(args: &[&str], path: &Path) -> Output {
    bin().args(args).arg(path).stdin(Stdio::null()).output().unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitdoku-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_file_and_the_same_bytes_on_standard_input_give_the_same_output() {
    let dir = temp_dir("bulk-io");
    for (name, data) in cases() {
        let path = dir.join("input.txt");
        std::fs::write(&path, &data).unwrap();
        for command in ["solve", "count"] {
            let streamed = run_bytes(&[command, "--threads", "1"], &data);
            assert!(!streamed.stdout.is_empty() || data.is_empty() || name == "only a lone CR");
            for threads in ["1", "2", "3", "8"] {
                let args = [command, "--threads", threads];
                let from_file = run_file(&args, &path);
                let what = format!("{name}: {command} --threads {threads}");
                assert!(from_file.stdout == streamed.stdout, "{what}: stdout differs");
                assert_eq!(summary(&from_file), summary(&streamed), "{what}");
                assert_eq!(from_file.status.code(), streamed.status.code(), "{what}");
                let piped = run_bytes(&args, &data);
                assert!(piped.stdout == streamed.stdout, "{what}: streamed stdout differs");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_line_has_its_output_line_in_input_order() {
    let data = generated(3000);
    let dir = temp_dir("bulk-order");
    let path = dir.join("input.txt");
    std::fs::write(&path, &data).unwrap();
    let one = run_file(&["solve", "--threads", "1"], &path);
    let text = String::from_utf8(one.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 3000);
    assert!(text.lines().all(|l| l.len() == 81 && l.bytes().all(|b| b.is_ascii_digit())));
    for threads in ["2", "5", "16"] {
        let many = run_file(&["solve", "--threads", threads], &path);
        assert!(many.stdout == one.stdout, "--threads {threads}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pipe_closed_mid_file_ends_the_run_quietly() {
    let data: Vec<u8> = generated(10_000).repeat(3);
    let dir = temp_dir("bulk-pipe");
    let path = dir.join("input.txt");
    std::fs::write(&path, &data).unwrap();
    for threads in ["1", "2"] {
        let mut child = bin()
            .args(["solve", "--threads", threads])
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = vec![0u8; 82 * 10];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.contains("puzzles:"), "the summary is printed: {err}");
        assert_ne!(status.code(), Some(101));
        assert_eq!(&first[..82], &run_bytes(&["solve"], &data[..82]).stdout[..]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The logic engine's bulk path (plain lines go straight to their candidates) prints what the
/// parser's path prints: the same lines with a leading space (the shortcut leaves those to the
/// parser) give the same output, for solved, stuck, multiple-solution and no-solution lines.
#[test]
fn the_logic_shortcut_prints_what_the_parser_path_prints() {
    let mut plain = generated(150);
    let no_solution = format!("12345678.........9{}", ".".repeat(63));
    for extra in [".".repeat(81), no_solution] {
        // Two solutions or more; a start without a solution (no repeated digit, so the
        // shortcut takes it).
        plain.extend_from_slice(format!("{extra}\n").as_bytes());
    }
    let spaced: Vec<u8> = plain
        .split_inclusive(|&b| b == b'\n')
        .flat_map(|l| [b" ".as_slice(), l].concat())
        .collect();
    for args in [
        ["solve", "--logic", "--threads", "1"].as_slice(),
        ["solve", "--preset", "singles", "--no-fallback", "--threads", "2"].as_slice(),
        ["solve", "--preset", "hodoku", "--granularity", "single", "--threads", "1"].as_slice(),
    ] {
        let (a, b) = (run_bytes(args, &plain), run_bytes(args, &spaced));
        assert_eq!(String::from_utf8_lossy(&a.stdout), String::from_utf8_lossy(&b.stdout));
        assert_eq!(summary(&a), summary(&b), "{args:?}");
        let text = String::from_utf8_lossy(&a.stdout);
        assert!(text.lines().count() >= 152, "{args:?}");
        if args.contains(&"--no-fallback") {
            assert!(text.contains("error: stuck: "), "{args:?}");
        }
        // Every failure line names its line, as the other error lines do.
        let failure =
            |what: &str| text.lines().any(|l| l.starts_with("error: line ") && l.ends_with(what));
        assert!(failure(": multiple solutions"), "{args:?}");
        assert!(failure(": no solution"), "{args:?}");
    }
}
