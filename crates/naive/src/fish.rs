//! Fish on rows and columns (X-Wing, Swordfish, Jellyfish, Squirmbag, Whale, Leviathan; sizes
//! 2-7; basic, finned, sashimi), as seed article 000 searches its finned Swordfish: for each
//! digit, pick base lines one by one, collect the columns their candidates use, then decide
//! cover lines and fins. Franken and mutant fish (boxes in base or cover) are in
//! [`crate::general_fish`].
//!
//! For every digit `d` and both orientations (rows as base and columns as cover, or the
//! reverse), a *base* is `n` lines and a *cover* `n` cross lines. "Candidates" are unsolved
//! cells that still have `d`.
//!
//! - **Basic fish** (`x-wing`, `swordfish`, `jellyfish`, `squirmbag`, `whale`, `leviathan`;
//!   n = 2..=7): every base line has 2..=n candidates and together they use exactly `n` cross
//!   lines (the cover); `d` leaves every other cell of the cover lines.
//! - **Finned fish**: every base line has at least one candidate; the cover is any `n` of the
//!   cross lines used by the base; the *fins* are the base candidates outside the cover, at
//!   least one, all in one box. `d` leaves the cover-line cells outside the base lines inside
//!   the fins' box. It is *sashimi* when some base line has at most one candidate in the cover
//!   lines, *finned* otherwise (the two ids report disjoint instances).
//!
//! Example (finned X-Wing): 7 in row 2 only at c2, c6; in row 8 at c2, c6 and the fin r8c5
//! (box 8): r7c6 and r9c6 lose 7.
//!
//! All instances: every digit, orientation, base set and cover set; the union is applied.

use crate::combos::combinations;
use crate::findings::Findings;
use crate::grid::NaiveGrid;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Basic,
    Finned,
    Sashimi,
}

/// X-Wing: two base lines.
pub fn x_wing(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 2, Kind::Basic);
}

/// Swordfish: three base lines.
pub fn swordfish(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 3, Kind::Basic);
}

/// Jellyfish: four base lines.
pub fn jellyfish(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 4, Kind::Basic);
}

/// Finned X-Wing.
pub fn finned_x_wing(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 2, Kind::Finned);
}

/// Sashimi X-Wing.
pub fn sashimi_x_wing(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 2, Kind::Sashimi);
}

/// Finned Swordfish.
pub fn finned_swordfish(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 3, Kind::Finned);
}

/// Sashimi Swordfish.
pub fn sashimi_swordfish(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 3, Kind::Sashimi);
}

/// Finned Jellyfish.
pub fn finned_jellyfish(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 4, Kind::Finned);
}

/// Sashimi Jellyfish.
pub fn sashimi_jellyfish(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 4, Kind::Sashimi);
}

/// Squirmbag: 5 base lines.
pub fn squirmbag(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 5, Kind::Basic);
}

/// Finned Squirmbag.
pub fn finned_squirmbag(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 5, Kind::Finned);
}

/// Sashimi Squirmbag.
pub fn sashimi_squirmbag(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 5, Kind::Sashimi);
}

/// Whale: 6 base lines.
pub fn whale(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 6, Kind::Basic);
}

/// Finned Whale.
pub fn finned_whale(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 6, Kind::Finned);
}

/// Sashimi Whale.
pub fn sashimi_whale(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 6, Kind::Sashimi);
}

/// Leviathan: 7 base lines.
pub fn leviathan(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 7, Kind::Basic);
}

/// Finned Leviathan.
pub fn finned_leviathan(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 7, Kind::Finned);
}

/// Sashimi Leviathan.
pub fn sashimi_leviathan(grid: &NaiveGrid, found: &mut Findings) {
    fish(grid, found, 7, Kind::Sashimi);
}

/// The cell at position `cross` of line `line` (a row when `rows`, else a column).
pub(crate) fn cell_at(rows: bool, line: usize, cross: usize) -> usize {
    if rows { line * 9 + cross } else { cross * 9 + line }
}

