//! The solve loop: run the order's techniques on a state, apply what the first productive one
//! finds (one step, or all of its steps in batch granularity), restart from the top, and fall
//! back to brute force when logic stalls (unless disabled).
//!
//! The puzzle's solutions are counted up to two (brute force, microseconds) when first needed
//! (`count.rs`): this decides the `no_solution` / `multiple_solutions` statuses, whether
//! uniqueness techniques may run (exactly one solution, never otherwise), and gives the
//! solution of the fallback and the one that `verify` checks every step against (`verify` and
//! an observer count before any logic). A grid filled by logic before the order reached a
//! uniqueness technique needs no count.
//!
//! Techniques whose cost can explode (`Cost::may_explode` on their registry row: nested forcing
//! nets, forcing chains and nets, kraken fish, templates, the ALS family, the large and franken
//! or mutant fish) run only on a puzzle with exactly one solution: the engine counts before the
//! first of them, and on a puzzle with none or several skips them (their cost grows as n^(k+1)
//! on a wide-open grid, where nothing can be refuted anyway). A [`Budget`] bounds the rest: the
//! loop ticks a node per technique call, the long searches tick inside, and a solve that spends
//! its budget stops with [`Outcome::exceeded`] set (see `bitdoku_strategies::budget`).

use crate::order::{Order, StepChoice};
use crate::rating::Rating;
use crate::verify::Verifier;
use bitdoku_bitboard::{Candidates, CellSet, Digit};
use bitdoku_hodoku_model::{HodokuSingles, brute_force_cell};
use bitdoku_strategies::budget::{self, Budget};
use bitdoku_strategies::{
    FirstStep, Sink, Step, Technique, TechniqueId, Union, apply_effects, apply_union, registry,
};
use count::Count;
pub use outcome::{Outcome, Status};
use std::ops::ControlFlow;
use std::time::Instant;

/// Watches a solve step by step (`rate --before/--after`, `--pearl`, `--diamond`): called
/// before each search for a step and after each applied step (single granularity: one step;
/// batch: each step of the batch, before the batch is applied).
pub trait Observer {
    /// Before the engine looks for the next step on `state`.
    fn before(&mut self, state: &Candidates) {
        let _ = state;
    }
    /// After `step` was taken; `state` is the state it was found on and `rating` includes it.
    /// `Break` stops the logic there (no fallback; the outcome says `stopped`).
    fn after(&mut self, state: &Candidates, step: &Step, rating: &Rating) -> ControlFlow<()>;
}

/// How much a productive technique applies before the engine restarts from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Granularity {
    /// One step, then restart: for traces, hints and ratings.
    Single,
    /// Every step the first productive technique finds on the state, then restart: for
    /// throughput. Deterministic: the state sequence depends only on state and order.
    Batch,
}

impl std::str::FromStr for Granularity {
    type Err = String;
    fn from_str(s: &str) -> Result<Granularity, String> {
        match s {
            "single" => Ok(Granularity::Single),
            "batch" => Ok(Granularity::Batch),
            _ => Err(format!("unknown granularity {s:?} (single or batch)")),
        }
    }
}

/// Engine options.
#[derive(Clone, Debug)]
pub struct Options {
    /// The techniques, in order.
    pub order: Order,
    /// Single or batch.
    pub granularity: Granularity,
    /// Finish with brute force when logic stalls.
    pub fallback: bool,
    /// Keep every applied step in the outcome.
    pub trace: bool,
    /// Time each technique call (a clock read per call; needs [`Options::stats`]).
    pub timing: bool,
    /// Check every step against the solution(s) before applying it.
    pub verify: bool,
    /// Which model chooses among a technique's steps (single granularity only). With
    /// [`StepChoice::Hodoku`]: singles from HoDoKu's queues, HoDoKu's search order and own
    /// searches, and the brute force one cell at a time (the middle empty cell), logic resumed
    /// after each. By default the order's ([`Order::step_choice`]: HoDoKu's for the `hodoku`
    /// preset).
    pub step_choice: StepChoice,
    /// Count per-technique calls, hits, steps and effects into [`Outcome::stats`]. On by
    /// default; off, `stats` stays empty and the solve skips that bookkeeping (for callers
    /// that never read it, like `bitdoku solve`).
    pub stats: bool,
    /// The work one solve (or one hint) may do: a time limit and a deterministic node limit
    /// (see `bitdoku_strategies::budget`). None by default.
    pub budget: Budget,
}

