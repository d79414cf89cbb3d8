//! Solution counts of tdoku's test puzzles (`datasets/tdoku_test_puzzles_with_counts.txt`,
//! lines `puzzle:count[:solution]`): 0, 1 or many solutions (up to 847).

mod common;

use bitdoku_brute::{Count, count_solutions, masks_from_values, solve_first, solve_unique};
use common::{agrees, check_grid, parse, read_dataset};

#[test]
fn tdoku_counts() {
    let text = read_dataset("tdoku_test_puzzles_with_counts.txt");
    let mut seen = [0usize; 3];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.trim().split(':');
        let givens = parse(parts.next().unwrap());
        let expected: u32 = parts.next().expect("count field").parse().expect("count");
        let solution = parts.next().map(parse);
        let masks = masks_from_values(&givens);

        let (count, first) = count_solutions(&masks, 1000);
        assert_eq!(count, expected, "count of {line}");
        seen[expected.min(2) as usize] += 1;
        match first {
            None => assert_eq!(expected, 0, "{line}"),
            Some(sol) => {
                assert!(check_grid(&sol.0), "invalid solution for {line}");
                assert!(agrees(&givens, &sol.0), "solution ignores givens for {line}");
            }
        }
        if let Some(expected_sol) = solution {
            assert_eq!(first.map(|s| s.0), Some(expected_sol), "solution of {line}");
        }

        // The limit is respected and the other entry points agree.
        let (limited, _) = count_solutions(&masks, 2);
        assert_eq!(limited, expected.min(2), "limit 2 for {line}");
        let (kind, unique_sol) = solve_unique(&masks);
        let want = match expected {
            0 => Count::None,
            1 => Count::One,
            _ => Count::Many,
        };
        assert_eq!(kind, want, "{line}");
        assert_eq!(unique_sol.is_some(), expected > 0, "{line}");
        let any = solve_first(&masks);
        assert_eq!(any.is_some(), expected > 0, "{line}");
        if let Some(sol) = any {
            assert!(check_grid(&sol.0) && agrees(&givens, &sol.0), "{line}");
        }
        if expected > 3 {
            assert_eq!(count_solutions(&masks, 3).0, 3, "limit 3 for {line}");
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "file should hold 0-, 1- and many-solution puzzles");
}
