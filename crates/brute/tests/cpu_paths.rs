//! The portable search and the x86-64-v3 search, with and without `PEXT`, give the same
//! counts, solutions and guess counts (on a processor without x86-64-v3 every run takes the
//! portable path).

use bitdoku_brute::{count_solutions_with_stats, cpu};

fn masks_of(line: &str) -> [u128; 9] {
    let all = (1u128 << 81) - 1;
    let mut masks = [all; 9];
    for (i, b) in line.bytes().take(81).enumerate() {
        if let b'1'..=b'9' = b {
            let d = (b - b'1') as usize;
            let (r, c) = (i / 9, i % 9);
            for j in 0..81 {
                let (r2, c2) = (j / 9, j % 9);
                let peer = j != i && (r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3));
                if peer {
                    masks[d] &= !(1u128 << j);
                }
            }
            for (e, m) in masks.iter_mut().enumerate() {
                if e != d {
                    *m &= !(1u128 << i);
                }
            }
        }
    }
    masks
}

#[test]
fn every_path_agrees() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets");
    let mut lines = Vec::new();
    for (file, n) in [
        ("forum_hardest_1106.txt", 375),
        ("serg_benchmark.txt", 300),
        ("sudoku17_royle_49158.txt", 300),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).expect("bundled corpus");
        lines.extend(text.lines().filter(|l| l.len() >= 81).take(n).map(str::to_string));
    }
    let run = |portable: bool, pext: bool| {
        cpu::force_portable(portable);
        cpu::force_pext(Some(pext));
        let path = cpu::path();
        let out: Vec<_> = lines
            .iter()
            .map(|l| {
                let (count, solution, stats) = count_solutions_with_stats(&masks_of(l), 2);
                (count, solution.map(|s| s.0), stats.guesses)
            })
            .collect();
        (path, out)
    };
    let (p1, portable) = run(true, false);
    let (p2, table) = run(false, false);
    let (p3, pext) = run(false, true);
    cpu::force_pext(None);
    assert_eq!(p1, "portable");
    eprintln!("paths run: {p1}, {p2}, {p3}");
    if cpu::use_v3() {
        assert_eq!((p2, p3), ("x86-64-v3", "x86-64-v3+pext"));
    }
    assert_eq!(portable, table);
    assert_eq!(portable, pext);
}
