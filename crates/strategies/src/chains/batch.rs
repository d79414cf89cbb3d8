//! The chain searches for a union-only sink (batch solving): the AIC pairs of
//! [`super::search::find`], found by one breadth-first search per 64 starts instead of one per
//! start.
//!
//! * Without groups ([`find_union`]: X-chain, XY-chain, AIC) the sink takes one step, the
//!   union of every pair's eliminations. Pairs are symmetric, so each start `A` adds what it
//!   eliminates with every end it reaches ([`start_elims`], on masks).
//! * With groups ([`find_union_groups`]) it takes one step per distinct elimination set.
//!
//! Each literal (`2 * node + on`) keeps one bit per start of the batch: "reached". The search
//! is level-synchronous, so a start's bit reaches a literal on the level of its shortest
//! distance from that start, exactly as that start's own search would, and the length bound
//! cuts every start at the same level. A union-only sink needs one step per distinct
//! elimination set and their union, in no order and without chains, so the sets go straight
//! into a hash set.

use super::links::{CELL, HOUSE, LinkGraph};
use super::search::{Spec, common_elims, make_step};
use crate::Sink;
use crate::chain::Chain;
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{CellSet, Digit};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Pushes the union of the AIC pairs' eliminations (candidate nodes only, "`A` off" to "`B`
/// on" within `spec.max_links` links) as one step without a chain.
pub(crate) fn find_union(g: &LinkGraph, spec: &Spec, sink: &mut dyn Sink) -> ControlFlow<()> {
    let n = g.singles();
    let links = Links::candidates(g, spec);
    let starts = links.starts(n);
    let mut union = [CellSet::EMPTY; 9];
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let Scratch { reach, reached } = &mut *scratch;
        reach.resize(2 * n);
        for batch in starts.chunks(64) {
            reach.run(&links, batch);
            // Per lane, the digits whose row of `reached` was written (rows are left clear).
            let mut written = [0u16; 64];
            for b in 0..n {
                let mut rest = reach.seen[2 * b + 1];
                if rest == 0 {
                    continue;
                }
                let nb = g.node(b);
                let d = nb.digit.index();
                while rest != 0 {
                    let k = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    written[k] |= 1 << d;
                    reached[k][d] |= nb.cells;
                }
            }
            for (k, &a) in batch.iter().enumerate() {
                if written[k] == 0 {
                    continue;
                }
                for (u, e) in union.iter_mut().zip(start_elims(g, spec, a as usize, &reached[k])) {
                    *u |= e;
                }
                let mut rows = written[k];
                while rows != 0 {
                    reached[k][rows.trailing_zeros() as usize] = CellSet::EMPTY;
                    rows &= rows - 1;
                }
            }
        }
    });
    if union.iter().any(|m| !m.is_empty()) {
        sink.push(make_step(spec, union, Chain::EMPTY))?;
    }
    ControlFlow::Continue(())
}

/// Reusable buffers of the batched searches (one set per thread): the reach lanes, and per
/// lane the ends reached "on" per digit.
struct Scratch {
    reach: Reach,
    reached: Vec<[CellSet; 9]>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch {
        reach: Reach::default(),
        reached: vec![[CellSet::EMPTY; 9]; 64],
    });
}

/// What start `A` (candidate node `a`) eliminates with the ends it reaches "on" (`reached`,
/// one mask per digit): the digit in the cells seeing `A` and some reached `B` of its digit
/// (in another cell for an XY-chain), and with cell eliminations the cell links of `A`'s cell
/// and of the reached ends seeing it.
fn start_elims(g: &LinkGraph, spec: &Spec, a: usize, reached: &[CellSet; 9]) -> [CellSet; 9] {
    let masks = g.masks();
    let mut out = [CellSet::EMPTY; 9];
    let na = g.node(a);
    let da = na.digit.index();
    let ca = na.cells.first().expect("a candidate node has a cell");
    let mut ends = reached[da];
    if spec.same_digit_ends {
        ends.remove(ca);
    }
    let seen = ends.iter().fold(CellSet::EMPTY, |acc, c| acc | PEERS[c.index()]);
    out[da] |= masks[da] & PEERS[ca.index()] & seen;
    if !spec.elim_cell {
        return out;
    }
    let here = CellSet::single(ca);
    for (e, r) in reached.iter().enumerate() {
        if e == da {
            if r.contains(ca) {
                // A forced true: the cell's other candidates.
                for (x, u) in out.iter_mut().enumerate() {
                    if x != da {
                        *u |= masks[x] & here;
                    }
                }
            }
            continue;
        }
        if r.contains(ca) {
            // B in A's cell: the cell's third digits.
            for (x, u) in out.iter_mut().enumerate() {
                if x != da && x != e {
                    *u |= masks[x] & here;
                }
            }
        }
        let near = *r & PEERS[ca.index()];
        if !near.is_empty() {
            // B sees A: A's cell loses B's digit, B's cells lose A's digit.
            out[e] |= masks[e] & here;
            out[da] |= masks[da] & near;
        }
    }
    out
}

