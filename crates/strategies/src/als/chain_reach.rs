//! The two tables behind the ALS chain search ([`super::als_chain`]), kept in per-thread
//! buffers that every search reuses:
//!
//! * [`Ends`]: for each ALS, the later ALSs (higher index) a chain from it may end at, with
//!   the digits z whose z-cells of both have a common peer holding z. Found per digit through an index
//!   "cell c -> the ALSs whose z-seeing cells hold c" as bitsets over ALS indices, so the
//!   cost follows the number of seeing cells, not the number of ALS pairs.
//! * [`Reach`]: bit-parallel breadth-first reachability from up to [`LANES`] sources (start ALS,
//!   first link's digit). Only the slots a run touched are cleared for the next run.

use super::als_chain::MAX_RCC;
use super::sets::AlsLayer;

/// A bit per source of one reachability run.
pub(super) type Lanes = u128;

/// The most sources of one run.
pub(super) const LANES: usize = Lanes::BITS as usize;

/// 256 bits of a bitset over ALS indices.
type Block = [u64; 4];

/// The chain ends of every ALS (see the module docs).
#[derive(Default)]
pub(super) struct Ends {
    /// `index[(z * 81 + c) * blocks + b]`: block `b` of the bitset of ALSs k with
    /// `c ∈ seen_k[z]`.
    index: Vec<Block>,
    /// The later ALSs sharing a z-seeing cell with the current ALS, for one digit z.
    part: Vec<Block>,
    /// The union of `part` over the digits.
    union: Vec<Block>,
    /// `digits[k]`: the digits z for which ALS k is in `part` (zero outside one ALS's pass).
    digits: Vec<u16>,
    /// `list[start[i]..start[i + 1]]`: the ends of ALS `i` with their digits z, by index.
    start: Vec<u32>,
    list: Vec<(u32, u16)>,
    /// The union of the digits z over the ends of each ALS.
    zany: Vec<u16>,
}