fn fish(grid: &NaiveGrid, found: &mut Findings, n: usize, kind: Kind) {
    for digit in 1..=9u8 {
        for rows in [true, false] {
            // has[line][cross]: the digit is a candidate where the line meets the cross line.
            let has: [[bool; 9]; 9] = std::array::from_fn(|l| {
                std::array::from_fn(|x| grid.has(cell_at(rows, l, x), digit))
            });
            let count = |l: usize| has[l].iter().filter(|&&h| h).count();
            let eligible: Vec<usize> = (0..9)
                .filter(|&l| match kind {
                    Kind::Basic => (2..=n).contains(&count(l)),
                    Kind::Finned | Kind::Sashimi => count(l) >= 1,
                })
                .collect();
            for pick in combinations(eligible.len(), n) {
                let mut in_base = [false; 9];
                let mut used = [false; 9];
                for &i in pick {
                    in_base[eligible[i]] = true;
                    for (x, u) in used.iter_mut().enumerate() {
                        *u |= has[eligible[i]][x];
                    }
                }
                let used: Vec<usize> = (0..9).filter(|&x| used[x]).collect();
                if kind == Kind::Basic {
                    if used.len() == n {
                        for &x in &used {
                            for line in (0..9).filter(|&l| !in_base[l]) {
                                found.eliminate(grid, cell_at(rows, line, x), digit);
                            }
                        }
                    }
                    continue;
                }
                // Fins lie in one box, which must keep a cover line: at most two fin cross lines.
                if used.len() <= n || used.len() > n + 2 {
                    continue;
                }
                for cover_pick in combinations(used.len(), n) {
                    let mut cover = [false; 9];
                    for &i in cover_pick {
                        cover[used[i]] = true;
                    }
                    let base = Base { digit, rows, has: &has, in_base: &in_base, cover: &cover };
                    base.finned(grid, found, kind);
                }
            }
        }
    }
}

/// One base set with one cover choice.
struct Base<'a> {
    digit: u8,
    rows: bool,
    has: &'a [[bool; 9]; 9],
    in_base: &'a [bool; 9],
    cover: &'a [bool; 9],
}

