//! Soundness check for the whole family on real puzzles: for uniquely solvable puzzles from
//! `datasets/magictour_top1465.txt`, build many candidate states that still contain the
//! solution (random non-given placements of solution digits, random removal of wrong
//! candidates) and assert that no uniqueness step ever removes a solution digit. Every
//! uniqueness deduction holds on any such state, so this exercises far more rectangles than
//! real solving paths do. A small backtracking solver gives the solutions (this crate has no
//! dependency on the brute-force crate).

use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit};

/// A backtracking solver over row/column/box masks (fewest options first).
struct Solver {
    grid: [u8; 81],
    used: [u16; 27],
    solutions: u32,
    first: Option<[u8; 81]>,
}

impl Solver {
    fn houses(i: usize) -> [usize; 3] {
        [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
    }

    /// Counts the solutions of `values` up to two; returns the first one if it is unique.
    fn unique(values: &[u8; 81]) -> Option<[u8; 81]> {
        let mut s = Solver { grid: *values, used: [0; 27], solutions: 0, first: None };
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                for h in Self::houses(i) {
                    if s.used[h] & 1 << v != 0 {
                        return None;
                    }
                    s.used[h] |= 1 << v;
                }
            }
        }
        s.search();
        if s.solutions == 1 { s.first } else { None }
    }

    fn search(&mut self) {
        let mut best: Option<(usize, u16)> = None;
        for i in 0..81 {
            if self.grid[i] != 0 {
                continue;
            }
            let [r, c, b] = Self::houses(i);
            let free = !(self.used[r] | self.used[c] | self.used[b]) & 0x3fe;
            if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
                best = Some((i, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((i, free)) = best else {
            self.solutions += 1;
            self.first.get_or_insert(self.grid);
            return;
        };
        for v in 1..=9u8 {
            if free >> v & 1 == 1 && self.solutions < 2 {
                let hs = Self::houses(i);
                self.grid[i] = v;
                hs.iter().for_each(|&h| self.used[h] |= 1 << v);
                self.search();
                hs.iter().for_each(|&h| self.used[h] &= !(1 << v));
                self.grid[i] = 0;
            }
        }
    }
}

/// `percent` in 100 (the workspace's one RNG crate, seeded).
fn chance(rng: &mut fastrand::Rng, percent: u64) -> bool {
    rng.u64(..100) < percent
}

#[test]
fn uniqueness_steps_never_remove_the_solution() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/magictour_top1465.txt");
    // The corpus is bundled: a missing file is a broken checkout, not a reason to pass.
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{:?}: {e}", path));
    let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
    let techniques: Vec<&crate::Technique> =
        crate::registry::all().filter(|t| t.family == crate::Family::Uniqueness).collect();
    let mut fired = vec![0u32; techniques.len()];
    for line in text.lines().take(250) {
        let mut values = [0u8; 81];
        for (v, ch) in values.iter_mut().zip(line.chars()) {
            *v = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let Some(solution) = Solver::unique(&values) else { continue };
        let truth: [CellSet; 9] = std::array::from_fn(|d| {
            Cell::all().filter(|c| solution[c.index()] == d as u8 + 1).collect()
        });
        for round in 0..24 {
            let mut state = Candidates::from_values(&values);
            let (place, delete) = (5 + round % 4 * 10, 30 + round % 6 * 12);
            for cell in state.unsolved() {
                if chance(&mut rng, place) {
                    state.place(cell, Digit::new_unchecked(solution[cell.index()] - 1));
                }
            }
            for d in Digit::all() {
                for cell in state.cells(d) - truth[d.index()] {
                    if chance(&mut rng, delete) {
                        state.eliminate(d, CellSet::single(cell));
                    }
                }
            }
            // Apply what the family finds a few times, checking every step.
            for _ in 0..4 {
                let mut changed = false;
                for (k, t) in techniques.iter().enumerate() {
                    for step in crate::registry::find_all(t.id, &state) {
                        for (d, &true_cells) in truth.iter().enumerate() {
                            assert!(
                                (step.eliminations[d] & true_cells).is_empty()
                                    && step.placements[d].is_subset(true_cells),
                                "unsound {} on {line}\nstate {}",
                                step.explain(),
                                bitdoku_bitboard::to_candidate_line(&state)
                            );
                        }
                        fired[k] += 1;
                        changed |= step.apply(&mut state);
                    }
                }
                if !changed {
                    break;
                }
            }
        }
    }
    for (t, n) in techniques.iter().zip(&fired) {
        eprintln!("{} {n}", t.id);
    }
    // BUG+1 needs a very special state and is covered by its unit and reglib cases.
    for (t, &n) in techniques.iter().zip(&fired) {
        if t.id == crate::TechniqueId::BugPlusOne {
            continue;
        }
        assert!(n > 0, "{} never fired: the test proves nothing for it", t.id);
    }
}
