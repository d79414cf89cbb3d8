//! Intersections: a box and a line (row or column) crossing in a mini-line of three cells.
//!
//! - **Pointing** (`locked-candidates-pointing`): in a box, every candidate of digit `d` lies
//!   in one row (or one column); `d` is eliminated from the rest of that line. Every box, digit
//!   and line direction with at least two candidate cells counts.
//! - **Claiming** (`locked-candidates-claiming`): in a row (or column), every candidate of `d`
//!   lies in one box; `d` is eliminated from the rest of that box. Every line and digit with
//!   at least two candidate cells counts.
//! - **Locked pair / triple** (`locked-pair`, `locked-triple`): `n` = 2 (any two of the three
//!   cells) or 3 (all three) unsolved cells of one mini-line (so in one box and one line), each
//!   with 1..=n candidates, whose lists together hold exactly `n` digits: those digits are
//!   eliminated from every other cell of the box (the third mini-line cell included) and of the
//!   line. The instance counts only when it eliminates something in the box *and* something in
//!   the line outside the box (else it is a plain naked subset, HoDoKu's rule).
//!
//! Example: in box 1, digit 4 is possible only in r1c2 and r1c3: r1c4..r1c9 lose 4 (pointing).
//!
//! The loops are the seed articles' (002's `GridXYCalc`): for each box, for each digit, walk
//! the nine cells, note the rows and columns that hold the digit, then walk the line.

use crate::combos::combinations;
use crate::findings::Findings;
use crate::grid::NaiveGrid;

/// Locked candidates, pointing: a box's candidates of a digit confined to one line.
pub fn pointing(grid: &NaiveGrid, found: &mut Findings) {
    for b in 0..9 {
        let house = grid.boxx(b);
        for digit in 1..=9u8 {
            let cells: Vec<usize> =
                house.cells.iter().copied().filter(|&c| grid.has(c, digit)).collect();
            if cells.len() < 2 {
                continue;
            }
            let first = grid.cell(cells[0]);
            if cells.iter().all(|&c| grid.cell(c).row == first.row) {
                for &c in &grid.row(first.row).cells {
                    if grid.cell(c).boxx != b {
                        found.eliminate(grid, c, digit);
                    }
                }
            }
            if cells.iter().all(|&c| grid.cell(c).col == first.col) {
                for &c in &grid.column(first.col).cells {
                    if grid.cell(c).boxx != b {
                        found.eliminate(grid, c, digit);
                    }
                }
            }
        }
    }
}

/// Locked candidates, claiming: a line's candidates of a digit confined to one box.
pub fn claiming(grid: &NaiveGrid, found: &mut Findings) {
    for line in 0..18 {
        let house = grid.house(line);
        for digit in 1..=9u8 {
            let cells: Vec<usize> =
                house.cells.iter().copied().filter(|&c| grid.has(c, digit)).collect();
            if cells.len() < 2 {
                continue;
            }
            let b = grid.cell(cells[0]).boxx;
            if cells.iter().any(|&c| grid.cell(c).boxx != b) {
                continue;
            }
            for &c in &grid.boxx(b).cells {
                if !house.cells.contains(&c) {
                    found.eliminate(grid, c, digit);
                }
            }
        }
    }
}

/// Locked pair: two cells of a mini-line holding the same two digits.
pub fn locked_pair(grid: &NaiveGrid, found: &mut Findings) {
    locked_subset(grid, found, 2);
}

/// Locked triple: three cells of a mini-line holding three digits together.
pub fn locked_triple(grid: &NaiveGrid, found: &mut Findings) {
    locked_subset(grid, found, 3);
}

fn locked_subset(grid: &NaiveGrid, found: &mut Findings, n: usize) {
    // Each mini-line is the intersection of a box with a row or a column.
    for line in 0..18 {
        let house = grid.house(line);
        for b in 0..9 {
            let boxx = grid.boxx(b);
            let mini: Vec<usize> = house
                .cells
                .iter()
                .copied()
                .filter(|&c| grid.cell(c).boxx == b)
                .filter(|&c| (1..=n).contains(&grid.cell(c).count()))
                .collect();
            if mini.len() < n {
                continue;
            }
            for combo in combinations(mini.len(), n) {
                let chosen: Vec<usize> = combo.iter().map(|&i| mini[i]).collect();
                let mut digits: Vec<u8> = Vec::new();
                for &c in &chosen {
                    for &d in grid.cell(c).candidates().as_slice() {
                        if !digits.contains(&d) {
                            digits.push(d);
                        }
                    }
                }
                if digits.len() != n {
                    continue;
                }
                // Locked: it must clear something in the box and in the line outside the box.
                let mut in_box = Findings::new();
                for &c in &boxx.cells {
                    if !chosen.contains(&c) {
                        for &d in &digits {
                            in_box.eliminate(grid, c, d);
                        }
                    }
                }
                let mut in_line = Findings::new();
                for &c in &house.cells {
                    if grid.cell(c).boxx != b {
                        for &d in &digits {
                            in_line.eliminate(grid, c, d);
                        }
                    }
                }
                if !in_box.is_empty() && !in_line.is_empty() {
                    found.eliminations.extend(in_box.eliminations);
                    found.eliminations.extend(in_line.eliminations);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, grid};

    #[test]
    fn pointing() {
        // Box 1 keeps 4 only in row 1: the rest of row 1 loses 4.
        let s = grid(&".".repeat(81), "421 422 423 431 432 433");
        check("locked-candidates-pointing", &s, "r1c4<>4 r1c5<>4 r1c6<>4 r1c7<>4 r1c8<>4 r1c9<>4");
        check_none("locked-candidates-claiming", &s);
    }

    #[test]
    fn claiming() {
        // Row 1 keeps 4 only in box 1: the rest of box 1 loses 4.
        let s = grid(&".".repeat(81), "414 415 416 417 418 419");
        check("locked-candidates-claiming", &s, "r2c1<>4 r2c2<>4 r2c3<>4 r3c1<>4 r3c2<>4 r3c3<>4");
        check_none("locked-candidates-pointing", &s);
        check_none("locked-candidates-claiming", &grid(&".".repeat(81), ""));
    }

    #[test]
    fn locked_pair_and_triple() {
        // r1c1 and r1c2 hold {1,2} only: box 1 and row 1 lose 1 and 2 elsewhere.
        let s = grid(&".".repeat(81), "311 411 511 611 711 811 911 312 412 512 612 712 812 912");
        let mut expected = String::new();
        for (r, c) in [(1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9), (2, 1), (2, 2)]
            .into_iter()
            .chain([(2, 3), (3, 1), (3, 2), (3, 3)])
        {
            expected += &format!("r{r}c{c}<>1 r{r}c{c}<>2 ");
        }
        check("locked-pair", &s, &expected);
        check_none("locked-triple", &s);
        // Nothing of 1 or 2 left in row 1 outside box 1: only the box is cleared, which makes
        // a plain naked pair, not a locked one.
        let mut del = String::from("311 411 511 611 711 811 911 312 412 512 612 712 812 912");
        for c in 4..=9 {
            del += &format!(" 11{c} 21{c}");
        }
        check_none("locked-pair", &grid(&".".repeat(81), &del));
        // The same pair in cells of one row but two boxes is no locked pair.
        let s = grid(&".".repeat(81), "311 411 511 611 711 811 911 314 414 514 614 714 814 914");
        check_none("locked-pair", &s);
    }
}
