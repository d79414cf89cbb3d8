//! A model of Sudoku Explainer 1.2.1.3's rating (serate's ER/EP/ED).
//!
//! Sudoku Explainer rates a puzzle by solving it with its own rule set, always applying the
//! first hint of the first rule (in its fixed rule order) that has one, and keeping the
//! highest rule difficulty seen: ER over the whole path, EP up to the first placement, ED for
//! the first step. This module reproduces that rule set and order, with SE's difficulties:
//! singles and "direct" rules (1.0-2.5), locked candidates, subsets and fish (2.6-5.4), XY-
//! and XYZ-wings, and SE's chaining family: cycles and forcing X/XY chains (6.5-7.x plus a
//! length increment), Nishio (7.5+), multiple (8.0+), dynamic (8.5+), dynamic plus (9.0+)
//! and nested forcing chains (9.5+, 10.0+). Its agreement with serate and the known
//! differences are in the README's "Rating" section and `results/2026-11-28-se-hardest`.
//!
//! The model works on its own cell-major grid: SE's visiting orders decide which hint comes
//! first, and they are simplest to keep in SE's own shape. It is a rating model, not a set of
//! techniques: `bitdoku rate` (and `solve --json`, `explain`, `generate`) take ER/EP/ED from
//! it; the solving engine does not use it.
//!
//! Map: `grid` (the cell-major grid, with each house's positions kept per digit, in SE's
//! house and cell orders), `rules` (singles, direct and basic rules), `unique` (unique loops,
//! BUG), `aligned` (aligned pair and triplet exclusion), `chain/` (SE's potential-based
//! chaining: `fast` the array-based first-hint search bounded by the best hint so far over a
//! link table built once per pass, `reach` what each potential can reach so that hopeless
//! searches are skipped, `unary` cycles and forcing X/XY chains of nested rules (searched on
//! `fast`'s arrays, potentials made for the hints only), `multiple` Nishio, multiple and
//! dynamic chains, `propagate` the propagation and nested levels, `memo` the nested searches
//! remembered per reduced grid for the puzzle being rated; a chain's complexity is the
//! number of distinct potentials its proof rests on), `nested` (the basic rules run inside
//! dynamic-plus and nested propagation), `dirty` (a rule that found nothing searches, on a
//! later state, only what changed since, in its own order, so its first hint is the full
//! search's).

#![deny(missing_docs)]
// The rules index houses, cells and positions by number, in SE's visiting orders; index
// loops keep those orders visible.
#![allow(clippy::needless_range_loop)]

mod aligned;
mod chain;
mod dirty;
mod grid;
mod nested;
mod rules;
mod screen;
mod unique;

use bitdoku_bitboard::budget::{self, Budget, OverBudget};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit};
pub use chain::length_tenths;
use chain::{Chainer, Rule};
use dirty::{Dirty, Snapshot};
use grid::Grid;
pub use screen::{Bound, Measure, Outside, RULE_MIN, Range, Screen};

/// One applied step of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Difficulty in tenths (SE's rating x 10).
    pub diff: u32,
    /// SE's name of the rule.
    pub name: &'static str,
    /// Candidates removed: (cell 0-80, digit 1-9).
    pub remove: Vec<(u8, u8)>,
    /// The placement, for singles and direct rules.
    pub place: Option<(u8, u8)>,
    /// Chain complexity (0 for non-chaining rules).
    pub complexity: u32,
}

impl Hint {
    fn place(diff: u32, name: &'static str, c: usize, d: u8) -> Hint {
        Hint { diff, name, remove: Vec::new(), place: Some((c as u8, d)), complexity: 0 }
    }

    fn remove(diff: u32, name: &'static str, remove: Vec<(u8, u8)>) -> Hint {
        Hint { diff, name, remove, place: None, complexity: 0 }
    }

