//! The wings family: small groups of cells with few candidates whose digits force a common
//! digit `z` into at least one of some "pincer" cells, so every cell that sees all of those
//! pincer cells loses `z`.
//!
//! | file | technique | pattern |
//! |---|---|---|
//! | [`w_wing`] | W-Wing | two equal bivalue cells `{x,y}` joined by a strong link on `x` |
//! | [`xy_wing`] | XY-Wing | bivalue pivot `{x,y}`, bivalue pincers `{x,z}`, `{y,z}` |
//! | [`xyz_wing`] | XYZ-Wing | trivalue pivot `{x,y,z}`, bivalue pincers `{x,z}`, `{y,z}` |
//! | [`wxyz_wing`] | WXYZ-Wing | four cells, four digits, one non-restricted digit |
//!
//! Shared vocabulary: a cell *sees* another when they share a house (they are peers); a set
//! of cells whose members all see one another always lies inside one house (a clique of the
//! Sudoku graph is a subset of a row, a column or a box), so "mutually visible" is tested by
//! house membership with [`in_one_house`].

use crate::registry::Technique;
use crate::TechniqueId;
use bitdoku_bitboard::CellSet;
use bitdoku_bitboard::tables::CELL_HOUSES;

pub mod w_wing;
pub mod wxyz_wing;
pub mod xy_wing;
pub mod xyz_wing;

/// The techniques of this family, in HoDoKu order (WXYZ-Wing, absent from HoDoKu, after
/// XYZ-Wing).
pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique { id: TechniqueId::WWing, find: w_wing::find },
    Technique { id: TechniqueId::XyWing, find: xy_wing::find },
    Technique { id: TechniqueId::XyzWing, find: xyz_wing::find },
    Technique { id: TechniqueId::WxyzWing, find: wxyz_wing::find },
];

/// Whether every cell of `cells` sees every other one, i.e. all lie in one house (an empty or
/// single-cell set does). Only the three houses of the first cell can hold the whole set, so
/// this is three subset tests instead of the 27 of a generic scan.
#[inline]
pub(crate) fn in_one_house(cells: CellSet) -> bool {
    match cells.first() {
        None => true,
        Some(c) => CELL_HOUSES[c.index()].iter().any(|h| cells.is_subset(h.cells())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_bitboard::Cell;

    #[test]
    fn one_house_is_mutual_visibility() {
        let s = |cells: &[(usize, usize)]| cells.iter().map(|&(r, c)| Cell::from_rc(r, c)).collect();
        assert!(in_one_house(CellSet::EMPTY));
        assert!(in_one_house(s(&[(4, 4)])));
        assert!(in_one_house(s(&[(0, 0), (0, 8)])));
        assert!(in_one_house(s(&[(0, 0), (2, 2), (1, 1)])));
        assert!(!in_one_house(s(&[(0, 0), (1, 3)])));
        // Pairwise-visible triples exist only inside one house: r1c1-r1c5 share a row, r2c2
        // sees r1c1 only.
        assert!(!in_one_house(s(&[(0, 0), (0, 4), (1, 1)])));
    }
}
