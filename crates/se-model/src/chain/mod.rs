//! Sudoku Explainer's chaining rules, modelled on its published behaviour: bidirectional
//! X-, Y- and XY-cycles and forcing X-/XY-chains (6.5-7.0 plus length), Nishio (7.5),
//! multiple (8.0), dynamic (8.5) and dynamic-plus / nested forcing chains (9.0, 9.5, 10.0,
//! ...). A chain's rating grows with its complexity (the number of distinct candidates
//! states its proof rests on) in SE's steps of 0.1 at 4, 6, 8, 12, 16, 24, ... nodes.
//!
//! The search follows SE's breadth-first propagation of "potentials" (a candidate assumed on
//! or off), each remembering its parents, in SE's visiting orders, so that the chain SE would
//! report first (lowest rating, then complexity, then kind) is the one found here.

use super::Hint;
use super::dirty::Dirty;
use super::grid::{CELL_HOUSES, Grid, HOUSE_CELLS, PEERS, digits, low};
use std::collections::VecDeque;

/// Which chaining rule runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Cell and house forcing chains.
    pub multiple: bool,
    /// Candidates assumed off are removed while propagating.
    pub dynamic: bool,
    /// Nishio: one digit only, contradictions only.
    pub nishio: bool,
    /// Nesting level: 1 = basic rules inside the propagation, 2 = forcing chains, 3 =
    /// multiple forcing chains.
    pub level: u32,
}

impl Rule {
    /// Cycles and forcing X/XY chains.
    pub const CYCLES: Rule = Rule { multiple: false, dynamic: false, nishio: false, level: 0 };
    /// Nishio forcing chains.
    pub const NISHIO: Rule = Rule { multiple: false, dynamic: true, nishio: true, level: 0 };
    /// Multiple forcing chains.
    pub const MULTIPLE: Rule = Rule { multiple: true, dynamic: false, nishio: false, level: 0 };
    /// Dynamic forcing chains of `level`.
    pub const fn dynamic(level: u32) -> Rule {
        Rule { multiple: true, dynamic: true, nishio: false, level }
    }