    /// The hint as a line: `Hidden Single: r1c2=3`, `X-Cycle: r1c2<>5, r4c2<>5`.
    pub fn explain(&self) -> String {
        let cell = |c: u8| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let mut parts: Vec<String> = Vec::new();
        if let Some((c, d)) = self.place {
            parts.push(format!("{}={d}", cell(c)));
        }
        parts.extend(self.remove.iter().map(|&(c, d)| format!("{}<>{d}", cell(c))));
        format!("{} ({}.{}): {}", self.name, self.diff / 10, self.diff % 10, parts.join(", "))
    }

    fn apply(&self, g: &mut Grid) {
        for &(c, d) in &self.remove {
            g.remove(c as usize, d);
        }
        if let Some((c, d)) = self.place {
            g.place(c as usize, d);
        }
    }
}

/// SE's early exits (`serate --pearl` / `--diamond`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Stop (ER 20.0) when a step after the first placement is harder than EP.
    Pearl,
    /// As pearl, and also when the first placement is harder than ED.
    Diamond,
}

/// A puzzle's SE rating.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeRating {
    /// ER in tenths (200 = no logical solution found).
    pub er: u32,
    /// EP in tenths.
    pub ep: u32,
    /// ED in tenths.
    pub ed: u32,
    /// The rule that set ER (first reached).
    pub er_name: &'static str,
    /// The rule that set EP.
    pub ep_name: &'static str,
    /// The rule that set ED.
    pub ed_name: &'static str,
    /// Steps applied.
    pub steps: u32,
}

/// The rules in SE's order; each returns the hint SE would apply.
const RULES: usize = 30;

fn find(g: &Grid, rule: usize, dirty: Option<&Dirty>) -> Option<Hint> {
    match rule {
        0 => rules::hidden_single(g),
        1 => rules::locking(g, true, dirty),
        2 => rules::hidden_set(g, 2, true, dirty),
        3 => rules::naked_single(g),
        4 => rules::hidden_set(g, 3, true, dirty),
        5 => rules::locking(g, false, dirty),
        6 => rules::naked_set(g, 2, dirty),
        7 => rules::fish(g, 2, dirty),
        8 => rules::hidden_set(g, 2, false, dirty),
        9 => rules::naked_set(g, 3, dirty),
        10 => rules::fish(g, 3, dirty),
        11 => rules::hidden_set(g, 3, false, dirty),
        12 => rules::xy_wing(g, false, dirty),
        13 => rules::xy_wing(g, true, dirty),
        14 => unique::unique_loop(g),
        15 => rules::naked_set(g, 4, dirty),
        16 => rules::fish(g, 4, dirty),
        17 => rules::hidden_set(g, 4, false, dirty),
        18 => unique::bug(g),
        19 => aligned::aligned_pair(g, dirty),
        20 => chained(0, Rule::CYCLES, g, None),
        21 => aligned::aligned_triplet(g, dirty),
        22 => chained(1, Rule::NISHIO, g, dirty),
        23 => chained(2, Rule::MULTIPLE, g, None),
        24 => chained(3, Rule::dynamic(0), g, None),
        25 => chained(4, Rule::dynamic(1), g, None),
        26 => chained(5, Rule::dynamic(2), g, None),
        27 => chained(6, Rule::dynamic(3), g, None),
        28 => chained(7, Rule::dynamic(4), g, None),
        29 => chained(8, Rule::dynamic(5), g, None),
        _ => None,
    }
}

/// Rules that search only what changed since they last found nothing (see [`dirty`]).
const INCREMENTAL: [bool; RULES] = {
    let mut t = [false; RULES];
    let on = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 19, 21, 22];
    let mut i = 0;
    while i < on.len() {
        t[on[i]] = true;
        i += 1;
    }
    t
};

