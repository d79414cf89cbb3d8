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
//!
//! Files: this one holds the state (assert, undo, and the answers read from it without
//! changing it); `search.rs` the depth-first search, one node function for whips and braids;
//! `bound.rs` the breadth-first rounds that bound it.

mod bound;
mod search;

use crate::brt::{CELL_HOUSE_IDX, Grid, HOUSE_BITS, PEER_BITS};
use crate::house_fold::{BOX0, COL0, ROW0, house_any, house_at, house_counts};
use bound::Bfs;

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
    /// Per digit, the houses where it is not decided, in [`house_counts`]' layout (rows at
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
}
