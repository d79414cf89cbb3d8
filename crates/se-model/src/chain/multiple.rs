//! SE's multiple, Nishio and dynamic forcing chains: binary (contradiction and double),
//! cell and house chains, each candidate's propagation cached for the search.

use super::*;

impl Chainer {
    /// The propagation from candidate `k` (an on key) assumed true, computed once per search
    /// and shared by binary, cell and house chains: returns its index in the cache.
    pub(super) fn on_outcome(&mut self, g: &Grid, k: u16) -> usize {
        let i = (k / 2) as usize;
        if self.on_cache[i] == NONE {
            let mut on = self.take_set();
            let mut off = self.take_set();
            let root = self.node(k, &[]);
            Self::insert(&mut on, k, root);
            let absurd = self.propagate(g, &mut on, &mut off);
            self.on_cache[i] = self.outcomes.len() as u32;
            self.outcomes.push(Outcome { on, off, absurd });
        }
        i
    }

    pub(super) fn cached(&self, i: usize) -> &Outcome {
        &self.outcomes[self.on_cache[i] as usize]
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
        let mut cell_on: Option<Vec<u32>> = None;
        let mut cell_off: Option<Vec<u32>> = None;
        // Cell forcing chains (what every value of the cell implies).
        let cell_chains = !rule.nishio && (card == 2 || (rule.multiple && card > 2));
        for d in digits(g.cand[c] & self.only_digits) {
            let double = card >= 3 && !rule.nishio && rule.dynamic;
            let contradiction = rule.dynamic || rule.nishio;
            let i = self.binary(g, c, d, double, contradiction, out);
            if !rule.nishio {
                self.house_chains(g, c, d, i, out);
            }
            outcomes.push(i);
            if !cell_chains {
                continue;
            }
            let o = self.cached(i);
            let keep = |v: Vec<u32>, s: &PotSet, nodes: &[Node]| -> Vec<u32> {
                v.into_iter().filter(|&n| s.has(nodes[n as usize].key)).collect()
            };
            cell_on = Some(match cell_on {
                None => o.on.list.clone(),
                Some(v) => keep(v, &o.on, &self.nodes),
            });
            cell_off = Some(match cell_off {
                None => o.off.list.clone(),
                Some(v) => keep(v, &o.off, &self.nodes),
            });
        }
        if !cell_chains {
            return;
        }
        for (list, on_side) in [(cell_on, true), (cell_off, false)] {
            for t in list.unwrap_or_default() {
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
                let b = off_on.get(k);
                if b != NONE
                    && let Some(f) = self.reduction_hint(g, k, &[a, b], 1)
                {
                    out.push((f, vec![a, b], 0));
                }
            }
            let off_list = self.cached(i).off.list.clone();
            for a in off_list {
                let k = self.key_of(a);
                let b = off_off.get(k);
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

    /// SE's house chaining: every position of `d` in each house of `c` where `c` is the
    /// first position (`mine` is the cache index of `d` in `c` on).
    pub(super) fn house_chains(
        &mut self,
        g: &Grid,
        c: usize,
        d: u8,
        mine: usize,
        out: &mut Vec<(Found, Vec<u32>, u8)>,
    ) {
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
            let mut outcomes: Vec<usize> = Vec::new();
            for i in 0..9 {
                if pos >> i & 1 == 0 {
                    continue;
                }
                let oc = HOUSE_CELLS[r][i] as usize;
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
                        outcomes.iter().all(|&i| side(self.cached(i), on_side).has(k as u16))
                    })
                    .collect();
                for t in list {
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
