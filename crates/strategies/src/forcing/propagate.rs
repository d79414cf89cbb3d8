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
use bitdoku_bitboard::{Candidates, Cell, CellSet, CountPlanes, Digit, House};
use std::fmt;

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

/// The base state seen by propagation: candidates, bivalue cells, two-place houses.
#[derive(Clone, Debug)]
pub struct Base {
    /// Candidates per digit.
    pub cand: [CellSet; 9],
    /// Cells with at least one candidate.
    pub unsolved: CellSet,
    /// Cells with exactly two candidates.
    pub bivalue: CellSet,
    /// Per digit, bit `h` when house `h` has exactly two places for the digit.
    pub two_places: [u32; 9],
}

impl Base {
    /// The base of `state`.
    #[must_use]
    pub fn new(state: &Candidates) -> Base {
        Base::from_masks(*state.masks())
    }

    /// The base of the candidates `cand` (per digit).
    #[must_use]
    pub fn from_masks(cand: [CellSet; 9]) -> Base {
        let planes = CountPlanes::new(&cand);
        let mut two_places = [0u32; 9];
        for (d, two) in two_places.iter_mut().enumerate() {
            for (h, house) in HOUSES.iter().enumerate() {
                if (cand[d] & *house).len() == 2 {
                    *two |= 1 << h;
                }
            }
        }
        Base { cand, unsolved: planes.at_least(1), bivalue: planes.exactly(2), two_places }
    }