impl Options {
    /// Defaults for an order: batch, fallback on, no trace, no timing, no verify, stats on;
    /// the step choice of the order (HoDoKu's for the `hodoku` preset).
    pub fn new(order: Order) -> Options {
        Options {
            step_choice: order.step_choice(),
            order,
            granularity: Granularity::Batch,
            fallback: true,
            trace: false,
            timing: false,
            verify: false,
            stats: true,
            budget: Budget::NONE,
        }
    }
}

/// The logic engine for one order and option set. Cheap to share between threads.
#[derive(Clone, Debug)]
pub struct Engine {
    options: Options,
    techniques: Vec<&'static Technique>,
    /// Per technique of the order, whether it is digit-local ([`Technique::digit_local`]).
    local: Vec<bool>,
    /// Per technique of the order, whether its cost can explode (it then runs only on a
    /// puzzle with exactly one solution).
    explosive: Vec<bool>,
}

impl Engine {
    /// Builds the engine; ids of the order that are not implemented are skipped.
    pub fn new(options: Options) -> Engine {
        let techniques: Vec<&'static Technique> =
            options.order.ids().iter().filter_map(|&id| registry::get(id)).collect();
        let local = techniques.iter().map(|t| t.digit_local).collect();
        let explosive = techniques.iter().map(|t| explosive(t.id)).collect();
        Engine { options, techniques, local, explosive }
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The techniques run, in order.
    #[must_use]
    pub fn techniques(&self) -> &[&'static Technique] {
        &self.techniques
    }

    /// Solves from `start`.
    pub fn solve(&self, start: &Candidates) -> Outcome {
        self.solve_observed(start, None)
    }

    /// Solves from `start`, telling `observer` about every step (the traced path is taken in
    /// batch granularity, so each step of a batch is seen).
    pub fn solve_observed(
        &self,
        start: &Candidates,
        observer: Option<&mut dyn Observer>,
    ) -> Outcome {
        let _budget = budget::Scope::enter(self.options.budget);
        let mut count = Count::new(start);
        // `verify` needs the solution before the first step, and an observer must see no step
        // of a puzzle without solution: both count first. Otherwise the count waits until a
        // uniqueness technique, the fallback or the status needs it.
        if self.options.verify || observer.is_some() {
            let _ = count.get();
        }
        if let Some(c) = count.taken().filter(|c| c.count == 0) {
            return self.no_solution(start, c.guesses);
        }
        let verifier = self.options.verify.then(|| Verifier::new(count.get().solution));
        let mut out = Outcome::start(start, self.empty_stats());
        let mut state = *start;
        let hodoku = self.options.step_choice == StepChoice::Hodoku
            && self.options.granularity == Granularity::Single;
        let mut watch = Watch {
            observer,
            stop: false,
            hodoku: hodoku.then(|| HodokuSingles::new(start)),
            quiet: Quiet::new(self.techniques.len()),
            spare: Union::default(),
            spend: Spend::default(),
        };
        self.run_logic(&mut state, &mut count, verifier.as_ref(), &mut out, &mut watch);
        if count.taken().is_none() && state.is_solved() {
            // Logic alone filled the grid, with no uniqueness technique (none runs before the
            // count): deductions keep every solution, so a valid grid is the only one. (A start
            // whose own placements clash can fill an invalid one: that goes to the count.)
            let values = state.values();
            if bitdoku_brute::is_valid_solution(&values) {
                out.uniqueness_allowed = true;
                out.solution = Some(values);
                out.final_state = state;
                out.stopped = watch.stop;
                return out;
            }
        }
        let counted = count.get();
        if counted.count == 0 {
            return self.no_solution(start, counted.guesses);
        }
        let unique = counted.count == 1;
        out.status = if unique { Status::Solved } else { Status::MultipleSolutions };
        out.solution = counted.solution;
        out.uniqueness_allowed = unique;
        out.guesses = counted.guesses;
        out.counted = true;
        if unique && hodoku && self.options.fallback && !watch.spend.spent() {
            let values = counted.solution.expect("unique puzzle has a solution");
            self.brute_force_cells(
                &mut state,
                &mut count,
                &values,
                verifier.as_ref(),
                &mut out,
                &mut watch,
            );
        }
        out.final_state = state;
        out.stopped = watch.stop;
        if !unique {
            return out;
        }
        if let Some(over) = watch.spend.over().filter(|_| !state.is_solved()) {
            // Out of budget on a puzzle with one solution: no fallback; the outcome says how
            // far the logic got.
            out.status = Status::Stuck;
            out.exceeded = Some(over);
            return out;
        }
        if state.is_solved() {
            out.solution = Some(state.values());
        } else if self.options.fallback && !out.stopped {
            out.fallback = true;
            let values = counted.solution.expect("unique puzzle has a solution");
            out.solution = Some(values);
            out.rating.add(TechniqueId::BruteForce, None);
            if self.options.trace {
                out.steps.push(fallback_step(&state, &values));
            }
        } else {
            out.status = Status::Stuck;
        }
        out
    }

    /// Per-technique counters at zero (none when [`Options::stats`] is off).
    fn empty_stats(&self) -> Vec<TechniqueStats> {
        if self.options.stats {
            vec![TechniqueStats::default(); self.techniques.len()]
        } else {
            Vec::new()
        }
    }

    /// The outcome of a puzzle without solution: no step, the start state.
    fn no_solution(&self, start: &Candidates, guesses: u64) -> Outcome {
        Outcome {
            status: Status::NoSolution,
            guesses,
            counted: true,
            ..Outcome::start(start, self.empty_stats())
        }
    }

    fn run_logic(
        &self,
        state: &mut Candidates,
        count: &mut Count<'_>,
        verifier: Option<&Verifier>,
        out: &mut Outcome,
        watch: &mut Watch<'_>,
    ) {
        'restart: while !state.is_solved() {
            if let Some(o) = watch.observer.as_deref_mut() {
                o.before(state);
            }
            for (i, t) in self.techniques.iter().enumerate() {
                if (t.needs_uniqueness || self.explosive[i]) && !count.unique() {
                    if count.get().count == 0 {
                        // No solution: the caller discards this logic.
                        return;
                    }
                    continue;
                }
                if !watch.spend.tick() {
                    return;
                }
                let started = (self.options.timing && self.options.stats).then(Instant::now);
                let applied = match self.options.granularity {
                    Granularity::Single => self.apply_single(t, state, verifier, out, i, watch),
                    Granularity::Batch
                        if self.options.trace || verifier.is_some() || watch.observer.is_some() =>
                    {
                        self.apply_batch_traced(t, state, verifier, out, i, watch)
                    }
                    Granularity::Batch => self.apply_batch(t, state, out, i, watch),
                };
                if let Some(s) = out.stats.get_mut(i) {
                    s.calls += 1;
                    if let Some(t0) = started {
                        s.nanos += t0.elapsed().as_nanos() as u64;
                    }
                    s.hits += u64::from(applied);
                }
                if watch.spend.cut_short() {
                    // The search was cut short: what it found was discarded.
                    return;
                }
                if applied {
                    if watch.stop {
                        return;
                    }
                    continue 'restart;
                }
            }
            return;
        }
    }

