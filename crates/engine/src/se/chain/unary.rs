//! SE's unary chaining on potential objects (cycles and forcing X/XY chains), used where
//! every hint is wanted (nested rules), and the cycle's removals and rating.

use super::*;

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
        let root = self.node(src, &[]);
        let mut cycles = Vec::new();
        let cycle_limit = self.limit(if y && x { 70 } else { 65 });
        self.cycles(g, root, y, x, &mut cycles, cycle_limit);
        let mut chains: Vec<u32> = Vec::new();
        if x {
            let limit = self.limit(if y { 70 } else { 66 });
            let r1 = self.node(src, &[]);
            self.forcing(g, r1, true, y, &mut chains, limit);
            let r2 = self.node(src & !1, &[]);
            self.forcing(g, r2, false, y, &mut chains, limit);
        }
        for dst in cycles {
            if let Some(f) = self.cycle_hint(g, dst, y, x) {
                self.note_best(&f);
                out.push((f, vec![dst], 0));
            }
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
                for &k in &offs_buf {
                    if !self.is_parent(p, k) {
                        let n = self.node(k, &[p]);
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
                    let new = on.slot[k as usize] == NONE;
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
            for &r in &CELL_REGIONS[c] {
                let r = r as usize;
                let pos = g.positions(r, d);
                if pos.count_ones() != 2 {
                    continue;
                }
                let mut i = low(pos);
                if REGION_CELLS[r][i] as usize == c {
                    i = low(pos & !(1 << i));
                }
                let k = key(REGION_CELLS[r][i] as usize, d, true);
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
        while !pend_on.is_empty() || !pend_off.is_empty() {
            while let Some(p) = pend_on.pop_front() {
                // A child has complexity depth + 2 (the root counts once).
                if u32::from(self.nodes[p as usize].depth) + 2 > limit {
                    continue;
                }
                self.on_to_off(g, p, y, &mut offs_buf);
                for &k in &offs_buf {
                    let target = k | 1 == src && !chains.iter().any(|&t| self.key_of(t) == k);
                    let new = off.slot[k as usize] == NONE;
                    if !target && !new {
                        continue;
                    }
                    let fresh = self.node(k, &[p]);
                    if target {
                        chains.push(fresh);
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
                    let new = on.slot[k as usize] == NONE;
                    if !target && !new {
                        continue;
                    }
                    let n = self.on_node(k, cause, p);
                    if target {
                        chains.push(n);
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

/// The candidates a cycle removes: those seen by an on and an off potential of the same
/// digit along `path` (dst first, the assumption left out), outside the cycle's cells.
pub(super) fn cycle_removable(g: &Grid, path: &[u16]) -> Vec<(u8, u8)> {
    let mut cells: Vec<usize> = Vec::new();
    for &k in path {
        let (c, _, _) = unkey(k);
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    let mut fwd: Vec<(u8, u8)> = Vec::new();
    let mut back: Vec<(u8, u8)> = Vec::new();
    for &k in path {
        let (c, d, on) = unkey(k);
        for &o in &HOUSE_CELLS[c] {
            let o = o as usize;
            if !cells.contains(&o) && g.has(o, d) {
                let v = if on { &mut fwd } else { &mut back };
                if !v.contains(&(o as u8, d)) {
                    v.push((o as u8, d));
                }
            }
        }
    }
    fwd.into_iter().filter(|e| back.contains(e)).collect()
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
