//! The first cycle or forcing chain of a static pass, without potential objects: tables of
//! the grid's links, breadth-first searches on arrays, bounded by the best hint so far.

use super::reach::Links;
use super::unary::{cycle_found, cycle_removable};
use super::*;

/// Arrays for the top-level static search, which needs no potential objects: a cycle's or
/// forcing chain's complexity is its length, and a cycle's path is kept as links per key.
pub(super) struct Fast {
    epoch: u32,
    seen_on: Vec<u32>,
    seen_off: Vec<u32>,
    depth_on: Vec<u16>,
    depth_off: Vec<u16>,
    via_off: Vec<u16>,
    via_on: Vec<u16>,
    /// Per key: the potential a forcing search reached it from.
    parent: Vec<u16>,
    pend_on: Vec<u16>,
    pend_off: Vec<(u16, u16)>,
    /// Per candidate (cell * 9 + digit - 1): the off keys of its digit's other positions in
    /// its houses, in SE's order (`peer_start`..`peer_start + 1`).
    peer: Vec<u16>,
    peer_start: Vec<u32>,
    /// Per candidate: the on key its cell's other value gets when it is off (bivalue cells).
    cell_on: Vec<u16>,
    /// Per candidate: the on keys of its digit's other position in each of its houses that
    /// hold the digit twice, without repeats.
    house_on: Vec<[u16; 3]>,
    house_n: Vec<u8>,
    /// Whether the chainer's XY links (`reach_xy`) are those of the grid searched since
    /// the last [`Fast::arrays`] (built by the first pass of `pass_fast` that needs them).
    xy_links: bool,
}

pub(super) const NO_KEY: u16 = u16::MAX;

/// The on key of the other value of bivalue cell `c` when `d` is off there (NO_KEY when
/// `c` is not bivalue).
#[inline]
pub(super) fn cell_on_key(g: &Grid, c: usize, d: u8) -> u16 {
    if g.count(c) == 2 {
        let other = low(g.cand[c] & !(1 << (d - 1))) as u8 + 1;
        key(c, other, true)
    } else {
        NO_KEY
    }
}

/// The on keys of `d`'s other position in each house of `c` (block, row, column) that
/// holds `d` twice, without repeats, and how many.
#[inline]
pub(super) fn house_on_keys(g: &Grid, c: usize, d: u8) -> ([u16; 3], usize) {
    let mut reg = [NO_KEY; 3];
    let mut n = 0;
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
        let nk = key(HOUSE_CELLS[r][i] as usize, d, true);
        if !reg[..n].contains(&nk) {
            reg[n] = nk;
            n += 1;
        }
    }
    (reg, n)
}

impl Fast {
    /// Tabulates the links of `g` (the grid does not change during a static search).
    #[inline(never)]
    pub(super) fn prepare(&mut self, g: &Grid) {
        self.arrays();
        self.peer.clear();
        self.peer_start.clear();
        self.cell_on.clear();
        self.house_on.clear();
        self.house_n.clear();
        for c in 0..81 {
            for d in 1..=9u8 {
                self.peer_start.push(self.peer.len() as u32);
                let mut cell_on = NO_KEY;
                let mut reg = [NO_KEY; 3];
                let mut n = 0;
                if g.has(c, d) {
                    let peer = &mut self.peer;
                    g.for_peers_with(c, d, |o| peer.push(key(o, d, false)));
                    cell_on = cell_on_key(g, c, d);
                    (reg, n) = house_on_keys(g, c, d);
                }
                self.cell_on.push(cell_on);
                self.house_on.push(reg);
                self.house_n.push(n as u8);
            }
        }
        self.peer_start.push(self.peer.len() as u32);
    }

    /// Allocates the search arrays (once): what the searches need besides the tables.
    pub(super) fn arrays(&mut self) {
        self.xy_links = false;
        if self.seen_on.is_empty() {
            self.seen_on = vec![0; NKEYS];
            self.seen_off = vec![0; NKEYS];
            self.depth_on = vec![0; NKEYS];
            self.depth_off = vec![0; NKEYS];
            self.via_off = vec![0; NKEYS];
            self.via_on = vec![0; NKEYS];
            self.parent = vec![0; NKEYS];
        }
    }

    /// `on_to_off_keys` from the tables.
    #[inline]
    pub(super) fn offs_of(&self, g: &Grid, k: u16, cell_rule: bool, out: &mut Vec<u16>) {
        out.clear();
        let (c, d, _) = unkey(k);
        if cell_rule {
            for v in digits(g.cand[c] & !(1 << (d - 1))) {
                out.push(key(c, v, false));
            }
        }
        let i = (k / 2) as usize;
        out.extend_from_slice(
            &self.peer[self.peer_start[i] as usize..self.peer_start[i + 1] as usize],
        );
    }

