//! The propagation core of forcing chains and nets: from a state and one assumption (a
//! candidate on, or a candidate off), derive its consequences on the bitboards, round by
//! round, until nothing new follows or a contradiction appears.
//!
//! **Literals.** A literal is a candidate of the base state (digit `d` in cell `c`, index
//! `81 * d + c`) together with a truth value: on (`r1c2=5`, the cell holds the digit) or off
//! (`r1c2<>5`). Placed cells are facts, never literals.
//!
//! **Rules.** Round `r` derives literals of depth `r` from those of depth `r - 1` (and older):
//! * a literal that turned on in round `r - 1` turns off every other candidate of its cell
//!   (rule *cell*) and every candidate of its digit in its peers (rule *peer*);
//! * a cell whose base candidates are all off but one turns that one on (*naked single*);
//!   a house where a digit (not placed there) has all its base places off but one turns that
//!   one on (*hidden single*). Only cells and houses touched by a literal that turned off in
//!   round `r - 1` are looked at, which finds the same singles (a single needs a fresh
//!   elimination to become one).
//!
//! With [`Rules::Chain`] a single must have exactly one premise: the cell is bivalue, or the
//! digit has exactly two places in the house, in the base state (a strong link). Every
//! derived literal then follows from one earlier literal, so the consequences form chains.
//! With [`Rules::Net`] singles may need several eliminations (a net).
//!
//! **Contradictions** (checked after every round): a candidate both on and off (this covers
//! two digits on in one cell and one digit on twice in a house, one round later), an unsolved
//! cell whose base candidates are all off, a house where an unplaced digit has all its base
//! places off. Propagation stops at the first round with a contradiction.
//!
//! The derived set after the last round is the least set closed under the rules, so it does
//! not depend on the order in which literals are processed; each literal's depth is its
//! shortest derivation in rounds. No heap allocation: fixed arrays, reused between runs.

use bitdoku_bitboard::tables::{CELL_HOUSES, HOUSES, PEERS};
use bitdoku_bitboard::{Cell, CellSet, Digit, House};
use std::fmt;

pub use super::base::Base;

/// Number of candidates (literal indices without the truth value).
pub const CANDIDATES: usize = 729;

/// A depth that was never reached (the literal is not derived).
pub const UNREACHED: u16 = u16::MAX;

/// A candidate with a truth value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u16);

impl Lit {
    /// `digit` in `cell`, on or off.
    #[must_use]
    pub const fn new(digit: Digit, cell: Cell, on: bool) -> Lit {
        Lit(((digit.index() * 81 + cell.index()) * 2 + on as usize) as u16)
    }

    /// The literal of candidate index `cand` (`81 * digit + cell`).
    #[must_use]
    pub const fn from_candidate(cand: usize, on: bool) -> Lit {
        Lit((cand * 2 + on as usize) as u16)
    }

    /// The candidate index `81 * digit + cell`.
    #[must_use]
    pub const fn candidate(self) -> usize {
        self.0 as usize / 2
    }

    /// The digit.
    #[must_use]
    pub const fn digit(self) -> Digit {
        Digit::new_unchecked((self.candidate() / 81) as u8)
    }

    /// The cell.
    #[must_use]
    pub const fn cell(self) -> Cell {
        Cell::new_unchecked((self.candidate() % 81) as u8)
    }

    /// Whether it says "on" (the cell holds the digit).
    #[must_use]
    pub const fn is_on(self) -> bool {
        self.0 & 1 == 1
    }

    /// The same candidate with the other truth value.
    #[must_use]
    pub const fn negate(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Display for Lit {
    /// `r1c2=5` (on) or `r1c2<>5` (off).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.is_on() { "=" } else { "<>" };
        write!(f, "{}{op}{}", self.cell(), self.digit())
    }
}

/// Which inferences propagation may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Single-premise inferences only (singles only across strong links of the base state).
    Chain,
    /// Singles after any number of eliminations.
    Net,
}

/// How a propagation broke down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// The candidate is both on and off.
    Both(Cell, Digit),
    /// Every base candidate of the cell is off.
    EmptyCell(Cell),
    /// Every base place of the digit in the house is off.
    EmptyHouse(House, Digit),
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Both(c, d) => write!(f, "{c} would be both {d} and not {d}"),
            Contradiction::EmptyCell(c) => write!(f, "{c} would have no candidate left"),
            Contradiction::EmptyHouse(h, d) => write!(f, "{d} would have no place left in {h}"),
        }
    }
}