    fn record(
        &self,
        step: &Step,
        state: &Candidates,
        verifier: Option<&Verifier>,
        out: &mut Outcome,
        i: usize,
        watch: &mut Watch<'_>,
    ) {
        if let Some(v) = verifier {
            out.verified_steps += 1;
            if let Some(bad) = v.check(state, step) {
                out.unsound.push(bad);
            }
        }
        if let Some(s) = out.stats.get_mut(i) {
            s.count(1, state, &step.placements, &step.eliminations);
        }
        out.rating.add(step.technique, Some(step));
        watch.spend.applied += 1;
        if self.options.trace {
            out.steps.push(*step);
        }
        if let Some(o) = watch.observer.as_deref_mut() {
            watch.stop |= o.after(state, step, &out.rating).is_break();
        }
        if let Some(h) = watch.hodoku.as_mut() {
            h.apply(step);
        }
    }

    /// HoDoKu's brute force: place the solution's digit in the middle empty cell (10,000
    /// points each), resume logic, repeat until solved.
    fn brute_force_cells(
        &self,
        state: &mut Candidates,
        count: &mut Count<'_>,
        values: &[u8; 81],
        verifier: Option<&Verifier>,
        out: &mut Outcome,
        watch: &mut Watch<'_>,
    ) {
        while !watch.stop && !watch.spend.spent() {
            let Some(cell) = brute_force_cell(state) else { return };
            let mut step = Step::new(TechniqueId::BruteForce);
            step.place(cell, Digit::from_value(values[cell.index()]).expect("solution digit"));
            step.evidence.cells = CellSet::single(cell);
            out.fallback = true;
            out.rating.add(TechniqueId::BruteForce, Some(&step));
            if self.options.trace {
                out.steps.push(step);
            }
            if let Some(o) = watch.observer.as_deref_mut() {
                watch.stop |= o.after(state, &step, &out.rating).is_break();
            }
            if let Some(h) = watch.hodoku.as_mut() {
                h.apply(&step);
            }
            step.apply(state);
            self.run_logic(state, count, verifier, out, watch);
        }
    }

