//! Experimental: guesses, band updates, dead ends per policy. `pol FILE LIMIT POLICY...`
use bitdoku_brute::{count_policy, masks_from_values, solver::{FAILS, ITERS, PASSES}};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).unwrap();
    let limit: u32 = args[1].parse().unwrap();
    let puzzles: Vec<[u128; 9]> = text
        .lines()
        .filter(|line| line.len() >= 81)
        .map(|line| {
            let mut values = [0u8; 81];
            for (v, ch) in values.iter_mut().zip(line.bytes()) {
                *v = match ch { b'1'..=b'9' => ch - b'0', _ => 0 };
            }
            masks_from_values(&values)
        })
        .collect();
    let n = puzzles.len() as f64;
    for p in &args[2..] {
        let pol = u32::from_str_radix(p.trim_start_matches("0x"), 16).unwrap();
        let (mut g, mut u, mut r, mut f, mut ps, mut it) = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        for m in &puzzles {
            let (_, gg, uu) = count_policy(m, limit, pol);
            g += gg;
            u += uu / 1000;
            r += uu % 1000;
            f += FAILS.with(|x| x.get());
            ps += PASSES.with(|x| x.replace(0));
            it += ITERS.with(|x| x.replace(0));
        }
        println!("{pol:>8x}: guesses {:.4} updates {:.3} root-updates {:.3} dead-ends {:.3} passes {:.3} iters {:.3}", g as f64 / n, u as f64 / n, r as f64 / n, f as f64 / n, ps as f64 / n, it as f64 / n);
    }
}
