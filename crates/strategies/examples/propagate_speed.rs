//! Times the two forcing-net closures, round by round ([`Propagator`]) and by work list
//! ([`Closure`]), on the work a level-1 nested forcing net gives them, and checks that they
//! agree.
//!
//! `cargo run --release -p bitdoku-strategies --example propagate_speed -- FILE [N] [ROUNDS]`
//!
//! For each of the first `N` puzzles of `FILE` (default 20): singles placed, then forcing-net
//! steps applied until they find nothing (where nested nets start). On that state every open
//! candidate `x` is assumed on; in the state derived from each `x` without contradiction,
//! every open candidate is assumed on again (a level-1 sweep's probes). Each closure runs on
//! all of them, `ROUNDS` times (default 5, the fastest pass counts); the line printed gives
//! nanoseconds per closure and a checksum of the answers and of the literals derived on
//! (equal checksums: the same outcomes).

use bitdoku_bitboard::{Candidates, CellSet, Digit};
use bitdoku_strategies::TechniqueId;
use bitdoku_strategies::forcing::{Base, Closure, Lit, Propagator, Rules};
use bitdoku_strategies::registry::find_all;
use bitdoku_strategies::testkit::grid_with_singles_placed;
use std::time::Instant;

/// `line` with singles placed, then forcing-net steps applied until they find nothing.
fn stalled(line: &str) -> Candidates {
    let mut g = grid_with_singles_placed(line);
    loop {
        let steps = find_all(TechniqueId::ForcingNet, &g);
        if steps.is_empty() || g.is_solved() {
            return g;
        }
        for s in steps {
            s.apply(&mut g);
        }
    }
}

/// A closure function: the answer and the literals on.
type Close<'a> = dyn FnMut(&Base, Lit) -> (bool, [CellSet; 9]) + 'a;

/// Per base state, the assumptions to close in it.
fn workload(states: &[Candidates]) -> Vec<(Base, Vec<Lit>)> {
    let mut out = Vec::new();
    let mut p = Propagator::untracked();
    for s in states {
        let base = Base::new(s);
        let starts = open_lits(&base);
        for &x in &starts {
            if p.run(&base, Rules::Net, x) {
                let sub = Base::from_masks(std::array::from_fn(|d| base.cand[d] - p.off[d]));
                let probes = open_lits(&sub);
                out.push((sub, probes));
            }
        }
        out.push((base, starts));
    }
    out
}

/// Every candidate of an open cell of `base`, on.
fn open_lits(base: &Base) -> Vec<Lit> {
    let mut v = Vec::new();
    for d in Digit::all() {
        for c in base.cand[d.index()] & base.open {
            v.push(Lit::new(d, c, true));
        }
    }
    v
}

/// Folds one outcome (the answer, and the literals on when it holds) into `check`.
fn mix(check: u64, ok: bool, on: &[CellSet; 9]) -> u64 {
    let lits: u32 = if ok { on.iter().map(|m| m.len()).sum() } else { 0 };
    let h =
        on.iter().fold(0u64, |a, m| a.rotate_left(7) ^ (m.bits() as u64) ^ (m.bits() >> 64) as u64);
    check.wrapping_mul(31).wrapping_add(u64::from(ok))
        ^ (u64::from(lits) << 8)
        ^ if ok { h } else { 0 }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).expect("usage: propagate_speed FILE [N] [ROUNDS]");
    let n: usize = args.get(2).map_or(20, |a| a.parse().expect("N"));
    let rounds: usize = args.get(3).map_or(5, |a| a.parse().expect("ROUNDS"));
    let text = std::fs::read_to_string(file).expect("read FILE");
    let states: Vec<Candidates> =
        text.lines().filter(|l| l.len() >= 81).take(n).map(|l| stalled(&l[..81])).collect();
    let work = workload(&states);
    let runs: usize = work.iter().map(|(_, v)| v.len()).sum();
    // One timed pass of a closure function over the whole workload: seconds and checksum.
    let pass = |close: &mut Close<'_>| {
        let mut check = 0u64;
        let t = Instant::now();
        for (base, starts) in &work {
            for &x in starts {
                let (ok, on) = close(base, x);
                check = mix(check, ok, &on);
            }
        }
        (t.elapsed().as_secs_f64(), check)
    };
    let (mut prop, mut closure) = (Propagator::untracked(), Closure::new());
    let (mut best_r, mut best_w) = (f64::MAX, f64::MAX);
    let (mut sum_r, mut sum_w) = (0u64, 0u64);
    for _ in 0..rounds {
        let (secs, check) = pass(&mut |base, x| (prop.run(base, Rules::Net, x), prop.on));
        (best_r, sum_r) = (best_r.min(secs), check);
        let (secs, check) = pass(&mut |base, x| (closure.holds(base, Rules::Net, x), closure.on));
        (best_w, sum_w) = (best_w.min(secs), check);
    }
    println!(
        "{} states, {runs} closures: rounds {:.1} ns ({sum_r:016x}), worklist {:.1} ns ({sum_w:016x}), ratio {:.2}",
        states.len(),
        best_r * 1e9 / runs as f64,
        best_w * 1e9 / runs as f64,
        best_r / best_w
    );
}
