//! How stable the guess-count rating is between seeds, for a choice of isomorph counts: for
//! each K, every puzzle of a file is rated with seeds 1 and 2 (and the corpus mean with seeds
//! 1 to 3), and the spread is printed as a markdown table: the corpus means, the per-puzzle
//! relative difference of the two seeds' means (median, 90th and 95th percentile) and the
//! share of puzzles within 5% and 10%. With `--spread N` it first prints, from N isomorphs of
//! each puzzle, how widely one puzzle's count varies between isomorphs (coefficient of
//! variation) and the K that this implies for 95% of the puzzles within 5%. Used to choose
//! `DEFAULT_ISOMORPHS` (results/2026-11-28-canon, results/2026-11-28-tdoku-v3).
//!
//! `cargo run --release -p bitdoku-generate --example guess_stability -- FILE [--spread N] [K...]`

use bitdoku_brute::{count_solutions_with_stats, masks_from_values};
use bitdoku_generate::{Isomorph, canonical, guess_rating};

/// Relative difference of two means: `|a - b|` over their average (0 when both are 0).
fn relative(a: f64, b: f64) -> f64 {
    if a + b == 0.0 { 0.0 } else { (a - b).abs() / ((a + b) / 2.0) }
}

/// The `q` quantile (0..=1) of sorted values.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Per puzzle, the coefficient of variation (standard deviation over mean) of the guess count
/// over `n` isomorphs of its minlex form (seed 1000), and what it implies: the two seeds'
/// means of K isomorphs differ by a normal variable of standard deviation `sqrt(2 / K) * cv`
/// of the mean, so 5% holds with 95% probability from `K = 2 * (1.96 * cv / 0.05)^2`.
fn spread(puzzles: &[[u8; 81]], n: u32) {
    let mut cvs: Vec<f64> = puzzles
        .iter()
        .map(|p| {
            let form = canonical(p).form;
            let mut rng = fastrand::Rng::with_seed(1000);
            let counts: Vec<f64> = (0..n)
                .map(|_| {
                    let t = Isomorph::random(&mut rng);
                    let masks = masks_from_values(&t.apply(&form));
                    count_solutions_with_stats(&masks, 2).2.guesses as f64
                })
                .collect();
            let mean = counts.iter().sum::<f64>() / f64::from(n);
            let var = counts.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
            if mean == 0.0 { 0.0 } else { var.sqrt() / mean }
        })
        .collect();
    cvs.sort_by(f64::total_cmp);
    let k = |cv: f64| 2.0 * (1.96 * cv / 0.05_f64).powi(2);
    println!("Per-puzzle coefficient of variation of one isomorph's count ({n} isomorphs each):");
    println!();
    println!("| quantile | cv | K for 5% at 95% confidence |");
    println!("|---:|---:|---:|");
    for q in [0.1, 0.25, 0.5, 0.75, 0.9, 0.95] {
        let cv = quantile(&cvs, q);
        println!("| {:.0}% | {cv:.2} | {:.0} |", 100.0 * q, k(cv));
    }
    println!();
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let file = args.next().expect("usage: guess_stability FILE [--spread N] [K...]");
    let mut spread_n = None;
    if args.peek().is_some_and(|a| a == "--spread") {
        args.next();
        spread_n = Some(args.next().and_then(|a| a.parse::<u32>().ok()).expect("--spread N"));
    }
    let mut ks: Vec<u32> = args.map(|a| a.parse().expect("K")).collect();
    if ks.is_empty() {
        ks = vec![1, 4, 16, 32, 64, 128];
    }
    let text = std::fs::read_to_string(&file).expect("read FILE");
    let puzzles: Vec<[u8; 81]> = text
        .lines()
        .filter(|l| l.len() >= 81)
        .map(|l| {
            std::array::from_fn(|i| match l.as_bytes()[i] {
                b @ b'1'..=b'9' => b - b'0',
                _ => 0,
            })
        })
        .collect();
    if let Some(n) = spread_n {
        spread(&puzzles, n.max(2));
    }
    println!(
        "| K | corpus mean, seeds 1/2/3 | corpus spread | per-puzzle diff: median | 90% | 95% | puzzles within 5% | within 10% | s (3 seeds) |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for k in ks {
        let start = std::time::Instant::now();
        let per_seed: Vec<Vec<f64>> = (1..=3u64)
            .map(|seed| puzzles.iter().map(|p| guess_rating(p, k, seed).mean).collect())
            .collect();
        let means: Vec<f64> =
            per_seed.iter().map(|v| v.iter().sum::<f64>() / v.len() as f64).collect();
        let lo = means.iter().copied().fold(f64::MAX, f64::min);
        let hi = means.iter().copied().fold(0.0, f64::max);
        let mut diffs: Vec<f64> =
            per_seed[0].iter().zip(&per_seed[1]).map(|(&a, &b)| relative(a, b)).collect();
        diffs.sort_by(f64::total_cmp);
        let within = |x: f64| diffs.iter().filter(|&&d| d <= x).count() as f64 / diffs.len() as f64;
        println!(
            "| {k} | {:.3} / {:.3} / {:.3} | {:.2}% | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {:.1} |",
            means[0],
            means[1],
            means[2],
            100.0 * (hi - lo) / lo,
            100.0 * quantile(&diffs, 0.5),
            100.0 * quantile(&diffs, 0.9),
            100.0 * quantile(&diffs, 0.95),
            100.0 * within(0.05),
            100.0 * within(0.10),
            start.elapsed().as_secs_f64()
        );
    }
}
