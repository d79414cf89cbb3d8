//! SE's unary chaining (cycles and forcing X/XY chains) where every hint is wanted (nested
//! rules), and the cycle's removals and rating.
//!
//! The searches run on the pass's link table ([`Fast`], over the pass's `Reach`), the
//! breadth-first searches of the top-level pass without potential objects; potentials are
//! made afterwards for what a hint needs (its chain's complexity, what it rests on, its
//! content), only for the cycles that remove something and the forcing chains found, with
//! the parents and causes the search on potentials gives them. The search on potentials
//! ([`Chainer::cycles`], [`Chainer::forcing`]) is kept for the engine that skips nothing
//! (`Chainer::new_unskipped`), which the tests compare with this one.

use super::*;
use crate::dirty::peers;

impl Chainer {
    /// Cycles and forcing chains from `d` in `c` (SE's unary chaining).
    pub(super) fn unary(
        &mut self,
        g: &Grid,
        c: usize,
        d: u8,
        y: bool,
        x: bool,
        out: &mut Vec<(Found, Vec<u32>, u8)>,
    ) {
        if g.count(c) > 2 && !x {
            return;
        }
        let src = key(c, d, true);
        // With the pass's reach (see `reach`), searches that cannot succeed are skipped.
        // The searches' roots are made only for the searches that run (most candidates
        // run none): a root is a node without parents, found by its key.
        let skip = self.skip_unreachable;
        let mut cycles = Vec::new();
        let mut hints = Vec::new();
        if !skip {
            let root = self.node(src, &[]);
            let cycle_limit = self.limit(if y && x { 70 } else { 65 });
            self.cycles(g, root, y, x, &mut cycles, cycle_limit);
        } else if if self.pass_on_failed {
            self.failed.on_cycle(c, d)
        } else {
            self.reach.on_cycle(src)
        } {
            let root = self.node(src, &[]);
            let cycle_limit = self.limit(if y && x { 70 } else { 65 });
            self.cycles_on_arrays(g, root, y, x, &mut hints, cycle_limit);
        }
        let mut chains: Vec<u32> = Vec::new();
        if x {
            let limit = self.limit(if y { 70 } else { 66 });
            if !skip {
                let r1 = self.node(src, &[]);
                self.forcing(g, r1, true, y, &mut chains, limit);
            } else if if self.pass_on_failed {
                self.failed.aim_off(c, d)
            } else {
                self.reach.reaches(src, src & !1)
            } {
                let r1 = self.node(src, &[]);
                self.forcing_on_arrays(g, r1, true, y, &mut chains, limit);
            }
            if !skip {
                let r2 = self.node(src & !1, &[]);
                self.forcing(g, r2, false, y, &mut chains, limit);
            } else if if self.pass_on_failed {
                self.failed.aim_on(c, d)
            } else {
                self.reach.reaches(src & !1, src)
            } {
                let r2 = self.node(src & !1, &[]);
                self.forcing_on_arrays(g, r2, false, y, &mut chains, limit);
            }
        }
        for dst in cycles {
            if let Some(f) = self.cycle_hint(g, dst, y, x) {
                hints.push((f, dst));
            }
        }
        for (f, dst) in hints {
            self.note_best(&f);
            out.push((f, vec![dst], 0));
        }
        for t in chains {
            let (tc, td, ton) = unkey(self.key_of(t));
            let removable: Vec<(u8, u8)> = if ton {
                digits(g.cand[tc]).filter(|&v| v != td).map(|v| (tc as u8, v)).collect()
            } else {
                vec![(tc as u8, td)]
            };
            if removable.is_empty() {
                continue;
            }
            let complexity = self.complexity(&[t]);
            let base = if y && x { 70 } else { 66 };
            let sort_key = if y && x {
                4
            } else if y {
                3
            } else {
                2
            };
            let name = if y { "Forcing Chain" } else { "Forcing X-Chain" };
            let f = Found {
                diff: base + length_tenths(complexity),
                complexity,
                sort_key,
                name,
                removable,
            };
            self.note_best(&f);
            out.push((f, vec![t], 0));
        }
    }

