//! Nested forcing nets: forcing nets whose propagation may use lower-level forcing nets, one
//! technique id per nesting level (`nested-forcing-net-1` .. `-3`), after Sudoku Explainer's
//! nested dynamic forcing chains.
//!
//! **Level-k propagation** of an assumption `X` in a state `S`:
//! * level 0 is the forcing-net propagation ([`Rules::Net`]: cell and peer eliminations,
//!   naked and hidden singles after any number of eliminations) to a fixpoint or the first
//!   contradiction;
//! * level `k >= 1` runs level 0 from `X`, then probes: for every candidate `Y` of a cell with
//!   two or more candidates left in the derived state `S'` (candidates of `S` not derived off),
//!   in candidate index order (`81 * digit + cell`), assume `Y` on in `S'` with level `k - 1`
//!   propagation; when that contradicts, `Y` is off under `X`: it joins the derived literals
//!   in the next round and level 0 continues from it (a contradiction ends everything). The
//!   sweep goes on with the next candidate in the stronger state; sweeps repeat until one
//!   proves nothing. The result is deterministic, and level `k` derives at least what level
//!   `k - 1` derives.
//!
//! **Find-all semantics** of level `k`: every candidate `X` of a cell with two or more
//! candidates whose level-`k` propagation of `X` on contradicts; one elimination step `X` off
//! per such candidate, premise `X` on (a contradiction), pushed in candidate index order.
//! Only "on" assumptions are tried (off assumptions and verities are what the single-level
//! nets add; nesting them would double the cost for few new steps). Example: `Nested Forcing
//! Net (level 1): r1c2=5 leads to a contradiction => r1c2<>5`.
//!
//! **Cost.** Level `k` tries every candidate with level `k` propagation, which probes every
//! candidate with level `k - 1`: about `n^(k+1)` level-0 propagations for `n` candidates in
//! the worst case. A first-step sink stops at the first contradiction. Buffers are per thread
//! and reused (one propagator per level from 1). The level-0 probes, which only need the answer and
//! what a probe turns on, take the work-list [`Closure`] (the same outcome as the
//! round-by-round propagation, about 2.2x faster on these probes).
//!
//! **Skips.** Level-`k` propagation is a closure (its rules only ever add literals, and a
//! probe that contradicts keeps contradicting in a stronger state), so the propagation of a
//! literal derived from `X` lies inside `X`'s. Three consequences save work without changing
//! any result:
//! * a candidate turned on by a propagation without contradiction cannot contradict in the
//!   same state: the search does not try it, and a sweep does not probe it until the state
//!   changes;
//! * a candidate whose level-0 consequences turn on a candidate already known to contradict
//!   contradicts too: its sweeps are not needed;
//! * no candidate of a solution of the state contradicts, at any level (every derived
//!   literal holds in every solution containing the assumption): the search finds one
//!   solution with the brute-force solver (on hard states tens of microseconds, less than one
//!   level-1 propagation) and does not try its candidates. The search's steps and their
//!   proofs come from the propagations alone.
//!
//! The naive twin (`bitdoku-naive`'s `nested`) has none of these skips: it runs the definition
//! plainly, so agreement between the two checks them.

use super::closure::Closure;
use super::propagate::{Base, CANDIDATES, Lit, Propagator, Rules};
use crate::id::TechniqueId;
use crate::id::{Family, Level};
use crate::premise::Premise;
use crate::sink::Sink;
use crate::step::Step;
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use bitdoku_bitboard::{Candidates, CellSet, Digit};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The deepest nesting level with a technique id.
pub const MAX_LEVEL: usize = 3;

/// The nested forcing ids, by level (index 0 is level 1).
pub const NESTED_IDS: [TechniqueId; MAX_LEVEL] = [
    TechniqueId::NestedForcingNet1,
    TechniqueId::NestedForcingNet2,
    TechniqueId::NestedForcingNet3,
];

/// The nesting level of a nested forcing id, `None` for other techniques.
#[must_use]
pub fn level_of(id: TechniqueId) -> Option<usize> {
    NESTED_IDS.iter().position(|&n| n == id).map(|i| i + 1)
}

/// A candidate proved off by an inner search, for proofs: the literal, the round it joined
/// the derived literals, and the state it was probed in.
#[derive(Clone, Debug)]
pub(crate) struct Probe {
    /// `Y` off.
    pub lit: Lit,
    /// Its round in the outer propagation.
    pub round: u16,
    /// The derived state `S'` the inner search ran on.
    pub base: Base,
}

