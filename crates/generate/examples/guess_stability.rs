//! How stable the guess-count rating is between seeds, for a choice of isomorph counts: for
//! each K, every puzzle of a file is rated with seeds 1 and 2 (and the corpus mean with seeds
//! 1 to 3), and the spread is printed as a markdown table. Used to choose
//! `DEFAULT_ISOMORPHS` (results/2026-11-28-canon).
//!
//! `cargo run --release -p bitdoku-generate --example guess_stability -- FILE [K...]`

use bitdoku_generate::guess_rating;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: guess_stability FILE [K...]");
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
    println!(
        "| K | corpus mean, seeds 1/2/3 | corpus spread | median per-puzzle diff | puzzles within 5% | within 10% | s |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|");
    for k in ks {
        let start = std::time::Instant::now();
        let per_seed: Vec<Vec<f64>> = (1..=3u64)
            .map(|seed| puzzles.iter().map(|p| guess_rating(p, k, seed).mean).collect())
            .collect();
        let means: Vec<f64> =
            per_seed.iter().map(|v| v.iter().sum::<f64>() / v.len() as f64).collect();
        let lo = means.iter().copied().fold(f64::MAX, f64::min);
        let hi = means.iter().copied().fold(0.0, f64::max);
        let mut diffs: Vec<f64> = per_seed[0]
            .iter()
            .zip(&per_seed[1])
            .map(|(a, b)| if a + b == 0.0 { 0.0 } else { (a - b).abs() / ((a + b) / 2.0) })
            .collect();
        diffs.sort_by(f64::total_cmp);
        let within = |x: f64| diffs.iter().filter(|&&d| d <= x).count() as f64 / diffs.len() as f64;
        println!(
            "| {k} | {:.2} / {:.2} / {:.2} | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {:.1} |",
            means[0],
            means[1],
            means[2],
            100.0 * (hi - lo) / lo,
            100.0 * diffs[diffs.len() / 2],
            100.0 * within(0.05),
            100.0 * within(0.10),
            start.elapsed().as_secs_f64()
        );
    }
}
