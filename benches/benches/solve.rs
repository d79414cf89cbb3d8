//! One whole solve per preset (batch granularity, brute-force fallback on), over fixed puzzle
//! sets: 100 top1465 puzzles and 100 17-clue puzzles, evenly spaced in their files. Every
//! answer is checked against the brute-force solver before timing. Throughput in puzzles.

use bitdoku_benches::puzzles;
use bitdoku_bitboard::Candidates;
use bitdoku_engine::{Engine, Options, Order, PRESETS, Status};
use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(15)
}

fn solve(c: &mut Criterion) {
    for (label, file) in
        [("top1465", "magictour_top1465.txt"), ("17-clue", "sudoku17_royle_49158.txt")]
    {
        let values = puzzles(file, 100);
        let starts: Vec<Candidates> = values.iter().map(Candidates::from_values).collect();
        let mut g = c.benchmark_group(format!("solve/{label}"));
        g.throughput(Throughput::Elements(starts.len() as u64));
        for preset in PRESETS.iter().map(|p| p.name) {
            let engine = Engine::new(Options::new(Order::preset(preset).expect("preset")));
            for (v, s) in values.iter().zip(&starts) {
                let out = engine.solve(s);
                let (_, truth) = bitdoku_brute::solve_unique(&bitdoku_brute::masks_from_values(v));
                assert_eq!(out.status, Status::Solved);
                assert_eq!(out.solution, truth.map(|t| t.0), "{preset} on {file}");
            }
            g.bench_with_input(BenchmarkId::from_parameter(preset), &starts, |b, starts| {
                b.iter(|| black_box(starts).iter().filter(|s| engine.solve(s).fallback).count());
            });
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = solve
}
criterion_main!(benches);
