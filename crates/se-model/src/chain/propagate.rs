//! Propagation of potentials (SE's `doChaining`): the on/off links, the dynamic removal of
//! candidates, the nested rules of levels 1-5, and what a nested chain rests on.

use super::*;
use crate::grid::CELL_INDEX;

impl Chainer {
    /// The potentials made off by `p` on: the cell's other values (when `cell_rule`), then the
    /// digit's other positions in p's block, row and column; without repeats.
    pub(super) fn on_to_off(&self, g: &Grid, p: u32, cell_rule: bool, out: &mut Vec<u16>) {
        out.clear();
        let (c, d, _) = unkey(self.key_of(p));
        if cell_rule {
            for v in digits(g.cand[c]) {
                if v != d {
                    out.push(key(c, v, false));
                }
            }
        }
        g.for_peers_with(c, d, |o| out.push(key(o, d, false)));
    }

    /// The potentials made on by `p` off (a bivalue cell's other value when `cell_rule`; the
    /// other position of a digit with two positions in a house when `house_rule`), each with
    /// its parents: `p`, then the candidates removed since `source` that made it follow.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn off_to_on(
        &mut self,
        g: &Grid,
        p: u32,
        source: &Grid,
        offs: &PotSet,
        cell_rule: bool,
        house_rule: bool,
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
                let s = offs.get(key(c, v, false));
                if s != NONE {
                    parents.push(s);
                }
            }
            let n = self.node(key(c, other, true), &parents);
            self.nodes[n as usize].cause = 1;
            out.push(n);
        }
        if house_rule {
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
                let oc = HOUSE_CELLS[r][i] as usize;
                let k = key(oc, d, true);
                if out.iter().any(|&n| self.key_of(n) == k) {
                    continue;
                }
                parents.clear();
                parents.push(p);
                let mut removed = source.positions(r, d) & !pos;
                while removed != 0 {
                    let j = low(removed);
                    removed &= removed - 1;
                    let s = offs.get(key(HOUSE_CELLS[r][j] as usize, d, false));
                    if s != NONE {
                        parents.push(s);
                    }
                }
                let n = self.node(k, &parents);
                self.nodes[n as usize].cause = 2 + r as u8;
                out.push(n);
            }
        }
        self.b_parents = parents;
    }

    pub(super) fn insert(set: &mut PotSet, k: u16, n: u32) {
        set.slot[k as usize] = set.list.len() as u16;
        set.bits[k as usize / 64] |= 1 << (k % 64);
        set.list.push(n);
    }

    /// Whether potential key `k` is on the first-parent path above `p`.
    pub(super) fn is_parent(&self, p: u32, k: u16) -> bool {
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
    pub(super) fn propagate(
        &mut self,
        grid: &Grid,
        on: &mut PotSet,
        off: &mut PotSet,
    ) -> Option<(u32, u32)> {
        self.propagate_on(grid, grid.clone(), on, off, None)
    }

    /// As [`Chainer::propagate`] from the reduced grid `g` (`source` less what `off` took
    /// out). With `resume`, the propagation goes on where one stopped (every potential in
    /// `on`/`off` already followed, see [`Chainer::resume`]): it first asks the nested rules
    /// from that stage on. Sets `self.quiet` to whether it ended at a call of the nested
    /// rules that found nothing (or without calling them).
    pub(super) fn propagate_on(
        &mut self,
        source: &Grid,
        mut g: Grid,
        on: &mut PotSet,
        off: &mut PotSet,
        resume: Option<usize>,
    ) -> Option<(u32, u32)> {
        let mut pend_on = std::mem::take(&mut self.q_on);
        let mut pend_off = std::mem::take(&mut self.q_off);
        pend_on.clear();
        pend_off.clear();
        self.quiet = true;
        // The stages before `resume`'s find nothing on the reduced grid `g`, which is
        // `source` less every potential of `off` (see `Chainer::advanced`).
        let known = resume.unwrap_or(0).min(4);
        self.quiet_at = std::array::from_fn(|s| if s < known { off.list.len() } else { 0 });
        match resume {
            Some(stage) => self.push_advanced(&g, source, off, &mut pend_off, stage),
            None => {
                pend_on.extend(on.list.iter().copied());
                pend_off.extend(off.list.iter().copied());
            }
        }
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
    pub(super) fn propagate_loop(
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
                    let s = on.get(conj);
                    if s != NONE {
                        let n = self.node(k, &[p]);
                        return Some((s, n));
                    }
                    if !off.has(k) {
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
                    let s = off.get(k & !1);
                    if s != NONE {
                        return Some((n, s));
                    }
                    if !on.has(k) {
                        Self::insert(on, k, n);
                        pend_on.push_back(n);
                    }
                }
            } else {
                break;
            }
            if pend_on.is_empty() && pend_off.is_empty() && self.rule.level > 0 {
                self.push_advanced(g, source, off, pend_off, 0);
            }
        }
        None
    }

    /// Adds the off potentials of the nested rules from `stage` on (see
    /// [`Chainer::advanced`]) to `off` and the queue; `self.quiet` says whether they found
    /// nothing.
    fn push_advanced(
        &mut self,
        g: &Grid,
        source: &Grid,
        off: &mut PotSet,
        pend_off: &mut VecDeque<u32>,
        stage: usize,
    ) {
        let mut found = std::mem::take(&mut self.b_found);
        found.clear();
        self.advanced(g, source, off, stage, &mut found);
        self.quiet = found.is_empty();
        for &n in &found {
            let k = self.key_of(n);
            if !off.has(k) {
                Self::insert(off, k, n);
                pend_off.push_back(n);
            }
        }
        self.b_found = found;
    }

    /// Off potentials from the nested rules on the reduced grid `g` (SE's "advanced"
    /// potentials), appended to `result`: the first of locked candidates, hidden pair, naked
    /// pair, X-wing, then (level 2+) forcing chains and (level 3+) multiple forcing chains
    /// that finds anything resting on removed candidates. Stages before `from` are not asked
    /// (the caller knows they find nothing on `g`). Each stage writes its hints into a
    /// buffer kept between calls (`crate::nested::Hints`) instead of a vector per hint.
    pub(super) fn advanced(
        &mut self,
        g: &Grid,
        source: &Grid,
        offs: &PotSet,
        from: usize,
        result: &mut Vec<u32>,
    ) {
        if (0..81).all(|c| source.cand[c] & !g.cand[c] == 0) {
            return;
        }
        // What changed since a basic rule last found nothing: per house the digits that lost
        // a position and the cells (positions 0-8) that lost a value, gathered from the off potentials
        // added since (stage by stage, from the latest mark back, see `Chainer::quiet_at`).
        let (mut changed, mut lost, mut lo) = ([0u16; 27], [0u16; 27], offs.list.len());
        // The hints of a stage and the parents' nodes, in buffers kept between calls.
        let mut hints = std::mem::take(&mut self.b_hints);
        let mut ps = std::mem::take(&mut self.b_parents);
        for stage in from..6 {
            hints.clear();
            if stage < 4 && self.quiet_at[stage] < lo {
                for &n in &offs.list[self.quiet_at[stage]..lo] {
                    let (c, d, _) = unkey(self.key_of(n));
                    for (&r, &i) in CELL_HOUSES[c].iter().zip(&CELL_INDEX[c]) {
                        changed[r as usize] |= 1 << (d - 1);
                        lost[r as usize] |= 1 << i;
                    }
                }
                lo = self.quiet_at[stage];
            }
            match stage {
                0 => crate::nested::locking_all(g, source, &changed, &mut hints),
                1 => crate::nested::hidden_pairs_all(g, source, &changed, &mut hints),
                2 => crate::nested::naked_pairs_all(g, source, &lost, &mut hints),
                3 => crate::nested::xwings_all(g, source, &changed, &mut hints),
                _ => {
                    if let Some(rule) = nested_rule(self.rule.level, stage) {
                        self.nested_chains(g, source, rule, offs, &mut hints);
                    }
                }
            }
            let (mut r0, mut q0) = (0, 0);
            for e in hints.ends.iter().copied() {
                let (r1, q1) = (e.removable as usize, e.parents as usize);
                let (rs, qs) = (r0..r1, q0..q1);
                (r0, q0) = (r1, q1);
                if qs.is_empty() {
                    continue;
                }
                ps.clear();
                ps.extend(
                    hints.parents[qs]
                        .iter()
                        .map(|&(c, d)| offs.get(key(c, d, false)))
                        .filter(|&s| s != NONE),
                );
                let removable = &mut hints.removable[rs];
                removable.sort_unstable();
                for &(c, d) in removable.iter() {
                    let n = self.node(key(c as usize, d, false), &ps);
                    if e.nested != 0 {
                        self.nodes[n as usize].nested = e.nested;
                        self.nodes[n as usize].nested_id = e.id;
                    }
                    result.push(n);
                }
            }
            if !result.is_empty() {
                break;
            }
            if stage < 4 && self.rule.dynamic {
                self.quiet_at[stage] = offs.list.len();
            }
        }
        self.b_parents = ps;
        self.b_hints = hints;
    }

    /// Every hint of a nested chaining rule on `g`, as SE hands them to the propagation: in
    /// its rating order (rating as SE's doubles compare, then complexity, then kind; search
    /// order among equals), only the first of the hints with the same removals, each with
    /// the removed candidates (since `source`) it rests on, its complexity and the identity
    /// of its chains (equal chains, found again by another propagation or a later round,
    /// are one chain when a complexity sums its nested chains).
    ///
    /// The search depends on `g` alone (what the hints rest on is kept as a trace that
    /// `source` turns into candidates), so its result is remembered for the rest of the
    /// puzzle ([`super::memo`]): SE's levels search the same reduced grids again, from one
    /// level to the next on the same grid and from step to step.
    pub(super) fn nested_chains(
        &mut self,
        g: &Grid,
        source: &Grid,
        rule: Rule,
        offs: &PotSet,
        out: &mut crate::nested::Hints,
    ) {
        let hints = match super::memo::get(rule, g) {
            Some(h) => h,
            None => {
                let h = std::rc::Rc::new(self.nested_search(g, rule));
                // A search cut short by the budget is not what a full search returns.
                if bitdoku_bitboard::budget::exceeded().is_none() {
                    super::memo::put(rule, g, &h);
                }
                h
            }
        };
        for h in hints.iter() {
            let (_, start) = out.open();
            trace_parents(&h.trace, g, source, &mut out.parents);
            if out.parents.len() == start {
                continue;
            }
            // Only a chain that adds a potential can be counted later.
            let adds = h.removable.iter().any(|&(c, d)| !offs.has(key(c as usize, d, false)));
            let id = if adds { self.chain_id(&h.content) } else { 0 };
            out.removable.extend_from_slice(&h.removable);
            out.close(h.complexity, id);
        }
    }

    /// The hints of a nested rule on `g` in SE's order, the first of each set of removals,
    /// with their traces and chain contents (what [`Chainer::nested_chains`] needs that does
    /// not depend on the propagation's start).
    fn nested_search(&mut self, g: &Grid, rule: Rule) -> Vec<super::memo::NestedHint> {
        // Engines of nested rules are kept for the next propagation (their tables are sized
        // once), in place; each search starts afresh.
        let i = match self.subs.iter().position(|s| s.rule == rule) {
            Some(i) => i,
            None => {
                self.subs.push(Chainer::new(rule));
                self.subs.len() - 1
            }
        };
        let sub = &mut self.subs[i];
        let mut found = sub.all_hints(g, true);
        // SE's order as a sort of the hints' places by their keys, each computed once (the
        // place last: equal keys keep the search order, as SE's stable sort does).
        let mut order: Vec<(f64, u32, u32, u32)> = found
            .iter()
            .enumerate()
            .map(|(j, (f, ..))| {
                (se_value(f.diff, f.complexity), f.complexity, f.sort_key, j as u32)
            })
            .collect();
        order.sort_unstable_by(|a, b| {
            a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)).then(a.3.cmp(&b.3))
        });
        // Each hint's removals sorted, end to end in one buffer (`ends[j]` is where hint
        // `j`'s end), so the sets met are kept as slices of it.
        let mut sets: Vec<(u8, u8)> = Vec::new();
        let mut ends: Vec<usize> = Vec::with_capacity(found.len());
        for (f, ..) in &found {
            let start = sets.len();
            sets.extend_from_slice(&f.removable);
            sets[start..].sort_unstable();
            ends.push(sets.len());
        }
        let mut seen: rustc_hash::FxHashSet<&[(u8, u8)]> = Default::default();
        let mut out = Vec::with_capacity(found.len());
        for &(.., j) in &order {
            let j = j as usize;
            let set = &sets[if j == 0 { 0 } else { ends[j - 1] }..ends[j]];
            let (f, targets, root_cause) = &mut found[j];
            // A hint resting on no removed candidate is skipped later, but it still hides
            // the hints with its removals that come after it (so only the first of each set
            // of removals is traced).
            if !seen.insert(set) {
                continue;
            }
            let trace = sub.rule_trace(targets, *root_cause, f.is_cycle());
            if trace.is_empty() {
                continue;
            }
            let mut content = Vec::new();
            sub.chain_content(targets, f.is_cycle(), &mut content);
            out.push(super::memo::NestedHint {
                removable: std::mem::take(&mut f.removable),
                complexity: f.complexity,
                trace,
                content,
            });
        }
        out
    }

    /// What a nested chain rests on, as a [`Trace`]: for every on potential of its chains
    /// (breadth-first from each target), its cell or house and digit with the reason it holds
    /// (last value of its cell, last position in its house). `root_cause` stands for the
    /// assumption's own cause (cell or house forcing chains). A cycle's chains are the cycle
    /// and the cycle reversed, whose on potentials are the cycle's off ones, each for the
    /// reason it went off.
    pub(super) fn rule_trace(&mut self, targets: &[u32], root_cause: u8, cycle: bool) -> Trace {
        let mut out: Trace = Vec::new();
        // Each target's chains breadth-first, each key once per target.
        let mut queue = std::mem::take(&mut self.b_walk);
        for &t in targets {
            self.walk_ancestors(t, &mut queue, |this, p, k| {
                let (c, d, on) = unkey(k);
                let mut cause = this.nodes[p as usize].cause;
                if cause == 0 && this.parents(p).is_empty() {
                    cause = root_cause;
                }
                if on && cause != 0 {
                    out.push((c as u8, d, cause));
                }
            });
            if cycle {
                // The reversed cycle, from the assumption back to the end: its on potentials
                // are the cycle's off ones (the end and the assumption are the same candidate).
                queue.clear();
                let mut p = t;
                while let Some(q) = self.first_parent(p) {
                    queue.push(q);
                    p = q;
                }
                queue.pop();
                for &p in queue.iter().rev() {
                    let (c, d, on) = unkey(self.key_of(p));
                    let cause = self.nodes[p as usize].cause;
                    if !on && cause != 0 {
                        out.push((c as u8, d, cause));
                    }
                }
            }
        }
        self.b_walk = queue;
        out
    }
}

