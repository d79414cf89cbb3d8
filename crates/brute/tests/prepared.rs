//! `count_solutions_prepared` (the bulk path: the givens' digits already cleared from their
//! peers) gives the same counts as `count_solutions`, the solution exactly when the count is 1,
//! and the same answers on masks that break its promise (peers not cleared) or contradict
//! themselves.

mod common;

use bitdoku_brute::{
    count_solutions, count_solutions_prepared, count_solutions_prepared_with_stats,
    count_solutions_with_stats, masks_from_values,
};
use common::{parse, read_dataset};

/// Masks with every given's digit cleared from its 20 peers (what `quick_search_masks` gives).
fn cleared(values: &[u8; 81]) -> [u128; 9] {
    let mut masks = masks_from_values(values);
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (i / 9, i % 9);
        for j in (0..81).filter(|&j| j != i) {
            let (r2, c2) = (j / 9, j % 9);
            if r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3) {
                masks[usize::from(v - 1)] &= !(1u128 << j);
            }
        }
    }
    masks
}

fn check(masks: &[u128; 9], limit: u32, what: &str) {
    let (count, first) = count_solutions(masks, limit);
    let (count2, first2) = count_solutions_prepared(masks, limit);
    // The statistics entries agree with the plain ones, and with each other on the guesses
    // (the skipped pass only does early what propagation does before the first guess).
    let (count3, first3, stats3) = count_solutions_prepared_with_stats(masks, limit);
    let (_, _, stats) = count_solutions_with_stats(masks, limit);
    assert_eq!((count3, first3), (count2, first2), "prepared with stats, {what}");
    assert_eq!(stats3.guesses, stats.guesses, "guesses of {what}");
    assert_eq!(count, count2, "count of {what}");
    if count == 1 {
        assert_eq!(first, first2, "solution of {what}");
    } else {
        assert_eq!(first2, None, "no solution returned for {what} (count {count})");
    }
}

#[test]
fn same_as_count_solutions_on_corpora() {
    let mut seen = [0usize; 3];
    for (file, n) in [
        ("forum_hardest_1106.txt", 375),
        ("serg_benchmark.txt", 300),
        ("sudoku17_royle_49158.txt", 300),
        ("generated_minimal_10k.txt", 300),
        ("tdoku_test_puzzles_with_counts.txt", 100),
    ] {
        let text = read_dataset(file);
        for line in text.lines().filter(|l| l.len() >= 81).take(n) {
            let values = parse(&line[..81]);
            for limit in [1, 2, 3] {
                check(&cleared(&values), limit, line);
            }
            // Masks that break the promise still give the right answer.
            check(&masks_from_values(&values), 2, line);
            seen[count_solutions(&cleared(&values), 2).0 as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "corpora cover 0, 1 and 2+ solutions: {seen:?}");
}

#[test]
fn limit_zero_and_contradictions() {
    let values =
        parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    assert_eq!(count_solutions_prepared(&cleared(&values), 0), (0, None));
    let mut clash = values;
    clash[1] = 4; // a second 4 in row 0
    check(&cleared(&clash), 2, "clashing givens");
    assert_eq!(count_solutions_prepared(&cleared(&clash), 2), (0, None));
    check(&[0; 9], 2, "no candidates at all");
}
