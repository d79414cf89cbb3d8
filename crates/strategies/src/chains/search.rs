//! The one chain search behind X-chain, XY-chain, nice loops/AIC and grouped AIC: a
//! breadth-first walk over the implication graph of the [`LinkGraph`].
//!
//! A *literal* is a node with a truth value (`2 * node + on`). "Node off" implies "its strong
//! partner on"; "node on" implies "its weak partner off". A walk from `A off` to `B on` is an
//! alternating inference chain `A = … = B` (at least one of `A`, `B` is true), so any candidate
//! that sees both (is weakly linked to both) is false. Breadth-first search gives every literal
//! its shortest distance, so the set of pairs joined within `max_links` links, and hence the
//! eliminations, do not depend on the order of the search.

use super::links::{CELL, HOUSE, LinkGraph};
use crate::chain::{Chain, ChainNode};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{CellSet, DigitSet};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Which links and conclusions a chain technique uses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spec {
    /// The technique the steps are reported under.
    pub id: TechniqueId,
    /// Allowed strong link kinds ([`CELL`], [`HOUSE`]).
    pub strong: u8,
    /// Allowed weak link kinds.
    pub weak: u8,
    /// Whether group nodes take part.
    pub groups: bool,
    /// The longest chain, in links.
    pub max_links: u8,
    /// Whether a candidate may be eliminated through a cell link to an end (AIC type 2).
    pub elim_cell: bool,
    /// Whether the two ends must be one digit in two different cells (XY-chain).
    pub same_digit_ends: bool,
    /// Whether nice-loop steps are reported too (discontinuous and continuous loops).
    pub nice_loops: bool,
}

/// The longest chain any technique of the family searches, in links.
pub(crate) const MAX_LINKS: u8 = 24;

const UNSEEN: u8 = u8::MAX;

/// Reusable breadth-first search state.
pub(crate) struct Bfs {
    dist: Vec<u8>,
    parent: Vec<u32>,
    queue: Vec<u32>,
}

impl Bfs {
    pub(crate) fn new() -> Bfs {
        Bfs { dist: Vec::new(), parent: Vec::new(), queue: Vec::new() }
    }

    /// Distances (in links) from literal `start` to every literal, up to `max_links`.
    pub(crate) fn run(&mut self, g: &LinkGraph, spec: &Spec, start: u32, max_links: u8) {
        let n2 = 2 * g.len();
        self.dist.clear();
        self.dist.resize(n2, UNSEEN);
        self.parent.resize(n2, u32::MAX);
        self.queue.clear();
        self.dist[start as usize] = 0;
        self.queue.push(start);
        let mut head = 0;
        let limit = if spec.groups { g.len() } else { g.singles() };
        while head < self.queue.len() {
            let lit = self.queue[head];
            head += 1;
            let d = self.dist[lit as usize];
            if d >= max_links {
                continue;
            }
            let node = (lit / 2) as usize;
            let on = lit & 1 == 1;
            let (edges, allowed) =
                if on { (g.weak(node), spec.weak) } else { (g.strong(node), spec.strong) };
            for e in edges {
                if e.kind & allowed == 0 || e.to as usize >= limit {
                    continue;
                }
                let t = 2 * u32::from(e.to) + u32::from(!on);
                if self.dist[t as usize] == UNSEEN {
                    self.dist[t as usize] = d + 1;
                    self.parent[t as usize] = lit;
                    self.queue.push(t);
                }
            }
        }
    }

    /// The nodes reached "on", at least `from`, in node order, into `out`.
    pub(crate) fn reached_on(&self, from: usize, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.queue
                .iter()
                .filter(|&&l| l & 1 == 1)
                .map(|&l| (l / 2) as usize)
                .filter(|&b| b >= from),
        );
        out.sort_unstable();
    }

    /// The distance to literal `lit`, if reached.
    pub(crate) fn dist(&self, lit: usize) -> Option<u8> {
        let d = self.dist[lit];
        (d != UNSEEN).then_some(d)
    }

    /// The literals from the start to `lit` (which must be reached).
    pub(crate) fn path(&self, lit: usize) -> Vec<u32> {
        let mut out = vec![lit as u32];
        let mut at = lit;
        while self.dist[at] != 0 {
            at = self.parent[at] as usize;
            out.push(at as u32);
        }
        out.reverse();
        out
    }
}

/// The chain of a literal path: node `i + 1` is joined to node `i` by a strong link when
/// literal `i` is off.
pub(crate) fn chain_of(g: &LinkGraph, path: &[u32]) -> Chain {
    let mut chain = Chain::EMPTY;
    for (i, &lit) in path.iter().enumerate() {
        let n = g.node((lit / 2) as usize);
        let strong = i > 0 && path[i - 1] & 1 == 0;
        chain.push(ChainNode::new(n.digit, n.cells), strong);
    }
    chain
}

