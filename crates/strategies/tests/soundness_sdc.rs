//! Soundness of Sue de Coq and the dual single-digit patterns on real candidate states: no
//! step may remove a candidate that is the solution's digit.
//!
//! States come from the puzzles of `datasets/magictour_top1465.txt`: the givens'
//! candidates, then rounds of (remove a pseudo-random share of the *wrong* candidates, which
//! keeps the solution intact; run the three techniques and check every step against the
//! solution; apply their eliminations and the singles). The solution comes from
//! `bitdoku_brute`.

use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line};
use bitdoku_strategies::TechniqueId;
use bitdoku_strategies::registry::find_all;
use std::path::PathBuf;

const TECHNIQUES: [TechniqueId; 3] =
    [TechniqueId::SueDeCoq, TechniqueId::DualTwoStringKite, TechniqueId::DualEmptyRectangle];

/// Places naked and hidden singles until none is left; `false` on a contradiction.
fn singles(c: &mut Candidates) -> bool {
    loop {
        if c.has_contradiction() {
            return false;
        }
        let mut progress = false;
        let naked = c.counts().exactly(1);
        for cell in naked {
            if let Some(d) = c.digits_at(cell).first() {
                c.place(cell, d);
                progress = true;
            }
        }
        for d in Digit::all() {
            for house in HOUSES {
                let spots = c.cells(d) & house;
                if spots.is_single() && (c.placed(d) & house).is_empty() {
                    c.place(spots.first().expect("one cell"), d);
                    progress = true;
                }
            }
        }
        if !progress {
            return !c.has_contradiction();
        }
    }
}

/// The wrong candidates of `c` (those that are not the solution's digit), per digit.
fn wrong(c: &Candidates, solution: &[u8; 81]) -> [CellSet; 9] {
    std::array::from_fn(|d| {
        c.masks()[d].iter().filter(|cell| solution[cell.index()] != d as u8 + 1).collect()
    })
}

#[test]
fn sue_de_coq_and_duals_never_remove_a_solution_digit() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets/magictour_top1465.txt");
    // The corpus is bundled: a missing file is a broken checkout, not a reason to pass.
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{:?}: {e}", &path));
    let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
    let mut hits = [0usize; 3];
    let mut states = 0usize;
    for line in text.lines() {
        let Ok(Some(puzzle)) = parse_line(line) else { continue };
        let start = puzzle.candidates();
        let (count, solution) = bitdoku_brute::solve_unique(&start.search_masks());
        assert_eq!(count, bitdoku_brute::Count::One, "{line}");
        let solution = solution.expect("one solution").0;
        let mut c = start;
        assert!(singles(&mut c));
        for _round in 0..30 {
            if c.is_solved() {
                break;
            }
            // Drop about one wrong candidate in ten: the solution stays a solution.
            let bad = wrong(&c, &solution);
            for (d, cells) in bad.iter().enumerate() {
                let drop: CellSet = cells.iter().filter(|_| rng.u8(..10) == 0).collect();
                c.eliminate(Digit::new(d as u8).expect("digit"), drop);
            }
            states += 1;
            let mut all = [CellSet::EMPTY; 9];
            for (t, &id) in TECHNIQUES.iter().enumerate() {
                for step in find_all(id, &c) {
                    hits[t] += 1;
                    assert!(step.changes(&c) && step.placements.iter().all(|p| p.is_empty()));
                    for d in Digit::all() {
                        let gone = step.eliminations[d.index()];
                        assert!(gone.is_subset(c.cells(d)), "{}", step.explain());
                        for cell in gone {
                            assert_ne!(
                                solution[cell.index()],
                                d.value(),
                                "{} removes the solution digit at {cell}\npuzzle {line}",
                                step.explain()
                            );
                        }
                        all[d.index()] |= gone;
                    }
                }
            }
            for d in Digit::all() {
                c.eliminate(d, all[d.index()]);
            }
            assert!(singles(&mut c), "contradiction after sound steps in {line}");
            assert!(
                c.placed_masks()
                    .iter()
                    .enumerate()
                    .all(|(d, m)| m.iter().all(|cell: Cell| solution[cell.index()] == d as u8 + 1))
            );
        }
    }
    eprintln!("{states} states; hits {:?} (sue de coq, dual kite, dual ER)", hits);
    assert!(states > 1000);
    assert!(hits.iter().all(|&h| h > 30), "too few pattern hits to mean anything: {hits:?}");
}