/// Pair results shared by the assumptions of one level-`k` search (one base state `S`):
/// whether the level-`(k - 1)` propagation of two candidates on together contradicts,
/// computed once per pair. "Y on at level `k - 1` in the state that level 0 derives from X
/// on" and the same with X and Y swapped are the same closure of `{X, Y}` in `S` (level 0 is
/// part of every level, and a candidate derived off acts as one missing from the state), so
/// one run answers both.
pub(crate) struct PairCache {
    known: Vec<[u64; 12]>,
    contra: Vec<[u64; 12]>,
}

impl PairCache {
    fn new() -> PairCache {
        PairCache { known: vec![[0; 12]; CANDIDATES], contra: vec![[0; 12]; CANDIDATES] }
    }

    fn clear(&mut self) {
        self.known.iter_mut().for_each(|r| *r = [0; 12]);
        self.contra.iter_mut().for_each(|r| *r = [0; 12]);
    }

    fn get(&self, x: usize, y: usize) -> Option<bool> {
        let bit = |t: &Vec<[u64; 12]>| t[x][y / 64] >> (y % 64) & 1 == 1;
        bit(&self.known).then(|| bit(&self.contra))
    }

    fn set(&mut self, x: usize, y: usize, contra: bool) {
        for (a, b) in [(x, y), (y, x)] {
            self.known[a][b / 64] |= 1 << (b % 64);
            if contra {
                self.contra[a][b / 64] |= 1 << (b % 64);
            }
        }
    }
}

/// Level-`props.len()` propagation of `start` in `base` (see the module doc), in `props[0]`;
/// the lower levels down to 1 use the rest of `props`, and the level-0 probes `leaf` (the
/// work-list closure: the same answers, see [`Closure`]). Returns `true` when no contradiction
/// appeared. When `probes` is given, every inner elimination is recorded (for proofs).
///
/// Sweeps add each proof at once, except at level 1 when `probes` are recorded: there the
/// first sweep probes every candidate in the state derived from `start` alone and adds what
/// it proves in one round (proofs keep that shape). The outcome is that of the module doc,
/// whose least fixpoint does not depend on the order in which inner eliminations are added.
/// `cache` (the search's own assumptions only, on its base) holds pair results: a probe made
/// before the first proof of an assumption is the closure of the pair in the base, so it is
/// stored and read back while the state is still that one; a pair that contradicts
/// contradicts in every later state too. A sweep skips the probes that a probe without
/// contradiction turned on (see [`add_on`]): the outcome is the same.
pub(crate) fn propagate(
    props: &mut [Propagator],
    leaf: &mut Closure,
    base: &Base,
    start: Lit,
    mut probes: Option<&mut Vec<Probe>>,
    mut cache: Option<&mut PairCache>,
) -> bool {
    let (cur, lower) = props.split_first_mut().expect("one propagator per level from 1");
    // Out of budget: stop at once (the caller discards the search, see `crate::budget`).
    if !crate::budget::tick(1) {
        return true;
    }
    if !cur.run(base, Rules::Net, start) {
        return false;
    }
    // Level 1 recording a proof: the first sweep probes in the state derived from `start`
    // alone. Elsewhere each proof is added at once, which reaches a contradiction (the common
    // outcome) sooner.
    // Pair results that say "no contradiction" are stored and read only in the state that
    // level 0 derives from `start`, before its first proof (`pristine`).
    let mut pristine = true;
    if lower.is_empty() && probes.is_some() {
        pristine = false;
        let sub = cur.derived(base);
        let mut off = [CellSet::EMPTY; 9];
        let mut holds = [CellSet::EMPTY; 9];
        let open = sub.open;
        for (d, off_d) in off.iter_mut().enumerate() {
            for cell in sub.cand[d] & open {
                if holds[d].contains(cell) {
                    continue;
                }
                let y = Lit::new(Digit::new_unchecked(d as u8), cell, true);
                if let Some(on) = probe(lower, leaf, &sub, y) {
                    add_on(&mut holds, on);
                } else {
                    off_d.insert(cell);
                }
            }
        }
        if off.iter().all(|m| m.is_empty()) {
            return true;
        }
        let round = cur.rounds + 1;
        if let Some(list) = probes.as_deref_mut() {
            for (d, m) in off.iter().enumerate() {
                for cell in *m {
                    let lit = Lit::new(Digit::new_unchecked(d as u8), cell, false);
                    list.push(Probe { lit, round, base: sub.clone() });
                }
            }
        }
        if !cur.resume(base, Rules::Net, off) {
            return false;
        }
    }
    let x = start.candidate();
    // `holds` outlives a sweep: a sweep ends in the state of its last proof, so what held
    // after that proof still holds at the start of the next sweep (the same state), and only
    // the probes made before it run again.
    let mut holds = [CellSet::EMPTY; 9];
    loop {
        let mut proved_any = false;
        let mut sub = cur.derived(base);
        let mut open = sub.open;
        for d in 0..9 {
            for cell in sub.cand[d] & open {
                // Still live, in a cell that is not decided, its result not known.
                if !(sub.cand[d] & open).contains(cell) || holds[d].contains(cell) {
                    continue;
                }
                let y = Lit::new(Digit::new_unchecked(d as u8), cell, true);
                let known = cache.as_deref().and_then(|c| c.get(x, y.candidate()));
                let fails = match known {
                    Some(true) => true,
                    Some(false) if pristine => false,
                    _ => {
                        if !crate::budget::tick(1) {
                            return true;
                        }
                        let on = probe(lower, leaf, &sub, y);
                        if let Some(on) = on {
                            add_on(&mut holds, on);
                        }
                        let f = on.is_none();
                        if pristine {
                            if let Some(c) = cache.as_deref_mut() {
                                c.set(x, y.candidate(), f);
                            }
                        }
                        f
                    }
                };
                if !fails {
                    continue;
                }
                pristine = false;
                let mut off = [CellSet::EMPTY; 9];
                off[d] = CellSet::single(cell);
                let round = cur.rounds + 1;
                if let Some(list) = probes.as_deref_mut() {
                    list.push(Probe { lit: y.negate(), round, base: sub.clone() });
                }
                if !cur.resume(base, Rules::Net, off) {
                    return false;
                }
                proved_any = true;
                holds = [CellSet::EMPTY; 9];
                sub = cur.derived(base);
                open = sub.open;
            }
        }
        if !proved_any {
            return true;
        }
    }
}

