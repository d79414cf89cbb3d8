//! The solution grid of a solved search board.

use crate::tables::SPREAD;

/// The grid (digits 1..=9) of the masks of a solved board, where every cell is in exactly one
/// digit's mask.
///
/// Bit-sliced rather than cell by cell: per band, plane `k` holds the cells whose digit index
/// (0..9) has bit `k` (plane 0 is the OR of digits 2, 4, 6 and 8, and so on); [`SPREAD`] turns
/// eight cells of a plane into eight bytes at once, so a band takes four 8-cell groups of four
/// lookups and no data-dependent branch. Each group is stored as one 8-byte word; the last
/// group of a band runs five bytes into the next band, which the next band then overwrites
/// (and the last band's into the padding).
pub(crate) fn grid_of(f: &[u32; 27]) -> [u8; 81] {
    let mut out = [0u8; 88];
    for b in 0..3 {
        let digit = |d: usize| f[3 * d + b];
        let planes = [
            digit(1) | digit(3) | digit(5) | digit(7),
            digit(2) | digit(3) | digit(6) | digit(7),
            digit(4) | digit(5) | digit(6) | digit(7),
            digit(8),
        ];
        for g in 0..4 {
            let byte = |k: usize| SPREAD[((planes[k] >> (8 * g)) & 0xFF) as usize];
            // Digit index plus one in every byte: the values 1..=9.
            // (No byte exceeds 9, so the addition never carries into the next byte.)
            let index = byte(0) | byte(1) << 1 | byte(2) << 2 | byte(3) << 3;
            let word = index + 0x0101_0101_0101_0101;
            let at = 27 * b + 8 * g;
            out[at..at + 8].copy_from_slice(&word.to_le_bytes());
        }
    }
    let mut grid = [0u8; 81];
    grid.copy_from_slice(&out[..81]);
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Band masks of a full grid: bit `cell % 27` of `f[3 * d + cell / 27]` for digit `d + 1`.
    fn masks_of(grid: &[u8; 81]) -> [u32; 27] {
        let mut f = [0u32; 27];
        for (cell, &v) in grid.iter().enumerate() {
            f[3 * usize::from(v - 1) + cell / 27] |= 1 << (cell % 27);
        }
        f
    }

    #[test]
    fn grid_of_reads_back_every_cell() {
        // A valid solution, then the same with the digits relabelled, so that every digit
        // visits every cell position of a band and every byte of each 8-cell group.
        let base: [u8; 81] = std::array::from_fn(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9 + 1) as u8
        });
        for shift in 0..9u8 {
            let grid = base.map(|v| (v - 1 + shift) % 9 + 1);
            assert_eq!(grid_of(&masks_of(&grid)), grid, "shift {shift}");
        }
    }
}