    /// `off_to_on_keys` from the tables.
    #[inline]
    pub(super) fn ons_of(&self, k: u16, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
        out.clear();
        let i = (k / 2) as usize;
        if y && self.cell_on[i] != NO_KEY {
            out.push((self.cell_on[i], 1));
        }
        if x {
            for j in 0..self.house_n[i] as usize {
                let nk = self.house_on[i][j];
                if !out.iter().any(|&(o, _)| o == nk) {
                    out.push((nk, 2));
                }
            }
        }
    }

    pub(super) fn new() -> Fast {
        Fast {
            epoch: 0,
            seen_on: Vec::new(),
            seen_off: Vec::new(),
            depth_on: Vec::new(),
            depth_off: Vec::new(),
            via_off: Vec::new(),
            via_on: Vec::new(),
            parent: Vec::new(),
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            peer: Vec::new(),
            peer_start: Vec::new(),
            cell_on: Vec::new(),
            house_on: Vec::new(),
            house_n: Vec::new(),
            xy_links: false,
        }
    }
}

impl Fast {
    /// The shortest forcing chain from `src` (on when `root_on`) to its opposite, as SE's
    /// breadth-first search finds it: its complexity, if at most `limit`.
    #[inline(never)]
    pub(super) fn forcing<L: Links>(
        &mut self,
        links: &L,
        src: u16,
        root_on: bool,
        limit: u32,
    ) -> Option<u32> {
        self.epoch += 1;
        let e = self.epoch;
        let target = if root_on { src & !1 } else { src | 1 };
        self.pend_on.clear();
        self.pend_off.clear();
        if root_on {
            self.seen_on[src as usize] = e;
            self.depth_on[src as usize] = 0;
            self.pend_on.push(src);
        } else {
            self.seen_off[src as usize] = e;
            self.depth_off[src as usize] = 0;
            self.pend_off.push((src, 0));
        }
        let mut found = None;
        'search: while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            let mut i = 0;
            while i < self.pend_on.len() {
                let p = self.pend_on[i];
                i += 1;
                let dp = u32::from(self.depth_on[p as usize]);
                if dp + 2 > limit {
                    continue;
                }
                for &k in links.succ_keys(p) {
                    if root_on && k == target {
                        self.parent[k as usize] = p;
                        found = Some(dp + 2);
                        break 'search;
                    }
                    if self.seen_off[k as usize] != e && links.leads_to(k, target) {
                        self.seen_off[k as usize] = e;
                        self.parent[k as usize] = p;
                        self.depth_off[k as usize] = (dp + 1) as u16;
                        self.pend_off.push((k, 0));
                    }
                }
            }
            self.pend_on.clear();
            let mut i = 0;
            while i < self.pend_off.len() {
                let p = self.pend_off[i].0;
                i += 1;
                let dp = u32::from(self.depth_off[p as usize]);
                if dp + 2 > limit {
                    continue;
                }
                for &k in links.succ_keys(p) {
                    if !root_on && k == target {
                        self.parent[k as usize] = p;
                        found = Some(dp + 2);
                        break 'search;
                    }
                    if self.seen_on[k as usize] != e && links.leads_to(k, target) {
                        self.seen_on[k as usize] = e;
                        self.parent[k as usize] = p;
                        self.depth_on[k as usize] = (dp + 1) as u16;
                        self.pend_on.push(k);
                    }
                }
            }
            self.pend_off.clear();
        }
        found
    }

    /// The keys of the chain the last [`Fast::forcing`] from `src` found, from the potential
    /// after `src` to the target (`src`'s opposite).
    pub(super) fn forcing_path(&self, src: u16) -> Vec<u16> {
        let mut path = vec![src ^ 1];
        let mut k = self.parent[(src ^ 1) as usize];
        while k != src {
            path.push(k);
            k = self.parent[k as usize];
        }
        path.reverse();
        path
    }

    /// Whether off key `k` lies on the path from on key `p` back to `root`.
    pub(super) fn on_path(&self, mut p: u16, root: u16, k: u16) -> bool {
        while p != root {
            if self.via_off[p as usize] == k {
                return true;
            }
            p = self.via_on[p as usize];
        }
        false
    }

    /// SE's cycle search from on key `src`: every (off key, its parent on key) that leads
    /// back to `src` after at least four links, in SE's order.
    #[inline(never)]
    pub(super) fn cycles<L: Links>(
        &mut self,
        links: &L,
        src: u16,
        limit: u32,
        found: &mut Vec<(u16, u16)>,
    ) {
        self.epoch += 1;
        let e = self.epoch;
        self.seen_on[src as usize] = e;
        self.depth_on[src as usize] = 0;
        self.pend_on.clear();
        self.pend_on.push(src);
        self.pend_off.clear();
        let mut length = 0;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            length += 1;
            for i in 0..self.pend_on.len() {
                let p = self.pend_on[i];
                if u32::from(self.depth_on[p as usize]) + 2 > limit {
                    continue;
                }
                for &k in links.succ_keys(p) {
                    if links.beside(k, src) && !self.on_path(p, src, k) {
                        self.pend_off.push((k, p));
                    }
                }
            }
            self.pend_on.clear();
            length += 1;
            for i in 0..self.pend_off.len() {
                let (k, par) = self.pend_off[i];
                let dk = u32::from(self.depth_on[par as usize]) + 1;
                if dk + 1 > limit {
                    continue;
                }
                for &nk in links.succ_keys(k) {
                    if length >= 4 && nk == src {
                        found.push((k, par));
                    }
                    if self.seen_on[nk as usize] != e && links.beside(nk, src) {
                        self.seen_on[nk as usize] = e;
                        self.depth_on[nk as usize] = (dk + 1) as u16;
                        self.via_off[nk as usize] = k;
                        self.via_on[nk as usize] = par;
                        self.pend_on.push(nk);
                    }
                }
            }
            self.pend_off.clear();
        }
    }

    /// The keys of a found cycle, its end (the assumption again) first, the assumption left
    /// out.
    pub(super) fn cycle_path(&self, src: u16, k: u16, par: u16) -> Vec<u16> {
        let mut path = vec![src, k];
        let mut t = par;
        while t != src {
            path.push(t);
            path.push(self.via_off[t as usize]);
            t = self.via_on[t as usize];
        }
        path
    }
}

