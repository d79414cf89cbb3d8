//! Dual two-string kite and dual empty rectangle, written from the find-all definitions in
//! `strategies/src/single_digit/dual_*.rs`: every kite (resp. empty rectangle) instance is
//! listed with its eliminations, then instances that share their box cells (resp. digit and
//! box) but eliminate differently are paired, and each pair eliminates both sets.

use crate::findings::Findings;
use crate::grid::NaiveGrid;

/// One single-digit instance: the key that pairs instances, and what it eliminates.
struct Instance {
    key: (usize, usize, usize),
    elims: Vec<(usize, u8)>,
}

/// The cells of house `h` that hold `digit`, when there are exactly two.
fn pair(grid: &NaiveGrid, h: usize, digit: u8) -> Option<(usize, usize)> {
    let cells = grid.cells_with(h, digit);
    if cells.len() == 2 { Some((cells[0], cells[1])) } else { None }
}

/// Records both instances of every pair with the same key and different eliminations.
fn pair_up(grid: &NaiveGrid, found: &mut Findings, list: &[Instance]) {
    for (i, a) in list.iter().enumerate() {
        for b in &list[i + 1..] {
            if a.key == b.key && a.elims != b.elims {
                for &(cell, digit) in a.elims.iter().chain(&b.elims) {
                    found.eliminate(grid, cell, digit);
                }
            }
        }
    }
}

/// Dual two-string kite: kites keyed by their two box cells (any digit).
pub fn dual_two_string_kite(grid: &NaiveGrid, found: &mut Findings) {
    let mut kites = Vec::new();
    for digit in 1..=9u8 {
        for row in 0..9 {
            let Some((ra, rb)) = pair(grid, row, digit) else { continue };
            for col in 9..18 {
                let Some((ca, cb)) = pair(grid, col, digit) else { continue };
                if ra == ca || ra == cb || rb == ca || rb == cb {
                    continue;
                }
                for (ir, er) in [(ra, rb), (rb, ra)] {
                    for (ic, ec) in [(ca, cb), (cb, ca)] {
                        if grid.cell(ir).boxx != grid.cell(ic).boxx {
                            continue;
                        }
                        let mut elims = Vec::new();
                        for cell in grid.cells() {
                            if cell.has(digit)
                                && grid.sees(cell.index, er)
                                && grid.sees(cell.index, ec)
                            {
                                elims.push((cell.index, digit));
                            }
                        }
                        if !elims.is_empty() {
                            kites.push(Instance { key: (ir.min(ic), ir.max(ic), 0), elims });
                        }
                    }
                }
            }
        }
    }
    pair_up(grid, found, &kites);
}

/// Dual empty rectangle: ERs keyed by digit and box.
pub fn dual_empty_rectangle(grid: &NaiveGrid, found: &mut Findings) {
    let mut ers = Vec::new();
    for digit in 1..=9u8 {
        for b in 0..9 {
            let in_box = grid.cells_with(18 + b, digit);
            for row in b / 3 * 3..b / 3 * 3 + 3 {
                for col in b % 3 * 3..b % 3 * 3 + 3 {
                    let on = |c: usize| (grid.cell(c).row == row, grid.cell(c).col == col);
                    let fits = in_box.iter().all(|&c| on(c).0 || on(c).1)
                        && in_box.iter().any(|&c| on(c) == (true, false))
                        && in_box.iter().any(|&c| on(c) == (false, true));
                    if !fits {
                        continue;
                    }
                    // Links in a column from the row arm, then links in a row from the column arm.
                    for (arm, row_arm) in [(row, true), (9 + col, false)] {
                        for x in grid.cells_with(arm, digit) {
                            if grid.cell(x).boxx == b {
                                continue;
                            }
                            let across =
                                if row_arm { 9 + grid.cell(x).col } else { grid.cell(x).row };
                            let Some((p, q)) = pair(grid, across, digit) else { continue };
                            let y = if p == x { q } else { p };
                            let target = if row_arm {
                                grid.cell(y).row * 9 + col
                            } else {
                                row * 9 + grid.cell(y).col
                            };
                            if grid.cell(target).boxx != b && grid.has(target, digit) {
                                ers.push(Instance {
                                    key: (usize::from(digit), b, 0),
                                    elims: vec![(target, digit)],
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    pair_up(grid, found, &ers);
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, picture};

    #[test]
    fn dual_kite() {
        let rows = [
            "... 3.. ..3",
            "... ..3 .3.",
            "... ... ...",
            "... ... ...",
            "... ... ..3",
            "... ... ...",
            "... ..3 .33",
            "3.. 3.. .3.",
            "... ... ...",
        ];
        check("dual-two-string-kite", &picture(3, &rows.join("")), "r7c9<>3 r8c8<>3");
        let mut one = rows;
        one[6] = "... ..3 .3.";
        check_none("dual-two-string-kite", &picture(3, &one.join("")));
    }

    #[test]
    fn dual_empty_rectangle() {
        let rows = [
            ".5. ... ...",
            "5.5 ... 5.5",
            ".5. ... ...",
            "... ... ..5",
            ".5. ... ..5",
            "... ... ...",
            "... ... ...",
            ".5. .5. 5..",
            "... ... ...",
        ];
        check("dual-empty-rectangle", &picture(5, &rows.join("")), "r2c9<>5 r8c2<>5");
        let mut one = rows;
        one[1] = "5.5 ... 5..";
        check_none("dual-empty-rectangle", &picture(5, &one.join("")));
    }
}
