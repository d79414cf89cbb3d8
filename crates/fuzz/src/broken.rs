//! The broken-state target: states without solution through every technique and the engine.
//!
//! The engine counts a puzzle's solutions only when it needs them (at the first uniqueness
//! technique of the order, or when logic stops short of a filled grid), so on a puzzle without
//! solution the techniques run on states that have none until then. Such a state comes from a
//! sound one (see `sound_state`) less one to three of its solution's candidates: the sound
//! state's only solution is gone, so it has none.

use crate::{Corpus, Report, sound_state, too_costly};
use bitdoku_bitboard::{Candidates, CellSet, Digit, parse_line, to_candidate_line};
use bitdoku_engine::{Engine, Options, Order, Status};
use bitdoku_strategies::registry;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// `count` random states without solution: every registered technique in find-all mode on
/// each (no panic), then the whole engine (`hodoku` preset, the count taken when needed): no
/// panic, and the status is `no_solution`.
pub fn broken_states(corpus: &Corpus, seed: u64, count: u64) -> Report {
    let mut report = Report::default();
    let engine = Engine::new(Options::new(Order::parse("hodoku").expect("preset")));
    let mut i = 0u64;
    while report.inputs < count {
        let input_seed = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ i;
        i += 1;
        let mut rng = fastrand::Rng::with_seed(input_seed);
        let Some(state) = broken_state(&mut rng, corpus) else { continue };
        report.inputs += 1;
        let run = catch_unwind(AssertUnwindSafe(|| {
            for t in registry::all() {
                if !too_costly(t, &state) {
                    let _ = registry::find_all(t.id, &state);
                }
            }
            engine.solve(&state).status
        }));
        match run {
            Err(_) => {
                report.panics += 1;
                report.fail(format!("panic on a state without solution, seed {input_seed}"));
            }
            Ok(Status::NoSolution) => {}
            Ok(status) => {
                report.wrong += 1;
                report.fail(format!(
                    "engine status {} on a state without solution, seed {input_seed}: {}",
                    status.as_str(),
                    to_candidate_line(&state)
                ));
            }
        }
    }
    report
}

/// A sound state less one to three of its solution's candidates (in unsolved cells), as
/// itself or as a 729-character candidate grid; `None` when the corpus line gives no sound
/// state or the state has no unsolved cell.
fn broken_state(rng: &mut fastrand::Rng, corpus: &Corpus) -> Option<Candidates> {
    let (mut state, sol) = sound_state(rng, corpus)?;
    let open: Vec<_> = state.unsolved().iter().collect();
    if open.is_empty() {
        return None;
    }
    for _ in 0..rng.usize(1..=3) {
        let cell = open[rng.usize(..open.len())];
        let digit = Digit::new_unchecked(sol[cell.index()] - 1);
        let _ = state.eliminate(digit, CellSet::single(cell));
    }
    if rng.u8(..2) == 0 {
        state = parse_line(&to_candidate_line(&state)).ok()??.candidates();
    }
    Some(state)
}