    /// The base rating in tenths (cycles and X/XY chains rate themselves).
    fn base(self) -> u32 {
        if self.level >= 2 {
            95 + 5 * (self.level - 2)
        } else if self.level > 0 {
            85 + 5 * self.level
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    fn name(self) -> &'static str {
        match (self.nishio, self.dynamic, self.multiple, self.level) {
            (true, ..) => "Nishio Forcing Chains",
            (_, true, _, 0) => "Dynamic Forcing Chains",
            (_, true, _, 1) => "Dynamic Forcing Chains (+)",
            (_, true, _, 2) => "Dynamic Forcing Chains (+ Forcing Chains)",
            (_, true, _, 3) => "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
            (_, true, _, _) => "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
            (_, false, true, _) => "Multiple Forcing Chains",
            _ => "Forcing Chains & Cycles",
        }
    }
}

/// SE's length increment: 0.1 for every step of the ceiling 4, 6, 8, 12, 16, 24, ... that
/// `complexity - 2` exceeds.
pub fn length_tenths(complexity: u32) -> u32 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut odd = false;
    let mut added = 0;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A chaining hint before it is turned into a [`Hint`].
struct Found {
    diff: u32,
    complexity: u32,
    sort_key: u32,
    name: &'static str,
    removable: Vec<(u8, u8)>,
}

impl Found {
    /// Whether the hint is a cycle (its chains are the cycle and the cycle reversed).
    fn is_cycle(&self) -> bool {
        self.name.ends_with("Cycle")
    }
}

/// A rating as SE computes it, in Java doubles: the rule's base plus 0.1 added once per
/// length step. Two ratings with the same tenths can differ in the last bits (6.6 + 0.1 + ...
/// against 7.0 + 0.1 + 0.1), and SE sorts hints by these values.
pub(crate) fn se_value(diff: u32, complexity: u32) -> f64 {
    let steps = length_tenths(complexity);
    let mut added = 0.0f64;
    for _ in 0..steps {
        added += 0.1;
    }
    f64::from(diff - steps) / 10.0 + added
}

/// SE's order of chaining hints: rating (as doubles), then complexity, then kind.
fn se_order(a: &Found, b: &Found) -> std::cmp::Ordering {
    se_value(a.diff, a.complexity)
        .total_cmp(&se_value(b.diff, b.complexity))
        .then(a.complexity.cmp(&b.complexity))
        .then(a.sort_key.cmp(&b.sort_key))
}

/// The chaining engine of one rule over one grid.
pub struct Chainer {
    rule: Rule,
    nodes: Vec<Node>,
    pool: Vec<u32>,
    stamp: Vec<u32>,
    epoch: u32,
    /// The identities of the nested chains met in this search, by content (SE counts equal
    /// chains once).
    chain_ids: rustc_hash::FxHashMap<Vec<u16>, u32>,
    /// Emptied sets for reuse (without a table).
    spare: Vec<PotSet>,
    /// Tables of sets for reuse (see [`PotSet`]).
    spare_slots: Vec<Vec<u16>>,
    /// Only the first hint is wanted: searches stop below the best (rating, complexity) found.
    prune: bool,
    best: Option<(u32, u32)>,
    fast: Fast,
    reach: reach::Reach,
    /// The XY pass's links of a nested search, built before the passes: each pass reads
    /// its part of them (`failed::PassLinks`).
    reach_xy: reach::Reach,
    /// Whether a nested search can have a hint.
    failed: failed::Failed,
    /// The graph of a nested search's X or Y pass (swapped into `failed` for the pass).
    failed_pass: failed::Failed,
    /// Whether the current pass is a nested search's, whose searches ask `failed` what
    /// reaches what (`reach` then holds its links only).
    pass_on_failed: bool,
    /// Whether static passes skip the searches their graph cannot satisfy (off in tests that
    /// compare the two).
    skip_unreachable: bool,
    /// Engines of the rules nested in this one's propagation, kept between uses.
    subs: Vec<Chainer>,
    /// Per candidate: where its "on" propagation in the current search is in `outcomes`
    /// (NONE: not computed yet).
    on_cache: Vec<u32>,
    /// The same for its "off" propagation (binary chains).
    off_cache: Vec<u32>,
    /// The grid of this engine's last complete dynamic search, whose propagations (nodes,
    /// `outcomes`, caches, chain identities) a higher level may take over (see
    /// [`Chainer::take_over`]).
    searched: Option<Grid>,
    /// Whether the next search goes on with propagations taken over from a lower level.
    taken: bool,
    /// Whether the last propagation ended at a call of the nested rules that found nothing
    /// (or, at level 0, without calling them).
    quiet: bool,
    /// The propagations of the current search (of candidates assumed on and off), some
    /// perhaps still of the lower level whose search this one took over.
    outcomes: Vec<Outcome>,
    /// Digits (bit `d - 1`) a Nishio search assumes (all but those unchanged since it last
    /// found nothing: a Nishio chain uses one digit's positions only).
    only_digits: u16,
    /// Reused buffers.
    q_on: VecDeque<u32>,
    q_off: VecDeque<u32>,
    b_off: Vec<u16>,
    b_on: Vec<u32>,
    b_parents: Vec<u32>,
    /// The queue of a walk over a potential's ancestors (`Chainer::walk_ancestors`: `rule_trace`,
    /// `Chainer::chain_content`, `Chainer::ancestors`).
    b_walk: Vec<u32>,
    /// The hints of a nested rule's stage (see `Chainer::advanced`).
    b_hints: crate::nested::Hints,
    /// The off potentials of a call of the nested rules (see `Chainer::push_advanced`).
    b_found: Vec<u32>,
    /// Per basic nested rule (stages 0-3 of `Chainer::advanced`): how many off potentials
    /// the propagation under way had when the rule last found nothing (0: not yet).
    quiet_at: [usize; 4],
    /// Per key: its node in one done set, written where read (see `multiple::nodes_of`).
    b_node: Vec<u32>,
    /// Per candidate: its closure under the static links (static multiple searches, see
    /// `Chainer::closures_meet`), valid where `closure_at` is `closure_epoch`.
    closures: Vec<[u64; NKEYS.div_ceil(64)]>,
    closure_at: Vec<u32>,
    closure_epoch: u32,
    /// Per candidate: what it makes follow off in a static search (see
    /// `multiple::off_links`), valid where `off_links_at` is `closure_epoch`.
    off_links: Vec<[u16; 4]>,
    off_links_at: Vec<u32>,
}

mod arena;
mod failed;
mod fast;
mod levels;
mod memo;
mod multiple;
mod propagate;
mod reach;
mod unary;

use arena::{NKEYS, NONE, Node, PotSet, key, unkey};
use fast::Fast;
use levels::Outcome;
pub(crate) use memo::forget as forget_nested;

impl Chainer {
    /// An engine for `rule` that runs every static search (to check the skipping).
    #[cfg(test)]
    pub fn new_unskipped(rule: Rule) -> Chainer {
        Chainer { skip_unreachable: false, ..Chainer::new(rule) }
    }

