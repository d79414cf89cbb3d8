//! The band step: row/box shrinking of one digit's mask in one band, the placements it finds,
//! and the passes over the dirty masks that run it to a fixpoint (see the [`super`] module for
//! the board and the other steps of the propagation).

use super::{Board, slot};
use crate::tables::{COMPLEX, POINTING, SHRINK, SOLE_MINIROW};

/// [`super::rot1`] on all nine 3-bit groups of a band mask: bit `3 * g + j` of the result is bit
/// `3 * g + (j + 1) % 3` of `x`.
#[inline(always)]
fn rot1_groups(x: u32) -> u32 {
    ((x >> 1) & 0o333_333_333) | ((x << 2) & 0o444_444_444)
}

/// [`super::rot2`] on all nine 3-bit groups of a band mask.
#[inline(always)]
fn rot2_groups(x: u32) -> u32 {
    ((x >> 2) & 0o111_111_111) | ((x << 1) & 0o666_666_666)
}

/// For each slot `k = slot(b, d)`: `[b, d, slot(b + 1, d), slot(b + 2, d)]` (bands mod 3).
static SLOT_INFO: [[u8; 4]; 27] = {
    let mut t = [[0u8; 4]; 27];
    let mut b = 0;
    while b < 3 {
        let mut d = 0;
        while d < 9 {
            t[slot(b, d)] =
                [b as u8, d as u8, slot((b + 1) % 3, d) as u8, slot((b + 2) % 3, d) as u8];
            d += 1;
        }
        b += 1;
    }
    t
};

/// The band's occupancy matrix (bit `3 * r + j` set when row `r` has a candidate in box `j`)
/// from three [`SHRINK`] reads, one per row field.
#[inline(always)]
fn occupancy_table(a: u32) -> usize {
    SHRINK[(a & 0x1FF) as usize] as usize
        | (SHRINK[((a >> 9) & 0x1FF) as usize] as usize) << 3
        | (SHRINK[((a >> 18) & 0x1FF) as usize] as usize) << 6
}

/// The same occupancy matrix in one bit extract: `x = a | a >> 1 | a >> 2` has bit `9 * r + 3 * j` set when mini-row
/// `(r, j)` is non-empty, and `PEXT` with the mask of those nine bits packs them in order.
/// Same value as [`occupancy_table`]; instantiated only in the search variant compiled
/// with BMI2 ([`crate::search::Search::run`] picks it when [`crate::cpu::fast_pext`] holds).
#[inline(always)]
#[allow(unsafe_code)]
fn occupancy_pext(a: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: only reached from `Search::run_v3_pext`, which is compiled with BMI2 and
        // runs only on processors that have it.
        unsafe { core::arch::x86_64::_pext_u32(a | a >> 1 | a >> 2, 0x0124_9249) as usize }
    }
    // No PEXT variant is compiled elsewhere.
    #[cfg(not(target_arch = "x86_64"))]
    occupancy_table(a)
}

/// The writes of one band step ([`Board::update`]) after the shrink, on the masks `f` of the
/// board: digit `d` of band `b` becomes `a`, the other digits of band `b` lose the `placed`
/// cells, and digit `d` in the other two bands keeps only `col_mask`, where `k = slot(b, d)`.
/// Returns the dirty bits (slots) of the other masks that changed; bit `k` is unspecified
/// (the band step clears it).
#[inline(always)]
fn clear_scalar(f: &mut [u32; 27], k: usize, a: u32, placed: u32, col_mask: u32) -> u32 {
    let [b, d, s1, s2] = SLOT_INFO[k].map(usize::from);
    // Digits 0..8 of the band as one array, written so that the compiler vectorises it.
    let row: &mut [u32; 8] = (&mut f[8 * b..8 * b + 8]).try_into().unwrap();
    let old = *row;
    let mut new = [0u32; 8];
    for j in 0..8 {
        new[j] = old[j] & if j == d { a } else { !placed };
    }
    *row = new;
    let mut bits = 0u32;
    for j in 0..8 {
        bits |= u32::from(old[j] != new[j]) << j;
    }
    let mut changed = bits << (8 * b);
    let old8 = f[24 + b];
    let new8 = if d == 8 { a } else { old8 & !placed };
    f[24 + b] = new8;
    changed |= u32::from(old8 != new8) << (24 + b);
    for s in [s1, s2] {
        let old = f[s];
        let new = old & col_mask;
        f[s] = new;
        changed |= u32::from(old != new) << s;
    }
    changed
}