/// The propagation of `y` in `sub` at level `lower.len()`: the candidates it derives on when
/// it does not contradict. Level 0, the innermost and by far the most frequent probe, is the
/// work-list closure (same outcome, see `closure.rs`).
fn probe(lower: &mut [Propagator], leaf: &mut Closure, sub: &Base, y: Lit) -> Option<[CellSet; 9]> {
    if lower.is_empty() {
        leaf.holds(sub, Rules::Net, y).then_some(leaf.on)
    } else {
        propagate(lower, leaf, sub, y, None, None).then_some(lower[0].on)
    }
}

/// Adds the candidates a propagation derived on (`on`) to `holds`. After a propagation
/// without contradiction, each of them has its own propagation (at the same level, in the
/// same state) inside this one's, so it cannot contradict either: a sweep skips it until the
/// state changes.
fn add_on(holds: &mut [CellSet; 9], on: [CellSet; 9]) {
    for (h, on) in holds.iter_mut().zip(on) {
        *h |= on;
    }
}

/// Per-thread buffers: one propagator per level from 1, the level-0 closure, the pair cache.
struct Work {
    props: Vec<Propagator>,
    leaf: Option<Box<Closure>>,
    cache: Option<PairCache>,
}

thread_local! {
    static WORK: RefCell<Work> =
        const { RefCell::new(Work { props: Vec::new(), leaf: None, cache: None }) };
}

