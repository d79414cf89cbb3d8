//! The stall target: inputs that used to hold a job for minutes (issue 46) through every
//! preset, `complete` included, each within a per-input time limit.
//!
//! Kinds, drawn per input: sparse puzzles (0 to 16 givens of a corpus solution, so several
//! solutions), corpus puzzles less one to three clues (few solutions), corpus puzzles with one
//! given changed (mostly no solution), random givens that do not clash (0 to 16, mostly several
//! solutions or none), and dense candidate grids (every candidate open, less a few random
//! ones, given as 729-character lines). Each goes through the whole engine with a random
//! preset, granularity and fallback, and one in four also through `hint`. The answer must be
//! the brute-force count's (`no_solution`, `multiple_solutions`, or the solution; `stuck` only
//! without fallback on a puzzle with one solution), nothing may panic, and the input must
//! finish within the limit, measured as the thread's CPU time (a shared, loaded machine does
//! not make an input slow); a slow input is a failure that prints its seed. No budget is set:
//! the engine itself must not stall on these.

use crate::{Corpus, Report};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line, to_candidate_line};
use bitdoku_engine::{Engine, Granularity, Options, Order, PRESETS, Status};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

/// The kinds of input, for the failure messages.
const KINDS: [&str; 5] = ["sparse", "less-clues", "changed-given", "random-givens", "dense-grid"];

/// `count` stall inputs, each through a random preset's engine within `limit` of CPU time.
pub fn stall(corpus: &Corpus, seed: u64, count: u64, limit: Duration) -> Report {
    let mut report = Report::default();
    let mut engines = Vec::new();
    for p in PRESETS {
        for granularity in [Granularity::Single, Granularity::Batch] {
            for fallback in [true, false] {
                let mut o = Options::new(Order::preset(p.name).expect("preset"));
                o.granularity = granularity;
                o.fallback = fallback;
                o.stats = false;
                o.trace = granularity == Granularity::Single;
                engines.push(Engine::new(o));
            }
        }
    }
    for i in 0..count {
        let input_seed = seed.wrapping_mul(0xd6e8_feb8_6659_fd93) ^ i;
        let mut rng = fastrand::Rng::with_seed(input_seed);
        let kind = rng.usize(..KINDS.len());
        let Some(state) = input(&mut rng, corpus, kind) else { continue };
        let engine = &engines[rng.usize(..engines.len())];
        let hint = rng.u8(..4) == 0;
        let (count, first) = bitdoku_brute::count_solutions(&state.search_masks(), 2);
        if count == 1 && kind != 0 {
            // A puzzle with one solution is no stall case (a hard one may rightly take long
            // with `complete`; the budgets bound those).
            continue;
        }
        report.inputs += 1;
        let solution = (count == 1).then(|| first.expect("a unique solution").0);
        let started = thread_cpu_time();
        let run = catch_unwind(AssertUnwindSafe(|| {
            let out = engine.solve(&state);
            if hint {
                let _ = engine.hint(&state, count == 1);
            }
            out
        }));
        let spent = thread_cpu_time().saturating_sub(started);
        let what = || {
            format!(
                "{} input, preset {}, {:?}, fallback {}, seed {input_seed}",
                KINDS[kind],
                engine.options().order.name(),
                engine.options().granularity,
                engine.options().fallback
            )
        };
        if spent > limit {
            report.slow += 1;
            report.fail(format!(
                "slow: {:.2}s of CPU (limit {:.2}s), {}: {}",
                spent.as_secs_f64(),
                limit.as_secs_f64(),
                what(),
                to_candidate_line(&state)
            ));
        }
        let out = match run {
            Ok(out) => out,
            Err(_) => {
                report.panics += 1;
                report.fail(format!("panic, {}", what()));
                continue;
            }
        };
        let right = match (count, out.status) {
            (0, Status::NoSolution) | (2, Status::MultipleSolutions) => true,
            (1, Status::Solved) => out.solution == solution,
            (1, Status::Stuck) => !engine.options().fallback,
            _ => false,
        };
        if !right {
            report.wrong += 1;
            report.fail(format!(
                "wrong: status {} for {} solution(s), {}: {}",
                out.status.as_str(),
                count,
                what(),
                to_candidate_line(&state)
            ));
        }
    }
    report
}

/// One input of `kind` (see [`KINDS`]); `None` when the drawn corpus line gives none.
fn input(rng: &mut fastrand::Rng, corpus: &Corpus, kind: usize) -> Option<Candidates> {
    let line = &corpus.lines[rng.usize(..corpus.lines.len())];
    let givens: Vec<u8> =
        line.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
    let clues: Vec<usize> = (0..81).filter(|&i| givens[i] != 0).collect();
    let mut values = [0u8; 81];
    match kind {
        0 => {
            let (_, sol) = bitdoku_brute::count_solutions(&from_values(&givens).search_masks(), 1);
            let sol = sol?.0;
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            for &c in cells.iter().take(rng.usize(..=16)) {
                values[c] = sol[c];
            }
        }
        1 | 2 => {
            values.copy_from_slice(&givens);
            if kind == 1 {
                for _ in 0..rng.usize(1..=3) {
                    values[clues[rng.usize(..clues.len())]] = 0;
                }
            } else {
                let c = clues[rng.usize(..clues.len())];
                let fits: Vec<u8> =
                    (1..=9).filter(|&d| d != values[c] && fits(&values, c, d)).collect();
                values[c] = *fits.get(rng.usize(..fits.len().max(1)))?;
            }
        }
        3 => {
            for _ in 0..rng.usize(..=16) {
                let c = rng.usize(..81);
                let d = rng.u8(1..=9);
                if values[c] == 0 && fits(&values, c, d) {
                    values[c] = d;
                }
            }
        }
        _ => {
            let mut state = Candidates::new();
            for _ in 0..rng.usize(..60) {
                let cell = Cell::new_unchecked(rng.u8(..81));
                let _ = state.eliminate(Digit::new_unchecked(rng.u8(..9)), CellSet::single(cell));
            }
            return parse_line(&to_candidate_line(&state)).ok()?.map(|p| p.candidates());
        }
    }
    Some(from_values(&values))
}

fn from_values(values: &[u8]) -> Candidates {
    let mut v = [0u8; 81];
    v.copy_from_slice(values);
    Candidates::from_values(&v)
}

/// Whether digit `d` can go in cell `c` without repeating a given of its row, column or box.
fn fits(values: &[u8; 81], c: usize, d: u8) -> bool {
    let (r, k) = (c / 9, c % 9);
    (0..81).filter(|&o| o != c).all(|o| {
        let same = o / 9 == r || o % 9 == k || (o / 27 == c / 27 && o % 9 / 3 == k / 3);
        !same || values[o] != d
    })
}

/// The CPU time this thread has used.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_THREAD_CPUTIME_ID needs nothing else.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_stall_campaign_is_clean() {
        let corpus = Corpus::load(&Corpus::default_dir(), 300).expect("bundled datasets");
        let r = stall(&corpus, 3, 300, Duration::from_secs(5));
        assert!(r.clean(), "{}\n{:?}", r.summary(), r.failures);
        assert!(r.inputs > 250, "{}", r.summary());
    }

    #[test]
    fn every_kind_gives_inputs() {
        let corpus = Corpus::load(&Corpus::default_dir(), 50).expect("bundled datasets");
        let mut rng = fastrand::Rng::with_seed(1);
        for (kind, name) in KINDS.iter().enumerate() {
            assert!((0..20).any(|_| input(&mut rng, &corpus, kind).is_some()), "{name}");
        }
    }
}
