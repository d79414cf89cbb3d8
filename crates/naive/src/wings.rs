//! Wings, in the style of seed articles 001 (C: tables of bivalue cells, nested loops over
//! candidate pairs), 002 (Java: loops over `Box` objects and their `List<Integer>`s) and 004
//! (the WXYZ-Wing 3-2-2-2 as a data structure of cells and digit lists).
//!
//! - **XY-Wing**: bivalue pivot `P = {x, y}` (x < y), bivalue pincers `A = {x, z}` and
//!   `B = {y, z}` that both see `P`; `z` leaves every cell that sees both pincers.
//! - **XYZ-Wing**: pivot `P = {x, y, z}` (exactly three candidates), bivalue pincers `{x, z}`
//!   and `{y, z}` that see `P`; `z` leaves every cell that sees all three.
//! - **WXYZ-Wing**: four unsolved cells with 2..=4 candidates each, holding exactly four digits
//!   together, no two of them holding only two digits and no three only three, lying within
//!   the union of two houses, where exactly one digit `Z` is *non-restricted* (its cells in the
//!   pattern are not all in one house) and every other digit is restricted: `Z` leaves every
//!   cell that sees all pattern cells holding `Z`.
//! - **W-Wing**: two bivalue cells with the same two candidates that do not see each other,
//!   and a house where one of the two digits (the link digit) has exactly two candidate cells,
//!   one seeing each bivalue cell: the other digit leaves every cell seeing both.
//!
//! Example (XY-Wing): pivot r1c1 {1,2}, pincers r1c7 {1,3} and r3c2 {2,3}: r1c2, r1c3, r3c7,
//! r3c8, r3c9 lose 3.

use crate::combos::combinations;
use crate::findings::Findings;
use crate::grid::{CandidateList, NaiveCell, NaiveGrid};

/// The other digit of a bivalue cell.
fn other(cell: &NaiveCell, digit: u8) -> u8 {
    let c = cell.candidates().as_slice();
    if c[0] == digit { c[1] } else { c[0] }
}

/// The unsolved cells with exactly `n` candidates.
fn cells_with_count(grid: &NaiveGrid, n: usize) -> Vec<usize> {
    grid.cells().iter().filter(|c| c.count() == n).map(|c| c.index).collect()
}

/// XY-Wing.
pub fn xy_wing(grid: &NaiveGrid, found: &mut Findings) {
    let bivalue = cells_with_count(grid, 2);
    for &p in &bivalue {
        let pivot = grid.cell(p);
        let (x, y) = (pivot.candidates().as_slice()[0], pivot.candidates().as_slice()[1]);
        for &a in &bivalue {
            let wing_a = grid.cell(a);
            if !pivot.sees(wing_a) || !wing_a.has(x) || wing_a.has(y) {
                continue;
            }
            let z = other(wing_a, x);
            for &b in &bivalue {
                let wing_b = grid.cell(b);
                if !pivot.sees(wing_b) || !wing_b.has(y) || !wing_b.has(z) {
                    continue;
                }
                for cell in grid.cells() {
                    if cell.has(z) && cell.sees(wing_a) && cell.sees(wing_b) {
                        found.eliminate(grid, cell.index, z);
                    }
                }
            }
        }
    }
}

/// XYZ-Wing.
pub fn xyz_wing(grid: &NaiveGrid, found: &mut Findings) {
    let bivalue = cells_with_count(grid, 2);
    for &p in &cells_with_count(grid, 3) {
        let pivot = grid.cell(p);
        for &z in pivot.candidates().as_slice() {
            let others: Vec<u8> =
                pivot.candidates().as_slice().iter().copied().filter(|&d| d != z).collect();
            let (x, y) = (others[0], others[1]);
            for &a in &bivalue {
                let wing_a = grid.cell(a);
                if !pivot.sees(wing_a) || !wing_a.has(x) || !wing_a.has(z) {
                    continue;
                }
                for &b in &bivalue {
                    let wing_b = grid.cell(b);
                    if !pivot.sees(wing_b) || !wing_b.has(y) || !wing_b.has(z) {
                        continue;
                    }
                    for cell in grid.cells() {
                        if cell.has(z) && cell.sees(pivot) && cell.sees(wing_a) && cell.sees(wing_b)
                        {
                            found.eliminate(grid, cell.index, z);
                        }
                    }
                }
            }
        }
    }
}

