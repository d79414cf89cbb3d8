//! Soundness of the fish family on real puzzles: no fish step may remove a solution digit.
//!
//! For the first puzzles of `datasets/magictour_top1465.txt` (with their solutions, from
//! `testkit::soundness`).
//! The state is then walked: singles to a fixpoint, every fish technique in find-all mode (each
//! elimination checked against the solution), the fish eliminations applied; when nothing
//! moves, one solution digit is placed to reach new states.

use bitdoku_bitboard::{Cell, CellSet, Digit};
use bitdoku_strategies::registry::find_all;
use bitdoku_strategies::testkit::soundness::{check_sound, puzzles, singles};
use bitdoku_strategies::{Cost, Family, TechniqueId};
use std::collections::BTreeMap;

const PUZZLES: usize = 300;

/// The fish whose cost class is [`Cost::Wide`] (franken and mutant fish, and the basic fish of
/// size 5-7: their searches grow with the state's freedom, so they are the slowest on early
/// states, where many candidates survive) run on the first puzzles only; `bitdoku check
/// --preset all` covers the corpora.
const BIG_PUZZLES: usize = 40;

fn is_big(id: TechniqueId) -> bool {
    id.row().cost == Cost::Wide
}

/// Walks puzzles `range` of top1465 (see the module docs), every fish checked on every state
/// (the [`Cost::Wide`] ones only on the first [`BIG_PUZZLES`] puzzles); returns the steps
/// checked per technique.
fn walk(range: std::ops::Range<usize>) -> BTreeMap<TechniqueId, u32> {
    let fish: Vec<TechniqueId> =
        TechniqueId::ALL.iter().copied().filter(|t| t.family() == Family::Fish).collect();
    let mut hits: BTreeMap<TechniqueId, u32> = BTreeMap::new();
    for (n, puzzle) in
        puzzles("magictour_top1465.txt").enumerate().take(range.end).skip(range.start)
    {
        let truth = puzzle.truth();
        let mut state = puzzle.start;
        let mut reveal = n * 7;
        while singles(&mut state) && !state.is_solved() {
            let mut removed = [CellSet::EMPTY; 9];
            for &id in &fish {
                if n >= BIG_PUZZLES && is_big(id) {
                    continue;
                }
                for step in find_all(id, &state) {
                    *hits.entry(id).or_default() += 1;
                    check_sound(&step, &state, &puzzle);
                    for (d, cells) in removed.iter_mut().enumerate() {
                        *cells |= step.eliminations[d];
                    }
                }
            }
            let mut moved = false;
            for d in Digit::all() {
                moved |= state.eliminate(d, removed[d.index()]);
            }
            if !moved {
                // Reveal one solution digit (cells visited with a stride) to reach new states.
                let unsolved = state.unsolved();
                let cell = loop {
                    reveal = (reveal + 29) % 81;
                    let cell = Cell::new_unchecked(reveal as u8);
                    if unsolved.contains(cell) {
                        break cell;
                    }
                };
                let d = (0..9)
                    .map(|d| Digit::new_unchecked(d as u8))
                    .find(|&d| truth[d.index()].contains(cell));
                state.place(cell, d.expect("solved cell"));
            }
        }
        assert!(state.is_solved() && *state.placed_masks() == truth, "puzzle {n} went wrong");
    }
    for (id, count) in &hits {
        eprintln!("{id}: {count} steps checked");
    }
    hits
}

/// Asserts that each of `ids` was checked at least once.
fn assert_fired(hits: &BTreeMap<TechniqueId, u32>, ids: &[TechniqueId]) {
    for id in ids {
        assert!(
            hits.get(id).copied().unwrap_or(0) > 0,
            "{id} never fired: the test checks nothing"
        );
    }
}

// The puzzles are cut into four tests that libtest runs side by side (one test of all 300
// puzzles took 30 s of wall time alone); together they check what it checked.

#[test]
fn fish_steps_never_remove_a_solution_digit_big_fish_first_half() {
    let hits = walk(0..BIG_PUZZLES / 2);
    assert!(hits.keys().any(|&id| is_big(id)), "no franken, mutant or large fish fired");
}

#[test]
fn fish_steps_never_remove_a_solution_digit_big_fish_second_half() {
    let hits = walk(BIG_PUZZLES / 2..BIG_PUZZLES);
    assert!(hits.keys().any(|&id| is_big(id)), "no franken, mutant or large fish fired");
}

const BASIC: [TechniqueId; 4] = [
    TechniqueId::XWing,
    TechniqueId::Swordfish,
    TechniqueId::FinnedXWing,
    TechniqueId::SashimiXWing,
];

#[test]
fn fish_steps_never_remove_a_solution_digit() {
    let hits = walk(BIG_PUZZLES..(BIG_PUZZLES + PUZZLES) / 2);
    assert_fired(&hits, &BASIC);
}

#[test]
fn fish_steps_never_remove_a_solution_digit_last_puzzles() {
    let hits = walk((BIG_PUZZLES + PUZZLES) / 2..PUZZLES);
    assert_fired(&hits, &BASIC);
}
