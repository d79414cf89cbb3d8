//! Forcing propagation by a work list ([`Closure`]), for the searches: the nested forcing nets,
//! kraken fish and the forcing chain/net tabling.
//!
//! [`Propagator`](super::Propagator) goes round by round: every round looks at the digits,
//! cells and houses the last round touched. Proofs use it, since they need each literal's
//! round and the contradiction the rounds meet first. The searches propagate every candidate
//! (and, for nested nets, every candidate of every derived state) and read less, so they use
//! this instead. It applies the same rules ([`Rules`]):
//!
//! * a literal on turns off the other base candidates of its cell and its digit in the base
//!   cells of its three houses;
//! * after a literal off, its cell left with one live candidate (base candidate not off) turns
//!   that on, and each of its houses left with one live place of the digit turns that on
//!   (under [`Rules::Chain`] only a cell that is bivalue in the base, and only a house with two
//!   places of the digit in the base);
//! * a candidate both on and off, a cell with no live candidate and a house with no live place
//!   of the digit are contradictions.
//!
//! but one literal at a time, each literal's consequences as soon as it is taken from the work
//! list. Two entry points:
//!
//! * [`Closure::holds`] (nested nets' level-0 probes, kraken fish) asks only whether an "on"
//!   assumption contradicts and, when it does not, what it derives. A rule fires once its
//!   premise holds ("every other live candidate of the cell is off", "every other place of
//!   the digit in the house is off", checked when one of them turns off), and a premise, once
//!   true, stays true as literals are added; each contradiction, once met, stays met too. So
//!   any order reaches a contradiction exactly when the least set of literals closed under
//!   the rules meets one, and without contradiction ends at that set: the same `on` and `off`
//!   as the rounds. It stops at the first contradiction it meets, whichever that is.
//! * [`Closure::run_with_row`] (forcing chains and nets, which rank their steps by depth) also
//!   gives every literal its round and the round of the first contradiction, as the rounds
//!   do: see there.
//!
//! Tests check both against the [`Propagator`](super::Propagator) on many states under both
//! rules.
//!
//! Cost: a literal is taken once; a literal off updates one cell's live digits and the counters
//! of its houses. In `holds`, when a digit turns on in a cell, its peers' turn-offs skip the
//! houses they share with that cell, whose counters are set once to one (the cell itself is
//! all that is left there). There is no per-round pass over the digits. On the nested nets'
//! probes of the forum's hardest puzzles a closure takes about 185 ns against 415 ns round by
//! round (`examples/propagate_speed.rs`).

use super::propagate::{Base, CANDIDATES, Lit, Rules};
use bitdoku_bitboard::tables::{CELL_HOUSES, HOUSES, PEERS};
use bitdoku_bitboard::{Cell, CellSet};

/// Work-list buffers, reused from one closure to the next (about 5 KB).
#[derive(Clone)]
pub struct Closure {
    /// Candidates derived on, per digit.
    pub on: [CellSet; 9],
    /// Candidates derived off, per digit.
    pub off: [CellSet; 9],
    /// Per cell, the base candidates not off (bit `d` for digit `d`).
    live: [u16; 81],
    /// Per digit and house, the base places not off.
    places: [[u8; 27]; 9],
    /// The on literals whose consequences are still to be drawn (candidate indices,
    /// `81 * digit + cell`): each literal turns on once, so 729 entries are enough.
    todo: [u16; CANDIDATES],
    /// Entries in `todo`.
    len: usize,
    /// Whether the current run takes every single ([`Rules::Net`]).
    net: bool,
    /// After [`Closure::run_with_row`] under [`Rules::Chain`]: whether no single was left out
    /// that [`Rules::Net`] would have taken (then a net run from the same start is the same
    /// run). It may say `false` where [`Propagator::net_same`](super::Propagator) says
    /// `true`, never the other way round.
    pub net_same: bool,
    /// Rounds of the literals on and off of a [`Closure::run_with_row`] (valid where `on` and
    /// `off` hold the literal).
    depth_on: [u16; CANDIDATES],
    depth_off: [u16; CANDIDATES],
    /// The earliest round of a contradiction met so far in a [`Closure::run_with_row`].
    broken: u16,
}

impl Default for Closure {
    fn default() -> Closure {
        Closure::new()
    }
}

