//! End-to-end tests of `rate`'s screening filters (`--er`, `--ep`, `--ed`): a rejected puzzle
//! prints what is known and stops early (it fits in a node budget that the full rating
//! exceeds); a kept puzzle prints exactly the line it prints without the filter.

mod common;
use common::{run_bytes, stdout_lines};

/// serate: 8.4/3.0/2.6 (datasets/generated_minimal_10k.txt).
const MEDIUM: &str =
    ".7........2.57....9.......876...8.3...4....29.....35....6.91....5...2..3.9.4...6.";
/// forum_hardest_1905_11plus's first puzzle: 11.1/11.1/11.1.
const HARD: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

fn rate(args: &[&str], input: &str) -> Vec<String> {
    let mut all = vec!["rate", "--threads", "1", "--format", "%g ED=%r/%p/%d"];
    all.extend_from_slice(args);
    let out = run_bytes(&all, format!("{input}\n").as_bytes());
    stdout_lines(&out)
}

#[test]
fn a_kept_puzzle_prints_its_unfiltered_line() {
    let full = rate(&[], MEDIUM);
    assert_eq!(full, [format!("{MEDIUM} ED=8.4/3.0/2.6")]);
    for filter in [&["--er", "8.0-"][..], &["--er", "8.4"], &["--ep", "-3.0", "--ed", "2.0-2.6"]] {
        assert_eq!(rate(filter, MEDIUM), full, "{filter:?}");
    }
}

#[test]
fn a_rejected_puzzle_says_what_is_known() {
    let cases = [
        (&["--ed", "3.0-"][..], "ED<3.0 (ER>=2.6 EP>=2.6 ED=2.6)"),
        (&["--ep", "-2.9"], "EP>2.9 (ER>=3.0 EP>=3.0 ED=2.6)"),
        (&["--ep", "3.1-"], "EP<3.1 (ER>=3.0 EP=3.0 ED=2.6)"),
        (&["--er", "-8.0"], "ER>8.0 (ER>=8.4 EP=3.0 ED=2.6)"),
        (&["--er", "9.0-"], "ER<9.0 (ER=8.4 EP=3.0 ED=2.6)"),
    ];
    for (filter, known) in cases {
        assert_eq!(rate(filter, MEDIUM), [format!("{MEDIUM} #1 out: {known}")], "{filter:?}");
    }
}

/// The work done, through the deterministic node budget: the screened ratings fit in 2,000
/// nodes where the full rating does not.
#[test]
fn a_rejected_hard_puzzle_stops_early() {
    let full = rate(&["--budget", "2000"], HARD);
    assert!(full[0].contains("budget of 2000 nodes"), "{full:?}");
    let screened = rate(&["--budget", "2000", "--er", "-5.0"], HARD);
    assert_eq!(screened, [format!("{HARD} #1 out: ER>5.0 (ER>=5.2 EP>=5.2 ED>=5.2)")]);
}

#[test]
fn bad_ranges_are_usage_errors() {
    for bad in ["abc", "9.0-8.0", "10.55", "-"] {
        let out = run_bytes(&["rate", "--er", bad], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
    let out = run_bytes(&["rate", "--er", "9.0-", "--approx-se"], b"");
    assert_eq!(out.status.code(), Some(2));
}
