//! End-to-end tests of `hunt`: a run is reproducible from its seed whatever the threads, a
//! resumed run writes the same file as an uninterrupted one (also after a round cut short),
//! and every kept puzzle is unique and meets the target.

mod common;
use common::{bin, datasets, run_stdin};
use std::path::Path;

fn hunt(out: &Path, extra: &[&str]) -> std::process::Output {
    let seeds = datasets().join("forum_hardest_1905_11plus.txt");
    bin()
        .arg("hunt")
        .arg(&seeds)
        .args(["--first", "2", "--per-seed", "25", "--keep", "3", "--te", "2", "--seed", "9"])
        .arg("-o")
        .arg(out)
        .args(extra)
        .output()
        .expect("run bitdoku hunt")
}

#[test]
fn runs_are_reproducible_and_resumable() {
    let dir = std::env::temp_dir().join(format!("bitdoku-hunt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b, c) = (dir.join("a.txt"), dir.join("b.txt"), dir.join("c.txt"));
    for p in [&a, &b, &c] {
        let _ = std::fs::remove_file(p);
    }
    let out = hunt(&a, &["--rounds", "3", "--threads", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let progress = String::from_utf8_lossy(&out.stderr);
    assert_eq!(progress.lines().filter(|l| l.starts_with("round ")).count(), 3, "{progress}");
    assert_eq!(hunt(&b, &["--rounds", "3", "--threads", "2"]).status.code(), Some(0));
    let whole = std::fs::read_to_string(&a).unwrap();
    assert_eq!(whole, std::fs::read_to_string(&b).unwrap());
    // Stopped after one round, with a second round cut short, then resumed.
    assert_eq!(hunt(&c, &["--rounds", "1"]).status.code(), Some(0));
    let mut partial = std::fs::read_to_string(&c).unwrap();
    partial.push_str("#rated 98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6;;;;hunt r2 TE=2\n");
    std::fs::write(&c, partial).unwrap();
    assert_eq!(hunt(&c, &["--rounds", "3"]).status.code(), Some(2), "needs --resume");
    assert_eq!(hunt(&c, &["--rounds", "3", "--resume"]).status.code(), Some(0));
    assert_eq!(whole, std::fs::read_to_string(&c).unwrap());
    // Other settings do not resume.
    assert_eq!(hunt(&c, &["--rounds", "4", "--resume", "--keep", "4"]).status.code(), Some(2));
    // Kept lines: unique puzzles of T&E depth 2.
    let kept: Vec<&str> = whole.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(whole.lines().any(|l| l.starts_with("#round 3 ")));
    let puzzles: String = kept.iter().map(|l| format!("{}\n", &l[..81])).collect();
    if !kept.is_empty() {
        let counted = run_stdin(&["count"], &puzzles);
        assert!(String::from_utf8_lossy(&counted.stdout).lines().all(|l| l.ends_with('1')));
        assert!(kept.iter().all(|l| l.contains(" TE=2")));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_settings_are_usage_errors() {
    let dir = std::env::temp_dir();
    let out = hunt(&dir.join("bitdoku-hunt-never.txt"), &["--vicinity", "-x+2"]);
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["hunt", "nowhere.txt", "-o", "x.txt", "--se", "10.0-"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nowhere.txt"));
}

/// Under a tiny budget every puzzle past the screens is listed as `#over-budget`, counted in
/// the round line and the progress, and a resumed run still writes the same file.
#[test]
fn puzzles_over_budget_are_listed_and_the_hunt_goes_on() {
    let dir = std::env::temp_dir().join(format!("bitdoku-hunt-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    for p in [&a, &b] {
        let _ = std::fs::remove_file(p);
    }
    let tight = ["--se", "10.0-", "--budget", "1000"];
    let out = hunt(&a, &[&tight[..], &["--rounds", "2"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let whole = std::fs::read_to_string(&a).unwrap();
    let over = whole.lines().filter(|l| l.starts_with("#over-budget ")).count();
    assert!(over > 0, "{whole}");
    assert!(whole.lines().next().unwrap().ends_with(" budget=1000"), "{whole}");
    assert!(whole.lines().any(|l| l.starts_with("#round ") && !l.ends_with("over-budget=0")));
    assert!(String::from_utf8_lossy(&out.stderr).contains(" over budget, "));
    assert!(!whole.lines().any(|l| !l.starts_with('#')), "nothing rated, nothing kept");
    assert_eq!(hunt(&b, &[&tight[..], &["--rounds", "1"]].concat()).status.code(), Some(0));
    assert_eq!(
        hunt(&b, &[&tight[..], &["--rounds", "2", "--resume"]].concat()).status.code(),
        Some(0)
    );
    assert_eq!(whole, std::fs::read_to_string(&b).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}
