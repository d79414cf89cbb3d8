//! SE's multiple, Nishio and dynamic forcing chains: binary (contradiction and double),
//! cell and house chains, each candidate's propagation (assumed on, and off) cached for the
//! search. A dynamic level's search takes over the propagations of the level below on the
//! same grid and goes on from where each stopped instead of propagating again from the
//! assumption (SE runs the levels in order, each repeating the one below until its own
//! nested rule is needed; see [`Chainer::resume`] for why the result is the same). A static
//! search propagates only the assumptions of the cell and house chains whose assumptions'
//! closures meet ([`Chainer::closures_meet`]).

use super::*;

impl Chainer {
    /// The propagation from candidate `k` (an on key) assumed true, computed once per search
    /// and shared by binary, cell and house chains: returns its index in the cache.
    pub(super) fn on_outcome(&mut self, g: &Grid, k: u16) -> usize {
        let i = (k / 2) as usize;
        self.on_cache[i] = self.outcome(g, k, self.on_cache[i]);
        i
    }

    /// The propagation from candidate `k` (an on key) assumed false, kept as
    /// [`Chainer::on_outcome`]'s (only the next level reads it again): its index in
    /// `outcomes`.
    fn off_outcome(&mut self, g: &Grid, k: u16) -> usize {
        let i = (k / 2) as usize;
        self.off_cache[i] = self.outcome(g, k ^ 1, self.off_cache[i]);
        self.off_cache[i] as usize
    }

    /// The index in `outcomes` of this level's propagation from the potential `root` on
    /// `g`: `at` if it is one (NONE: none yet), else a new one, going on from a lower
    /// level's at `at` when that one can be resumed ([`Chainer::resume`]).
    fn outcome(&mut self, g: &Grid, root: u16, at: u32) -> u32 {
        if at != NONE {
            let o = &self.outcomes[at as usize];
            if o.level == self.rule.level || o.absurd.is_some() {
                return at;
            }
            if let Some(stage) = propagate::first_new_stage(o.level, self.rule.level)
                && o.quiet
                && o.generation == memo::generation()
            {
                self.resume(g, at as usize, stage);
                return at;
            }
        }
        let generation = memo::generation();
        let mut on = self.take_set();
        let mut off = self.take_set();
        let n = self.node(root, &[]);
        Self::insert(if root & 1 == 1 { &mut on } else { &mut off }, root, n);
        let absurd = self.propagate(g, &mut on, &mut off);
        self.outcomes.push(Outcome {
            on,
            off,
            absurd,
            level: self.rule.level,
            quiet: self.quiet,
            generation,
        });
        (self.outcomes.len() - 1) as u32
    }

    /// Goes on with a lower level's propagation `outcomes[at]` (on `g`, the search's grid)
    /// at this level, from where it stopped.
    ///
    /// A level's propagation is a lower level's until the lower one stops: both apply the
    /// same links, and the nested rules in the same order (basic rules first, then forcing
    /// chains and multiple forcing chains, see [`nested_rule`]); the lower level stops at a
    /// call of its nested rules that finds nothing (`quiet`), where the higher one asks
    /// the same rules again (they find nothing on the same reduced grid) and then its own.
    /// So the higher level's propagation is the lower one's followed by what comes after:
    /// the same potentials in the same order, with the same parents. The reduced grid there
    /// is `g` less every off potential (each was removed when it left the queue, and both
    /// queues were empty). The nested searches of the lower level's part were put in the
    /// memo and are still there if it was not emptied since (`generation`), so the higher
    /// level would only have read them: no budget is counted and the memo is unchanged. A
    /// contradiction ends both alike. Chain identities are numbers given in order of first
    /// use and only compared for equality, so taking them over from the lower level's search
    /// keeps equal chains equal and distinct ones distinct.
    fn resume(&mut self, g: &Grid, at: usize, stage: usize) {
        let o = &mut self.outcomes[at];
        let mut on = std::mem::replace(&mut o.on, PotSet::placeholder());
        let mut off = std::mem::replace(&mut o.off, PotSet::placeholder());
        let mut reduced = g.clone();
        for &n in &off.list {
            let (c, d, _) = unkey(self.key_of(n));
            reduced.remove(c, d);
        }
        let absurd = self.propagate_on(g, reduced, &mut on, &mut off, Some(stage));
        let quiet = self.quiet;
        let level = self.rule.level;
        let o = &mut self.outcomes[at];
        o.on = on;
        o.off = off;
        o.absurd = absurd;
        o.level = level;
        o.quiet = quiet;
    }

    /// Whether this search skips the static cell and house chains whose assumptions'
    /// closures do not meet (static multiple forcing chains, unless a test compares them
    /// with the search that skips nothing).
    fn static_filter(&self) -> bool {
        self.skip_unreachable && self.rule.multiple && !self.rule.dynamic && !self.rule.nishio
    }