    fn apply_single(
        &self,
        t: &Technique,
        state: &mut Candidates,
        verifier: Option<&Verifier>,
        out: &mut Outcome,
        i: usize,
        watch: &mut Watch<'_>,
    ) -> bool {
        let step = match watch.hodoku.as_mut().map(|h| h.next(t.id)) {
            Some(Some((cell, digit))) => hodoku_single(t, state, cell, digit),
            Some(None) if is_single(t.id) => return false,
            Some(None) if bitdoku_hodoku_model::own_search(t.id) => {
                let Some(step) = bitdoku_hodoku_model::own_step(t.id, state) else { return false };
                step
            }
            Some(None) if bitdoku_hodoku_model::ranked(t.id) => {
                let mut steps: Vec<Step> = Vec::new();
                if !self.search(t, i, state, &mut steps, &mut watch.quiet, |s| s.is_empty()) {
                    return false;
                }
                let Some(step) = steps
                    .into_iter()
                    .filter(bitdoku_hodoku_model::findable)
                    .min_by_key(|s| bitdoku_hodoku_model::order_key(s, state))
                else {
                    return false;
                };
                step
            }
            _ => {
                let mut sink = FirstStep(None);
                let _ = self.search(t, i, state, &mut sink, &mut watch.quiet, |s| s.0.is_none());
                let Some(step) = sink.0 else { return false };
                step
            }
        };
        self.record(&step, state, verifier, out, i, watch);
        step.apply(state)
    }

    fn apply_batch_traced(
        &self,
        t: &Technique,
        state: &mut Candidates,
        verifier: Option<&Verifier>,
        out: &mut Outcome,
        i: usize,
        watch: &mut Watch<'_>,
    ) -> bool {
        let mut steps: Vec<Step> = Vec::new();
        if !self.search(t, i, state, &mut steps, &mut watch.quiet, |s| s.is_empty()) {
            return false;
        }
        let mut union = Union::default();
        for step in &steps {
            self.record(step, state, verifier, out, i, watch);
            let _ = bitdoku_strategies::Sink::push(&mut union, *step);
        }
        apply_effects(state, &union.placements, &union.eliminations)
    }

