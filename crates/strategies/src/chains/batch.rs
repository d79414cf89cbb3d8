//! Grouped AIC for a union-only sink (batch solving): the AIC pairs of [`super::search::find`]
//! over candidate and group nodes, found by one breadth-first search per 64 starts instead of
//! one per start.
//!
//! Each literal (`2 * node + on`) keeps one bit per start of the batch: "reached". The search
//! is level-synchronous, so a start's bit reaches a literal on the level of its shortest
//! distance from that start, exactly as that start's own search would, and the length bound
//! cuts every start at the same level. A union-only sink needs one step per distinct
//! elimination set and their union, in no order and without chains, so the sets go straight
//! into a hash set.

use super::links::LinkGraph;
use super::search::{Spec, common_elims};
use crate::Sink;
use bitdoku_bitboard::CellSet;
use std::collections::HashSet;
use std::ops::ControlFlow;

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
    let mut reach = Reach::new(2 * n);
    for first in (0..n).step_by(64) {
        let starts = first..(first + 64).min(n);
        reach.run(g, spec, starts.clone());
        for (lit, &lanes) in reach.seen.iter().enumerate() {
            if lit & 1 == 0 || lanes == 0 {
                continue;
            }
            let b = lit / 2;
            let mut rest = lanes;
            while rest != 0 {
                let a = first + rest.trailing_zeros() as usize;
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

/// Reached literals from up to 64 starts at once (bit `k`: start `first + k`).
struct Reach {
    seen: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
    active: Vec<u32>,
    active_next: Vec<u32>,
}

impl Reach {
    fn new(literals: usize) -> Reach {
        Reach {
            seen: vec![0; literals],
            frontier: vec![0; literals],
            next: vec![0; literals],
            active: Vec::new(),
            active_next: Vec::new(),
        }
    }

    /// Fills `seen` from "`start` off" for each start of `starts` (at most 64).
    fn run(&mut self, g: &LinkGraph, spec: &Spec, starts: std::ops::Range<usize>) {
        self.seen.iter_mut().for_each(|s| *s = 0);
        self.active.clear();
        for (k, a) in starts.enumerate() {
            let lit = 2 * a;
            self.seen[lit] |= 1 << k;
            self.frontier[lit] |= 1 << k;
            self.active.push(lit as u32);
        }
        let limit = if spec.groups { g.len() } else { g.singles() };
        for _ in 0..spec.max_links {
            self.active_next.clear();
            for &lit in &self.active {
                let lit = lit as usize;
                let bits = std::mem::take(&mut self.frontier[lit]);
                let on = lit & 1 == 1;
                let node = lit / 2;
                let (edges, allowed) =
                    if on { (g.weak(node), spec.weak) } else { (g.strong(node), spec.strong) };
                for e in edges {
                    if e.kind & allowed == 0 || e.to as usize >= limit {
                        continue;
                    }
                    let t = 2 * e.to as usize + usize::from(!on);
                    let new = bits & !self.seen[t];
                    if new != 0 {
                        self.seen[t] |= new;
                        if self.next[t] == 0 {
                            self.active_next.push(t as u32);
                        }
                        self.next[t] |= new;
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
            std::mem::swap(&mut self.active, &mut self.active_next);
            if self.active.is_empty() {
                break;
            }
        }
        for &lit in &self.active {
            self.frontier[lit as usize] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::links::LinkGraph;
    use super::super::search::{Bfs, Spec};
    use crate::{TechniqueId, Union, apply_effects, registry};
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

    /// On states along the batch path of 40 top1465 puzzles (the `hodoku` preset's techniques
    /// applied in order), the batched search gives the union and the count of distinct
    /// elimination sets of the per-start reference.
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
        let (mut states, mut found) = (0, 0);
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
    }
}