    /// Whether the closures of the assumptions `keys` (on keys) share a potential.
    ///
    /// A static propagation (no candidate removed, no nested rule) from an assumption meets
    /// potentials of its closure under the same links (a cell's other values and a digit's
    /// other positions in the houses of an on potential; the other value of a bivalue cell
    /// and the other position of a digit with two positions in a house of an off one), all
    /// of them unless it stops at a contradiction. A cell or house chain's targets are
    /// potentials every assumption of the cell or house meets, so without a potential in
    /// all their closures it has no hint; skipping it, and the propagations only it would
    /// have asked for, leaves the same hints in the same order (each propagation depends on
    /// its assumption and the grid alone). The closures are kept per search.
    fn closures_meet(&mut self, g: &Grid, keys: &mut dyn Iterator<Item = u16>) -> bool {
        let mut acc = [!0u64; NKEYS.div_ceil(64)];
        for k in keys {
            let row = self.closure(g, k);
            let mut any = 0;
            for (x, y) in acc.iter_mut().zip(row) {
                *x &= y;
                any |= *x;
            }
            if any == 0 {
                return false;
            }
        }
        true
    }

    /// The closure of on key `k` under the static links (see [`Chainer::closures_meet`]):
    /// an on potential met whose closure is known adds that closure instead of being
    /// followed (the closure is closed: what it leads to is in it).
    fn closure(&mut self, g: &Grid, k: u16) -> [u64; NKEYS.div_ceil(64)] {
        let i = (k / 2) as usize;
        if self.closure_at[i] == self.closure_epoch {
            return self.closures[i];
        }
        fn mark(seen: &mut [u64; NKEYS.div_ceil(64)], todo: &mut Vec<u16>, k: u16) {
            let (w, b) = (k as usize / 64, k % 64);
            if seen[w] >> b & 1 == 0 {
                seen[w] |= 1 << b;
                todo.push(k);
            }
        }
        let mut seen = [0u64; NKEYS.div_ceil(64)];
        let mut todo = std::mem::take(&mut self.b_off);
        todo.clear();
        mark(&mut seen, &mut todo, k);
        while let Some(p) = todo.pop() {
            let (c, d, on) = unkey(p);
            // A closure already made holds everything its on potential leads to.
            let j = (p / 2) as usize;
            if on && p != k && self.closure_at[j] == self.closure_epoch {
                for (x, y) in seen.iter_mut().zip(&self.closures[j]) {
                    *x |= y;
                }
                continue;
            }
            if on {
                for v in digits(g.cand[c]) {
                    if v != d {
                        mark(&mut seen, &mut todo, key(c, v, false));
                    }
                }
                g.for_peers_with(c, d, |o| mark(&mut seen, &mut todo, key(o, d, false)));
            } else {
                if g.count(c) == 2 {
                    let other = digits(g.cand[c]).find(|&v| v != d).unwrap_or(d);
                    mark(&mut seen, &mut todo, key(c, other, true));
                }
                for &r in &CELL_HOUSES[c] {
                    let r = r as usize;
                    let pos = g.positions(r, d);
                    if pos.count_ones() != 2 {
                        continue;
                    }
                    let mut j = low(pos);
                    if HOUSE_CELLS[r][j] as usize == c {
                        j = low(pos & !(1 << j));
                    }
                    mark(&mut seen, &mut todo, key(HOUSE_CELLS[r][j] as usize, d, true));
                }
            }
        }
        self.b_off = todo;
        self.closure_at[i] = self.closure_epoch;
        self.closures[i] = seen;
        seen
    }

    pub(super) fn cached(&self, i: usize) -> &Outcome {
        &self.outcomes[self.on_cache[i] as usize]
    }

    /// The potentials of `first`'s propagation (on or off side, one of `outcomes`, cache
    /// indices) that every propagation of `outcomes` meets, in `first`'s order: its list
    /// filtered by the intersection of their membership bits (the same as filtering it by
    /// each set in turn, without reading each potential's node once per set).
    fn common(&self, first: usize, outcomes: &[usize], on_side: bool) -> Vec<u32> {
        let mut acc = side(self.cached(first), on_side).bits;
        for &i in outcomes {
            for (a, b) in acc.iter_mut().zip(&side(self.cached(i), on_side).bits) {
                *a &= b;
            }
        }
        side(self.cached(first), on_side)
            .list
            .iter()
            .copied()
            .filter(|&t| {
                let k = self.key_of(t) as usize;
                acc[k / 64] >> (k % 64) & 1 != 0
            })
            .collect()
    }

