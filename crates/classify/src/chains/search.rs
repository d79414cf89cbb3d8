//! The depth-first search for one target's whip or braid on a [`ChainSearch`]'s state:
//! one node function for both kinds (they differ only in which singles may be the next
//! right-linking candidate), the node cap and its resumption, and the path of the chain
//! found. The state it asserts and undoes candidates on is in the parent module.

use super::bound::{Bfs, Bound};
use super::{Cand, ChainSearch, Kind};
use crate::brt::{CELL_HOUSE_IDX, HOUSE_BITS, PEER_BITS};
use crate::budget::{Budget, OverBudget};

/// Which singles a node offers as the next right-linking candidate.
#[derive(Clone, Copy)]
enum Next {
    /// A braid's: above the last R (none at the first node) or made by it.
    Braid(Option<Cand>),
    /// A whip's: in the variables linked to the last R (the target at the first node).
    Whip(Cand),
}

impl ChainSearch {
    /// Whether a chain (whip or braid, as built) of length at most `limit` eliminates the
    /// candidate `z` of the grid.
    pub fn exists(&mut self, z: Cand, limit: u32, budget: &mut Budget) -> Result<bool, OverBudget> {
        self.cap = u64::MAX;
        self.resume.clear();
        self.search(z, limit, budget)
    }

    /// [`ChainSearch::exists`] that gives up after `cap` nodes: `Ok(None)` when the cap
    /// stopped it before an answer (the state is left as it was). The nodes count in the
    /// budget as well.
    ///
    /// `resume` says where: empty for a search from the start, or where a capped search for
    /// the same `z` and `limit` on the same state (no [`ChainSearch::reset`] to another
    /// grid since) stopped; on `Ok(None)` it gets where this one stopped, else it is left
    /// empty. A resumed search goes on exactly where the other stopped (the depth-first
    /// order is fixed by the state), so a target capped again and again costs its tree
    /// once, not once per cap.
    pub fn exists_within(
        &mut self,
        z: Cand,
        limit: u32,
        budget: &mut Budget,
        cap: u64,
        resume: &mut Vec<u16>,
    ) -> Result<Option<bool>, OverBudget> {
        self.cap = cap;
        self.capped = false;
        std::mem::swap(&mut self.resume, resume);
        let out = match self.search(z, limit, budget) {
            Ok(found) => Ok(Some(found)),
            Err(_) if self.capped => Ok(None),
            Err(e) => Err(e),
        };
        debug_assert!(self.capped || self.resume.is_empty() || out.is_err());
        if !self.capped {
            self.resume.clear();
        }
        std::mem::swap(&mut self.resume, resume);
        out
    }

    /// The next level's step of a resumed search: `Some(x)` while resuming (skip the
    /// right-linking candidates before x, which the stopped search had finished).
    #[inline]
    fn resume_at(&mut self) -> Option<Cand> {
        self.resume.pop().map(usize::from)
    }

    /// Whether candidate `x` of a node's loop is to be skipped (`resume`, from
    /// [`ChainSearch::resume_at`], is before it) or replayed (it is on the stopped search's
    /// path below its last node: add it again without counting a node). Clears `resume`
    /// once reached.
    #[inline]
    fn resuming(&self, resume: &mut Option<Cand>, x: Cand) -> Option<bool> {
        match *resume {
            Some(r) if r != x => None,
            Some(_) => {
                *resume = None;
                Some(!self.resume.is_empty())
            }
            None => Some(false),
        }
    }

    /// One node: a unit of the budget and one of the cap (a spent cap stops the search as a
    /// spent budget does; [`ChainSearch::exists_within`] tells them apart).
    #[inline]
    fn tick(&mut self, budget: &mut Budget) -> Result<(), OverBudget> {
        budget.spend(1)?;
        if self.cap == 0 {
            self.capped = true;
            return Err(OverBudget);
        }
        self.cap -= 1;
        Ok(())
    }

    /// The search behind [`ChainSearch::exists`], under the current cap.
    fn search(&mut self, z: Cand, limit: u32, budget: &mut Budget) -> Result<bool, OverBudget> {
        if limit == 0 {
            return Ok(false);
        }
        budget.spend(1)?;
        self.found.clear();
        let mark = self.trail.len();
        let found = if self.add(z) {
            Ok(true)
        } else {
            let avail = self.fresh_mask();
            let mut slots = std::mem::take(&mut self.slots);
            if slots.len() < limit as usize {
                slots.resize(limit as usize, Bfs::empty());
            }
            let next = match self.kind {
                Kind::Braid => Next::Braid(None),
                Kind::Whip => Next::Whip(z),
            };
            let found = self.node(1, limit, next, &avail, &avail, None, &mut slots, budget);
            self.slots = slots;
            found
        };
        self.undo(mark, z);
        // `undo` cleared z's bit only; the search leaves nothing else asserted.
        found
    }

