//! ALS Chain (HoDoKu's ALS-XY-Chain): almost locked sets A0, A1, ..., Ak joined by
//! restricted commons r1 (A0-A1), ..., rk (Ak-1 - Ak), each different from the one before.
//! If A0 lacks a digit z, it is locked and holds r1, so A1 lacks r1 and is locked, holds r2, so
//! A2 lacks r2, ... and Ak lacks rk and is locked: it holds z (z != rk). So A0 or Ak holds z
//! (z != r1, z != rk), and every cell that sees all z-cells of A0 and Ak loses z. With two
//! links this is an ALS-XY-Wing; a chain here has at least three.
//!
//! ```text
//!   ALS Chain: (r1c1 {12}) -1- (r1c5 {13}) -3- (r4c5 {34}) -4- (r4c9 {24}), z 2 => ...
//! ```
//!
//! Rating: HoDoKu score 340 (unfair), SE 8.0 plus length.
//!
//! # Find-all semantics
//!
//! Walks of 3 to [`MAX_RCC`] restricted commons between disjoint pairs of ALSs (the chain
//! may come back to an ALS: the argument above does not need distinct sets), where each link
//! uses a restricted common of its pair other than the digit the previous link used. For every
//! start A0, first digit r1, end Ak != A0 and last digit rk such that such a walk exists: one
//! candidate step eliminating every z of A0 ∩ Ak other than r1 and rk from the cells outside
//! A0 and Ak that see all z-cells of both. Steps with equal eliminations are one step; they
//! are pushed in HoDoKu's preference (most eliminations first, then the smaller sum of
//! eliminated cell indices, then fewer ALSs in the chain, then fewer cells). The evidence
//! chain is a shortest such walk. Reachability is computed breadth-first over (ALS, digit it
//! lacks, number of links capped at 3) with a bit per first digit, so the cost does not grow
//! with the number of walks.

use super::sets::AlsLayer;
use super::{als_step, common_eliminations, is_empty};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ops::ControlFlow;

/// The most restricted commons in one chain (the evidence holds one more ALS than links).
pub const MAX_RCC: usize = crate::MAX_ALS - 1;

/// Pushes every ALS chain of `state` (disjoint neighbours; see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(&AlsLayer::for_state(state), sink)
}

/// The same with overlapping ALSs allowed.
pub fn find_overlapping(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(&AlsLayer::build(state, true), sink)
}

/// One candidate step: start, first digit, end, last digit, eliminations.
struct Found {
    start: usize,
    first: u8,
    end: usize,
    last: u8,
    elims: [CellSet; 9],
}

/// Reachability from up to 64 sources at once (bit-parallel breadth-first search): a source
/// is a start ALS and the first link's digit; `reach[(als * 9 + digit) * 3 + class]` holds a
/// bit per source that reaches "this ALS lacks this digit" with class = links - 1 capped at 2.
/// Level-synchronous: the bits a slot gains on one level are passed on on the next, so walk
/// lengths are exact up to [`MAX_RCC`].
struct Reach {
    reach: Vec<u64>,
    frontier: Vec<u32>,
    next: Vec<u32>,
    pending: Vec<u64>,
    pending_next: Vec<u64>,
}

impl Reach {
    fn new(n: usize) -> Reach {
        Reach {
            reach: vec![0; n * 27],
            frontier: Vec::new(),
            next: Vec::new(),
            pending: vec![0; n * 27],
            pending_next: vec![0; n * 27],
        }
    }