/// Candidates weakly linked to both nodes `a` and `b` (equal nodes allowed): the digit in the
/// cells that see both, and with `spec.elim_cell` the other digit of a cell link.
pub(crate) fn common_elims(g: &LinkGraph, spec: &Spec, a: usize, b: usize) -> [CellSet; 9] {
    let masks = g.masks();
    let (na, nb) = (g.node(a), g.node(b));
    let mut e = [CellSet::EMPTY; 9];
    let (da, db) = (na.digit.index(), nb.digit.index());
    if da == db {
        e[da] = masks[da] & na.common_peers & nb.common_peers;
    }
    if spec.elim_cell {
        let a_single = na.cells.is_single();
        let b_single = nb.cells.is_single();
        if a_single && b_single && na.cells == nb.cells {
            for (d, m) in e.iter_mut().enumerate() {
                if d != da && d != db {
                    *m |= masks[d] & na.cells;
                }
            }
        } else if da != db {
            if a_single && na.cells.is_subset(nb.common_peers) {
                e[db] |= masks[db] & na.cells;
            }
            if b_single && nb.cells.is_subset(na.common_peers) {
                e[da] |= masks[da] & nb.cells;
            }
        }
    }
    e
}

fn is_weak(g: &LinkGraph, spec: &Spec, a: usize, b: usize) -> bool {
    g.weak(a).iter().any(|e| e.to as usize == b && e.kind & spec.weak != 0)
}

/// The eliminations of a continuous loop through `nodes` (closed from the last back to the
/// first): for a link between two nodes of one digit, the digit in the cells outside the loop
/// that see both; for a link inside one cell, the cell's other digits.
fn loop_elims(g: &LinkGraph, nodes: &[usize]) -> [CellSet; 9] {
    let masks = g.masks();
    let loop_cells = nodes.iter().fold(CellSet::EMPTY, |acc, &n| acc | g.node(n).cells);
    let mut e = [CellSet::EMPTY; 9];
    for (i, &x) in nodes.iter().enumerate() {
        let y = nodes[(i + 1) % nodes.len()];
        let (nx, ny) = (g.node(x), g.node(y));
        if nx.digit == ny.digit {
            let d = nx.digit.index();
            e[d] |= (masks[d] & nx.common_peers & ny.common_peers) - loop_cells;
        } else if let (Some(ax), Some(ay)) = (g.als_of(x), g.als_of(y)) {
            // Two digits of one ALS: one of them is missing from it, so every other digit of
            // the ALS is locked in it.
            if ax == ay {
                let (cells, digits) = ax;
                for d in digits.iter() {
                    let k = d.index();
                    if k != nx.digit.index() && k != ny.digit.index() {
                        e[k] |= (masks[k] & (cells & masks[k]).common_peers()) - cells;
                    }
                }
            }
        } else if nx.cells == ny.cells && nx.cells.is_single() {
            // A cell link: the cell holds one of the two digits.
            for (d, m) in e.iter_mut().enumerate() {
                if d != nx.digit.index() && d != ny.digit.index() {
                    *m |= masks[d] & nx.cells;
                }
            }
        }
    }
    e
}

pub(crate) fn make_step(spec: &Spec, elims: [CellSet; 9], chain: Chain) -> Step {
    let mut step = Step::new(spec.id);
    step.eliminations = elims;
    let mut digits = DigitSet::EMPTY;
    for node in chain.nodes() {
        digits = digits.with(node.digit());
    }
    step.evidence.digits = digits;
    step.evidence.cells = chain.cells();
    if let (Some(first), Some(last)) = (chain.nodes().first(), chain.nodes().last()) {
        step.evidence.pincers = first.cells() | last.cells();
    }
    step.evidence.chain = chain;
    step
}

/// What a found step proves, to rebuild its chain once it is known to be pushed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// An AIC (or a discontinuous loop with strong ends) from "start off" to "end on".
    Chain,
    /// A continuous loop: that chain closed by a weak link.
    Loop,
    /// A discontinuous loop "start on" -> ... -> "start off".
    False,
}

/// A found step before its chain is built: canonical key (fewest links, then most effects,
/// then the order found: start node, then end node, node order digit-major candidates then
/// groups), the literals, the eliminations.
struct Found {
    key: (usize, std::cmp::Reverse<u32>, usize),
    kind: Kind,
    start: u32,
    end: u32,
    elims: [CellSet; 9],
}

