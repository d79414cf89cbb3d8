//! Sudoku Explainer's chaining rules, modelled on its published behaviour: bidirectional
//! X-, Y- and XY-cycles and forcing X-/XY-chains (6.5-7.0 plus length), Nishio (7.5),
//! multiple (8.0), dynamic (8.5) and dynamic-plus / nested forcing chains (9.0, 9.5, 10.0,
//! ...). A chain's rating grows with its complexity (the number of distinct candidates
//! states its proof rests on) in SE's steps of 0.1 at 4, 6, 8, 12, 16, 24, ... nodes.
//!
//! The search follows SE's breadth-first propagation of "potentials" (a candidate assumed on
//! or off), each remembering its parents, in SE's visiting orders, so that the chain SE would
//! report first (lowest rating, then complexity, then kind) is the one found here.

use super::Hint;
use super::grid::{CELL_REGIONS, Grid, HOUSE_CELLS, REGION_CELLS, digits, low};
use std::collections::VecDeque;

const NKEYS: usize = 81 * 9 * 2;

/// A potential's identity: cell, digit, on/off.
#[inline]
fn key(c: usize, d: u8, on: bool) -> u16 {
    ((c * 9 + d as usize - 1) * 2 + on as usize) as u16
}

#[inline]
fn unkey(k: u16) -> (usize, u8, bool) {
    let k = k as usize;
    (k / 18, (k / 2 % 9) as u8 + 1, k % 2 == 1)
}

/// One potential with its parents (in the arena's pool) and, for a step found by a nested
/// rule, the nested chain's complexity and identity.
#[derive(Clone, Copy)]
struct Node {
    key: u16,
    p0: u32,
    pn: u32,
    /// Complexity of the nested chain that produced this potential (0 = none).
    nested: u32,
    /// Identity of that nested chain (for counting each once).
    nested_id: u32,
    /// Why an on potential holds: 0 = assumption, 1 = last value of its cell, 2 + r = last
    /// position in region r.
    cause: u8,
    /// Steps from the assumption along first parents.
    depth: u16,
}

/// An insertion-ordered set of potentials keyed by identity (SE's `LinkedSet`).
#[derive(Clone)]
struct PotSet {
    slot: Vec<u32>,
    list: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl PotSet {
    fn new() -> PotSet {
        PotSet { slot: vec![NONE; NKEYS], list: Vec::new() }
    }

    /// Empties the set in time proportional to its size.
    fn clear(&mut self, nodes: &[Node]) {
        for &n in &self.list {
            self.slot[nodes[n as usize].key as usize] = NONE;
        }
        self.list.clear();
    }
}

/// Which chaining rule runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Cell and region forcing chains.
    pub multiple: bool,
    /// Candidates assumed off are removed while propagating.
    pub dynamic: bool,
    /// Nishio: one digit only, contradictions only.
    pub nishio: bool,
    /// Nesting level: 1 = basic rules inside the propagation, 2 = forcing chains, 3 =
    /// multiple forcing chains.
    pub level: u32,
}

impl Rule {
    /// Cycles and forcing X/XY chains.
    pub const CYCLES: Rule = Rule { multiple: false, dynamic: false, nishio: false, level: 0 };
    /// Nishio forcing chains.
    pub const NISHIO: Rule = Rule { multiple: false, dynamic: true, nishio: true, level: 0 };
    /// Multiple forcing chains.
    pub const MULTIPLE: Rule = Rule { multiple: true, dynamic: false, nishio: false, level: 0 };
    /// Dynamic forcing chains of `level`.
    pub const fn dynamic(level: u32) -> Rule {
        Rule { multiple: true, dynamic: true, nishio: false, level }
    }

