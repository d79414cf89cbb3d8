//! Whips and braids (Berthier): the search for one target in a state closed under BRT.
//!
//! Two candidates are **linked** when they cannot both be true: the same cell, or the same
//! digit in two cells that see each other. A CSP variable is a cell or a digit in a row,
//! column or box (where the digit is not decided yet). For a target candidate Z, a **braid of
//! length n** is a sequence of CSP variables V1 .. Vn and right-linking candidates R1 .. R(n-1)
//! (Rk a candidate of Vk, not Z) such that every other candidate of Vk is linked to Z or to
//! some Ri with i < k, and every candidate of Vn is. If Z were true, R1 .. R(n-1) would be
//! forced in turn and Vn would have no value left: Z is eliminated. A **whip** is a braid in
//! which each Vk (k > 1) also has a candidate (its left-linking candidate) linked to R(k-1),
//! and V1 one linked to Z: the chain goes on from the last right-linking candidate only.
//! Whips and braids of length 1 are the same thing (e.g. a pointing or claiming elimination).
//!
//! The search keeps the live candidates (neither linked to Z nor to a chosen R), per cell the
//! live digits and per digit and house the live places, and undoes its changes from a trail.
//! Adding a right-linking candidate kills its links; a variable left with one live candidate
//! offers the next right-linking candidate (a *single*), a variable left with none ends the
//! chain (a contradiction). Depth-first search, bounded by the length asked for:
//! * braids: the order of the Rk does not matter, only the set (each must be a single once the
//!   earlier ones are chosen). Every set is tried in one order only: the next Rk is either
//!   above the previous one (by candidate index) or a single that the previous one made. (Take
//!   any valid order and always pick the lowest available member next: a member below the one
//!   picked before it was not available before that one, or it would have been picked.)
//! * whips: the next variable must have a candidate linked to the last R; every single such
//!   variable offers is tried.
//!
//! A breadth-first pass ([`ChainSearch::lower_bound`]) adds every single of a round at once;
//! the round where a contradiction first appears bounds the length of any braid (hence whip)
//! from below, which rules most targets out before the depth-first search. Without any
//! contradiction, the target has no braid at all (it survives a T&E(1) trial). The same
//! rounds bound every node of the depth-first search; a node's rounds are its parent's,
//! round by round, less what the few singles its own right-linking candidate made (and the
//! singles those make) kill, so a node counts again only what differs from its parent's
//! rounds, and a node whose candidate made no new single reuses them as they are
//! (`bound.rs`). When the node's rounds meet their contradiction only past what its
//! children may use, a child with no new single is hopeless, and so are most others: the
//! child's new singles are read from the masks and counters and its rounds run before its
//! candidate is asserted, so a hopeless child costs no `add` and `undo`; a leaf (a child
//! that would have no variable left) is only tested for a close the same way.
//!
//! A search may be given a node cap; a capped search says where it stopped, and a later
//! search for the same target on the same state resumes there
//! ([`ChainSearch::exists_within`]).

mod bound;

use crate::brt::{CELL_HOUSE_IDX, Grid, HOUSE_BITS, PEER_BITS};
use crate::budget::{Budget, OverBudget};
use crate::house_fold::{BOX0, COL0, ROW0, house_any, house_at, house_counts};
use bound::{Bfs, Bound};

/// Up to this many live peers of x's digit, [`ChainSearch::new_singles`] counts the houses
/// of those peers one by one rather than folding every house of the digit.
const PEERS_FEW: u32 = 2;

/// Whips or braids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Each variable continues from the previous right-linking candidate.
    Whip,
    /// A variable may continue from the target or any earlier right-linking candidate.
    Braid,
}

/// A candidate index `81 * digit + cell`.
type Cand = usize;

