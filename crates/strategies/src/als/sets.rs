//! The ALS layer: every almost locked set of a state and the restricted common candidates
//! between pairs of them, computed from the masks once per state and shared by the family
//! ([`AlsLayer::for_state`] keeps the last layer per thread, as the chains' link graph does).
//!
//! * An **almost locked set** (ALS) is a set of N unsolved cells of one house (N = 1..8) whose
//!   candidates are exactly N + 1 digits. A set lying in two houses (2-3 cells of a mini-line,
//!   or one cell) is listed once. The list is in HoDoKu's order: houses rows, columns, boxes;
//!   within a house, subsets in depth-first order of the house's cells, each set where it is
//!   first met; so "first found" matches HoDoKu's.
//! * A digit x is a **restricted common candidate** (RCC) of two ALSs A and B when both hold
//!   x, no cell of A ∩ B holds x, and every x-cell of A sees every x-cell of B: then at most
//!   one of A and B holds x in the solution. Pairs are kept when they share at least one RCC;
//!   by default A and B must be disjoint (HoDoKu's default), [`AlsLayer::build`] can allow
//!   overlap (HoDoKu's "allow overlapping ALSs", used by reglib's `-2` variants). At most two
//!   RCCs are kept per pair, the two lowest digits (a pair with two is *doubly linked*).

use bitdoku_bitboard::tables::{HOUSES, PEERS};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet};
use std::cell::RefCell;
use std::rc::Rc;

/// One almost locked set and what the techniques ask of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Als {
    /// Its cells.
    pub cells: CellSet,
    /// Its digits (`cells.len() + 1` of them).
    pub digits: DigitSet,
    /// `by_digit[d]`: its cells holding digit `d`.
    pub by_digit: [CellSet; 9],
    /// `seen[d]`: the cells outside the ALS holding `d` that see every cell of `by_digit[d]`
    /// (where `d` goes if the ALS loses it: these lose `d` when the ALS is forced to hold it).
    pub seen: [CellSet; 9],
    /// The union of `seen`.
    pub reach: CellSet,
}

/// A restricted common between ALSs `a < b` (indices into [`AlsLayer::alses`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rcc {
    /// The lower ALS index.
    pub a: u16,
    /// The higher ALS index.
    pub b: u16,
    /// One or two restricted common digits.
    pub digits: DigitSet,
}

impl Rcc {
    /// The other end of the pair, seen from `from`.
    #[must_use]
    pub fn other(&self, from: usize) -> usize {
        if usize::from(self.a) == from { usize::from(self.b) } else { usize::from(self.a) }
    }
}

/// Every ALS of a state and the restricted commons between them.
#[derive(Debug)]
pub struct AlsLayer {
    masks: [CellSet; 9],
    overlap: bool,
    /// The ALSs, in HoDoKu's order.
    pub alses: Vec<Als>,
    /// The restricted commons, ordered by `(a, b)`.
    pub rccs: Vec<Rcc>,
    /// `adjacency[start[i]..start[i + 1]]`: indices into `rccs` of the pairs holding ALS `i`,
    /// ascending.
    start: Vec<u32>,
    adjacency: Vec<u32>,
    /// `steps[step_start[i * 9 + s]..step_start[i * 9 + s + 1]]`: the moves out of ALS `i`
    /// along restricted common `s`, one per neighbour `j`, as the slot `(j * 9 + s) * 3`.
    step_start: Vec<u32>,
    steps: Vec<u32>,
}

thread_local! {
    static LAST: RefCell<Option<Rc<AlsLayer>>> = const { RefCell::new(None) };
}

