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

/// Components and reachability of one pass's graph.
#[derive(Default)]
pub(super) struct Reach {
    /// Per key: its component (UNSET for a candidate the grid does not have).
    comp: Vec<u32>,
    /// Per component: whether it holds a cycle (more than one potential).
    cyclic: Vec<bool>,
    /// Per component, `words` words: the components it reaches (itself excluded).
    bits: Vec<u64>,
    words: usize,
    /// The graph in compressed rows: successors of key k are `adj[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    adj: Vec<u16>,
    // Tarjan's scratch.
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    calls: Vec<(u16, u32)>,
    members: Vec<u16>,
    /// Per component: the last component that took in its bits (each is taken in once).
    merged: Vec<u32>,
}

impl Reach {
    /// Builds the graph of the pass with cell links (`y`) and region links (`x`) on `g`.
    #[inline(never)]
    pub(super) fn build(&mut self, fast: &Fast, g: &Grid, y: bool, x: bool) {
        self.start.clear();
        self.adj.clear();
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        let mut active = 0usize;
        for k in 0..NKEYS as u16 {
            self.start.push(self.adj.len() as u32);
            let (c, d, on) = unkey(k);
            if !g.has(c, d) {
                continue;
            }
            active += 1;
            if on {
                fast.offs_of(g, k, y, &mut offs);
                self.adj.extend_from_slice(&offs);
            } else {
                fast.ons_of(k, y, x, &mut ons);
                self.adj.extend(ons.iter().map(|&(n, _)| n));
            }
        }
        self.start.push(self.adj.len() as u32);
        self.components(g, active);
    }

    fn succ(&self, k: u16) -> &[u16] {
        &self.adj[self.start[k as usize] as usize..self.start[k as usize + 1] as usize]
    }

    /// Tarjan's algorithm without recursion; components are numbered in the order they are
    /// closed, so every component a component reaches has a smaller number and its bits are
    /// complete when they are read.
    #[inline(never)]
    fn components(&mut self, g: &Grid, active: usize) {
        self.comp.clear();
        self.comp.resize(NKEYS, UNSET);
        self.index.clear();
        self.index.resize(NKEYS, UNSET);
        self.low.clear();
        self.low.resize(NKEYS, 0);
        self.on_stack.clear();
        self.on_stack.resize(NKEYS, false);
        self.cyclic.clear();
        self.merged.clear();
        self.words = active.div_ceil(64).max(1);
        self.bits.clear();
        self.bits.reserve(active * self.words);
        let mut next = 0u32;
        for root in 0..NKEYS as u16 {
            let (c, d, _) = unkey(root);
            if !g.has(c, d) || self.index[root as usize] != UNSET {
                continue;
            }
            self.calls.push((root, 0));
            self.index[root as usize] = next;
            self.low[root as usize] = next;
            next += 1;
            self.stack.push(root);
            self.on_stack[root as usize] = true;
            while let Some(&(v, pos)) = self.calls.last() {
                let succ_len = self.succ(v).len() as u32;
                if pos < succ_len {
                    self.calls.last_mut().expect("not empty").1 += 1;
                    let w = self.succ(v)[pos as usize];
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
    fn close(&mut self, v: u16) {
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
        self.merged.push(UNSET);
        let words = self.words;
        let base = self.bits.len();
        self.bits.resize(base + words, 0);
        for i in 0..self.members.len() {
            let u = self.members[i];
            let (s, e) = (self.start[u as usize] as usize, self.start[u as usize + 1] as usize);
            for j in s..e {
                let t = self.comp[self.adj[j] as usize];
                if t == id || self.merged[t as usize] == id {
                    continue;
                }
                self.merged[t as usize] = id;
                let tb = t as usize * words;
                for w in 0..words {
                    self.bits[base + w] |= self.bits[tb + w];
                }
                self.bits[base + t as usize / 64] |= 1 << (t % 64);
            }
        }
    }

    /// Whether potential `to` can follow from potential `from`.
    pub(super) fn reaches(&self, from: u16, to: u16) -> bool {
        let (a, b) = (self.comp[from as usize], self.comp[to as usize]);
        if a == UNSET || b == UNSET {
            return false;
        }
        a == b || self.bits[a as usize * self.words + b as usize / 64] >> (b % 64) & 1 != 0
    }

    /// Whether potential `k` lies on a cycle.
    pub(super) fn on_cycle(&self, k: u16) -> bool {
        let a = self.comp[k as usize];
        a != UNSET && self.cyclic[a as usize]
    }
}
