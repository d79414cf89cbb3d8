//! The previous (slower) implementations of the layer's parts, kept as references: the new
//! ones must give identical results, order included.

use super::super::{Als, Rcc, common_digits, make};
use super::digit_bits;
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{CellSet, DigitSet};

/// The ALS list by a recursive walk per house.
pub(super) fn collect(masks: &[CellSet; 9]) -> Vec<Als> {
    let mut out = Vec::with_capacity(256);
    for (h, &house) in HOUSES.iter().enumerate() {
        let mut cells = [0u8; 9];
        let mut digits = [0u16; 9];
        let mut n = 0;
        for cell in house {
            let bits = digit_bits(masks, cell.index());
            if bits != 0 {
                cells[n] = cell.index() as u8;
                digits[n] = bits;
                n += 1;
            }
        }
        let mut walk = Walk { masks, h, cells: &cells[..n], digits: &digits[..n], out: &mut out };
        walk.dfs(0, 0, 0, 0);
    }
    out
}

struct Walk<'a> {
    masks: &'a [CellSet; 9],
    h: usize,
    cells: &'a [u8],
    digits: &'a [u16],
    out: &'a mut Vec<Als>,
}

impl Walk<'_> {
    /// Depth-first over the subsets of the house's unsolved cells that extend `picked` (bit i:
    /// `cells[i]`) with cells from `from` on (HoDoKu's order), recording each ALS. A branch
    /// that cannot reach a set with one digit more than cells is cut.
    fn dfs(&mut self, from: usize, size: u32, picked: u16, digits: u16) {
        if size == 8 {
            return;
        }
        let len = self.cells.len();
        for i in from..len {
            let p = picked | 1 << i;
            let d = digits | self.digits[i];
            let count = d.count_ones();
            if count == size + 2 {
                self.record(p, d);
            }
            // Supersets have at most min(8, size + 1 + the cells after i) cells, so at most
            // one digit more; the digits only grow.
            let most = (size as usize + 1 + (len - i - 1)).min(8) as u32;
            if count <= most + 1 {
                self.dfs(i + 1, size + 1, p, d);
            }
        }
    }

    /// Records the set of cells `picked` with digits `digits`, unless it lies in a house
    /// listed before this one (rows, then columns, then boxes): in one row when this house is
    /// a column or box, in one column when it is a box. (Sets of one house lie in no other
    /// house of its kind.)
    fn record(&mut self, picked: u16, digits: u16) {
        let (mut set, mut lines) = (0u128, 0u32);
        let mut rest = picked;
        while rest != 0 {
            let c = self.cells[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            set |= 1 << c;
            lines |= 1 << (c / 9) | 1 << (9 + c % 9);
        }
        let one_row = (lines & 0x1ff).is_power_of_two();
        let one_col = (lines >> 9).is_power_of_two();
        if (self.h >= 9 && one_row) || (self.h >= 18 && one_col) {
            return;
        }
        let cells = CellSet::from_bits_truncate(set);
        self.out.push(make(self.masks, cells, DigitSet::from_bits(digits), false));
    }
}

/// The restricted commons of every pair `i < j`, in order. Only pairs where each ALS's reach
/// meets the other's cells can have one (an RCC's k-cells of either ALS see all k-cells of
/// the other); the candidates `j` are found through a cell index (bitsets over ALS indices
/// of the ALSs holding each cell) queried with `alses[i].reach`.
pub(super) fn restricted_commons(alses: &[Als], overlap: bool) -> Vec<Rcc> {
    let words = alses.len().div_ceil(64);
    let mut holding = vec![0u64; 81 * words];
    for (k, a) in alses.iter().enumerate() {
        for c in a.cells {
            holding[c.index() * words + k / 64] |= 1 << (k % 64);
        }
    }
    let mut out = Vec::new();
    let mut near = vec![0u64; words];
    let mut inside = vec![0u64; words];
    for (i, a) in alses.iter().enumerate() {
        // ALSs j > i holding a cell of `a.reach` (and none of `a.cells` unless overlapping).
        let first = i / 64;
        near[first..].fill(0);
        for c in a.reach {
            let row = &holding[c.index() * words..(c.index() + 1) * words];
            for (n, &x) in near[first..].iter_mut().zip(&row[first..]) {
                *n |= x;
            }
        }
        if !overlap {
            inside[first..].fill(0);
            for c in a.cells {
                let row = &holding[c.index() * words..(c.index() + 1) * words];
                for (n, &x) in inside[first..].iter_mut().zip(&row[first..]) {
                    *n |= x;
                }
            }
            for (n, &x) in near[first..].iter_mut().zip(&inside[first..]) {
                *n &= !x;
            }
        }
        near[first] &= u64::MAX << (i % 64) << 1;
        for (w, &word) in near.iter().enumerate().skip(first) {
            let mut bits = word;
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Symmetrically, the RCC's cells of `a` see those of `j`.
                if !alses[j].reach.intersects(a.cells) {
                    continue;
                }
                let digits = common_digits(a, &alses[j]);
                if !digits.is_empty() {
                    out.push(Rcc { a: i as u16, b: j as u16, digits });
                }
            }
        }
    }
    out
}

/// The pair lists of the layer (`start`, `adjacency`, `step_start`, `steps`) by degrees, then a
/// counting sort per ALS.
pub(super) fn pair_lists(n: usize, rccs: &[Rcc]) -> (Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>) {
    let alses_len = n;
    let mut degree = vec![0u32; alses_len + 1];
    for r in rccs {
        degree[usize::from(r.a)] += 1;
        degree[usize::from(r.b)] += 1;
    }
    let mut start = vec![0u32; alses_len + 1];
    for i in 0..alses_len {
        start[i + 1] = start[i] + degree[i];
    }
    let mut fill = start.clone();
    let mut adjacency = vec![0u32; rccs.len() * 2];
    for (k, r) in rccs.iter().enumerate() {
        for end in [usize::from(r.a), usize::from(r.b)] {
            adjacency[fill[end] as usize] = k as u32;
            fill[end] += 1;
        }
    }
    // The moves out of each ALS, grouped by digit (a counting sort per ALS).
    let mut step_start = Vec::with_capacity(alses_len * 9 + 1);
    let mut steps = vec![0u32; adjacency.len() * 2];
    let mut at = 0u32;
    for i in 0..alses_len {
        let links = &adjacency[start[i] as usize..start[i + 1] as usize];
        let mut count = [0u32; 9];
        for &k in links {
            for d in rccs[k as usize].digits.iter() {
                count[d.index()] += 1;
            }
        }
        let mut fill = [0u32; 9];
        for (s, &c) in count.iter().enumerate() {
            step_start.push(at);
            fill[s] = at;
            at += c;
        }
        for &k in links {
            let r = &rccs[k as usize];
            for d in r.digits.iter() {
                let s = d.index();
                steps[fill[s] as usize] = ((r.other(i) * 9 + s) * 3) as u32;
                fill[s] += 1;
            }
        }
    }
    step_start.push(at);
    steps.truncate(at as usize);
    (start, adjacency, step_start, steps)
}
