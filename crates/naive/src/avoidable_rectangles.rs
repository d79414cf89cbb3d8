//! Avoidable rectangles (seed article 000's series: "rectángulos eludibles"): the deadly
//! pattern among cells solved while solving (not givens). **Valid only for puzzles with exactly
//! one solution**: the engine runs them only when its caller says so.
//!
//! A rectangle is four cells in two rows, two columns and exactly two boxes; "solved" below
//! means placed and not a given (the grid keeps the given flag of every cell for this).
//!
//! - **Type 1** (`avoidable-rectangle-1`): for every unsolved cell `D` and digit `b`, `P` = the
//!   first solved cell of `D`'s row holding `b`, `Q` = the first solved cell of `D`'s column
//!   holding `b`; if `D`, `P`, `Q` and `O` = (`Q`'s row, `P`'s column) form a rectangle and `O`
//!   is solved with value `a`, `D` loses `a` (it need not be bivalue).
//! - **Type 2** (`avoidable-rectangle-2`): two solved cells `S1` = `a`, `S2` = `b` of one row
//!   (or column) and another row (column) making a rectangle, whose cells `U1` (across from
//!   `S1`) and `U2` (across from `S2`) are bivalue with `U1 = {b, x}`, `U2 = {a, x}`: `x` leaves
//!   every cell that sees both `U1` and `U2`.
//!
//! Example (type 1): r1c1 = +1, r1c4 = +2, r2c1 = +2, none given: r2c4 loses 1.

use crate::findings::Findings;
use crate::grid::NaiveGrid;

/// Whether four cells are distinct and form a rectangle over exactly two boxes.
fn two_box_rectangle(grid: &NaiveGrid, corners: [usize; 4]) -> bool {
    let distinct = |f: &dyn Fn(usize) -> usize| {
        let mut seen = [false; 9];
        corners.iter().filter(|&&c| !std::mem::replace(&mut seen[f(c)], true)).count()
    };
    let cells_distinct = (0..4).all(|i| !corners[..i].contains(&corners[i]));
    cells_distinct
        && distinct(&|c| grid.cell(c).row) == 2
        && distinct(&|c| grid.cell(c).col) == 2
        && distinct(&|c| grid.cell(c).boxx) == 2
}

/// Whether cell `c` was solved while solving and was open in the input (placed, not fixed:
/// a candidate grid fixes every cell).
fn solved_not_given(grid: &NaiveGrid, c: usize) -> bool {
    grid.cell(c).is_solved() && !grid.cell(c).is_fixed()
}

/// Avoidable rectangle type 1.
pub fn avoidable_rectangle_1(grid: &NaiveGrid, found: &mut Findings) {
    for d in grid.cells() {
        if d.is_solved() {
            continue;
        }
        for b in 1..=9u8 {
            let holds_b = |c: &&usize| solved_not_given(grid, **c) && grid.cell(**c).value() == b;
            let (Some(&p), Some(&q)) = (
                grid.row(d.row).cells.iter().find(holds_b),
                grid.column(d.col).cells.iter().find(holds_b),
            ) else {
                continue;
            };
            let o = grid.cell(q).row * 9 + grid.cell(p).col;
            if !two_box_rectangle(grid, [d.index, p, q, o]) || !solved_not_given(grid, o) {
                continue;
            }
            found.eliminate(grid, d.index, grid.cell(o).value());
        }
    }
}

/// Avoidable rectangle type 2.
pub fn avoidable_rectangle_2(grid: &NaiveGrid, found: &mut Findings) {
    for line in 0..18 {
        let house = grid.house(line);
        for (i, &s1) in house.cells.iter().enumerate() {
            for &s2 in &house.cells[i + 1..] {
                if !solved_not_given(grid, s1) || !solved_not_given(grid, s2) {
                    continue;
                }
                let (a, b) = (grid.cell(s1).value(), grid.cell(s2).value());
                for other in 0..9 {
                    let (u1, u2) = if line < 9 {
                        (other * 9 + grid.cell(s1).col, other * 9 + grid.cell(s2).col)
                    } else {
                        (grid.cell(s1).row * 9 + other, grid.cell(s2).row * 9 + other)
                    };
                    if !two_box_rectangle(grid, [s1, s2, u1, u2]) {
                        continue;
                    }
                    let (one, two) = (grid.cell(u1), grid.cell(u2));
                    if one.count() != 2 || two.count() != 2 || !one.has(b) || !two.has(a) {
                        continue;
                    }
                    let x = one.candidates().as_slice().iter().copied().find(|&d| d != b);
                    let y = two.candidates().as_slice().iter().copied().find(|&d| d != a);
                    let (Some(x), Some(y)) = (x, y) else { continue };
                    if x != y {
                        continue;
                    }
                    for cell in grid.cells() {
                        if cell.has(x) && cell.sees(one) && cell.sees(two) {
                            found.eliminate(grid, cell.index, x);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, grid};

    /// An 81-cell line with these (row, column, text) cells set (`"+1"` = placed, not given).
    fn board(cells: &[(usize, usize, &str)]) -> String {
        (0..81)
            .map(|i| {
                let found = cells.iter().find(|&&(r, c, _)| (r - 1) * 9 + c - 1 == i);
                found.map_or(".".to_string(), |&(_, _, t)| t.to_string())
            })
            .collect()
    }

    #[test]
    fn type_1() {
        let g = grid(&board(&[(1, 1, "+1"), (1, 4, "+2"), (2, 1, "+2")]), "");
        check("avoidable-rectangle-1", &g, "r2c4<>1");
        // A given corner: nothing.
        check_none(
            "avoidable-rectangle-1",
            &grid(&board(&[(1, 1, "1"), (1, 4, "+2"), (2, 1, "+2")]), ""),
        );
        // A rectangle over four boxes: nothing.
        check_none(
            "avoidable-rectangle-1",
            &grid(&board(&[(1, 1, "+1"), (1, 9, "+2"), (9, 1, "+2")]), ""),
        );
    }

    #[test]
    fn type_2() {
        let deleted = "421 521 621 721 821 921 424 524 624 724 824 924";
        let g = grid(&board(&[(1, 1, "+1"), (1, 4, "+2")]), deleted);
        let expected = "r2c2<>3 r2c3<>3 r2c5<>3 r2c6<>3 r2c7<>3 r2c8<>3 r2c9<>3";
        check("avoidable-rectangle-2", &g, expected);
        check_none("avoidable-rectangle-1", &g);
        // The same with given corners: nothing.
        check_none("avoidable-rectangle-2", &grid(&board(&[(1, 1, "1"), (1, 4, "2")]), deleted));
    }
}
