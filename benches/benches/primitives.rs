//! Bitboard primitives: `CellSet` operations, `CountPlanes` (bit-sliced candidate counts),
//! `Candidates::place` and `Candidates::from_values`, and the two parse paths.
//!
//! Inputs are the candidate masks of real states (top1465 puzzles stalled after singles), so
//! set sizes and bit patterns are those the techniques see. Each benchmark processes the whole
//! input slice per iteration and reports throughput in elements.

use bitdoku_benches::{puzzles, stalled_states};
use bitdoku_bitboard::bulk::{PackedPuzzle, line_records};
use bitdoku_bitboard::{Candidates, Cell, CellSet, CountPlanes, Digit, parse_line};
use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300))
        .sample_size(20)
}

fn cellset_ops(c: &mut Criterion) {
    let states = stalled_states(&puzzles("magictour_top1465.txt", 200), "singles");
    let sets: Vec<CellSet> = states.iter().flat_map(|s| s.masks().iter().copied()).collect();
    let pairs: Vec<(CellSet, CellSet)> = sets.windows(2).map(|w| (w[0], w[1])).collect();
    let mut g = c.benchmark_group("cellset");
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function("and_or_sub", |b| {
        b.iter(|| {
            let mut acc = CellSet::EMPTY;
            for &(x, y) in black_box(&pairs) {
                acc ^= (x & y) | (x - y);
            }
            acc
        });
    });
    g.bench_function("len", |b| b.iter(|| black_box(&sets).iter().map(|s| s.len()).sum::<u32>()));
    g.bench_function("iter_cells", |b| {
        b.iter(|| {
            black_box(&sets).iter().map(|s| s.iter().map(Cell::index).sum::<usize>()).sum::<usize>()
        });
    });
    g.bench_function("first", |b| {
        b.iter(|| black_box(&sets).iter().filter_map(|s| s.first()).count())
    });
    g.bench_function("common_peers", |b| {
        b.iter(|| {
            black_box(&pairs)
                .iter()
                .map(|&(x, _)| (x & CellSet::from_bits_truncate(0x7)).common_peers().len())
                .sum::<u32>()
        });
    });
    g.finish();
}

fn count_planes(c: &mut Criterion) {
    let states = stalled_states(&puzzles("magictour_top1465.txt", 200), "singles");
    let mut g = c.benchmark_group("count_planes");
    g.throughput(Throughput::Elements(states.len() as u64));
    g.bench_function("new+bivalue", |b| {
        b.iter(|| {
            black_box(&states)
                .iter()
                .map(|s| CountPlanes::new(s.masks()).exactly(2).len())
                .sum::<u32>()
        });
    });
    g.finish();
}

fn candidates(c: &mut Criterion) {
    let values = puzzles("magictour_top1465.txt", 200);
    let states = stalled_states(&values, "singles");
    // One placement per state: the first unsolved cell's smallest candidate.
    let moves: Vec<(Candidates, Cell, Digit)> = states
        .iter()
        .filter_map(|s| {
            let cell = s.unsolved().first()?;
            let digit = s.digits_at(cell).iter().next()?;
            Some((*s, cell, digit))
        })
        .collect();
    let mut g = c.benchmark_group("candidates");
    g.throughput(Throughput::Elements(moves.len() as u64));
    g.bench_function("place", |b| {
        b.iter(|| {
            let mut n = 0;
            for (s, cell, digit) in black_box(&moves) {
                let mut s = *s;
                s.place(*cell, *digit);
                n += s.cells(*digit).len();
            }
            n
        });
    });
    g.throughput(Throughput::Elements(values.len() as u64));
    g.bench_function("from_values", |b| {
        b.iter(|| {
            black_box(&values)
                .iter()
                .map(|v| Candidates::from_values(v).cells(Digit::new_unchecked(0)).len())
                .sum::<u32>()
        });
    });
    g.finish();
}

fn parsing(c: &mut Criterion) {
    let path = bitdoku_benches::dataset_path("magictour_top1465.txt");
    let bytes = std::fs::read(&path).expect("corpus");
    let text = String::from_utf8(bytes.clone()).expect("utf8");
    let lines: Vec<&str> = text.lines().collect();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_with_input(BenchmarkId::new("parse_line", lines.len()), &lines, |b, lines| {
        b.iter(|| lines.iter().filter(|l| matches!(parse_line(l), Ok(Some(_)))).count());
    });
    g.bench_with_input(BenchmarkId::new("packed_records", lines.len()), &bytes, |b, bytes| {
        b.iter(|| {
            let recs = line_records(black_box(bytes)).expect("82-byte records");
            recs.iter().filter_map(PackedPuzzle::from_record).count()
        });
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = cellset_ops, count_planes, candidates, parsing
}
criterion_main!(benches);