/// Pushes the union and the number of distinct elimination sets of the AIC pairs (`A`, `B`
/// with `B` at or after `A` in node order, "`A` off" to "`B` on" within `spec.max_links`
/// links) of `spec` on `g`, group nodes included.
pub(crate) fn find_union_groups(
    g: &LinkGraph,
    spec: &Spec,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    let n = g.len();
    let mut distinct: HashSet<[CellSet; 9]> = HashSet::new();
    let links = Links::graph(g, spec);
    let starts = links.starts(n);
    SCRATCH.with(|scratch| {
        let reach = &mut scratch.borrow_mut().reach;
        reach.resize(2 * n);
        for batch in starts.chunks(64) {
            reach.run(&links, batch);
            for (lit, &lanes) in reach.seen[..2 * n].iter().enumerate() {
                if lit & 1 == 0 || lanes == 0 {
                    continue;
                }
                let b = lit / 2;
                let mut rest = lanes;
                while rest != 0 {
                    let a = batch[rest.trailing_zeros() as usize] as usize;
                    rest &= rest - 1;
                    if b < a {
                        continue;
                    }
                    if let Some(elims) = pair_elims(g, spec, a, b) {
                        distinct.insert(elims);
                    }
                }
            }
        }
    });
    if distinct.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut union = [CellSet::EMPTY; 9];
    for e in &distinct {
        for (u, m) in union.iter_mut().zip(e) {
            *u |= *m;
        }
    }
    sink.push_effects(spec.id, &[CellSet::EMPTY; 9], &union, distinct.len() as u32)
}

/// The present candidates an AIC from `a` to `b` eliminates, if any (and if `spec` allows the
/// pair's ends).
fn pair_elims(g: &LinkGraph, spec: &Spec, a: usize, b: usize) -> Option<[CellSet; 9]> {
    let (na, nb) = (g.node(a), g.node(b));
    if spec.same_digit_ends
        && (na.digit != nb.digit || !na.cells.is_single() || na.cells == nb.cells)
    {
        return None;
    }
    let masks = g.masks();
    let mut elims = common_elims(g, spec, a, b);
    for (e, m) in elims.iter_mut().zip(masks) {
        *e &= *m;
    }
    elims.iter().any(|m| !m.is_empty()).then_some(elims)
}

/// Reached literals from up to 64 starts at once (bit `k`: the batch's `k`-th start). Empty
/// until [`Reach::resize`] sizes it for a graph.
#[derive(Default)]
struct Reach {
    seen: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
    active: Vec<u32>,
    active_next: Vec<u32>,
    /// The literals of the current graph (the buffers may be longer).
    len: usize,
}

impl Reach {
    /// Makes room for `literals` literals (`frontier` and `next` stay all clear between runs).
    fn resize(&mut self, literals: usize) {
        self.len = literals;
        if self.seen.len() < literals {
            self.seen.resize(literals, 0);
            self.frontier.resize(literals, 0);
            self.next.resize(literals, 0);
            // Each literal enters a list at most once per level, plus one slot written past
            // the count by the branch-free push.
            self.active.resize(literals + 1, 0);
            self.active_next.resize(literals + 1, 0);
        }
    }

    /// Fills `seen` from "`start` off" for each start (node index) of `starts` (at most 64;
    /// lane `k` is `starts[k]`), within `links.max` links.
    fn run(&mut self, links: &Links, starts: &[u32]) {
        let Reach { seen, frontier, next, active, active_next, len } = self;
        seen[..*len].iter_mut().for_each(|s| *s = 0);
        let mut count = 0;
        for (k, &a) in starts.iter().enumerate() {
            let lit = 2 * a as usize;
            seen[lit] |= 1 << k;
            frontier[lit] |= 1 << k;
            active[count] = lit as u32;
            count += 1;
        }
        for _ in 0..links.max {
            // Branch-free: every target is written to the next list, which only counts it
            // the first time it gains a lane on this level.
            let mut next_count = 0;
            for &lit in &active[..count] {
                let lit = lit as usize;
                let bits = std::mem::take(&mut frontier[lit]);
                for &t in links.from(lit) {
                    let t = t as usize;
                    let new = bits & !seen[t];
                    seen[t] |= new;
                    let was = next[t];
                    next[t] = was | new;
                    active_next[next_count] = t as u32;
                    next_count += usize::from((was == 0) & (new != 0));
                }
            }
            std::mem::swap(frontier, next);
            std::mem::swap(active, active_next);
            count = next_count;
            if count == 0 {
                break;
            }
        }
        for &lit in &active[..count] {
            frontier[lit as usize] = 0;
        }
    }
}

