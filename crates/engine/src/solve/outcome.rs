//! What a solve returns: the [`Status`] and the [`Outcome`].

use super::TechniqueStats;
use crate::rating::Rating;
use crate::verify::Unsound;
use bitdoku_bitboard::Candidates;
use bitdoku_strategies::Step;
use bitdoku_strategies::budget::OverBudget;

/// The final status of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Solved (by logic, or with the fallback).
    Solved,
    /// Logic stalled and the fallback was disabled.
    Stuck,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has two or more solutions.
    MultipleSolutions,
}

impl Status {
    /// The contract's name for the status.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::NoSolution => "no_solution",
            Status::MultipleSolutions => "multiple_solutions",
        }
    }
}

/// What solving one puzzle produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Final status.
    pub status: Status,
    /// The solution when the status is `Solved` (also known, from the uniqueness count, when
    /// logic got `Stuck` on a unique puzzle).
    pub solution: Option<[u8; 81]>,
    /// Whether brute force had to finish the puzzle.
    pub fallback: bool,
    /// Whether uniqueness techniques were allowed (exactly one solution).
    pub uniqueness_allowed: bool,
    /// Applied steps (with `trace`); a fallback adds a final `brute-force` step (with
    /// [`Options::step_choice`](super::Options::step_choice) HoDoKu, one `brute-force` step per guessed cell, logic in between).
    pub steps: Vec<Step>,
    /// Per technique of the order, same indices as the order (empty when
    /// [`Options::stats`](super::Options::stats) is off).
    pub stats: Vec<TechniqueStats>,
    /// HoDoKu score/level and SE-style ratings of the logical path.
    pub rating: Rating,
    /// Steps that removed a true candidate (with `verify`).
    pub unsound: Vec<Unsound>,
    /// Steps verified (with `verify`).
    pub verified_steps: u64,
    /// Brute-force guesses of the uniqueness count (0 when the solve needed none).
    pub guesses: u64,
    /// Whether the solve ran the brute-force uniqueness count (it does not when logic alone
    /// fills the grid before the order reaches a uniqueness technique).
    pub counted: bool,
    /// The state when logic stopped.
    pub final_state: Candidates,
    /// Whether an [`Observer`](super::Observer) stopped the solve early (the status is then `Stuck` on a
    /// unique puzzle and the rating covers the steps taken).
    pub stopped: bool,
    /// The budget ([`Options::budget`](super::Options::budget)) ran out on a puzzle with one
    /// solution before the logic finished it: the status is then `Stuck`, without fallback,
    /// and `final_state`, `steps` and the rating are how far it got.
    pub exceeded: Option<OverBudget>,
}

impl Outcome {
    /// The outcome before any logic or count: `solved` with no solution yet, no step, the
    /// start state; `stats` are the per-technique counters to fill.
    pub(super) fn start(start: &Candidates, stats: Vec<TechniqueStats>) -> Outcome {
        Outcome {
            status: Status::Solved,
            solution: None,
            fallback: false,
            uniqueness_allowed: false,
            steps: Vec::new(),
            stats,
            rating: Rating::default(),
            unsound: Vec::new(),
            verified_steps: 0,
            guesses: 0,
            counted: false,
            final_state: *start,
            stopped: false,
            exceeded: None,
        }
    }
}