    /// Whether the literal's candidate is in the base state.
    #[must_use]
    pub fn has(&self, lit: Lit) -> bool {
        self.cand[lit.digit().index()].contains(lit.cell())
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
    /// Whether depths are recorded (proofs need them, yes/no searches do not).
    track: bool,
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
            track: true,
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

    fn clear(&mut self) {
        for d in (0..9).filter(|_| self.track) {
            for c in self.on[d] {
                self.depth_on[d * 81 + c.index()] = UNREACHED;
            }
            for c in self.off[d] {
                self.depth_off[d * 81 + c.index()] = UNREACHED;
            }
        }
        self.on = [CellSet::EMPTY; 9];
        self.off = [CellSet::EMPTY; 9];
        self.contradiction = None;
        self.rounds = 0;
    }

    /// Propagates `start` (a candidate of `base`) under `rules`. Returns `true` when no
    /// contradiction appeared (then [`Propagator::contradiction`] is `None`).
    pub fn run(&mut self, base: &Base, rules: Rules, start: Lit) -> bool {
        self.clear();
        let (d0, c0) = (start.digit().index(), start.cell());
        let mut f_on = [CellSet::EMPTY; 9];
        let mut f_off = [CellSet::EMPTY; 9];
        if start.is_on() {
            f_on[d0] = CellSet::single(c0);
            self.on[d0] = f_on[d0];
            self.depth_on[start.candidate()] = 0;
        } else {
            f_off[d0] = CellSet::single(c0);
            self.off[d0] = f_off[d0];
            self.depth_off[start.candidate()] = 0;
        }
        self.advance(base, rules, f_on, f_off)
    }

    /// Continues a finished propagation without contradiction: `off` (live candidates of
    /// `base`, neither on nor off yet) turn off in the next round (their depth), and their
    /// consequences follow as in [`Propagator::run`]. Returns `true` when no contradiction
    /// appeared. Nested forcing adds the eliminations its inner searches proved this way.
    pub fn resume(&mut self, base: &Base, rules: Rules, off: [CellSet; 9]) -> bool {
        debug_assert!(self.contradiction.is_none());
        let round = self.rounds + 1;
        let mut f_off = [CellSet::EMPTY; 9];
        for d in 0..9 {
            f_off[d] = off[d] - self.off[d];
            for c in f_off[d].iter().filter(|_| self.track) {
                self.depth_off[d * 81 + c.index()] = round;
            }
            self.off[d] |= f_off[d];
            if let Some(c) = (self.on[d] & f_off[d]).first() {
                self.contradiction =
                    Some((Contradiction::Both(c, Digit::new_unchecked(d as u8)), round));
                self.rounds = round;
                return false;
            }
        }
        self.rounds = round;
        self.advance(base, rules, [CellSet::EMPTY; 9], f_off)
    }

    /// The rounds after the frontier `f_on`/`f_off` (the literals of round `self.rounds`).
    fn advance(
        &mut self,
        base: &Base,
        rules: Rules,
        mut f_on: [CellSet; 9],
        mut f_off: [CellSet; 9],
    ) -> bool {
        let mut round: u16 = self.rounds;
        loop {
            round += 1;
            let mut add_on = [CellSet::EMPTY; 9];
            let mut add_off = [CellSet::EMPTY; 9];
            // Rules cell and peer, from the literals that turned on last round.
            let mut on_cells = CellSet::EMPTY;
            // Cells where two or more digits turned on (each turns the others off).
            let mut multi = CellSet::EMPTY;
            for (d, f) in f_on.iter().enumerate() {
                for c in *f {
                    add_off[d] |= PEERS[c.index()] & base.cand[d];
                }
                multi |= on_cells & *f;
                on_cells |= *f;
            }
            if !on_cells.is_empty() {
                for (d, off) in add_off.iter_mut().enumerate() {
                    // Cells where another digit turned on.
                    *off |= base.cand[d] & ((on_cells - f_on[d]) | multi);
                }
            }
            // Singles, from the literals that turned off last round.
            let mut touched = CellSet::EMPTY;
            for m in &f_off {
                touched |= *m;
            }
            let mut broken: Option<Contradiction> = None;
            if !touched.is_empty() {
                let remaining: [CellSet; 9] = std::array::from_fn(|d| base.cand[d] - self.off[d]);
                let planes = CountPlanes::new(&remaining);
                let empty = touched - planes.at_least(1);
                if let Some(c) = empty.first() {
                    broken = Some(Contradiction::EmptyCell(c));
                }
                let mut ones = touched & planes.exactly(1);
                if rules == Rules::Chain {
                    ones &= base.bivalue;
                }
                for d in 0..9 {
                    add_on[d] |= remaining[d] & ones;
                }
                for d in 0..9 {
                    if f_off[d].is_empty() {
                        continue;
                    }
                    let mut houses = 0u32;
                    for c in f_off[d] {
                        for h in CELL_HOUSES[c.index()] {
                            houses |= 1 << h.index();
                        }
                    }
                    // Chains: a hidden single only across a strong link; the empty-house
                    // check applies to every touched house under both rules.
                    let singles_ok = match rules {
                        Rules::Chain => base.two_places[d],
                        Rules::Net => u32::MAX,
                    };
                    while houses != 0 {
                        let h = houses.trailing_zeros() as usize;
                        houses &= houses - 1;
                        let rem = remaining[d] & HOUSES[h];
                        if rem.is_empty() {
                            if broken.is_none() {
                                broken = Some(Contradiction::EmptyHouse(
                                    House::new(h as u8).expect("house index"),
                                    Digit::new_unchecked(d as u8),
                                ));
                            }
                        } else if rem.is_single() && singles_ok & (1 << h) != 0 {
                            add_on[d] |= rem;
                        }
                    }
                }
            }
            let mut any = false;
            for d in 0..9 {
                add_on[d] -= self.on[d];
                add_off[d] -= self.off[d];
                if self.track {
                    for c in add_on[d] {
                        self.depth_on[d * 81 + c.index()] = round;
                    }
                    for c in add_off[d] {
                        self.depth_off[d * 81 + c.index()] = round;
                    }
                }
                self.on[d] |= add_on[d];
                self.off[d] |= add_off[d];
                let both = self.on[d] & self.off[d];
                if let (None, Some(c)) = (broken, both.first()) {
                    broken = Some(Contradiction::Both(c, Digit::new_unchecked(d as u8)));
                }
                any |= !add_on[d].is_empty() || !add_off[d].is_empty();
            }
            self.rounds = round;
            if let Some(b) = broken {
                self.contradiction = Some((b, round));
                return false;
            }
            if !any {
                return true;
            }
            f_on = add_on;
            f_off = add_off;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_bitboard::parse_line;

    fn state(line: &str) -> Candidates {
        parse_line(line).unwrap().unwrap().candidates()
    }

    #[test]
    fn literal_encoding_round_trips() {
        let d = Digit::from_value(5).unwrap();
        let c = Cell::from_rc(0, 1);
        let on = Lit::new(d, c, true);
        assert_eq!((on.digit(), on.cell(), on.is_on()), (d, c, true));
        assert_eq!(on.to_string(), "r1c2=5");
        assert_eq!(on.negate().to_string(), "r1c2<>5");
        assert_eq!(Lit::from_candidate(on.candidate(), false), on.negate());
    }

    #[test]
    fn the_solution_never_contradicts_and_wrong_digits_often_do() {
        // An easy puzzle: the right digit propagates consistently with the solution; most
        // wrong digits die by singles (base-state singles are facts, not derived, so not all).
        let line =
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
        let s = state(line);
        let solution = bitdoku_brute_free_solve(&s);
        let base = Base::new(&s);
        let mut p = Propagator::new();
        let (mut wrong, mut died) = (0, 0);
        for d in Digit::all() {
            for c in s.cells(d) {
                let right = solution[c.index()] == d.value();
                let ok = p.run(&base, Rules::Net, Lit::new(d, c, true));
                if right {
                    assert!(ok, "{c}={d} is the solution");
                    for e in Digit::all() {
                        for x in p.on[e.index()] {
                            assert_eq!(solution[x.index()], e.value());
                        }
                        for x in p.off[e.index()] {
                            assert_ne!(solution[x.index()], e.value());
                        }
                    }
                } else {
                    wrong += 1;
                    died += usize::from(!ok);
                }
            }
        }
        assert!(died * 2 > wrong, "{died} of {wrong} wrong digits contradict");
    }

    /// The solution by singles alone (the test puzzle needs no more).
    fn bitdoku_brute_free_solve(s: &Candidates) -> [u8; 81] {
        let mut c = *s;
        while !c.is_solved() {
            let planes = c.counts();
            let mut progressed = false;
            for d in Digit::all() {
                for cell in c.cells(d) & planes.exactly(1) {
                    c.place(cell, d);
                    progressed = true;
                }
            }
            assert!(progressed, "singles solve the test puzzle");
        }
        c.values()
    }

    #[test]
    fn chain_rules_use_strong_links_only() {
        // r1c1 {1,2}: assume r1c1<>1 => r1c1=2 (bivalue, one premise) under both rules.
        let mut s = Candidates::new();
        let (one, two) = (Digit::from_value(1).unwrap(), Digit::from_value(2).unwrap());
        let c = Cell::from_rc(0, 0);
        for d in Digit::all() {
            if d != one && d != two {
                s.eliminate(d, CellSet::single(c));
            }
        }
        let base = Base::new(&s);
        let mut p = Propagator::new();
        assert!(p.run(&base, Rules::Chain, Lit::new(one, c, false)));
        assert!(p.holds(Lit::new(two, c, true)));
        assert_eq!(p.depth(Lit::new(two, c, true)), 1);
        // Then 2 is off in r1c2 (peer, depth 2).
        assert_eq!(p.depth(Lit::new(two, Cell::from_rc(0, 1), false)), 2);
        // A cell with 9 candidates never becomes a single after one elimination.
        let c9 = Cell::from_rc(8, 8);
        assert!(p.run(&base, Rules::Net, Lit::new(one, c9, false)));
        assert_eq!(p.on, [CellSet::EMPTY; 9]);
    }
}
