//! Templates, naive style: a template is a `[usize; 9]` of cell indices (one per row), built
//! row by row with `Vec`s of used columns and boxes; every fitting template of every digit is
//! kept in a `Vec`, and the refinement compares them cell by cell. Re-derived from the
//! strategies' `single_digit/template_set.rs` and `template_delete.rs` docs.

use crate::findings::Findings;
use crate::grid::NaiveGrid;

fn fits(grid: &NaiveGrid, d: u8, cell: usize, avoid: &[bool; 81]) -> bool {
    let c = grid.cell(cell);
    if c.is_solved() {
        return c.value() == d;
    }
    c.has(d) && !avoid[cell]
}

fn build(
    grid: &NaiveGrid,
    d: u8,
    avoid: &[bool; 81],
    row: usize,
    cur: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if row == 9 {
        out.push(cur.clone());
        return;
    }
    // A row where `d` is placed must use that cell.
    let placed: Vec<usize> = (0..9)
        .map(|c| row * 9 + c)
        .filter(|&i| grid.cell(i).is_solved() && grid.cell(i).value() == d)
        .collect();
    for col in 0..9 {
        let cell = row * 9 + col;
        if !placed.is_empty() && placed[0] != cell {
            continue;
        }
        if !fits(grid, d, cell, avoid) {
            continue;
        }
        let clash =
            cur.iter().any(|&o| o % 9 == col || (o / 27 == cell / 27 && (o % 9) / 3 == col / 3));
        if clash {
            continue;
        }
        cur.push(cell);
        build(grid, d, avoid, row + 1, cur, out);
        cur.pop();
    }
}

/// Per digit 1..=9 (index 0..9), the fitting templates after refinement.
fn refined(grid: &NaiveGrid) -> Vec<Vec<Vec<usize>>> {
    let mut common: Vec<[bool; 81]> = vec![[false; 81]; 9];
    loop {
        let mut all = Vec::new();
        for d in 1..=9u8 {
            let mut avoid = [false; 81];
            for g in 1..=9u8 {
                if g != d {
                    for i in 0..81 {
                        let placed_d = grid.cell(i).is_solved() && grid.cell(i).value() == d;
                        avoid[i] |= common[g as usize - 1][i] && !placed_d;
                    }
                }
            }
            let mut out = Vec::new();
            build(grid, d, &avoid, 0, &mut Vec::new(), &mut out);
            all.push(out);
        }
        let mut next = common.clone();
        for (d, templates) in all.iter().enumerate() {
            if templates.is_empty() {
                continue;
            }
            for (i, slot) in next[d].iter_mut().enumerate() {
                *slot = templates.iter().all(|t| t.contains(&i));
            }
        }
        if next == common {
            return all;
        }
        common = next;
    }
}

/// Template Set: cells in every fitting template of a digit get it.
pub fn template_set(grid: &NaiveGrid, found: &mut Findings) {
    for (d, templates) in refined(grid).iter().enumerate() {
        if templates.is_empty() {
            continue;
        }
        for i in 0..81 {
            if templates.iter().all(|t| t.contains(&i)) {
                found.place(grid, i, d as u8 + 1);
            }
        }
    }
}

/// Template Delete: candidates in no fitting template of their digit go.
pub fn template_delete(grid: &NaiveGrid, found: &mut Findings) {
    for (d, templates) in refined(grid).iter().enumerate() {
        if templates.is_empty() {
            continue;
        }
        for i in 0..81 {
            if !templates.iter().any(|t| t.contains(&i)) {
                found.eliminate(grid, i, d as u8 + 1);
            }
        }
    }
}