/// Reusable propagation buffers: the derived literals (`on`, `off` masks per digit), the
/// depth of each, and the contradiction if any.
#[derive(Clone)]
pub struct Propagator {
    /// Candidates derived on, per digit.
    pub on: [CellSet; 9],
    /// Candidates derived off, per digit.
    pub off: [CellSet; 9],
    /// Depth (round) of each on literal, by candidate index; [`UNREACHED`] if not derived.
    pub depth_on: [u16; CANDIDATES],
    /// Depth of each off literal.
    pub depth_off: [u16; CANDIDATES],
    /// The contradiction and the round it appeared in.
    pub contradiction: Option<(Contradiction, u16)>,
    /// Rounds run.
    pub rounds: u16,
    /// After a run under [`Rules::Chain`]: whether no single was left out that
    /// [`Rules::Net`] would have taken, in any round. Then a net run from the same start on
    /// the same base goes through the same rounds: same literals, depths and contradiction.
    pub net_same: bool,
    /// Whether depths are recorded (proofs need them, yes/no searches do not).
    track: bool,
    /// Per cell, the base candidates not derived off (bit `d` for digit `d`).
    live: [u16; 81],
    /// Per digit and house, the base places not derived off.
    places: [[u8; 27]; 9],
    /// Bit `d` when digit `d` has a derived literal (what [`Propagator::clear`] resets).
    used: u16,
    /// Two frontiers (the current round's and the next), empty between runs.
    fronts: [Frontier; 2],
}

impl Default for Propagator {
    fn default() -> Propagator {
        Propagator::new()
    }
}

impl Propagator {
    /// Empty buffers.
    #[must_use]
    pub fn new() -> Propagator {
        Propagator {
            on: [CellSet::EMPTY; 9],
            off: [CellSet::EMPTY; 9],
            depth_on: [UNREACHED; CANDIDATES],
            depth_off: [UNREACHED; CANDIDATES],
            contradiction: None,
            rounds: 0,
            net_same: true,
            track: true,
            live: [0; 81],
            places: [[0; 27]; 9],
            used: 0,
            fronts: [Frontier::EMPTY; 2],
        }
    }

    /// Buffers that record no depths ([`Propagator::depth`] is then always [`UNREACHED`]):
    /// the derived literals and the contradiction only, for searches that need no proof.
    #[must_use]
    pub fn untracked() -> Propagator {
        Propagator { track: false, ..Propagator::new() }
    }

    /// The depth of `lit`, [`UNREACHED`] if it was not derived.
    #[must_use]
    pub fn depth(&self, lit: Lit) -> u16 {
        if lit.is_on() { self.depth_on[lit.candidate()] } else { self.depth_off[lit.candidate()] }
    }

    /// Whether `lit` was derived.
    #[must_use]
    pub fn holds(&self, lit: Lit) -> bool {
        let m = if lit.is_on() { &self.on } else { &self.off };
        m[lit.digit().index()].contains(lit.cell())
    }

    /// The state derived by a propagation without contradiction: `base` minus what is off.
    pub(crate) fn derived(&self, base: &Base) -> Base {
        let cand = std::array::from_fn(|d| base.cand[d] - self.off[d]);
        Base::from_parts(cand, self.live, self.places)
    }

    fn clear(&mut self) {
        if self.track {
            for d in bits(self.used) {
                for c in self.on[d] {
                    self.depth_on[d * 81 + c.index()] = UNREACHED;
                }
                for c in self.off[d] {
                    self.depth_off[d * 81 + c.index()] = UNREACHED;
                }
            }
        }
        for d in bits(self.used) {
            self.on[d] = CellSet::EMPTY;
            self.off[d] = CellSet::EMPTY;
        }
        self.used = 0;
        self.contradiction = None;
        self.rounds = 0;
        self.net_same = true;
    }

    /// Propagates `start` (a candidate of `base`) under `rules`. Returns `true` when no
    /// contradiction appeared (then [`Propagator::contradiction`] is `None`).
    pub fn run(&mut self, base: &Base, rules: Rules, start: Lit) -> bool {
        self.run_inner(base, rules, start)
    }

