//! The node arena and the potential sets of a search: a potential's key (cell, digit,
//! on/off), its node (parents, cause, depth, nested chain), SE's insertion-ordered sets of
//! potentials, and what is read from the arena once a chain is found (its complexity, the
//! nested chains below it, its content for counting equal chains once).

use super::*;

pub(super) const NKEYS: usize = 81 * 9 * 2;

/// A potential's identity: cell, digit, on/off.
#[inline]
pub(super) fn key(c: usize, d: u8, on: bool) -> u16 {
    ((c * 9 + d as usize - 1) * 2 + on as usize) as u16
}

#[inline]
pub(super) fn unkey(k: u16) -> (usize, u8, bool) {
    let k = k as usize;
    (k / 18, (k / 2 % 9) as u8 + 1, k % 2 == 1)
}

/// One potential with its parents and, for a step found by a nested rule, the nested
/// chain's complexity and identity. Most potentials have one parent, kept in the node;
/// two or more are kept in the arena's pool.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) key: u16,
    /// The parent (`pn` = 1), or where the parents start in the pool (`pn` > 1).
    pub(super) p0: u32,
    pub(super) pn: u32,
    /// Complexity of the nested chain that produced this potential (0 = none).
    pub(super) nested: u32,
    /// Identity of that nested chain (for counting each once).
    pub(super) nested_id: u32,
    /// Why an on potential holds: 0 = assumption, 1 = last value of its cell, 2 + r = last
    /// position in house r.
    pub(super) cause: u8,
    /// Steps from the assumption along first parents.
    pub(super) depth: u16,
}

/// An insertion-ordered set of potentials keyed by identity (SE's `LinkedSet`). Membership
/// is also kept as bits: the propagation asks it for every link, and 184 bytes stay in cache
/// where the node table of a set does not. The node table is read only where the bit is
/// set, and each bit is set with its entry, so the table is never initialised or cleared
/// (an entry of a key not in the set is stale and never read). An entry is the key's place
/// in `list` (at most `NKEYS` < 2^16), not its node.
///
/// Only a propagation under way has a table (2.9 KB): once it is done, its sets keep the
/// bits and the list and hand the table back to the engine ([`Chainer::detach`]), which
/// lends it to the next propagation, so a search's kept propagations (two sets each, about
/// 400 per dynamic search) write no table of their own and the one or two tables in use stay
/// in cache. A done set is read by its bits and its list; a propagation that goes on gets a
/// table rebuilt from its list ([`Chainer::attach`]): place `i` for the key of `list[i]`,
/// what `insert` wrote (a key is in the list once).
///
/// The bits are boxed so that a set is 56 bytes: sets move often (into and out of a
/// search's kept propagations, the engine's spares, a propagation that goes on), and a
/// move of the 232-byte set with its bits inline was a `memcpy` call each time.
#[derive(Clone)]
pub(super) struct PotSet {
    pub(super) bits: Box<[u64; NKEYS.div_ceil(64)]>,
    pub(super) slot: Vec<u16>,
    pub(super) list: Vec<u32>,
}

pub(super) const NONE: u32 = u32::MAX;

impl PotSet {
    /// An empty set without a table (a done set to be given one).
    pub(super) fn empty() -> PotSet {
        PotSet { bits: Box::new([0; NKEYS.div_ceil(64)]), slot: Vec::new(), list: Vec::new() }
    }

    /// Whether potential key `k` is in the set.
    #[inline]
    pub(super) fn has(&self, k: u16) -> bool {
        self.bits[k as usize / 64] >> (k % 64) & 1 != 0
    }

    /// The node of key `k`, or NONE (a set with a table only).
    #[inline]
    pub(super) fn get(&self, k: u16) -> u32 {
        if self.has(k) { self.list[self.slot[k as usize] as usize] } else { NONE }
    }

    /// Empties the set (its bits; the node table keeps stale entries, never read).
    pub(super) fn clear(&mut self) {
        *self.bits = [0; NKEYS.div_ceil(64)];
        self.list.clear();
    }
}

impl Chainer {
    /// An empty set without a table (a spare one when there is one).
    pub(super) fn take_bare(&mut self) -> PotSet {
        self.spare.pop().unwrap_or_else(PotSet::empty)
    }

    /// An empty set with a table, for a propagation.
    pub(super) fn take_set(&mut self) -> PotSet {
        let mut s = self.take_bare();
        s.slot = self.spare_slots.pop().unwrap_or_else(|| vec![0; NKEYS]);
        s
    }

    /// Takes back a set no longer used.
    pub(super) fn give_set(&mut self, mut s: PotSet) {
        self.detach(&mut s);
        s.clear();
        self.spare.push(s);
    }

