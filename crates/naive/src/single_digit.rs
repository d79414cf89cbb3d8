//! Single-digit patterns built from strong links (a house with exactly two candidate cells of a
//! digit), as seed article 000 searches its string kite: ask each house for its "pair" of
//! cells (`DobleCandidato`), then compare rows, columns and boxes of the cells found.
//!
//! Skyscraper, two-string kite and turbot fish are the chain `e1 = i1 - i2 = e2` (two strong
//! links whose inner ends `i1`, `i2` see each other); every candidate seeing both outer ends
//! `e1`, `e2` loses the digit (pattern cells included when they do).
//!
//! - **Skyscraper**: two rows (or two columns) with exactly two candidates each that share
//!   exactly one crossing line (that pair of cells is the base; sharing two is an X-Wing).
//! - **Two-string kite**: a row link and a column link sharing no cell, one end of each in the
//!   same box (every such choice of ends).
//! - **Turbot fish**: every distinct cell pair that is the candidate set of some house is a
//!   link; every two links sharing no cell and every choice of inner ends that see each other
//!   gives a chain, unless it is a skyscraper (both links are row links, the inner ends share a
//!   column and the outer ends do not; or the same with columns and rows) or a kite (a row link
//!   and a column link whose inner ends share a box). A pair that is both a row's and a box's
//!   candidate set counts as a row link.
//! - **Empty rectangle**: in a box, every candidate of `d` lies on row `R` or column `C` of the
//!   box (a cross), at least one on `R` off `C` and one on `C` off `R`. For each candidate `x`
//!   of `R` outside the box whose column has exactly two candidates `x`, `y`, the cell at `y`'s
//!   row and column `C` loses `d` (if outside the box); symmetrically for `x` in `C` outside the
//!   box with a row link, target at row `R` and `y`'s column. All nine crosses of every box.
//!
//! Example (two-string kite): 3 only at r4c2, r4c4 in row 4 and at r5c6, r9c6 in column 6;
//! r4c4 and r5c6 share box 5, so r9c2 loses 3.

use crate::findings::Findings;
use crate::grid::NaiveGrid;

/// A strong link: two cells, and whether they are a row's or a column's whole candidate set.
#[derive(Clone, Copy)]
struct Link {
    a: usize,
    b: usize,
    row: bool,
    column: bool,
}

/// The strong links of `digit` in houses `houses`, each distinct cell pair once.
fn links(grid: &NaiveGrid, digit: u8, houses: std::ops::Range<usize>) -> Vec<Link> {
    let mut out: Vec<Link> = Vec::new();
    for h in houses {
        let cells = grid.cells_with(h, digit);
        if cells.len() != 2 {
            continue;
        }
        let (a, b) = (cells[0], cells[1]);
        let (row, column) = (h < 9, (9..18).contains(&h));
        match out.iter_mut().find(|l| l.a == a && l.b == b) {
            Some(link) => {
                link.row |= row;
                link.column |= column;
            }
            None => out.push(Link { a, b, row, column }),
        }
    }
    out
}

/// Eliminates `digit` from every cell that sees both `e1` and `e2`.
fn eliminate_seeing_both(grid: &NaiveGrid, found: &mut Findings, digit: u8, e1: usize, e2: usize) {
    for cell in grid.cells() {
        if cell.has(digit) && grid.sees(cell.index, e1) && grid.sees(cell.index, e2) {
            found.eliminate(grid, cell.index, digit);
        }
    }
}

/// Skyscraper.
pub fn skyscraper(grid: &NaiveGrid, found: &mut Findings) {
    for digit in 1..=9u8 {
        for lines in [0..9, 9..18] {
            let rows = lines.start == 0;
            let pairs = links(grid, digit, lines);
            for (i, l1) in pairs.iter().enumerate() {
                for l2 in &pairs[i + 1..] {
                    // Crossing index of a cell: its column for row links, its row otherwise.
                    let cross = |c: usize| if rows { grid.cell(c).col } else { grid.cell(c).row };
                    let mut shared = Vec::new();
                    for x in [l1.a, l1.b] {
                        for y in [l2.a, l2.b] {
                            if cross(x) == cross(y) {
                                shared.push((x, y));
                            }
                        }
                    }
                    if shared.len() != 1 {
                        continue;
                    }
                    let (i1, i2) = shared[0];
                    let e1 = if l1.a == i1 { l1.b } else { l1.a };
                    let e2 = if l2.a == i2 { l2.b } else { l2.a };
                    eliminate_seeing_both(grid, found, digit, e1, e2);
                }
            }
        }
    }
}

/// Two-string kite.
pub fn two_string_kite(grid: &NaiveGrid, found: &mut Findings) {
    for digit in 1..=9u8 {
        let rows = links(grid, digit, 0..9);
        let columns = links(grid, digit, 9..18);
        for r in &rows {
            for c in &columns {
                if r.a == c.a || r.a == c.b || r.b == c.a || r.b == c.b {
                    continue;
                }
                for (ir, er) in [(r.a, r.b), (r.b, r.a)] {
                    for (ic, ec) in [(c.a, c.b), (c.b, c.a)] {
                        if grid.cell(ir).boxx == grid.cell(ic).boxx {
                            eliminate_seeing_both(grid, found, digit, er, ec);
                        }
                    }
                }
            }
        }
    }
}