/// The implications a spec allows, per literal: "off" to its strong partners "on", "on" to
/// its weak partners "off" (offsets into one target array).
struct Links {
    start: Vec<u32>,
    to: Vec<u32>,
    max: u8,
}

impl Links {
    /// The nodes (of the first `n`) whose "off" literal implies anything, in order: the
    /// only starts that reach an end (the others reach nothing, and are no end either, since
    /// strong links are symmetric).
    fn starts(&self, n: usize) -> Vec<u32> {
        (0..n as u32)
            .filter(|&a| self.start[2 * a as usize] < self.start[2 * a as usize + 1])
            .collect()
    }

    /// The targets of literal `lit`.
    fn from(&self, lit: usize) -> &[u32] {
        &self.to[self.start[lit] as usize..self.start[lit + 1] as usize]
    }

    /// From the graph's adjacency arrays (every node, groups included).
    fn graph(g: &LinkGraph, spec: &Spec) -> Links {
        let limit = if spec.groups { g.len() } else { g.singles() };
        let mut start = Vec::with_capacity(2 * limit + 1);
        let mut to = Vec::with_capacity(16 * limit);
        start.push(0);
        for node in 0..limit {
            for on in [false, true] {
                let (edges, allowed) =
                    if on { (g.weak(node), spec.weak) } else { (g.strong(node), spec.strong) };
                for e in edges {
                    if e.kind & allowed != 0 && (e.to as usize) < limit {
                        to.push(2 * u32::from(e.to) + u32::from(!on));
                    }
                }
                start.push(to.len() as u32);
            }
        }
        Links { start, to, max: spec.max_links }
    }

    /// From the masks (candidate nodes only; the graph's adjacency arrays are not built).
    fn candidates(g: &LinkGraph, spec: &Spec) -> Links {
        let masks = g.masks();
        let bivalue = g.bivalue();
        let n = g.singles();
        let mut start = Vec::with_capacity(2 * n + 1);
        let mut to = Vec::with_capacity(16 * n);
        start.push(0);
        let lit = |cell, digit| 2 * g.single(cell, digit).expect("a candidate") as u32;
        for i in 0..n {
            let node = g.node(i);
            let d = node.digit;
            let cell = node.cells.first().expect("a candidate node has a cell");
            let others = || Digit::all().filter(|&e| e != d && masks[e.index()].contains(cell));
            // Off: strong partners, on.
            if spec.strong & HOUSE != 0 {
                to.extend(g.conjugates(d.index(), cell).iter().map(|c| lit(c, d) + 1));
            }
            if spec.strong & CELL != 0 && bivalue.contains(cell) {
                to.extend(others().map(|e| lit(cell, e) + 1));
            }
            start.push(to.len() as u32);
            // On: weak partners, off.
            if spec.weak & HOUSE != 0 {
                to.extend((PEERS[cell.index()] & masks[d.index()]).iter().map(|c| lit(c, d)));
            }
            if spec.weak & CELL != 0 {
                to.extend(others().map(|e| lit(cell, e)));
            }
            start.push(to.len() as u32);
        }
        Links { start, to, max: spec.max_links }
    }
}

#[cfg(test)]
mod tests {
    use super::super::links::{CELL, HOUSE, LinkGraph};
    use super::super::search::{Bfs, Spec};
    use crate::{TechniqueId, Union, apply_effects, registry};
    use bitdoku_bitboard::tables::PEERS;
    use bitdoku_bitboard::{CellSet, parse_line};
    use std::collections::HashSet;

    /// The distinct elimination sets of the AIC pairs, one breadth-first search per start.
    fn reference(g: &LinkGraph, spec: &Spec) -> HashSet<[CellSet; 9]> {
        let mut out = HashSet::new();
        let mut bfs = Bfs::new();
        for a in 0..g.len() {
            bfs.run(g, spec, 2 * a as u32, spec.max_links);
            for b in a..g.len() {
                if bfs.dist(2 * b + 1).is_none() {
                    continue;
                }
                if let Some(e) = super::pair_elims(g, spec, a, b) {
                    out.insert(e);
                }
            }
        }
        out
    }