    fn run_inner(&mut self, base: &Base, rules: Rules, start: Lit) -> bool {
        self.clear();
        self.live = base.digits;
        self.places = base.places;
        let (d0, c0) = (start.digit().index(), start.cell());
        let one = CellSet::single(c0);
        self.used = 1 << d0;
        if start.is_on() {
            let front = &mut self.fronts[0];
            front.on[d0] = one;
            front.on_digits = 1 << d0;
            self.on[d0] = one;
            self.depth_on[start.candidate()] = 0;
        } else {
            self.off[d0] = one;
            self.depth_off[start.candidate()] = 0;
            let front = &mut self.fronts[0];
            front.off[d0] = one;
            front.off_digits = 1 << d0;
            turn_off(&mut self.live, &mut self.places, base, front, d0, c0);
            if base.quiet[d0].contains(c0) {
                // One round that finds nothing (no single, no empty cell or house).
                front.clear();
                self.rounds = 1;
                return true;
            }
        }
        self.advance(base, rules)
    }

    /// Continues a finished propagation without contradiction: `off` (live candidates of
    /// `base`, neither on nor off yet) turn off in the next round (their depth), and their
    /// consequences follow as in [`Propagator::run`]. Returns `true` when no contradiction
    /// appeared. Nested forcing adds the eliminations its inner searches proved this way.
    pub fn resume(&mut self, base: &Base, rules: Rules, off: [CellSet; 9]) -> bool {
        debug_assert!(self.contradiction.is_none());
        let round = self.rounds + 1;
        for (d, &asked) in off.iter().enumerate() {
            let new = asked - self.off[d];
            if new.is_empty() {
                continue;
            }
            self.fronts[0].off[d] = new;
            self.fronts[0].off_digits |= 1 << d;
            self.used |= 1 << d;
            for c in new {
                if self.track {
                    self.depth_off[d * 81 + c.index()] = round;
                }
                turn_off(&mut self.live, &mut self.places, base, &mut self.fronts[0], d, c);
            }
            self.off[d] |= new;
            if let Some(c) = (self.on[d] & new).first() {
                self.contradiction =
                    Some((Contradiction::Both(c, Digit::new_unchecked(d as u8)), round));
                self.rounds = round;
                self.fronts[0].clear();
                return false;
            }
        }
        self.rounds = round;
        self.advance(base, rules)
    }

    /// The rounds after the frontier `self.fronts[0]` (the literals of round `self.rounds`).
    ///
    /// Only the digits with literals in the frontier, and the cells and houses their
    /// literals touch, are looked at; `live` (per cell, the base candidates not off) gives
    /// naked singles and empty cells without recounting the grid.
    fn advance(&mut self, base: &Base, rules: Rules) -> bool {
        let mut round: u16 = self.rounds;
        let [mut front, mut next] = {
            let [a, b] = &mut self.fronts;
            [a, b]
        };
        loop {
            round += 1;
            // `next` is empty here. Rules cell and peer, from the literals that turned on
            // last round.
            for d in bits(front.on_digits) {
                for c in front.on[d] {
                    let peers = PEERS[c.index()] & base.cand[d];
                    if !peers.is_empty() {
                        next.off[d] |= peers;
                        next.off_digits |= 1 << d;
                    }
                    let others = base.digits[c.index()] & !(1 << d);
                    next.off_digits |= others;
                    for e in bits(others) {
                        next.off[e].insert(c);
                    }
                }
            }
            // Singles, from the literals that turned off last round.
            let mut broken: Option<Contradiction> = None;
            if front.off_digits != 0 {
                for c in front.cells {
                    let live = self.live[c.index()];
                    if live == 0 {
                        if broken.is_none() {
                            broken = Some(Contradiction::EmptyCell(c));
                        }
                    } else if live & (live - 1) == 0 {
                        if rules == Rules::Net || base.bivalue.contains(c) {
                            let d = live.trailing_zeros() as usize;
                            next.on[d].insert(c);
                            next.on_digits |= 1 << d;
                        } else {
                            self.net_same = false;
                        }
                    }
                }
                for d in bits(front.off_digits) {
                    let mut houses = front.houses[d];
                    if houses == 0 {
                        continue;
                    }
                    // Chains: a hidden single only across a strong link; the empty-house
                    // check applies to every touched house under both rules.
                    let singles_ok = match rules {
                        Rules::Chain => base.two_places[d],
                        Rules::Net => u32::MAX,
                    };
                    let remaining = base.cand[d] - self.off[d];
                    while houses != 0 {
                        let h = houses.trailing_zeros() as usize;
                        houses &= houses - 1;
                        let rem = remaining & HOUSES[h];
                        match rem.len() {
                            0 if broken.is_none() => {
                                broken = Some(Contradiction::EmptyHouse(
                                    House::new(h as u8).expect("house index"),
                                    Digit::new_unchecked(d as u8),
                                ));
                            }
                            1 if singles_ok & (1 << h) != 0 => {
                                next.on[d] |= rem;
                                next.on_digits |= 1 << d;
                            }
                            1 => self.net_same = false,
                            _ => {}
                        }
                    }
                }
            }
            // Keep what is new; record depths; look for a candidate both on and off.
            let (mut on_digits, mut off_digits) = (0u16, 0u16);
            for d in bits(next.on_digits | next.off_digits) {
                let add_on = next.on[d] - self.on[d];
                let add_off = next.off[d] - self.off[d];
                next.on[d] = add_on;
                next.off[d] = add_off;
                if add_on.is_empty() && add_off.is_empty() {
                    continue;
                }
                on_digits |= u16::from(!add_on.is_empty()) << d;
                off_digits |= u16::from(!add_off.is_empty()) << d;
                if self.track {
                    for c in add_on {
                        self.depth_on[d * 81 + c.index()] = round;
                    }
                }
                for c in add_off {
                    if self.track {
                        self.depth_off[d * 81 + c.index()] = round;
                    }
                    turn_off(&mut self.live, &mut self.places, base, next, d, c);
                }
                self.on[d] |= add_on;
                self.off[d] |= add_off;
                let both = self.on[d] & self.off[d];
                if let (None, Some(c)) = (broken, both.first()) {
                    broken = Some(Contradiction::Both(c, Digit::new_unchecked(d as u8)));
                }
            }
            next.on_digits = on_digits;
            next.off_digits = off_digits;
            front.clear();
            self.used |= on_digits | off_digits;
            self.rounds = round;
            let done = if let Some(b) = broken {
                self.contradiction = Some((b, round));
                Some(false)
            } else {
                (on_digits | off_digits == 0).then_some(true)
            };
            if let Some(ok) = done {
                next.clear();
                return ok;
            }
            std::mem::swap(&mut front, &mut next);
        }
    }
}