/// Pushes every level-`level` nested forcing step of `state` (see the module doc).
pub(crate) fn find(state: &Candidates, sink: &mut dyn Sink, level: usize) -> ControlFlow<()> {
    let base = Base::new(state);
    let open = base.open;
    if open.is_empty() {
        return ControlFlow::Continue(());
    }
    let id = NESTED_IDS[level - 1];
    WORK.with(|cell| {
        let mut work = cell.borrow_mut();
        let work = &mut *work;
        while work.props.len() < level {
            work.props.push(Propagator::untracked());
        }
        let cache = work.cache.get_or_insert_with(PairCache::new);
        let leaf = work.leaf.get_or_insert_with(|| Box::new(Closure::new()));
        cache.clear();
        let props = &mut work.props[..level];
        // Skips that do not change the result (module doc, "Cost"): `holds` cannot
        // contradict, `fails` do.
        let mut holds = one_solution(state);
        let mut fails = [CellSet::EMPTY; 9];
        for d in Digit::all() {
            for cell in base.cand[d.index()] & open {
                if holds[d.index()].contains(cell) {
                    continue;
                }
                let x = Lit::new(d, cell, true);
                if crate::budget::exceeded().is_some() {
                    return ControlFlow::Break(());
                }
                let contradicts = if dominated(leaf, &base, x, &fails) {
                    true
                } else {
                    !propagate(props, leaf, &base, x, None, Some(&mut *cache))
                };
                if !contradicts {
                    add_on(&mut holds, props[0].on);
                    continue;
                }
                fails[d.index()].insert(cell);
                let mut step = Step::new(id);
                step.eliminate(d, CellSet::single(cell));
                step.evidence.forcing = Premise::On(cell, d);
                step.evidence.cells = CellSet::single(cell);
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// The candidates of one solution of `state` (none when it has no solution). No candidate of
/// a solution leads to a contradiction, at any level: every derived literal holds in every
/// solution with the assumption.
fn one_solution(state: &Candidates) -> [CellSet; 9] {
    match bitdoku_brute::solve_first(&state.search_masks()) {
        Some(s) => bitdoku_brute::masks_from_values(&s.0).map(CellSet::from_bits_truncate),
        None => [CellSet::EMPTY; 9],
    }
}

/// Whether the level-0 propagation of `x` in `base` (left in `prop`) turns on a candidate
/// of `fails` other than `x` (or contradicts by itself): then `x`'s propagation at any level
/// contains that candidate's, which contradicts.
fn dominated(leaf: &mut Closure, base: &Base, x: Lit, fails: &[CellSet; 9]) -> bool {
    if fails.iter().all(|m| m.is_empty()) {
        return false;
    }
    if !leaf.holds(base, Rules::Net, x) {
        return true;
    }
    leaf.on.iter().zip(fails).any(|(on, f)| !(*on & *f).is_empty())
}

/// Nested Forcing Net (level 1)'s registry row (see [`Technique`]).
pub(crate) const ROW_LEVEL_1: Technique = Technique {
    id: TechniqueId::NestedForcingNet1,
    name: "Nested Forcing Net (level 1)",
    family: Family::Forcing,
    hodoku: Hodoku { order: 9100, score: 1000, level: Level::Extreme, choice: HodokuChoice::First },
    se: 9.5,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find_level_1),
    find_changed: None,
    digit_local: false,
    cost: Cost::Nested(1),
};

/// Level 1 (see the module doc).
pub fn find_level_1(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, sink, 1)
}

/// Nested Forcing Net (level 2)'s registry row (see [`Technique`]).
pub(crate) const ROW_LEVEL_2: Technique = Technique {
    id: TechniqueId::NestedForcingNet2,
    name: "Nested Forcing Net (level 2)",
    family: Family::Forcing,
    hodoku: Hodoku { order: 9200, score: 1500, level: Level::Extreme, choice: HodokuChoice::First },
    se: 10.0,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find_level_2),
    find_changed: None,
    digit_local: false,
    cost: Cost::Nested(2),
};

/// Level 2 (see the module doc).
pub fn find_level_2(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, sink, 2)
}

/// Nested Forcing Net (level 3)'s registry row (see [`Technique`]).
pub(crate) const ROW_LEVEL_3: Technique = Technique {
    id: TechniqueId::NestedForcingNet3,
    name: "Nested Forcing Net (level 3)",
    family: Family::Forcing,
    hodoku: Hodoku { order: 9300, score: 2000, level: Level::Extreme, choice: HodokuChoice::First },
    se: 10.5,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find_level_3),
    find_changed: None,
    digit_local: false,
    cost: Cost::Nested(3),
};

