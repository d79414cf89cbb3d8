//! Lookup tables for the band update, all computed at compile time by `const fn`.
//!
//! # Band layout
//!
//! A *band* is three consecutive rows (rows 0-2, 3-5 or 6-8). For one digit, the candidates of
//! one band fit in 27 bits: bit `9 * r + c` is row `r` (0..3 within the band), column `c`.
//! Each row is a 9-bit *field*; each field splits into three 3-bit *mini-rows*, one per box of
//! the band:
//!
//! ```text
//!   bit:  26..24 23..21 20..18 | 17..15 14..12 11..9 | 8..6  5..3  2..0
//!         row 2                | row 1               | row 0
//!         box 2  box 1  box 0  | box 2  box 1  box 0 | box 2 box 1 box 0
//! ```
//!
//! # The band-step tables
//!
//! * [`SHRINK`] maps one 9-bit row field to 3 bits: which of its mini-rows are non-empty.
//!   Example: row `0b000_110_000` (candidates in columns 4 and 5, both in box 1) maps to `0b010`.
//! * [`COMPLEX`] maps a 9-bit *occupancy matrix* (bit `3 * r + j` set when row `r` has a
//!   candidate in box `j`) to the 27-bit mask of the mini-rows that can still hold the digit.
//!   In a band the digit sits exactly once in each row and exactly once in each box, so its
//!   three cells form a *permutation* (row `r` -> box `p(r)`). A mini-row survives only if at
//!   least one of the 6 permutations that fit inside the occupancy matrix uses it; when none
//!   fits the value is 0, a contradiction.
//!
//!   Worked example: occupancy `0b001_011_001` means row 0 only in box 0, row 1 in boxes 0
//!   and 1, row 2 only in box 0. Rows 0 and 2 both need box 0: no permutation fits, so
//!   `COMPLEX[0b001_011_001] == 0`. With occupancy `0b110_011_001` (row 0: box 0; row 1:
//!   boxes 0, 1; row 2: boxes 1, 2) the only permutation is 0->0, 1->1, 2->2: row 1 loses
//!   box 0 and row 2 loses box 1 (this is "locked candidates" and hidden singles in the band).
//! * [`SOLE_MINIROW`], indexed like [`COMPLEX`], holds the mini-rows that the shrink leaves
//!   alone in their row: with it the band step finds the cells alone in their row (placed)
//!   from the occupancy, in parallel with the shrink. In the example above all three
//!   surviving mini-rows are alone in their row.
//! * [`COMPLEX_X4`] and [`SOLE_MINIROW_X4`] repeat each entry in four lanes for the AVX2 band
//!   step, which reads them straight into vector registers.

/// Mask of the 27 bits of one band.
pub(crate) const BAND_MASK: u32 = 0x7FF_FFFF;

/// Bit 0 of each of the three row fields of a band (bits 0, 9 and 18).
///
/// Multiplying a 9-bit column set by this constant copies it into all three rows:
/// `0b1_0000_0001 * LOW_BITS = cols + (cols << 9) + (cols << 18)` (the fields cannot overlap,
/// so the multiplication is three shifted additions without carries).
pub(crate) const LOW_BITS: u32 = 0x0004_0201;

/// For each 9-bit row field: which of its three mini-rows are non-empty (3 bits).
pub(crate) static SHRINK: [u8; 512] = build_shrink();

/// For each 9-bit occupancy matrix: mask of the mini-rows used by some fitting permutation.
pub(crate) static COMPLEX: [u32; 512] = build_complex();

/// For each 9-bit occupancy matrix: the mini-rows (as 3-bit groups of the band mask) that
/// are, after the [`COMPLEX`] shrink, the only non-empty mini-row left in their row. A cell
/// of the band is then alone in its row exactly when it lies in such a mini-row and is alone
/// in its mini-row, which lets the band step find its placed cells from the occupancy
/// (known before the shrunk mask) instead of from the shrunk mask.
/// Example: occupancy `0b110_011_001` keeps mini-rows (0, 0), (1, 1), (2, 2) only, each the
/// last of its row, so `SOLE_MINIROW[0b110_011_001] == COMPLEX[0b110_011_001]`.
pub(crate) static SOLE_MINIROW: [u32; 512] = build_sole_minirow();

/// A 16-byte-aligned group of four lanes, for tables read by a 128-bit load.
#[repr(C, align(16))]
pub(crate) struct Lanes4(pub(crate) [u32; 4]);

const fn four(t: [u32; 512]) -> [Lanes4; 512] {
    let mut table = [const { Lanes4([0; 4]) }; 512];
    let mut i = 0;
    while i < 512 {
        table[i] = Lanes4([t[i]; 4]);
        i += 1;
    }
    table
}

/// [`COMPLEX`] with each entry in four lanes, read straight into a vector register.
pub(crate) static COMPLEX_X4: [Lanes4; 512] = four(build_complex());

/// [`SOLE_MINIROW`] with each entry in four lanes, read straight into a vector register.
pub(crate) static SOLE_MINIROW_X4: [Lanes4; 512] = four(build_sole_minirow());

/// For each byte value `x`: the 8-byte word whose byte `j` is bit `j` of `x` (0 or 1).
/// Example: `SPREAD[0b101] == 0x0001_0001`. Turns 8 bits of a bit plane into 8 bytes at once.
pub(crate) static SPREAD: [u64; 256] = build_spread();

/// Mask of the row (within its band) of each of the 27 cells of a band.
pub(crate) static ROW_OF_CELL: [u32; 27] = build_row_of_cell();

