//! Strong links (conjugate pairs) of one digit, read straight from its candidate mask, and
//! the few cell helpers the single-digit patterns share.
//!
//! A *strong link* of digit `d` is a house in which `d` has exactly two candidate cells: if
//! one of them is not `d`, the other is. Finding them is one AND and one popcount per house
//! (`(cands & HOUSES[h]).len() == 2`), no loop over cells. A *weak link* is any two distinct
//! cells that see each other (share a row, column or box): at most one of them is `d`.
//!
//! The same pair of cells can be the whole candidate set of two houses at once (two cells of
//! one row inside one box, with no other candidate in that row or that box). [`Links::all`]
//! lists such a pair once, with both houses in its [`HouseSet`].

use bitdoku_bitboard::tables::{HOUSES, PEERS};
use bitdoku_bitboard::{Cell, CellSet, House, HouseKind, HouseSet};

/// The strong links of one digit: up to 27 cell pairs, each with the houses whose candidate
/// set it is. Fixed-size and on the stack (no heap allocation in the search).
pub(crate) struct Links {
    pairs: [CellSet; 27],
    houses: [HouseSet; 27],
    len: usize,
}

impl Links {
    /// The strong links in houses `first..last` (house indices: rows 0..9, columns 9..18,
    /// boxes 18..27), in house order; a pair already listed only gains the new house.
    ///
    /// Only a box pair can repeat a listed pair (no two cells share a row and a column), and
    /// only the pair of the line through both its cells: `line_link` remembers, per line, the
    /// index of its link, so the check is one lookup instead of a scan of the list.
    fn collect(cands: CellSet, first: usize, last: usize) -> Links {
        let mut links =
            Links { pairs: [CellSet::EMPTY; 27], houses: [HouseSet::EMPTY; 27], len: 0 };
        // line_link[l] = 1 + the index of line l's link (rows 0..9, columns 9..18), 0 if none.
        let mut line_link = [0u8; 18];
        // The houses holding exactly two candidates, found without a branch per house.
        let mut two = 0u32;
        for (h, &house_cells) in HOUSES.iter().enumerate().take(last).skip(first) {
            two |= u32::from((cands & house_cells).len() == 2) << h;
        }
        while two != 0 {
            let h = two.trailing_zeros() as usize;
            two &= two - 1;
            let pair = cands & HOUSES[h];
            let house = House::new(h as u8).expect("house index < 27");
            // For a box pair, the line through both its cells, if any.
            let line = (h >= 18).then(|| split(pair)).and_then(|(a, b)| {
                if a.row() == b.row() {
                    Some(a.row())
                } else {
                    (a.col() == b.col()).then_some(9 + a.col())
                }
            });
            match line.map(|l| usize::from(line_link[l])).filter(|&i| i != 0) {
                Some(i) if links.pairs[i - 1] == pair => {
                    links.houses[i - 1] = links.houses[i - 1].with(house);
                }
                _ => {
                    links.pairs[links.len] = pair;
                    links.houses[links.len] = HouseSet::single(house);
                    links.len += 1;
                    if h < 18 {
                        line_link[h] = links.len as u8;
                    }
                }
            }
        }
        links
    }

    /// The strong links in rows (`Row`) or columns (`Col`); `Box` gives the box links.
    pub(crate) fn of_kind(cands: CellSet, kind: HouseKind) -> Links {
        match kind {
            HouseKind::Row => Links::collect(cands, 0, 9),
            HouseKind::Col => Links::collect(cands, 9, 18),
            HouseKind::Box => Links::collect(cands, 18, 27),
        }
    }

    /// Every strong link in any house, each distinct cell pair once.
    pub(crate) fn all(cands: CellSet) -> Links {
        Links::collect(cands, 0, 27)
    }

    /// The cell pairs.
    pub(crate) fn pairs(&self) -> &[CellSet] {
        &self.pairs[..self.len]
    }

    /// The houses of pair `i` (every house whose candidates are exactly that pair).
    pub(crate) fn houses(&self, i: usize) -> HouseSet {
        self.houses[i]
    }

    /// Whether pair `i` is the whole candidate set of a house of kind `kind` (a strong link
    /// in a row, a column or a box): a test on its house bits (rows 0..9, columns 9..18,
    /// boxes 18..27), valid for links collected over all houses of that kind.
    pub(crate) fn is_of_kind(&self, i: usize, kind: HouseKind) -> bool {
        let shift = match kind {
            HouseKind::Row => 0,
            HouseKind::Col => 9,
            HouseKind::Box => 18,
        };
        self.houses[i].bits() >> shift & 0x1ff != 0
    }
}

/// The two cells of a two-cell set, lowest first.
pub(crate) fn split(pair: CellSet) -> (Cell, Cell) {
    let mut rest = pair;
    let a = rest.pop_first().expect("a pair has two cells");
    let b = rest.pop_first().expect("a pair has two cells");
    (a, b)
}

/// The cell of `pair` that is not `cell`.
pub(crate) fn other(pair: CellSet, cell: Cell) -> Cell {
    pair.without(cell).first().expect("a pair has two cells")
}

/// The candidates in `cands` that see both `a` and `b` (neither `a` nor `b` itself).
pub(crate) fn seeing_both(cands: CellSet, a: Cell, b: Cell) -> CellSet {
    cands & PEERS[a.index()] & PEERS[b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_in_a_row_and_a_box_is_listed_once_with_both_houses() {
        // Digit candidates: r1c1, r1c2 (the only ones of row 1 and of box 1), r5c5, r9c5.
        let cands = CellSet::EMPTY
            .with(Cell::from_rc(0, 0))
            .with(Cell::from_rc(0, 1))
            .with(Cell::from_rc(4, 4))
            .with(Cell::from_rc(8, 4));
        let links = Links::all(cands);
        assert_eq!(links.pairs().len(), 2);
        assert_eq!(links.houses(0).to_string(), "r1 b1");
        assert_eq!(links.houses(1).to_string(), "c5");
        assert_eq!(Links::of_kind(cands, HouseKind::Row).pairs().len(), 1);
        assert!(links.is_of_kind(0, HouseKind::Box) && links.is_of_kind(0, HouseKind::Row));
        assert!(!links.is_of_kind(1, HouseKind::Row) && links.is_of_kind(1, HouseKind::Col));
    }
}