    /// The old per-start search: the candidates reached "on" from "`start` off" within
    /// `spec.max_links` links, layer by layer on masks.
    fn reach_masks(
        g: &LinkGraph,
        spec: &Spec,
        start_cell: bitdoku_bitboard::Cell,
        start_digit: usize,
    ) -> [CellSet; 9] {
        let masks = g.masks();
        let mut seen_off = [CellSet::EMPTY; 9];
        let mut seen_on = [CellSet::EMPTY; 9];
        let mut frontier = [CellSet::EMPTY; 9];
        frontier[start_digit] = CellSet::single(start_cell);
        seen_off[start_digit] = frontier[start_digit];
        let mut on = false;
        for _ in 0..spec.max_links {
            let mut next = [CellSet::EMPTY; 9];
            if on {
                if spec.weak & HOUSE != 0 {
                    for d in 0..9 {
                        for x in frontier[d] {
                            next[d] |= PEERS[x.index()];
                        }
                        next[d] &= masks[d];
                    }
                }
                if spec.weak & CELL != 0 {
                    for (d, f) in frontier.iter().enumerate() {
                        if f.is_empty() {
                            continue;
                        }
                        for e in (0..9).filter(|&e| e != d) {
                            next[e] |= *f & masks[e];
                        }
                    }
                }
            } else {
                if spec.strong & HOUSE != 0 {
                    for d in 0..9 {
                        for x in frontier[d] {
                            next[d] |= g.conjugates(d, x);
                        }
                    }
                }
                if spec.strong & CELL != 0 {
                    let bivalue = g.bivalue();
                    for (d, fd) in frontier.iter().enumerate() {
                        let f = *fd & bivalue;
                        if f.is_empty() {
                            continue;
                        }
                        for e in (0..9).filter(|&e| e != d) {
                            next[e] |= f & masks[e];
                        }
                    }
                }
            }
            let seen = if on { &mut seen_off } else { &mut seen_on };
            let mut any = false;
            for d in 0..9 {
                next[d] -= seen[d];
                seen[d] |= next[d];
                any |= !next[d].is_empty();
            }
            if !any {
                break;
            }
            frontier = next;
            on = !on;
        }
        seen_on
    }

    /// The union of the plain chains' eliminations, one masks search per start.
    fn reference_union(g: &LinkGraph, spec: &Spec) -> [CellSet; 9] {
        let mut union = [CellSet::EMPTY; 9];
        for a in 0..g.singles() {
            let na = g.node(a);
            let ca = na.cells.first().expect("a candidate node has a cell");
            let reached = reach_masks(g, spec, ca, na.digit.index());
            for (u, e) in union.iter_mut().zip(super::start_elims(g, spec, a, &reached)) {
                *u |= e;
            }
        }
        union
    }

    /// On states along the batch path of 40 top1465 puzzles (a few techniques applied in
    /// order), the batched searches give what one search per start gives: for grouped AIC the
    /// union and the count of distinct elimination sets, for X-chain, XY-chain and AIC the
    /// union.
    #[test]
    fn batched_search_equals_one_search_per_start() {
        let spec = super::super::grouped_aic::SPEC;
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/magictour_top1465.txt");
        let text = std::fs::read_to_string(path).expect("corpus");
        let order: Vec<_> = [
            "naked-single",
            "hidden-single",
            "locked-candidates-pointing",
            "locked-candidates-claiming",
            "naked-pair",
            "x-wing",
            "xy-wing",
            "aic",
        ]
        .iter()
        .map(|id| registry::get(id.parse::<TechniqueId>().expect("id")).expect("row"))
        .collect();
        let (mut states, mut found, mut plain_found) = (0, 0, 0);
        for line in text.lines().take(40) {
            let mut state = parse_line(line).expect("valid").expect("puzzle").candidates();
            loop {
                let g = LinkGraph::build(&state);
                let want = reference(&g, &spec);
                let mut got = Union::default();
                let _ = super::find_union_groups(&g, &spec, &mut got);
                let mut union = [CellSet::EMPTY; 9];
                for e in &want {
                    for d in 0..9 {
                        union[d] |= e[d];
                    }
                }
                assert_eq!(got.steps as usize, want.len(), "{line}");
                assert_eq!(got.eliminations, union, "{line}");
                for plain in [
                    super::super::x_chain::SPEC,
                    super::super::xy_chain::SPEC,
                    super::super::aic::SPEC,
                ] {
                    let want = reference_union(&g, &plain);
                    let mut got = Union::default();
                    let _ = super::find_union(&g, &plain, &mut got);
                    assert_eq!(got.eliminations, want, "{:?} on {line}", plain.id);
                    assert_eq!(got.steps, u32::from(want.iter().any(|m| !m.is_empty())));
                    plain_found += usize::from(got.steps > 0);
                }
                states += 1;
                found += usize::from(!want.is_empty());
                let mut applied = false;
                for t in &order {
                    let mut u = Union::default();
                    let _ = t.search(&state, &mut u);
                    if u.steps > 0 && apply_effects(&mut state, &u.placements, &u.eliminations) {
                        applied = true;
                        break;
                    }
                }
                if !applied {
                    break;
                }
            }
        }
        assert!(states > 400 && found > 20, "{states} states, {found} with eliminations");
        assert!(plain_found > 100, "{plain_found} plain searches with eliminations");
    }
}