/// [`clear_scalar`] with AVX2: digits 0..8 of band `b` are one 32-byte-aligned row of `f`,
/// cleared by one 256-bit and-not (digit `d`'s lane keeps the shrink's mini-rows, the others
/// lose the placed cells); the test of the other lanes against the placed cells gives their
/// dirty bits in one `movemask`; digit 8 is a scalar. The two pointing writes stay scalar: a
/// 256-bit write of the other bands' rows would chain every update to the previous one
/// through memory.
#[cfg(target_arch = "x86_64")]
mod avx {
    use core::arch::x86_64::*;

    /// [`super::clear_scalar`], same result, for the band step's `a = f[k] & COMPLEX[occupancy]`
    /// and `placed = lone & SOLE_MINIROW[occupancy]`. The row write takes both tables' entries
    /// from their four-lane copies ([`crate::tables::COMPLEX_X4`],
    /// [`crate::tables::SOLE_MINIROW_X4`]) straight into vector registers, so the data of the
    /// 256-bit store, which the next update of the same band reads back, is ready a few cycles
    /// after the table reads instead of after the scalar results are moved and broadcast.
    #[target_feature(enable = "avx2")]
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn clear(
        f: &mut [u32; 27],
        k: usize,
        a: u32,
        placed: u32,
        col_mask: u32,
        lone: u32,
        occupancy: usize,
    ) -> u32 {
        let [b, d, s1, s2] = super::SLOT_INFO[k].map(usize::from);
        let lane = _mm256_cmpeq_epi32(
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
            _mm256_set1_epi32(d as i32),
        );
        let load = |t: &crate::tables::Lanes4| {
            // SAFETY: `Lanes4` is 16 bytes, 16-byte aligned.
            #[allow(unsafe_code)]
            unsafe {
                _mm256_broadcastsi128_si256(_mm_load_si128(t.0.as_ptr().cast()))
            }
        };
        let complex = load(&crate::tables::COMPLEX_X4[occupancy]);
        let sole = load(&crate::tables::SOLE_MINIROW_X4[occupancy]);
        // Placed cells in the lanes of the other digits, from the tables' vector copies:
        // no scalar-to-vector move on the path to the row write and the dirty bits.
        let placed_others =
            _mm256_andnot_si256(lane, _mm256_and_si256(_mm256_set1_epi32(lone as i32), sole));
        // Lane `d` keeps the shrink's mini-rows, the other lanes everything.
        let keep = _mm256_or_si256(complex, _mm256_andnot_si256(lane, _mm256_set1_epi32(-1)));
        let own8 = if d == 8 { a } else { !placed };
        // Scalar reads and writes of the other bands' masks: only digit `d` changes there.
        let (o1, o2) = (f[s1], f[s2]);
        let (n1, n2) = (o1 & col_mask, o2 & col_mask);
        f[s1] = n1;
        f[s2] = n2;
        let r: &mut [u32; 8] = (&mut f[8 * b..8 * b + 8]).try_into().unwrap();
        // SAFETY: `r` is 32 bytes.
        #[allow(unsafe_code)]
        let old = unsafe { _mm256_loadu_si256(r.as_ptr().cast()) };
        let new = _mm256_andnot_si256(placed_others, _mm256_and_si256(old, keep));
        // SAFETY: as above.
        #[allow(unsafe_code)]
        unsafe {
            _mm256_storeu_si256(r.as_mut_ptr().cast(), new)
        };
        let hit = _mm256_and_si256(old, placed_others);
        let same = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
            hit,
            _mm256_setzero_si256(),
        ))) as u32;
        let old8 = f[24 + b];
        let new8 = old8 & own8;
        f[24 + b] = new8;
        (!same & 0xFF) << (8 * b)
            | u32::from(old8 & placed != 0) << (24 + b)
            | u32::from(o1 != n1) << s1
            | u32::from(o2 != n2) << s2
    }
}

