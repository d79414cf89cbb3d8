//! Naked and hidden subsets (pairs, triples, quads), as seed article 002's `SuDuiCalc` finds
//! pairs: for each house, try every combination of `n` cells (naked) or `n` digits (hidden).
//!
//! - **Naked subset** (`naked-pair`, `naked-triple`, `naked-quad`; n = 2, 3, 4): `n` unsolved
//!   cells of one house, each with 1..=n candidates (a single-candidate cell may take part, as
//!   in HoDoKu), whose lists together hold exactly `n` digits. Those digits leave every other
//!   cell of that house. Every house and every such cell combination counts: locked ones
//!   (inside one mini-line) are found in each of their two houses, and a quad made of two
//!   pairs counts too.
//! - **Hidden subset** (`hidden-pair`, `hidden-triple`, `hidden-quad`): `n` digits, each a
//!   candidate in 1..=n cells of one house (a hidden single may take part), that are together
//!   possible in exactly `n` cells: those cells lose every other candidate.
//!
//! Example (naked pair): r5c1 = {3, 8}, r5c7 = {3, 8}: every other cell of row 5 loses 3 and 8.

use crate::combos::combinations;
use crate::findings::Findings;
use crate::grid::{CandidateList, NaiveGrid};

/// Naked pair.
pub fn naked_pair(grid: &NaiveGrid, found: &mut Findings) {
    naked(grid, found, 2);
}

/// Naked triple.
pub fn naked_triple(grid: &NaiveGrid, found: &mut Findings) {
    naked(grid, found, 3);
}

/// Naked quad.
pub fn naked_quad(grid: &NaiveGrid, found: &mut Findings) {
    naked(grid, found, 4);
}

/// Hidden pair.
pub fn hidden_pair(grid: &NaiveGrid, found: &mut Findings) {
    hidden(grid, found, 2);
}

/// Hidden triple.
pub fn hidden_triple(grid: &NaiveGrid, found: &mut Findings) {
    hidden(grid, found, 3);
}

/// Hidden quad.
pub fn hidden_quad(grid: &NaiveGrid, found: &mut Findings) {
    hidden(grid, found, 4);
}

fn naked(grid: &NaiveGrid, found: &mut Findings, n: usize) {
    for house in grid.houses() {
        let open: Vec<usize> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| (1..=n).contains(&grid.cell(c).count()))
            .collect();
        for pick in combinations(open.len(), n) {
            let mut digits = CandidateList::empty();
            for &i in pick {
                for &d in grid.cell(open[i]).candidates().as_slice() {
                    digits.insert(d);
                }
            }
            if digits.len() != n {
                continue;
            }
            for &c in &house.cells {
                if !pick.iter().any(|&i| open[i] == c) {
                    for &d in digits.as_slice() {
                        found.eliminate(grid, c, d);
                    }
                }
            }
        }
    }
}

fn hidden(grid: &NaiveGrid, found: &mut Findings, n: usize) {
    for house in grid.houses() {
        // For each digit with 1..=n places in the house: where[k] = whether the k-th cell of
        // the house has it.
        let mut digits: Vec<(u8, [bool; 9])> = Vec::new();
        for d in 1..=9u8 {
            let place: [bool; 9] = std::array::from_fn(|k| grid.has(house.cells[k], d));
            if (1..=n).contains(&place.iter().filter(|&&p| p).count()) {
                digits.push((d, place));
            }
        }
        for pick in combinations(digits.len(), n) {
            let mut cells = [false; 9];
            for &i in pick {
                for (cell, &has) in cells.iter_mut().zip(&digits[i].1) {
                    *cell |= has;
                }
            }
            if cells.iter().filter(|&&c| c).count() != n {
                continue;
            }
            for k in (0..9).filter(|&k| cells[k]) {
                let c = house.cells[k];
                for &d in grid.cell(c).candidates().as_slice() {
                    if !pick.iter().any(|&i| digits[i].0 == d) {
                        found.eliminate(grid, c, d);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, with_cells};

    /// `r{r}c{c}<>{d}` for every listed cell and digit.
    fn elims(cells: &[(usize, usize)], digits: &[u8]) -> String {
        let mut out = Vec::new();
        for &(r, c) in cells {
            for d in digits {
                out.push(format!("r{r}c{c}<>{d}"));
            }
        }
        out.join(" ")
    }

    /// Cells of row `r` except the listed columns.
    fn row_except(r: usize, skip: &[usize]) -> Vec<(usize, usize)> {
        (1..=9).filter(|c| !skip.contains(c)).map(|c| (r, c)).collect()
    }

    #[test]
    fn naked_pair_triple_quad() {
        let g = with_cells(&[("r5c1", "38"), ("r5c7", "38")]);
        check("naked-pair", &g, &elims(&row_except(5, &[1, 7]), &[3, 8]));
        let g = with_cells(&[("r1c1", "12"), ("r1c5", "23"), ("r1c9", "13")]);
        check("naked-triple", &g, &elims(&row_except(1, &[1, 5, 9]), &[1, 2, 3]));
        check_none("naked-pair", &g);
        let g = with_cells(&[("r9c1", "12"), ("r9c2", "23"), ("r9c3", "34"), ("r9c6", "14")]);
        check("naked-quad", &g, &elims(&row_except(9, &[1, 2, 3, 6]), &[1, 2, 3, 4]));
        check_none("naked-triple", &g);
        // Four digits over three cells: no triple.
        let g = with_cells(&[("r1c1", "12"), ("r1c5", "23"), ("r1c9", "14")]);
        check_none("naked-triple", &g);
    }

    #[test]
    fn naked_pair_with_a_single_candidate_cell() {
        // {3,8} and {8}: a naked pair as HoDoKu counts it (the 8 cell is also a naked single).
        let g = with_cells(&[("r5c1", "38"), ("r5c7", "8")]);
        check("naked-pair", &g, &elims(&row_except(5, &[1, 7]), &[3, 8]));
    }

    #[test]
    fn hidden_pair_triple_quad() {
        // Box 3: 1 and 6 only in r1c7 and r3c9.
        let mut cells = Vec::new();
        for rc in ["r1c8", "r1c9", "r2c7", "r2c8", "r2c9", "r3c7", "r3c8"] {
            cells.push((rc, "2345789"));
        }
        let g = with_cells(&cells);
        check("hidden-pair", &g, &elims(&[(1, 7), (3, 9)], &[2, 3, 4, 5, 7, 8, 9]));
        // Box 5: 1, 2, 3 only on the diagonal.
        let mut cells = Vec::new();
        for rc in ["r4c5", "r4c6", "r5c4", "r5c6", "r6c4", "r6c5"] {
            cells.push((rc, "456789"));
        }
        let g = with_cells(&cells);
        check("hidden-triple", &g, &elims(&[(4, 4), (5, 5), (6, 6)], &[4, 5, 6, 7, 8, 9]));
        check_none("hidden-pair", &g);
        // Row 7: 1-4 only in c1-c4.
        let mut cells = Vec::new();
        for rc in ["r7c5", "r7c6", "r7c7", "r7c8", "r7c9"] {
            cells.push((rc, "56789"));
        }
        let g = with_cells(&cells);
        check("hidden-quad", &g, &elims(&[(7, 1), (7, 2), (7, 3), (7, 4)], &[5, 6, 7, 8, 9]));
        check_none("hidden-triple", &g);
        check_none("hidden-pair", &with_cells(&[]));
    }
}
