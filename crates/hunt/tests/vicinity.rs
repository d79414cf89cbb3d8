//! The {-n+m} enumeration against a plain one (every removal set, every addition set, every
//! digit tuple, kept when the brute-force counter says one solution), on small cases; and
//! random draws are unique neighbours that the enumeration visits.

use bitdoku_hunt::{Vicinity, enumerate, is_unique, sample_one};
use std::collections::BTreeSet;

/// forum_hardest_1905_11plus's first puzzle.
const SEED: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

fn values(line: &str) -> [u8; 81] {
    std::array::from_fn(|i| match line.as_bytes()[i] {
        b @ b'1'..=b'9' => b - b'0',
        _ => 0,
    })
}

/// Every subset of `items` of size `k`.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, x);
            out.push(rest);
        }
    }
    out
}

/// The plain neighbourhood: no pruning, all 9^m digit tuples.
fn plain(seed: &[u8; 81], v: Vicinity) -> BTreeSet<[u8; 81]> {
    let clues: Vec<usize> = (0..81).filter(|&c| seed[c] != 0).collect();
    let empty: Vec<usize> = (0..81).filter(|&c| seed[c] == 0).collect();
    let mut out = BTreeSet::new();
    for r in subsets(&clues, v.remove as usize) {
        for a in subsets(&empty, v.add as usize) {
            for t in 0..9usize.pow(v.add) {
                let mut p = *seed;
                for &c in &r {
                    p[c] = 0;
                }
                let mut k = t;
                for &c in &a {
                    p[c] = (k % 9) as u8 + 1;
                    k /= 9;
                }
                if is_unique(&p) {
                    out.insert(p);
                }
            }
        }
    }
    out
}

fn enumerated(seed: &[u8; 81], v: Vicinity) -> BTreeSet<[u8; 81]> {
    let mut out = BTreeSet::new();
    let mut n = 0;
    enumerate(seed, v, &mut |p| {
        n += 1;
        out.insert(p);
    });
    assert_eq!(n, out.len(), "each neighbour visited once");
    out
}

#[test]
fn enumeration_equals_the_plain_neighbourhood() {
    let seed = values(SEED);
    for v in ["-1+1", "-0+1", "-1+0", "-2+1"] {
        let v: Vicinity = v.parse().unwrap();
        let a = enumerated(&seed, v);
        let b = plain(&seed, v);
        assert_eq!(a, b, "{v}");
        eprintln!("{v}: {} unique neighbours", a.len());
    }
}

#[test]
fn draws_are_unique_neighbours_of_the_seed() {
    let seed = values(SEED);
    let v: Vicinity = "-1+1".parse().unwrap();
    let all = enumerated(&seed, v);
    let mut rng = fastrand::Rng::with_seed(7);
    let mut drawn = 0;
    for _ in 0..300 {
        if let Some(p) = sample_one(&seed, v, &mut rng) {
            assert!(all.contains(&p));
            drawn += 1;
        }
    }
    assert!(drawn > 100, "{drawn} unique draws of 300");
    let v: Vicinity = "-2+2".parse().unwrap();
    let mut drawn = 0;
    for _ in 0..100 {
        if let Some(p) = sample_one(&seed, v, &mut rng) {
            assert!(is_unique(&p));
            let removed = (0..81).filter(|&c| seed[c] != 0 && p[c] == 0).count();
            let added = (0..81).filter(|&c| seed[c] == 0 && p[c] != 0).count();
            let kept = (0..81).filter(|&c| seed[c] != 0 && p[c] == seed[c]).count();
            let clues = seed.iter().filter(|&&d| d != 0).count();
            assert_eq!((removed, added, kept + removed), (2, 2, clues));
            drawn += 1;
        }
    }
    assert!(drawn > 20, "{drawn} unique draws of 100");
}
