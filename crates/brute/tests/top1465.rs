//! Every magictour top1465 puzzle (`datasets/magictour_top1465.txt`) has exactly one solution,
//! which is valid and keeps the givens.

mod common;

use bitdoku_brute::{Count, count_solutions_with_stats, masks_from_values, solve_unique};
use common::{agrees, check_grid, parse, read_dataset};

#[test]
fn top1465_all_unique() {
    let text = read_dataset("magictour_top1465.txt");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let givens = parse(line.trim());
        let masks = masks_from_values(&givens);
        let (count, sol) = solve_unique(&masks);
        assert_eq!(count, Count::One, "{line}");
        let sol = sol.expect("a unique puzzle has a solution").0;
        assert!(check_grid(&sol), "invalid solution for {line}");
        assert!(agrees(&givens, &sol), "solution ignores givens for {line}");
        let (c, s, _) = count_solutions_with_stats(&masks, 10);
        assert_eq!((c, s.map(|s| s.0)), (1, Some(sol)), "{line}");
        n += 1;
    }
    assert_eq!(n, 1465);
}