    /// Every hint of the rule on `g` as a nested rule sees them (with `source`): rating,
    /// complexity, removals, the removed candidates each rests on and its chains' content
    /// (for tests).
    #[cfg(test)]
    #[allow(clippy::type_complexity)]
    pub fn nested_hints(
        &mut self,
        g: &Grid,
        source: &Grid,
    ) -> Vec<(u32, u32, Vec<(u8, u8)>, Vec<(usize, u8)>, Vec<u16>)> {
        let found = self.all_hints(g, true);
        found
            .into_iter()
            .map(|(f, targets, root_cause)| {
                let trace = self.rule_trace(&targets, root_cause, f.is_cycle());
                let mut parents = Vec::new();
                propagate::trace_parents(&trace, g, source, &mut parents);
                let mut content = Vec::new();
                self.chain_content(&targets, f.is_cycle(), &mut content);
                (f.diff, f.complexity, f.removable, parents, content)
            })
            .collect()
    }

    /// The rule this engine searches.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// An engine for `rule`.
    pub fn new(rule: Rule) -> Chainer {
        Chainer {
            rule,
            nodes: Vec::new(),
            pool: Vec::new(),
            stamp: vec![0; NKEYS],
            epoch: 0,
            chain_ids: Default::default(),
            spare: Vec::new(),
            spare_slots: Vec::new(),
            prune: false,
            best: None,
            fast: Fast::new(),
            reach: reach::Reach::default(),
            reach_xy: reach::Reach::default(),
            failed: failed::Failed::default(),
            failed_pass: failed::Failed::default(),
            pass_on_failed: false,
            skip_unreachable: true,
            subs: Vec::new(),
            on_cache: Vec::new(),
            off_cache: Vec::new(),
            searched: None,
            taken: false,
            quiet: true,
            outcomes: Vec::new(),
            only_digits: 0x1ff,
            q_on: VecDeque::new(),
            q_off: VecDeque::new(),
            b_off: Vec::new(),
            b_on: Vec::new(),
            b_parents: Vec::new(),
            b_walk: Vec::new(),
            b_hints: Default::default(),
            b_found: Vec::new(),
            quiet_at: [0; 4],
            b_node: Vec::new(),
            closures: Vec::new(),
            closure_at: Vec::new(),
            closure_epoch: 0,
            off_links: Vec::new(),
            off_links_at: Vec::new(),
        }
    }

    /// The first hint SE would report for this rule on `g` (lowest rating, then complexity,
    /// then kind, then search order). With `dirty` (Nishio only), only the digits that lost a
    /// candidate since the rule last found nothing.
    pub fn first(&mut self, g: &Grid, dirty: Option<&Dirty>) -> Option<Hint> {
        self.first_after(g, dirty, None)
    }

    /// As [`Chainer::first`], going on from the propagations of `lower`'s last search when
    /// it searched `g` completely at a lower dynamic level (SE runs the levels in order on
    /// the same grid; see [`Chainer::resume`]).
    pub fn first_after(
        &mut self,
        g: &Grid,
        dirty: Option<&Dirty>,
        lower: Option<&mut Chainer>,
    ) -> Option<Hint> {
        self.taken = lower.is_some_and(|l| self.take_over(l, g));
        self.prune = !(self.rule.multiple || self.rule.dynamic);
        self.best = None;
        self.only_digits = match dirty {
            Some(x) if self.rule.nishio => x.digits(),
            _ => 0x1ff,
        };
        let mut all = self.all_hints(g, false);
        self.only_digits = 0x1ff;
        // SE sorts its hints (stably) and applies the first.
        let best =
            (0..all.len()).min_by(|&i, &j| se_order(&all[i].0, &all[j].0).then(i.cmp(&j)))?;
        let f = all.swap_remove(best).0;
        let mut h = Hint::remove(f.diff, f.name, f.removable);
        h.complexity = f.complexity;
        Some(h)
    }

    /// Empties the last search's potentials (its sets recycled), chain identities and
    /// cached propagations. A search calls it only once
    /// it goes past its no-hint test: most nested searches stop there, and what they would
    /// have cleared is read by no one before the next search that goes on clears it.
    fn reset_search(&mut self) {
        let mut outcomes = std::mem::take(&mut self.outcomes);
        for o in outcomes.drain(..) {
            self.give_set(o.on);
            self.give_set(o.off);
        }
        self.outcomes = outcomes;
        self.nodes.clear();
        self.pool.clear();
        self.chain_ids.clear();
        // Only multiple and dynamic searches cache propagations, and only dynamic ones
        // (binary chains with contradictions) propagate assumptions made off.
        if self.rule.multiple || self.rule.dynamic {
            self.on_cache.clear();
            self.on_cache.resize(NKEYS / 2, NONE);
        }
        if self.rule.dynamic {
            self.off_cache.clear();
            self.off_cache.resize(NKEYS / 2, NONE);
        }
        if self.rule.multiple && !self.rule.dynamic {
            self.closure_epoch = self.closure_epoch.wrapping_add(1);
            if self.closure_epoch == 0 || self.closures.is_empty() {
                self.closures.resize(NKEYS / 2, [0; NKEYS.div_ceil(64)]);
                self.closure_at.clear();
                self.closure_at.resize(NKEYS / 2, 0);
                self.off_links.resize(NKEYS / 2, [u16::MAX; 4]);
                self.off_links_at.clear();
                self.off_links_at.resize(NKEYS / 2, 0);
                self.closure_epoch = 1;
            }
        }
    }

