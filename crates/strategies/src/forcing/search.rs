//! The one search behind forcing chains and nets (HoDoKu's tabling, on bitboards): propagate
//! every candidate of the state on and off once (the work list of [`super::closure`], whose
//! rounds are [`super::propagate`]'s), keep each outcome
//! (derived literals with their depths, or the round of a contradiction), then read the
//! conclusions off the outcomes:
//!
//! * **contradiction**: an assumption `X` on (off) that contradicts proves `X` off (on);
//! * **cell verity**: for an unsolved cell with at least two candidates, a literal derived
//!   from every candidate of the cell assumed on (a branch that contradicts is impossible
//!   and imposes nothing, but at least one branch must not contradict);
//! * **house verity**: the same over the places of a digit in a house (at least two places);
//! * **candidate verity**: a literal derived both from `X` on and from `X` off.
//!
//! Every conclusion is reported once, as the step of its smallest key: the depth of the
//! proof (contradiction: the round of the contradiction; verity: the largest depth of the
//! conclusion over the branches, a contradicting branch counting its contradiction round),
//! then the kind (contradiction, cell, house, candidate verity), then the premise (candidate
//! index `81 * digit + cell`, cell index, or `9 * house + digit`). Steps are pushed in key
//! order, then by conclusion (placements before eliminations, then candidate index). The set
//! of steps does not depend on search order.

use super::closure::Closure;
use super::propagate::{Base, CANDIDATES, Lit, Rules, UNREACHED};
use crate::id::TechniqueId;
use crate::premise::Premise;
use crate::sink::Sink;
use crate::step::Step;
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, House};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The outcome of one assumption.
#[derive(Clone, Copy)]
struct Outcome {
    /// The derived literals as 64-bit words: word `2 * d + k` holds cells `64 * k ..` of
    /// digit `d` on, word `18 + 2 * d + k` the same off (plain words, so intersecting
    /// outcomes is a loop the compiler vectorises).
    words: [u64; WORDS],
    /// Bit `k` when word `k` is not zero.
    nonzero: u64,
    /// Round of the contradiction, or [`UNREACHED`] when there was none.
    broken: u16,
}

const WORDS: usize = 36;

impl Outcome {
    const EMPTY: Outcome = Outcome { words: [0; WORDS], nonzero: 0, broken: UNREACHED };

    fn set(&mut self, on: &[CellSet; 9], off: &[CellSet; 9]) {
        self.nonzero = 0;
        for d in 0..9 {
            for (at, m) in [(2 * d, on[d]), (18 + 2 * d, off[d])] {
                let (low, high) = (m.bits() as u64, (m.bits() >> 64) as u64);
                self.words[at] = low;
                self.words[at + 1] = high;
                self.nonzero |= u64::from(low != 0) << at | u64::from(high != 0) << (at + 1);
            }
        }
    }
}

/// The literal index of bit `bit` of outcome word `word`.
fn word_lit(word: usize, bit: u32) -> usize {
    let (on, d, high) = (word < 18, word % 18 / 2, word % 2);
    (d * 81 + high * 64 + bit as usize) * 2 + usize::from(on)
}

/// Per-thread buffers, allocated once: the propagator, one outcome per assumption and the
/// depth of every derived literal of every outcome (saturated at 254).
///
/// Literals are numbered densely per search: [`Work::run_all`] gives the `n` literals of the
/// state (each candidate on and off) the slots `0..n`. Outcome `k` is the assumption of slot
/// `k`, and its depths are the row `depths[k * n..(k + 1) * n]`, indexed by the slot of the
/// derived literal (every derived literal is a literal of the state). A search touches `n²`
/// bytes of depths, not the 2.1 MB a row per literal index would span, so a short run pays
/// page faults only for what its states use.
///
/// Forcing nets follow forcing chains in every order, on the same state when the chains found
/// nothing. A chain propagation that never left out a single the net rules take
/// ([`Closure::net_same`]) is the net propagation of the same assumption, so a net search
/// on the state of the last chain search keeps those outcomes and rows and propagates only
/// the other assumptions.
struct Work {
    /// The propagation (work list, with the round-by-round rounds: see `closure.rs`).
    closure: Box<Closure>,
    /// The slot of each literal index of the current state (stale for the others).
    slot: Vec<u16>,
    /// Literals of the current state.
    n: usize,
    outcomes: Vec<Outcome>,
    depths: Vec<u8>,
    best: Vec<u64>,
    /// The candidates and rules of the last [`Work::run_all`].
    last: Option<([CellSet; 9], Rules)>,
    /// Per slot, after a run under chain rules: [`Closure::net_same`].
    net_same: Vec<bool>,
}