    /// Takes back the table of a done propagation's set (see [`PotSet`]).
    pub(super) fn detach(&mut self, s: &mut PotSet) {
        if !s.slot.is_empty() {
            self.spare_slots.push(std::mem::take(&mut s.slot));
        }
    }

    /// Gives a done set a table again, rebuilt from its list (see [`PotSet`]).
    pub(super) fn attach(&mut self, s: &mut PotSet) {
        let mut slot = self.spare_slots.pop().unwrap_or_else(|| vec![0; NKEYS]);
        for (i, &n) in s.list.iter().enumerate() {
            slot[self.nodes[n as usize].key as usize] = i as u16;
        }
        s.slot = slot;
    }

    pub(super) fn node(&mut self, key: u16, parents: &[u32]) -> u32 {
        let p0 = match parents {
            [] => 0,
            &[p] => p,
            _ => {
                let at = self.pool.len() as u32;
                self.pool.extend_from_slice(parents);
                at
            }
        };
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

    pub(super) fn parents(&self, n: u32) -> &[u32] {
        let nd = &self.nodes[n as usize];
        match nd.pn {
            0 => &[],
            1 => std::slice::from_ref(&nd.p0),
            _ => &self.pool[nd.p0 as usize..(nd.p0 + nd.pn) as usize],
        }
    }

    pub(super) fn first_parent(&self, n: u32) -> Option<u32> {
        self.parents(n).first().copied()
    }

    pub(super) fn key_of(&self, n: u32) -> u16 {
        self.nodes[n as usize].key
    }

    /// Visits `t` and the potentials it rests on breadth-first (a level's parents follow it
    /// in order), each key once: `visit` gets each potential and its key. The walk's queue
    /// is `queue`, marks are `stamp` at a fresh epoch.
    pub(super) fn walk_ancestors(
        &mut self,
        t: u32,
        queue: &mut Vec<u32>,
        mut visit: impl FnMut(&Self, u32, u16),
    ) {
        self.epoch += 1;
        let e = self.epoch;
        queue.clear();
        queue.push(t);
        let mut i = 0;
        while let Some(&p) = queue.get(i) {
            i += 1;
            let k = self.key_of(p);
            if self.stamp[k as usize] == e {
                continue;
            }
            self.stamp[k as usize] = e;
            visit(self, p, k);
            queue.extend_from_slice(self.parents(p));
        }
    }

    /// The number of distinct potentials `n` rests on, itself included.
    pub(super) fn ancestors(&mut self, n: u32) -> u32 {
        let mut queue = std::mem::take(&mut self.b_walk);
        let mut count = 0;
        self.walk_ancestors(n, &mut queue, |_, _, _| count += 1);
        self.b_walk = queue;
        count
    }

    /// The summed complexity of the distinct nested chains below the targets.
    pub(super) fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        let mut seen_nodes = rustc_hash::FxHashSet::default();
        let mut seen_chains = rustc_hash::FxHashSet::default();
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
                todo.extend_from_slice(self.parents(p));
            }
        }
        sum
    }

    pub(super) fn complexity(&mut self, targets: &[u32]) -> u32 {
        let flat: u32 = targets.iter().map(|&t| self.ancestors(t)).sum();
        if self.rule.level >= 2 { flat + self.nested_complexity(targets) } else { flat }
    }

    /// The identity of a nested chain with the given content (see [`Chainer::chain_content`]).
    pub(super) fn chain_id(&mut self, content: &[u16]) -> u32 {
        let next = self.chain_ids.len() as u32 + 1;
        match self.chain_ids.get(content) {
            Some(&id) => id,
            None => {
                self.chain_ids.insert(content.to_vec(), next);
                next
            }
        }
    }

    /// What SE compares when it asks whether two chains are the same: per target, the
    /// potentials of its chain, breadth-first from the target with each potential once (a
    /// cycle has two targets: its end and the cycle reversed).
    pub(super) fn chain_content(&mut self, targets: &[u32], cycle: bool, out: &mut Vec<u16>) {
        let mut queue = std::mem::take(&mut self.b_walk);
        for &t in targets {
            let start = out.len();
            self.walk_ancestors(t, &mut queue, |_, _, k| out.push(k));
            let end = out.len();
            out.push(u16::MAX);
            if cycle {
                // The reversed cycle: the path from the assumption to the end, each potential
                // negated, the end (the assumption again) left out.
                out.push(out[start] ^ 1);
                for j in (start + 1..end).rev() {
                    out.push(out[j] ^ 1);
                }
                out.push(u16::MAX);
            }
        }
        self.b_walk = queue;
    }
}
