//! End-to-end soundness: on the first 300 puzzles of two corpora (every second of them for
//! everything implemented on top1465), solving with the `seeds`
//! order (and with the `hodoku`-like order of everything implemented) never places a digit
//! that contradicts the solution and never eliminates a solution candidate. Solutions come
//! from the brute-force solver, an independent code base.

use bitdoku_naive::{NaiveEngine, NaiveGrid, implemented};

const SEEDS: &[&str] = &[
    "full-house",
    "naked-single",
    "hidden-single",
    "locked-candidates-pointing",
    "locked-candidates-claiming",
    "naked-pair",
    "hidden-pair",
    "naked-triple",
    "hidden-triple",
    "x-wing",
    "swordfish",
    "finned-x-wing",
    "finned-swordfish",
    "skyscraper",
    "two-string-kite",
    "xy-wing",
    "xyz-wing",
    "wxyz-wing",
    "avoidable-rectangle-1",
    "avoidable-rectangle-2",
];

fn puzzles(name: &str, limit: usize) -> Vec<[u8; 81]> {
    let path = format!("{}/../../datasets/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(limit)
        .map(|l| {
            let b = l.as_bytes();
            std::array::from_fn(|i| if b[i].is_ascii_digit() { b[i] - b'0' } else { 0 })
        })
        .collect()
}

/// Solves every `step`-th of the first 300 puzzles step by step, checking every intermediate
/// state against the solution.
fn check_corpus(name: &str, order: &[&str], step: usize) -> (usize, usize) {
    let engine = NaiveEngine::new(order, true).expect("order implemented");
    let (mut solved, mut total) = (0, 0);
    for (n, values) in puzzles(name, 300).iter().enumerate().step_by(step) {
        let masks = bitdoku_brute::masks_from_values(values);
        let (count, solution) = bitdoku_brute::solve_unique(&masks);
        assert_eq!(count, bitdoku_brute::Count::One, "{name} #{n}: not unique");
        let solution = solution.expect("solution").0;
        let mut grid = NaiveGrid::from_values(values);
        total += 1;
        while let Some(id) = engine.step(&mut grid) {
            for (i, &v) in grid.values().iter().enumerate() {
                let cell = grid.cell(i);
                assert!(
                    v == 0 || v == solution[i],
                    "{name} #{n}: {id} placed r{}c{}={v}",
                    i / 9 + 1,
                    i % 9 + 1
                );
                assert!(
                    v != 0 || cell.has(solution[i]),
                    "{name} #{n}: {id} removed the solution {} from r{}c{}",
                    solution[i],
                    i / 9 + 1,
                    i % 9 + 1
                );
            }
            if grid.is_solved() {
                solved += 1;
                break;
            }
        }
    }
    (solved, total)
}

#[test]
fn seeds_order_is_sound_on_magictour() {
    let (solved, total) = check_corpus("magictour_top1465.txt", SEEDS, 1);
    assert_eq!(total, 300);
    eprintln!("magictour seeds: {solved}/{total} solved");
}

#[test]
fn seeds_order_is_sound_on_generated_minimal() {
    let (solved, total) = check_corpus("generated_minimal_10k.txt", SEEDS, 1);
    assert_eq!(total, 300);
    assert!(solved > 100, "only {solved} of 300 solved");
    eprintln!("generated seeds: {solved}/{total} solved");
}

// Everything implemented, one test per corpus so that libtest runs them side by side.
#[test]
fn every_implemented_technique_is_sound_on_magictour() {
    // Every second puzzle: all 300 took 25 s of CPU (the `bench agree` tests and
    // `scripts/agree_corpora.sh` compare the naive engine with the bitboard one on more).
    let (solved, total) = check_corpus("magictour_top1465.txt", implemented(), 2);
    assert_eq!(total, 150);
    eprintln!("magictour all: {solved}/{total} solved");
}

#[test]
fn every_implemented_technique_is_sound_on_generated_minimal() {
    let (solved, total) = check_corpus("generated_minimal_10k.txt", implemented(), 1);
    assert_eq!(total, 300);
    eprintln!("generated all: {solved}/{total} solved");
}

#[test]
fn unknown_ids_are_rejected_and_listed() {
    let err = NaiveEngine::new(&["naked-single", "x-wings", "aic"], false).unwrap_err();
    assert!(err.contains("x-wings") && err.contains("aic"), "{err}");
    assert!(!err.contains("x-wings, naked-single"));
}