impl Base<'_> {
    /// Checks the fins (at least one, all in one box) and the kind, then eliminates.
    fn finned(&self, grid: &NaiveGrid, found: &mut Findings, kind: Kind) {
        let mut fin_box = None;
        let mut sashimi = false;
        for line in (0..9).filter(|&l| self.in_base[l]) {
            let mut in_cover = 0;
            for x in (0..9).filter(|&x| self.has[line][x]) {
                if self.cover[x] {
                    in_cover += 1;
                    continue;
                }
                let b = grid.cell(cell_at(self.rows, line, x)).boxx;
                match fin_box {
                    None => fin_box = Some(b),
                    Some(other) if other != b => return,
                    Some(_) => {}
                }
            }
            if in_cover <= 1 {
                sashimi = true;
            }
        }
        let Some(fin_box) = fin_box else { return };
        if sashimi != (kind == Kind::Sashimi) {
            return;
        }
        for x in (0..9).filter(|&x| self.cover[x]) {
            for line in (0..9).filter(|&l| !self.in_base[l]) {
                let c = cell_at(self.rows, line, x);
                if grid.cell(c).boxx == fin_box {
                    found.eliminate(grid, c, self.digit);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, grid, picture};

    #[test]
    fn x_wing() {
        // Rows 1 and 6 hold 5 only in c2 and c7: the rest of those columns loses 5.
        let g = picture(
            5,
            ".x....x.. ......... .e....... ......... ......... .x....x.. ......... ......... ......e..",
        );
        check("x-wing", &g, "r3c2<>5 r9c7<>5");
        check_none("swordfish", &g);
        // A base row with a single candidate is no fish (it would be a degenerate X-Wing).
        let g = picture(
            5,
            ".x....... ......... .e....... ......... ......... .x....x.. ......... ......... ......e..",
        );
        check_none("x-wing", &g);
    }

    #[test]
    fn swordfish_and_jellyfish() {
        // Rows 1, 4, 7 hold 4 in c1/c5, c5/c9, c1/c9: the other cells of c1, c5, c9 lose 4.
        let g = picture(
            4,
            "x...x.... e........ ......... ....x...x ....e.... ......... x.......x ......... ........e",
        );
        check("swordfish", &g, "r2c1<>4 r5c5<>4 r9c9<>4");
        check_none("x-wing", &g);
        check_none("jellyfish", &g);
        // Rows 1, 3, 5, 7 hold 6 in c1/c3, c3/c5, c5/c7, c1/c7: r8c1 and r9c5 lose 6.
        let g = picture(
            6,
            "x.x...... ......... ..x.x.... ......... ....x.x.. ......... x.....x.. e........ ....e....",
        );
        check("jellyfish", &g, "r8c1<>6 r9c5<>6");
        check_none("swordfish", &g);
    }

    #[test]
    fn finned_and_sashimi_x_wing() {
        // 7 in row 2 at c2, c6; row 8 at c2, c6 and the fin r8c5 (box 8): r7c6, r9c6 lose 7.
        // Read by columns, c2 + c6 with fins r7c6, r9c6 (box 8) is a finned X-Wing too: r8c5.
        let g = picture(
            7,
            "......... .x...x... ......... ......... ......... ......... .....e... .x..xx... .....e...",
        );
        check("finned-x-wing", &g, "r7c6<>7 r9c6<>7 r8c5<>7");
        // r8 + r9 (r9c6 alone in the cover) with the fin r8c5 is sashimi: r7c6 loses 7; so is
        // r7 + r8: r9c6 loses 7.
        check("sashimi-x-wing", &g, "r7c6<>7 r9c6<>7");
        check_none("x-wing", &g);
        // Fins in two boxes: nothing.
        let g = picture(
            7,
            "......... .x...x... ......... ......... ......... ......... .....e... .x.xx.x.. .........",
        );
        check_none("finned-x-wing", &g);
    }

    #[test]
    fn finned_swordfish() {
        // Seed 000's example: rows 8 and 9 hold 1 in c1, c4, c9; row 5 in c1, c9 and the fin
        // r5c8 (box 6): the other cells of c9 in box 6 (r4c9, r6c9) lose 1. Read by columns
        // (c1, c4, c9 over rows 5, 8, 9, fins r4c9 and r6c9 in box 6), r5c8 loses 1 as well.
        let g = picture(
            1,
            "......... ......... ......... ........e x......fx ........e ......... x..x..... ...x....x",
        );
        check("finned-swordfish", &g, "r4c9<>1 r6c9<>1 r5c8<>1");
        check_none("swordfish", &g);
    }

    /// Sizes 5-7 on corpus states (a puzzle after its singles, or after the order
    /// `singles,locked-candidates,naked/hidden pair/triple` for the Leviathan). The expected
    /// effects are the union of all instances, as the bitboard engine finds them on the same
    /// state (`bench agree` compares exactly these steps).
    #[test]
    fn large_fish_on_corpus_states() {
        let top1 =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.+7......";
        let g = grid(
            ".......71.2.8.+1....+1.5.3...7.9+16.......2..8+1.1.+2.......3+1..25..6...1..4.+2.....+1..",
            "",
        );
        check("squirmbag", &g, "r5c5<>7 r6c5<>7 r7c5<>7 r8c3<>7 r9c3<>7 r9c5<>7");
        check_none("jellyfish", &g);
        let g = grid(
            "7.8...3.....2.1...5.........4.....263...8.......1...9+3.9.6....4....7.5...........",
            "",
        );
        check("finned-squirmbag", &g, "r3c7<>8");
        let g = grid(
            "...6..1.....2...4..59......6.......47....9.......5..8....1..7.6.82...+4........3.+8",
            "",
        );
        check("sashimi-squirmbag", &g, "r2c7<>6");
        let g = grid(
            ".56+71...4....69+15+77.14..6...6..8...1....2...9..4..7.......+7......8.4.+716.7.8..3..",
            "",
        );
        check("whale", &g, "r3c2<>3 r3c6<>3 r3c8<>3 r6c1<>3 r6c2<>3 r6c4<>3 r6c8<>3");
        check(
            "finned-whale",
            &grid(top1, ""),
            "r9c7<>3 r9c8<>3 r9c9<>3 r1c3<>5 r2c3<>5 r3c3<>5 r9c7<>5 r9c8<>5 r9c9<>5 \
             r1c3<>9 r2c3<>9 r3c3<>9",
        );
        let g = grid(
            "..6.3.521...7..+3..9.3...+84+7..7..+36......+74....1.5.27........973.....5.....8.1+7...",
            "",
        );
        check("sashimi-whale", &g, "r2c5<>9");
        let g = grid(
            "+1.49..5.+63+5+6.4....+92..6.....+4+3+1.98+65+869...1...1+5+6.8...5+3+1.+9.+6.2+6+9.+312.+5.4.+2..+639+1",
            "727 458 459 467 767 478",
        );
        check("leviathan", &g, "r3c4<>7 r3c6<>7 r3c8<>7 r3c9<>7 r8c9<>7");
        let g = grid(
            "...3+89.7+18..4.+1...1........2..5..6+1..3+1....4.....1....5..+1..8......2.1...+1.7....9",
            "",
        );
        check("finned-leviathan", &g, "r2c2<>6 r2c3<>6 r3c2<>6 r3c3<>6");
        let g = grid(
            "..2+4.6.....+5.2.9.4..4+5........8.+5...5..+6....2.8.+249.533...5.6...5......87...6..3.",
            "",
        );
        check("sashimi-leviathan", &g, "r4c2<>7 r5c2<>7");
        check_none("finned-leviathan", &g);
        // A digit free everywhere makes no fish of any size.
        let g = picture(4, &["xxxxxxxxx"; 9].join(" "));
        for name in ["squirmbag", "whale", "leviathan"] {
            for kind in ["", "finned-", "sashimi-"] {
                check_none(&format!("{kind}{name}"), &g);
            }
        }
    }
}
