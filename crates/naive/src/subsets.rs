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
use crate::grid::NaiveGrid;

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
            let chosen: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
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
            for &c in &house.cells {
                if !chosen.contains(&c) {
                    for &d in &digits {
                        found.eliminate(grid, c, d);
                    }
                }
            }
        }
    }
}

fn hidden(grid: &NaiveGrid, found: &mut Findings, n: usize) {
    for house in grid.houses() {
        // where[d] = the cells of the house with candidate d.
        let digits: Vec<(u8, Vec<usize>)> = (1..=9u8)
            .map(|d| (d, house.cells.iter().copied().filter(|&c| grid.has(c, d)).collect()))
            .filter(|(_, cells): &(u8, Vec<usize>)| (1..=n).contains(&cells.len()))
            .collect();
        for pick in combinations(digits.len(), n) {
            let mut cells: Vec<usize> = Vec::new();
            for &i in &pick {
                for &c in &digits[i].1 {
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
            }
            if cells.len() != n {
                continue;
            }
            let chosen: Vec<u8> = pick.iter().map(|&i| digits[i].0).collect();
            for &c in &cells {
                for &d in grid.cell(c).candidates().as_slice() {
                    if !chosen.contains(&d) {
                        found.eliminate(grid, c, d);
                    }
                }
            }
        }
    }
}
