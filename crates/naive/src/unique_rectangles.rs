//! Unique rectangles (types 1-6), the hidden rectangle and BUG+1. **Valid only for puzzles
//! with exactly one solution**: the engine runs them only when its caller says so.
//!
//! The rectangle model shared by UR 1-6 and the hidden rectangle: for every two digits
//! `a < b` and every four unsolved cells in two rows, two columns and exactly two boxes, where
//! neither `a` nor `b` is placed in any row, column or box of a corner, and at least one corner
//! has exactly the candidates `{a, b}`. The *floor* is the corners whose candidates are a
//! subset of `{a, b}` (a corner may miss `a` or `b`), the *roof* the others; the *extras* are
//! the roof's candidates other than `a` and `b`.
//!
//! - **Type 1**: three floor corners; the roof corner loses `a` and `b`.
//! - **Type 2**: two floor corners; two roof corners in one row or column with the one extra
//!   digit `c`: `c` leaves every cell seeing both roof corners.
//! - **Type 3**: two floor corners; for each house `H` holding both roof corners (their line,
//!   their box), the cells of `H` that are not corners and hold neither `a` nor `b`: each
//!   non-empty group `Q` of them whose candidates together with the extras make `|Q| + 1`
//!   digits `S` (in a box, not when the roof and `Q` lie in one line) clears `S` from the rest
//!   of `H`, and of their box too when `H` is a line and the roof and `Q` share one box.
//! - **Type 4**: two floor corners, roof corners in one line `L`: when `a` (or `b`) has no other
//!   candidate in `L`, or in the roof's box if they share one, the other UR digit leaves the
//!   roof corners.
//! - **Type 5**: one or two floor corners, the extras are one digit `c`, the roof is not two
//!   corners in one line: `c` leaves every cell seeing all roof corners.
//! - **Type 6**: two diagonal floor corners; a UR digit with no candidate in the rectangle's two
//!   rows and two columns outside the corners leaves the roof corners.
//! - **Hidden rectangle**: one floor corner, or two diagonal ones; for each floor corner `X` and
//!   its diagonal corner `Y`, a UR digit `u` with no candidate in `Y`'s row and column outside
//!   the corners: `Y` loses the other UR digit.
//! - **BUG+1**: every unsolved cell has two candidates except one cell `T` with three; every
//!   digit appears 0 or 2 times in every house, except one digit `x` that appears 3 times in
//!   each of `T`'s houses: `T` loses its other two candidates.
//!
//! Example (type 1): r1c1, r1c4, r2c1 = {1,2}, r2c4 = {1,2,3}: r2c4 loses 1 and 2.

use crate::findings::Findings;
use crate::grid::NaiveGrid;

/// A rectangle that passed the model's rules for the digits `a < b`.
struct Rect {
    a: u8,
    b: u8,
    /// Corners in row-major order: top-left, top-right, bottom-left, bottom-right.
    corners: [usize; 4],
    floor: Vec<usize>,
    roof: Vec<usize>,
    extras: Vec<u8>,
}

impl Rect {
    /// The corner diagonal to `corner`.
    fn opposite(&self, corner: usize) -> usize {
        let i = self.corners.iter().position(|&c| c == corner).expect("a corner");
        self.corners[3 - i]
    }
}

/// Whether the cells all lie in one row or all in one column.
fn in_one_line(grid: &NaiveGrid, cells: &[usize]) -> bool {
    let first = grid.cell(cells[0]);
    cells.iter().all(|&c| grid.cell(c).row == first.row)
        || cells.iter().all(|&c| grid.cell(c).col == first.col)
}

/// Whether `cell` has exactly the candidates `a` and `b`.
fn is_pair(grid: &NaiveGrid, cell: usize, a: u8, b: u8) -> bool {
    grid.cell(cell).candidates().as_slice() == [a, b]
}

