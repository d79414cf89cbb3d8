//! Agreement and speed of one measure on a reference file (`PUZZLE VALUE` per line):
//! `cargo run --release -p bitdoku-classify --example agree -- MEASURE FILE [LIMIT]`,
//! MEASURE one of te, w, b, bxb, bxbb. Prints the lines that differ, the agreement, and the
//! median, p99 and maximum time per puzzle. With `AGREE_EACH` set, standard error gets one
//! line per puzzle (its line number, the reference value, the value found, its CPU time and
//! the work units spent: equal units mean the same search).

use bitdoku_classify::bxb::bxb;
use bitdoku_classify::chains::Kind;
use bitdoku_classify::rating::{Rated, rating};
use bitdoku_classify::te::{solution_masks, te_depth};
use bitdoku_classify::{Budget, Grid};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (measure, file) = (&args[1], &args[2]);
    let limit: usize = args.get(3).map_or(usize::MAX, |s| s.parse().expect("limit"));
    let max: u32 = args.get(4).map_or(30, |s| s.parse().expect("max"));
    let text = std::fs::read_to_string(file).expect("read file");
    let each = std::env::var_os("AGREE_EACH").is_some();
    let (mut same, mut total) = (0usize, 0usize);
    let mut times = Vec::new();
    let mut cpus = Vec::new();
    for (i, line) in text.lines().enumerate().take(limit) {
        let Some((p, want)) = line.split_once(' ') else { continue };
        let values: [u8; 81] = std::array::from_fn(|k| {
            let b = p.as_bytes()[k];
            if b.is_ascii_digit() { b - b'0' } else { 0 }
        });
        let masks = bitdoku_brute::masks_from_values(&values);
        let (n, sol) = bitdoku_brute::count_solutions(&masks, 2);
        assert_eq!(n, 1, "line {}", i + 1);
        let sol = sol.expect("solution").0;
        let t = Instant::now();
        let cpu0 = thread_cpu();
        let secs: Option<f64> = std::env::var("AGREE_SECS").ok().and_then(|s| s.parse().ok());
        let mut budget = Budget::new(None, secs.map(std::time::Duration::from_secs_f64));
        let got = match measure.as_str() {
            "te" => {
                let mut g = Grid::from_values(&values).expect("brt");
                match te_depth(&mut g, &sol, 4, &mut budget) {
                    Rated::Value(v) => v as i64,
                    Rated::Above(v) => -(v as i64) - 100,
                }
            }
            "w" | "b" => {
                let kind = if measure == "w" { Kind::Whip } else { Kind::Braid };
                let mut g = Grid::from_values(&values).expect("brt");
                let skip = solution_masks(&sol);
                match rating(&mut g, kind, max, Some(&skip), &mut budget) {
                    Rated::Value(v) => v as i64,
                    Rated::Above(v) => -(v as i64) - 100,
                }
            }
            "bxb" | "bxbb" => {
                let depth = if measure == "bxb" { 1 } else { 2 };
                let mut g = Grid::from_values(&values).expect("brt");
                match bxb(&mut g, depth, &sol, max, &mut budget) {
                    Rated::Value(v) => v as i64,
                    Rated::Above(v) => -(v as i64) - 100,
                }
            }
            other => panic!("unknown measure {other}"),
        };
        times.push(t.elapsed().as_secs_f64());
        cpus.push(thread_cpu() - cpu0);
        if each {
            eprintln!(
                "line {} want {} got {got} cpu_ms {:.3} units {}",
                i + 1,
                want.trim(),
                cpus[cpus.len() - 1] * 1e3,
                budget.used()
            );
        }
        total += 1;
        if got.to_string() == want.trim() {
            same += 1;
        } else {
            println!("line {}: {p} want {want} got {got}", i + 1);
        }
    }
    println!("{measure} {file}: {same}/{total} equal ({:.2}%)", 100.0 * same as f64 / total as f64);
    for (name, mut v) in [("wall", times), ("cpu", cpus)] {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize] * 1e3;
        let sum: f64 = v.iter().sum();
        println!(
            "  {name} ms per puzzle: mean {:.3} median {:.3} p99 {:.3} max {:.3}; total {:.2} s",
            sum * 1e3 / total as f64,
            at(0.5),
            at(0.99),
            at(1.0),
            sum
        );
    }
}

/// This thread's CPU time in seconds (`CLOCK_THREAD_CPUTIME_ID`, nanosecond resolution). The
/// machine may be shared: CPU time is what the work itself costs.
fn thread_cpu() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec; the call only writes it.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok { t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9 } else { 0.0 }
}
