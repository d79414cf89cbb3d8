//! The subsets family: naked and hidden pairs, triples and quads.
//!
//! Both kinds work one house at a time on 9-bit *position* masks: position `k` is the k-th
//! cell of the house in [`HOUSE_CELLS`] order (a row left to right, a column top to
//! bottom, a box row-major). Naked subsets build, for each eligible cell, the mask of its
//! digits; hidden subsets build, for each eligible digit, the mask of its positions. Both
//! then look for N members whose masks unite to exactly N bits with one enumerator,
//! `for_each_subset`, that prunes a branch as soon as the union exceeds N bits.

use crate::combinations::for_each;
use bitdoku_bitboard::CellSet;
use bitdoku_bitboard::tables::HOUSE_CELLS;
use std::ops::ControlFlow;

pub mod hidden_subset;
pub mod naked_subset;

/// The 9-bit position mask of `set` within house `h`: bit `k` is set when the house's k-th
/// cell is in `set`. Branch-free shifts and masks, no loop:
///
/// * a row is one shifted 9-bit slice;
/// * a box is three 3-bit slices 9 bits apart (e.g. box 5 starts at bit 27 + 3 = 30: bits
///   30-32, 39-41, 48-50);
/// * a column gathers one bit every 9 bits ([`CellSet::column_mask`], the multiply trick).
pub(crate) fn positions(set: CellSet, h: usize) -> u16 {
    let bits = set.bits();
    let out = match h / 9 {
        0 => bits >> (9 * h),
        1 => u128::from(set.column_mask(h - 9)),
        _ => {
            let b = h - 18;
            let x = bits >> (27 * (b / 3) + 3 * (b % 3));
            (x & 7) | (x >> 9 & 7) << 3 | (x >> 18 & 7) << 6
        }
    };
    (out & 0x1ff) as u16
}

/// The cells of house `h` at the positions set in `mask` (the inverse of [`positions`]).
pub(crate) fn cells_at(mask: u16, h: usize) -> CellSet {
    let mut bits = 0u128;
    let mut m = mask;
    while m != 0 {
        bits |= 1u128 << HOUSE_CELLS[h][m.trailing_zeros() as usize].index();
        m &= m - 1;
    }
    CellSet::from_bits_truncate(bits)
}

/// Calls `f(members, union)` for every set of `n` members taken from `pool` (bit `i` of a
/// 9-bit mask = member `i`) whose masks `masks[i]` unite to exactly `n` bits: the shared
/// enumerator ([`crate::combinations::for_each`]) pruned by "union at most `n` bits".
pub(crate) fn for_each_subset<F>(masks: &[u16; 9], pool: u16, n: u32, mut f: F) -> ControlFlow<()>
where
    F: FnMut(u16, u16) -> ControlFlow<()>,
{
    let fits = |union: u16| union.count_ones() <= n;
    let mut exact = |members: u16, union: u16| {
        if union.count_ones() == n { f(members, union) } else { ControlFlow::Continue(()) }
    };
    match n {
        2 => for_each::<2, _, _>(masks, pool, fits, &mut exact),
        3 => for_each::<3, _, _>(masks, pool, fits, &mut exact),
        4 => for_each::<4, _, _>(masks, pool, fits, &mut exact),
        _ => ControlFlow::Continue(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_bitboard::{Cell, tables};

    #[test]
    fn positions_round_trip_every_house() {
        for (h, listed) in HOUSE_CELLS.iter().enumerate() {
            let house = tables::HOUSES[h];
            assert_eq!(positions(house, h), 0x1ff);
            assert_eq!(positions(!house, h), 0);
            for (k, cell) in house.iter().enumerate() {
                assert_eq!(listed[k], cell);
                let one = CellSet::single(cell);
                assert_eq!(positions(one, h), 1 << k);
                assert_eq!(cells_at(1 << k, h), one);
            }
        }
        let set: CellSet = [Cell::from_rc(3, 4), Cell::from_rc(5, 5)].into_iter().collect();
        assert_eq!(positions(set, 18 + 4), 0b100_000_010);
        assert_eq!(cells_at(0b100_000_010, 18 + 4), set);
    }

    #[test]
    fn subsets_with_exact_unions() {
        // Members 0, 2, 5 have masks within bits {1, 4}; member 3 has bit 7 only.
        let mut masks = [0u16; 9];
        masks[0] = 0b10010;
        masks[2] = 0b00010;
        masks[3] = 0b10000000;
        masks[5] = 0b10000;
        let mut found = Vec::new();
        let _ = for_each_subset(&masks, 0b101101, 2, |m, u| {
            found.push((m, u));
            ControlFlow::Continue(())
        });
        // Pairs: {0,2}, {0,5}, {2,5} inside bits {1, 4}; {2,3} and {3,5} with bit 7.
        assert_eq!(
            found,
            [
                (0b101, 0b10010),
                (0b100001, 0b10010),
                (0b1100, 0b10000010),
                (0b100100, 0b10010),
                (0b101000, 0b10010000)
            ]
        );
        let mut triples = 0;
        let _ = for_each_subset(&masks, 0b101101, 3, |_, _| {
            triples += 1;
            ControlFlow::Continue(())
        });
        // {0,2,3}, {0,3,5}, {2,3,5} unite to 3 bits; {0,2,5} to only 2.
        assert_eq!(triples, 3);
    }
}