impl Board {
    /// Band step for the mask `f[k]`, `k = slot(b, d)` (digit `d`, band `b`), given the dirty
    /// set `dirty`. Returns the new dirty set (`k` clean, the masks it changed dirty),
    /// `None` on a contradiction.
    ///
    /// 1. *Shrink*: the occupancy matrix (row x box) of the band is looked up in
    ///    [`COMPLEX`], which keeps only the mini-rows used by some valid placement
    ///    pattern. Afterwards every row field is non-empty (each pattern covers all rows).
    /// 2. *Rows with one candidate*, found without waiting for the shrunk mask `a`: the
    ///    shrink keeps or drops whole mini-rows, and which ones depends on the occupancy
    ///    alone, so [`SOLE_MINIROW`] (read with the same index as [`COMPLEX`]) gives the
    ///    mini-rows left alone in their row. A cell is alone in its row after the shrink
    ///    exactly when it lies in such a mini-row and is alone in its mini-row before it.
    /// 3. *Alone in the mini-row*: `a0 & !(rot1_groups(a0) | rot2_groups(a0))`, where the two
    ///    rotations bring each cell's two mini-row neighbours onto it (as [`super::rot1`] and
    ///    [`super::rot2`] do for the three columns of a stack). Example: mini-row `0b010` keeps its
    ///    cell, `0b011` none. This depends only on the mask read, so it runs while the
    ///    occupancy goes through `PEXT` and the tables; the cells placed are then one `and`
    ///    after the table read (against about ten dependent steps from `a`), which shortens
    ///    the chain from one update to the dirty bits that start the next pass.
    /// 4. Those cells get placed: they leave the unplaced set and the masks of the other
    ///    eight digits of the band (with AVX2, one 256-bit and of digits 0..8 of the band and
    ///    one scalar and, see [`clear_scalar`]). A cell placed before is found again as long
    ///    as its row stays cut down to it; placing it again changes nothing (it is in no other
    ///    digit's mask any more), so the unplaced set is not read here: reading it put the
    ///    previous update's write of that set on the path to `placed`.
    /// 5. *Pointing along columns*: `cols = (a | a >> 9 | a >> 18) & 0x1FF` are the columns
    ///    still open in this band. A box whose open columns reduce to one holds the digit in
    ///    that column, so [`POINTING`] removes that column from the other two bands. A placed
    ///    cell is always such a case (after step 1 its box has no candidate outside its row),
    ///    so this also enforces "once per column" for placed cells.
    ///
    /// Steps 4 and 5 run unconditionally (they are no-ops when there is nothing to remove):
    /// that is cheaper than a hard-to-predict branch. Two placed cells of one band never share
    /// a box (step 1 would find no valid pattern) and hence never share a column. Every mask
    /// they change becomes dirty.
    #[inline(always)]
    fn update<const PEXT: bool, const AVX: bool>(&mut self, k: usize, dirty: u32) -> Option<u32> {
        let b = usize::from(SLOT_INFO[k][0]);
        let a0 = self.f[k];
        // Off the path through the tables: cells alone in their mini-row.
        let lone = a0 & !(rot1_groups(a0) | rot2_groups(a0));
        let occupancy = (if PEXT { occupancy_pext(a0) } else { occupancy_table(a0) }) & 0x1FF;
        let a = a0 & COMPLEX[occupancy];
        if a == 0 {
            return None;
        }
        let placed = lone & SOLE_MINIROW[occupancy];
        self.unsolved[b] &= !placed;
        let cols = (a | a >> 9 | a >> 18) & 0x1FF;
        let col_mask = POINTING[cols as usize];
        let changed = if AVX {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `AVX` is true only in the searches compiled with AVX2
            // (`Search::run_v3*`), which run only on processors that have it.
            #[allow(unsafe_code)]
            unsafe {
                avx::clear(&mut self.f, k, a, placed, col_mask, lone, occupancy)
            }
            #[cfg(not(target_arch = "x86_64"))]
            clear_scalar(&mut self.f, k, a, placed, col_mask)
        } else {
            clear_scalar(&mut self.f, k, a, placed, col_mask)
        };
        Some((dirty | changed) & !(1 << k))
    }