/// Bookkeeping of `d` in `c` turning off (its literal is in frontier `front`): the cell's
/// live candidates and the digit's places in its houses drop (base candidates only), and
/// the cell, or a house, left with at most one is marked in `front` for the next round's
/// singles and emptiness checks (the only ones that can change).
fn turn_off(
    live: &mut [u16; 81],
    places: &mut [[u8; 27]; 9],
    base: &Base,
    front: &mut Frontier,
    d: usize,
    c: Cell,
) {
    let left = live[c.index()] & !(1 << d);
    live[c.index()] = left;
    if left & left.wrapping_sub(1) == 0 {
        front.cells.insert(c);
    }
    let drop = u8::from(base.digits[c.index()] >> d & 1 == 1);
    for h in CELL_HOUSES[c.index()] {
        let n = &mut places[d][h.index()];
        *n -= drop;
        if *n <= 1 {
            front.houses[d] |= 1 << h.index();
        }
    }
}

/// The literals of one round: per digit the cells turned on and off, the digits with any;
/// the cells those literals left with at most one live candidate, and per digit the houses
/// left with at most one place. Only the digits in the masks may hold anything.
#[derive(Clone, Copy)]
struct Frontier {
    on: [CellSet; 9],
    off: [CellSet; 9],
    cells: CellSet,
    houses: [u32; 9],
    on_digits: u16,
    off_digits: u16,
}

impl Frontier {
    const EMPTY: Frontier = Frontier {
        on: [CellSet::EMPTY; 9],
        off: [CellSet::EMPTY; 9],
        cells: CellSet::EMPTY,
        houses: [0; 9],
        on_digits: 0,
        off_digits: 0,
    };

    /// Empties the frontier (only the digits of its masks hold anything).
    fn clear(&mut self) {
        for d in bits(self.on_digits | self.off_digits) {
            self.on[d] = CellSet::EMPTY;
            self.off[d] = CellSet::EMPTY;
            self.houses[d] = 0;
        }
        self.cells = CellSet::EMPTY;
        self.on_digits = 0;
        self.off_digits = 0;
    }
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (i < 16).then_some(i)
    })
}

#[cfg(test)]
#[path = "propagate_tests.rs"]
mod tests;