/// Every rectangle of the model, each once.
fn rectangles(grid: &NaiveGrid) -> Vec<Rect> {
    // allowed[cell][d]: the cell is unsolved and no house of it holds d as a value; a fixed cell
    // (candidate-grid input) must also still have d as a candidate.
    let mut allowed = [[false; 10]; 81];
    for cell in grid.cells() {
        if cell.is_solved() {
            continue;
        }
        for d in 1..=9u8 {
            allowed[cell.index][d as usize] =
                [cell.row, 9 + cell.col, 18 + cell.boxx].iter().all(|&h| !grid.is_placed_in(h, d))
                    && (!cell.is_fixed() || cell.has(d));
        }
    }
    let mut out = Vec::new();
    for a in 1..=9u8 {
        for b in a + 1..=9u8 {
            let ok = |c: usize| allowed[c][a as usize] && allowed[c][b as usize];
            for s in grid.cells().iter().filter(|c| is_pair(grid, c.index, a, b)) {
                for &p in &grid.row(s.row).cells {
                    if p == s.index || !ok(p) {
                        continue;
                    }
                    for &q in &grid.column(s.col).cells {
                        if q == s.index || !ok(q) {
                            continue;
                        }
                        let o = grid.cell(q).row * 9 + grid.cell(p).col;
                        let same_band = s.row / 3 == grid.cell(q).row / 3;
                        let same_stack = s.col / 3 == grid.cell(p).col / 3;
                        if !ok(o) || same_band == same_stack {
                            continue;
                        }
                        let mut corners = [s.index, p, q, o];
                        corners.sort_unstable();
                        // Visit each rectangle once: from its first corner holding exactly {a, b}.
                        if corners.iter().find(|&&c| is_pair(grid, c, a, b)) != Some(&s.index) {
                            continue;
                        }
                        out.push(build(grid, a, b, corners));
                    }
                }
            }
        }
    }
    out
}

fn build(grid: &NaiveGrid, a: u8, b: u8, corners: [usize; 4]) -> Rect {
    let mut rect = Rect { a, b, corners, floor: Vec::new(), roof: Vec::new(), extras: Vec::new() };
    for c in corners {
        let digits = grid.cell(c).candidates().as_slice();
        if digits.iter().all(|&d| d == a || d == b) {
            rect.floor.push(c);
        } else {
            rect.roof.push(c);
            for &d in digits {
                if d != a && d != b && !rect.extras.contains(&d) {
                    rect.extras.push(d);
                }
            }
        }
    }
    rect
}

/// Eliminates `digit` from every cell that sees all of `cells`.
fn eliminate_seeing_all(grid: &NaiveGrid, found: &mut Findings, digit: u8, cells: &[usize]) {
    for cell in grid.cells() {
        if cell.has(digit) && cells.iter().all(|&c| grid.sees(cell.index, c)) {
            found.eliminate(grid, cell.index, digit);
        }
    }
}

/// Unique rectangle type 1.
pub fn unique_rectangle_1(grid: &NaiveGrid, found: &mut Findings) {
    for r in rectangles(grid) {
        if r.floor.len() == 3 {
            found.eliminate(grid, r.roof[0], r.a);
            found.eliminate(grid, r.roof[0], r.b);
        }
    }
}

/// Types 2 and 5: one extra digit on a roof of two or three corners.
fn single_extra(grid: &NaiveGrid, found: &mut Findings, type_2: bool) {
    for r in rectangles(grid) {
        if !(1..=2).contains(&r.floor.len()) || r.extras.len() != 1 {
            continue;
        }
        let is_type_2 = r.roof.len() == 2 && in_one_line(grid, &r.roof);
        if is_type_2 == type_2 {
            eliminate_seeing_all(grid, found, r.extras[0], &r.roof);
        }
    }
}

/// Unique rectangle type 2.
pub fn unique_rectangle_2(grid: &NaiveGrid, found: &mut Findings) {
    single_extra(grid, found, true);
}

/// Unique rectangle type 5.
pub fn unique_rectangle_5(grid: &NaiveGrid, found: &mut Findings) {
    single_extra(grid, found, false);
}

/// Unique rectangle type 3.
pub fn unique_rectangle_3(grid: &NaiveGrid, found: &mut Findings) {
    for r in rectangles(grid) {
        if r.floor.len() != 2 {
            continue;
        }
        let (x, y) = (grid.cell(r.roof[0]), grid.cell(r.roof[1]));
        let mut houses = Vec::new();
        if x.row == y.row {
            houses.push(x.row);
        } else if x.col == y.col {
            houses.push(9 + x.col);
        }
        if x.boxx == y.boxx {
            houses.push(18 + x.boxx);
        }
        for h in houses {
            type_3_in_house(grid, found, &r, h);
        }
    }
}