    /// SE's cycle search: breadth-first from `root` on; an on potential equal to the root
    /// reached after at least 4 half-steps closes a cycle.
    pub(super) fn cycles(
        &mut self,
        g: &Grid,
        root: u32,
        y: bool,
        x: bool,
        found: &mut Vec<u32>,
        limit: u32,
    ) {
        let src = self.key_of(root);
        let mut on = self.take_set();
        Self::insert(&mut on, src, root);
        let mut pend_on: VecDeque<u32> = VecDeque::from([root]);
        let mut pend_off: VecDeque<u32> = VecDeque::new();
        let mut length = 0;
        let mut offs_buf = Vec::new();
        let mut ons_buf = Vec::new();
        while !pend_on.is_empty() || !pend_off.is_empty() {
            length += 1;
            while let Some(p) = pend_on.pop_front() {
                self.on_to_off(g, p, y, &mut offs_buf);
                if u32::from(self.nodes[p as usize].depth) + 2 > limit {
                    continue;
                }
                let pc = unkey(self.key_of(p)).0;
                for &k in &offs_buf {
                    if !self.is_parent(p, k) {
                        let n = self.node(k, &[p]);
                        // Why it is off: a cycle reversed turns it on for that reason.
                        self.nodes[n as usize].cause = off_cause(pc, unkey(k).0);
                        pend_off.push_back(n);
                    }
                }
            }
            length += 1;
            while let Some(p) = pend_off.pop_front() {
                if u32::from(self.nodes[p as usize].depth) + 1 > limit {
                    continue;
                }
                self.off_to_on_nohidden(g, p, y, x, &mut ons_buf);
                for &(k, cause) in &ons_buf {
                    let closes = length >= 4 && k == src;
                    let new = !on.has(k);
                    if !closes && !new {
                        continue;
                    }
                    let n = self.on_node(k, cause, p);
                    if closes {
                        found.push(n);
                    }
                    if new {
                        Self::insert(&mut on, k, n);
                        pend_on.push_back(n);
                    }
                }
            }
        }
        self.give_set(on);
    }

    /// The cycles of [`Chainer::cycles`] from `root`, found on the pass's link table
    /// ([`Fast::cycles`], the breadth-first search without potential objects, over the
    /// pass's [`Reach`](super::reach::Reach) built with components), each with its hint;
    /// potentials are made only for the cycles that remove something. The search visits
    /// the same potentials in the same order: it leaves out only potentials outside the
    /// root's component, which cannot lead back to the root, so they never come before a
    /// potential that does. A cycle's potentials and their causes are then those the
    /// search on potentials gives it: each on potential's cause is that of the link that
    /// first reached it ([`on_cause`]), each off potential's that of its on parent
    /// ([`off_cause`]).
    pub(super) fn cycles_on_arrays(
        &mut self,
        g: &Grid,
        root: u32,
        y: bool,
        x: bool,
        hints: &mut Vec<(Found, u32)>,
        limit: u32,
    ) {
        let src = self.key_of(root);
        let mut found = Vec::new();
        if self.pass_on_failed {
            let links = failed::PassLinks { links: &self.reach_xy, failed: &self.failed, g, y, x };
            self.fast.cycles(&links, src, limit, &mut found);
        } else {
            self.fast.cycles(&self.reach, src, limit, &mut found);
        }
        for (k, par) in found {
            let path = self.fast.cycle_path(src, k, par);
            let removable = cycle_removable(g, &path);
            if removable.is_empty() {
                continue;
            }
            // The path runs from the end back to the root: make its potentials root first.
            let mut p = root;
            let mut prev = src;
            for &q in path.iter().skip(1).rev().chain(std::iter::once(&src)) {
                let cause = if q & 1 == 1 {
                    on_cause(g, prev, q, y, x)
                } else {
                    off_cause(unkey(prev).0, unkey(q).0)
                };
                p = self.on_node(q, cause, p);
                prev = q;
            }
            let complexity = self.complexity(&[p]);
            hints.push((cycle_found(removable, complexity, y, x), p));
        }
    }

    /// The forcing chain of [`Chainer::forcing`] from `root` (skipping mode: the first one
    /// only), found on the pass's link table ([`Fast::forcing`], over the pass's
    /// [`Reach`](super::reach::Reach) built with what reaches what). The search meets the
    /// same potentials in the same order, leaving out only those that cannot reach the
    /// target (whose successors cannot either, so they never come before one that can):
    /// the first target met is the same, through the same parents. Its potentials are
    /// then made as the search on potentials makes them: off potentials without a cause,
    /// on potentials with the cause of the link that reached them ([`on_cause`]).
    pub(super) fn forcing_on_arrays(
        &mut self,
        g: &Grid,
        root: u32,
        root_on: bool,
        y: bool,
        chains: &mut Vec<u32>,
        limit: u32,
    ) {
        let src = self.key_of(root);
        let found = if self.pass_on_failed {
            // Aimed at the target by `Failed::aim_off` or `Failed::aim_on` just before.
            let links =
                failed::PassLinks { links: &self.reach_xy, failed: &self.failed, g, y, x: true };
            self.fast.forcing(&links, src, root_on, limit)
        } else {
            self.fast.forcing(&self.reach, src, root_on, limit)
        };
        if found.is_none() {
            return;
        }
        let mut p = root;
        let mut prev = src;
        for q in self.fast.forcing_path(src) {
            p = if q & 1 == 1 {
                let cause = on_cause(g, prev, q, y, true);
                self.on_node(q, cause, p)
            } else {
                self.node(q, &[p])
            };
            prev = q;
        }
        chains.push(p);
    }