/// The chaining rule nested at `stage` (4 or 5, after the four basic rules) of
/// [`Chainer::advanced`] at `level`: levels 2-3 nest forcing chains and (3) multiple forcing
/// chains; levels 4+ nest dynamic forcing chains and, from 5, dynamic chains of level - 3.
pub(super) fn nested_rule(level: u32, stage: usize) -> Option<Rule> {
    match stage {
        4 if (2..4).contains(&level) => Some(Rule::CYCLES),
        5 if level == 3 => Some(Rule::MULTIPLE),
        4 if level >= 4 => Some(Rule::dynamic(0)),
        5 if level >= 5 => Some(Rule::dynamic(level - 3)),
        _ => None,
    }
}

/// The first stage of [`Chainer::advanced`] a propagation of level `to` must ask where one
/// of level `from` stopped after its nested rules found nothing: the stages both levels
/// share found nothing there (level 0 asks none, levels 1+ share the basic rules and the
/// chaining rules [`nested_rule`] gives both). `None` when a propagation of level `from`
/// is not the start of one of level `to`: `from` asks a nested rule at a stage where `to`
/// asks another (level 3's forcing chains where level 4 asks dynamic forcing chains), so
/// the two part at the first call where that stage is reached.
pub(super) fn first_new_stage(from: u32, to: u32) -> Option<usize> {
    if from == 0 {
        return Some(0);
    }
    let first = (4..6).find(|&s| nested_rule(from, s) != nested_rule(to, s)).unwrap_or(6);
    (first..6).all(|s| nested_rule(from, s).is_none()).then_some(first)
}