fn type_3_in_house(grid: &NaiveGrid, found: &mut Findings, r: &Rect, h: usize) {
    let house = grid.house(h);
    let pool: Vec<usize> = house
        .cells
        .iter()
        .copied()
        .filter(|&c| !grid.cell(c).is_solved() && !r.corners.contains(&c))
        .filter(|&c| !grid.has(c, r.a) && !grid.has(c, r.b))
        .collect();
    let is_box = h >= 18;
    for size in 1..=pool.len() {
        for pick in crate::combos::combinations(pool.len(), size) {
            let group: Vec<usize> = pick.iter().map(|&i| pool[i]).collect();
            let mut digits = r.extras.clone();
            for &c in &group {
                for &d in grid.cell(c).candidates().as_slice() {
                    if !digits.contains(&d) {
                        digits.push(d);
                    }
                }
            }
            if digits.len() != group.len() + 1 {
                continue;
            }
            let mut all = r.roof.clone();
            all.extend(&group);
            if is_box && in_one_line(grid, &all) {
                continue;
            }
            let mut targets: Vec<usize> =
                house.cells.iter().copied().filter(|c| !all.contains(c)).collect();
            let first_box = grid.cell(all[0]).boxx;
            if !is_box && all.iter().all(|&c| grid.cell(c).boxx == first_box) {
                targets.extend(grid.boxx(first_box).cells.iter().filter(|c| !all.contains(c)));
            }
            for c in targets {
                for &d in &digits {
                    found.eliminate(grid, c, d);
                }
            }
        }
    }
}

/// Unique rectangle type 4.
pub fn unique_rectangle_4(grid: &NaiveGrid, found: &mut Findings) {
    for r in rectangles(grid) {
        if r.floor.len() != 2 || !in_one_line(grid, &r.roof) {
            continue;
        }
        let (x, y) = (grid.cell(r.roof[0]), grid.cell(r.roof[1]));
        let mut houses = vec![if x.row == y.row { x.row } else { 9 + x.col }];
        if x.boxx == y.boxx {
            houses.push(18 + x.boxx);
        }
        for (u, v) in [(r.a, r.b), (r.b, r.a)] {
            for &h in &houses {
                let locked =
                    grid.house(h).cells.iter().all(|c| r.roof.contains(c) || !grid.has(*c, u));
                if locked {
                    for &c in &r.roof {
                        found.eliminate(grid, c, v);
                    }
                }
            }
        }
    }
}

/// Unique rectangle type 6.
pub fn unique_rectangle_6(grid: &NaiveGrid, found: &mut Findings) {
    for r in rectangles(grid) {
        if r.floor.len() != 2 || in_one_line(grid, &r.floor) {
            continue;
        }
        let (top_left, bottom_right) = (grid.cell(r.corners[0]), grid.cell(r.corners[3]));
        let lines = [top_left.row, bottom_right.row, 9 + top_left.col, 9 + bottom_right.col];
        for u in [r.a, r.b] {
            let x_wing = lines.iter().all(|&h| {
                grid.house(h).cells.iter().all(|c| r.corners.contains(c) || !grid.has(*c, u))
            });
            if x_wing {
                for &c in &r.roof {
                    found.eliminate(grid, c, u);
                }
            }
        }
    }
}

/// Hidden rectangle.
pub fn hidden_rectangle(grid: &NaiveGrid, found: &mut Findings) {
    for r in rectangles(grid) {
        let diagonal_pair = r.floor.len() == 2 && !in_one_line(grid, &r.floor);
        if r.floor.len() != 1 && !diagonal_pair {
            continue;
        }
        for &x in &r.floor {
            let y = r.opposite(x);
            let cell = grid.cell(y);
            for (u, v) in [(r.a, r.b), (r.b, r.a)] {
                let confined = [cell.row, 9 + cell.col].iter().all(|&h| {
                    grid.house(h).cells.iter().all(|c| r.corners.contains(c) || !grid.has(*c, u))
                });
                if confined {
                    found.eliminate(grid, y, v);
                }
            }
        }
    }
}

