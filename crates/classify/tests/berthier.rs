//! Agreement with D. Berthier's published classifications on a sample of the shared reference
//! files (`../shared/reference/berthier/`, or `$BITDOKU_BERTHIER`): the first lines of each
//! file, kept small for CI. The full files are measured by `examples/agree.rs` (see
//! `results/`). Without the files the test passes with a note, and fails when `CI` is set.

use bitdoku_classify::chains::Kind;
use bitdoku_classify::rating::{Rated, rating};
use bitdoku_classify::te::{solution_masks, te_depth};
use bitdoku_classify::{Budget, Grid, bxb::bxb};
use std::path::PathBuf;

/// A puzzle, its solution and Berthier's value.
type Row = ([u8; 81], [u8; 81], u32);

fn dir() -> PathBuf {
    std::env::var_os("BITDOKU_BERTHIER").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/berthier")
    })
}

/// The first `n` lines of a file with a value at most `max`, as (puzzle, solution, value);
/// `None` when the file is missing.
fn sample(file: &str, n: usize, max: u32) -> Option<Vec<Row>> {
    let path = dir().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        assert!(std::env::var_os("CI").is_none(), "{} is missing (CI is set)", path.display());
        eprintln!("skipped: {} is missing", path.display());
        return None;
    };
    Some(
        text.lines()
            .map(|line| line.split_once(' ').expect("PUZZLE VALUE"))
            .filter(|(_, v)| v.trim().parse::<u32>().expect("value") <= max)
            .take(n)
            .map(|(p, v)| {
                let values: [u8; 81] = std::array::from_fn(|k| {
                    let b = p.as_bytes()[k];
                    if b.is_ascii_digit() { b - b'0' } else { 0 }
                });
                let masks = bitdoku_brute::masks_from_values(&values);
                let (count, sol) = bitdoku_brute::count_solutions(&masks, 2);
                assert_eq!(count, 1, "{p}");
                (values, sol.expect("solution").0, v.trim().parse().expect("value"))
            })
            .collect(),
    )
}

fn te_of(p: &[u8; 81], sol: &[u8; 81]) -> Rated {
    te_depth(&mut Grid::from_values(p).expect("brt"), sol, 4, &mut Budget::unlimited())
}

#[test]
fn te_depth_agrees() {
    let Some(rows) = sample("eleven_sample40_min_TE.txt", 40, 9) else { return };
    for (p, sol, want) in rows {
        assert_eq!(te_of(&p, &sol), Rated::Value(want));
    }
    let Some(rows) = sample("monhard_TE3_BxBB.txt", 2, 9) else { return };
    for (p, sol, _) in rows {
        assert_eq!(te_of(&p, &sol), Rated::Value(3));
    }
}

#[test]
fn whip_and_braid_ratings_agree() {
    for (file, n, max, kind) in [
        ("royle17_W.txt", 150, 9, Kind::Whip),
        ("dob39c_B.txt", 25, 9, Kind::Braid),
        ("eleven_sample40_min_B.txt", 3, 7, Kind::Braid),
    ] {
        let Some(rows) = sample(file, n, max) else { return };
        for (p, sol, want) in rows {
            let mut g = Grid::from_values(&p).expect("brt");
            let got =
                rating(&mut g, kind, 30, Some(&solution_masks(&sol)), &mut Budget::unlimited());
            assert_eq!(got, Rated::Value(want), "{file}");
        }
    }
}

#[test]
fn bxb_agrees() {
    let Some(rows) = sample("eleven_sample40_min_BxB.txt", 3, 9) else { return };
    for (p, sol, want) in rows {
        let mut g = Grid::from_values(&p).expect("brt");
        assert_eq!(bxb(&mut g, 1, &sol, 10, &mut Budget::unlimited()), Rated::Value(want));
    }
}