/// Level 3 (see the module doc).
pub fn find_level_3(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, sink, 3)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::{ForcingNet, NestedForcingNet1, NestedForcingNet2, NestedForcingNet3};
    use crate::registry::find_all;
    use crate::testkit::{
        EMPTY, check_not_applicable, check_step, grid_with_singles_placed, state,
    };
    use bitdoku_bitboard::Candidates;

    /// forum_hardest_1106 line 1 with singles placed, then forcing-net steps applied until
    /// forcing nets find nothing.
    fn stalled() -> Candidates {
        let mut g = grid_with_singles_placed(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        loop {
            let steps = find_all(ForcingNet, &g);
            if steps.is_empty() {
                return g;
            }
            for s in steps {
                s.apply(&mut g);
            }
        }
    }

    #[test]
    fn level_1_goes_on_where_forcing_nets_stall() {
        let g = stalled();
        assert!(!g.is_solved());
        let steps = find_all(NestedForcingNet1, &g);
        let s = check_step(NestedForcingNet1, &g, "r1c1<>1");
        assert_eq!(
            s.explain(),
            "Nested Forcing Net (level 1): r1c1=1 leads to a contradiction => r1c1<>1"
        );
        for s in &steps {
            let proof = crate::forcing::derive(&g, s).unwrap();
            assert_eq!(proof.level, 1);
            let inner = proof.branches[0].nodes.iter().filter(|n| n.sub.is_some()).count();
            assert!(inner > 0, "{}: the contradiction needs an inner forcing net", s.explain());
            let proved = crate::forcing::replay(&g, &proof).unwrap();
            assert_eq!(proved.to_string(), s.effects_text().join(" "));
        }
    }

    #[test]
    fn a_tampered_nested_proof_does_not_replay() {
        let g = stalled();
        let s = find_all(NestedForcingNet1, &g)[0];
        let mut proof = crate::forcing::derive(&g, &s).unwrap();
        let nodes = &mut proof.branches[0].nodes;
        let i = nodes.iter().position(|n| n.sub.is_some()).unwrap();
        // Without its context the inner proof reads other candidate lists.
        nodes[i].from.clear();
        assert!(crate::forcing::replay(&g, &proof).is_err());
        // A level-0 proof may not use inner proofs.
        let mut flat = crate::forcing::derive(&g, &s).unwrap();
        flat.level = 0;
        assert!(crate::forcing::replay(&g, &flat).is_err());
    }

    /// The skips of the search (candidates of a solution, candidates turned on by an
    /// assumption without contradiction, candidates whose consequences reach a known
    /// contradiction, the pair cache) change nothing: trying every open candidate in full
    /// finds the same eliminations.
    #[test]
    fn the_skips_change_no_result() {
        use super::{Base, Closure, Digit, Lit, Propagator, propagate};
        let g = stalled();
        let base = Base::new(&g);
        let mut props = vec![Propagator::untracked()];
        let mut leaf = Closure::new();
        let mut full = Vec::new();
        for d in Digit::all() {
            for cell in base.cand[d.index()] & base.open {
                if !propagate(&mut props, &mut leaf, &base, Lit::new(d, cell, true), None, None) {
                    full.push(format!("{cell}<>{d}"));
                }
            }
        }
        let found: Vec<String> =
            find_all(NestedForcingNet1, &g).iter().flat_map(|s| s.effects_text()).collect();
        assert!(found.len() > 1);
        assert_eq!(found, full);
    }

    /// A solution grid with the four cells of a deadly rectangle emptied: both ways to fill
    /// them are solutions, so no candidate can lead to a contradiction at any level.
    #[test]
    fn nothing_when_every_candidate_is_in_a_solution() {
        let solution =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        // r1c1/r1c2 = 1 2 and r4c1/r4c2 = 2 1: a rectangle over boxes 1 and 4.
        let mut givens: Vec<u8> = solution.bytes().collect();
        for i in [0, 1, 27, 28] {
            givens[i] = b'.';
        }
        let g = state(std::str::from_utf8(&givens).unwrap(), "");
        for id in [NestedForcingNet1, NestedForcingNet2, NestedForcingNet3] {
            check_not_applicable(id, &g);
        }
        check_not_applicable(NestedForcingNet1, &state(EMPTY, ""));
    }

    /// Level 2 derives at least what level 1 does, so a level-1 conclusion has a level-2
    /// proof (find-all at level 2 is costly: the proof is derived directly).
    #[test]
    fn a_level_1_conclusion_has_a_replayable_level_2_proof() {
        let g = stalled();
        let first = find_all(NestedForcingNet1, &g)[0];
        let (d, c) = match first.evidence.forcing {
            crate::Premise::On(c, d) => (d, c),
            _ => unreachable!(),
        };
        let base = super::Base::new(&g);
        let proof =
            crate::forcing::nested_proof::derive(&base, 2, super::Lit::new(d, c, true)).unwrap();
        assert_eq!(proof.level, 2);
        assert_eq!(
            crate::forcing::replay(&g, &proof).unwrap().to_string(),
            first.effects_text()[0]
        );
    }
}