/// BUG+1.
pub fn bug_plus_one(grid: &NaiveGrid, found: &mut Findings) {
    let mut three = None;
    for cell in grid.cells() {
        match (cell.is_solved(), cell.count()) {
            (true, _) | (false, 2) => {}
            (false, 3) if three.is_none() => three = Some(cell.index),
            _ => return,
        }
    }
    let Some(t) = three else { return };
    let tc = grid.cell(t);
    let t_houses = [tc.row, 9 + tc.col, 18 + tc.boxx];
    let mut x = None;
    for h in 0..27 {
        let mut odd = Vec::new();
        for d in 1..=9u8 {
            match grid.count_in(h, d) {
                0 | 2 => {}
                3 if t_houses.contains(&h) => odd.push(d),
                _ => return,
            }
        }
        if t_houses.contains(&h) {
            if odd.len() != 1 || x.is_some_and(|x| x != odd[0]) {
                return;
            }
            x = Some(odd[0]);
        }
    }
    let Some(x) = x else { return };
    if !tc.has(x) {
        return;
    }
    for &d in tc.candidates().as_slice() {
        if d != x {
            found.eliminate(grid, t, d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::NaiveGrid;
    use crate::testkit::{check, check_none, with_cells};

    /// The listed cells with every candidate but 1.
    fn without_one(cells: &[&'static str]) -> Vec<(&'static str, &'static str)> {
        cells.iter().map(|&c| (c, "23456789")).collect()
    }

    #[test]
    fn type_1_and_2() {
        let g = with_cells(&[("r1c1", "12"), ("r1c4", "12"), ("r2c1", "12"), ("r2c4", "123")]);
        check("unique-rectangle-1", &g, "r2c4<>1 r2c4<>2");
        check_none("unique-rectangle-2", &g);
        let g = with_cells(&[("r1c1", "12"), ("r1c4", "12"), ("r2c1", "123"), ("r2c4", "123")]);
        let row2 = "r2c2<>3 r2c3<>3 r2c5<>3 r2c6<>3 r2c7<>3 r2c8<>3 r2c9<>3";
        check("unique-rectangle-2", &g, row2);
        check_none("unique-rectangle-1", &g);
        check_none("unique-rectangle-5", &g);
    }

    #[test]
    fn type_3_and_4() {
        let ur = [("r1c1", "12"), ("r1c4", "12"), ("r2c1", "123"), ("r2c4", "124")];
        let mut cells = ur.to_vec();
        cells.push(("r2c7", "34"));
        let mut expected = String::new();
        for c in [2, 3, 5, 6, 8, 9] {
            expected += &format!("r2c{c}<>3 r2c{c}<>4 ");
        }
        check("unique-rectangle-3", &with_cells(&cells), &expected);
        // No other 1 in row 2: one roof corner is 1, so neither can be 2.
        let mut cells = ur.to_vec();
        cells.extend(without_one(&["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"]));
        let g = with_cells(&cells);
        check("unique-rectangle-4", &g, "r2c1<>2 r2c4<>2");
        check_none("unique-rectangle-3", &g);
        check_none("unique-rectangle-4", &with_cells(&ur));
    }

    #[test]
    fn type_5_and_6() {
        let g = with_cells(&[("r1c1", "12"), ("r2c4", "12"), ("r1c4", "123"), ("r2c1", "123")]);
        check("unique-rectangle-5", &g, "r1c2<>3 r1c3<>3 r2c5<>3 r2c6<>3");
        check_none("unique-rectangle-2", &g);
        let mut cells = vec![("r1c1", "12"), ("r2c4", "12"), ("r1c4", "123"), ("r2c1", "124")];
        cells.extend(without_one(&["r1c2", "r1c3", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]));
        cells.extend(without_one(&["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"]));
        cells.extend(without_one(&["r3c1", "r4c1", "r5c1", "r6c1", "r7c1", "r8c1", "r9c1"]));
        cells.extend(without_one(&["r3c4", "r4c4", "r5c4", "r6c4", "r7c4", "r8c4", "r9c4"]));
        check("unique-rectangle-6", &with_cells(&cells), "r1c4<>1 r2c1<>1");
    }

    #[test]
    fn hidden_rectangle() {
        let mut cells = vec![("r1c1", "12")];
        cells.extend(without_one(&["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"]));
        cells.extend(without_one(&["r3c4", "r4c4", "r5c4", "r6c4", "r7c4", "r8c4", "r9c4"]));
        check("hidden-rectangle", &with_cells(&cells), "r2c4<>2");
        check_none("hidden-rectangle", &with_cells(&[("r1c1", "12")]));
    }

    /// A grid where only the listed cells are unsolved (with the listed candidates); every
    /// other cell holds a placed 9 (values do not matter to BUG+1).
    fn only(cells: &[(usize, &str)]) -> NaiveGrid {
        let mut values = [9u8; 81];
        let mut cands = [0u16; 81];
        for &(c, digits) in cells {
            values[c] = 0;
            for d in digits.chars().filter_map(|ch| ch.to_digit(10)) {
                cands[c] |= 1 << (d - 1);
            }
        }
        NaiveGrid::from_parts(&values, &[false; 81], &cands)
    }

    #[test]
    fn bug_plus_one() {
        // A {1,2} rectangle r1c1/r1c4/r2c1/r2c4 and a loop of eight {3,4} cells; r1c1 also
        // holds 3, which then appears three times in row 1, column 1 and box 1.
        let mut cells = vec![(0, "123"), (3, "12"), (9, "12"), (12, "12")];
        for c in [1, 6, 11, 15, 27, 28, 54, 56] {
            cells.push((c, "34"));
        }
        check("bug-plus-one", &only(&cells), "r1c1<>1 r1c1<>2");
        // Drop r2c7: 3 and 4 appear once in row 2, column 7 and box 3: no BUG.
        cells.retain(|&(c, _)| c != 15);
        check_none("bug-plus-one", &only(&cells));
    }
}