    /// The base rating in tenths (cycles and X/XY chains rate themselves).
    fn base(self) -> u32 {
        if self.level >= 2 {
            95 + 5 * (self.level - 2)
        } else if self.level > 0 {
            85 + 5 * self.level
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    fn name(self) -> &'static str {
        match (self.nishio, self.dynamic, self.multiple, self.level) {
            (true, ..) => "Nishio Forcing Chains",
            (_, true, _, 0) => "Dynamic Forcing Chains",
            (_, true, _, 1) => "Dynamic Forcing Chains (+)",
            (_, true, _, 2) => "Dynamic Forcing Chains (+ Forcing Chains)",
            (_, true, _, 3) => "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
            (_, true, _, _) => "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
            (_, false, true, _) => "Multiple Forcing Chains",
            _ => "Forcing Chains & Cycles",
        }
    }
}

/// SE's length increment: 0.1 for every step of the ceiling 4, 6, 8, 12, 16, 24, ... that
/// `complexity - 2` exceeds.
pub fn length_tenths(complexity: u32) -> u32 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut odd = false;
    let mut added = 0;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A chaining hint before it is turned into a [`Hint`].
struct Found {
    diff: u32,
    complexity: u32,
    sort_key: u32,
    name: &'static str,
    removable: Vec<(u8, u8)>,
}

/// The chaining engine of one rule over one grid.
pub struct Chainer {
    rule: Rule,
    nodes: Vec<Node>,
    pool: Vec<u32>,
    stamp: Vec<u32>,
    epoch: u32,
    nested_ids: u32,
    /// Emptied sets for reuse.
    spare: Vec<PotSet>,
    /// Only the first hint is wanted: searches stop below the best (rating, complexity) found.
    prune: bool,
    best: Option<(u32, u32)>,
    fast: Fast,
    /// Per candidate: its "on" propagation in the current search.
    on_cache: Vec<Option<Outcome>>,
    /// Reused buffers.
    q_on: VecDeque<u32>,
    q_off: VecDeque<u32>,
    b_off: Vec<u16>,
    b_on: Vec<u32>,
    b_parents: Vec<u32>,
}

/// The result of propagating one assumption.
struct Outcome {
    on: PotSet,
    off: PotSet,
    absurd: Option<(u32, u32)>,
}

/// Arrays for the top-level static search, which needs no potential objects: a cycle's or
/// forcing chain's complexity is its length, and a cycle's path is kept as links per key.
struct Fast {
    epoch: u32,
    seen_on: Vec<u32>,
    seen_off: Vec<u32>,
    depth_on: Vec<u16>,
    depth_off: Vec<u16>,
    via_off: Vec<u16>,
    via_on: Vec<u16>,
    pend_on: Vec<u16>,
    pend_off: Vec<(u16, u16)>,
    offs: Vec<u16>,
    ons: Vec<(u16, u8)>,
    /// Per candidate (cell * 9 + digit - 1): the off keys of its digit's other positions in
    /// its houses, in SE's order (`house_start`..`house_start + 1`).
    house: Vec<u16>,
    house_start: Vec<u32>,
    /// Per candidate: the on key its cell's other value gets when it is off (bivalue cells).
    cell_on: Vec<u16>,
    /// Per candidate: the on keys of its digit's other position in each of its regions that
    /// hold the digit twice, without repeats.
    region_on: Vec<[u16; 3]>,
    region_n: Vec<u8>,
}

const NO_KEY: u16 = u16::MAX;

impl Fast {
    /// Tabulates the links of `g` (the grid does not change during a static search).
    fn prepare(&mut self, g: &Grid) {
        if self.seen_on.is_empty() {
            self.seen_on = vec![0; NKEYS];
            self.seen_off = vec![0; NKEYS];
            self.depth_on = vec![0; NKEYS];
            self.depth_off = vec![0; NKEYS];
            self.via_off = vec![0; NKEYS];
            self.via_on = vec![0; NKEYS];
        }
        self.house.clear();
        self.house_start.clear();
        self.cell_on.clear();
        self.region_on.clear();
        self.region_n.clear();
        for c in 0..81 {
            for d in 1..=9u8 {
                self.house_start.push(self.house.len() as u32);
                let mut cell_on = NO_KEY;
                let mut reg = [NO_KEY; 3];
                let mut n = 0;
                if g.has(c, d) {
                    for &o in &HOUSE_CELLS[c] {
                        if g.has(o as usize, d) {
                            self.house.push(key(o as usize, d, false));
                        }
                    }
                    if g.count(c) == 2 {
                        let other = low(g.cand[c] & !(1 << (d - 1))) as u8 + 1;
                        cell_on = key(c, other, true);
                    }
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
                        let nk = key(REGION_CELLS[r][i] as usize, d, true);
                        if !reg[..n].contains(&nk) {
                            reg[n] = nk;
                            n += 1;
                        }
                    }
                }
                self.cell_on.push(cell_on);
                self.region_on.push(reg);
                self.region_n.push(n as u8);
            }
        }
        self.house_start.push(self.house.len() as u32);
    }

    /// `on_to_off_keys` from the tables.
    #[inline]
    fn offs_of(&self, g: &Grid, k: u16, cell_rule: bool, out: &mut Vec<u16>) {
        out.clear();
        let (c, d, _) = unkey(k);
        if cell_rule {
            for v in digits(g.cand[c] & !(1 << (d - 1))) {
                out.push(key(c, v, false));
            }
        }
        let i = (k / 2) as usize;
        out.extend_from_slice(
            &self.house[self.house_start[i] as usize..self.house_start[i + 1] as usize],
        );
    }

    /// `off_to_on_keys` from the tables.
    #[inline]
    fn ons_of(&self, k: u16, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
        out.clear();
        let i = (k / 2) as usize;
        if y && self.cell_on[i] != NO_KEY {
            out.push((self.cell_on[i], 1));
        }
        if x {
            for j in 0..self.region_n[i] as usize {
                let nk = self.region_on[i][j];
                if !out.iter().any(|&(o, _)| o == nk) {
                    out.push((nk, 2));
                }
            }
        }
    }

