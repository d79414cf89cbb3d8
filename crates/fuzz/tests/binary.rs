//! The `fuzz` program end to end: a tiny campaign runs clean and says so, and a missing
//! `bitdoku` binary is a clear error (exit 2), not a panic. Being an integration test, it also
//! makes `cargo test --workspace` build the `fuzz` binary, which `.ci/run`'s fuzz phase then
//! runs without a second build.

use std::process::Command;

fn fuzz() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fuzz"))
}

#[test]
fn tiny_campaign_is_clean() {
    let out = fuzz()
        .args(["--parse", "500", "--solve-lines", "0", "--states", "1", "--broken", "1"])
        .args(["--stall", "3", "--per-file", "40", "--seed", "5"])
        .output()
        .expect("run fuzz");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "fuzz failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let total = stdout.lines().find(|l| l.starts_with("total")).expect("a total line");
    assert!(total.contains(" 0 panics, 0 unsound, 0 misaligned, 0 wrong"), "{total}");
    for name in ["parse", "techniques", "broken", "stall"] {
        assert!(stdout.lines().any(|l| l.starts_with(name)), "no {name} line:\n{stdout}");
    }
}

#[test]
fn missing_bitdoku_is_a_clear_error() {
    let out = fuzz()
        .args(["--parse", "0", "--solve-lines", "10", "--states", "0", "--broken", "0"])
        .args(["--per-file", "5", "--bitdoku", "/nonexistent/bitdoku"])
        .output()
        .expect("run fuzz");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("/nonexistent/bitdoku not found"), "{stderr}");
}