/// Search buffers for one grid state (see the module documentation).
#[derive(Clone)]
pub struct ChainSearch {
    kind: Kind,
    /// Houses where each digit is decided (no variable there).
    placed: [u32; 9],
    /// Per digit, the houses where it is not decided, in [`house_counts`](crate::house_fold::house_counts)' layout (rows at
    /// bits 9r, columns at bits c, boxes at their first cell).
    open: [[u128; 3]; 9],
    /// The grid's candidates.
    cand: [u128; 9],
    /// Candidates not linked to the target nor to a chosen R (the target and the Rs are live).
    live: [u128; 9],
    /// Per cell, the live digits.
    cell_live: [u16; 81],
    /// Per digit and house, the live places.
    house_live: [[u8; 27]; 9],
    /// The target and the chosen Rs.
    asserted: [u128; 9],
    /// Undecided cells.
    unsolved: u128,
    /// Killed candidates, in order, for undoing.
    trail: Vec<u16>,
    /// The singles the last [`ChainSearch::add`] made, per digit (possibly asserted ones, or
    /// ones killed after they were made: [`ChainSearch::fresh_mask`] keeps the live ones).
    fresh: [u128; 9],
    /// The right-linking candidates of the chain the last search found, last first (filled
    /// on the way back from a success only, so the search itself pays nothing for it).
    found: Vec<u16>,
    /// Nodes the current search may still visit ([`ChainSearch::exists_within`]).
    cap: u64,
    /// Whether the current search stopped at its node cap (not at the budget).
    capped: bool,
    /// Where a capped search stopped, innermost first: the right-linking candidate whose
    /// node the cap refused, then the one being tried at each shallower level
    /// ([`ChainSearch::exists_within`] resumes from it).
    resume: Vec<u16>,
    /// One slot per level of the depth-first search for the rounds a node keeps for its
    /// children (filled in place: no copy per node).
    slots: Vec<Bfs>,
}

impl ChainSearch {
    /// Buffers for searching `kind` chains in `grid`.
    #[must_use]
    pub fn new(kind: Kind, grid: &Grid) -> ChainSearch {
        let mut s = ChainSearch {
            kind,
            placed: [0; 9],
            open: [[0; 3]; 9],
            cand: [0; 9],
            live: [0; 9],
            cell_live: [0; 81],
            house_live: [[0; 27]; 9],
            asserted: [0; 9],
            unsolved: 0,
            trail: Vec::with_capacity(729),
            fresh: [0; 9],
            found: Vec::new(),
            cap: u64::MAX,
            capped: false,
            resume: Vec::new(),
            slots: Vec::new(),
        };
        s.reset(grid);
        s
    }

    /// Whips or braids.
    #[must_use]
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Starts over on `grid` (after the state changed).
    pub fn reset(&mut self, grid: &Grid) {
        self.placed = *grid.placed_houses();
        for (d, open) in self.open.iter_mut().enumerate() {
            *open = [0; 3];
            for h in 0..27 {
                if self.placed[d] >> h & 1 == 0 {
                    open[h / 9] |= house_at(h);
                }
            }
        }
        self.cand = *grid.cand();
        self.unsolved = grid.unsolved();
        self.live = self.cand;
        self.cell_live = *grid.cell_digits();
        self.house_live = *grid.house_places();
        self.asserted = [0; 9];
        self.trail.clear();
    }

    /// Kills the live candidate `d` of `c`; `true` when a variable is left empty. Records the
    /// singles it makes in `fresh`.
    #[inline]
    fn kill(&mut self, d: usize, c: usize) -> bool {
        self.live[d] &= !(1u128 << c);
        self.trail.push((d * 81 + c) as u16);
        let left = self.cell_live[c] & !(1 << d);
        self.cell_live[c] = left;
        let mut empty = left == 0;
        if left != 0 && left & (left - 1) == 0 {
            self.fresh[left.trailing_zeros() as usize] |= 1u128 << c;
        }
        for h in CELL_HOUSE_IDX[c] {
            let h = usize::from(h);
            let n = self.house_live[d][h] - 1;
            self.house_live[d][h] = n;
            if n == 0 {
                empty = true;
            } else if n == 1 {
                self.fresh[d] |= self.live[d] & HOUSE_BITS[h];
            }
        }
        empty
    }

