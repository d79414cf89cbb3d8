//! Which potentials can reach which in one static pass's implication graph, to skip the
//! breadth-first searches that cannot succeed.
//!
//! A static pass links an on potential to the off potentials it forces and an off potential
//! to the on potentials it forces; the grid does not change during the pass. A forcing chain
//! from a candidate exists only if its assumption reaches the opposite potential, and a cycle
//! through a candidate only if its on potential lies on a cycle of the graph. The strongly
//! connected components (Tarjan's algorithm) and, per component, the set of components it
//! reaches answer both questions for every candidate at once; the searches then run only
//! from the candidates that can succeed, and find what they found before.

use super::fast::Fast;
use super::*;

const UNSET: u32 = u32::MAX;

/// Components and reachability of one pass's graph, over the candidates the grid has
/// (numbered compactly: two potentials per candidate).
#[derive(Default)]
pub(super) struct Reach {
    /// Per key: its compact number (UNSET for a candidate the grid does not have).
    number: Vec<u32>,
    /// Per compact number: its key.
    keys: Vec<u16>,
    /// Per compact number: its component.
    comp: Vec<u32>,
    /// Per component: whether it holds a cycle (more than one potential).
    cyclic: Vec<bool>,
    /// Whether components were computed, and `bits` kept (only forcing chains ask what
    /// reaches what).
    with_components: bool,
    with_bits: bool,
    /// Per component, `words` words: the components it reaches (itself excluded).
    bits: Vec<u64>,
    words: usize,
    /// The graph in compressed rows over compact numbers.
    start: Vec<u32>,
    adj: Vec<u32>,
    /// The same successors as keys.
    adj_keys: Vec<u16>,
    // Tarjan's scratch.
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    members: Vec<u32>,
    /// Per component: the last component that took in its bits (each is taken in once).
    merged: Vec<u32>,
    /// Per component: whether it reaches any other (its bits are not all zero).
    reaches_any: Vec<bool>,
}

impl Reach {
    /// Builds the graph of the pass with cell links (`y`) and house links (`x`) on `g`,
    /// then (`components`) its components and (`with_bits`) what reaches what.
    #[inline(never)]
    pub(super) fn build(
        &mut self,
        fast: &Fast,
        g: &Grid,
        y: bool,
        x: bool,
        components: bool,
        with_bits: bool,
    ) {
        self.build_over(fast, g, y, x, components, with_bits, false);
    }