thread_local! {
    /// One chaining engine per chaining rule and thread, reused from step to step (their
    /// tables are sized once).
    static CHAINERS: std::cell::RefCell<Vec<Chainer>> = std::cell::RefCell::new(
        [
            Rule::CYCLES,
            Rule::NISHIO,
            Rule::MULTIPLE,
            Rule::dynamic(0),
            Rule::dynamic(1),
            Rule::dynamic(2),
            Rule::dynamic(3),
            Rule::dynamic(4),
            Rule::dynamic(5),
        ]
            .into_iter()
            .map(Chainer::new)
            .collect(),
    );
}

fn chained(slot: usize, rule: Rule, g: &Grid, dirty: Option<&Dirty>) -> Option<Hint> {
    CHAINERS.with(|c| {
        let mut c = c.borrow_mut();
        debug_assert_eq!(c[slot].rule(), rule);
        if slot <= 3 {
            return c[slot].first(g, dirty);
        }
        // A dynamic level goes on from the propagations of the level below, which searched
        // the same grid just before (see `Chainer::first_after`).
        let (below, from) = c.split_at_mut(slot);
        from[0].first_after(g, dirty, below.last_mut())
    })
}

thread_local! {
    /// Per rule: the last state it found nothing on (for [`INCREMENTAL`] rules).
    static QUIET: std::cell::RefCell<Vec<Option<Snapshot>>> =
        std::cell::RefCell::new(vec![None; RULES]);
}

/// The first hint SE would apply on `g`.
#[cfg(test)]
fn next_hint(g: &Grid) -> Option<Hint> {
    next_hint_within(g, u32::MAX).unwrap_or(None)
}

/// As [`next_hint`], running only the rules whose least difficulty ([`RULE_MIN`]) is at most
/// `ceiling`: `Err(least)` when they find nothing and a rule of that least difficulty is
/// next (any hint would then rate `least` or more).
fn next_hint_within(g: &Grid, ceiling: u32) -> Result<Option<Hint>, u32> {
    QUIET.with(|q| {
        let mut quiet = q.borrow_mut();
        for r in 0..RULES {
            if RULE_MIN[r] > ceiling {
                return Err(RULE_MIN[r]);
            }
            let dirty = if INCREMENTAL[r] {
                quiet[r].as_ref().and_then(|s| Dirty::since(s, g))
            } else {
                None
            };
            match find(g, r, dirty.as_ref()) {
                Some(h) => return Ok(Some(h)),
                None if INCREMENTAL[r] => quiet[r] = Some(Snapshot::of(g)),
                None => {}
            }
        }
        Ok(None)
    })
}

/// Rates a puzzle given as 81 values (0 = empty) the way serate does. The caller checks that
/// the puzzle has a unique solution (serate prints 0.0 otherwise).
pub fn rate(values: &[u8; 81], want: Option<Want>) -> SeRating {
    rate_traced(values, want, |_| {})
}

/// As [`rate`], calling `each` with every applied hint.
pub fn rate_traced(values: &[u8; 81], want: Option<Want>, each: impl FnMut(&Hint)) -> SeRating {
    run(Grid::from_values(values), want, each)
}

impl SeRating {
    /// ER as a number (7.1).
    pub fn er_value(&self) -> f32 {
        self.er as f32 / 10.0
    }

    /// EP as a number.
    pub fn ep_value(&self) -> f32 {
        self.ep as f32 / 10.0
    }

    /// ED as a number.
    pub fn ed_value(&self) -> f32 {
        self.ed as f32 / 10.0
    }
}

fn grid_of(start: &Candidates) -> Grid {
    let values = start.values();
    let cand: [u16; 81] =
        std::array::from_fn(|i| start.digits_at(Cell::new_unchecked(i as u8)).bits() & 0x1ff);
    Grid::from_parts(&values, &cand)
}

fn candidates_of(g: &Grid) -> Candidates {
    let mut c = Candidates::from_values(&g.val);
    for d in 1..=9u8 {
        let mut gone = CellSet::EMPTY;
        for i in 0..81 {
            if g.val[i] == 0 && !g.has(i, d) {
                gone.insert(Cell::new_unchecked(i as u8));
            }
        }
        c.eliminate(Digit::new_unchecked(d - 1), gone);
    }
    c
}