    fn new() -> Fast {
        Fast {
            epoch: 0,
            seen_on: Vec::new(),
            seen_off: Vec::new(),
            depth_on: Vec::new(),
            depth_off: Vec::new(),
            via_off: Vec::new(),
            via_on: Vec::new(),
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            offs: Vec::new(),
            ons: Vec::new(),
            house: Vec::new(),
            house_start: Vec::new(),
            cell_on: Vec::new(),
            region_on: Vec::new(),
            region_n: Vec::new(),
        }
    }
}

impl Fast {
    /// The shortest forcing chain from `src` (on when `root_on`) to its opposite, as SE's
    /// breadth-first search finds it: its complexity, if at most `limit`.
    fn forcing(&mut self, g: &Grid, src: u16, root_on: bool, y: bool, limit: u32) -> Option<u32> {
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
        let mut offs = std::mem::take(&mut self.offs);
        let mut ons = std::mem::take(&mut self.ons);
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
                self.offs_of(g, p, y, &mut offs);
                for &k in &offs {
                    if root_on && k == target {
                        found = Some(dp + 2);
                        break 'search;
                    }
                    if self.seen_off[k as usize] != e {
                        self.seen_off[k as usize] = e;
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
                self.ons_of(p, y, true, &mut ons);
                for &(k, _) in &ons {
                    if !root_on && k == target {
                        found = Some(dp + 2);
                        break 'search;
                    }
                    if self.seen_on[k as usize] != e {
                        self.seen_on[k as usize] = e;
                        self.depth_on[k as usize] = (dp + 1) as u16;
                        self.pend_on.push(k);
                    }
                }
            }
            self.pend_off.clear();
        }
        self.offs = offs;
        self.ons = ons;
        found
    }