/// Turbot fish: the chains that are neither skyscrapers nor kites.
pub fn turbot_fish(grid: &NaiveGrid, found: &mut Findings) {
    for digit in 1..=9u8 {
        let all = links(grid, digit, 0..27);
        for (i, l1) in all.iter().enumerate() {
            for l2 in &all[i + 1..] {
                if l1.a == l2.a || l1.a == l2.b || l1.b == l2.a || l1.b == l2.b {
                    continue;
                }
                for (i1, e1) in [(l1.a, l1.b), (l1.b, l1.a)] {
                    for (i2, e2) in [(l2.a, l2.b), (l2.b, l2.a)] {
                        if !grid.sees(i1, i2) {
                            continue;
                        }
                        let (ci1, ci2, ce1, ce2) =
                            (grid.cell(i1), grid.cell(i2), grid.cell(e1), grid.cell(e2));
                        let skyscraper = (l1.row
                            && l2.row
                            && ci1.col == ci2.col
                            && ce1.col != ce2.col)
                            || (l1.column && l2.column && ci1.row == ci2.row && ce1.row != ce2.row);
                        let kite = ((l1.row && l2.column) || (l1.column && l2.row))
                            && ci1.boxx == ci2.boxx;
                        if !skyscraper && !kite {
                            eliminate_seeing_both(grid, found, digit, e1, e2);
                        }
                    }
                }
            }
        }
    }
}

/// Empty rectangle.
pub fn empty_rectangle(grid: &NaiveGrid, found: &mut Findings) {
    for digit in 1..=9u8 {
        for b in 0..9 {
            let in_box = grid.cells_with(18 + b, digit);
            let (r0, c0) = (b / 3 * 3, b % 3 * 3);
            for row in r0..r0 + 3 {
                for col in c0..c0 + 3 {
                    let on_cross = in_box.iter().all(|&c| {
                        let cell = grid.cell(c);
                        cell.row == row || cell.col == col
                    });
                    let row_arm = in_box.iter().any(|&c| {
                        let cell = grid.cell(c);
                        cell.row == row && cell.col != col
                    });
                    let col_arm = in_box.iter().any(|&c| {
                        let cell = grid.cell(c);
                        cell.col == col && cell.row != row
                    });
                    if !(on_cross && row_arm && col_arm) {
                        continue;
                    }
                    // x in row `row` outside the box, linked in its column to y.
                    for &x in &grid.row(row).cells {
                        if grid.cell(x).boxx == b || !grid.has(x, digit) {
                            continue;
                        }
                        let link = grid.cells_with(9 + grid.cell(x).col, digit);
                        if link.len() == 2 {
                            let y = if link[0] == x { link[1] } else { link[0] };
                            let target = grid.cell(y).row * 9 + col;
                            if grid.cell(target).boxx != b {
                                found.eliminate(grid, target, digit);
                            }
                        }
                    }
                    // x in column `col` outside the box, linked in its row to y.
                    for &x in &grid.column(col).cells {
                        if grid.cell(x).boxx == b || !grid.has(x, digit) {
                            continue;
                        }
                        let link = grid.cells_with(grid.cell(x).row, digit);
                        if link.len() == 2 {
                            let y = if link[0] == x { link[1] } else { link[0] };
                            let target = row * 9 + grid.cell(y).col;
                            if grid.cell(target).boxx != b {
                                found.eliminate(grid, target, digit);
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, picture};

    #[test]
    fn skyscraper() {
        // 1 only at r1c2, r1c7 and at r5c2, r5c9: base c2, roof r1c7 / r5c9.
        let g = picture(
            1,
            ".x....x.. ........e ........e ......e.. .x......x ......e.. ......... .o....... .........",
        );
        check("skyscraper", &g, "r2c9<>1 r3c9<>1 r4c7<>1 r6c7<>1");
        // Both ends aligned: an X-Wing, not a skyscraper.
        let g = picture(
            1,
            ".x....x.. ......... ......e.. ......... .x....x.. ......... ......... .o....... .........",
        );
        check_none("skyscraper", &g);
    }

    #[test]
    fn two_string_kite() {
        // 3 only at r4c2, r4c4 in row 4 and at r5c6, r9c6 in column 6; r4c4, r5c6 in box 5.
        let g = picture(
            3,
            "......... ......... ......... .x.x..... .....x... ......... ......... ......... .e...x...",
        );
        check("two-string-kite", &g, "r9c2<>3");
        // Joined ends in different boxes: nothing.
        let g = picture(
            3,
            "......... ......... ......... .x.x..... ......... ......... .....x... ......... .e...x...",
        );
        check_none("two-string-kite", &g);
    }

    #[test]
    fn turbot_fish() {
        // Box 1 holds 2 only at r2c1, r3c2; row 6 only at r6c2, r6c4; r3c2 sees r6c2: r2c4 loses 2.
        let g = picture(
            2,
            "......... x..e..o.. .x....... ......... ......... .x.x..... ......... .o.o...o. .........",
        );
        check("turbot-fish", &g, "r2c4<>2");
        check_none("skyscraper", &g);
        check_none("two-string-kite", &g);
    }

    #[test]
    fn empty_rectangle() {
        // Box 1 holds 5 on row 2 and column 2; column 7 holds 5 only at r2c7 and r8c7: r8c2<>5.
        let g = picture(
            5,
            ".x....... x.x...x.. .x....... ......... ......... ......... ......... .e..o.x.. .........",
        );
        check("empty-rectangle", &g, "r8c2<>5");
        // Without the third candidate of row 8, r8c2-r8c7 is a row link too: r2c7 goes as well.
        let g = picture(
            5,
            ".x....... x.x...x.. .x....... ......... ......... ......... ......... .e....x.. .........",
        );
        check("empty-rectangle", &g, "r8c2<>5 r2c7<>5");
        // A box whose candidates are not on one cross: nothing.
        let g = picture(
            5,
            ".x....... x.x...x.. .xx...... ......... ......... ......... ......... .e..o.x.. .........",
        );
        check_none("empty-rectangle", &g);
    }
}