/// Rates a bitdoku state (a puzzle, or a 729-character candidate grid) the way serate does.
/// The caller checks that it has a unique solution (serate prints 0.0 otherwise).
pub fn rate_state(start: &Candidates, want: Option<Want>) -> SeRating {
    run(grid_of(start), want, |_| {})
}

/// As [`rate_state`], calling `each(before, after, hint, rating so far)` for every step.
pub fn rate_state_traced(
    start: &Candidates,
    want: Option<Want>,
    mut each: impl FnMut(&Candidates, &Candidates, &Hint, &SeRating),
) -> SeRating {
    let g = grid_of(start);
    let mut before = *start;
    run_observed(g, want, None, |g, h, r| {
        let after = candidates_of(g);
        each(&before, &after, h, r);
        before = after;
    })
    .0
}

/// Rates a pencilmark state: `values` (0 = empty) and each empty cell's candidates (bit
/// `d - 1` for digit `d`), as a 729-character candidate grid gives them.
pub fn rate_candidates(values: &[u8; 81], cand: &[u16; 81], want: Option<Want>) -> SeRating {
    run(Grid::from_parts(values, cand), want, |_| {})
}

/// Runs `rate` (one of this model's ratings: [`rate_state`], [`rate_state_traced`], ...) under
/// `budget`, a [`Scope`](bitdoku_bitboard::budget::Scope) open on this thread meanwhile: the
/// rating, and the limit it reached if it ran out (the rating then holds the steps taken
/// before: ER is at least its `er`). Every front end rates within a budget through this.
pub fn rate_within(
    budget: Budget,
    rate: impl FnOnce() -> SeRating,
) -> (SeRating, Option<OverBudget>) {
    let _scope = budget::Scope::enter(budget);
    let rating = rate();
    let over = budget::exceeded().map(|limit| OverBudget {
        limit,
        steps: u64::from(rating.steps),
        nodes: budget::nodes(),
    });
    (rating, over)
}

fn run(g: Grid, want: Option<Want>, mut each: impl FnMut(&Hint)) -> SeRating {
    run_observed(g, want, None, |_, h, _| each(h)).0
}

/// The outcome of a screened rating ([`rate_state_screened`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Screened {
    /// The rating: complete when the puzzle is kept, the steps taken so far when rejected.
    pub rating: SeRating,
    /// Why the puzzle was rejected (`None`: its rating lies in every range).
    pub outside: Option<Outside>,
}

/// Rates a bitdoku state as [`rate_state`] does, stopping as soon as the rating is known to
/// lie outside `screen`'s ranges (see [`Screen`]). A kept puzzle's rating equals
/// [`rate_state`]'s. The caller checks that the state has a unique solution.
pub fn rate_state_screened(start: &Candidates, want: Option<Want>, screen: &Screen) -> Screened {
    let (rating, outside) = run_observed(grid_of(start), want, Some(screen), |_, _, _| {});
    Screened { rating, outside }
}

