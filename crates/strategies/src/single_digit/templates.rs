//! Shared enumeration for [`super::template_set`] and [`super::template_delete`]: every
//! *template* of a digit (nine cells, one per row, column and box, the digit's final
//! positions) that fits the state, i.e. holds every cell where the digit is placed and
//! otherwise only cells where it is a candidate, and that avoids the cells every fitting
//! template of another digit holds (refined until nothing changes, as HoDoKu does).

/// Per digit, the union and the intersection of its fitting templates (see the module docs),
/// `None` for a digit none fits.
pub(crate) fn refined(state: &Candidates) -> [Option<(CellSet, CellSet)>; 9] {
    let mut taken = [CellSet::EMPTY; 9];
    loop {
        let out: [Option<(CellSet, CellSet)>; 9] = std::array::from_fn(|d| {
            let others = (0..9).filter(|&g| g != d).fold(CellSet::EMPTY, |acc, g| acc | taken[g]);
            let digit = Digit::new_unchecked(d as u8);
            union_and_intersection_avoiding(state, digit, others - state.placed(digit))
        });
        let next: [CellSet; 9] = std::array::from_fn(|d| out[d].map_or(taken[d], |(_, i)| i));
        if next == taken {
            return out;
        }
        taken = next;
    }
}

use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit};

/// The union and the intersection of every template of `digit` that fits `state`, or `None`
/// when none fits (a broken state).
#[cfg(test)]
pub(crate) fn union_and_intersection(
    state: &Candidates,
    digit: Digit,
) -> Option<(CellSet, CellSet)> {
    union_and_intersection_avoiding(state, digit, CellSet::EMPTY)
}

fn union_and_intersection_avoiding(
    state: &Candidates,
    digit: Digit,
    avoid: CellSet,
) -> Option<(CellSet, CellSet)> {
    let placed = state.placed(digit);
    let open = (state.cells(digit) - avoid) | placed;
    let mut allowed = [0u16; 9];
    for (row, mask) in allowed.iter_mut().enumerate() {
        let in_row: Vec<usize> = (0..9).filter(|&c| open.contains(Cell::from_rc(row, c))).collect();
        let fixed: Vec<usize> =
            in_row.iter().copied().filter(|&c| placed.contains(Cell::from_rc(row, c))).collect();
        let cols = if fixed.is_empty() { in_row } else { fixed };
        *mask = cols.iter().fold(0, |m, &c| m | 1 << c);
    }
    let mut acc = Acc { union: CellSet::EMPTY, inter: CellSet::ALL, any: false };
    walk(&allowed, 0, 0, 0, CellSet::EMPTY, &mut acc);
    acc.any.then_some((acc.union, acc.inter))
}

struct Acc {
    union: CellSet,
    inter: CellSet,
    any: bool,
}

fn walk(allowed: &[u16; 9], row: usize, cols: u16, boxes: u16, cur: CellSet, acc: &mut Acc) {
    if row == 9 {
        acc.union |= cur;
        acc.inter &= cur;
        acc.any = true;
        return;
    }
    let mut m = allowed[row] & !cols;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        let b = (row / 3) * 3 + c / 3;
        if boxes & (1 << b) != 0 {
            continue;
        }
        let cell = Cell::from_rc(row, c);
        walk(allowed, row + 1, cols | 1 << c, boxes | 1 << b, cur.with(cell), acc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_grid_templates_cover_everything() {
        let s = Candidates::new();
        let (u, i) = union_and_intersection(&s, Digit::from_value(1).unwrap()).unwrap();
        assert_eq!(u, CellSet::ALL);
        assert!(i.is_empty());
    }
}
