//! The three engines behind one interface: solve one puzzle, say how (logic alone, or with the
//! brute-force fallback), and let the warm-up check the answer.
//!
//! - `bitboard`: [`bitdoku_engine::Engine::solve`] (runs the order; counts solutions up to two
//!   with brute force when the order first reaches a uniqueness technique or when logic stops
//!   short of a filled grid, and takes the counted solution when logic stalls).
//! - `naive`: the same steps with the naive candidate-list engine, so the comparison is apples
//!   to apples: run the order with [`NaiveEngine::solve_asking`] (batch granularity, uniqueness
//!   techniques only for a puzzle with exactly one solution), count solutions up to two with
//!   the same brute-force solver at the same points, and take the counted solution when logic
//!   stalls.
//! - `brute`: [`bitdoku_brute::count_solutions_with_stats`] with limit 2 (uniqueness-checking
//!   solve); every unique puzzle counts as solved by the fallback.
//!
//! The timed path ([`Runner::solve`]) does nothing else. The warm-up path
//! ([`Runner::solve_profiled`]) also reads a clock around every technique call and returns the
//! final logic state so that [`check`] can verify it against the solution.

use crate::corpus::Entry;
use bitdoku_bitboard::Puzzle;
use bitdoku_engine::{Engine, Granularity, Options, Order, Status, TechniqueStats};
use bitdoku_naive::{Findings, NaiveEngine, NaiveGrid};
use bitdoku_strategies::{Family, TechniqueId};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// Which engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EngineKind {
    /// The bitboard technique engine.
    Bitboard,
    /// The naive candidate-list technique engine.
    Naive,
    /// The brute-force solver alone.
    Brute,
}

impl EngineKind {
    /// The name used on the command line and in results.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EngineKind::Bitboard => "bitboard",
            EngineKind::Naive => "naive",
            EngineKind::Brute => "brute",
        }
    }

    /// Whether the engine runs a technique order (brute force does not).
    #[must_use]
    pub const fn uses_order(self) -> bool {
        match self {
            EngineKind::Bitboard | EngineKind::Naive => true,
            EngineKind::Brute => false,
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EngineKind {
    type Err = String;
    fn from_str(s: &str) -> Result<EngineKind, String> {
        match s.trim() {
            "bitboard" => Ok(EngineKind::Bitboard),
            "naive" => Ok(EngineKind::Naive),
            "brute" => Ok(EngineKind::Brute),
            other => Err(format!("unknown engine {other:?} (bitboard, naive, brute)")),
        }
    }
}

/// What an engine answered for one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Solutions found, capped at 2.
    pub count: u32,
    /// The solution when `count == 1`.
    pub solution: Option<[u8; 81]>,
    /// Solved by logic alone (no fallback).
    pub logic: bool,
    /// The brute-force fallback (or the search of the brute engine) produced the solution.
    pub fallback: bool,
    /// Brute-force guesses (the uniqueness count, when one ran, plus any fallback search).
    pub guesses: u64,
    /// Whether the solutions were counted by brute force (always for the brute engine; for the
    /// logic engines, not when logic alone filled the grid first).
    pub counted: bool,
}

/// The state where logic stopped, as digit-major masks (for [`check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogicState {
    /// Candidates of unsolved cells.
    pub candidates: [u128; 9],
    /// Placed digits (givens included).
    pub placed: [u128; 9],
}

/// The naive side of a runner: the engine (with the uniqueness techniques of the order, which
/// run only once the count has found one solution) for the timed path, and the technique table
/// for the instrumented path.
#[derive(Clone, Debug)]
struct NaiveSide {
    with_uniqueness: NaiveEngine,
    techniques: Vec<&'static bitdoku_naive::Technique>,
}

#[derive(Clone, Debug)]
enum Prepared {
    // Boxed: an engine (order, options, budget) is ten times the other variants.
    Bitboard { plain: Box<Engine>, timed: Box<Engine> },
    Naive(NaiveSide),
    Brute,
}

/// One engine set up for one order, ready to solve puzzles from any thread.
#[derive(Clone, Debug)]
pub struct Runner {
    kind: EngineKind,
    order: Option<Order>,
    granularity: Granularity,
    prepared: Prepared,
}

