//! Cells per house on an 81-bit cell mask, by folding: which rows, columns and boxes hold at
//! least one, and at least two, cells of a mask, each answer on one bit per house (rows at
//! their first cell 9r, columns at their first cell c, boxes at their first cell). The
//! breadth-first bound of the whip and braid search ([`crate::chains`]) asks this for every
//! digit in every round, so it is done with word operations rather than a loop over houses.
//! The masks the folds use are bitboard's [`HOUSES`] (one house of each kind, shifted), read
//! at compile time; `tests::masks_agree_with_bitboard_houses` checks the shifts.

use bitdoku_bitboard::tables::HOUSES;

/// The cells of row 0 (bits 0..9): bitboard's first row. Row r is `ROW0 << 9r`.
pub(crate) const ROW0: u128 = HOUSES[0].bits();
/// The cells of column 0 (bits 0, 9, ..., 72): bitboard's first column. Column c is
/// `COL0 << c`; the same mask is the first cell of every row, where [`house_counts`] answers
/// for rows.
pub(crate) const COL0: u128 = HOUSES[9].bits();
/// The cells of box 0: bitboard's first box. Box b is `BOX0 << (its first cell)`.
pub(crate) const BOX0: u128 = HOUSES[18].bits();

/// The first cell (lowest bit) of house `h` of bitboard's [`HOUSES`], as a one-bit mask: the
/// bit where [`house_counts`] answers for that house.
pub(crate) const fn house_at(h: usize) -> u128 {
    1u128 << HOUSES[h].bits().trailing_zeros()
}

/// The first cell of each box.
pub(crate) const BOX_FIRST: u128 = {
    let mut m = 0u128;
    let mut b = 0;
    while b < 9 {
        m |= house_at(18 + b);
        b += 1;
    }
    m
};

/// Per house kind, which houses hold at least one and at least two cells of `cells`, as
/// bit-sliced counts folded onto one cell per house: rows at bit 9r (the row's first cell),
/// columns at bit c (the column's first cell), boxes at their first cell.
///
/// Each kind is folded by shifts that double the span counted at once (a row's columns
/// 1, 2, 4, then the ninth; a column's rows 4, 2, 1 and the ninth, in 64-bit halves; a box's
/// mini-rows, then its rows), keeping "at least one" and "at least two" per span: about 50
/// word operations instead of the 135 of nine shifts per kind (the `rounds` bound spends
/// most of its time here). `tests::house_counts_match_the_plain_count` checks it against a
/// count per house.
#[inline]
pub(crate) fn house_counts(cells: u128) -> [(u128, u128); 3] {
    // Rows: at bit 9r + c, spans of columns c.. within row r (read at c = 0 only).
    let (x1, x2) = (cells >> 1, cells >> 8);
    let (o1, t1) = (cells | x1, cells & x1);
    let s = o1 >> 2;
    let (o2, t2) = (o1 | s, t1 | (t1 >> 2) | (o1 & s));
    let s = o2 >> 4;
    let (o3, t3) = (o2 | s, t2 | (t2 >> 4) | (o2 & s));
    let rows = ((o3 | x2) & COL0, (t3 | (o3 & x2)) & COL0);
    // Columns: rows 0-3 against rows 4-7 (36 bits each, one u64), then 2 and 1, then row 8.
    const LO36: u64 = (1 << 36) - 1;
    const LO18: u64 = (1 << 18) - 1;
    let (a, b, r8) = (cells as u64 & LO36, (cells >> 36) as u64 & LO36, (cells >> 72) as u64);
    let (o1, t1) = (a | b, a & b);
    let (a, b) = (o1 & LO18, o1 >> 18);
    let (o2, t2) = (a | b, (t1 & LO18) | (t1 >> 18) | (a & b));
    let (a, b) = (o2 & 0x1ff, o2 >> 9 & 0x1ff);
    let (o3, t3) = (a | b, (t2 & 0x1ff) | (t2 >> 9 & 0x1ff) | (a & b));
    let cols = (u128::from(o3 | r8), u128::from(t3 | (o3 & r8)));
    // Boxes: mini-rows (three columns at once), then three rows of a band.
    let (s1, s2) = (cells >> 1, cells >> 2);
    let (om, tm) = (cells | s1 | s2, (cells & s1) | (cells & s2) | (s1 & s2));
    let (u1, u2) = (om >> 9, om >> 18);
    let boxes = (
        (om | u1 | u2) & BOX_FIRST,
        (tm | (tm >> 9) | (tm >> 18) | (om & u1) | (om & u2) | (u1 & u2)) & BOX_FIRST,
    );
    [rows, cols, boxes]
}

/// The "at least one" half of [`house_counts`] (the same folds, without the counts of two):
/// what the last round of the bound in [`ChainSearch`](crate::chains::ChainSearch) needs.
#[inline]
pub(crate) fn house_any(cells: u128) -> [u128; 3] {
    let mut o = cells | (cells >> 1);
    o |= o >> 2;
    o |= o >> 4;
    let rows = (o | (cells >> 8)) & COL0;
    let c = (cells as u64 & ((1 << 36) - 1)) | (cells >> 36) as u64;
    let c = (c | (c >> 18)) & ((1 << 18) - 1);
    let cols = u128::from(((c | (c >> 9)) & 0x1ff) | (cells >> 72) as u64);
    let om = cells | (cells >> 1) | (cells >> 2);
    let boxes = (om | (om >> 9) | (om >> 18)) & BOX_FIRST;
    [rows, cols, boxes]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`house_counts`] as a plain count of each house's cells.
    fn plain(cells: u128) -> [(u128, u128); 3] {
        let mut out = [(0u128, 0u128); 3];
        for i in 0..9 {
            let houses = [0, 9, 18].map(|k| (HOUSES[k + i].bits(), house_at(k + i)));
            for (o, (cells_of, at)) in out.iter_mut().zip(houses) {
                let n = (cells & cells_of).count_ones();
                if n >= 1 {
                    o.0 |= at;
                }
                if n >= 2 {
                    o.1 |= at;
                }
            }
        }
        out
    }

    /// The folds' masks are bitboard's houses shifted to each house's first cell, and the
    /// first cells of each kind are the masks the folds read their answers from.
    #[test]
    fn masks_agree_with_bitboard_houses() {
        let kinds = [ROW0, COL0, BOX0];
        let mut firsts = [0u128; 3];
        for h in 0..27 {
            let at = house_at(h);
            assert_eq!(at.count_ones(), 1);
            assert_eq!(kinds[h / 9] * at, HOUSES[h].bits(), "house {h}");
            firsts[h / 9] |= at;
        }
        assert_eq!(firsts, [COL0, ROW0, BOX_FIRST]);
    }

    #[test]
    fn house_counts_match_the_plain_count() {
        let all = (1u128 << 81) - 1;
        let mut rng = fastrand::Rng::with_seed(41);
        for k in 0..20_000 {
            // Sparse to dense masks, and single cells.
            let cells = match k % 4 {
                0 => rng.u128(..) & rng.u128(..) & rng.u128(..) & all,
                1 => rng.u128(..) & all,
                2 => 1u128 << rng.usize(..81),
                _ => (1u128 << rng.usize(..81)) | (1u128 << rng.usize(..81)),
            };
            assert_eq!(house_counts(cells), plain(cells), "{cells:#x}");
            assert_eq!(house_any(cells), plain(cells).map(|h| h.0), "{cells:#x}");
        }
        assert_eq!(house_counts(0), plain(0));
        assert_eq!(house_counts(all), plain(all));
    }
}