const fn build_sole_minirow() -> [u32; 512] {
    let complex = build_complex();
    let mut table = [0u32; 512];
    let mut occupancy = 0;
    while occupancy < 512 {
        let mut r = 0;
        while r < 3 {
            let (mut count, mut last) = (0, 0);
            let mut j = 0;
            while j < 3 {
                let group = 0b111u32 << (9 * r + 3 * j);
                if occupancy & (1 << (3 * r + j)) != 0 && complex[occupancy] & group != 0 {
                    count += 1;
                    last = group;
                }
                j += 1;
            }
            if count == 1 {
                table[occupancy] |= last;
            }
            r += 1;
        }
        occupancy += 1;
    }
    table
}

const fn build_shrink() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut v = 0u8;
        let mut j = 0;
        while j < 3 {
            if x & (0b111 << (3 * j)) != 0 {
                v |= 1 << j;
            }
            j += 1;
        }
        table[x] = v;
        x += 1;
    }
    table
}

/// The six permutations row -> box.
const PERMUTATIONS: [[usize; 3]; 6] =
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

const fn build_complex() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut occupancy = 0;
    while occupancy < 512 {
        let mut mask = 0u32;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut fits = true;
            let mut r = 0;
            while r < 3 {
                if occupancy & (1 << (3 * r + perm[r])) == 0 {
                    fits = false;
                }
                r += 1;
            }
            if fits {
                let mut r = 0;
                while r < 3 {
                    mask |= 0b111 << (9 * r + 3 * perm[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        table[occupancy] = mask;
        occupancy += 1;
    }
    table
}

/// For each 9-bit set of columns where a digit can go in one band: the mask to AND into the
/// other two bands of that digit. A box of the band whose candidates all lie in one column
/// must hold the digit in that column, so the other bands lose that column ("pointing" along
/// columns). Example: columns `0b000_010_110` (box 0: columns 1 and 2; box 1: column 4) clear
/// column 4 in the other bands: `POINTING[0b000_010_110] == !(0b000_010_000 * LOW_BITS)`.
pub(crate) static POINTING: [u32; 512] = build_pointing();

const fn build_pointing() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut single = 0u32;
        let mut j = 0;
        while j < 3 {
            let group = (cols >> (3 * j)) & 0b111;
            if group == 0b001 || group == 0b010 || group == 0b100 {
                single |= (group as u32) << (3 * j);
            }
            j += 1;
        }
        table[cols] = !(single * LOW_BITS);
        cols += 1;
    }
    table
}

/// The 20 peers of each of the 81 cells (same row, column or box, the cell itself excluded).
pub(crate) static PEERS: [u128; 81] = build_peers();

const fn build_peers() -> [u128; 81] {
    let mut table = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if other != cell && (r == r2 || c == c2 || same_box) {
                table[cell] |= 1u128 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

const fn build_row_of_cell() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        table[cell] = 0x1FF << (9 * (cell / 9));
        cell += 1;
    }
    table
}

const fn build_spread() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut j = 0;
        while j < 8 {
            table[x] |= ((x as u64 >> j) & 1) << (8 * j);
            j += 1;
        }
        x += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_have_twenty_cells() {
        for (cell, p) in PEERS.iter().enumerate() {
            assert_eq!(p.count_ones(), 20);
            assert_eq!(p >> cell & 1, 0);
        }
        assert_eq!(PEERS[0] & 0x1FF, 0x1FE);
    }

    #[test]
    fn pointing_examples() {
        assert_eq!(POINTING[0b000_010_110], !(0b000_010_000 * LOW_BITS));
        assert_eq!(POINTING[0b111_111_111], !0);
        assert_eq!(POINTING[0b100_001_010], !(0b100_001_010 * LOW_BITS));
    }

    #[test]
    fn spread_examples() {
        assert_eq!(SPREAD[0], 0);
        assert_eq!(SPREAD[0b101], 0x0001_0001);
        assert_eq!(SPREAD[0xFF], 0x0101_0101_0101_0101);
        assert_eq!(SPREAD[0x80], 0x0100_0000_0000_0000);
    }

    #[test]
    fn shrink_examples() {
        assert_eq!(SHRINK[0], 0);
        assert_eq!(SHRINK[0b000_110_000], 0b010);
        assert_eq!(SHRINK[0b100_000_001], 0b101);
        assert_eq!(SHRINK[0x1FF], 0b111);
    }

    #[test]
    fn complex_examples() {
        assert_eq!(COMPLEX[0b001_011_001], 0);
        assert_eq!(SOLE_MINIROW[0b110_011_001], COMPLEX[0b110_011_001]);
        // Row 0 only in box 0; rows 1 and 2 free: only (0, 0) is alone in its row.
        assert_eq!(SOLE_MINIROW[0b111_111_001], 0b111);
        assert_eq!(COMPLEX[0b111_111_111], BAND_MASK);
        // Identity only: rows keep box 0, 1, 2 respectively.
        assert_eq!(COMPLEX[0b110_011_001], 0b111_000_000_000_111_000_000_000_111);
    }

    #[test]
    fn complex_matches_brute_force() {
        // Independent check: a mini-row survives iff fixing it still leaves a perfect matching.
        for (occ, &got) in COMPLEX.iter().enumerate() {
            let mut expect = 0u32;
            for r in 0..3 {
                for j in 0..3 {
                    if occ & (1 << (3 * r + j)) == 0 {
                        continue;
                    }
                    let (r1, r2) = ((r + 1) % 3, (r + 2) % 3);
                    let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
                    let has = |rr: usize, jj: usize| occ & (1 << (3 * rr + jj)) != 0;
                    if (has(r1, j1) && has(r2, j2)) || (has(r1, j2) && has(r2, j1)) {
                        expect |= 0b111 << (9 * r + 3 * j);
                    }
                }
            }
            assert_eq!(got, expect, "occupancy {occ:09b}");
        }
    }
}
