//! The breadth-first bound of the whip and braid search ([`ChainSearch`]): rounds that
//! assert every single at once, on copies of the live masks. The round where a contradiction
//! first shows bounds from below the length of any braid (hence whip) that extends the
//! current chain; [`ChainSearch::lower_bound`] runs them for a target before its search, and
//! every node of the depth-first search runs them (or reuses its parent's, see
//! `ChainSearch::bound`) to give up on chains that cannot end within the length asked for.

use super::{Cand, ChainSearch};
use crate::brt::{CELL_HOUSE_IDX, HOUSE_BITS, PEER_BITS};
use crate::house_fold::{BOX0, COL0, ROW0, house_any, house_counts};

/// A digit that lost at most this many places from the parent's round is counted again
/// house by house ([`ChainSearch::hidden_near`]), not by the fold over every house.
const FEW: u32 = 2;

/// One round of a node's breadth-first rounds, as kept for its children.
#[derive(Clone, Default)]
pub(super) struct Round {
    /// The live candidates after the round.
    live: [u128; 9],
    /// Per digit, the cells that are the only live place of the digit in one of their houses
    /// after the round.
    hidden: [u128; 9],
    /// Every single after the round: the candidates asserted so far (each the only live
    /// candidate of its variables, all its links being dead) and those the next round
    /// asserts.
    singles: [u128; 9],
}

/// A node's breadth-first rounds, kept for its children ([`ChainSearch::bound`]): every
/// round before the one where the contradiction showed (and before the node's last round).
#[derive(Clone)]
pub(super) struct Bfs {
    /// The rounds kept, round 1 first, written in place (one entry per round the node may
    /// run, whether kept or not: no copy per round).
    rounds: Vec<Round>,
    /// The round where a contradiction showed (within the node's rounds).
    pub(super) round: Option<u32>,
    /// Whether the rounds are already those of the node about to be bounded
    /// ([`ChainSearch::child_hopeless`] ran them before its candidate was asserted).
    pub(super) ready: bool,
}

impl Bfs {
    /// Nothing kept yet.
    pub(super) const fn empty() -> Bfs {
        Bfs { rounds: Vec::new(), round: None, ready: false }
    }
}

/// What [`ChainSearch::bound`] says of a node.
pub(super) enum Bound {
    /// No chain through this node ends within the length asked for.
    Hopeless,
    /// The node's rounds are its parent's.
    Parent,
    /// The node ran its own rounds (in the slot it was given).
    Own,
}

impl ChainSearch {
    /// A lower bound on the length of any braid (or whip) for target `z`, from the round
    /// where breadth-first propagation first meets a contradiction; `None` when it meets
    /// none (no braid exists, nor any whip).
    /// Rounds past `cap` are not run: `None` then also stands for "more than `cap`".
    ///
    /// On the search's own state (no chain under way), which is closed under BRT (no single,
    /// no empty variable), asserting z is round 1 of the rounds on the masks: only z's digit
    /// and the digits of its cell need counting. Without the trail's kills and undoing, as
    /// BxBB's inner closures, which bound every target of every trial, need it cheap.
    pub fn lower_bound(&mut self, z: Cand, cap: u32) -> Option<u32> {
        if self.trail.is_empty() && self.asserted.iter().all(|&a| a == 0) {
            let mut first = [0u128; 9];
            first[z / 81] = 1 << (z % 81);
            return self.rounds_from(
                self.live,
                self.asserted,
                &first,
                cap.max(1),
                None,
                Some(&[0; 9]),
            );
        }
        let mark = self.trail.len();
        let out = if self.add(z) {
            Some(1)
        } else {
            let first = self.fresh_mask();
            self.rounds(&first, cap.saturating_sub(1)).map(|t| t + 1)
        };
        self.undo(mark, z);
        out
    }

    /// Breadth-first from the current chain: round 1 asserts the singles `first` (all the
    /// current singles), round 2 the singles round 1 made, and so on. Returns the round after
    /// which a contradiction first shows (any extension of the chain that ends in a
    /// contradiction needs at least that many more right-linking candidates), `None` if none
    /// does within `cap` rounds.
    fn rounds(&self, first: &[u128; 9], cap: u32) -> Option<u32> {
        self.rounds_from(self.live, self.asserted, first, cap, None, None)
    }