impl Runner {
    /// Sets up `kind` with `order` (ignored by brute force). Fails when the naive engine does
    /// not implement a technique of the order (the message lists them).
    pub fn new(
        kind: EngineKind,
        order: Option<&Order>,
        granularity: Granularity,
    ) -> Result<Runner, String> {
        let prepared = match kind {
            EngineKind::Bitboard => {
                let order = order.ok_or("the bitboard engine needs an order")?;
                let mut options = Options::new(order.clone());
                options.granularity = granularity;
                let timed = Engine::new(Options { timing: true, ..options.clone() });
                // The timed pass reads no per-technique counters (the naive engine's timed
                // pass keeps none either); the instrumented pass has them.
                options.stats = false;
                Prepared::Bitboard { plain: Box::new(Engine::new(options)), timed: Box::new(timed) }
            }
            EngineKind::Naive => {
                let order = order.ok_or("the naive engine needs an order")?;
                let ids = crate::orders::id_strings(order);
                let with_uniqueness = NaiveEngine::new(&ids, true)?;
                let techniques = ids.iter().filter_map(|id| bitdoku_naive::technique(id)).collect();
                Prepared::Naive(NaiveSide { with_uniqueness, techniques })
            }
            EngineKind::Brute => Prepared::Brute,
        };
        let granularity =
            if kind == EngineKind::Bitboard { granularity } else { Granularity::Batch };
        Ok(Runner {
            kind,
            order: order.filter(|_| kind.uses_order()).cloned(),
            granularity,
            prepared,
        })
    }

    /// The engine.
    #[must_use]
    pub fn kind(&self) -> EngineKind {
        self.kind
    }

    /// The order (`None` for brute force).
    #[must_use]
    pub fn order(&self) -> Option<&Order> {
        self.order.as_ref()
    }

    /// The granularity actually used (the naive engine always runs batch).
    #[must_use]
    pub fn granularity(&self) -> Granularity {
        self.granularity
    }

    /// The technique ids whose counters [`Runner::solve_profiled`] fills, by index.
    #[must_use]
    pub fn technique_ids(&self) -> Vec<TechniqueId> {
        self.order.as_ref().map_or_else(Vec::new, |o| o.ids().to_vec())
    }

    /// Solves one puzzle on the timed path.
    pub fn solve(&self, entry: &Entry) -> Answer {
        match &self.prepared {
            Prepared::Bitboard { plain, .. } => {
                bitboard_answer(&plain.solve(&entry.candidates())).0
            }
            Prepared::Naive(side) => naive_solve(side, entry, None).0,
            Prepared::Brute => brute_solve(entry),
        }
    }

    /// Solves one puzzle on the instrumented path: per-technique counters and clock time are
    /// added to `tally` (indexed like [`Runner::technique_ids`]), and the final logic state is
    /// returned for [`check`] (`None` for brute force and for puzzles without a solution).
    pub fn solve_profiled(
        &self,
        entry: &Entry,
        tally: &mut [TechniqueStats],
    ) -> (Answer, Option<LogicState>) {
        match &self.prepared {
            Prepared::Bitboard { timed, .. } => {
                let out = timed.solve(&entry.candidates());
                for (t, s) in tally.iter_mut().zip(&out.stats) {
                    t.add(s);
                }
                bitboard_answer(&out)
            }
            Prepared::Naive(side) => naive_solve(side, entry, Some(tally)),
            Prepared::Brute => (brute_solve(entry), None),
        }
    }
}

fn bitboard_answer(out: &bitdoku_engine::Outcome) -> (Answer, Option<LogicState>) {
    let count = match out.status {
        Status::NoSolution => 0,
        Status::Solved | Status::Stuck => 1,
        Status::MultipleSolutions => 2,
    };
    let answer = Answer {
        count,
        solution: if count == 1 { out.solution } else { None },
        logic: out.status == Status::Solved && !out.fallback,
        fallback: out.fallback,
        guesses: out.guesses,
        counted: out.counted,
    };
    let s = &out.final_state;
    let state = (count > 0).then(|| LogicState {
        candidates: std::array::from_fn(|d| s.masks()[d].bits()),
        placed: std::array::from_fn(|d| s.placed_masks()[d].bits()),
    });
    (answer, state)
}

fn naive_grid(entry: &Entry) -> NaiveGrid {
    match &entry.puzzle {
        Puzzle::Givens(values) => NaiveGrid::from_values(values),
        Puzzle::Grid(masks) => {
            NaiveGrid::from_candidates(&std::array::from_fn(|d| masks[d].bits()))
        }
    }
}