/// Whether all these cells lie in one row, one column or one box.
fn in_one_house(grid: &NaiveGrid, cells: &[usize]) -> bool {
    let first = grid.cell(cells[0]);
    cells.iter().all(|&c| grid.cell(c).row == first.row)
        || cells.iter().all(|&c| grid.cell(c).col == first.col)
        || cells.iter().all(|&c| grid.cell(c).boxx == first.boxx)
}

/// The digits held by these cells together.
fn union(grid: &NaiveGrid, cells: &[usize]) -> CandidateList {
    let mut digits = CandidateList::empty();
    for &c in cells {
        for &d in grid.cell(c).candidates().as_slice() {
            digits.insert(d);
        }
    }
    digits
}

/// How many distinct digits these cells hold together.
fn distinct(grid: &NaiveGrid, cells: &[usize]) -> usize {
    let mut seen = [false; 10];
    let mut n = 0;
    for &c in cells {
        for &d in grid.cell(c).candidates().as_slice() {
            if !std::mem::replace(&mut seen[d as usize], true) {
                n += 1;
            }
        }
    }
    n
}

/// WXYZ-Wing: for every four digits, the cells with 2..=4 candidates all among them; every
/// four of those cells, picked in cell order, with a partial pick dropped as soon as it breaks
/// a rule (two cells holding only two digits, three cells not holding all four).
pub fn wxyz_wing(grid: &NaiveGrid, found: &mut Findings) {
    let pool: Vec<usize> =
        grid.cells().iter().filter(|c| (2..=4).contains(&c.count())).map(|c| c.index).collect();
    if pool.len() < 4 {
        return;
    }
    let wide = |cells: &[usize]| distinct(grid, cells) >= 3;
    let four = |cells: &[usize]| distinct(grid, cells) == 4;
    for quad in combinations(9, 4) {
        let mut in_quad = [false; 10];
        for &i in quad {
            in_quad[i + 1] = true;
        }
        let cells: Vec<usize> = pool
            .iter()
            .copied()
            .filter(|&c| grid.cell(c).candidates().as_slice().iter().all(|&d| in_quad[d as usize]))
            .collect();
        for (i, &a) in cells.iter().enumerate() {
            for (j, &b) in cells.iter().enumerate().skip(i + 1) {
                if !wide(&[a, b]) {
                    continue;
                }
                for (k, &c) in cells.iter().enumerate().skip(j + 1) {
                    if !four(&[a, b, c]) || !wide(&[a, c]) || !wide(&[b, c]) {
                        continue;
                    }
                    for &d in &cells[k + 1..] {
                        let pairs = wide(&[a, d]) && wide(&[b, d]) && wide(&[c, d]);
                        if pairs && four(&[a, b, d]) && four(&[a, c, d]) && four(&[b, c, d]) {
                            wxyz_candidate(grid, found, &[a, b, c, d]);
                        }
                    }
                }
            }
        }
    }
}

/// Checks the shape (two houses) and the restricted digits of a minimal four-cell set.
fn wxyz_candidate(grid: &NaiveGrid, found: &mut Findings, set: &[usize]) {
    // Within two houses: one house holds the first cell, the rest share one house.
    let first = grid.cell(set[0]);
    let two_houses = [first.row, 9 + first.col, 18 + first.boxx].iter().any(|&h| {
        let rest: Vec<usize> =
            set.iter().copied().filter(|c| !grid.house(h).cells.contains(c)).collect();
        rest.is_empty() || in_one_house(grid, &rest)
    });
    if !two_houses {
        return;
    }
    let mut non_restricted = Vec::new();
    for &d in union(grid, set).as_slice() {
        let holders: Vec<usize> = set.iter().copied().filter(|&c| grid.has(c, d)).collect();
        if !in_one_house(grid, &holders) {
            non_restricted.push((d, holders));
        }
    }
    if non_restricted.len() != 1 {
        return;
    }
    let (z, holders) = &non_restricted[0];
    for cell in grid.cells() {
        if cell.has(*z) && holders.iter().all(|&h| grid.sees(cell.index, h)) {
            found.eliminate(grid, cell.index, *z);
        }
    }
}