    /// Binary, house and cell forcing chains from every candidate of `c` (SE's multiple
    /// chains for one cell).
    pub(super) fn multiple_chains(
        &mut self,
        g: &Grid,
        c: usize,
        out: &mut Vec<(Found, Vec<u32>, u8)>,
    ) {
        let card = g.count(c);
        let rule = self.rule;
        let mut outcomes: Vec<usize> = Vec::new();
        // Cell forcing chains (what every value of the cell implies); static ones only when
        // the values' closures meet (see `Chainer::closures_meet`).
        let filter = self.static_filter();
        let cell_chains = !rule.nishio
            && (card == 2 || (rule.multiple && card > 2))
            && (!filter
                || self.failed.cell_meets(g, c).unwrap_or_else(|| {
                    self.closures_meet(g, &mut digits(g.cand[c]).map(|d| key(c, d, true)))
                }));
        for d in digits(g.cand[c] & self.only_digits) {
            let double = card >= 3 && !rule.nishio && rule.dynamic;
            let contradiction = rule.dynamic || rule.nishio;
            // A static binary chain only propagates the value (it has no hint): that
            // propagation is made when a cell or house chain needs it.
            let i =
                if filter { None } else { Some(self.binary(g, c, d, double, contradiction, out)) };
            if !rule.nishio {
                self.house_chains(g, c, d, i, out);
            }
            if !cell_chains {
                continue;
            }
            let i = match i {
                Some(i) => i,
                None => self.on_outcome(g, key(c, d, true)),
            };
            outcomes.push(i);
        }
        if !cell_chains || outcomes.is_empty() {
            return;
        }
        for on_side in [true, false] {
            for t in self.common(outcomes[0], &outcomes, on_side) {
                let k = self.key_of(t);
                let targets: Vec<u32> = outcomes
                    .iter()
                    .map(|&i| {
                        let o = self.cached(i);
                        if on_side { o.on.get(k) } else { o.off.get(k) }
                    })
                    .collect();
                if let Some(f) = self.reduction_hint(g, k, &targets, 5) {
                    out.push((f, targets, 1));
                }
            }
        }
    }

    pub(super) fn reduction_hint(
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
    pub(super) fn binary(
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
        if !contradiction && !double {
            // The "off" side only ever yields contradictions and double implications.
            return i;
        }
        let j = self.off_outcome(g, key(c, d, true));
        if let Some((a, b)) = self.outcomes[j].absurd
            && contradiction
            && let Some(f) = self.reduction_hint(g, key(c, d, true), &[a, b], 7)
        {
            out.push((f, vec![a, b], 0));
        }
        if double {
            let on_list = self.cached(i).on.list.clone();
            for a in on_list {
                let k = self.key_of(a);
                let b = self.outcomes[j].on.get(k);
                if b != NONE
                    && let Some(f) = self.reduction_hint(g, k, &[a, b], 1)
                {
                    out.push((f, vec![a, b], 0));
                }
            }
            let off_list = self.cached(i).off.list.clone();
            for a in off_list {
                let k = self.key_of(a);
                let b = self.outcomes[j].off.get(k);
                if b != NONE
                    && let Some(f) = self.reduction_hint(g, k, &[a, b], 1)
                {
                    out.push((f, vec![a, b], 0));
                }
            }
        }
        i
    }

    /// SE's house chaining: every position of `d` in each house of `c` where `c` is the
    /// first position (`mine` is the cache index of `d` in `c` on).
    pub(super) fn house_chains(
        &mut self,
        g: &Grid,
        c: usize,
        d: u8,
        mine: Option<usize>,
        out: &mut Vec<(Found, Vec<u32>, u8)>,
    ) {
        let filter = self.static_filter();
        let mut mine = mine;
        for &r in &CELL_HOUSES[c] {
            let r = r as usize;
            let pos = g.positions(r, d);
            let n = pos.count_ones();
            if !(n == 2 || (self.rule.multiple && n > 2)) {
                continue;
            }
            if HOUSE_CELLS[r][low(pos)] as usize != c {
                continue;
            }
            if filter
                && !self.failed.house_meets(g, r, d).unwrap_or_else(|| {
                    self.closures_meet(
                        g,
                        &mut (0..9)
                            .filter(|&i| pos >> i & 1 != 0)
                            .map(|i| key(HOUSE_CELLS[r][i] as usize, d, true)),
                    )
                })
            {
                continue;
            }
            let mine = match mine {
                Some(i) => i,
                None => *mine.insert(self.on_outcome(g, key(c, d, true))),
            };
            let mut outcomes: Vec<usize> = Vec::new();
            for i in 0..9 {
                if pos >> i & 1 == 0 {
                    continue;
                }
                let oc = HOUSE_CELLS[r][i] as usize;
                outcomes.push(if oc == c { mine } else { self.on_outcome(g, key(oc, d, true)) });
            }
            for on_side in [true, false] {
                for t in self.common(mine, &outcomes, on_side) {
                    let k = self.key_of(t);
                    let targets: Vec<u32> =
                        outcomes.iter().map(|&i| side(self.cached(i), on_side).get(k)).collect();
                    if let Some(f) = self.reduction_hint(g, k, &targets, 6) {
                        out.push((f, targets, 2 + r as u8));
                    }
                }
            }
        }
    }
}

/// The on or off side of a propagation.
fn side(o: &Outcome, on_side: bool) -> &PotSet {
    if on_side { &o.on } else { &o.off }
}