/// Runs the search of `spec` on `g` and pushes its steps in canonical order (shortest chain
/// first, then most effects, then search order), one step per distinct elimination set.
/// Chains are built only for the steps pushed (a first-step sink builds one).
pub(crate) fn find(g: &LinkGraph, spec: &Spec, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = g.masks();
    let limit = if spec.groups { g.len() } else { g.singles() };
    let mut found: Vec<Found> = Vec::new();
    let mut bfs = Bfs::new();
    let mut ends: Vec<usize> = Vec::new();
    let mut seq = 0usize;
    // A union-only sink (batch solving) needs neither chains nor order: the batched searches.
    if sink.union_only() {
        return if spec.groups {
            super::batch::find_union_groups(g, spec, sink)
        } else {
            super::batch::find_union(g, spec, sink)
        };
    }
    // A first-only sink takes the shortest chain: later starts need not search further than
    // the best found so far (ties are still found, and ordered by effects then search order).
    let first_only = sink.first_only();
    let mut bound = spec.max_links;
    let mut checked = 0;
    let mut push = |found: &mut Vec<Found>,
                    links: usize,
                    kind: Kind,
                    start: u32,
                    end: u32,
                    mut elims: [CellSet; 9]| {
        for d in 0..9 {
            elims[d] &= masks[d];
        }
        let effects: u32 = elims.iter().map(|m| m.len()).sum();
        if effects > 0 {
            let key = (links, std::cmp::Reverse(effects), seq);
            found.push(Found { key, kind, start, end, elims });
        }
        seq += 1;
    };
    for a in 0..limit {
        let start = 2 * a as u32;
        if first_only {
            // Only the records found since the last start can lower the bound.
            for f in &found[checked..] {
                bound = bound.min(f.key.0.min(255) as u8);
            }
            checked = found.len();
        }
        bfs.run(g, spec, start, bound);
        bfs.reached_on(a, &mut ends);
        for &b in &ends {
            let lit = 2 * b + 1;
            let Some(links) = bfs.dist(lit) else { continue };
            let (na, nb) = (g.node(a), g.node(b));
            if spec.same_digit_ends
                && (na.digit != nb.digit || !na.cells.is_single() || na.cells == nb.cells)
            {
                continue;
            }
            let links = links as usize;
            push(&mut found, links, Kind::Chain, start, lit as u32, common_elims(g, spec, a, b));
            if !spec.nice_loops {
                continue;
            }
            if a == b && na.cells.is_single() {
                // Discontinuous nice loop, both links strong: the candidate is true, so the
                // cell's other candidates go (HoDoKu's form of the step).
                let mut e = [CellSet::EMPTY; 9];
                for (d, m) in e.iter_mut().enumerate() {
                    if d != na.digit.index() {
                        *m = na.cells;
                    }
                }
                push(&mut found, links, Kind::Chain, start, lit as u32, e);
            }
            if a != b && is_weak(g, spec, b, a) && links < spec.max_links as usize {
                // Continuous nice loop: the chain closed by the weak link b - a.
                let nodes: Vec<usize> = bfs.path(lit).iter().map(|&l| (l / 2) as usize).collect();
                let distinct: HashSet<usize> = nodes.iter().copied().collect();
                if distinct.len() == nodes.len() {
                    push(
                        &mut found,
                        links + 1,
                        Kind::Loop,
                        start,
                        lit as u32,
                        loop_elims(g, &nodes),
                    );
                }
            }
        }
        if spec.nice_loops && g.node(a).cells.is_single() {
            // Discontinuous nice loop ending in a weak link: the candidate is false.
            bfs.run(g, spec, start + 1, bound);
            if let Some(links) = bfs.dist(2 * a) {
                let n = g.node(a);
                let mut e = [CellSet::EMPTY; 9];
                e[n.digit.index()] = n.cells;
                push(&mut found, links as usize, Kind::False, start + 1, start, e);
            }
        }
    }
    found.sort_by_key(|f| f.key);
    let mut seen: HashSet<[CellSet; 9]> = HashSet::new();
    let mut last_start = u32::MAX;
    for f in found {
        if !seen.insert(f.elims) {
            continue;
        }
        if f.start != last_start {
            bfs.run(g, spec, f.start, spec.max_links);
            last_start = f.start;
        }
        let mut chain = chain_of(g, &bfs.path(f.end as usize));
        if f.kind == Kind::Loop {
            chain.close(false);
        }
        sink.push(make_step(spec, f.elims, chain))?;
    }
    ControlFlow::Continue(())
}

/// The link kinds of the plain AIC family.
pub(crate) const ALL_KINDS: u8 = CELL | HOUSE;