    /// The right-linking candidates R1, R2, ... (indices `81 * digit + cell`) of the chain
    /// the last successful [`ChainSearch::exists`] found, in chain order (empty for a chain
    /// of length 1). [`crate::proof::ChainProof::build`] turns them into the whole chain.
    #[must_use]
    pub fn right_links(&self) -> Vec<usize> {
        self.found.iter().rev().map(|&x| usize::from(x)).collect()
    }

    /// One node's try of candidate `x` as the next R (braids and whips alike): tick the
    /// budget (not when `replay`ing a resumed path), assert `x`, and either close the chain
    /// here (asserting `x` empties a variable) or go one level down with `recurse`, given the
    /// child's singles and the fresh ones (not from a `leaf`, a node whose child would have
    /// no variable left: the chain fails there, and x is only tested with
    /// [`ChainSearch::closes`], not asserted). `hopeless` (the child's length left) says
    /// that the child's bound, found before asserting x ([`ChainSearch::child_hopeless`]),
    /// gives up on it: x is not asserted then. `x` joins the found path on success and the
    /// resume path when the budget stops the search below it.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        x: Cand,
        replay: bool,
        leaf: bool,
        hopeless: Option<u32>,
        avail: &[u128; 9],
        budget: &mut Budget,
        recurse: impl FnOnce(&mut Self, &[u128; 9], &[u128; 9], &mut Budget) -> Result<bool, OverBudget>,
    ) -> Result<bool, OverBudget> {
        if !replay && self.tick(budget).is_err() {
            self.resume.push(x as u16);
            return Err(OverBudget);
        }
        if leaf {
            // The chain has no variable left: only whether x closes it, read from the
            // counters without asserting x (no child to look at).
            let closes = self.closes(x);
            #[cfg(debug_assertions)]
            {
                let mark = self.trail.len();
                let broken = self.add(x);
                self.undo(mark, x);
                debug_assert_eq!(closes, broken, "a leaf closes as asserting it would");
            }
            if closes {
                self.found.push(x as u16);
            }
            return Ok(closes);
        }
        if let Some(left) = hopeless {
            #[cfg(debug_assertions)]
            {
                let mark = self.trail.len();
                let broken = self.add(x);
                let f = self.fresh_mask();
                let first: [u128; 9] =
                    std::array::from_fn(|e| (avail[e] | f[e]) & !self.asserted[e]);
                let r = self.rounds_from(self.live, self.asserted, &first, left, None, None);
                self.undo(mark, x);
                debug_assert!(!broken && r.is_none(), "x's child is hopeless as asserting x shows");
            }
            #[cfg(not(debug_assertions))]
            let _ = left;
            return Ok(false);
        }
        #[cfg(debug_assertions)]
        let ahead = {
            let old: [u128; 9] = std::array::from_fn(|e| avail[e] | self.asserted[e]);
            self.new_singles(x, &old)
        };
        let mark = self.trail.len();
        if self.add(x) {
            self.undo(mark, x);
            self.found.push(x as u16);
            return Ok(true);
        }
        let f = self.fresh_mask();
        let fresh: [u128; 9] = std::array::from_fn(|e| f[e] & !avail[e]);
        #[cfg(debug_assertions)]
        debug_assert_eq!(ahead, fresh, "the new singles as asserting x makes them");
        let child: [u128; 9] = std::array::from_fn(|e| avail[e] | f[e]);
        let found = recurse(self, &child, &fresh, budget);
        self.undo(mark, x);
        match found {
            Ok(true) => self.found.push(x as u16),
            Ok(false) => {}
            Err(_) => self.resume.push(x as u16),
        }
        found
    }

    /// One node of the depth-first search, braids and whips alike: `len` variables would be
    /// used by a contradiction now (the Rs chosen plus one). `avail` are the current singles,
    /// `new` those the last R made (that its parent node did not have), `parent` the parent
    /// node's rounds ([`ChainSearch::bound`]). `next` says which singles may be the next R:
    /// for braids, those above the last R (by candidate index) or new ones; for whips, the
    /// singles of the variables that hold a candidate linked to the last R.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        len: u32,
        limit: u32,
        next: Next,
        avail: &[u128; 9],
        new: &[u128; 9],
        parent: Option<&Bfs>,
        slots: &mut [Bfs],
        budget: &mut Budget,
    ) -> Result<bool, OverBudget> {
        if len >= limit {
            return Ok(false);
        }
        let (own, slots) = slots.split_first_mut().expect("one slot per level");
        let bfs = match self.bound(parent, new, avail, limit - len, own) {
            Bound::Hopeless => return Ok(false),
            Bound::Parent => parent.expect("only a node with a parent shares its rounds"),
            Bound::Own => &*own,
        };
        let masks = match next {
            Next::Braid(last) => self.braid_singles(last, avail, new),
            Next::Whip(last) => self.whip_singles(last),
        };
        let mut resume = self.resume_at();
        let leaf = len + 1 >= limit;
        let plain_hopeless = bfs.round.is_none_or(|r| r > limit - len - 1);
        // The current singles and the asserted candidates, for `new_singles`.
        let old: [u128; 9] = if plain_hopeless && !leaf {
            std::array::from_fn(|e| avail[e] | self.asserted[e])
        } else {
            [0; 9]
        };
        for (d, &singles) in masks.iter().enumerate() {
            let mut m = singles;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let x = d * 81 + c;
                let Some(replay) = self.resuming(&mut resume, x) else { continue };
                let hopeless =
                    (plain_hopeless && !leaf && !replay).then(|| limit - len - 1).filter(|&left| {
                        let new = self.new_singles(x, &old);
                        self.child_hopeless(bfs, &new, left, &mut slots[0])
                    });
                let next = match next {
                    Next::Braid(_) => Next::Braid(Some(x)),
                    Next::Whip(_) => Next::Whip(x),
                };
                let found = self.step(
                    x,
                    replay,
                    leaf,
                    hopeless,
                    avail,
                    budget,
                    |s, child, fresh, budget| {
                        s.node(len + 1, limit, next, child, fresh, Some(bfs), slots, budget)
                    },
                );
                // Rounds run ahead for a child that was not asserted are not its sibling's.
                slots[0].ready = false;
                if found? {
                    return Ok(true);
                }
            }
        }
        debug_assert!(resume.is_none(), "a resumed search finds its path");
        Ok(false)
    }

    /// The unasserted singles a braid may take next after `last`: those above it (by
    /// candidate index) or `new` ones (every one at the first node). Taking every set of Rs
    /// in this order only tries each set once (see the module documentation).
    fn braid_singles(&self, last: Option<Cand>, avail: &[u128; 9], new: &[u128; 9]) -> [u128; 9] {
        std::array::from_fn(|d| {
            let m = avail[d] & !self.asserted[d];
            match last {
                None => m,
                Some(l) => {
                    let above = match (d * 81).cmp(&l) {
                        std::cmp::Ordering::Greater => u128::MAX,
                        _ if l / 81 == d => !((2u128 << (l % 81)) - 1),
                        _ => 0,
                    };
                    m & (above | new[d])
                }
            }
        })
    }

    /// The live, unasserted single candidates of the variables that hold a grid candidate
    /// linked to `last`.
    fn whip_singles(&self, last: Cand) -> [u128; 9] {
        let (d, c) = (last / 81, last % 81);
        let mut out = [0u128; 9];
        // Links in the cell: digit e at c; variables (e, houses of c). The cell itself holds
        // `last`, which is live: not a single for anyone else.
        let mut others =
            (0..9).fold(0u16, |a, e| a | (u16::from(self.cand[e] >> c & 1 == 1) << e)) & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            for h in CELL_HOUSE_IDX[c] {
                self.house_single(e, usize::from(h), &mut out);
            }
        }
        // Links of the digit: d in peers p; variables cell p and (d, houses of p).
        let mut peers = PEER_BITS[c] & self.cand[d];
        let mut houses = 0u32;
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            let l = self.cell_live[p];
            if l != 0 && l & (l - 1) == 0 {
                out[l.trailing_zeros() as usize] |= 1u128 << p;
            }
            for h in CELL_HOUSE_IDX[p] {
                houses |= 1 << h;
            }
        }
        while houses != 0 {
            let h = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            self.house_single(d, h, &mut out);
        }
        for (e, v) in out.iter_mut().enumerate() {
            *v &= !self.asserted[e];
        }
        out
    }

    /// Adds the single live place of `d` in house `h`, if it has exactly one.
    #[inline]
    fn house_single(&self, d: usize, h: usize, out: &mut [u128; 9]) {
        if self.house_live[d][h] == 1 && self.placed[d] >> h & 1 == 0 {
            out[d] |= self.live[d] & HOUSE_BITS[h];
        }
    }
}
