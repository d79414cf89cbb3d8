//! Throughput check: `cargo run -p bitdoku-brute --release --example speed -- FILE [REPEATS]`.
//!
//! Reads one puzzle per line (81 characters, `.` or `0` for an empty cell; anything after the
//! first 81 characters, such as `:count`, is ignored), then times `solve_unique` over all of
//! them (parsing is not timed) and prints puzzles, seconds, puzzles/s and guesses/puzzle.
//! `REPEATS` (default 1) runs the whole file that many times and reports the best run.

use std::time::Instant;

use bitdoku_brute::{Count, count_solutions_with_stats, masks_from_values, solve_unique};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: speed FILE [REPEATS]");
        std::process::exit(2);
    };
    let repeats: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let puzzles: Vec<[u128; 9]> = text
        .lines()
        .filter(|line| line.len() >= 81)
        .map(|line| {
            let mut values = [0u8; 81];
            for (v, ch) in values.iter_mut().zip(line.bytes()) {
                *v = match ch {
                    b'1'..=b'9' => ch - b'0',
                    _ => 0,
                };
            }
            masks_from_values(&values)
        })
        .collect();

    let mut best = f64::INFINITY;
    let mut counts = [0usize; 3];
    for _ in 0..repeats {
        counts = [0; 3];
        let start = Instant::now();
        for masks in &puzzles {
            let (count, _) = solve_unique(std::hint::black_box(masks));
            counts[match count {
                Count::None => 0,
                Count::One => 1,
                Count::Many => 2,
            }] += 1;
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    // Guess statistics in a separate, untimed pass.
    let guesses: u64 = puzzles.iter().map(|m| count_solutions_with_stats(m, 2).2.guesses).sum();
    let n = puzzles.len().max(1) as f64;
    println!(
        "{path}: puzzles {} seconds {best:.4} puzzles/s {:.0} guesses/puzzle {:.3} (none {} one {} many {})",
        puzzles.len(),
        puzzles.len() as f64 / best,
        guesses as f64 / n,
        counts[0],
        counts[1],
        counts[2],
    );
}
