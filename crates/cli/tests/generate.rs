//! End-to-end tests of `generate`, `shuffle` and `canon`.

mod common;

use common::{bin, datasets, run_stdin, stdout_lines};

fn generate(args: &[&str]) -> std::process::Output {
    bin().arg("generate").args(args).output().expect("run bitdoku generate")
}

#[test]
fn same_seed_same_puzzles_whatever_the_threads_and_each_is_unique() {
    let one = generate(&["--count", "40", "--seed", "11", "--threads", "1"]);
    let two = generate(&["--count", "40", "--seed", "11", "--threads", "2"]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(one.stdout, two.stdout);
    let text = String::from_utf8(one.stdout).unwrap();
    assert_eq!(text.lines().count(), 40);
    // Every generated puzzle has exactly one solution (checked by the brute-force counter).
    let solved = run_stdin(&["solve"], &text);
    assert_eq!(solved.status.code(), Some(0), "{}", String::from_utf8_lossy(&solved.stdout));
}

#[test]
fn targets_are_met_and_rated() {
    let out = generate(&["--count", "3", "--require", "naked-pair", "--json", "--seed", "2"]);
    assert_eq!(out.status.code(), Some(0));
    for line in stdout_lines(&out) {
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        let steps = v["steps"].as_array().unwrap();
        assert!(steps.iter().any(|s| s["technique"] == "naked-pair"), "{line}");
    }
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    for args in [
        &["--score", "9-3"][..],
        &["--se", "abc"],
        &["--require", "no-such-technique"],
        &["--require", "x-wing", "--level", "easy"],
        &["--require", "x-wing", "--forbid", "x-wing"],
        &["--givens-max", "12"],
        &["--symmetry", "spiral"],
        &["--level", "impossible"],
    ] {
        let out = generate(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("error"), "{args:?}");
    }
}

#[test]
fn an_unmet_target_says_so_and_exits_1_keeping_what_it_found() {
    // A minimal puzzle has over 50 empty cells, each worth at least 4 points: no score of 10.
    let out = generate(&["--count", "2", "--score", "0-10", "--timeout", "0.2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("target not met"));
}

#[test]
fn canon_is_the_same_for_every_shuffle_and_dedup_keeps_first_occurrences() {
    let path = datasets().join("magictour_top1465.txt");
    let text: String =
        std::fs::read_to_string(path).unwrap().lines().take(50).map(|l| format!("{l}\n")).collect();
    let canon = stdout_lines(&run_stdin(&["canon"], &text));
    assert_eq!(canon.len(), 50);
    for seed in ["1", "2", "3"] {
        let shuffled =
            String::from_utf8(run_stdin(&["shuffle", "--seed", seed], &text).stdout).unwrap();
        assert_ne!(shuffled, text);
        assert_eq!(stdout_lines(&run_stdin(&["canon"], &shuffled)), canon);
    }
    let doubled = format!("{text}{text}");
    let dedup = stdout_lines(&run_stdin(&["canon", "--dedup"], &doubled));
    assert_eq!(dedup, canon);
}

#[test]
fn canon_map_applied_to_the_input_gives_the_form_and_counts_follow_the_form() {
    let path = datasets().join("magictour_top1465.txt");
    let text: String = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .take(200)
        .map(|l| format!("{l}\n"))
        .collect();
    // One blank and one empty grid among them: the empty grid has every transformation.
    let input = format!("{text}\n{}\n", ".".repeat(81));
    let plain = stdout_lines(&run_stdin(&["canon", "--threads", "2"], &input));
    let out = run_stdin(&["canon", "--automorphisms", "--map", "--threads", "2"], &input);
    assert_eq!(out.status.code(), Some(0));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 201);
    assert!(lines[200].starts_with(&format!("{} 3359232 ", "0".repeat(81))), "{}", lines[200]);
    for ((line, puzzle), form) in
        lines.iter().zip(input.lines().filter(|l| !l.is_empty())).zip(&plain)
    {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(fields[0], form);
        assert!(fields[1].parse::<u64>().unwrap() >= 1, "{line}");
        let map: bitdoku_generate::Isomorph = fields[2].parse().unwrap();
        let values: [u8; 81] = std::array::from_fn(|i| match puzzle.as_bytes()[i] {
            b @ b'1'..=b'9' => b - b'0',
            _ => 0,
        });
        let mapped: String = map.apply(&values).iter().map(|&v| char::from(b'0' + v)).collect();
        assert_eq!(mapped, fields[0], "{line}");
    }
}

#[test]
fn shuffle_keeps_candidate_grids_and_solutions_consistent() {
    let grid = "1........".repeat(81).chars().take(729).collect::<String>();
    // Not a valid puzzle (every cell is 1), but shuffling is only relabelling and moving.
    let out = run_stdin(&["shuffle"], &format!("{grid}\n"));
    let line = &stdout_lines(&out)[0];
    assert_eq!(line.len(), 729);
    let g = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let shuffled = stdout_lines(&run_stdin(&["shuffle", "--seed", "9"], &format!("{g}\n")));
    let solved = run_stdin(&["solve"], &format!("{}\n", shuffled[0]));
    assert_eq!(solved.status.code(), Some(0));
}

#[test]
fn hint_draws_grids_and_diagrams_and_rejects_bad_input_like_solve() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = bin().args(["hint", p, "--grid"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains('*') && text.contains("Hidden Single"), "{text}");
    let dir = std::env::temp_dir().join(format!("bitdoku-svg-{}", std::process::id()));
    let file = dir.join("one.svg");
    std::fs::create_dir_all(&dir).unwrap();
    let out = bin().args(["hint", p, "--svg"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("data-effect=\"place\""));
    // Bad input: the same error line as solve, exit 1.
    let out = run_stdin(&["hint", "--svg-dir", dir.to_str().unwrap()], "12345\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("error: line 1: wrong length"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn explain_writes_a_self_contained_page_with_a_diagram_per_step() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let file = std::env::temp_dir().join(format!("bitdoku-explain-{}.html", std::process::id()));
    let out = bin().args(["explain", p, "--preset", "all", "--html"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let page = std::fs::read_to_string(&file).unwrap();
    let steps = page.matches("class=\"step\"").count();
    assert!(steps > 10);
    assert_eq!(page.matches("<svg").count(), steps + 1, "one diagram per step, one legend");
    assert!(page.contains("HoDoKu level") && page.contains("ArrowRight"));
    // Self-contained: no external scripts, styles or images.
    for needle in ["src=\"http", "href=\"http", "<link", "@import"] {
        assert!(!page.contains(needle), "{needle}");
    }
    let _ = std::fs::remove_file(&file);
    // Bad input gives the same error text as solve, exit 2 for a missing file.
    let out = bin().args(["explain", "no/such/file", "--html"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn trace_grid_and_svg_dir_draw_every_step() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = run_stdin(&["solve", "--trace", "--grid", "--preset", "singles"], &format!("{p}\n"));
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    let steps = first.split('\t').nth(1).unwrap().split("; ").count();
    let grids = text.lines().filter(|l| l.starts_with(".-")).count();
    assert_eq!(grids, steps, "one grid per step");
    let dir = std::env::temp_dir().join(format!("bitdoku-trace-{}", std::process::id()));
    let out = run_stdin(
        &["solve", "--trace", "--preset", "singles", "--svg-dir", dir.to_str().unwrap()],
        &format!("{p}\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), steps);
    let _ = std::fs::remove_dir_all(&dir);
}