/// The rating loop; `each` sees the grid after every step, the step and the rating so far.
/// With a `screen`, the loop stops as soon as the rating is known to be outside it, and
/// skips the rules whose every hint would be (see [`screen`]).
fn run_observed(
    mut g: Grid,
    want: Option<Want>,
    screen: Option<&Screen>,
    mut each: impl FnMut(&Grid, &Hint, &SeRating),
) -> (SeRating, Option<Outside>) {
    let mut r =
        SeRating { er_name: "none", ep_name: "none", ed_name: "none", ..SeRating::default() };
    let mut er_name = "none";
    let progress = |r: &SeRating, done| screen::Progress { er: r.er, ep: r.ep, ed: r.ed, done };
    let mut outside = None;
    let mut finished = true;
    // Nested searches remembered for the last puzzle are of no use to this one.
    chain::forget_nested();
    while !g.solved() {
        // The budget (`bitdoku_bitboard::budget`): a node per step, and the chain searches
        // tick per cell. Out of it, the rating so far stands (ER is at least `r.er`).
        if !bitdoku_bitboard::budget::tick(1) {
            finished = false;
            break;
        }
        let ceiling = screen.map_or(u32::MAX, |s| s.ceiling(&progress(&r, false)));
        let found = next_hint_within(&g, ceiling);
        if bitdoku_bitboard::budget::exceeded().is_some() {
            // A search cut short: its hint, and what the rules remember, cannot be trusted.
            QUIET.with(|q| q.borrow_mut().iter_mut().for_each(|s| *s = None));
            finished = false;
            break;
        }
        let h = match found {
            Err(least) => {
                // Every rule within the screen's ceiling found nothing: the next step (if
                // any) rates `least` or more, which the screen rejects.
                outside = screen.map(|s| s.above(&progress(&r, false), least));
                break;
            }
            Ok(None) => {
                r.er = 200;
                break;
            }
            Ok(Some(h)) => h,
        };
        if h.diff > r.er {
            r.er = h.diff;
            er_name = h.name;
            r.er_name = h.name;
        }
        let before = g.clone();
        h.apply(&mut g);
        if g == before {
            // A step that changes nothing would repeat forever (only possible on a state
            // without a unique solution): stop as serate does when it finds no step.
            r.er = 200;
            break;
        }
        r.steps += 1;
        if r.ep == 0 {
            if r.ed == 0 {
                r.ed = r.er;
                r.ed_name = er_name;
            }
            if h.place.is_some() {
                if want == Some(Want::Diamond) && r.er > r.ed {
                    r.er = 200;
                    each(&g, &h, &r);
                    break;
                }
                r.ep = r.er;
                r.ep_name = er_name;
            }
        } else if want.is_some() && r.er > r.ep {
            r.er = 200;
            each(&g, &h, &r);
            break;
        }
        each(&g, &h, &r);
        if let Some(o) = screen.and_then(|s| s.check(&progress(&r, false))) {
            outside = Some(o);
            break;
        }
    }
    if r.er == 200 {
        r.er_name = "none";
    }
    if outside.is_none() && finished {
        outside = screen.and_then(|s| s.check(&progress(&r, true)));
    }
    (r, outside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzles(file: &str, n: usize) -> Vec<[u8; 81]> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(file);
        let text = std::fs::read_to_string(path).expect("bundled corpus");
        text.lines()
            .filter(|l| l.len() >= 81)
            .take(n)
            .map(|l| {
                std::array::from_fn(|i| match l.as_bytes()[i] {
                    b @ b'1'..=b'9' => b - b'0',
                    _ => 0,
                })
            })
            .collect()
    }

    /// Along whole rating paths, every incremental rule given what changed since it last
    /// found nothing returns exactly the hint (or none) of a full search.
    #[test]
    fn incremental_rules_equal_full_searches() {
        let mut set = puzzles("magictour_top1465.txt", 40);
        set.extend(puzzles("generated_minimal_10k.txt", 300));
        let mut compared = 0;
        for values in set {
            let mut g = Grid::from_values(&values);
            let mut quiet: Vec<Option<Snapshot>> = vec![None; RULES];
            while !g.solved() {
                let mut applied = false;
                for r in 0..RULES {
                    let full = find(&g, r, None);
                    if INCREMENTAL[r]
                        && let Some(d) = quiet[r].as_ref().and_then(|s| Dirty::since(s, &g))
                    {
                        assert_eq!(find(&g, r, Some(&d)), full, "rule {r}");
                        compared += 1;
                    }
                    match full {
                        Some(h) => {
                            h.apply(&mut g);
                            applied = true;
                            break;
                        }
                        None if INCREMENTAL[r] => quiet[r] = Some(Snapshot::of(&g)),
                        None => {}
                    }
                }
                assert!(applied, "the test puzzles are rated below 20.0");
            }
        }
        assert!(compared > 1000, "{compared} comparisons");
    }

    /// The states of a rating path (the start first), with the hint applied to each.
    fn path_states(values: &[u8; 81]) -> Vec<(Grid, Option<Hint>)> {
        let mut g = Grid::from_values(values);
        let mut states = Vec::new();
        while !g.solved() {
            let h = next_hint(&g);
            states.push((g.clone(), h.clone()));
            let Some(h) = h else { break };
            h.apply(&mut g);
        }
        states.push((g, None));
        states
    }

    /// The static chaining pass (cycles and forcing X/XY chains) gives the same first hint
    /// with and without skipping the searches its implication graph cannot satisfy, on every
    /// state of whole rating paths where it runs.
    #[test]
    fn skipping_unreachable_searches_changes_no_hint() {
        let mut set = puzzles("magictour_top1465.txt", 40);
        set.extend(puzzles("generated_minimal_10k.txt", 300));
        let mut skipping = Chainer::new(Rule::CYCLES);
        let mut full = Chainer::new_unskipped(Rule::CYCLES);
        let (mut compared, mut found) = (0, 0);
        for values in set {
            for (g, h) in path_states(&values) {
                if h.is_some_and(|h| h.diff >= 62) {
                    let a = skipping.first(&g, None);
                    assert_eq!(a, full.first(&g, None));
                    compared += 1;
                    found += usize::from(a.is_some());
                }
            }
        }
        assert!(compared > 500 && found > 100, "{compared} states, {found} hints");
    }

    /// Cycles and forcing chains, and multiple forcing chains, as nested rules (every hint,
    /// with what it rests on and its chains' content) are the same with and without
    /// skipping the searches the pass's graph cannot satisfy (and, for cycles, ending a
    /// forcing chain search at its target and searching on the pass's link table rather
    /// than on potentials; for multiple forcing chains, the cell and house chains whose
    /// assumptions' closures do not meet), between states a few steps apart on rating paths.
    #[test]
    fn nested_chains_skip_nothing_they_need() {
        let mut set = puzzles("magictour_top1465.txt", 12);
        set.extend(puzzles("generated_minimal_10k.txt", 40));
        // Multiple forcing chains on five puzzles only (their searches cost more).
        for (rule, take, least) in [(Rule::CYCLES, 52, 300), (Rule::MULTIPLE, 5, 50)] {
            let mut skipping = Chainer::new(rule);
            let mut full = Chainer::new_unskipped(rule);
            let (mut compared, mut hints, mut none) = (0, 0, 0);
            for values in set.iter().rev().take(take) {
                let states: Vec<Grid> = path_states(values).into_iter().map(|(g, _)| g).collect();
                for w in states.windows(4).step_by(3) {
                    let (source, now) = (&w[0], &w[3]);
                    let a = skipping.nested_hints(now, source);
                    assert_eq!(a, full.nested_hints(now, source));
                    compared += 1;
                    hints += a.len();
                    none += usize::from(a.is_empty());
                }
            }
            // Searches with hints and without (those the graph lets skip) both compared.
            assert!(
                compared > least && hints > 300 && none > 5,
                "{rule:?}: {compared} states, {hints} hints, {none} without"
            );
        }
    }

    #[test]
    fn length_increments_follow_se_steps() {
        // complexity - 2 above 4, 6, 8, 12, 16, 24 ... adds 0.1 each.
        assert_eq!(length_tenths(6), 0);
        assert_eq!(length_tenths(7), 1);
        assert_eq!(length_tenths(8), 1);
        assert_eq!(length_tenths(9), 2);
        assert_eq!(length_tenths(10), 2);
        assert_eq!(length_tenths(11), 3);
        assert_eq!(length_tenths(14), 3);
        assert_eq!(length_tenths(15), 4);
    }
}