impl AlsLayer {
    /// The layer of `state` (disjoint ALSs only), built once per distinct state per thread.
    pub fn for_state(state: &Candidates) -> Rc<AlsLayer> {
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(l) = last.as_ref().filter(|l| l.masks == *state.masks()) {
                return Rc::clone(l);
            }
            let l = Rc::new(AlsLayer::build(state, false));
            *last = Some(Rc::clone(&l));
            l
        })
    }

    /// Builds the layer of `state` (no cache); `overlap` allows pairs of ALSs that share cells
    /// (never on an RCC digit).
    #[must_use]
    pub fn build(state: &Candidates, overlap: bool) -> AlsLayer {
        let masks = *state.masks();
        let alses = collect(&masks);
        let rccs = restricted_commons(&alses, overlap);
        // Counting sorts of the pairs' ends by ALS (`adjacency`) and by (ALS, digit) (`steps`),
        // in one pass over the pairs to count and one to place, both in ascending pair order.
        let n = alses.len();
        let mut start = vec![0u32; n + 1];
        let mut step_start = vec![0u32; n * 9 + 1];
        for r in &rccs {
            for end in [usize::from(r.a), usize::from(r.b)] {
                start[end + 1] += 1;
                for d in r.digits.iter() {
                    step_start[end * 9 + d.index() + 1] += 1;
                }
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        for k in 0..n * 9 {
            step_start[k + 1] += step_start[k];
        }
        let mut fill = start.clone();
        let mut step_fill = step_start.clone();
        let mut adjacency = vec![0u32; rccs.len() * 2];
        let mut steps = vec![0u32; step_start[n * 9] as usize];
        for (k, r) in rccs.iter().enumerate() {
            for (end, other) in
                [(usize::from(r.a), usize::from(r.b)), (usize::from(r.b), usize::from(r.a))]
            {
                adjacency[fill[end] as usize] = k as u32;
                fill[end] += 1;
                for d in r.digits.iter() {
                    let s = d.index();
                    let at = &mut step_fill[end * 9 + s];
                    steps[*at as usize] = ((other * 9 + s) * 3) as u32;
                    *at += 1;
                }
            }
        }
        AlsLayer { masks, overlap, alses, rccs, start, adjacency, step_start, steps }
    }

    /// The moves out of ALS `i` along restricted commons other than `lacked`, as two slices:
    /// `(j * 9 + s) * 3` for each neighbour `j` and restricted common `s != lacked` of the
    /// pair, by `s` (digits below `lacked`, then above it).
    #[must_use]
    pub fn steps_of(&self, i: usize, lacked: usize) -> (&[u32], &[u32]) {
        let at = |d: usize| self.step_start[i * 9 + d] as usize;
        (&self.steps[at(0)..at(lacked)], &self.steps[at(lacked + 1)..at(9)])
    }

    /// Whether overlapping ALSs were allowed.
    #[must_use]
    pub fn overlap(&self) -> bool {
        self.overlap
    }

    /// The indices (into [`Self::rccs`]) of the restricted commons of ALS `i`, ascending.
    #[must_use]
    pub fn rccs_of(&self, i: usize) -> &[u32] {
        &self.adjacency[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

fn collect(masks: &[CellSet; 9]) -> Vec<Als> {
    let mut out = Vec::with_capacity(256);
    let mut of_cell = [0u16; 81];
    for (d, m) in masks.iter().enumerate() {
        for cell in *m {
            of_cell[cell.index()] |= 1 << d;
        }
    }
    for (h, &house) in HOUSES.iter().enumerate() {
        let mut cells = [0u8; 9];
        let mut digits = [0u16; 9];
        let mut n = 0;
        for cell in house {
            let bits = of_cell[cell.index()];
            if bits != 0 {
                cells[n] = cell.index() as u8;
                digits[n] = bits;
                n += 1;
            }
        }
        let mut walk = Walk { masks, h, cells: &cells[..n], digits: &digits[..n], out: &mut out };
        walk.run();
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
    /// Depth-first over the subsets of the house's unsolved cells (bit i of a set: `cells[i]`)
    /// of up to 8 cells, in HoDoKu's order (each set, then the sets extending it with later
    /// cells), recording each ALS. A branch that cannot reach a set with one digit more than
    /// cells is cut. Iterative: level `size` of the stacks holds the set of `size` cells being
    /// extended, its digits and the next cell to try.
    fn run(&mut self) {
        let len = self.cells.len();
        let mut next = [0usize; 9];
        let mut picked = [0u16; 9];
        let mut digits = [0u16; 9];
        let mut size = 0usize;
        loop {
            let i = next[size];
            if i >= len || size == 8 {
                if size == 0 {
                    return;
                }
                size -= 1;
                continue;
            }
            next[size] = i + 1;
            let p = picked[size] | 1 << i;
            let d = digits[size] | self.digits[i];
            let count = d.count_ones() as usize;
            if count == size + 2 {
                self.record(p, d);
            }
            // Supersets have at most min(8, size + 1 + the cells after i) cells, so at most
            // one digit more; the digits only grow.
            let most = (size + 1 + (len - i - 1)).min(8);
            if count <= most + 1 {
                size += 1;
                next[size] = i + 1;
                picked[size] = p;
                digits[size] = d;
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
        // Sets recorded in a box lie in no line (those were recorded in rows or columns).
        self.out.push(make(self.masks, cells, DigitSet::from_bits(digits), self.h < 18));
    }
}

/// The ALS of `cells` with `digits` (exactly its cells' digits); `in_line`: its cells lie in
/// one row or column. Then a cell seeing the first and the last of one digit's cells sees
/// those between too (they share the line, and the box when the ends share one), so only the
/// ends' peers are intersected.
fn make(masks: &[CellSet; 9], cells: CellSet, digits: DigitSet, in_line: bool) -> Als {
    let mut by_digit = [CellSet::EMPTY; 9];
    let mut seen = [CellSet::EMPTY; 9];
    let mut reach = CellSet::EMPTY;
    for d in digits.iter() {
        let i = d.index();
        by_digit[i] = cells & masks[i];
        let mut common = masks[i] - cells;
        let bits = by_digit[i].bits();
        if in_line && bits != 0 {
            common &= PEERS[bits.trailing_zeros() as usize];
            common &= PEERS[127 - bits.leading_zeros() as usize];
        } else {
            for cell in by_digit[i] {
                common &= PEERS[cell.index()];
            }
        }
        seen[i] = common;
        reach |= common;
    }
    Als { cells, digits, by_digit, seen, reach }
}

/// The restricted commons of every pair `i < j`, in order. Only pairs where each ALS's reach
/// meets the other's cells can have one (an RCC's x-cells of either ALS see all x-cells of
/// the other); the candidates `j` are found through two cell indexes (bitsets over ALS
/// indices: the ALSs holding each cell, the ALSs whose reach holds it), the second queried
/// with the few cells of `alses[i]` and the first with the cells of `alses[i].reach`.
fn restricted_commons(alses: &[Als], overlap: bool) -> Vec<Rcc> {
    let words = alses.len().div_ceil(64);
    let mut holding = vec![0u64; 81 * words];
    let mut reached = vec![0u64; 81 * words];
    for (k, a) in alses.iter().enumerate() {
        let (w, bit) = (k / 64, 1u64 << (k % 64));
        for c in a.cells {
            holding[c.index() * words + w] |= bit;
        }
        for c in a.reach {
            reached[c.index() * words + w] |= bit;
        }
    }
    let mut out = Vec::with_capacity(alses.len() * 4);
    let mut near = vec![0u64; words];
    let mut inside = vec![0u64; words];
    let mut held = vec![0u64; words];
    for (i, a) in alses.iter().enumerate() {
        // ALSs j > i whose reach meets `a.cells` (and holding none of them unless overlapping).
        let first = i / 64;
        near[first..].fill(0);
        inside[first..].fill(0);
        for c in a.cells {
            let at = c.index() * words;
            let rows = reached[at + first..at + words].iter().zip(&holding[at + first..at + words]);
            for ((n, s), (&r, &h)) in near[first..].iter_mut().zip(&mut inside[first..]).zip(rows) {
                *n |= r;
                *s |= h;
            }
        }
        if !overlap {
            for (n, &x) in near[first..].iter_mut().zip(&inside[first..]) {
                *n &= !x;
            }
        }
        near[first] &= u64::MAX << (i % 64) << 1;
        if near[first..].iter().all(|&w| w == 0) {
            continue;
        }
        // Symmetrically, the RCC's cells of `j` lie in `a.reach`: keep the ALSs holding one
        // of its cells.
        held[first..].fill(0);
        for c in a.reach {
            let at = c.index() * words;
            for (h, &x) in held[first..].iter_mut().zip(&holding[at + first..at + words]) {
                *h |= x;
            }
        }
        for (n, &h) in near[first..].iter_mut().zip(&held[first..]) {
            *n &= h;
        }
        for (w, &word) in near.iter().enumerate().skip(first) {
            let mut bits = word;
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let b = &alses[j];
                debug_assert!(b.cells.intersects(a.reach));
                let digits =
                    if overlap { common_digits(a, b) } else { disjoint_common_digits(a, b) };
                if !digits.is_empty() {
                    out.push(Rcc { a: i as u16, b: j as u16, digits });
                }
            }
        }
    }
    out
}

/// The restricted common digits of `a` and `b` (at most the two lowest).
fn common_digits(a: &Als, b: &Als) -> DigitSet {
    let shared = a.cells & b.cells;
    let mut digits = DigitSet::EMPTY;
    for d in DigitSet::from_bits(a.digits.bits() & b.digits.bits()).iter() {
        let k = d.index();
        if b.by_digit[k].is_subset(a.seen[k]) && !shared.intersects(a.by_digit[k] | b.by_digit[k]) {
            digits = digits.with(d);
            if digits.len() == 2 {
                break;
            }
        }
    }
    digits
}

/// [`common_digits`] of two disjoint ALSs (no shared cell to check). Branch-free over the
/// nine digits (the outcome of each test is data, not a predictable branch); a digit that
/// either ALS lacks fails on the `common` mask.
fn disjoint_common_digits(a: &Als, b: &Als) -> DigitSet {
    let common = a.digits.bits() & b.digits.bits();
    let mut found = 0u16;
    for k in 0..9 {
        let inside = (b.by_digit[k] - a.seen[k]).is_empty();
        found |= u16::from(inside) << k;
    }
    let found = found & common;
    // The two lowest.
    let rest = found & found.wrapping_sub(1);
    DigitSet::from_bits((found & !rest) | (rest & !(rest & rest.wrapping_sub(1))))
}

#[cfg(test)]
mod tests;