/// Calls `f` with the position of each set bit of `bits`, lowest first.
fn each_bit(mut bits: u64, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// Calls `f` with the index of each cell of `cells`, lowest first.
fn each_cell(cells: u128, mut f: impl FnMut(usize)) {
    each_bit(cells as u64, &mut f);
    each_bit((cells >> 64) as u64, |b| f(b + 64));
}

impl Ends {
    /// Fills the table for `layer`: ALS k > i is an end of ALS i with digit z when both hold
    /// z and `seen_i[z] ∩ seen_k[z]` is not empty (those cells lie outside both ALSs).
    pub(super) fn build(&mut self, layer: &AlsLayer) {
        let alses = &layer.alses;
        let blocks = alses.len().div_ceil(256);
        let Ends { index, part, union, digits, start, list, zany } = self;
        index.clear();
        index.resize(9 * 81 * blocks, [0; 4]);
        for (k, a) in alses.iter().enumerate() {
            let (block, word, bit) = (k / 256, k / 64 % 4, 1u64 << (k % 64));
            for z in a.digits.iter() {
                let z = z.index();
                each_cell(a.seen[z].bits(), |c| index[(z * 81 + c) * blocks + block][word] |= bit);
            }
        }
        part.clear();
        part.resize(blocks, [0; 4]);
        union.clear();
        union.resize(blocks, [0; 4]);
        digits.clear();
        digits.resize(blocks * 256, 0);
        start.clear();
        list.clear();
        zany.clear();
        for (i, a) in alses.iter().enumerate() {
            start.push(list.len() as u32);
            // Only later ALSs: the blocks from i's on, without the bits up to i.
            let first = i / 256;
            union[first..].fill([0; 4]);
            for z in a.digits.iter() {
                let z = z.index();
                let cells = a.seen[z].bits();
                if cells == 0 {
                    continue;
                }
                let row = &mut part[first..];
                row.fill([0; 4]);
                each_cell(cells, |c| {
                    let from = &index[(z * 81 + c) * blocks + first..(z * 81 + c + 1) * blocks];
                    for (r, x) in row.iter_mut().zip(from) {
                        for w in 0..4 {
                            r[w] |= x[w];
                        }
                    }
                });
                for (w, word) in row[0].iter_mut().enumerate() {
                    *word &= match w.cmp(&(i / 64 % 4)) {
                        std::cmp::Ordering::Less => 0,
                        std::cmp::Ordering::Equal => u64::MAX << (i % 64) << 1,
                        std::cmp::Ordering::Greater => u64::MAX,
                    };
                }
                for (b, (u, r)) in union[first..].iter_mut().zip(row.iter()).enumerate() {
                    for w in 0..4 {
                        u[w] |= r[w];
                        let base = ((first + b) * 4 + w) * 64;
                        each_bit(r[w], |bit| digits[base + bit] |= 1 << z);
                    }
                }
            }
            let mut all = 0u16;
            for (b, u) in union.iter().enumerate().skip(first) {
                for (w, &x) in u.iter().enumerate() {
                    let base = (b * 4 + w) * 64;
                    each_bit(x, |bit| {
                        let k = base + bit;
                        let zs = std::mem::take(&mut digits[k]);
                        list.push((k as u32, zs));
                        all |= zs;
                    });
                }
            }
            zany.push(all);
        }
        start.push(list.len() as u32);
    }

    /// The ends of ALS `i` (all above `i`): (end, digits z), ascending by end.
    pub(super) fn of(&self, i: usize) -> &[(u32, u16)] {
        &self.list[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The union of the digits z over the ends of ALS `i`.
    pub(super) fn digits(&self, i: usize) -> u16 {
        self.zany[i]
    }
}

/// Reachability from up to [`LANES`] sources at once (bit-parallel breadth-first search): a source
/// is a start ALS and the first link's digit; `reach[(als * 9 + digit) * 3 + class]` holds a
/// bit per source that reaches "this ALS lacks this digit" with class = links - 1 capped at 2.
/// Level-synchronous: the bits a slot gains on one level are passed on on the next, so walk
/// lengths are exact up to [`MAX_RCC`]. Between runs every slot is zero except those listed
/// in `touched`.
#[derive(Default)]
pub(super) struct Reach {
    /// `slots[s]`: the bits that reached slot `s`, then the bits to pass on from it at the
    /// next level, kept apart for odd and even levels.
    slots: Vec<[Lanes; 3]>,
    /// The slots reached (not zero).
    touched: Vec<u32>,
    frontier: Vec<u32>,
    next: Vec<u32>,
}

impl Reach {
    /// The sources that reached `slot`.
    pub(super) fn at(&self, slot: usize) -> Lanes {
        self.slots[slot][0]
    }

    /// The slots reached by this run (each once).
    pub(super) fn touched(&self) -> &[u32] {
        &self.touched
    }

    /// Fills the reach for walks from `sources` (start ALS, first digit), at most [`LANES`].
    pub(super) fn run(&mut self, layer: &AlsLayer, sources: &[(usize, u8)]) {
        let Reach { slots, touched, frontier, next } = self;
        // Clear the last run; make room.
        for &t in touched.iter() {
            slots[t as usize][0] = 0;
        }
        touched.clear();
        let len = layer.alses.len() * 27;
        if slots.len() < len {
            slots.resize(len, [0; 3]);
        }
        frontier.clear();
        for (lane, &(start, first)) in sources.iter().enumerate() {
            for &k in layer.rccs_of(start) {
                let rcc = &layer.rccs[k as usize];
                if rcc.digits.bits() & 1 << first == 0 {
                    continue;
                }
                let slot = (rcc.other(start) * 9 + usize::from(first)) * 3;
                let s = &mut slots[slot];
                if s[1] == 0 {
                    frontier.push(slot as u32);
                }
                if s[0] == 0 {
                    touched.push(slot as u32);
                }
                s[1] |= 1 << lane;
                s[0] |= 1 << lane;
            }
        }
        let mut cur = 1;
        for _level in 1..MAX_RCC {
            let nxt = 3 - cur;
            next.clear();
            for &slot in frontier.iter() {
                let slot = slot as usize;
                let bits = std::mem::take(&mut slots[slot][cur]);
                let (i, lacked, class) = (slot / 27, slot / 3 % 9, slot % 3);
                let to_class = (class + 1).min(2);
                let mut visit = |p: u32| {
                    let t = p as usize + to_class;
                    let s = &mut slots[t];
                    let new = bits & !s[0];
                    if new != 0 {
                        if s[0] == 0 {
                            touched.push(t as u32);
                        }
                        s[0] |= new;
                        if s[nxt] == 0 {
                            next.push(t as u32);
                        }
                        s[nxt] |= new;
                    }
                };
                let (below, above) = layer.steps_of(i, lacked);
                for &p in below {
                    visit(p);
                }
                for &p in above {
                    visit(p);
                }
            }
            std::mem::swap(frontier, next);
            cur = nxt;
            if frontier.is_empty() {
                break;
            }
        }
        for &slot in frontier.iter() {
            slots[slot as usize][cur] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Ends, Reach};
    use crate::als::als_chain::MAX_RCC;
    use crate::als::fixtures::sample_states;
    use crate::als::sets::AlsLayer;
    use bitdoku_bitboard::DigitSet;
    use std::collections::VecDeque;

    /// Walks from ALS `start` whose first link uses digit `first`, by a plain breadth-first
    /// search over (ALS, digit it lacks, links - 1 capped at 2) up to [`MAX_RCC`] links: the
    /// slots reached with three links or more.
    fn reached_reference(layer: &AlsLayer, start: usize, first: usize) -> Vec<bool> {
        let mut seen = vec![false; layer.alses.len() * 27];
        let mut queue = VecDeque::new();
        let mut visit = |i: usize, d: usize, c: usize, len: usize, queue: &mut VecDeque<_>| {
            let slot = (i * 9 + d) * 3 + c;
            if !seen[slot] {
                seen[slot] = true;
                queue.push_back((i, d, c, len));
            }
        };
        for &k in layer.rccs_of(start) {
            let rcc = &layer.rccs[k as usize];
            if rcc.digits.bits() & 1 << first != 0 {
                visit(rcc.other(start), first, 0, 1, &mut queue);
            }
        }
        let mut class2 = vec![false; layer.alses.len() * 9];
        while let Some((i, lacked, c, len)) = queue.pop_front() {
            if c == 2 {
                class2[i * 9 + lacked] = true;
            }
            if len == MAX_RCC {
                continue;
            }
            for &k in layer.rccs_of(i) {
                let rcc = &layer.rccs[k as usize];
                for s in rcc.digits.iter().filter(|s| s.index() != lacked) {
                    visit(rcc.other(i), s.index(), (c + 1).min(2), len + 1, &mut queue);
                }
            }
        }
        class2
    }

    /// The ends by the definition: every pair of ALSs i < k, every shared digit.
    fn ends_reference(layer: &AlsLayer) -> Vec<Vec<(u32, u16)>> {
        let alses = &layer.alses;
        let mut out = vec![Vec::new(); alses.len()];
        for (i, a) in alses.iter().enumerate() {
            for (k, b) in alses.iter().enumerate() {
                let mut zs = 0u16;
                for z in DigitSet::from_bits(a.digits.bits() & b.digits.bits()).iter() {
                    let z = z.index();
                    if !((a.seen[z] & b.seen[z]) - a.cells - b.cells).is_empty() {
                        zs |= 1 << z;
                    }
                }
                if k > i && zs != 0 {
                    out[i].push((k as u32, zs));
                }
            }
        }
        out
    }

    fn states() -> Vec<bitdoku_bitboard::Candidates> {
        let mut states = sample_states("magictour_top1465.txt", 12, 5);
        states.extend(sample_states("serg_benchmark.txt", 6, 4));
        states
    }

    #[test]
    fn ends_match_the_pairwise_definition() {
        let mut ends = Ends::default();
        let (mut total, mut most) = (0, 0);
        for state in states() {
            let layer = AlsLayer::build(&state, false);
            most = most.max(layer.alses.len());
            ends.build(&layer);
            let expected = ends_reference(&layer);
            for (i, e) in expected.iter().enumerate() {
                assert_eq!(ends.of(i), e.as_slice());
                assert_eq!(ends.digits(i), e.iter().fold(0, |acc, &(_, z)| acc | z));
                total += e.len();
            }
        }
        assert!(total > 10_000, "{total} ends");
        // Several 256-bit blocks of ALS indices are exercised.
        assert!(most > 512, "at most {most} ALSs");
    }

    /// Each lane's class-2 bits against the evidence search (one breadth-first search per
    /// source and target), on the first batch of sources of each state; the reused buffers
    /// must give the same bits as fresh ones.
    #[test]
    fn reach_matches_a_search_per_source() {
        let mut reach = Reach::default();
        let mut hits = 0;
        for state in states() {
            let layer = AlsLayer::build(&state, false);
            let n = layer.alses.len();
            let mut sources = Vec::new();
            for start in (0..n).step_by(7) {
                for &k in layer.rccs_of(start) {
                    for d in layer.rccs[k as usize].digits.iter() {
                        if !sources.contains(&(start, d.index() as u8)) {
                            sources.push((start, d.index() as u8));
                        }
                    }
                }
            }
            sources.truncate(super::LANES);
            reach.run(&layer, &sources);
            let mut fresh = Reach::default();
            fresh.run(&layer, &sources);
            assert!((0..n * 27).all(|t| reach.at(t) == fresh.at(t)));
            for (lane, &(start, first)) in sources.iter().enumerate() {
                let expected = reached_reference(&layer, start, usize::from(first));
                for (slot, &want) in expected.iter().enumerate() {
                    let got = reach.at(slot * 3 + 2) >> lane & 1 == 1;
                    assert_eq!(got, want, "{start} {first} -> {} {}", slot / 9, slot % 9);
                    hits += usize::from(want);
                }
            }
        }
        assert!(hits > 1000, "{hits} reached ends");
    }
}
