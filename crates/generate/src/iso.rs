//! Isomorphs: the transformations that map a Sudoku grid to an equivalent one (relabel the
//! digits, permute the rows inside each band and the bands, the columns inside each stack and
//! the stacks, transpose). There are 9! x 3,359,232 of them (1,296^2 x 2 cell arrangements).

use bitdoku_bitboard::CellSet;

/// One transformation. Cell `(r, c)` of the result is cell `(rows[r], cols[c])` of the
/// source (after transposing the source when `transpose` is set), and digit `d` (1..=9)
/// becomes `digits[d - 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isomorph {
    /// Source row of each result row (bands stay bands).
    pub rows: [u8; 9],
    /// Source column of each result column (stacks stay stacks).
    pub cols: [u8; 9],
    /// Transpose the source first.
    pub transpose: bool,
    /// New value of each digit 1..=9 (a permutation of 1..=9).
    pub digits: [u8; 9],
}

/// A uniformly random line permutation that keeps bands (or stacks) together.
fn band_permutation(rng: &mut fastrand::Rng) -> [u8; 9] {
    let mut bands = [0u8, 1, 2];
    rng.shuffle(&mut bands);
    let mut out = [0u8; 9];
    for (i, &b) in bands.iter().enumerate() {
        let mut inner = [0u8, 1, 2];
        rng.shuffle(&mut inner);
        for (j, &k) in inner.iter().enumerate() {
            out[i * 3 + j] = b * 3 + k;
        }
    }
    out
}

impl Isomorph {
    /// The identity.
    pub const IDENTITY: Isomorph = Isomorph {
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
        digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A uniformly random isomorph.
    pub fn random(rng: &mut fastrand::Rng) -> Isomorph {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        Isomorph {
            rows: band_permutation(rng),
            cols: band_permutation(rng),
            transpose: rng.bool(),
            digits,
        }
    }

    /// The source cell of result cell `cell`.
    fn source(&self, cell: usize) -> usize {
        let (r, c) = (usize::from(self.rows[cell / 9]), usize::from(self.cols[cell % 9]));
        if self.transpose { c * 9 + r } else { r * 9 + c }
    }

    /// Applies it to a grid of values (0 = empty).
    #[must_use]
    pub fn apply(&self, values: &[u8; 81]) -> [u8; 81] {
        std::array::from_fn(|cell| match values[self.source(cell)] {
            0 => 0,
            v => self.digits[usize::from(v) - 1],
        })
    }

    /// Applies it to a candidate grid (one cell set per digit).
    pub fn apply_masks(&self, masks: &[CellSet; 9]) -> [CellSet; 9] {
        let mut out = [CellSet::EMPTY; 9];
        for (d, mask) in masks.iter().enumerate() {
            let to = usize::from(self.digits[d]) - 1;
            for cell in 0..81 {
                let src = self.source(cell);
                if mask.bits() >> src & 1 == 1 {
                    out[to] |= CellSet::from_bits_truncate(1u128 << cell);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_changes_nothing_and_random_keeps_validity() {
        let grid: [u8; 81] = std::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9) as u8 + 1);
        assert!(bitdoku_brute::is_valid_solution(&grid));
        assert_eq!(Isomorph::IDENTITY.apply(&grid), grid);
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..200 {
            let t = Isomorph::random(&mut rng);
            assert!(bitdoku_brute::is_valid_solution(&t.apply(&grid)));
        }
    }
}