    /// As [`Reach::build`]; with `bivalue_only` (a pass of cell links only, asked only
    /// which candidates lie on a cycle), the graph keeps only the candidates of bivalue
    /// cells. Without house links, an off potential forces something only in a bivalue
    /// cell and an on potential is forced only there, so every cycle stays in that part
    /// and the answers of [`Reach::on_cycle`] for its candidates are the same.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn build_over(
        &mut self,
        fast: &Fast,
        g: &Grid,
        y: bool,
        x: bool,
        components: bool,
        with_bits: bool,
        bivalue_only: bool,
    ) {
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        self.build_with(g, components, with_bits, bivalue_only, |k, out| {
            if k & 1 == 1 {
                fast.offs_of(g, k, y, &mut offs);
                out.extend_from_slice(&offs);
            } else {
                fast.ons_of(k, y, x, &mut ons);
                out.extend(ons.iter().map(|&(n, _)| n));
            }
        });
    }

    /// The XY pass's graph (cell and house links) with components and what reaches what,
    /// read from `g` without [`Fast`]'s tables: the same successors in the same order as
    /// [`Reach::build_over`] from them (`Fast::offs_of`, `Fast::ons_of`).
    #[cfg(test)]
    pub(super) fn build_xy(&mut self, g: &Grid) {
        self.build_from_grid(g, true, true, true, true, false);
    }

    /// A pass's links only (as [`Reach::build_over`] without components, read from `g` as
    /// [`Reach::build_xy`] reads them): a nested search asks
    /// [`Failed`](super::failed::Failed) what reaches what instead
    /// ([`PassLinks`](super::failed::PassLinks)), and needs no [`Fast`] tables.
    ///
    /// Without `bivalue_only` the lists are written into a buffer sized for the most a
    /// candidate can have (32: an on potential's 8 other values and 20 peers, an off
    /// potential's bivalue cell and 3 houses; it only grows), not pushed one by one, and only
    /// the last graph's keys are reset in the numbering: the same keys, the same lists in
    /// the same order as [`Reach::build_from_grid`].
    #[inline(never)]
    pub(super) fn build_links(&mut self, g: &Grid, y: bool, x: bool, bivalue_only: bool) {
        if bivalue_only {
            self.build_from_grid(g, y, x, false, false, true);
            return;
        }
        self.with_components = false;
        self.with_bits = false;
        // Only the last graph's keys have a number: those are reset.
        self.number.resize(NKEYS, UNSET);
        for &k in &self.keys {
            self.number[k as usize] = UNSET;
        }
        self.keys.clear();
        self.start.clear();
        self.adj.clear();
        // The buffer only grows: a list is read between its `start` entries, never past
        // the last one.
        let ncand: usize = (0..81).map(|c| g.count(c) as usize).sum();
        if self.adj_keys.len() < ncand * 32 {
            self.adj_keys.resize(ncand * 32, 0);
        }
        let out = &mut self.adj_keys;
        let mut used = 0usize;
        for c in 0..81 {
            for d in digits(g.cand[c]) {
                // Off potential, then on potential, as `key` orders them.
                let k = key(c, d, false);
                self.number[k as usize] = self.keys.len() as u32;
                self.keys.push(k);
                self.start.push(used as u32);
                if y {
                    let cell_on = fast::cell_on_key(g, c, d);
                    if cell_on != fast::NO_KEY {
                        out[used] = cell_on;
                        used += 1;
                    }
                }
                if x {
                    let (reg, n) = fast::house_on_keys(g, c, d);
                    out[used..used + n].copy_from_slice(&reg[..n]);
                    used += n;
                }
                let k = key(c, d, true);
                self.number[k as usize] = self.keys.len() as u32;
                self.keys.push(k);
                self.start.push(used as u32);
                if y {
                    for v in digits(g.cand[c] & !(1 << (d - 1))) {
                        out[used] = key(c, v, false);
                        used += 1;
                    }
                }
                g.for_peers_with(c, d, |o| {
                    out[used] = key(o, d, false);
                    used += 1;
                });
            }
        }
        self.start.push(used as u32);
    }

    /// The successors of `Fast::offs_of` (`y`: the cell's other values, then the digit's
    /// other positions in block, row and column) and `Fast::ons_of` (`y`: a bivalue cell's
    /// other value, `x`: the digit's other position in each house where it has two,
    /// without repeats), from `g`.
    #[inline(never)]
    fn build_from_grid(
        &mut self,
        g: &Grid,
        y: bool,
        x: bool,
        components: bool,
        with_bits: bool,
        bivalue_only: bool,
    ) {
        self.build_with(g, components, with_bits, bivalue_only, |k, out| {
            let (c, d, on) = unkey(k);
            if on {
                if y {
                    for v in digits(g.cand[c] & !(1 << (d - 1))) {
                        out.push(key(c, v, false));
                    }
                }
                g.for_peers_with(c, d, |o| out.push(key(o, d, false)));
            } else {
                if y {
                    let cell_on = fast::cell_on_key(g, c, d);
                    if cell_on != fast::NO_KEY {
                        out.push(cell_on);
                    }
                }
                if x {
                    let (reg, n) = fast::house_on_keys(g, c, d);
                    out.extend_from_slice(&reg[..n]);
                }
            }
        });
    }

    /// The graph over `g`'s candidates (with `bivalue_only`, those of bivalue cells) with
    /// the successors `succ` gives each key, then its components and what reaches what.
    fn build_with(
        &mut self,
        g: &Grid,
        components: bool,
        with_bits: bool,
        bivalue_only: bool,
        mut succ: impl FnMut(u16, &mut Vec<u16>),
    ) {
        self.with_components = components;
        self.with_bits = components && with_bits;
        self.number.clear();
        self.number.resize(NKEYS, UNSET);
        self.keys.clear();
        for c in 0..81 {
            if bivalue_only && g.count(c) != 2 {
                continue;
            }
            for d in digits(g.cand[c]) {
                for on in [false, true] {
                    let k = key(c, d, on);
                    self.number[k as usize] = self.keys.len() as u32;
                    self.keys.push(k);
                }
            }
        }
        self.start.clear();
        self.adj.clear();
        self.adj_keys.clear();
        for i in 0..self.keys.len() {
            let from = self.adj_keys.len();
            self.start.push(from as u32);
            succ(self.keys[i], &mut self.adj_keys);
            if bivalue_only {
                // Only the links between bivalue cells' candidates.
                let mut kept = from;
                for j in from..self.adj_keys.len() {
                    let o = self.adj_keys[j];
                    if self.number[o as usize] != UNSET {
                        self.adj_keys[kept] = o;
                        kept += 1;
                    }
                }
                self.adj_keys.truncate(kept);
            }
        }
        self.start.push(self.adj_keys.len() as u32);
        if components {
            self.adj.extend(self.adj_keys.iter().map(|&k| self.number[k as usize]));
            self.components();
        }
    }

    /// The potentials that key `k` (a candidate of the grid) forces in this pass.
    #[inline]
    pub(super) fn succ_keys(&self, k: u16) -> &[u16] {
        let v = self.number[k as usize] as usize;
        &self.adj_keys[self.start[v] as usize..self.start[v + 1] as usize]
    }

    fn succ(&self, v: u32) -> &[u32] {
        &self.adj[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }

    /// Tarjan's algorithm without recursion; components are numbered in the order they are
    /// closed, so every component a component reaches has a smaller number and its bits are
    /// complete when they are read.
    #[inline(never)]
    fn components(&mut self) {
        let n = self.keys.len();
        self.comp.clear();
        self.comp.resize(n, UNSET);
        self.index.clear();
        self.index.resize(n, UNSET);
        self.low.clear();
        self.low.resize(n, 0);
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        self.cyclic.clear();
        self.merged.clear();
        self.reaches_any.clear();
        self.words = n.div_ceil(64).max(1);
        self.bits.clear();
        let mut next = 0u32;
        for root in 0..n as u32 {
            if self.index[root as usize] != UNSET {
                continue;
            }
            self.calls.push((root, 0));
            self.index[root as usize] = next;
            self.low[root as usize] = next;
            next += 1;
            self.stack.push(root);
            self.on_stack[root as usize] = true;
            while let Some(&(v, pos)) = self.calls.last() {
                let succ = self.succ(v);
                if (pos as usize) < succ.len() {
                    let w = succ[pos as usize];
                    self.calls.last_mut().expect("not empty").1 += 1;
                    if self.index[w as usize] == UNSET {
                        self.index[w as usize] = next;
                        self.low[w as usize] = next;
                        next += 1;
                        self.stack.push(w);
                        self.on_stack[w as usize] = true;
                        self.calls.push((w, 0));
                    } else if self.on_stack[w as usize] {
                        let lw = self.index[w as usize];
                        let lv = &mut self.low[v as usize];
                        *lv = (*lv).min(lw);
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(parent, _)) = self.calls.last() {
                    let lv = self.low[v as usize];
                    let lp = &mut self.low[parent as usize];
                    *lp = (*lp).min(lv);
                }
                if self.low[v as usize] == self.index[v as usize] {
                    self.close(v);
                }
            }
        }
    }

    /// Pops the component rooted at `v` and computes what it reaches.
    fn close(&mut self, v: u32) {
        let id = self.cyclic.len() as u32;
        self.members.clear();
        loop {
            let w = self.stack.pop().expect("the root is on the stack");
            self.on_stack[w as usize] = false;
            self.comp[w as usize] = id;
            self.members.push(w);
            if w == v {
                break;
            }
        }
        self.cyclic.push(self.members.len() > 1);
        if !self.with_bits {
            return;
        }
        self.merged.push(UNSET);
        let words = self.words;
        let base = self.bits.len();
        self.bits.resize(base + words, 0);
        let mut any = false;
        for i in 0..self.members.len() {
            let u = self.members[i];
            let (s, e) = (self.start[u as usize] as usize, self.start[u as usize + 1] as usize);
            for j in s..e {
                let t = self.comp[self.adj[j] as usize];
                if t == id || self.merged[t as usize] == id {
                    continue;
                }
                self.merged[t as usize] = id;
                if self.reaches_any[t as usize] {
                    // `t` was closed before: its row lies below this one.
                    let tb = t as usize * words;
                    let (done, row) = self.bits.split_at_mut(base);
                    for (w, &b) in row.iter_mut().zip(&done[tb..tb + words]) {
                        *w |= b;
                    }
                }
                self.bits[base + t as usize / 64] |= 1 << (t % 64);
                any = true;
            }
        }
        self.reaches_any.push(any);
    }

    /// Whether potential `to` can follow from potential `from` (built with bits).
    pub(super) fn reaches(&self, from: u16, to: u16) -> bool {
        let (i, j) = (self.number[from as usize], self.number[to as usize]);
        if i == UNSET || j == UNSET {
            return false;
        }
        let (a, b) = (self.comp[i as usize], self.comp[j as usize]);
        a == b || self.bits[a as usize * self.words + b as usize / 64] >> (b % 64) & 1 != 0
    }

    /// Whether a search towards `target` should follow potential `k`: it is the target or
    /// reaches it (always, when what reaches what was not computed).
    #[inline]
    pub(super) fn leads_to(&self, k: u16, target: u16) -> bool {
        !self.with_bits || k == target || self.reaches(k, target)
    }

    /// Whether potential `k` lies in the same component as `src` (always, when components
    /// were not computed): a cycle through `src` never leaves its component.
    #[inline]
    pub(super) fn beside(&self, k: u16, src: u16) -> bool {
        if !self.with_components {
            return true;
        }
        let (i, j) = (self.number[k as usize], self.number[src as usize]);
        i != UNSET && j != UNSET && self.comp[i as usize] == self.comp[j as usize]
    }

    /// Whether some candidate's on potential reaches its off potential or the reverse
    /// (built with bits): what [`Failed::any`](super::failed::Failed::any) answers on a
    /// smaller graph (the tests compare the two).
    #[cfg(test)]
    pub(super) fn any_forcing(&self) -> bool {
        self.keys
            .iter()
            .filter(|&&k| k & 1 == 1)
            .any(|&k| self.reaches(k, k & !1) || self.reaches(k & !1, k))
    }

    /// ANDs into `acc` (one word per `words` of this graph) the components potential `k`
    /// reaches, its own included (built with bits).
    #[cfg(test)]
    pub(super) fn and_reached(&self, k: u16, acc: &mut [u64]) {
        let i = self.number[k as usize];
        if i == UNSET {
            acc.fill(0);
            return;
        }
        let a = self.comp[i as usize] as usize;
        let row = &self.bits[a * self.words..(a + 1) * self.words];
        for (j, (x, &r)) in acc.iter_mut().zip(row).enumerate() {
            let own = if j == a / 64 { 1 << (a % 64) } else { 0 };
            *x &= r | own;
        }
    }

    /// The words of a row of [`Reach::and_reached`].
    #[cfg(test)]
    pub(super) fn words(&self) -> usize {
        self.words
    }

    /// Whether potential `k` lies on a cycle.
    pub(super) fn on_cycle(&self, k: u16) -> bool {
        let i = self.number[k as usize];
        i != UNSET && self.cyclic[self.comp[i as usize] as usize]
    }
}

/// What the array searches ([`Fast::cycles`], [`Fast::forcing`]) ask of a pass's graph: its
/// links, and which potentials to leave out. A search meets the same potentials, in the
/// same order, whenever `beside` and `leads_to` are true for every potential that can lead
/// back to the root or to the target (what they leave out never comes before one that can).
pub(super) trait Links {
    /// The potentials that key `k` (a candidate of the grid) forces in this pass.
    fn succ_keys(&self, k: u16) -> &[u16];
    /// Whether a cycle search from `src` follows potential `k` (met from `src`).
    fn beside(&self, k: u16, src: u16) -> bool;
    /// Whether a forcing search towards `target` follows potential `k`.
    fn leads_to(&self, k: u16, target: u16) -> bool;
}

impl Links for Reach {
    #[inline]
    fn succ_keys(&self, k: u16) -> &[u16] {
        Reach::succ_keys(self, k)
    }

    #[inline]
    fn beside(&self, k: u16, src: u16) -> bool {
        Reach::beside(self, k, src)
    }

    #[inline]
    fn leads_to(&self, k: u16, target: u16) -> bool {
        Reach::leads_to(self, k, target)
    }
}
