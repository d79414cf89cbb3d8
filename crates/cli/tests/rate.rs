//! End-to-end tests of `rate`: the default line, serate's format letters, per-step lines, the
//! pearl/diamond early exits, SE's error conventions and the header.

mod common;
use common::{run_bytes, stdout_lines};

// Ratings below are serate 1.2.1.3's (Sudoku Explainer built from source and run on these
// puzzles from datasets/generated_minimal_10k.txt): ER/EP/ED, and with --pearl / --diamond.

/// 2.0/1.2/1.2 (a direct hidden pair after hidden singles): not a pearl.
const NOT_PEARL: &str =
    ".7.....86.6.......1.4.3....9....28....7....3.83...7.91.....8.5....2...4......63.8";
/// 2.3/2.3/2.3: a pearl and a diamond.
const PEARL: &str =
    "..2.14..83.......2..5...7..53......6....6.18.....9..4.9......6...124....7....8...";
/// 8.4/3.0/2.6 (EP above ED): not a diamond, not a pearl.
const NOT_DIAMOND: &str =
    ".7........2.57....9.......876...8.3...4....29.....35....6.91....5...2..3.9.4...6.";

fn rate(args: &[&str], input: &str) -> (Vec<String>, i32) {
    let mut all = vec!["rate", "--threads", "1"];
    all.extend_from_slice(args);
    let out = run_bytes(&all, input.as_bytes());
    (stdout_lines(&out), out.status.code().unwrap_or(-1))
}

#[test]
fn default_line_keeps_its_form() {
    let (lines, code) = rate(&[], &format!("{PEARL}\n"));
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 1);
    let l = &lines[0];
    assert!(l.starts_with(&format!("{PEARL} #1 ")), "{l}");
    assert!(l.ends_with("ED=2.3/2.3/2.3"), "{l}");
    assert!(l.contains(" easy (") || l.contains(" medium ("), "{l}");
}

#[test]
fn serate_line_echoes_the_input_line() {
    let input = format!("{NOT_PEARL} # a comment after the grid\n\n# skipped\n{PEARL}\n");
    let (lines, _) = rate(&["--format", "%g ED=%r/%p/%d"], &input);
    assert_eq!(
        lines,
        [
            format!("{NOT_PEARL} # a comment after the grid ED=2.0/1.2/1.2"),
            format!("{PEARL} ED=2.3/2.3/2.3"),
        ]
    );
    let (lines, _) = rate(&["--format", "%n%t%i%t%R/%P/%D %S 100%% %L %l"], &input);
    assert_eq!(
        lines[0],
        format!(
            "1\t{NOT_PEARL}\tDirect Hidden Pair/Hidden Single/Hidden Single Direct Hidden Pair \
             100% Medium medium"
        )
    );
    assert!(lines[1].starts_with("4\t"), "{}", lines[1]);
    // --approx-se: the technique engine's own path and numbers.
    let (lines, _) = rate(&["--approx-se", "--format", "%r %R %S"], &input);
    assert_eq!(lines[0], "3.0 Naked Pair naked-pair");
}

