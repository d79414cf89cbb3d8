//! Throughput of the bulk path's parse shortcut:
//! `cargo run -p bitdoku-bitboard --release --example quick_speed -- FILE [REPEATS]`.
//!
//! Reads the file once, then runs `quick_search_masks` over every line of at least 81 bytes
//! `REPEATS` times (default 15) and prints the best pass in nanoseconds per line, with a
//! checksum of the masks (equal checksums: equal masks, so a faster variant can be compared
//! with the one it replaces).

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: quick_speed FILE [REPEATS]");
        std::process::exit(2);
    };
    let repeats: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(15).max(1);
    let data = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').filter(|l| l.len() >= 81).collect();
    let mut best = f64::INFINITY;
    let mut checksum = 0u128;
    for _ in 0..repeats {
        checksum = 0;
        let start = Instant::now();
        for line in &lines {
            if let Some(masks) = bitdoku_bitboard::quick_search_masks(std::hint::black_box(line)) {
                checksum = checksum.rotate_left(1) ^ masks.iter().fold(0, |a, &m| a ^ m);
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    let n = lines.len().max(1) as f64;
    println!(
        "{path}: lines {} ns/line {:.1} checksum {checksum:032x}",
        lines.len(),
        best * 1e9 / n
    );
}