/// What a nested chain rests on, independent of the propagation's start: (cell, digit,
/// cause) in SE's order, cause 1 for the last value of the cell, 2 + house for the last
/// position of the digit in the house.
pub(super) type Trace = Vec<(u8, u8, u8)>;

/// The removed candidates (in `source`, not in `g`) a chain with `trace` rests on: the
/// removed values of a cell it uses as its last value, the removed positions of a digit in
/// a house it uses as its last position, in order, each once; appended to `all` (each once
/// among those appended).
pub(super) fn trace_parents(
    trace: &[(u8, u8, u8)],
    g: &Grid,
    source: &Grid,
    all: &mut Vec<(usize, u8)>,
) {
    // The candidates appended so far (bit `c * 9 + d - 1`), in place of a search of the list.
    let mut seen = [0u64; 12];
    let mut push = |c: usize, d: u8| {
        let i = c * 9 + d as usize - 1;
        if seen[i / 64] >> (i % 64) & 1 == 0 {
            seen[i / 64] |= 1 << (i % 64);
            all.push((c, d));
        }
    };
    for &(c, d, cause) in trace {
        let c = c as usize;
        if cause == 1 {
            for v in digits(source.cand[c] & !g.cand[c]) {
                push(c, v);
            }
        } else {
            // The removed positions, in the house's order.
            let r = (cause - 2) as usize;
            let mut gone = source.positions(r, d) & !g.positions(r, d);
            while gone != 0 {
                push(HOUSE_CELLS[r][gone.trailing_zeros() as usize] as usize, d);
                gone &= gone - 1;
            }
        }
    }
}
