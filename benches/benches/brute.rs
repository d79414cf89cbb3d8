//! Brute force: bitdoku's `solve_unique` (count up to two solutions, keep the first) against the
//! `sudoku` crate (emerentius, AGPL-3.0, a dev-dependency of this package only) doing the same
//! work (`solutions_up_to_buffer(.., 2)`: count up to two, keep one solution).
//!
//! Sets of 200 puzzles, evenly spaced in their files: the 17-clue list, top1465, the
//! forum_hardest_1905_11plus list and the generated minimal set. Both solvers' answers are
//! checked against each other before timing. Throughput in puzzles.
//!
//! `bitdoku` runs the search variant the processor gets (see `bitdoku-cpu`); the other
//! `bitdoku-*` entries force the others side by side: `bitdoku-v3-tables` (x86-64-v3 with the
//! band step's occupancy from table reads, as on AMD Zen 1/2) and `bitdoku-v3-pext` (from one
//! `PEXT`, as on Intel and AMD Zen 3+), when the processor has x86-64-v3, and
//! `bitdoku-portable` (the baseline build).

use bitdoku_benches::puzzles;
use bitdoku_brute::{Count, cpu, masks_from_values, solve_unique};
use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use std::time::Duration;
use sudoku::Sudoku;

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(15)
}

fn brute(c: &mut Criterion) {
    for (label, file) in [
        ("17-clue", "sudoku17_royle_49158.txt"),
        ("top1465", "magictour_top1465.txt"),
        ("forum_hardest_1905_11plus", "forum_hardest_1905_11plus.txt"),
        ("generated_minimal_10k", "generated_minimal_10k.txt"),
    ] {
        let values = puzzles(file, 200);
        let ours: Vec<[u128; 9]> = values.iter().map(masks_from_values).collect();
        let theirs: Vec<Sudoku> =
            values.iter().map(|v| Sudoku::from_bytes(*v).expect("valid puzzle")).collect();
        for (m, s) in ours.iter().zip(&theirs) {
            let (count, sol) = solve_unique(m);
            let mut buf = [[0u8; 81]];
            let n = s.solutions_up_to_buffer(&mut buf, 2);
            assert_eq!(count, Count::One, "{file}");
            assert_eq!(n, 1, "{file}");
            assert_eq!(sol.map(|x| x.0), Some(buf[0]), "{file}: the two solvers disagree");
        }
        let mut g = c.benchmark_group(format!("brute/{label}"));
        g.throughput(Throughput::Elements(values.len() as u64));
        let forced: &[(&str, bool, Option<bool>)] = &[
            ("bitdoku", false, None),
            ("bitdoku-v3-tables", false, Some(false)),
            ("bitdoku-v3-pext", false, Some(true)),
            ("bitdoku-portable", true, None),
        ];
        for &(name, portable, pext) in forced {
            cpu::force_portable(portable);
            cpu::force_pext(pext);
            if name.starts_with("bitdoku-v3") && !cpu::use_v3() {
                continue;
            }
            g.bench_with_input(BenchmarkId::from_parameter(name), &ours, |b, ours| {
                b.iter(|| {
                    black_box(ours).iter().filter(|m| solve_unique(m).0 == Count::One).count()
                });
            });
        }
        cpu::force_portable(false);
        cpu::force_pext(None);
        g.bench_with_input(BenchmarkId::from_parameter("sudoku-crate"), &theirs, |b, theirs| {
            b.iter(|| {
                black_box(theirs)
                    .iter()
                    .filter(|s| {
                        let mut buf = [[0u8; 81]];
                        s.solutions_up_to_buffer(&mut buf, 2) == 1
                    })
                    .count()
            });
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = brute
}
criterion_main!(benches);
