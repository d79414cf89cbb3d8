//! Singles, as seed article 003 writes them (`CandidatoUnico`, `UnicoPosible`): count over a
//! house's cells, or over a cell's candidate list, and place when exactly one is left.
//!
//! - **Full house** (`full-house`): a house with exactly one unsolved cell; if that cell has
//!   exactly one candidate, it is placed (a cell with zero or several candidates is skipped).
//!   A grid without placed cells (729-character input) has none.
//! - **Naked single** (`naked-single`): every unsolved cell whose list holds exactly one digit
//!   gets that digit (full houses included).
//! - **Hidden single** (`hidden-single`): for every house and every digit, when exactly one
//!   cell of the house has the digit as a candidate, it is placed there (naked singles and
//!   full houses included; a digit already placed in the house has no candidate left in it).
//!
//! Example: row 1 `123456...` with a 9 in r2c7 leaves r1c7 the list {7, 8}; a 7 in r3c8 then
//! makes r1c7 a naked single 8.

use crate::findings::Findings;
use crate::grid::NaiveGrid;

/// Full house: the last unsolved cell of a house, with its one candidate.
pub fn full_house(grid: &NaiveGrid, found: &mut Findings) {
    for house in grid.houses() {
        let mut open = None;
        let mut count = 0;
        for &c in &house.cells {
            if !grid.cell(c).is_solved() {
                count += 1;
                open = Some(c);
            }
        }
        if count != 1 {
            continue;
        }
        let Some(c) = open else { continue };
        let cell = grid.cell(c);
        if cell.count() == 1 {
            found.place(grid, c, cell.candidates().as_slice()[0]);
        }
    }
}

/// Naked single: a cell with one candidate.
pub fn naked_single(grid: &NaiveGrid, found: &mut Findings) {
    for cell in grid.cells() {
        if !cell.is_solved() && cell.count() == 1 {
            found.place(grid, cell.index, cell.candidates().as_slice()[0]);
        }
    }
}

/// Hidden single: a digit with one possible cell in a house.
pub fn hidden_single(grid: &NaiveGrid, found: &mut Findings) {
    for house in grid.houses() {
        for digit in 1..=9u8 {
            let mut count = 0;
            let mut at = 0;
            for &c in &house.cells {
                if grid.cell(c).has(digit) {
                    count += 1;
                    at = c;
                }
            }
            if count == 1 {
                found.place(grid, at, digit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, grid, pencil};

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn with_holes(holes: &[usize]) -> String {
        SOLUTION
            .chars()
            .enumerate()
            .map(|(i, c)| if holes.contains(&i) { '.' } else { c })
            .collect()
    }

    #[test]
    fn full_house() {
        check("full-house", &grid(&with_holes(&[2]), ""), "r1c3=4");
        check("full-house", &grid(&with_holes(&[0, 1, 9]), ""), "r1c2=3 r2c1=6");
        check_none("full-house", &grid(&with_holes(&[0, 1, 9, 10]), ""));
        let g: String = SOLUTION
            .chars()
            .flat_map(|c| (1..=9).map(move |d| if c == char::from(b'0' + d) { c } else { '.' }))
            .collect();
        check_none("full-house", &pencil(&g));
    }

    #[test]
    fn naked_single() {
        let s = grid(
            "123456...........7.......9.......................................................",
            "",
        );
        // r2c9 = 7 and r3c8 = 9 leave r1c7, r1c8 and r1c9 with the single candidate 8 each.
        check("naked-single", &s, "r1c7=8 r1c8=8 r1c9=8");
        let s = grid(
            "12345679.........................................................................",
            "199 299 399 599 699 799 899 999",
        );
        // r9c9 keeps only 4; r1c9 (a full house) is a naked single 8 too.
        check("naked-single", &s, "r1c9=8 r9c9=4");
        let s = grid(
            "1234567..........................................................................",
            "",
        );
        check_none("naked-single", &s);
    }

    #[test]
    fn hidden_single() {
        // 1s in r2c1, r3c4, r5c8 and r8c9 leave r1c7 the only 1 of row 1 and box 3.
        let s = grid(
            ".........1...........1.....................1...........................1.........",
            "",
        );
        check("hidden-single", &s, "r1c7=1");
        check_none("hidden-single", &grid(&".".repeat(81), ""));
    }
}