    /// `off_to_on` on an unchanged grid (no removed candidates, so no hidden parents).
    pub(super) fn off_to_on_nohidden(
        &self,
        g: &Grid,
        p: u32,
        y: bool,
        x: bool,
        out: &mut Vec<(u16, u8)>,
    ) {
        out.clear();
        let (c, d, _) = unkey(self.key_of(p));
        if y && g.count(c) == 2 {
            let other = low(g.cand[c] & !(1 << (d - 1))) as u8 + 1;
            out.push((key(c, other, true), 1));
        }
        if x {
            for &r in &CELL_HOUSES[c] {
                let r = r as usize;
                let pos = g.positions(r, d);
                if pos.count_ones() != 2 {
                    continue;
                }
                let mut i = low(pos);
                if HOUSE_CELLS[r][i] as usize == c {
                    i = low(pos & !(1 << i));
                }
                let k = key(HOUSE_CELLS[r][i] as usize, d, true);
                if out.iter().any(|&(o, _)| o == k) {
                    continue;
                }
                out.push((k, 2 + r as u8));
            }
        }
    }

    pub(super) fn on_node(&mut self, k: u16, cause: u8, parent: u32) -> u32 {
        let n = self.node(k, &[parent]);
        self.nodes[n as usize].cause = cause;
        n
    }

    /// SE's forcing chains from `root` (on or off): a potential whose opposite is the root.
    pub(super) fn forcing(
        &mut self,
        g: &Grid,
        root: u32,
        root_on: bool,
        y: bool,
        chains: &mut Vec<u32>,
        limit: u32,
    ) {
        let src = self.key_of(root);
        let mut on = self.take_set();
        let mut off = self.take_set();
        let mut pend_on = VecDeque::new();
        let mut pend_off = VecDeque::new();
        if root_on {
            Self::insert(&mut on, src, root);
            pend_on.push_back(root);
        } else {
            Self::insert(&mut off, src, root);
            pend_off.push_back(root);
        }
        let mut offs_buf = Vec::new();
        let mut ons_buf = Vec::new();
        // One key only is the root's opposite: the search ends when it is reached (the
        // unskipped engine of the tests searches on, to check that).
        'search: while !pend_on.is_empty() || !pend_off.is_empty() {
            while let Some(p) = pend_on.pop_front() {
                // A child has complexity depth + 2 (the root counts once).
                if u32::from(self.nodes[p as usize].depth) + 2 > limit {
                    continue;
                }
                self.on_to_off(g, p, y, &mut offs_buf);
                for &k in &offs_buf {
                    let target = k | 1 == src && !chains.iter().any(|&t| self.key_of(t) == k);
                    let new = !off.has(k);
                    if !target && !new {
                        continue;
                    }
                    let fresh = self.node(k, &[p]);
                    if target {
                        chains.push(fresh);
                        if self.skip_unreachable {
                            break 'search;
                        }
                    }
                    if new {
                        Self::insert(&mut off, k, fresh);
                        pend_off.push_back(fresh);
                    }
                }
            }
            while let Some(p) = pend_off.pop_front() {
                if u32::from(self.nodes[p as usize].depth) + 2 > limit {
                    continue;
                }
                self.off_to_on_nohidden(g, p, y, true, &mut ons_buf);
                for &(k, cause) in &ons_buf {
                    let target = k & !1 == src && !chains.iter().any(|&t| self.key_of(t) == k);
                    let new = !on.has(k);
                    if !target && !new {
                        continue;
                    }
                    let n = self.on_node(k, cause, p);
                    if target {
                        chains.push(n);
                        if self.skip_unreachable {
                            break 'search;
                        }
                    }
                    if new {
                        Self::insert(&mut on, k, n);
                        pend_on.push_back(n);
                    }
                }
            }
        }
        self.give_set(on);
        self.give_set(off);
    }

    pub(super) fn cycle_hint(&mut self, g: &Grid, dst: u32, y: bool, x: bool) -> Option<Found> {
        let mut path: Vec<u16> = Vec::new();
        let mut p = dst;
        while let Some(q) = self.first_parent(p) {
            path.push(self.key_of(p));
            p = q;
        }
        let removable = cycle_removable(g, &path);
        if removable.is_empty() {
            return None;
        }
        let complexity = self.complexity(&[dst]);
        Some(cycle_found(removable, complexity, y, x))
    }
}

/// Why a candidate of cell `o` goes off when one of cell `c` goes on, as SE records it: the
/// cell (1) for another value of the same cell, else the first house of `c` (block, row,
/// column) that holds `o` (2 + house).
fn off_cause(c: usize, o: usize) -> u8 {
    if o == c {
        return 1;
    }
    CELL_HOUSES[c].iter().find(|&&r| CELL_HOUSES[o].contains(&r)).map_or(0, |&r| 2 + r)
}