#[test]
fn unknown_or_misplaced_letters_are_usage_errors() {
    for args in
        [&["--format", "%g %q"][..], &["--format", "%x"], &["--before", "%r"], &["--after", "50%"]]
    {
        let out = run_bytes(&[&["rate"][..], args].concat(), PEARL.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--"), "{args:?}");
    }
}

#[test]
fn errors_rate_zero_in_a_custom_format() {
    let multiple = format!("{}{}", ".".repeat(30), &PEARL[30..]);
    // r1c1 has no candidate: 1-8 in its row, 9 in its column.
    let no_solution = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let input = format!("{multiple}\n{no_solution}\n{solved}\n");
    let (lines, code) = rate(&["--format", "%r/%p/%d %R"], &input);
    assert_eq!(code, 1);
    assert_eq!(
        lines,
        ["0.0/0.0/0.0 multiple solutions", "0.0/0.0/0.0 no solution", "0.0/0.0/0.0 none"]
    );
    let (lines, _) = rate(&[], &input);
    assert!(lines[0].ends_with("error: multiple solutions"), "{}", lines[0]);
    assert!(lines[1].ends_with("error: no solution"), "{}", lines[1]);
}

#[test]
fn before_and_after_lines_surround_every_step() {
    // The SE model's steps (the default).
    let (lines, _) =
        rate(&["--before", "B %i", "--after", "A %k %r: %x", "--format", "F %r"], PEARL);
    let steps = lines.iter().filter(|l| l.starts_with("A ")).count();
    assert!(steps > 20);
    assert_eq!(lines.iter().filter(|l| l.starts_with("B ")).count(), steps);
    assert_eq!(lines[0], format!("B {PEARL}"));
    assert_eq!(lines[1], "A Naked Single 2.3: Naked Single (2.3): r1c1=6");
    assert!(lines.iter().any(|l| l.starts_with("A Hidden Single 2.3: Hidden Single (1.2): r")));
    assert_eq!(lines.last().unwrap(), "F 2.3");
    // The engine's steps with --approx-se.
    let (lines, _) = rate(
        &["--approx-se", "--before", "B %i", "--after", "A %k %r %s: %x", "--format", "F %r"],
        PEARL,
    );
    let steps = lines.iter().filter(|l| l.starts_with("A ")).count();
    assert!(steps > 20);
    assert_eq!(lines.iter().filter(|l| l.starts_with("B ")).count(), steps);
    assert_eq!(lines[0], format!("B {PEARL}"));
    assert!(lines[1].starts_with("A "), "{}", lines[1]);
    assert_eq!(lines.last().unwrap(), "F 2.3");
    // The score after the last step is the puzzle's score.
    let (total, _) = rate(&["--approx-se", "--format", "%s"], PEARL);
    let last = &lines[lines.len() - 2];
    assert!(last.contains(&format!(" {}: ", total[0])), "{last} vs {}", total[0]);
}

#[test]
fn pearl_and_diamond_stop_early() {
    let input = format!("{NOT_PEARL}\n{PEARL}\n{NOT_DIAMOND}\n");
    let (plain, _) = rate(&["--format", "%r/%p/%d"], &input);
    assert_eq!(plain, ["2.0/1.2/1.2", "2.3/2.3/2.3", "8.4/3.0/2.6"]);
    let (pearl, _) = rate(&["--format", "%r/%p/%d", "--pearl"], &input);
    assert_eq!(pearl, ["20.0/1.2/1.2", "2.3/2.3/2.3", "20.0/3.0/2.6"]);
    let (diamond, _) = rate(&["--format", "%r/%p/%d", "--diamond"], &input);
    assert_eq!(diamond, ["20.0/1.2/1.2", "2.3/2.3/2.3", "20.0/0.0/2.6"]);
}

#[test]
fn header_names_version_and_options() {
    let (lines, _) = rate(&["--header", "--preset", "singles", "--format", "%r", "--pearl"], PEARL);
    assert!(lines[0].starts_with("# bitdoku "), "{}", lines[0]);
    assert!(lines[0].contains("--order full-house,naked-single,hidden-single"), "{}", lines[0]);
    assert!(lines[0].ends_with("--format '%r' --pearl"), "{}", lines[0]);
    assert_eq!(lines.len(), 2);
}

#[test]
fn solve_json_rates_like_rate() {
    let input = format!("{NOT_PEARL}\n{PEARL}\n{NOT_DIAMOND}\n");
    let (rated, _) = rate(&["--format", "%s %l %r %p %d"], &input);
    let out =
        run_bytes(&["solve", "--logic", "--json", "--rate", "--threads", "1"], input.as_bytes());
    for (line, want) in stdout_lines(&out).iter().zip(&rated) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["granularity"], "single");
        let got = format!(
            "{} {} {:.1} {:.1} {:.1}",
            v["score"],
            v["level"].as_str().unwrap(),
            v["er"].as_f64().unwrap(),
            v["ep"].as_f64().unwrap(),
            v["ed"].as_f64().unwrap()
        );
        assert_eq!(&got, want);
    }
    // Batch granularity stays available and says so.
    let out = run_bytes(
        &["solve", "--logic", "--json", "--rate", "--granularity", "batch"],
        PEARL.as_bytes(),
    );
    let v: serde_json::Value = serde_json::from_str(&stdout_lines(&out)[0]).unwrap();
    assert_eq!(v["granularity"], "batch");
}

#[test]
fn guess_rating_is_the_same_for_isomorphs() {
    // The first puzzle of forum_hardest_1106 and a shuffled copy of it.
    const HARD: &str =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let shuffled = run_bytes(&["shuffle", "--seed", "9"], format!("{HARD}\n").as_bytes());
    let shuffled = stdout_lines(&shuffled).remove(0);
    let (lines, code) = rate(&["--format", "%G"], &format!("{HARD}\n{shuffled}\n"));
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    let (mean, max) = lines[0].split_once('/').expect("MEAN/MAX");
    let (mean, max): (f64, u64) = (mean.parse().unwrap(), max.parse().unwrap());
    assert!(mean > 1.0 && max as f64 >= mean, "{}", lines[0]);
}

#[test]
fn guess_rating_is_not_given_for_candidate_grids() {
    // A candidate grid: every cell open to every digit (729 characters). Its candidates are
    // the puzzle and it has no givens, so `%G` prints `-` rather than rating placed cells.
    let grid = "123456789".repeat(81);
    let (lines, _) = rate(&["--format", "%G"], &format!("{grid}\n"));
    assert_eq!(lines, vec!["-".to_string()]);
}