    /// Every hint of the rule on `g`, in search order, with its chains' targets and the
    /// cause of its assumption (what [`Chainer::rule_trace`] needs). `traced`: a nested
    /// search (whose hints the caller traces).
    fn all_hints(&mut self, g: &Grid, traced: bool) -> Vec<(Found, Vec<u32>, u8)> {
        let mut out: Vec<(Found, Vec<u32>, u8)> = Vec::new();
        if self.rule.multiple || self.rule.dynamic {
            // A nested static multiple search: skipped when no cell or house has a common
            // consequence (see `Failed::multiple_may_hint`).
            if traced
                && !self.rule.dynamic
                && self.skip_unreachable
                && !self.failed.multiple_may_hint(g)
            {
                // The budget the search would have counted (a node per cell).
                bitdoku_bitboard::budget::tick(81);
                return Vec::new();
            }
            if !std::mem::take(&mut self.taken) {
                self.reset_search();
            }
            self.searched = None;
            // The budget: a node per cell, counted for all 81 before the search (the caller
            // discards a search cut short, and one that passes the budget with its first
            // node passes it before its last, with the same nodes counted before).
            if bitdoku_bitboard::budget::tick(81) {
                for c in 0..81 {
                    let n = g.count(c);
                    if g.val[c] == 0 && (n > 2 || (n > 1 && self.rule.dynamic)) {
                        self.multiple_chains(g, c, &mut out);
                    }
                }
            }
            // A complete search's propagations can be taken over by the next level.
            if !traced
                && self.rule.dynamic
                && !self.rule.nishio
                && bitdoku_bitboard::budget::exceeded().is_none()
            {
                self.searched = Some(g.clone());
            }
        } else {
            // Every hint wanted (a nested search): without a candidate that implies its own
            // opposite in the XY pass's graph, no pass has a hint (see `failed`). Else the
            // XY pass's links are built first, from the grid; what reaches what there is
            // read from `failed`'s graph (`failed::PassLinks`), and in the X and Y passes
            // from the same graph of their links.
            let nested = !self.prune && self.skip_unreachable;
            if nested && !self.failed.any(g) {
                // The budget the three passes would have counted (a node per cell).
                bitdoku_bitboard::budget::tick(3 * 81);
                return Vec::new();
            }
            self.reset_search();
            if nested {
                self.failed.complete();
                self.reach_xy.build_links(g, true, true, false);
                // The passes read their links from the grid: the search arrays only.
                self.fast.arrays();
            } else if self.prune && self.skip_unreachable {
                // `pass_fast` reads its links from the grid too (`failed::PassLinks`).
                self.fast.arrays();
            } else {
                self.fast.prepare(g);
            }
            for (y, x) in [(false, true), (true, false), (true, true)] {
                if self.prune {
                    self.pass_fast(g, y, x, &mut out);
                    continue;
                }
                // The Y pass asks only which bivalue candidates lie on a cycle.
                let bivalue_only = y && !x;
                self.pass_on_failed = nested;
                if nested && !(y && x) {
                    // The pass's links are part of the XY pass's (`PassLinks`).
                    self.failed_pass.pass(g, y, x);
                    std::mem::swap(&mut self.failed, &mut self.failed_pass);
                } else if !nested {
                    self.reach.build_over(
                        &self.fast,
                        g,
                        y,
                        x,
                        self.skip_unreachable,
                        x,
                        bivalue_only,
                    );
                }
                // The budget: a node per cell, counted for the pass before it (as above).
                if bitdoku_bitboard::budget::tick(81) {
                    for c in 0..81 {
                        if g.val[c] == 0 && g.count(c) > 1 {
                            for d in digits(g.cand[c]) {
                                self.unary(g, c, d, y, x, &mut out);
                            }
                        }
                    }
                }
                if nested && !(y && x) {
                    std::mem::swap(&mut self.failed, &mut self.failed_pass);
                }
                self.pass_on_failed = false;
            }
        }
        out
    }
}