impl Closure {
    /// Empty buffers.
    #[must_use]
    pub fn new() -> Closure {
        Closure {
            on: [CellSet::EMPTY; 9],
            off: [CellSet::EMPTY; 9],
            live: [0; 81],
            places: [[0; 27]; 9],
            todo: [0; CANDIDATES],
            len: 0,
            net: true,
            net_same: true,
            depth_on: [0; CANDIDATES],
            depth_off: [0; CANDIDATES],
            broken: u16::MAX,
        }
    }

    /// Whether the closure of `start` (an "on" literal of a candidate of `base`) in `base`
    /// under `rules` holds no contradiction. When it holds none, [`Closure::on`] and
    /// [`Closure::off`] are the literals it derives (`start` included).
    pub fn holds(&mut self, base: &Base, rules: Rules, start: Lit) -> bool {
        debug_assert!(start.is_on() && base.has(start));
        self.net = rules == Rules::Net;
        self.on = [CellSet::EMPTY; 9];
        self.off = [CellSet::EMPTY; 9];
        self.live = base.digits;
        self.places = base.places;
        self.len = 0;
        let _ = self.turn_on(start.digit().index(), start.cell());
        while self.len > 0 {
            self.len -= 1;
            let lit = usize::from(self.todo[self.len]);
            let (d, c) = (lit / 81, Cell::new_unchecked((lit % 81) as u8));
            // The cell's other live candidates (a literal on there contradicts).
            let mut others = self.live[c.index()] & !(1 << d);
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                if self.on[e].contains(c) || !self.turn_off(base, e, c) {
                    return false;
                }
            }
            // The digit in the cell's peers (one turned on, even by a single this loop
            // draws, contradicts). Each of the cell's houses keeps one place, the cell itself:
            // its counter is set once, and a peer's turn-off counts only its other houses.
            let own = CELL_HOUSES[c.index()].map(|h| h.index());
            for h in own {
                self.places[d][h] = 1;
            }
            for p in (PEERS[c.index()] & base.cand[d]) - self.off[d] {
                if self.on[d].contains(p) || !self.turn_off_beside(base, d, p, own) {
                    return false;
                }
            }
        }
        true
    }

    /// The round-by-round outcome of `start` (on or off, a candidate of `base`) under `rules`,
    /// as [`Propagator::run`](super::Propagator::run) with depths gives it: `None` without
    /// contradiction, then [`Closure::on`] and [`Closure::off`] are the derived literals and
    /// `row[cols[2 * candidate + on]]` their rounds (saturated at 254; other entries are left
    /// as they were); or the round of the first contradiction (what is on, off and in `row` is
    /// then partial). `cols` gives every literal of `base` its entry (the forcing search
    /// numbers them densely, so that rows stay short).
    ///
    /// The literals are taken from the work list first in, first out. Every literal on other
    /// than an "on" start is a single, one round after the literal off that left it alone, and
    /// every literal off is one round after the literal on it comes from; so the literals on
    /// leave the list in round order, each literal is made first in its round, and its round
    /// is the round-by-round one. A single is taken when its cell or house is left with one
    /// candidate, where the round-by-round propagation looks at the end of the round, when
    /// more may be gone: the cell or house then has none, which both date the same round (a
    /// literal both on and off, or an empty cell or house). A contradiction is dated as the
    /// rounds would date it (both literals: the later one's round; an empty cell or house: one
    /// round after the literal off that emptied it), and the run stops once every round up to
    /// the earliest date is complete. A test checks rounds, literals and dates against the
    /// [`Propagator`](super::Propagator) under both rules, from "on" and "off" starts.
    pub fn run_with_row(
        &mut self,
        base: &Base,
        rules: Rules,
        start: Lit,
        row: &mut [u8],
        cols: &[u16],
    ) -> Option<u16> {
        debug_assert!(base.has(start));
        self.net = rules == Rules::Net;
        self.net_same = true;
        self.broken = u16::MAX;
        self.on = [CellSet::EMPTY; 9];
        self.off = [CellSet::EMPTY; 9];
        self.live = base.digits;
        self.places = base.places;
        self.len = 0;
        let (d0, c0) = (start.digit().index(), start.cell());
        if start.is_on() {
            self.on_at(d0, c0, 0, row, cols);
        } else {
            self.off_at(base, d0, c0, 0, row, cols);
        }
        let mut head = 0;
        while head < self.len {
            let lit = usize::from(self.todo[head]);
            head += 1;
            let depth = self.depth_on[lit];
            // Every round before this literal's is complete: so is every date up to it.
            if self.broken <= depth {
                break;
            }
            let (d, c) = (lit / 81, Cell::new_unchecked((lit % 81) as u8));
            let mut others = self.live[c.index()] & !(1 << d);
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                self.off_at(base, e, c, depth + 1, row, cols);
            }
            for p in (PEERS[c.index()] & base.cand[d]) - self.off[d] {
                self.off_at(base, d, p, depth + 1, row, cols);
            }
        }
        (self.broken != u16::MAX).then_some(self.broken)
    }

    /// Digit `d` in `c` on in round `depth`, unless it is on already (from this round or an
    /// earlier one: literals on are made in round order).
    #[inline(always)]
    fn on_at(&mut self, d: usize, c: Cell, depth: u16, row: &mut [u8], cols: &[u16]) {
        if self.on[d].contains(c) {
            return;
        }
        let i = d * 81 + c.index();
        self.on[d].insert(c);
        self.depth_on[i] = depth;
        row[usize::from(cols[2 * i + 1])] = depth.min(254) as u8;
        if self.off[d].contains(c) {
            self.broken = self.broken.min(depth.max(self.depth_off[i]));
        }
        self.todo[self.len] = i as u16;
        self.len += 1;
    }

    /// Digit `d` in `c` (a live base candidate) off in round `depth`, with the singles it
    /// leaves (the next round) and the contradictions it makes.
    #[inline(always)]
    fn off_at(&mut self, base: &Base, d: usize, c: Cell, depth: u16, row: &mut [u8], cols: &[u16]) {
        let i = d * 81 + c.index();
        self.off[d].insert(c);
        self.depth_off[i] = depth;
        row[usize::from(cols[2 * i])] = depth.min(254) as u8;
        if self.on[d].contains(c) {
            self.broken = self.broken.min(depth.max(self.depth_on[i]));
        }
        let left = self.live[c.index()] & !(1 << d);
        self.live[c.index()] = left;
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                self.broken = self.broken.min(depth + 1);
            } else if self.net || base.bivalue.contains(c) {
                self.on_at(left.trailing_zeros() as usize, c, depth + 1, row, cols);
            } else {
                self.net_same = false;
            }
        }
        for h in CELL_HOUSES[c.index()] {
            let n = &mut self.places[d][h.index()];
            *n -= 1;
            match *n {
                0 => self.broken = self.broken.min(depth + 1),
                1 if self.net || base.two_places[d] >> h.index() & 1 != 0 => {
                    let rest = (base.cand[d] - self.off[d]) & HOUSES[h.index()];
                    if let Some(x) = rest.first() {
                        self.on_at(d, x, depth + 1, row, cols);
                    }
                }
                1 => self.net_same = false,
                _ => {}
            }
        }
    }

    /// Turns on digit `d` in `c` unless it is on already; `false` if it is off.
    #[inline(always)]
    fn turn_on(&mut self, d: usize, c: Cell) -> bool {
        if self.on[d].contains(c) {
            return true;
        }
        if self.off[d].contains(c) {
            return false;
        }
        self.on[d].insert(c);
        self.todo[self.len] = (d * 81 + c.index()) as u16;
        self.len += 1;
        true
    }

    /// Turns off digit `d` in `c` (a live base candidate, not on) and turns on what that
    /// leaves alone in the cell or in one of its houses; `false` on a contradiction.
    #[inline(always)]
    fn turn_off(&mut self, base: &Base, d: usize, c: Cell) -> bool {
        self.turn_off_beside(base, d, c, [usize::MAX; 3])
    }

    /// [`Closure::turn_off`] that leaves the counters of the houses `own` (indices of a row,
    /// a column and a box, in that order, whose counters the caller keeps) alone.
    #[inline(always)]
    fn turn_off_beside(&mut self, base: &Base, d: usize, c: Cell, own: [usize; 3]) -> bool {
        self.off[d].insert(c);
        let left = self.live[c.index()] & !(1 << d);
        self.live[c.index()] = left;
        if left & left.wrapping_sub(1) == 0 {
            // One candidate left (a naked single, under chain rules only in a bivalue cell),
            // or none.
            if left == 0 {
                return false;
            }
            if (self.net || base.bivalue.contains(c))
                && !self.turn_on(left.trailing_zeros() as usize, c)
            {
                return false;
            }
        }
        for (h, o) in CELL_HOUSES[c.index()].into_iter().zip(own) {
            if h.index() == o {
                continue;
            }
            let n = &mut self.places[d][h.index()];
            *n -= 1;
            if *n <= 1 {
                if *n == 0 {
                    return false;
                }
                if self.net || base.two_places[d] >> h.index() & 1 != 0 {
                    let rest = (base.cand[d] - self.off[d]) & HOUSES[h.index()];
                    if let Some(x) = rest.first() {
                        if !self.turn_on(d, x) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forcing::propagate::Propagator;
    use bitdoku_bitboard::Digit;

    /// On many states, every candidate's closure agrees with the round-by-round propagation
    /// under both rules: the same answer and, without contradiction, the same literals on and
    /// off.
    #[test]
    fn the_work_list_closure_agrees_with_the_rounds() {
        let (mut closure, mut prop) = (Closure::new(), Propagator::untracked());
        let (mut runs, mut broken) = (0, 0);
        for state in crate::forcing::test_states::varied(30, 8) {
            let base = Base::new(&state);
            for rules in [Rules::Chain, Rules::Net] {
                for d in Digit::all() {
                    for c in base.cand[d.index()] {
                        let lit = Lit::new(d, c, true);
                        let ok = prop.run(&base, rules, lit);
                        assert_eq!(closure.holds(&base, rules, lit), ok, "{rules:?} {lit}");
                        if ok {
                            let same = (closure.on, closure.off) == (prop.on, prop.off);
                            assert!(same, "{rules:?} {lit}");
                        }
                        runs += 1;
                        broken += usize::from(!ok);
                    }
                }
            }
        }
        assert!(runs > 20_000 && broken > 2_000, "{runs} {broken}");
    }

    /// `run_with_row` gives what the round-by-round propagation (tracking depths) gives, from
    /// every candidate on and off, under both rules: the same answer; without contradiction
    /// the same literals, and each one's round in its row entry (saturated at 254; the other
    /// entries untouched); with one, the same round; and `net_same` only where the rounds
    /// say it too.
    #[test]
    fn rounds_from_the_work_list_are_the_rounds() {
        use crate::forcing::propagate::CANDIDATES;
        use bitdoku_bitboard::Cell;
        let (mut closure, mut prop) = (Closure::new(), Propagator::new());
        // Columns in reverse, so that the row is not indexed by the literal itself.
        let cols: Vec<u16> = (0..2 * CANDIDATES as u16).rev().collect();
        let mut b = vec![255u8; 2 * CANDIDATES];
        let (mut runs, mut broken, mut same) = (0, 0, 0);
        for state in crate::forcing::test_states::varied(30, 8) {
            let base = Base::new(&state);
            for rules in [Rules::Chain, Rules::Net] {
                for d in Digit::all() {
                    for c in base.cand[d.index()] {
                        for on in [false, true] {
                            let lit = Lit::new(d, c, on);
                            b.fill(255);
                            let ok = prop.run(&base, rules, lit);
                            let got = closure.run_with_row(&base, rules, lit, &mut b, &cols);
                            let what = format!("{rules:?} {lit}");
                            if ok {
                                assert_eq!(got, None, "{what}");
                                assert_eq!(
                                    (closure.on, closure.off),
                                    (prop.on, prop.off),
                                    "{what}"
                                );
                                for e in Digit::all() {
                                    for x in Cell::all() {
                                        for v in [false, true] {
                                            let l = Lit::new(e, x, v);
                                            let i = usize::from(
                                                cols[l.candidate() * 2 + usize::from(v)],
                                            );
                                            let want = if prop.holds(l) {
                                                prop.depth(l).min(254) as u8
                                            } else {
                                                255
                                            };
                                            assert_eq!(b[i], want, "{what}: {l}");
                                        }
                                    }
                                }
                            } else {
                                assert_eq!(got, Some(prop.rounds), "{what}");
                                broken += 1;
                            }
                            if rules == Rules::Chain {
                                assert!(!closure.net_same || prop.net_same, "{what}");
                                same += usize::from(closure.net_same);
                            }
                            runs += 1;
                        }
                    }
                }
            }
        }
        assert!(runs > 40_000 && broken > 5_000 && same > 5_000, "{runs} {broken} {same}");
    }
}
