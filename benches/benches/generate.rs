//! Generation and canonical forms.
//!
//! - `generate/minimal`: one minimal unique puzzle (no symmetry) per iteration, bitdoku's
//!   `generate_one` against the `sudoku` crate's `Sudoku::generate_with_symmetry(None)` (AGPL,
//!   a dev-dependency of this package only), single thread. Both produce minimal puzzles with
//!   one solution.
//! - `canon/<corpus>`: the minlex form of 200 puzzles of top1465, the 17-clue list and the
//!   generated file, by the breadth-first search (`minlex`, with `canonical` also giving the
//!   automorphism count and the map) and by the previous search (`minlex_reference`), side by
//!   side in one run.

use bitdoku_benches::puzzles;
use bitdoku_generate::{
    Options, Symmetry, Target, canonical, generate_one, minlex, minlex_reference,
};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(15)
}

fn generate(c: &mut Criterion) {
    let options = Options { symmetry: Symmetry::None, givens_max: None, target: Target::default() };
    let mut g = c.benchmark_group("generate/minimal");
    g.throughput(Throughput::Elements(1));
    let mut i = 0u64;
    g.bench_function("bitdoku", |b| {
        b.iter(|| {
            i += 1;
            black_box(generate_one(7, i, &options, None, None).expect("no deadline"))
        })
    });
    g.bench_function("sudoku-crate", |b| {
        b.iter(|| black_box(sudoku::Sudoku::generate_with_symmetry(sudoku::Symmetry::None)))
    });
    g.finish();
}

fn canon(c: &mut Criterion) {
    for (label, file) in [
        ("top1465", "magictour_top1465.txt"),
        ("17-clue", "sudoku17_royle_49158.txt"),
        ("generated", "generated_minimal_10k.txt"),
    ] {
        let values = puzzles(file, 200);
        let mut g = c.benchmark_group(format!("canon/{label}"));
        g.throughput(Throughput::Elements(values.len() as u64));
        g.bench_function("minlex", |b| {
            b.iter(|| values.iter().map(|v| u32::from(black_box(minlex(v))[80])).sum::<u32>())
        });
        g.bench_function("canonical", |b| {
            b.iter(|| values.iter().map(|v| black_box(canonical(v)).automorphisms).sum::<u64>())
        });
        g.bench_function("minlex_reference", |b| {
            b.iter(|| {
                values.iter().map(|v| u32::from(black_box(minlex_reference(v))[80])).sum::<u32>()
            })
        });
        g.finish();
    }
}

criterion_group! { name = benches; config = config(); targets = generate, canon }
criterion_main!(benches);