    /// Fills `reach` for walks from `sources` (start ALS, first digit), at most 64.
    fn run(&mut self, layer: &AlsLayer, sources: &[(usize, u8)]) {
        self.reach.iter_mut().for_each(|r| *r = 0);
        self.frontier.clear();
        for (lane, &(start, first)) in sources.iter().enumerate() {
            for &k in layer.rccs_of(start) {
                let rcc = &layer.rccs[k as usize];
                if rcc.digits.bits() & 1 << first == 0 {
                    continue;
                }
                let slot = (rcc.other(start) * 9 + usize::from(first)) * 3;
                if self.pending[slot] == 0 {
                    self.frontier.push(slot as u32);
                }
                self.pending[slot] |= 1 << lane;
                self.reach[slot] |= 1 << lane;
            }
        }
        for _level in 1..MAX_RCC {
            self.next.clear();
            for f in 0..self.frontier.len() {
                let slot = self.frontier[f] as usize;
                let bits = std::mem::take(&mut self.pending[slot]);
                let (i, lacked, class) = (slot / 27, slot / 3 % 9, slot % 3);
                let to_class = (class + 1).min(2);
                for &p in layer.steps_of(i) {
                    if (p & 15) as usize == lacked {
                        continue;
                    }
                    let t = (p >> 4) as usize * 3 + to_class;
                    let new = bits & !self.reach[t];
                    if new != 0 {
                        self.reach[t] |= new;
                        if self.pending_next[t] == 0 {
                            self.next.push(t as u32);
                        }
                        self.pending_next[t] |= new;
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
            std::mem::swap(&mut self.pending, &mut self.pending_next);
            if self.frontier.is_empty() {
                break;
            }
        }
        for &slot in &self.frontier {
            self.pending[slot as usize] = 0;
        }
    }
}

fn search(layer: &AlsLayer, sink: &mut dyn Sink) -> ControlFlow<()> {
    let n = layer.alses.len();
    let mut reach = Reach::new(n);
    // One record per elimination set (the least (start, end, first, last)): the number of
    // walks can be huge on sparse states, the number of distinct results much smaller.
    let mut found: HashMap<[u128; 9], Found> = HashMap::new();
    let union_only = sink.union_only();
    // The ends worth reaching from each start: ALSs sharing a digit z whose z-cells and the
    // start's have a common peer holding z (else no chain between them eliminates anything).
    let mut ends: Vec<Vec<(u32, u16)>> = vec![Vec::new(); n];
    let digits: Vec<u16> = layer.alses.iter().map(|a| a.digits.bits()).collect();
    let reaches: Vec<CellSet> = layer.alses.iter().map(|a| a.reach).collect();
    for s0 in 0..n {
        for k in s0 + 1..n {
            let shared = digits[s0] & digits[k];
            if shared == 0 || !reaches[s0].intersects(reaches[k]) {
                continue;
            }
            let (a0, ak) = (&layer.alses[s0], &layer.alses[k]);
            let mut zs = 0u16;
            for z in DigitSet::from_bits(shared).iter() {
                let i = z.index();
                if !((a0.seen[i] & ak.seen[i]) - a0.cells - ak.cells).is_empty() {
                    zs |= 1 << i;
                }
            }
            if zs != 0 {
                ends[s0].push((k as u32, zs));
                ends[k].push((s0 as u32, zs));
            }
        }
    }
    let mut sources: Vec<(usize, u8)> = Vec::new();
    for (start, start_ends) in ends.iter().enumerate() {
        if start_ends.is_empty() {
            continue;
        }
        let mut firsts = 0u16;
        for &k in layer.rccs_of(start) {
            firsts |= layer.rccs[k as usize].digits.bits();
        }
        sources.extend(DigitSet::from_bits(firsts).iter().map(|d| (start, d.index() as u8)));
    }
    // Per batch: which lanes reach each end with three links or more, by any last digit.
    let mut any = vec![0u64; n];
    for batch in sources.chunks(64) {
        reach.run(layer, batch);
        for (end, a) in any.iter_mut().enumerate() {
            *a = (0..9).fold(0, |acc, last| acc | reach.reach[(end * 9 + last) * 3 + 2]);
        }
        for (lane, &(start, first)) in batch.iter().enumerate() {
            let a0 = &layer.alses[start];
            for &(end, zmask) in &ends[start] {
                let end = end as usize;
                if any[end] & 1 << lane == 0 {
                    continue;
                }
                let ak = &layer.alses[end];
                for last in 0..9u8 {
                    if reach.reach[(end * 9 + usize::from(last)) * 3 + 2] & 1 << lane == 0 {
                        continue;
                    }
                    let zs = DigitSet::from_bits(zmask & !(1 << first) & !(1 << last));
                    if zs.is_empty() {
                        continue;
                    }
                    let elims = common_eliminations(a0, ak, zs);
                    if is_empty(&elims) {
                        continue;
                    }
                    if union_only {
                        let mut step = Step::new(TechniqueId::AlsChain);
                        step.eliminations = elims;
                        sink.push(step)?;
                        continue;
                    }
                    let f = Found { start, first, end, last, elims };
                    let better = |old: &Found| {
                        (f.start, f.end, f.first, f.last)
                            < (old.start, old.end, old.first, old.last)
                    };
                    match found.entry(elims.map(|m| m.bits())) {
                        Entry::Vacant(v) => {
                            v.insert(f);
                        }
                        Entry::Occupied(mut o) if better(o.get()) => {
                            o.insert(f);
                        }
                        Entry::Occupied(_) => {}
                    }
                }
            }
        }
    }
    if union_only {
        return ControlFlow::Continue(());
    }
    let mut found: Vec<Found> = found.into_values().collect();
    // HoDoKu's preference: most eliminations, then the smaller sum of eliminated cell indices.
    found.sort_by_cached_key(|f| {
        let count: u32 = f.elims.iter().map(|m| m.len()).sum();
        let sum: usize = f.elims.iter().flat_map(|m| m.iter()).map(|c| c.index()).sum();
        (std::cmp::Reverse(count), sum, f.elims.map(|m| m.bits()), f.start, f.end, f.first, f.last)
    });
    for f in &found {
        if let Some(step) = build(layer, f) {
            sink.push(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The step of `f` with a shortest walk as evidence.
fn build(layer: &AlsLayer, f: &Found) -> Option<Step> {
    let n = layer.alses.len();
    // Breadth-first over (ALS, lacked digit, class) from the start's first links with digit
    // `f.first`, parents kept, to (end, last, class 2).
    let slot = |i: usize, d: usize, c: usize| (i * 9 + d) * 3 + c;
    let mut parent = vec![u32::MAX; n * 27];
    let mut queue = std::collections::VecDeque::new();
    for &k in layer.rccs_of(f.start) {
        let rcc = &layer.rccs[k as usize];
        let d = usize::from(f.first);
        if rcc.digits.bits() & 1 << d != 0 {
            let t = slot(rcc.other(f.start), d, 0);
            if parent[t] == u32::MAX {
                parent[t] = u32::MAX - 1;
                queue.push_back((t, 1usize));
            }
        }
    }
    let target = slot(f.end, usize::from(f.last), 2);
    while let Some((t, len)) = queue.pop_front() {
        if t == target {
            break;
        }
        if len == MAX_RCC {
            continue;
        }
        let (i, lacked, class) = (t / 27, t / 3 % 9, t % 3);
        for &k in layer.rccs_of(i) {
            let rcc = &layer.rccs[k as usize];
            for s in rcc.digits.iter() {
                if s.index() == lacked {
                    continue;
                }
                let u = slot(rcc.other(i), s.index(), (class + 1).min(2));
                if parent[u] == u32::MAX {
                    parent[u] = t as u32;
                    queue.push_back((u, len + 1));
                }
            }
        }
    }
    if parent[target] == u32::MAX {
        return None;
    }
    // Walk back: (ALS, digit that links it to the previous one).
    let mut walk = Vec::new();
    let mut t = target;
    loop {
        walk.push((t / 27, t / 3 % 9));
        let p = parent[t];
        if p == u32::MAX - 1 {
            break;
        }
        t = p as usize;
    }
    walk.push((f.start, usize::MAX));
    walk.reverse();
    let mut chain = Vec::with_capacity(walk.len());
    for (w, &(i, _)) in walk.iter().enumerate() {
        let link = walk.get(w + 1).map_or(DigitSet::EMPTY, |&(_, d)| {
            DigitSet::single(bitdoku_bitboard::Digit::new_unchecked(d as u8))
        });
        chain.push((&layer.alses[i], link));
    }
    Some(als_step(TechniqueId::AlsChain, f.elims, &chain))
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::pencil;
    use crate::TechniqueId::AlsChain;
    use crate::testkit::{check_not_applicable, check_step};

    /// Four bivalue cells: r1c1 {1,2} -1- r1c5 {1,3} -3- r4c5 {3,4} -4- r4c9 {2,4}. A0 = r1c1
    /// and A3 = r4c9 share 2 (neither first digit 1 nor last digit 4): r1c9 and r4c1 see both
    /// ends and lose 2.
    #[test]
    fn four_bivalue_cells() {
        let s = pencil("r1c1=12 r1c5=13 r4c5=34 r4c9=24", "");
        let step = check_step(AlsChain, &s, "r1c9<>2 r4c1<>2");
        assert!(step.evidence.als.len() >= 4, "{}", step.explain());
    }

    /// A solved grid has no ALS.
    #[test]
    fn none_on_a_solved_grid() {
        let s = crate::testkit::state(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            "",
        );
        check_not_applicable(AlsChain, &s);
    }
}
