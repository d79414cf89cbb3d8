//! Tests of the propagation core, including the round-by-round propagation against its
//! first, plainer form (every round recounts the whole grid) on many states.

use super::*;
use bitdoku_bitboard::{Candidates, CountPlanes, parse_line};

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
    let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
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

/// The propagation as first written: every round recounts all cells and scans all digits.
/// [`Propagator`] must derive the same literals, depths, contradiction and rounds.
struct Reference {
    on: [CellSet; 9],
    off: [CellSet; 9],
    depth_on: [u16; CANDIDATES],
    depth_off: [u16; CANDIDATES],
    contradiction: Option<(Contradiction, u16)>,
    rounds: u16,
    track: bool,
}

impl Reference {
    fn new(track: bool) -> Reference {
        Reference {
            on: [CellSet::EMPTY; 9],
            off: [CellSet::EMPTY; 9],
            depth_on: [UNREACHED; CANDIDATES],
            depth_off: [UNREACHED; CANDIDATES],
            contradiction: None,
            rounds: 0,
            track,
        }
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
    fn run(&mut self, base: &Base, rules: Rules, start: Lit) -> bool {
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
    fn resume(&mut self, base: &Base, rules: Rules, off: [CellSet; 9]) -> bool {
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

/// Asserts that `p` and `r` hold the same outcome (depths too when both track them).
fn assert_same(p: &Propagator, r: &Reference, what: &dyn Fn() -> String) {
    assert_eq!(p.on, r.on, "on: {}", what());
    assert_eq!(p.off, r.off, "off: {}", what());
    assert_eq!(p.contradiction, r.contradiction, "contradiction: {}", what());
    assert_eq!(p.rounds, r.rounds, "rounds: {}", what());
    if r.track {
        assert!(p.depth_on == r.depth_on, "depth on: {}", what());
        assert!(p.depth_off == r.depth_off, "depth off: {}", what());
    }
}

#[test]
fn propagation_matches_the_reference_on_many_states() {
    let mut rng = fastrand::Rng::with_seed(0x0b5e_55ed);
    let mut pairs = [
        (Propagator::new(), Reference::new(true)),
        (Propagator::untracked(), Reference::new(false)),
    ];
    let (mut runs, mut broken, mut resumed) = (0, 0, 0);
    for (k, state) in crate::forcing::test_states::varied(30, 8).iter().enumerate() {
        let base = Base::new(state);
        for rules in [Rules::Chain, Rules::Net] {
            for d in Digit::all() {
                for c in base.cand[d.index()] {
                    for on in [false, true] {
                        let lit = Lit::new(d, c, on);
                        let (p, r) = &mut pairs[(runs / 7) % 2];
                        let what = || format!("state {k}, {rules:?}, {lit}");
                        let ok = p.run(&base, rules, lit);
                        assert_eq!(ok, r.run(&base, rules, lit), "{}", what());
                        assert_same(p, r, &what);
                        runs += 1;
                        broken += usize::from(!ok);
                        if !ok || !rng.bool() {
                            continue;
                        }
                        // Resume with some live candidates off (now and then an on one, a
                        // contradiction at once, or one not in the base).
                        let off: [CellSet; 9] = std::array::from_fn(|e| {
                            let pool = if rng.u8(..20) == 0 {
                                base.cand[e]
                            } else if rng.u8(..20) == 0 {
                                CellSet::ALL
                            } else {
                                base.cand[e] - p.on[e] - p.off[e]
                            };
                            pool.iter().filter(|_| rng.u8(..10) == 0).collect()
                        });
                        let ok = p.resume(&base, rules, off);
                        assert_eq!(ok, r.resume(&base, rules, off), "resume {}", what());
                        assert_same(p, r, &|| format!("resume {}", what()));
                        resumed += 1;
                    }
                }
            }
        }
    }
    assert!(runs > 50_000 && broken > 5_000 && resumed > 10_000, "{runs} {broken} {resumed}");
}