thread_local! {
    static WORK: RefCell<Option<Box<Work>>> = const { RefCell::new(None) };
}

const LITS: usize = 2 * CANDIDATES;
const NO_KEY: u64 = u64::MAX;

fn lit_index(l: Lit) -> usize {
    l.candidate() * 2 + usize::from(l.is_on())
}

impl Work {
    fn new() -> Work {
        Work {
            closure: Box::new(Closure::new()),
            slot: vec![0; LITS],
            n: 0,
            outcomes: Vec::with_capacity(LITS),
            depths: vec![0; LITS * LITS],
            best: vec![NO_KEY; LITS],
            last: None,
            net_same: Vec::new(),
        }
    }

    fn run_all(&mut self, base: &Base, rules: Rules) {
        // Same state as the last (chain) run: same literals, same slots.
        let reuse = rules == Rules::Net && self.last == Some((base.cand, Rules::Chain));
        self.last = Some((base.cand, rules));
        let lits = || {
            (0..9).flat_map(move |d| {
                base.cand[d].into_iter().flat_map(move |c| {
                    [false, true].map(|on| Lit::new(Digit::new_unchecked(d as u8), c, on))
                })
            })
        };
        self.n = 0;
        for lit in lits() {
            self.slot[lit_index(lit)] = self.n as u16;
            self.n += 1;
        }
        let n = self.n;
        if !reuse {
            self.outcomes.clear();
        }
        self.net_same.resize(n, false);
        // One node per assumption for the budget (the search itself is bounded: it runs to
        // its end, and the engine discards its result when the budget is spent).
        let _ = crate::budget::tick(n as u64);
        for (k, lit) in lits().enumerate() {
            if reuse && self.net_same[k] {
                continue;
            }
            let row = &mut self.depths[k * n..(k + 1) * n];
            let broken = self.closure.run_with_row(base, rules, lit, row, &self.slot);
            self.net_same[k] = rules == Rules::Chain && self.closure.net_same;
            let mut out = Outcome::EMPTY;
            out.set(&self.closure.on, &self.closure.off);
            out.broken = broken.unwrap_or(UNREACHED);
            if k < self.outcomes.len() {
                self.outcomes[k] = out;
            } else {
                self.outcomes.push(out);
            }
        }
    }

    /// The outcome of assumption `lit` (a literal index of the state of the last
    /// [`Work::run_all`]).
    fn outcome(&self, lit: usize) -> &Outcome {
        &self.outcomes[usize::from(self.slot[lit])]
    }

    fn offer(&mut self, conclusion: usize, key: u64) {
        if key < self.best[conclusion] {
            self.best[conclusion] = key;
        }
    }

    /// Intersects the outcomes of `branches` (literal indices) and offers every common literal
    /// with the given kind and premise index.
    fn verity(&mut self, branches: &[usize], kind: u64, premise: u64) {
        // The words not zero in every live branch, then their intersection word by word.
        let mut words = u64::MAX;
        let mut live = [0usize; 9];
        let mut n = 0;
        let mut worst_broken = 0u16;
        for &b in branches {
            let k = usize::from(self.slot[b]);
            let o = &self.outcomes[k];
            if o.broken != UNREACHED {
                worst_broken = worst_broken.max(o.broken);
                continue;
            }
            live[n] = k;
            n += 1;
            words &= o.nonzero;
        }
        if n == 0 {
            return;
        }
        // Live branches by slot from here on.
        let live = &live[..n];
        while words != 0 {
            let word = words.trailing_zeros() as usize;
            words &= words - 1;
            let mut w = u64::MAX;
            for &k in live {
                w &= self.outcomes[k].words[word];
            }
            while w != 0 {
                let li = word_lit(word, w.trailing_zeros());
                w &= w - 1;
                let (n, col) = (self.n, usize::from(self.slot[li]));
                let mut depth = u64::from(worst_broken);
                for &k in live {
                    depth = depth.max(u64::from(self.depths[k * n + col]));
                }
                self.offer(li, key(depth, kind, premise));
            }
        }
    }
}