    fn apply_batch(
        &self,
        t: &Technique,
        state: &mut Candidates,
        out: &mut Outcome,
        i: usize,
        watch: &mut Watch<'_>,
    ) -> bool {
        let (quiet, spare) = (&mut watch.quiet, &mut watch.spare);
        // `spare` is clear, and a search that pushes no step leaves it clear (a union-only
        // sink ignores effects without steps), so it serves every unproductive call.
        if !self.search(t, i, state, spare, quiet, |u| u.steps == 0) {
            if spare.steps > 0 {
                // A search cut short by the budget: keep the union clear for the next.
                *spare = Union::default();
            }
            return false;
        }
        if let Some(s) = out.stats.get_mut(i) {
            s.count(spare.steps, state, &spare.placements, &spare.eliminations);
        }
        out.rating.add_batch(t.id, spare.steps);
        watch.spend.applied += u64::from(spare.steps);
        apply_union(state, spare)
    }

    /// Runs technique `t` (index `i` of the order) on `state` into `sink`; returns whether it
    /// found anything (`empty` tells from the sink). A technique that found nothing on an
    /// earlier state of this solve (its candidate masks in `quiet`), searches only where the
    /// candidates changed since, or nothing when none did: a digit-local technique (its row
    /// says [`Technique::digit_local`]) the digits whose masks changed, a house- or cell-local
    /// one (its row has [`Technique::find_changed`]) given the cells that lost a candidate (a solve only
    /// removes candidates; should one have come back, it searches in full). Elsewhere it
    /// would find nothing again; its steps, and their order, are those of a full search.
    fn search<S: Sink>(
        &self,
        t: &Technique,
        i: usize,
        state: &Candidates,
        sink: &mut S,
        quiet: &mut Quiet,
        empty: impl Fn(&S) -> bool,
    ) -> bool {
        let find_changed = t.find_changed.filter(|_| !self.local[i]);
        if !self.local[i] && find_changed.is_none() {
            let _ = t.search(state, sink);
            return !empty(sink) && budget::exceeded().is_none();
        }
        let masks = state.masks();
        match (quiet.get(i), find_changed) {
            (Some(before), _) if before == masks => return false,
            (Some(before), Some(find_changed)) => {
                let (mut changed, mut added) = (CellSet::EMPTY, CellSet::EMPTY);
                for (now, was) in masks.iter().zip(before) {
                    changed |= *now ^ *was;
                    added |= *now - *was;
                }
                if added.is_empty() {
                    let _ = find_changed(state, changed, sink);
                } else {
                    let _ = t.search(state, sink);
                }
            }
            (Some(before), None) => {
                let mut narrowed = [CellSet::EMPTY; 9];
                for (d, (now, was)) in masks.iter().zip(before).enumerate() {
                    if now != was {
                        narrowed[d] = *now;
                    }
                }
                let part = Candidates::from_parts(narrowed, *state.placed_masks(), state.givens());
                let _ = t.search(&part, sink);
            }
            (None, _) => {
                let _ = t.search(state, sink);
            }
        }
        if budget::exceeded().is_some() {
            return false;
        }
        let found = !empty(sink);
        if !found {
            quiet.set(i, masks);
        }
        found
    }

    /// Whether the order holds a technique whose cost can explode (those run only on a
    /// puzzle with exactly one solution).
    #[must_use]
    pub fn has_explosive(&self) -> bool {
        self.explosive.iter().any(|&e| e)
    }
}

/// The observer of a solve, and whether it asked to stop.
struct Watch<'a> {
    observer: Option<&'a mut dyn Observer>,
    stop: bool,
    /// HoDoKu's singles queues, with HoDoKu's step choice ([`Options::step_choice`]).
    hodoku: Option<HodokuSingles>,
    /// Per technique of the order, the candidate masks of the last state on which it found
    /// nothing (digit- and house-local techniques only; see [`Engine::search`]).
    quiet: Quiet,
    /// An all-clear union for the batch searches (see [`Engine::apply_batch`]).
    spare: Union,
    /// The budget's bookkeeping: steps applied, the limit reached.
    spend: Spend,
}

/// Whether `id`'s cost can explode (its registry row's cost class).
fn explosive(id: TechniqueId) -> bool {
    id.cost().may_explode()
}

mod count;
mod helpers;
mod hint;
mod outcome;
mod quiet;
mod spend;
mod stats;
#[cfg(test)]
mod tests;

use helpers::{fallback_step, hodoku_single, is_single};
use quiet::Quiet;
use spend::Spend;
pub use stats::TechniqueStats;
