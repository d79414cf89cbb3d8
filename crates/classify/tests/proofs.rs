//! Shown whips and braids are valid: every chain of a W or B resolution path, replayed on the
//! state it was found in, satisfies the definition ([`ChainProof::verify`], written apart from
//! the search), eliminates a candidate that is not in the brute-force solution, and the
//! replayed eliminations (with BRT after each) solve the puzzle; the longest chain of the
//! path is the rating. Data: the first puzzles of the bundled corpora that are T&E(1), and
//! the first lines of Berthier's W and B files (`../shared/reference/berthier/`, or
//! `$BITDOKU_BERTHIER`; without them that part passes with a note, and fails when `CI` is set).

use bitdoku_classify::chains::Kind;
use bitdoku_classify::proof::{ChainProof, shortest};
use bitdoku_classify::rating::{Rated, rating, rating_path};
use bitdoku_classify::te::{solution_masks, te_depth};
use bitdoku_classify::{Budget, Grid};
use std::path::PathBuf;

fn values(p: &str) -> [u8; 81] {
    std::array::from_fn(|k| {
        let b = p.as_bytes()[k];
        if b.is_ascii_digit() { b - b'0' } else { 0 }
    })
}

fn solution(p: &[u8; 81]) -> [u8; 81] {
    let (count, sol) = bitdoku_brute::count_solutions(&bitdoku_brute::masks_from_values(p), 2);
    assert_eq!(count, 1);
    sol.expect("solution").0
}

/// Replays the `kind` path of puzzle `p`; returns its rating.
fn check_path(p: &[u8; 81], kind: Kind) -> Rated {
    let sol = solution(p);
    let start = Grid::from_values(p).expect("brt");
    let skip = solution_masks(&sol);
    let mut g = start.clone();
    let (rated, path) = rating_path(&mut g, kind, 12, Some(&skip), &mut Budget::unlimited());
    // The path changes nothing about the rating.
    let mut plain = start.clone();
    assert_eq!(rating(&mut plain, kind, 12, Some(&skip), &mut Budget::unlimited()), rated);
    let mut replay = start.clone();
    let mut longest = 0;
    for proof in &path {
        assert_eq!(proof.kind, kind);
        if let Err(e) = proof.verify(&replay) {
            panic!("{proof}: {e}");
        }
        let (d, c) = proof.target_digit_cell();
        assert_ne!(usize::from(sol[c]), d + 1, "{proof} eliminates a solution digit");
        assert!(replay.eliminate(d, c), "{proof}: contradiction");
        longest = longest.max(proof.len() as u32);
    }
    if let Rated::Value(r) = rated {
        assert!(replay.is_solved(), "the path solves the puzzle");
        assert_eq!(longest, r, "the longest chain is the rating");
        assert_eq!(replay.values(), &sol);
    }
    rated
}

/// A wrong chain is caught: the shortest whip with its first variable dropped, or aimed at
/// the solution's digit of its cell, fails the check.
fn check_verify_rejects(p: &[u8; 81]) {
    let sol = solution(p);
    let g = Grid::from_values(p).expect("brt");
    let Some(proof) =
        shortest(&g, Kind::Whip, 12, Some(&solution_masks(&sol)), &mut Budget::unlimited())
            .expect("no budget")
    else {
        return;
    };
    proof.verify(&g).expect("valid");
    if proof.len() > 1 {
        let mut cut = proof.clone();
        cut.links.remove(0);
        assert!(cut.verify(&g).is_err(), "{proof} without its first variable");
    }
    let mut moved = proof.clone();
    let (d, c) = proof.target_digit_cell();
    assert_ne!(usize::from(sol[c]), d + 1);
    // A valid chain for the solution's digit would be unsound: the check must refuse it.
    moved.target = (usize::from(sol[c]) - 1) * 81 + c;
    assert!(moved.verify(&g).is_err(), "{proof} aimed at the solution's digit");
}

fn te1(p: &[u8; 81]) -> bool {
    let sol = solution(p);
    let r = te_depth(&mut Grid::from_values(p).expect("brt"), &sol, 2, &mut Budget::unlimited());
    r == Rated::Value(1)
}

#[test]
fn bundled_paths_replay() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../datasets/magictour_top1465.txt"
    ))
    .expect("bundled corpus");
    let (mut checked, mut rated) = (0, 0);
    for line in text.lines().filter(|l| l.len() >= 81) {
        let p = values(&line[..81]);
        if !te1(&p) {
            continue;
        }
        for kind in [Kind::Whip, Kind::Braid] {
            // A rating past 12 (cut) still replays its partial path.
            rated += usize::from(matches!(check_path(&p, kind), Rated::Value(_)));
        }
        check_verify_rejects(&p);
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12, "enough T&E(1) puzzles in the corpus");
    assert!(rated >= 12, "most paths solve within length 12 ({rated} of 24)");
}

fn berthier(file: &str) -> Option<String> {
    let dir = std::env::var_os("BITDOKU_BERTHIER").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/berthier")
    });
    let path = dir.join(file);
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) => {
            assert!(std::env::var_os("CI").is_none(), "{} is missing (CI is set)", path.display());
            eprintln!("skipped: {} is missing", path.display());
            None
        }
    }
}

#[test]
fn berthier_paths_replay_and_rate() {
    for (file, kind, n) in [("royle17_W.txt", Kind::Whip, 40), ("dob39c_B.txt", Kind::Braid, 12)] {
        let Some(text) = berthier(file) else { return };
        let rows =
            text.lines().filter_map(|l| l.split_once(' ')).filter(|(_, v)| v.trim() != "0").take(n);
        for (p, v) in rows {
            let want: u32 = v.trim().parse().expect("value");
            assert_eq!(check_path(&values(p), kind), Rated::Value(want), "{file}: {p}");
        }
    }
}

#[test]
fn notation() {
    // Berthier's notation for each kind of variable, and the target.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../datasets/magictour_top1465.txt"
    ))
    .expect("bundled corpus");
    let p = values(text.lines().next().expect("a line"));
    let sol = solution(&p);
    let g = Grid::from_values(&p).expect("brt");
    let proof: ChainProof =
        shortest(&g, Kind::Braid, 12, Some(&solution_masks(&sol)), &mut Budget::unlimited())
            .expect("no budget")
            .expect("a braid");
    let s = proof.to_string();
    assert!(s.starts_with(&format!("braid[{}]: ", proof.len())), "{s}");
    assert!(s.contains(" => r") && s.contains(" <> "), "{s}");
    assert!(s.contains(" .}"), "{s}: the last variable has no right-linking candidate");
    assert_eq!(s.matches('{').count(), proof.len(), "{s}");
}
