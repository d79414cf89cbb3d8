//! Every registered technique's find-all search on fixed candidate states from real corpora.
//!
//! States: 150 top1465 puzzles (evenly spaced) solved with the `singles` order until it stalls
//! (no fallback), plus the same puzzles stalled after `seeds` (harder states, where the later
//! techniques of an order actually run). Each benchmark runs one technique in find-all mode
//! (a `Union` sink, as the batch engine does) over all states of a set; names are
//! `techniques/<set>/<family>/<id>`, throughput in states.

use bitdoku_benches::{puzzles, stalled_states};
use bitdoku_strategies::{Union, registry};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(1))
        .warm_up_time(Duration::from_millis(200))
        .sample_size(15)
}

fn techniques(c: &mut Criterion) {
    let values = puzzles("magictour_top1465.txt", 150);
    for set in ["singles", "seeds"] {
        let states = stalled_states(&values, set);
        let mut g = c.benchmark_group(format!("techniques/after-{set}"));
        g.throughput(Throughput::Elements(states.len() as u64));
        for t in registry::all() {
            let name = format!("{}/{}", t.id.family().as_str(), t.id);
            g.bench_function(name, |b| {
                b.iter(|| {
                    let mut steps = 0;
                    for s in black_box(&states) {
                        let mut u = Union::default();
                        let _ = t.search(s, &mut u);
                        steps += u.steps;
                    }
                    steps
                });
            });
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = techniques
}
criterion_main!(benches);