fn key(depth: u64, kind: u64, premise: u64) -> u64 {
    (depth << 24) | (kind << 16) | premise
}

/// Decodes a premise from its kind and index.
fn premise_of(kind: u64, index: u64) -> Premise {
    let i = index as usize;
    match kind {
        0 => {
            // Contradiction: index = literal index of the failing assumption.
            let lit = Lit::from_candidate(i / 2, i % 2 == 1);
            if lit.is_on() {
                Premise::On(lit.cell(), lit.digit())
            } else {
                Premise::Off(lit.cell(), lit.digit())
            }
        }
        1 => Premise::Cell(Cell::new_unchecked(i as u8)),
        2 => Premise::House(
            House::new((i / 9) as u8).expect("house"),
            Digit::new_unchecked((i % 9) as u8),
        ),
        _ => {
            let lit = Lit::from_candidate(i, true);
            Premise::Candidate(lit.cell(), lit.digit())
        }
    }
}

/// Finds every forcing conclusion of `state` under `rules` and pushes one step per conclusion
/// (see the module doc), with technique id `technique`.
pub(crate) fn find(
    state: &Candidates,
    sink: &mut dyn Sink,
    rules: Rules,
    technique: TechniqueId,
) -> ControlFlow<()> {
    let base = Base::new(state);
    if base.unsolved.is_empty() {
        return ControlFlow::Continue(());
    }
    let steps: Vec<(u64, usize)> = WORK.with(|cell| {
        let mut slot = cell.borrow_mut();
        let work = slot.get_or_insert_with(|| Box::new(Work::new()));
        work.best.fill(NO_KEY);
        work.run_all(&base, rules);
        // Contradictions.
        for d in 0..9 {
            for c in base.cand[d] {
                for on in [false, true] {
                    let lit = Lit::new(Digit::new_unchecked(d as u8), c, on);
                    let i = lit_index(lit);
                    let broken = work.outcome(i).broken;
                    if broken != UNREACHED {
                        work.offer(lit_index(lit.negate()), key(u64::from(broken), 0, i as u64));
                    }
                }
            }
        }
        // Cell verities.
        let mut branches: Vec<usize> = Vec::with_capacity(9);
        for c in base.unsolved {
            branches.clear();
            for d in 0..9 {
                if base.cand[d].contains(c) {
                    branches.push(lit_index(Lit::new(Digit::new_unchecked(d as u8), c, true)));
                }
            }
            if branches.len() >= 2 {
                work.verity(&branches, 1, c.index() as u64);
            }
        }
        // House verities.
        for (h, house) in HOUSES.iter().enumerate() {
            for d in 0..9 {
                let places = base.cand[d] & *house;
                if places.len() < 2 {
                    continue;
                }
                branches.clear();
                for c in places {
                    branches.push(lit_index(Lit::new(Digit::new_unchecked(d as u8), c, true)));
                }
                work.verity(&branches, 2, (h * 9 + d) as u64);
            }
        }
        // Candidate verities.
        for d in 0..9 {
            for c in base.cand[d] {
                let on = Lit::new(Digit::new_unchecked(d as u8), c, true);
                branches.clear();
                branches.push(lit_index(on));
                branches.push(lit_index(on.negate()));
                work.verity(&branches, 3, on.candidate() as u64);
            }
        }
        let mut found: Vec<(u64, usize)> = Vec::new();
        for (li, &k) in work.best.iter().enumerate() {
            if k != NO_KEY
                && base.cand[li / 2 / 81].contains(Cell::new_unchecked((li / 2 % 81) as u8))
            {
                found.push((k, li));
            }
        }
        found
    });
    let mut steps = steps;
    // Key order, then placements (on literals, odd index) before eliminations, then candidate.
    steps.sort_unstable_by_key(|&(k, li)| (k, li % 2 == 0, li / 2));
    for (k, li) in steps {
        let lit = Lit::from_candidate(li / 2, li % 2 == 1);
        let mut step = Step::new(technique);
        if lit.is_on() {
            step.place(lit.cell(), lit.digit());
        } else {
            step.eliminate(lit.digit(), CellSet::single(lit.cell()));
        }
        let premise = premise_of((k >> 16) & 0xff, k & 0xffff);
        step.evidence.forcing = premise;
        step.evidence.cells = super::proof::premise_cells(state, premise);
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