    /// [`ChainSearch::rounds`] from the live and asserted masks `live`, `asserted` rather than
    /// the search's own; `keep`, when given, gets every round that is neither the last nor
    /// one where the contradiction showed.
    ///
    /// Whole rounds on the masks, on copies (nothing to undo): the links of a round's singles
    /// are killed at once (peers of each single for its digit, the other digits of its cell),
    /// then the empty variables and the next singles are read from the live masks (a
    /// bit-sliced count per cell, one mask per house and digit). Two singles of one round that
    /// are linked (one digit in two peers, or two digits in one cell) kill each other: their
    /// variables are left empty, a contradiction, as adding them one by one finds too. What a
    /// round kills is the union of what each of its singles kills.
    pub(super) fn rounds_from(
        &self,
        mut live: [u128; 9],
        mut asserted: [u128; 9],
        first: &[u128; 9],
        cap: u32,
        mut keep: Option<&mut Bfs>,
        hidden_now: Option<&[u128; 9]>,
    ) -> Option<u32> {
        // Per digit, its hidden singles while its live places are unchanged (bit d of
        // `known`): such a digit has no empty house either, so it is counted only again once
        // a round kills one of its places. With `hidden_now` (the hidden singles of `live`,
        // which has no empty house), every digit starts known.
        let (mut hidden, mut known) = match hidden_now {
            Some(h) => (*h, 0x1ffu16),
            None => ([0u128; 9], 0),
        };
        let mut next = *first;
        let mut singles = [0u128; 9];
        for round in 1..=cap {
            if next.iter().all(|&m| m == 0) {
                return None;
            }
            // Cells with a single of this round, and those with singles of two digits
            // (which kill each other).
            let (mut cells, mut clash) = (0u128, 0u128);
            for &m in &next {
                clash |= cells & m;
                cells |= m;
            }
            for d in 0..9 {
                let mut kill = (cells & !next[d]) | (clash & next[d]);
                let mut m = next[d];
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    kill |= PEER_BITS[c];
                }
                if live[d] & kill != 0 {
                    live[d] &= !kill;
                    known &= !(1 << d);
                }
                asserted[d] |= next[d];
            }
            // Cells: bit-sliced counts of live digits.
            let (mut one, mut two) = (0u128, 0u128);
            for &m in &live {
                two |= one & m;
                one |= m;
            }
            if self.unsolved & !one != 0 {
                return Some(round);
            }
            if round == cap {
                // The last round: only whether a house is left empty (no singles to find).
                let empty = (0..9).any(|d| {
                    if known >> d & 1 == 1 {
                        return false;
                    }
                    let [rows, cols, boxes] = house_any(live[d]);
                    let open = &self.open[d];
                    (open[0] & !rows) | (open[1] & !cols) | (open[2] & !boxes) != 0
                });
                return empty.then_some(round);
            }
            let naked = one & !two;
            for d in 0..9 {
                let l = live[d];
                if known >> d & 1 == 0 {
                    let [rows, cols, boxes] = house_counts(l);
                    let open = &self.open[d];
                    if (open[0] & !rows.0) | (open[1] & !cols.0) | (open[2] & !boxes.0) != 0 {
                        return Some(round);
                    }
                    // Houses with one live place, spread back over their cells.
                    hidden[d] = ((rows.0 & !rows.1) * ROW0)
                        | ((cols.0 & !cols.1) * COL0)
                        | ((boxes.0 & !boxes.1) * BOX0);
                }
                singles[d] = l & (naked | hidden[d]);
                next[d] = singles[d] & !asserted[d];
            }
            known = 0x1ff;
            if let Some(keep) = keep.as_deref_mut() {
                keep.rounds[round as usize - 1] = Round { live, hidden, singles };
            }
        }
        None
    }

    /// The breadth-first bound at a node of the depth-first search that may still use `left`
    /// more variables, the singles `avail`: whether the chain cannot end in a contradiction
    /// within them (breadth-first rounds find none within `left` rounds), else the node's
    /// rounds for its children. `parent` holds the parent node's rounds (`None` at the
    /// root), `new` the singles that this node's right-linking candidate x made and the parent
    /// did not have; `own` (the node's slot) gets the node's rounds when it runs its own.
    ///
    /// The parent's round 1 asserted all its singles, x among them; this node's round 1
    /// asserts the same but x, and `new`. Since a round kills the union of what its singles
    /// kill, this node's masks after round 1 are the parent's after round 1 less what `new`
    /// kills, and so on round by round ([`ChainSearch::rounds_child`]). Without `new` they
    /// are the parent's rounds exactly: the node is hopeless when the parent's contradiction
    /// came only at the parent's last round, and nothing is run. The answers are those of
    /// running the node's rounds afresh; they took 71% of the time on the slowest high-B
    /// puzzles before (results/2026-11-28-classify-speed-3).
    ///
    /// At the root, [`ChainSearch::lower_bound`] (which every caller runs first) has just
    /// computed the same rounds: they are run again only to be passed on.
    pub(super) fn bound(
        &self,
        parent: Option<&Bfs>,
        new: &[u128; 9],
        avail: &[u128; 9],
        left: u32,
        own: &mut Bfs,
    ) -> Bound {
        if own.rounds.len() < left as usize {
            own.rounds.resize_with(left as usize, Round::default);
        }
        let round = match parent {
            None => {
                let first: [u128; 9] = std::array::from_fn(|d| avail[d] & !self.asserted[d]);
                // A node with one variable left has no child that bounds: keep nothing then.
                let keep = (left > 1).then_some(&mut *own);
                self.rounds_from(self.live, self.asserted, &first, left, keep, None)
            }
            Some(p) if new.iter().all(|&m| m == 0) => {
                return if p.round.is_some_and(|r| r <= left) {
                    Bound::Parent
                } else {
                    Bound::Hopeless
                };
            }
            Some(_) if own.ready => own.round,
            Some(p) => self.rounds_child(p, new, left, own),
        };
        own.ready = false;
        #[cfg(debug_assertions)]
        {
            let first: [u128; 9] = std::array::from_fn(|d| avail[d] & !self.asserted[d]);
            let fresh = self.rounds_from(self.live, self.asserted, &first, left, None, None);
            debug_assert_eq!(round, fresh, "a node's rounds are those run afresh");
        }
        own.round = round;
        if round.is_some() { Bound::Own } else { Bound::Hopeless }
    }

    /// Whether the bound of a child of the node whose rounds are `p` gives up on it
    /// (`Hopeless` in [`ChainSearch::bound`]) when the child's right-linking candidate makes
    /// the singles `new` and the child may use `left` more variables, before the child's
    /// candidate is asserted: its rounds ([`ChainSearch::rounds_child`], into `scratch`) read
    /// only the node's rounds and `new`.
    pub(super) fn child_hopeless(
        &self,
        p: &Bfs,
        new: &[u128; 9],
        left: u32,
        scratch: &mut Bfs,
    ) -> bool {
        if new.iter().all(|&m| m == 0) {
            return p.round.is_none_or(|r| r > left);
        }
        if scratch.rounds.len() < left as usize {
            scratch.rounds.resize_with(left as usize, Round::default);
        }
        scratch.round = self.rounds_child(p, new, left, scratch);
        scratch.ready = scratch.round.is_some();
        !scratch.ready
    }

    /// The hidden singles of digit `d` with live places `l`, which are the places of a
    /// round that had the hidden singles `hidden` and no empty house, less the few places
    /// `gone`; `None` when a house is left empty. Only the houses of the places gone
    /// change: a hidden single still live is still one (its house lost no place it had
    /// not lost already, and it is there), and a new one or an empty house is in a house
    /// of a place gone. For a few places gone, counting those houses is cheaper than the
    /// fold over every house ([`house_counts`]).
    #[inline]
    fn hidden_near(&self, d: usize, l: u128, hidden: u128, gone: u128) -> Option<u128> {
        let mut out = hidden & l;
        let mut g = gone;
        while g != 0 {
            let q = g.trailing_zeros() as usize;
            g &= g - 1;
            for h in CELL_HOUSE_IDX[q] {
                let m = l & HOUSE_BITS[usize::from(h)];
                match m.count_ones() {
                    0 if self.placed[d] >> h & 1 == 0 => return None,
                    1 => out |= m,
                    _ => {}
                }
            }
        }
        Some(out)
    }

    /// A child node's rounds from its parent's `p` (which met its contradiction, at round
    /// `p.round`), the child's right-linking candidate having made the singles `new` that
    /// the parent did not have; at most `cap` rounds, each written in `own` as
    /// [`ChainSearch::rounds_from`] keeps them (which has room for `cap` rounds).
    ///
    /// Round k of the child asserts the parent's round-k singles (those it has not asserted
    /// yet) and its extra ones E(k) (`new` for round 1): its live masks after round k are the
    /// parent's after round k less what E(1) .. E(k) kill (a round kills the union of what
    /// its singles kill, and the child's masks are within the parent's, so each of the
    /// parent's singles is still one, or its variable is already empty). Only the extra
    /// singles are killed, and only the digits whose live places differ from the parent's
    /// are counted again; the others keep the parent's hidden singles (and have no empty
    /// house, as the parent's round had none). The child's masks being within the parent's,
    /// its contradiction comes at the parent's round at the latest.
    fn rounds_child(&self, p: &Bfs, new: &[u128; 9], cap: u32, own: &mut Bfs) -> Option<u32> {
        // What the extra singles killed so far, and the extra singles asserted so far.
        let mut killed = [0u128; 9];
        let mut extra = [0u128; 9];
        let mut e = *new;
        for round in 1..=cap {
            if p.round == Some(round) {
                return Some(round);
            }
            let pr = &p.rounds[round as usize - 1];
            let (mut cells, mut clash) = (0u128, 0u128);
            for &m in &e {
                clash |= cells & m;
                cells |= m;
            }
            for d in 0..9 {
                let ed = e[d];
                let mut kill = (cells & !ed) | (clash & ed);
                if ed != 0 {
                    let mut m = ed;
                    while m != 0 {
                        let c = m.trailing_zeros() as usize;
                        m &= m - 1;
                        kill |= PEER_BITS[c];
                    }
                    extra[d] |= ed;
                }
                killed[d] |= kill;
            }
            if round == cap {
                // The last round: only whether a variable is left empty (nothing kept).
                let one = pr.live.iter().zip(&killed).fold(0u128, |a, (&l, &k)| a | (l & !k));
                if self.unsolved & !one != 0 {
                    return Some(round);
                }
                let empty = (0..9).any(|d| {
                    let gone = pr.live[d] & killed[d];
                    if gone == 0 {
                        return false;
                    }
                    if gone.count_ones() <= FEW {
                        return self.hidden_near(d, pr.live[d] & !gone, 0, gone).is_none();
                    }
                    let [rows, cols, boxes] = house_any(pr.live[d] & !gone);
                    let open = &self.open[d];
                    (open[0] & !rows) | (open[1] & !cols) | (open[2] & !boxes) != 0
                });
                return empty.then_some(round);
            }
            let cur = &mut own.rounds[round as usize - 1];
            for ((l, &pl), &k) in cur.live.iter_mut().zip(&pr.live).zip(&killed) {
                *l = pl & !k;
            }
            let (mut one, mut two) = (0u128, 0u128);
            for &m in &cur.live {
                two |= one & m;
                one |= m;
            }
            if self.unsolved & !one != 0 {
                return Some(round);
            }
            let naked = one & !two;
            for d in 0..9 {
                let l = cur.live[d];
                let gone = pr.live[d] & !l;
                cur.hidden[d] = if gone == 0 {
                    pr.hidden[d]
                } else if gone.count_ones() <= FEW {
                    match self.hidden_near(d, l, pr.hidden[d], gone) {
                        Some(h) => h,
                        None => return Some(round),
                    }
                } else {
                    let [rows, cols, boxes] = house_counts(l);
                    let open = &self.open[d];
                    if (open[0] & !rows.0) | (open[1] & !cols.0) | (open[2] & !boxes.0) != 0 {
                        return Some(round);
                    }
                    ((rows.0 & !rows.1) * ROW0)
                        | ((cols.0 & !cols.1) * COL0)
                        | ((boxes.0 & !boxes.1) * BOX0)
                };
                // The child's asserted candidates are the parent's and its extra ones, and
                // the parent's singles are its asserted ones and its next ones.
                cur.singles[d] = l & (naked | cur.hidden[d]);
                e[d] = cur.singles[d] & !(pr.singles[d] | extra[d]);
            }
        }
        None
    }
}