    /// Asserts `x` (a live candidate): kills its live links. Returns `true` on a
    /// contradiction (a variable with no live candidate). `fresh` gets the singles made
    /// (possibly asserted ones, or duplicates).
    fn add(&mut self, x: Cand) -> bool {
        let (d, c) = (x / 81, x % 81);
        self.asserted[d] |= 1u128 << c;
        self.fresh = [0; 9];
        let mut broken = false;
        let mut others = self.cell_live[c] & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            broken |= self.kill(e, c);
        }
        let mut peers = PEER_BITS[c] & self.live[d];
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            broken |= self.kill(d, p);
        }
        broken
    }

    /// Whether asserting `x` (a live candidate, not asserted) would leave a variable with no
    /// live candidate: what [`ChainSearch::add`] returns, read from the live masks and the
    /// counters without changing them (no kills to record and undo). `add` kills the other
    /// digits of x's cell and x's digit in its peers; a variable is left empty when it is
    /// a peer cell whose only live digit is x's, a house of x's cell where another digit of
    /// the cell has its only live place, or a house where every live place of x's digit is
    /// a peer of x's cell (the houses of x's cell keep x). The state has no empty variable.
    fn closes(&self, x: Cand) -> bool {
        let (d, c) = (x / 81, x % 81);
        let mut peers = PEER_BITS[c] & self.live[d];
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            if self.cell_live[p] == 1 << d {
                return true;
            }
        }
        let mut others = self.cell_live[c] & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            if CELL_HOUSE_IDX[c].iter().any(|&h| self.house_live[e][usize::from(h)] == 1) {
                return true;
            }
        }
        let [rows, cols, boxes] = house_any(self.live[d] & !PEER_BITS[c]);
        let open = &self.open[d];
        (open[0] & !rows) | (open[1] & !cols) | (open[2] & !boxes) != 0
    }

    /// The singles asserting `x` (a live candidate, not asserted, that empties no variable)
    /// would make, outside `old` (the current singles and the asserted candidates, which
    /// the node computes once for all its candidates): the
    /// `new` singles its child starts from, read as [`ChainSearch::closes`] reads its
    /// answer, without changing anything. `add` kills only x's links, so the variables it
    /// changes are the peer cells of x's digit, the houses of x's cell for its other
    /// digits, and the houses of x's digit (the houses of x's cell are left with x alone).
    /// Every single of the state is in `known` or asserted, so a single outside them is in
    /// one of those variables.
    /// (Should x close the chain, the answer is not used.)
    fn new_singles(&self, x: Cand, old: &[u128; 9]) -> [u128; 9] {
        let (d, c) = (x / 81, x % 81);
        let mut out = [0u128; 9];
        let mut peers = PEER_BITS[c] & self.live[d];
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            let left = self.cell_live[p] & !(1 << d);
            if left != 0 && left & (left - 1) == 0 {
                out[left.trailing_zeros() as usize] |= 1u128 << p;
            }
        }
        let mut others = self.cell_live[c] & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            for h in CELL_HOUSE_IDX[c] {
                let h = usize::from(h);
                if self.house_live[e][h] == 2 {
                    out[e] |= self.live[e] & HOUSE_BITS[h] & !(1u128 << c);
                }
            }
        }
        let gone = PEER_BITS[c] & self.live[d];
        let rem = self.live[d] & !gone & !(1u128 << c);
        if gone.count_ones() <= PEERS_FEW {
            // Only the houses of the peers killed change (a house of x's cell keeps x alone).
            let mut g = gone;
            while g != 0 {
                let q = g.trailing_zeros() as usize;
                g &= g - 1;
                for h in CELL_HOUSE_IDX[q] {
                    let m = rem & HOUSE_BITS[usize::from(h)];
                    if m.count_ones() == 1 {
                        out[d] |= m;
                    }
                }
            }
        } else {
            let [rows, cols, boxes] = house_counts(rem);
            let sole = ((rows.0 & !rows.1) * ROW0)
                | ((cols.0 & !cols.1) * COL0)
                | ((boxes.0 & !boxes.1) * BOX0);
            out[d] |= rem & sole;
        }
        std::array::from_fn(|e| out[e] & !old[e])
    }

    /// Undoes everything back to trail length `mark`, and un-asserts `x`.
    fn undo(&mut self, mark: usize, x: Cand) {
        while self.trail.len() > mark {
            let k = usize::from(self.trail.pop().expect("trail"));
            let (d, c) = (k / 81, k % 81);
            self.live[d] |= 1u128 << c;
            self.cell_live[c] |= 1 << d;
            for h in CELL_HOUSE_IDX[c] {
                self.house_live[d][usize::from(h)] += 1;
            }
        }
        self.asserted[x / 81] &= !(1u128 << (x % 81));
    }

    /// The fresh singles as a mask, without the asserted candidates.
    fn fresh_mask(&self) -> [u128; 9] {
        std::array::from_fn(|d| self.fresh[d] & self.live[d] & !self.asserted[d])
    }

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
            let found = match self.kind {
                Kind::Braid => self.braid(1, limit, None, &avail, &avail, None, &mut slots, budget),
                Kind::Whip => self.whip(1, limit, z, &avail, &avail, None, &mut slots, budget),
            };
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

    /// Braids: `len` variables would be used by a contradiction now (the Rs chosen plus one).
    /// `avail` are the current singles, `new` those the last R made (that its parent node did
    /// not have), `parent` the parent node's rounds ([`ChainSearch::bound`]).
    #[allow(clippy::too_many_arguments)]
    fn braid(
        &mut self,
        len: u32,
        limit: u32,
        last: Option<Cand>,
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
        let mut resume = self.resume_at();
        let leaf = len + 1 >= limit;
        let plain_hopeless = bfs.round.is_none_or(|r| r > limit - len - 1);
        // The current singles and the asserted candidates, for `new_singles`.
        let old: [u128; 9] = if plain_hopeless && !leaf {
            std::array::from_fn(|e| avail[e] | self.asserted[e])
        } else {
            [0; 9]
        };
        for d in 0..9 {
            let mut m = avail[d] & !self.asserted[d];
            if let Some(l) = last {
                // Candidates above `last`, or new ones.
                let above = match (d * 81).cmp(&l) {
                    std::cmp::Ordering::Greater => u128::MAX,
                    _ if l / 81 == d => !((2u128 << (l % 81)) - 1),
                    _ => 0,
                };
                m &= above | new[d];
            }
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
                let found = self.step(
                    x,
                    replay,
                    leaf,
                    hopeless,
                    avail,
                    budget,
                    |s, child, fresh, budget| {
                        s.braid(len + 1, limit, Some(x), child, fresh, Some(bfs), slots, budget)
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

    /// Whips: `len`, `avail`, `new` and `parent` as for braids; the next variable must hold a
    /// candidate linked to `last`.
    #[allow(clippy::too_many_arguments)]
    fn whip(
        &mut self,
        len: u32,
        limit: u32,
        last: Cand,
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
        let next = self.whip_singles(last);
        let mut resume = self.resume_at();
        let leaf = len + 1 >= limit;
        let plain_hopeless = bfs.round.is_none_or(|r| r > limit - len - 1);
        // The current singles and the asserted candidates, for `new_singles`.
        let old: [u128; 9] = if plain_hopeless && !leaf {
            std::array::from_fn(|e| avail[e] | self.asserted[e])
        } else {
            [0; 9]
        };
        for (d, &singles) in next.iter().enumerate() {
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
                let found = self.step(
                    x,
                    replay,
                    leaf,
                    hopeless,
                    avail,
                    budget,
                    |s, child, fresh, budget| {
                        s.whip(len + 1, limit, x, child, fresh, Some(bfs), slots, budget)
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
