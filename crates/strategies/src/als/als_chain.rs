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

use super::chain_reach::{Ends, LANES, Lanes, Reach};
use super::sets::AlsLayer;
use super::{als_step, common_eliminations, is_empty};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet};
use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ops::ControlFlow;

/// The most restricted commons in one chain (the evidence holds one more ALS than links).
pub const MAX_RCC: usize = crate::MAX_ALS - 1;

/// ALS Chain's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::AlsChain,
    name: "ALS Chain",
    family: Family::Als,
    hodoku: Hodoku {
        order: 5900,
        score: 340,
        level: Level::Unfair,
        choice: HodokuChoice::Replaced,
    },
    se: 8.2,
    reglib: Reglib::Codes(&["0903"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Wide,
};

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

/// Per-thread buffers every search reuses (taken out while a search runs, so a nested search
/// gets its own).
#[derive(Default)]
struct Scratch {
    ends: Ends,
    reach: Reach,
    sources: Vec<(usize, u8)>,
    any: Vec<(Lanes, u16)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

fn search(layer: &AlsLayer, sink: &mut dyn Sink) -> ControlFlow<()> {
    let mut scratch = SCRATCH.take();
    let flow = search_with(layer, sink, &mut scratch);
    SCRATCH.set(scratch);
    flow
}

fn search_with(layer: &AlsLayer, sink: &mut dyn Sink, scratch: &mut Scratch) -> ControlFlow<()> {
    let n = layer.alses.len();
    let Scratch { ends, reach, sources, any } = scratch;
    // One record per elimination set (the least (start, end, first, last)): the number of
    // walks can be huge on sparse states, the number of distinct results much smaller.
    let mut found: HashMap<[u128; 9], Found> = HashMap::new();
    let union_only = sink.union_only();
    // The ends worth reaching from each start: ALSs sharing a digit z whose z-cells and the
    // start's have a common peer holding z (else no chain between them eliminates anything).
    // Only ends above the start: a walk read backwards is a walk from the end (first and last
    // digits swapped) with the same eliminations, and its (start, end, first, last) is never
    // the least of the two. Each hit thus stands for two candidate steps.
    ends.build(layer);
    // A source is worth a lane when some end has a digit z other than the first digit.
    sources.clear();
    for start in 0..n {
        let zany = ends.digits(start);
        if zany == 0 {
            continue;
        }
        let mut firsts = 0u16;
        for &k in layer.rccs_of(start) {
            firsts |= layer.rccs[k as usize].digits.bits();
        }
        for d in DigitSet::from_bits(firsts).iter() {
            if zany & !(1 << d.index()) != 0 {
                sources.push((start, d.index() as u8));
            }
        }
    }
    // Per batch and end: which lanes reach it with three links or more, by any last digit,
    // and which last digits some lane reaches it with.
    for batch in sources.chunks(LANES) {
        reach.run(layer, batch);
        any.clear();
        any.resize(n, (0, 0));
        for &slot in reach.touched() {
            if slot % 3 == 2 {
                let (lanes, lasts) = &mut any[slot as usize / 27];
                *lanes |= reach.at(slot as usize);
                *lasts |= 1 << (slot / 3 % 9);
            }
        }
        for (lane, &(start, first)) in batch.iter().enumerate() {
            let a0 = &layer.alses[start];
            let bit: Lanes = 1 << lane;
            for &(end, zmask) in ends.of(start) {
                let end = end as usize;
                let zl = zmask & !(1 << first);
                let (lanes, mut lasts) = any[end];
                if zl == 0 || lanes & bit == 0 {
                    continue;
                }
                let ak = &layer.alses[end];
                while lasts != 0 {
                    let last = lasts.trailing_zeros() as u8;
                    lasts &= lasts - 1;
                    if reach.at((end * 9 + usize::from(last)) * 3 + 2) & bit == 0 {
                        continue;
                    }
                    let zs = DigitSet::from_bits(zl & !(1 << last));
                    if zs.is_empty() {
                        continue;
                    }
                    let elims = common_eliminations(a0, ak, zs);
                    if is_empty(&elims) {
                        continue;
                    }
                    if union_only {
                        let none = [CellSet::EMPTY; 9];
                        sink.push_effects(TechniqueId::AlsChain, &none, &elims, 2)?;
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