/// W-Wing.
pub fn w_wing(grid: &NaiveGrid, found: &mut Findings) {
    let bivalue = cells_with_count(grid, 2);
    for (i, &c1) in bivalue.iter().enumerate() {
        for &c2 in &bivalue[i + 1..] {
            let (one, two) = (grid.cell(c1), grid.cell(c2));
            if one.candidates() != two.candidates() || one.sees(two) {
                continue;
            }
            let pair = one.candidates().as_slice();
            for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let linked = (0..27).any(|h| {
                    let ends = grid.cells_with(h, x);
                    ends.len() == 2
                        && ((grid.sees(ends[0], c1) && grid.sees(ends[1], c2))
                            || (grid.sees(ends[0], c2) && grid.sees(ends[1], c1)))
                });
                if !linked {
                    continue;
                }
                for cell in grid.cells() {
                    if cell.has(y) && cell.sees(one) && cell.sees(two) {
                        found.eliminate(grid, cell.index, y);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, with_cells};

    #[test]
    fn xy_wing() {
        // Pivot r1c1 {1,2}, pincers r1c7 {1,3} (row) and r3c2 {2,3} (box).
        let g = with_cells(&[("r1c1", "12"), ("r1c7", "13"), ("r3c2", "23")]);
        check("xy-wing", &g, "r1c2<>3 r1c3<>3 r3c7<>3 r3c8<>3 r3c9<>3");
        // Row + column layout: the target is the fourth corner.
        let g = with_cells(&[("r5c5", "12"), ("r5c9", "13"), ("r1c5", "23")]);
        check("xy-wing", &g, "r1c9<>3");
        // No common digit on the pincers.
        let g = with_cells(&[("r1c1", "12"), ("r1c7", "13"), ("r3c2", "24")]);
        check_none("xy-wing", &g);
        // Pincers that do not both see the pivot.
        let g = with_cells(&[("r1c1", "12"), ("r1c7", "13"), ("r4c2", "23")]);
        check_none("xy-wing", &g);
    }

    #[test]
    fn xyz_wing() {
        // Pivot r2c2 {1,2,3}, pincers r2c8 {1,3} and r3c1 {2,3}: r2c1, r2c3 lose 3.
        let g = with_cells(&[("r2c2", "123"), ("r2c8", "13"), ("r3c1", "23")]);
        check("xyz-wing", &g, "r2c1<>3 r2c3<>3");
        check_none("xy-wing", &g);
        // A pivot with four candidates is no XYZ-Wing.
        let g = with_cells(&[("r2c2", "1234"), ("r2c8", "13"), ("r3c1", "23")]);
        check_none("xyz-wing", &g);
    }

    #[test]
    fn wxyz_wing() {
        // Seed 004's 3-2-2-2: stem r1c1 {1,2,3}, branches r2c2 {1,9}, r1c5 {2,9}, r1c8 {3,9}.
        let g = with_cells(&[("r1c1", "123"), ("r2c2", "19"), ("r1c5", "29"), ("r1c8", "39")]);
        check("wxyz-wing", &g, "r1c2<>9 r1c3<>9");
        // 4-2-2-2 narrow form: stem r5c5 {1,2,3,9}, branches r5c1 {1,9}, r5c8 {2,9}, r4c4 {3,9}.
        let g = with_cells(&[("r5c5", "1239"), ("r5c1", "19"), ("r5c8", "29"), ("r4c4", "39")]);
        check("wxyz-wing", &g, "r5c4<>9 r5c6<>9");
        // Spread over three houses: nothing.
        let g = with_cells(&[("r1c1", "123"), ("r2c2", "19"), ("r1c5", "29"), ("r5c1", "39")]);
        check_none("wxyz-wing", &g);
    }

    #[test]
    fn w_wing() {
        // r1c1 and r5c6 are {4,7}; column 3 holds 4 only at r2c3 (sees r1c1) and r5c3 (sees
        // r5c6): r1c6 and r5c1 lose 7.
        let mut cells = vec![("r1c1", "47"), ("r5c6", "47")];
        for rc in ["r1c3", "r3c3", "r4c3", "r6c3", "r7c3", "r8c3", "r9c3"] {
            cells.push((rc, "12356789"));
        }
        check("w-wing", &with_cells(&cells), "r1c6<>7 r5c1<>7");
        // Link ends r2c3 and r3c3 both only see r1c1: nothing.
        let mut cells = vec![("r1c1", "47"), ("r5c6", "47")];
        for rc in ["r1c3", "r4c3", "r5c3", "r6c3", "r7c3", "r8c3", "r9c3"] {
            cells.push((rc, "12356789"));
        }
        check_none("w-wing", &with_cells(&cells));
    }
}