    /// Whether off key `k` lies on the path from on key `p` back to `root`.
    fn on_path(&self, mut p: u16, root: u16, k: u16) -> bool {
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
    fn cycles(
        &mut self,
        g: &Grid,
        src: u16,
        y: bool,
        x: bool,
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
        let mut offs = std::mem::take(&mut self.offs);
        let mut ons = std::mem::take(&mut self.ons);
        let mut length = 0;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            length += 1;
            for i in 0..self.pend_on.len() {
                let p = self.pend_on[i];
                if u32::from(self.depth_on[p as usize]) + 2 > limit {
                    continue;
                }
                self.offs_of(g, p, y, &mut offs);
                for &k in &offs {
                    if !self.on_path(p, src, k) {
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
                self.ons_of(k, y, x, &mut ons);
                for &(nk, _) in &ons {
                    if length >= 4 && nk == src {
                        found.push((k, par));
                    }
                    if self.seen_on[nk as usize] != e {
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
        self.offs = offs;
        self.ons = ons;
    }

    /// The keys of a found cycle, its end (the assumption again) first, the assumption left
    /// out.
    fn cycle_path(&self, src: u16, k: u16, par: u16) -> Vec<u16> {
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
    fn take_set(&mut self) -> PotSet {
        self.spare.pop().unwrap_or_else(PotSet::new)
    }

    fn give_set(&mut self, mut s: PotSet) {
        s.clear(&self.nodes);
        self.spare.push(s);
    }

    /// The rule this engine searches.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// An engine for `rule`.
    pub fn new(rule: Rule) -> Chainer {
        Chainer {
            rule,
            nodes: Vec::new(),
            pool: Vec::new(),
            stamp: vec![0; NKEYS],
            epoch: 0,
            nested_ids: 0,
            spare: Vec::new(),
            prune: false,
            best: None,
            fast: Fast::new(),
            on_cache: Vec::new(),
            q_on: VecDeque::new(),
            q_off: VecDeque::new(),
            b_off: Vec::new(),
            b_on: Vec::new(),
            b_parents: Vec::new(),
        }
    }

    fn node(&mut self, key: u16, parents: &[u32]) -> u32 {
        let p0 = self.pool.len() as u32;
        self.pool.extend_from_slice(parents);
        let depth = parents.first().map_or(0, |&p| self.nodes[p as usize].depth + 1);
        self.nodes.push(Node {
            key,
            p0,
            pn: parents.len() as u32,
            nested: 0,
            nested_id: 0,
            cause: 0,
            depth,
        });
        (self.nodes.len() - 1) as u32
    }

    fn parents(&self, n: u32) -> &[u32] {
        let nd = self.nodes[n as usize];
        &self.pool[nd.p0 as usize..(nd.p0 + nd.pn) as usize]
    }

    fn first_parent(&self, n: u32) -> Option<u32> {
        self.parents(n).first().copied()
    }

    fn key_of(&self, n: u32) -> u16 {
        self.nodes[n as usize].key
    }

    /// The number of distinct potentials `n` rests on, itself included.
    fn ancestors(&mut self, n: u32) -> u32 {
        self.epoch += 1;
        let g = self.epoch;
        let mut todo = vec![n];
        let mut count = 0;
        while let Some(p) = todo.pop() {
            let k = self.key_of(p) as usize;
            if self.stamp[k] == g {
                continue;
            }
            self.stamp[k] = g;
            count += 1;
            let nd = self.nodes[p as usize];
            todo.extend_from_slice(&self.pool[nd.p0 as usize..(nd.p0 + nd.pn) as usize]);
        }
        count
    }

    /// The summed complexity of the distinct nested chains below the targets.
    fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        let mut seen_nodes = std::collections::HashSet::new();
        let mut seen_chains = std::collections::HashSet::new();
        let mut sum = 0;
        for &t in targets {
            let mut todo = vec![t];
            while let Some(p) = todo.pop() {
                if !seen_nodes.insert(p) {
                    continue;
                }
                let nd = self.nodes[p as usize];
                if nd.nested != 0 && seen_chains.insert(nd.nested_id) {
                    sum += nd.nested;
                }
                todo.extend_from_slice(&self.pool[nd.p0 as usize..(nd.p0 + nd.pn) as usize]);
            }
        }
        sum
    }

    fn complexity(&mut self, targets: &[u32]) -> u32 {
        let flat: u32 = targets.iter().map(|&t| self.ancestors(t)).sum();
        if self.rule.level >= 2 { flat + self.nested_complexity(targets) } else { flat }
    }

    /// The potentials made off by `p` on: the cell's other values (when `cell_rule`), then the
    /// digit's other positions in p's block, row and column; without repeats.
    fn on_to_off(&self, g: &Grid, p: u32, cell_rule: bool, out: &mut Vec<u16>) {
        out.clear();
        let (c, d, _) = unkey(self.key_of(p));
        if cell_rule {
            for v in digits(g.cand[c]) {
                if v != d {
                    out.push(key(c, v, false));
                }
            }
        }
        for &o in &HOUSE_CELLS[c] {
            if g.has(o as usize, d) {
                out.push(key(o as usize, d, false));
            }
        }
    }

    /// The potentials made on by `p` off (a bivalue cell's other value when `cell_rule`; the
    /// other position of a digit with two positions in a region when `region_rule`), each with
    /// its parents: `p`, then the candidates removed since `source` that made it follow.
    #[allow(clippy::too_many_arguments)]
    fn off_to_on(
        &mut self,
        g: &Grid,
        p: u32,
        source: &Grid,
        offs: &PotSet,
        cell_rule: bool,
        region_rule: bool,
        out: &mut Vec<u32>,
    ) {
        out.clear();
        let (c, d, _) = unkey(self.key_of(p));
        let mut parents = std::mem::take(&mut self.b_parents);
        if cell_rule && g.count(c) == 2 {
            let other = digits(g.cand[c]).find(|&v| v != d).unwrap_or(d);
            parents.clear();
            parents.push(p);
            for v in digits(source.cand[c] & !g.cand[c]) {
                let s = offs.slot[key(c, v, false) as usize];
                if s != NONE {
                    parents.push(s);
                }
            }
            let n = self.node(key(c, other, true), &parents);
            self.nodes[n as usize].cause = 1;
            out.push(n);
        }
        if region_rule {
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
                let oc = REGION_CELLS[r][i] as usize;
                let k = key(oc, d, true);
                if out.iter().any(|&n| self.key_of(n) == k) {
                    continue;
                }
                parents.clear();
                parents.push(p);
                let removed = source.positions(r, d) & !pos;
                for j in 0..9 {
                    if removed >> j & 1 != 0 {
                        let s = offs.slot[key(REGION_CELLS[r][j] as usize, d, false) as usize];
                        if s != NONE {
                            parents.push(s);
                        }
                    }
                }
                let n = self.node(k, &parents);
                self.nodes[n as usize].cause = 2 + r as u8;
                out.push(n);
            }
        }
        self.b_parents = parents;
    }

    fn insert(set: &mut PotSet, k: u16, n: u32) {
        set.slot[k as usize] = n;
        set.list.push(n);
    }

    /// Whether potential key `k` is on the first-parent path above `p`.
    fn is_parent(&self, p: u32, k: u16) -> bool {
        let mut t = p;
        while let Some(q) = self.first_parent(t) {
            if self.key_of(q) == k {
                return true;
            }
            t = q;
        }
        false
    }

    /// Propagates from the potentials already in `on`/`off` (SE's `doChaining`). Returns the
    /// two potentials of a contradiction (on, off) if one is met.
    fn propagate(&mut self, grid: &Grid, on: &mut PotSet, off: &mut PotSet) -> Option<(u32, u32)> {
        let source = grid;
        let mut g = grid.clone();
        let mut pend_on = std::mem::take(&mut self.q_on);
        let mut pend_off = std::mem::take(&mut self.q_off);
        pend_on.clear();
        pend_off.clear();
        pend_on.extend(on.list.iter().copied());
        pend_off.extend(off.list.iter().copied());
        let cell_rule = !self.rule.nishio;
        let mut offs_buf = std::mem::take(&mut self.b_off);
        let mut ons_buf = std::mem::take(&mut self.b_on);
        let result = self.propagate_loop(
            &mut g,
            source,
            on,
            off,
            &mut pend_on,
            &mut pend_off,
            cell_rule,
            &mut offs_buf,
            &mut ons_buf,
        );
        self.q_on = pend_on;
        self.q_off = pend_off;
        self.b_off = offs_buf;
        self.b_on = ons_buf;
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn propagate_loop(
        &mut self,
        g: &mut Grid,
        source: &Grid,
        on: &mut PotSet,
        off: &mut PotSet,
        pend_on: &mut VecDeque<u32>,
        pend_off: &mut VecDeque<u32>,
        cell_rule: bool,
        offs_buf: &mut Vec<u16>,
        ons_buf: &mut Vec<u32>,
    ) -> Option<(u32, u32)> {
        loop {
            if let Some(p) = pend_on.pop_front() {
                self.on_to_off(g, p, cell_rule, offs_buf);
                for &k in offs_buf.iter() {
                    let conj = k | 1;
                    let s = on.slot[conj as usize];
                    if s != NONE {
                        let n = self.node(k, &[p]);
                        return Some((s, n));
                    }
                    if off.slot[k as usize] == NONE {
                        let n = self.node(k, &[p]);
                        Self::insert(off, k, n);
                        pend_off.push_back(n);
                    }
                }
            } else if let Some(p) = pend_off.pop_front() {
                self.off_to_on(g, p, source, off, cell_rule, true, ons_buf);
                if self.rule.dynamic {
                    let (c, d, _) = unkey(self.key_of(p));
                    g.remove(c, d);
                }
                for i in 0..ons_buf.len() {
                    let n = ons_buf[i];
                    let k = self.key_of(n);
                    let s = off.slot[(k & !1) as usize];
                    if s != NONE {
                        return Some((n, s));
                    }
                    if on.slot[k as usize] == NONE {
                        Self::insert(on, k, n);
                        pend_on.push_back(n);
                    }
                }
            } else {
                break;
            }
            if pend_on.is_empty() && pend_off.is_empty() && self.rule.level > 0 {
                for n in self.advanced(g, source, off) {
                    let k = self.key_of(n);
                    if off.slot[k as usize] == NONE {
                        Self::insert(off, k, n);
                        pend_off.push_back(n);
                    }
                }
            }
        }
        None
    }

    /// Off potentials from the nested rules on the reduced grid `g` (SE's "advanced"
    /// potentials): the first of locked candidates, hidden pair, naked pair, X-wing, then
    /// (level 2+) forcing chains and (level 3+) multiple forcing chains that finds anything
    /// resting on removed candidates.
    fn advanced(&mut self, g: &Grid, source: &Grid, offs: &PotSet) -> Vec<u32> {
        let mut result = Vec::new();
        let removed: Vec<(usize, u8)> = (0..81)
            .flat_map(|c| digits(source.cand[c] & !g.cand[c]).map(move |d| (c, d)))
            .collect();
        if removed.is_empty() {
            return result;
        }
        for stage in 0..6 {
            let hints: Vec<super::nested::Nested> = match stage {
                0 => super::nested::locking_all(g, source),
                1 => super::nested::hidden_pairs_all(g, source),
                2 => super::nested::naked_pairs_all(g, source),
                3 => super::nested::xwings_all(g, source),
                // Levels 2-3 nest forcing chains and multiple forcing chains; levels 4+
                // nest dynamic forcing chains and, from 5, dynamic chains of level - 3.
                4 if (2..4).contains(&self.rule.level) => {
                    self.nested_chains(g, source, Rule::CYCLES)
                }
                5 if self.rule.level == 3 => self.nested_chains(g, source, Rule::MULTIPLE),
                4 if self.rule.level >= 4 => self.nested_chains(g, source, Rule::dynamic(0)),
                5 if self.rule.level >= 5 => {
                    self.nested_chains(g, source, Rule::dynamic(self.rule.level - 3))
                }
                _ => Vec::new(),
            };
            for (removable, parents, nested) in hints {
                if parents.is_empty() {
                    continue;
                }
                let ps: Vec<u32> = parents
                    .iter()
                    .map(|&(c, d)| offs.slot[key(c, d, false) as usize])
                    .filter(|&s| s != NONE)
                    .collect();
                let mut rem = removable.clone();
                rem.sort_unstable();
                self.nested_ids += 1;
                let id = self.nested_ids;
                for (c, d) in rem {
                    let n = self.node(key(c as usize, d, false), &ps);
                    if nested != 0 {
                        self.nodes[n as usize].nested = nested;
                        self.nodes[n as usize].nested_id = id;
                    }
                    result.push(n);
                }
            }
            if !result.is_empty() {
                break;
            }
        }
        result
    }

    /// Every hint of a nested chaining rule on `g`, with the removed candidates (since
    /// `source`) it rests on and its complexity.
    fn nested_chains(&mut self, g: &Grid, source: &Grid, rule: Rule) -> Vec<super::nested::Nested> {
        let mut sub = Chainer::new(rule);
        let found = sub.all_hints(g, Some(source));
        found.into_iter().map(|(f, parents)| (f.removable, parents, f.complexity)).collect()
    }

    /// The first hint SE would report for this rule on `g` (lowest rating, then complexity,
    /// then kind, then search order).
    pub fn first(&mut self, g: &Grid) -> Option<Hint> {
        self.prune = !(self.rule.multiple || self.rule.dynamic);
        self.best = None;
        let mut all = self.all_hints(g, None);
        let best = (0..all.len()).min_by_key(|&i| {
            let f = &all[i].0;
            (f.diff, f.complexity, f.sort_key, i)
        })?;
        let f = all.swap_remove(best).0;
        let mut h = Hint::remove(f.diff, f.name, f.removable);
        h.complexity = f.complexity;
        Some(h)
    }

    /// Every hint of the rule on `g`, in search order. With `source` (nested use), each hint
    /// also lists the candidates removed since `source` that its chains rest on.
    fn all_hints(&mut self, g: &Grid, source: Option<&Grid>) -> Vec<(Found, Vec<(usize, u8)>)> {
        // Recycle the last search's sets (their slots are cleared through the old nodes).
        for o in std::mem::take(&mut self.on_cache).into_iter().flatten() {
            self.give_set(o.on);
            self.give_set(o.off);
        }
        self.nodes.clear();
        self.pool.clear();
        self.on_cache.resize_with(NKEYS / 2, || None);
        let mut out: Vec<(Found, Vec<u32>, u8)> = Vec::new();
        if self.rule.multiple || self.rule.dynamic {
            for c in 0..81 {
                let n = g.count(c);
                if g.val[c] == 0 && (n > 2 || (n > 1 && self.rule.dynamic)) {
                    self.multiple_chains(g, c, &mut out);
                }
            }
        } else {
            if self.prune {
                self.fast.prepare(g);
            }
            for (y, x) in [(false, true), (true, false), (true, true)] {
                if self.prune {
                    self.pass_fast(g, y, x, &mut out);
                    continue;
                }
                for c in 0..81 {
                    if g.val[c] == 0 && g.count(c) > 1 {
                        for d in digits(g.cand[c]) {
                            self.unary(g, c, d, y, x, &mut out);
                        }
                    }
                }
            }
        }
        out.into_iter()
            .map(|(f, targets, root_cause)| {
                let parents = match source {
                    Some(s) => self.rule_parents(&targets, root_cause, g, s),
                    None => Vec::new(),
                };
                (f, parents)
            })
            .collect()
    }

    /// The removed candidates (in `source`, not in `g`) a nested chain rests on: for every on
    /// potential of its chains, the removed values of its cell (when it is its cell's last
    /// value) or the removed positions of its digit in its region (when it is the region's
    /// last position). `root_cause` stands for the assumption's own cause (cell or region
    /// forcing chains).
    fn rule_parents(
        &self,
        targets: &[u32],
        root_cause: u8,
        g: &Grid,
        source: &Grid,
    ) -> Vec<(usize, u8)> {
        let mut out: Vec<(usize, u8)> = Vec::new();
        for &t in targets {
            let mut done = std::collections::HashSet::new();
            let mut todo = vec![t];
            while !todo.is_empty() {
                let mut next = Vec::new();
                for p in todo {
                    let k = self.key_of(p);
                    if !done.insert(k) {
                        continue;
                    }
                    let (c, d, on) = unkey(k);
                    let mut cause = self.nodes[p as usize].cause;
                    if cause == 0 && self.parents(p).is_empty() {
                        cause = root_cause;
                    }
                    if on && cause == 1 {
                        for v in digits(source.cand[c] & !g.cand[c]) {
                            if !out.contains(&(c, v)) {
                                out.push((c, v));
                            }
                        }
                    } else if on && cause >= 2 {
                        let r = (cause - 2) as usize;
                        for &o in &REGION_CELLS[r] {
                            let o = o as usize;
                            if source.has(o, d) && !g.has(o, d) && !out.contains(&(o, d)) {
                                out.push((o, d));
                            }
                        }
                    }
                    next.extend_from_slice(self.parents(p));
                }
                todo = next;
            }
        }
        out
    }

    /// The largest complexity a chain of `base` rating may have and still come before the best
    /// hint found so far (a later hint wins only with a lower rating or complexity).
    fn limit(&self, base: u32) -> u32 {
        let Some((bd, bc)) = self.best.filter(|_| self.prune) else { return u32::MAX };
        let mut cx = 0;
        while (base + length_tenths(cx + 1), cx + 1) < (bd, bc) {
            cx += 1;
        }
        cx
    }

    fn note_best(&mut self, f: &Found) {
        if self.prune && self.best.is_none_or(|b| (f.diff, f.complexity) < b) {
            self.best = Some((f.diff, f.complexity));
        }
    }

    /// One pass of SE's unary chaining (X, Y or XY links) for the first hint only, without
    /// potential objects. SE would take the lowest (rating, complexity) and, among equals, the
    /// first found (cycles of a candidate before its forcing chains, candidates in order); the
    /// forcing chains stop at their first target, so they run first and bound the cycle
    /// searches, which have no such stop. Only a hint better than the earlier passes' counts.
    fn pass_fast(&mut self, g: &Grid, y: bool, x: bool, out: &mut Vec<(Found, Vec<u32>, u8)>) {
        let before = self.best;
        let sources: Vec<(usize, u8)> = (0..81)
            .filter(|&c| g.val[c] == 0 && g.count(c) > 1 && (x || g.count(c) == 2))
            .flat_map(|c| digits(g.cand[c]).map(move |d| (c, d)))
            .collect();
        // Forcing chains: the first best one, as (rating, complexity, source index, kind).
        let mut forcing: Option<(u32, u32, usize, u32, Found)> = None;
        if x {
            let base = if y { 70 } else { 66 };
            let sort_key = if y { 4 } else { 2 };
            let name = if y { "Forcing Chain" } else { "Forcing X-Chain" };
            for (i, &(c, d)) in sources.iter().enumerate() {
                let src = key(c, d, true);
                for (kind, root_on) in [(1, true), (2, false)] {
                    let limit = self.limit(base);
                    let root = if root_on { src } else { src & !1 };
                    let Some(cx) = self.fast.forcing(g, root, root_on, y, limit) else { continue };
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
            let limit = self.cycle_limit(cycle_base, bound, cycles.as_ref().map(|h| (h.0, h.1)));
            if limit == 0 {
                continue;
            }
            found.clear();
            self.fast.cycles(g, src, y, x, limit, &mut found);
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
    fn cycle_limit(&self, base: u32, bound: Option<(u32, u32)>, best: Option<(u32, u32)>) -> u32 {
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

    fn keep_if_better(&mut self, f: Found, out: &mut Vec<(Found, Vec<u32>, u8)>) {
        if self.best.is_none_or(|b| (f.diff, f.complexity) < b) {
            self.best = Some((f.diff, f.complexity));
            out.push((f, Vec::new(), 0));
        }
    }

    /// Cycles and forcing chains from `d` in `c` (SE's unary chaining).
    fn unary(
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
    fn cycles(&mut self, g: &Grid, root: u32, y: bool, x: bool, found: &mut Vec<u32>, limit: u32) {
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
    fn off_to_on_nohidden(&self, g: &Grid, p: u32, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
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

    fn on_node(&mut self, k: u16, cause: u8, parent: u32) -> u32 {
        let n = self.node(k, &[parent]);
        self.nodes[n as usize].cause = cause;
        n
    }

    /// SE's forcing chains from `root` (on or off): a potential whose opposite is the root.
    fn forcing(
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

    fn cycle_hint(&mut self, g: &Grid, dst: u32, y: bool, x: bool) -> Option<Found> {
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
fn cycle_removable(g: &Grid, path: &[u16]) -> Vec<(u8, u8)> {
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

fn cycle_found(removable: Vec<(u8, u8)>, complexity: u32, y: bool, x: bool) -> Found {
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

impl Chainer {
    /// The propagation from candidate `k` (an on key) assumed true, computed once per search
    /// and shared by binary, cell and region chains: returns its index in the cache.
    fn on_outcome(&mut self, g: &Grid, k: u16) -> usize {
        let i = (k / 2) as usize;
        if self.on_cache[i].is_none() {
            let mut on = self.take_set();
            let mut off = self.take_set();
            let root = self.node(k, &[]);
            Self::insert(&mut on, k, root);
            let absurd = self.propagate(g, &mut on, &mut off);
            self.on_cache[i] = Some(Outcome { on, off, absurd });
        }
        i
    }

    fn cached(&self, i: usize) -> &Outcome {
        self.on_cache[i].as_ref().expect("filled by on_outcome")
    }

    /// Binary, region and cell forcing chains from every candidate of `c` (SE's multiple
    /// chains for one cell).
    fn multiple_chains(&mut self, g: &Grid, c: usize, out: &mut Vec<(Found, Vec<u32>, u8)>) {
        let card = g.count(c);
        let rule = self.rule;
        let mut outcomes: Vec<usize> = Vec::new();
        let mut cell_on: Option<Vec<u32>> = None;
        let mut cell_off: Option<Vec<u32>> = None;
        for d in digits(g.cand[c]) {
            let double = card >= 3 && !rule.nishio && rule.dynamic;
            let contradiction = rule.dynamic || rule.nishio;
            let i = self.binary(g, c, d, double, contradiction, out);
            if !rule.nishio {
                self.region_chains(g, c, d, i, out);
            }
            let o = self.cached(i);
            let keep = |v: Vec<u32>, s: &PotSet, nodes: &[Node]| -> Vec<u32> {
                v.into_iter().filter(|&n| s.slot[nodes[n as usize].key as usize] != NONE).collect()
            };
            cell_on = Some(match cell_on {
                None => o.on.list.clone(),
                Some(v) => keep(v, &o.on, &self.nodes),
            });
            cell_off = Some(match cell_off {
                None => o.off.list.clone(),
                Some(v) => keep(v, &o.off, &self.nodes),
            });
            outcomes.push(i);
        }
        if rule.nishio || !(card == 2 || (rule.multiple && card > 2)) {
            return;
        }
        for (list, on_side) in [(cell_on, true), (cell_off, false)] {
            for t in list.unwrap_or_default() {
                let k = self.key_of(t);
                let targets: Vec<u32> = outcomes
                    .iter()
                    .map(|&i| {
                        let o = self.cached(i);
                        if on_side { o.on.slot[k as usize] } else { o.off.slot[k as usize] }
                    })
                    .collect();
                if let Some(f) = self.reduction_hint(g, k, &targets, 5) {
                    out.push((f, targets, 1));
                }
            }
        }
    }

    fn reduction_hint(
        &mut self,
        g: &Grid,
        target: u16,
        chains: &[u32],
        sort_key: u32,
    ) -> Option<Found> {
        let (tc, td, ton) = unkey(target);
        let removable: Vec<(u8, u8)> = if ton {
            digits(g.cand[tc]).filter(|&v| v != td).map(|v| (tc as u8, v)).collect()
        } else {
            vec![(tc as u8, td)]
        };
        if removable.is_empty() {
            return None;
        }
        let complexity = self.complexity(chains);
        Some(Found {
            diff: self.rule.base() + length_tenths(complexity),
            complexity,
            sort_key,
            name: self.rule.name(),
            removable,
        })
    }

    /// SE's binary chaining: `d` in `c` on, then off; contradictions and double implications.
    /// Returns the cache index of the "on" outcome.
    fn binary(
        &mut self,
        g: &Grid,
        c: usize,
        d: u8,
        double: bool,
        contradiction: bool,
        out: &mut Vec<(Found, Vec<u32>, u8)>,
    ) -> usize {
        let i = self.on_outcome(g, key(c, d, true));
        if let Some((a, b)) = self.cached(i).absurd
            && contradiction
            && let Some(f) = self.reduction_hint(g, key(c, d, false), &[a, b], 7)
        {
            out.push((f, vec![a, b], 0));
        }
        let mut off_on = self.take_set();
        let mut off_off = self.take_set();
        let p_off = self.node(key(c, d, false), &[]);
        Self::insert(&mut off_off, key(c, d, false), p_off);
        if let Some((a, b)) = self.propagate(g, &mut off_on, &mut off_off)
            && contradiction
            && let Some(f) = self.reduction_hint(g, key(c, d, true), &[a, b], 7)
        {
            out.push((f, vec![a, b], 0));
        }
        if double {
            let on_list = self.cached(i).on.list.clone();
            for a in on_list {
                let k = self.key_of(a);
                let b = off_on.slot[k as usize];
                if b != NONE
                    && let Some(f) = self.reduction_hint(g, k, &[a, b], 1)
                {
                    out.push((f, vec![a, b], 0));
                }
            }
            let off_list = self.cached(i).off.list.clone();
            for a in off_list {
                let k = self.key_of(a);
                let b = off_off.slot[k as usize];
                if b != NONE
                    && let Some(f) = self.reduction_hint(g, k, &[a, b], 1)
                {
                    out.push((f, vec![a, b], 0));
                }
            }
        }
        self.give_set(off_on);
        self.give_set(off_off);
        i
    }

    /// SE's region chaining: every position of `d` in each region of `c` where `c` is the
    /// first position (`mine` is the cache index of `d` in `c` on).
    fn region_chains(
        &mut self,
        g: &Grid,
        c: usize,
        d: u8,
        mine: usize,
        out: &mut Vec<(Found, Vec<u32>, u8)>,
    ) {
        for &r in &CELL_REGIONS[c] {
            let r = r as usize;
            let pos = g.positions(r, d);
            let n = pos.count_ones();
            if !(n == 2 || (self.rule.multiple && n > 2)) {
                continue;
            }
            if REGION_CELLS[r][low(pos)] as usize != c {
                continue;
            }
            let mut outcomes: Vec<usize> = Vec::new();
            for i in 0..9 {
                if pos >> i & 1 == 0 {
                    continue;
                }
                let oc = REGION_CELLS[r][i] as usize;
                outcomes.push(if oc == c { mine } else { self.on_outcome(g, key(oc, d, true)) });
            }
            for on_side in [true, false] {
                fn side(o: &Outcome, on_side: bool) -> &PotSet {
                    if on_side { &o.on } else { &o.off }
                }
                let list: Vec<u32> = side(self.cached(mine), on_side)
                    .list
                    .iter()
                    .copied()
                    .filter(|&t| {
                        let k = self.key_of(t) as usize;
                        outcomes.iter().all(|&i| side(self.cached(i), on_side).slot[k] != NONE)
                    })
                    .collect();
                for t in list {
                    let k = self.key_of(t);
                    let targets: Vec<u32> = outcomes
                        .iter()
                        .map(|&i| side(self.cached(i), on_side).slot[k as usize])
                        .collect();
                    if let Some(f) = self.reduction_hint(g, k, &targets, 6) {
                        out.push((f, targets, 2 + r as u8));
                    }
                }
            }
        }
    }
}