    /// Runs the band step on dirty masks until none is dirty. `false` on a contradiction.
    ///
    /// In passes: each pass visits the masks that were dirty when it began, in the order of
    /// `f` (band 0 digits 0..8, bands 1 and 2 the same, then digit 8 of bands 0, 1, 2); masks
    /// dirtied during the pass wait for the next one. The masks to visit are thus known when the pass begins, without a branch per mask
    /// and without waiting for the updates before them, so consecutive updates overlap in the
    /// processor (a set scanned bit by bit after each update, or 27 tests of every mask, put
    /// each update's result on the path to the next one). Dirty bits in the order of `f`
    /// need no index table. The fixpoint is the same in any order (the rules only remove
    /// candidates), so the search tree is too.
    #[inline(always)]
    pub(super) fn band_fixpoint<const PEXT: bool, const AVX: bool>(&mut self) -> bool {
        let mut dirty = self.dirty;
        while dirty != 0 {
            let mut pass = dirty;
            while pass != 0 {
                let k = pass.trailing_zeros() as usize;
                pass &= pass - 1;
                match self.update::<PEXT, AVX>(k, dirty) {
                    Some(d) => dirty = d,
                    None => return false,
                }
            }
        }
        self.dirty = 0;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::BAND_MASK;

    #[test]
    fn avx_clear_equals_the_scalar_clear() {
        #[cfg(target_arch = "x86_64")]
        {
            if !std::arch::is_x86_feature_detected!("avx2") {
                return;
            }
            let mut rng = fastrand::Rng::with_seed(43);
            for _ in 0..20_000 {
                let f: [u32; 27] = std::array::from_fn(|_| rng.u32(..) & BAND_MASK);
                let (b, d) = (rng.usize(..3), rng.usize(..9));
                // As in the band step: `a` is the mask read cut by the shrink, and the placed
                // cells are in `a` because `SOLE_MINIROW` keeps only mini-rows of `COMPLEX`.
                let occupancy = rng.usize(..512);
                let a = f[slot(b, d)] & COMPLEX[occupancy];
                let lone = f[slot(b, d)] & rng.u32(..);
                let placed = lone & SOLE_MINIROW[occupancy];
                let col_mask = rng.u32(..);
                let (mut x, mut y) = (f, f);
                let want = clear_scalar(&mut x, slot(b, d), a, placed, col_mask);
                // SAFETY: the processor has AVX2 (checked above).
                #[allow(unsafe_code)]
                let got =
                    unsafe { avx::clear(&mut y, slot(b, d), a, placed, col_mask, lone, occupancy) };
                // The updated mask's own dirty bit is the caller's business.
                let own = !(1 << slot(b, d));
                assert_eq!((got & own, y), (want & own, x), "band {b} digit {d}");
            }
        }
    }

    #[test]
    fn sole_minirow_finds_the_rows_with_one_candidate() {
        // Against the direct rule on the shrunk mask: a cell is placed when it is the only
        // bit of its row field. Random masks of several densities.
        let mut rng = fastrand::Rng::with_seed(7);
        for density in 1..8u32 {
            for _ in 0..20_000 {
                let mut a0 = BAND_MASK;
                for _ in 0..density {
                    a0 &= rng.u32(..);
                }
                let occupancy = occupancy_table(a0);
                let a = a0 & COMPLEX[occupancy];
                if a == 0 {
                    continue;
                }
                let mut want = 0;
                for r in 0..3 {
                    let field = a & (0x1FF << (9 * r));
                    if field.count_ones() == 1 {
                        want |= field;
                    }
                }
                let lone = a0 & !(rot1_groups(a0) | rot2_groups(a0));
                assert_eq!(lone & SOLE_MINIROW[occupancy], want, "{a0:#x}");
            }
        }
    }

    #[test]
    fn pext_occupancy_equals_the_table_reads() {
        #[cfg(target_arch = "x86_64")]
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        // Each row field takes all 512 values while the other two run through a few fixed
        // ones: the occupancy of a row depends on its field alone.
        let others = [0u32, 0x1FF, 0b001_010_100, 0b110_000_011, 0b000_111_000];
        for row in 0..3 {
            for v in 0..512u32 {
                for &o1 in &others {
                    for &o2 in &others {
                        let fields = match row {
                            0 => [v, o1, o2],
                            1 => [o1, v, o2],
                            _ => [o1, o2, v],
                        };
                        let a = fields[0] | fields[1] << 9 | fields[2] << 18;
                        assert_eq!(occupancy_pext(a), occupancy_table(a), "{a:#x}");
                    }
                }
            }
        }
    }
}
