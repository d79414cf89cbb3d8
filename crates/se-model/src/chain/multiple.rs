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
                if self.off_links_at[j] != self.closure_epoch {
                    self.off_links_at[j] = self.closure_epoch;
                    self.off_links[j] = off_links(g, c, d);
                }
                for &on in self.off_links[j].iter().take_while(|&&on| on != u16::MAX) {
                    mark(&mut seen, &mut todo, on);
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
    /// each set in turn, without reading each potential's node once per set). With each,
    /// its node in every propagation of `outcomes` (a chain's targets), row by row.
    fn common(&mut self, first: usize, outcomes: &[usize], on_side: bool) -> (Vec<u32>, Vec<u32>) {
        let mut acc = *side(self.cached(first), on_side).bits;
        for &i in outcomes {
            for (a, b) in acc.iter_mut().zip(side(self.cached(i), on_side).bits.iter()) {
                *a &= b;
            }
        }
        let found: Vec<u32> = side(self.cached(first), on_side)
            .list
            .iter()
            .copied()
            .filter(|&t| {
                let k = self.key_of(t) as usize;
                acc[k / 64] >> (k % 64) & 1 != 0
            })
            .collect();
        if found.is_empty() {
            return (found, Vec::new());
        }
        let m = outcomes.len();
        let mut targets = vec![NONE; found.len() * m];
        for (j, &i) in outcomes.iter().enumerate() {
            let o = &self.outcomes[self.on_cache[i] as usize];
            nodes_of(&self.nodes, &mut self.b_node, side(o, on_side), &acc, found.len());
            for (row, &t) in targets.chunks_exact_mut(m).zip(&found) {
                row[j] = self.b_node[self.nodes[t as usize].key as usize];
            }
        }
        (found, targets)
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
        let m = outcomes.len();
        for on_side in [true, false] {
            let (found, rows) = self.common(outcomes[0], &outcomes, on_side);
            for (t, row) in found.into_iter().zip(rows.chunks_exact(m)) {
                let k = self.key_of(t);
                if let Some(f) = self.reduction_hint(g, k, row, 5) {
                    out.push((f, row.to_vec(), 1));
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
            // Double implications: the potentials both propagations meet, in the "on"
            // one's order, each with its node in the "off" one (on side, then off side).
            let ci = self.on_cache[i] as usize;
            let mut pairs = Vec::new();
            for on_side in [true, false] {
                let a_set = side(&self.outcomes[ci], on_side);
                let b_set = side(&self.outcomes[j], on_side);
                let mut both = *a_set.bits;
                for (x, y) in both.iter_mut().zip(b_set.bits.iter()) {
                    *x &= y;
                }
                if both.iter().all(|&w| w == 0) {
                    continue;
                }
                let n = both.iter().map(|w| w.count_ones() as usize).sum();
                nodes_of(&self.nodes, &mut self.b_node, b_set, &both, n);
                for &a in &a_set.list {
                    let k = self.nodes[a as usize].key as usize;
                    if both[k / 64] >> (k % 64) & 1 != 0 {
                        pairs.push((a, self.b_node[k]));
                    }
                }
            }
            for (a, b) in pairs {
                let k = self.key_of(a);
                if let Some(f) = self.reduction_hint(g, k, &[a, b], 1) {
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
            let m = outcomes.len();
            for on_side in [true, false] {
                let (found, rows) = self.common(mine, &outcomes, on_side);
                for (t, row) in found.into_iter().zip(rows.chunks_exact(m)) {
                    let k = self.key_of(t);
                    if let Some(f) = self.reduction_hint(g, k, row, 6) {
                        out.push((f, row.to_vec(), 2 + r as u8));
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

/// Writes in `table`, for every key of `set` that is in `keys` (`count` keys, all in
/// `set`), its node in `set` (what `set.get` returns: a key is in a set's list once, so
/// the scan stops at the last), leaving the other entries as they were. Reads the set's
/// list only, not its table (a done set has none, see [`PotSet`]).
fn nodes_of(
    nodes: &[Node],
    table: &mut Vec<u32>,
    set: &PotSet,
    keys: &[u64; NKEYS.div_ceil(64)],
    count: usize,
) {
    if table.is_empty() {
        table.resize(NKEYS, NONE);
    }
    let mut left = count;
    for &n in &set.list {
        if left == 0 {
            break;
        }
        let k = nodes[n as usize].key as usize;
        if keys[k / 64] >> (k % 64) & 1 != 0 {
            table[k] = n;
            left -= 1;
        }
    }
}

/// The on potentials a static propagation makes follow from candidate `d` of `c` off, in
/// its order (the other value of a bivalue cell, then the other position of the digit in
/// each house of `c` where it has two), ended by `u16::MAX` when fewer than four. A
/// function of the grid: [`Chainer::closure`] computes it once per candidate and search
/// (every closure of a static search is over the same grid) instead of once per visit.
fn off_links(g: &Grid, c: usize, d: u8) -> [u16; 4] {
    let mut out = [u16::MAX; 4];
    let mut n = 0;
    if g.count(c) == 2 {
        let other = digits(g.cand[c]).find(|&v| v != d).unwrap_or(d);
        out[n] = key(c, other, true);
        n += 1;
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
        out[n] = key(HOUSE_CELLS[r][j] as usize, d, true);
        n += 1;
    }
    out
}
