//! The franken, mutant and large fish of both engines find the same eliminations (the union of
//! all instances) on states no solve path reaches: corpus puzzles whose wrong candidates were
//! thinned at random (each one dropped with some probability; the solution's candidates stay,
//! so every state is consistent). This complements `agree.rs`, which only sees the states of
//! the engines' own paths.

use bitdoku_bench::corpus;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, Puzzle};
use bitdoku_naive::NaiveGrid;
use bitdoku_strategies::{TechniqueId, registry};

const SIZES: [&str; 6] = ["x-wing", "swordfish", "jellyfish", "squirmbag", "whale", "leviathan"];

/// Thinned states of `count` sampled top1465 puzzles: both engines' views of each.
fn states(count: usize, seed: u64) -> Vec<(Candidates, NaiveGrid)> {
    let path = format!("{}/../../datasets/magictour_top1465.txt", env!("CARGO_MANIFEST_DIR"));
    let c = corpus::load(&path, Some(count), seed).expect("corpus");
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    for e in &c.entries {
        let Puzzle::Givens(values) = &e.puzzle else { continue };
        let solution = bitdoku_brute::solve_first(&e.search_masks()).expect("solvable").0;
        // Keep between 40% and 100% of the wrong candidates.
        let keep = 0.4 + 0.6 * rng.f64();
        let mut state = e.candidates();
        let mut grid = NaiveGrid::from_values(values);
        for (cell, &right) in solution.iter().enumerate() {
            for value in 1..=9u8 {
                if value != right && grid.has(cell, value) && rng.f64() >= keep {
                    grid.eliminate(cell, value);
                    let digit = Digit::from_value(value).expect("digit");
                    let cell_index = u8::try_from(cell).expect("cell index");
                    let cells = CellSet::single(Cell::new(cell_index).expect("cell"));
                    state.eliminate(digit, cells);
                }
            }
        }
        out.push((state, grid));
    }
    out
}

/// The bitboard engine's effects of `id` (all instances), sorted.
fn bitboard(id: &str, state: &Candidates) -> Vec<String> {
    let id: TechniqueId = id.parse().expect("id");
    let mut all: Vec<String> = registry::find_all(id, state)
        .iter()
        .flat_map(bitdoku_strategies::Step::effects_text)
        .collect();
    all.sort();
    all.dedup();
    all
}

/// The naive engine's effects of `id`, sorted.
fn naive(id: &str, grid: &NaiveGrid) -> Vec<String> {
    let found = bitdoku_naive::find(id, grid).expect("naive twin");
    let mut all: Vec<String> = found.to_text().split_whitespace().map(str::to_string).collect();
    all.sort();
    all.dedup();
    all
}

/// Compares `ids` on `states`; returns how many states each id eliminated something on.
fn compare(ids: &[String], states: &[(Candidates, NaiveGrid)]) -> Vec<(String, usize)> {
    let mut fired = Vec::new();
    for id in ids {
        let mut hits = 0;
        for (i, (state, grid)) in states.iter().enumerate() {
            let b = bitboard(id, state);
            assert_eq!(b, naive(id, grid), "{id}, state {i}");
            hits += usize::from(!b.is_empty());
        }
        fired.push((id.clone(), hits));
    }
    fired
}

fn family(prefix: &str) -> Vec<String> {
    SIZES.iter().map(|s| format!("{prefix}{s}")).collect()
}

#[test]
fn franken_fish_on_thinned_states() {
    let states = states(24, 11);
    let mut ids = family("franken-");
    ids.extend(family("finned-franken-").into_iter().take(2));
    let fired = compare(&ids, &states);
    eprintln!("{fired:?}");
    assert!(fired.iter().all(|(_, n)| *n > 0), "{fired:?}");
    // The larger finned franken fish cost seconds a state: three states here; the solve paths
    // of `agree.rs` cover them too.
    let fired = compare(&family("finned-franken-")[2..], &states[..3]);
    eprintln!("{fired:?}");
}

#[test]
fn mutant_fish_on_thinned_states() {
    let states = states(10, 12);
    let mut ids = family("mutant-");
    ids.extend(family("finned-mutant-").into_iter().take(2));
    let fired = compare(&ids, &states);
    eprintln!("{fired:?}");
    assert!(fired.iter().all(|(_, n)| *n > 0), "{fired:?}");
    // Finned mutant fish from squirmbag up take 20 s or more on one state (the naive twin's
    // search): the jellyfish on one state here; `agree.rs` runs all sizes on solve paths.
    let fired = compare(&family("finned-mutant-")[2..3], &states[..1]);
    eprintln!("{fired:?}");
}

#[test]
fn large_fish_on_thinned_states() {
    let states = states(200, 13);
    let mut ids = Vec::new();
    for size in ["squirmbag", "whale", "leviathan"] {
        for kind in ["", "finned-", "sashimi-"] {
            ids.push(format!("{kind}{size}"));
        }
    }
    let fired = compare(&ids, &states);
    eprintln!("{fired:?}");
    assert!(fired.iter().any(|(_, n)| *n > 0), "{fired:?}");
}
