//! Helpers shared by the end-to-end tests: run the `bitdoku` binary on bytes, read its lines.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The `bitdoku` binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bitdoku"))
}

/// The repository's `datasets` folder.
pub fn datasets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets")
}

/// Runs `bitdoku ARGS` with `input` on standard input (written from a thread, so a child that
/// stops reading early cannot block the test).
pub fn run_bytes(args: &[&str], input: &[u8]) -> Output {
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

/// [`run_bytes`] with text.
pub fn run_stdin(args: &[&str], input: &str) -> Output {
    run_bytes(args, input.as_bytes())
}

/// Standard output's lines.
pub fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone()).unwrap().lines().map(str::to_string).collect()
}