/// The cause [`Chainer::off_to_on_nohidden`] gives on potential `on` forced by off
/// potential `off`: 1 for the other value of a bivalue cell, else 2 + the first house of
/// the cell (block, row, column) where the digit's other position is `on`'s cell.
fn on_cause(g: &Grid, off: u16, on: u16, y: bool, x: bool) -> u8 {
    let (c, d, _) = unkey(off);
    let (oc, _, _) = unkey(on);
    if oc == c {
        debug_assert!(y && g.count(c) == 2);
        return 1;
    }
    debug_assert!(x);
    for &r in &CELL_HOUSES[c] {
        let r = r as usize;
        let pos = g.positions(r, d);
        if pos.count_ones() == 2 && HOUSE_CELLS[r].iter().any(|&o| o as usize == oc) {
            return 2 + r as u8;
        }
    }
    unreachable!("an on potential follows from an off one only through its cell or a house")
}

/// The candidates a cycle removes: those seen by an on and an off potential of the same
/// digit along `path` (dst first, the assumption left out), outside the cycle's cells.
pub(super) fn cycle_removable(g: &Grid, path: &[u16]) -> Vec<(u8, u8)> {
    // Per digit: the cells seen by an on potential of the cycle and by an off one, outside
    // the cycle's cells.
    let mut cells = 0u128;
    let mut fwd = [0u128; 9];
    let mut back = [0u128; 9];
    for &k in path {
        let (c, d, on) = unkey(k);
        cells |= 1 << c;
        let side = if on { &mut fwd } else { &mut back };
        side[d as usize - 1] |= peers(c);
    }
    let mut any = false;
    for d in 0..9 {
        fwd[d] &= back[d] & !cells;
        any |= fwd[d] != 0;
    }
    if !any {
        return Vec::new();
    }
    // In SE's order: the cycle's on potentials in turn, each one's houses in order.
    let mut out: Vec<(u8, u8)> = Vec::new();
    for &k in path {
        let (c, d, on) = unkey(k);
        if !on {
            continue;
        }
        for &o in &PEERS[c] {
            if fwd[d as usize - 1] >> o & 1 != 0 && g.has(o as usize, d) && !out.contains(&(o, d)) {
                out.push((o, d));
            }
        }
    }
    out
}

pub(super) fn cycle_found(removable: Vec<(u8, u8)>, complexity: u32, y: bool, x: bool) -> Found {
    let base = if y && x { 70 } else { 65 };
    let sort_key = if y && x {
        4
    } else if y {
        3
    } else {
        2
    };
    let name = match (y, x) {
        (true, true) => "XY-Cycle",
        (true, false) => "Y-Cycle",
        _ => "X-Cycle",
    };
    Found { diff: base + length_tenths(complexity), complexity, sort_key, name, removable }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The removals as plain lists: every candidate outside the cycle's cells seen by an on
    /// potential, kept when an off potential sees it too, in first-seen order.
    fn removable_by_lists(g: &Grid, path: &[u16]) -> Vec<(u8, u8)> {
        let cells: Vec<usize> = path.iter().map(|&k| unkey(k).0).collect();
        let mut fwd: Vec<(u8, u8)> = Vec::new();
        let mut back: Vec<(u8, u8)> = Vec::new();
        for &k in path {
            let (c, d, on) = unkey(k);
            for &o in &PEERS[c] {
                if !cells.contains(&(o as usize)) && g.has(o as usize, d) {
                    let v = if on { &mut fwd } else { &mut back };
                    if !v.contains(&(o, d)) {
                        v.push((o, d));
                    }
                }
            }
        }
        fwd.into_iter().filter(|e| back.contains(e)).collect()
    }

    #[test]
    fn cycle_removals_by_masks_equal_lists() {
        // A few hundred pseudo-random potential sequences on a grid with several givens.
        let puzzle =
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let values: [u8; 81] = std::array::from_fn(|i| puzzle[i].saturating_sub(b'0') % 10);
        let g = Grid::from_values(&values);
        let keys: Vec<u16> = (0..81)
            .flat_map(|c| digits(g.cand[c]).flat_map(move |d| [key(c, d, true), key(c, d, false)]))
            .collect();
        let mut seed = 0x2545_f491_u64;
        let mut nonempty = 0;
        for _ in 0..2000 {
            let len = 4 + (seed % 9) as usize;
            let path: Vec<u16> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    keys[(seed % keys.len() as u64) as usize]
                })
                .collect();
            let expected = removable_by_lists(&g, &path);
            nonempty += usize::from(!expected.is_empty());
            assert_eq!(cycle_removable(&g, &path), expected, "{path:?}");
        }
        assert!(nonempty > 100, "{nonempty}");
    }
}