/// The naive engine's solve, with the bitboard engine's steps: logic, with the solutions
/// counted up to two when the order first reaches a uniqueness technique or when the logic
/// stops short of a filled grid (a valid grid filled by logic alone is the only solution), and the
/// counted solution on a stall. With `tally` the loop of [`NaiveEngine::step`] is run here
/// technique by technique with a clock read around each call (find and apply, as the bitboard
/// engine's timing does).
fn naive_solve(
    side: &NaiveSide,
    entry: &Entry,
    tally: Option<&mut [TechniqueStats]>,
) -> (Answer, Option<LogicState>) {
    let masks = entry.search_masks();
    // The same count as the bitboard engine's, taken at the same point. (On a puzzle without
    // solution the bitboard engine stops its logic once the count says so, this loop runs on
    // to its stall: extra work on such puzzles only, which the default corpora do not have.)
    let count = || bitdoku_brute::count_solutions_prepared_with_stats(&masks, 2);
    let mut counted = None;
    let mut grid = naive_grid(entry);
    {
        let mut unique = || counted.get_or_insert_with(count).0 == 1;
        match tally {
            None => {
                let _ = side.with_uniqueness.solve_asking(&mut grid, &mut unique);
            }
            Some(tally) => naive_instrumented(side, &mut grid, &mut unique, tally),
        }
    }
    let state = |grid: &NaiveGrid| LogicState {
        candidates: grid.candidate_masks(),
        placed: grid.placed_masks(),
    };
    if counted.is_none() && grid.is_solved() {
        let values = grid.values();
        if bitdoku_brute::is_valid_solution(&values) {
            let answer = Answer {
                count: 1,
                solution: Some(values),
                logic: true,
                fallback: false,
                guesses: 0,
                counted: false,
            };
            return (answer, Some(state(&grid)));
        }
    }
    let (count, first, stats) = *counted.get_or_insert_with(count);
    let mut answer = Answer {
        count,
        solution: None,
        logic: false,
        fallback: false,
        guesses: stats.guesses,
        counted: true,
    };
    if count == 0 {
        return (answer, None);
    }
    if count == 1 {
        if grid.is_solved() {
            answer.logic = true;
            answer.solution = Some(grid.values());
        } else {
            answer.fallback = true;
            answer.solution = first.map(|s| s.0);
        }
    }
    (answer, Some(state(&grid)))
}

fn naive_instrumented(
    side: &NaiveSide,
    grid: &mut NaiveGrid,
    unique: &mut dyn FnMut() -> bool,
    tally: &mut [TechniqueStats],
) {
    'restart: while !grid.is_solved() {
        for (i, t) in side.techniques.iter().enumerate() {
            if t.uniqueness && !unique() {
                continue;
            }
            let started = Instant::now();
            let mut found = Findings::new();
            (t.find)(grid, &mut found);
            let fired = !found.is_empty();
            if fired {
                found.apply(grid);
            }
            let s = &mut tally[i];
            s.nanos += started.elapsed().as_nanos() as u64;
            s.calls += 1;
            if fired {
                s.hits += 1;
                s.eliminations += distinct(&found.eliminations);
                s.placements += distinct(&found.placements);
                continue 'restart;
            }
        }
        return;
    }
}

fn distinct(pairs: &[(usize, u8)]) -> u64 {
    let mut v = pairs.to_vec();
    v.sort_unstable();
    v.dedup();
    v.len() as u64
}

fn brute_solve(entry: &Entry) -> Answer {
    let (count, first, stats) = bitdoku_brute::count_solutions_with_stats(&entry.search_masks(), 2);
    Answer {
        count,
        solution: if count == 1 { first.map(|s| s.0) } else { None },
        logic: false,
        fallback: count == 1,
        guesses: stats.guesses,
        counted: true,
    }
}

/// The reference answer of a puzzle: its solution count (capped at 2) and, if unique, its
/// solution, from the brute-force solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Solutions, capped at 2.
    pub count: u32,
    /// The solution when unique.
    pub solution: Option<[u8; 81]>,
}

/// Computes the reference answer of a puzzle.
#[must_use]
pub fn reference(entry: &Entry) -> Reference {
    let (count, first) = bitdoku_brute::count_solutions(&entry.search_masks(), 2);
    Reference { count, solution: if count == 1 { first.map(|s| s.0) } else { None } }
}