impl Chainer {
    /// The largest complexity a chain of `base` rating may have and still come before the best
    /// hint found so far (a later hint wins only with a lower rating or complexity).
    pub(super) fn limit(&self, base: u32) -> u32 {
        let Some((bd, bc)) = self.best.filter(|_| self.prune) else { return u32::MAX };
        let mut cx = 0;
        while (base + length_tenths(cx + 1), cx + 1) < (bd, bc) {
            cx += 1;
        }
        cx
    }

    pub(super) fn note_best(&mut self, f: &Found) {
        if self.prune && self.best.is_none_or(|b| (f.diff, f.complexity) < b) {
            self.best = Some((f.diff, f.complexity));
        }
    }

    /// One pass of SE's unary chaining (X, Y or XY links) for the first hint only, without
    /// potential objects. SE would take the lowest (rating, complexity) and, among equals, the
    /// first found (cycles of a candidate before its forcing chains, candidates in order); the
    /// forcing chains stop at their first target, so they run first and bound the cycle
    /// searches, which have no such stop. Only a hint better than the earlier passes' counts.
    pub(super) fn pass_fast(
        &mut self,
        g: &Grid,
        y: bool,
        x: bool,
        out: &mut Vec<(Found, Vec<u32>, u8)>,
    ) {
        let before = self.best;
        let sources: Vec<(usize, u8)> = (0..81)
            .filter(|&c| g.val[c] == 0 && g.count(c) > 1 && (x || g.count(c) == 2))
            .flat_map(|c| digits(g.cand[c]).map(move |d| (c, d)))
            .collect();
        // Nothing to search when the earlier passes' best leaves no room (a chain or cycle
        // has at least two links).
        let forcing_room = x && self.limit(if y { 70 } else { 66 }) >= 2;
        if !forcing_room && self.cycle_limit(if y && x { 70 } else { 65 }, None, None) < 2 {
            return;
        }
        // The pass's links; searches run only where the graph lets them succeed. Skipping,
        // what reaches what is read from the strong-link graph of the pass (as the nested
        // passes do, `failed::PassLinks`) over the grid's XY links, built once per grid.
        let on_failed = self.skip_unreachable;
        if on_failed {
            if !self.fast.xy_links {
                self.reach_xy.build_links(g, true, true, false);
                self.fast.xy_links = true;
            }
            self.failed_pass.pass(g, y, x);
        } else {
            self.reach.build(&self.fast, g, y, x, false, forcing_room);
        }
        // Forcing chains: the first best one, as (rating, complexity, source index, kind).
        let mut forcing: Option<(u32, u32, usize, u32, Found)> = None;
        if forcing_room {
            let base = if y { 70 } else { 66 };
            let sort_key = if y { 4 } else { 2 };
            let name = if y { "Forcing Chain" } else { "Forcing X-Chain" };
            for (i, &(c, d)) in sources.iter().enumerate() {
                let src = key(c, d, true);
                for (kind, root_on) in [(1, true), (2, false)] {
                    let limit = self.limit(base);
                    let root = if root_on { src } else { src & !1 };
                    let found = if on_failed {
                        // Aims `leads_to` at the target.
                        let fp = &mut self.failed_pass;
                        if !(if root_on { fp.aim_off(c, d) } else { fp.aim_on(c, d) }) {
                            continue;
                        }
                        let links = failed::PassLinks {
                            links: &self.reach_xy,
                            failed: &self.failed_pass,
                            g,
                            y,
                            x: true,
                        };
                        self.fast.forcing(&links, root, root_on, limit)
                    } else {
                        self.fast.forcing(&self.reach, root, root_on, limit)
                    };
                    let Some(cx) = found else {
                        continue;
                    };
                    let removable: Vec<(u8, u8)> = if root_on {
                        vec![(c as u8, d)]
                    } else {
                        digits(g.cand[c] & !(1 << (d - 1))).map(|v| (c as u8, v)).collect()
                    };
                    if removable.is_empty() {
                        continue;
                    }
                    let diff = base + length_tenths(cx);
                    if self.best.is_none_or(|b| (diff, cx) < b) {
                        self.best = Some((diff, cx));
                        let f = Found { diff, complexity: cx, sort_key, name, removable };
                        forcing = Some((diff, cx, i, kind, f));
                    }
                }
            }
        }
        // Cycles: those not worse than the forcing chain found (an equal one may come first),
        // and better than the cycles before them.
        let bound = forcing.as_ref().map(|f| (f.0, f.1));
        self.best = before;
        let cycle_base = if y && x { 70 } else { 65 };
        let mut cycles: Option<(u32, u32, usize, Found)> = None;
        let mut found = Vec::new();
        for (i, &(c, d)) in sources.iter().enumerate() {
            let src = key(c, d, true);
            if on_failed && !self.failed_pass.on_cycle(c, d) {
                continue;
            }
            let limit = self.cycle_limit(cycle_base, bound, cycles.as_ref().map(|h| (h.0, h.1)));
            if limit == 0 {
                continue;
            }
            found.clear();
            if on_failed {
                let links =
                    failed::PassLinks { links: &self.reach_xy, failed: &self.failed_pass, g, y, x };
                self.fast.cycles(&links, src, limit, &mut found);
            } else {
                self.fast.cycles(&self.reach, src, limit, &mut found);
            }
            for &(k, par) in &found {
                let path = self.fast.cycle_path(src, k, par);
                let cx = path.len() as u32;
                let diff = cycle_base + length_tenths(cx);
                if cycles.as_ref().is_some_and(|h| (h.0, h.1) <= (diff, cx))
                    || before.is_some_and(|b| (diff, cx) >= b)
                {
                    continue;
                }
                let removable = cycle_removable(g, &path);
                if removable.is_empty() {
                    continue;
                }
                cycles = Some((diff, cx, i, cycle_found(removable, cx, y, x)));
            }
        }
        // The winner: lower (rating, complexity); on a tie, the cycle if its source comes
        // first or is the same (cycles are searched before forcing chains).
        let winner = match (forcing, cycles) {
            (Some(f), Some(c)) => {
                if (c.0, c.1, c.2) <= (f.0, f.1, f.2) {
                    Some(c.3)
                } else {
                    Some(f.4)
                }
            }
            (Some(f), None) => Some(f.4),
            (None, Some(c)) => Some(c.3),
            (None, None) => None,
        };
        self.best = before;
        if let Some(f) = winner {
            self.keep_if_better(f, out);
        }
    }

    /// The largest complexity a cycle of `base` may have: not worse than `bound` (a forcing
    /// chain found later in SE's order) and better than `best` (an earlier cycle), and better
    /// than the earlier passes' best.
    pub(super) fn cycle_limit(
        &self,
        base: u32,
        bound: Option<(u32, u32)>,
        best: Option<(u32, u32)>,
    ) -> u32 {
        let ok = |cx: u32| {
            let v = (base + length_tenths(cx), cx);
            bound.is_none_or(|b| v <= b)
                && best.is_none_or(|b| v < b)
                && (!self.prune || self.best.is_none_or(|b| v < b))
        };
        if bound.is_none() && best.is_none() && self.best.is_none() {
            return u32::MAX;
        }
        let mut cx = 0;
        while ok(cx + 1) {
            cx += 1;
        }
        cx
    }

    pub(super) fn keep_if_better(&mut self, f: Found, out: &mut Vec<(Found, Vec<u32>, u8)>) {
        if self.best.is_none_or(|b| (f.diff, f.complexity) < b) {
            self.best = Some((f.diff, f.complexity));
            out.push((f, Vec::new(), 0));
        }
    }
}
