//! Sue de Coq, written from the find-all definition in `strategies/src/sue_de_coq.rs`: for
//! every line and crossing box, every choice of 2 or 3 unsolved intersection cells `C` with
//! `n = |D| - |C| >= 2` digits to spare, every line set `S_L` and box set `S_B` that satisfy
//! the counts, the rest of the line loses `(D ∪ A) \ E` and `A ∩ E`, the rest of the box
//! `(D ∪ E) \ A` and `A ∩ E`. Digit sets are `[bool; 10]` tables, cell sets short `Vec`s, and
//! the subsets are built as lists, as the seed articles would.

use crate::findings::Findings;
use crate::grid::NaiveGrid;

/// A set of digits 1..=9 as a table.
type Digits = [bool; 10];

/// The digits of the cells.
fn digits_of(grid: &NaiveGrid, cells: &[usize]) -> Digits {
    let mut out = [false; 10];
    for &c in cells {
        for &d in grid.cell(c).candidates().as_slice() {
            out[usize::from(d)] = true;
        }
    }
    out
}

fn size(d: &Digits) -> usize {
    d.iter().filter(|&&x| x).count()
}

/// How many digits of `d` are in `set` (`inside` true) or outside it (false).
fn count_vs(d: &Digits, set: &Digits, inside: bool) -> usize {
    (1..10).filter(|&i| d[i] && set[i] == inside).count()
}

/// Every non-empty subset of `cells`, each with its digits.
fn subsets(grid: &NaiveGrid, cells: &[usize]) -> Vec<(Vec<usize>, Digits)> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for &c in cells {
        let with: Vec<Vec<usize>> = out
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.push(c);
                s
            })
            .collect();
        out.extend(with);
    }
    out.into_iter().filter(|s| !s.is_empty()).map(|s| (s.clone(), digits_of(grid, &s))).collect()
}

/// Sue de Coq.
pub fn sue_de_coq(grid: &NaiveGrid, found: &mut Findings) {
    for line in 0..18 {
        let line_cells: Vec<usize> =
            grid.house(line).cells.iter().copied().filter(|&c| !grid.cell(c).is_solved()).collect();
        for b in 0..9 {
            let box_cells: Vec<usize> = grid
                .house(18 + b)
                .cells
                .iter()
                .copied()
                .filter(|&c| !grid.cell(c).is_solved())
                .collect();
            let inter: Vec<usize> =
                line_cells.iter().copied().filter(|c| box_cells.contains(c)).collect();
            let mut choices: Vec<Vec<usize>> = Vec::new();
            for i in 0..inter.len() {
                for j in i + 1..inter.len() {
                    choices.push(vec![inter[i], inter[j]]);
                    for &k in &inter[j + 1..] {
                        choices.push(vec![inter[i], inter[j], k]);
                    }
                }
            }
            for c in choices {
                intersection(grid, found, &line_cells, &box_cells, &c);
            }
        }
    }
}

/// All patterns on intersection cells `c`.
fn intersection(
    grid: &NaiveGrid,
    found: &mut Findings,
    line_cells: &[usize],
    box_cells: &[usize],
    c: &[usize],
) {
    let d = digits_of(grid, c);
    if size(&d) < c.len() + 2 {
        return;
    }
    let n = size(&d) - c.len();
    let line_rest: Vec<usize> = line_cells.iter().copied().filter(|x| !c.contains(x)).collect();
    let box_rest: Vec<usize> = box_cells.iter().copied().filter(|x| !c.contains(x)).collect();
    let box_subsets = subsets(grid, &box_rest);
    for (sl, a) in subsets(grid, &line_rest) {
        let a_extra = count_vs(&a, &d, false);
        if count_vs(&a, &d, true) == 0 || sl.len() <= a_extra || sl.len() - a_extra >= n {
            continue;
        }
        let want = n - (sl.len() - a_extra);
        for (sb, e) in &box_subsets {
            if sb.iter().any(|x| sl.contains(x)) || count_vs(e, &d, true) == 0 {
                continue;
            }
            if (1..10).any(|i| e[i] && a[i] && d[i]) || sb.len() != count_vs(e, &d, false) + want {
                continue;
            }
            for digit in 1..10u8 {
                let i = usize::from(digit);
                let shared = a[i] && e[i];
                if ((d[i] || a[i]) && !e[i]) || shared {
                    for &x in &line_rest {
                        if !sl.contains(&x) {
                            found.eliminate(grid, x, digit);
                        }
                    }
                }
                if ((d[i] || e[i]) && !a[i]) || shared {
                    for &x in &box_rest {
                        if !sb.contains(&x) {
                            found.eliminate(grid, x, digit);
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

    fn rows(r1: &str, r2: &str, r3: &str, deleted: &str) -> crate::NaiveGrid {
        grid(&format!("{r1}{r2}{r3}{}", ".".repeat(54)), deleted)
    }

    #[test]
    fn basic_form() {
        let g =
            rows("..6..789.", "89.......", "75.......", "114 514 315 415 515 219 419 123 223 433");
        check("sue-de-coq", &g, "r1c9<>1 r1c4<>2 r3c3<>3");
    }

    #[test]
    fn the_same_extra_digit_in_both_sets() {
        let g = rows(
            "..67..89.",
            ".8.......",
            "97.......",
            "511 512 215 315 415 116 316 416 219 419 123 223 423 133 233 333 321 421",
        );
        check("sue-de-coq", &g, "r1c9<>1 r1c9<>5 r2c1<>5");
    }

    #[test]
    fn sets_sharing_an_intersection_digit() {
        let g = rows("..6..789.", "89.......", "75.......", "114 514 315 415 515 219 419 223 433");
        check_none("sue-de-coq", &g);
    }
}