/// Checks an answer (and the final logic state, when given) against the reference: same count;
/// for a unique puzzle the same, valid solution; every placed digit of the logic state is the
/// solution's and every unsolved cell still has the solution's digit as a candidate; "solved by
/// logic" means the logic state is complete.
pub fn check(
    answer: &Answer,
    state: Option<&LogicState>,
    reference: &Reference,
) -> Result<(), String> {
    if answer.count != reference.count {
        return Err(format!(
            "found {} solution(s), the reference {}",
            answer.count, reference.count
        ));
    }
    let Some(solution) = reference.solution else { return Ok(()) };
    match answer.solution {
        Some(s) if s == solution => {}
        Some(s) => return Err(format!("wrong solution {}", line_of(&s))),
        None => return Err("no solution given for a unique puzzle".to_string()),
    }
    if !bitdoku_brute::is_valid_solution(&solution) {
        return Err("the reference solution is not a valid grid".to_string());
    }
    let Some(state) = state else { return Ok(()) };
    let mut placed_any = 0u128;
    for d in 0..9 {
        let truth: u128 =
            (0..81).filter(|&c| solution[c] == d as u8 + 1).fold(0, |m, c| m | 1 << c);
        let wrong = state.placed[d] & !truth;
        if wrong != 0 {
            return Err(format!(
                "logic placed {} in cell {}",
                d + 1,
                cell_name(wrong.trailing_zeros() as usize)
            ));
        }
        placed_any |= state.placed[d];
        let unsolved_truth = truth & !state.placed[d];
        let lost = unsolved_truth & !state.candidates[d];
        if lost != 0 {
            return Err(format!(
                "logic eliminated the solution digit {} from cell {}",
                d + 1,
                cell_name(lost.trailing_zeros() as usize)
            ));
        }
    }
    let complete = placed_any == (1u128 << 81) - 1;
    if answer.logic && !complete {
        return Err("claims a logic solve but the logic state is incomplete".to_string());
    }
    if !answer.logic && !answer.fallback {
        return Err("a unique puzzle neither solved by logic nor by the fallback".to_string());
    }
    Ok(())
}

fn cell_name(c: usize) -> String {
    format!("r{}c{}", c / 9 + 1, c % 9 + 1)
}

fn line_of(values: &[u8; 81]) -> String {
    values.iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect()
}

/// The family of a technique id, as a name (for grouping times by family).
#[must_use]
pub fn family_name(id: TechniqueId) -> &'static str {
    let f: Family = id.family();
    f.as_str()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::parse_bytes;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn entries(lines: &[&str]) -> Vec<Entry> {
        parse_bytes("t", lines.join("\n").as_bytes()).unwrap().entries
    }

    #[test]
    fn engines_agree_with_the_reference() {
        let order = Order::parse("seeds").unwrap();
        for e in entries(&[P, EASY, &".".repeat(81)]) {
            let r = reference(&e);
            for kind in [EngineKind::Bitboard, EngineKind::Naive, EngineKind::Brute] {
                let runner = Runner::new(kind, Some(&order), Granularity::Batch).unwrap();
                let mut tally = vec![TechniqueStats::default(); runner.technique_ids().len()];
                let (a, state) = runner.solve_profiled(&e, &mut tally);
                check(&a, state.as_ref(), &r).unwrap();
                assert_eq!(runner.solve(&e), a, "{kind}");
            }
        }
        let easy = &entries(&[EASY])[0];
        let runner = Runner::new(EngineKind::Naive, Some(&order), Granularity::Batch).unwrap();
        let mut tally = vec![TechniqueStats::default(); order.ids().len()];
        let (a, _) = runner.solve_profiled(easy, &mut tally);
        assert!(a.logic && !a.fallback);
        assert!(tally[0].calls + tally[1].calls > 0);
    }

    #[test]
    fn check_catches_wrong_answers() {
        let e = &entries(&[EASY])[0];
        let r = reference(e);
        let good = Answer {
            count: 1,
            solution: r.solution,
            logic: false,
            fallback: true,
            guesses: 0,
            counted: true,
        };
        assert!(check(&good, None, &r).is_ok());
        let mut bad = good;
        bad.count = 2;
        assert!(check(&bad, None, &r).is_err());
        let mut sol = r.solution.unwrap();
        sol.swap(0, 1);
        let bad = Answer { solution: Some(sol), ..good };
        assert!(check(&bad, None, &r).unwrap_err().contains("wrong solution"));
        // A logic state that lost a solution candidate.
        let s = r.solution.unwrap();
        let placed: [u128; 9] = std::array::from_fn(|d| {
            (1..81).filter(|&c| s[c] == d as u8 + 1).fold(0, |m, c| m | 1 << c)
        });
        let candidates = [0u128; 9];
        let state = LogicState { candidates, placed };
        let err = check(&good, Some(&state), &r).unwrap_err();
        assert!(err.contains("r1c1"), "{err}");
        let claims_logic = Answer { logic: true, fallback: false, ..good };
        let mut full = placed;
        full[s[0] as usize - 1] |= 1;
        assert!(check(&claims_logic, Some(&LogicState { candidates, placed: full }), &r).is_ok());
        assert!(
            check(&claims_logic, Some(&LogicState { candidates: [!0; 9], placed }), &r).is_err()
        );
    }

    #[test]
    fn names_parse() {
        for k in [EngineKind::Bitboard, EngineKind::Naive, EngineKind::Brute] {
            assert_eq!(k.as_str().parse::<EngineKind>(), Ok(k));
        }
        assert!("tdoku".parse::<EngineKind>().is_err());
    }
}
