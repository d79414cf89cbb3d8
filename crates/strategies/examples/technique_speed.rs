//! Times one technique of the `seeds` order on the states where that order calls it.
//!
//! `cargo run --release -p bitdoku-strategies --example technique_speed -- FILE [N] [ROUNDS]
//! [TECHNIQUE]`
//!
//! The first `N` puzzles of `FILE` (default 2,000) are solved the engine's batch way with the
//! `seeds` order minus its uniqueness techniques (the first technique that finds anything
//! applies all it finds, then the order starts again), from the grid with singles placed; each
//! state where `TECHNIQUE`'s turn comes (default `wxyz-wing`; a technique outside `seeds`
//! comes last) is kept. The technique then runs
//! on all of them `ROUNDS` times (default 5, the fastest pass counts), always with its full
//! search. It prints the calls, the steps, a checksum of every step in the order pushed (to
//! compare two builds) and the time per call. On the generated puzzles WXYZ-Wing took about
//! 14 us a call, a fifth of a `seeds` solve, before its cells-first search (9.3 us).

use bitdoku_bitboard::Candidates;
use bitdoku_strategies::registry;
use bitdoku_strategies::testkit::grid_with_singles_placed;
use bitdoku_strategies::{TechniqueId, Union, apply_union};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).expect("usage: technique_speed FILE [N] [ROUNDS] [TECHNIQUE]");
    let n: usize = args.get(2).map_or(2000, |a| a.parse().expect("N"));
    let rounds: usize = args.get(3).map_or(5, |a| a.parse().expect("ROUNDS"));
    let id: TechniqueId =
        args.get(4).map_or(TechniqueId::WxyzWing, |a| a.parse().expect("TECHNIQUE"));
    let text = std::fs::read_to_string(file).expect("read FILE");
    let mut order: Vec<_> = registry::all().filter(|t| t.presets.seeds.is_some()).collect();
    order.sort_by_key(|t| t.presets.seeds);
    let mut order: Vec<_> = order.into_iter().filter(|t| !t.id.needs_uniqueness()).collect();
    if !order.iter().any(|t| t.id == id) {
        // Not in `seeds`: timed where that order stalls (appended after its last technique).
        order.push(registry::get(id).expect("a registered technique"));
    }
    let mut states: Vec<Candidates> = Vec::new();
    for line in text.lines().filter(|l| l.len() >= 81).take(n) {
        let mut s = grid_with_singles_placed(&line[..81]);
        'restart: while !s.is_solved() {
            for t in &order {
                if t.id == id {
                    states.push(s);
                }
                let mut u = Union::default();
                let _ = t.search(&s, &mut u);
                if u.steps > 0 {
                    if !apply_union(&mut s, &mut u) {
                        break 'restart;
                    }
                    continue 'restart;
                }
            }
            break;
        }
    }
    let technique = registry::get(id).expect("a registered technique");
    let mut best = f64::MAX;
    let mut found = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        found = 0;
        for s in &states {
            let mut u = Union::default();
            let _ = technique.search(s, &mut u);
            found += u.steps;
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    // Every step in the order pushed, to compare two builds (same steps, same order).
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for s in &states {
        let mut steps: Vec<bitdoku_strategies::Step> = Vec::new();
        let _ = technique.search(s, &mut steps);
        std::hash::Hash::hash(&format!("{steps:?}"), &mut hasher);
    }
    println!(
        "{} calls, {found} steps (checksum {:016x}), best {:.3} ms, {:.0} ns per call",
        states.len(),
        std::hash::Hasher::finish(&hasher),
        best * 1e3,
        best * 1e9 / states.len() as f64
    );
}
