//! Varied candidate states for tests that compare two computations of the same thing: the
//! first lines of a bundled corpus, each with seeded random placements (the solution's
//! digit) and random eliminations (any candidate, so some states are broken).

use bitdoku_bitboard::{Candidates, CellSet, Digit};

/// `per_puzzle` states for each of the first `puzzles` lines of `magictour_top1465.txt`.
pub(crate) fn varied(puzzles: usize, per_puzzle: usize) -> Vec<Candidates> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/magictour_top1465.txt");
    // The corpus is bundled: a missing file is a broken checkout, not a reason to pass.
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut rng = fastrand::Rng::with_seed(0x5eed_f0c1_a9b3_0001);
    let mut out = Vec::new();
    for line in text.lines().take(puzzles) {
        let mut values = [0u8; 81];
        for (v, ch) in values.iter_mut().zip(line.chars()) {
            *v = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let masks = bitdoku_brute::masks_from_values(&values);
        let solution = bitdoku_brute::solve_first(&masks).expect("a solvable puzzle").0;
        for k in 0..per_puzzle {
            let mut state = Candidates::from_values(&values);
            let (place, delete) = (k as u64 % 4 * 8, 10 + k as u64 % 5 * 12);
            for cell in state.unsolved() {
                if rng.u64(..100) < place {
                    state.place(cell, Digit::new_unchecked(solution[cell.index()] - 1));
                }
            }
            for d in Digit::all() {
                for cell in state.cells(d) {
                    let right = solution[cell.index()] == d.value();
                    // Mostly wrong candidates go; a few right ones too (broken states).
                    if rng.u64(..1000) < if right { 3 } else { delete * 10 } {
                        state.eliminate(d, CellSet::single(cell));
                    }
                }
            }
            out.push(state);
        }
    }
    out
}
