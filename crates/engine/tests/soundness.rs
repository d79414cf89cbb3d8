//! Soundness over real corpora: every step of every preset, in both granularities, is verified
//! against the brute-force solution before it is applied (the engine's `/bt`-style verifier),
//! every solution equals brute force's, and on puzzles with several solutions no uniqueness
//! step is ever taken and no step removes a candidate that some solution uses.
//! Whole corpora run through `bitdoku check`; here a few thousand puzzles keep `cargo test` fast.
//!
//! Every puzzle runs in three input forms: the 81-character line, the same puzzle as a
//! 729-character candidate grid (no givens: a technique that relies on givens, as avoidable
//! rectangles once did, is caught here), and that grid after a few sound eliminations
//! (candidates the solution does not use, picked by a fixed hash of the puzzle index).

use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line, to_candidate_line};
use bitdoku_engine::{Engine, Granularity, Options, Order, Status};
use bitdoku_strategies::{Family, TechniqueId};
use std::path::PathBuf;

fn corpus(name: &str, take: usize, step: usize) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().step_by(step).take(take).map(|l| l[..81].to_string()).collect()
}

/// The three input forms of one puzzle line (see the module docs).
fn forms(line: &str, index: usize) -> [Candidates; 3] {
    let Ok(Some(puzzle)) = parse_line(line) else { panic!("{line}") };
    let plain = puzzle.candidates();
    let grid_line = to_candidate_line(&plain);
    let Ok(Some(grid)) = parse_line(&grid_line) else { panic!("{grid_line}") };
    let grid = grid.candidates();
    assert!(grid.solved().is_empty() && grid.givens().is_empty());
    let (_, sol) = bitdoku_brute::solve_unique(&plain.search_masks());
    let mut thinned = grid;
    if let Some(sol) = sol {
        let mut removed = 0;
        for cell in 0..81u8 {
            for d in 0..9u8 {
                let digit = Digit::new_unchecked(d);
                let c = Cell::new_unchecked(cell);
                let keyed = (usize::from(cell) * 9 + usize::from(d) + index * 31) % 23 == 0;
                if keyed
                    && removed < 6
                    && sol.0[usize::from(cell)] != d + 1
                    && thinned.cells(digit).contains(c)
                {
                    thinned.eliminate(digit, CellSet::single(c));
                    removed += 1;
                }
            }
        }
    }
    [plain, grid, thinned]
}

fn engine(preset: &str, granularity: Granularity) -> Engine {
    let mut o = Options::new(Order::parse(preset).unwrap());
    o.granularity = granularity;
    o.verify = true;
    o.trace = true;
    Engine::new(o)
}

fn check_unique(
    name: &str,
    take: usize,
    step: usize,
    presets: &[&str],
    granularities: &[Granularity],
) {
    let puzzles = corpus(name, take, step);
    for preset in presets {
        for &g in granularities {
            let e = engine(preset, g);
            let mut steps = 0;
            for (i, p) in puzzles.iter().enumerate() {
                for (form, state) in forms(p, i).iter().enumerate() {
                    let out = e.solve(state);
                    assert!(
                        out.unsound.is_empty(),
                        "{name} {preset} {g:?} form {form} {p}: {}",
                        out.unsound[0]
                    );
                    assert_eq!(out.status, Status::Solved, "{p} form {form}");
                    assert!(out.uniqueness_allowed);
                    let (_, sol) = bitdoku_brute::solve_unique(&state.search_masks());
                    assert_eq!(out.solution, sol.map(|s| s.0), "{p} form {form}");
                    steps += out.verified_steps;
                }
            }
            assert!(steps > 0);
        }
    }
}

const BOTH: &[Granularity] = &[Granularity::Single, Granularity::Batch];

// The corpus sweeps are split by preset and granularity so that libtest runs them side by
// side (one test took 85 s of wall time alone).

// top1465: every fourth puzzle with `hodoku`, every sixth with the other presets (every
// second and third took 82 s of CPU in one test; the whole file took two minutes of the test
// run with HoDoKu's net tables). `bitdoku check FILE --preset P` and
// `scripts/agree_corpora.sh` cover whole files.

#[test]
fn top1465_hodoku_single_sound() {
    check_unique("magictour_top1465.txt", 367, 4, &["hodoku"], &[Granularity::Single]);
}

#[test]
fn top1465_hodoku_batch_sound() {
    check_unique("magictour_top1465.txt", 367, 4, &["hodoku"], &[Granularity::Batch]);
}

#[test]
fn top1465_other_presets_sound() {
    check_unique("magictour_top1465.txt", 245, 6, &["singles", "seeds", "all"], BOTH);
}

#[test]
fn forum_hardest_hodoku_sound() {
    // Every fifth puzzle: `hodoku` and `seeds` on every second one took 47 s of CPU, nearly
    // all of it `hodoku` (HoDoKu's net tables on puzzles that need nets).
    check_unique("forum_hardest_1106.txt", 75, 5, &["hodoku"], BOTH);
}

#[test]
fn forum_hardest_seeds_sound() {
    check_unique("forum_hardest_1106.txt", 188, 2, &["seeds"], BOTH);
}

#[test]
fn seventeen_clue_sound() {
    check_unique("sudoku17_royle_49158.txt", 1000, 49, &["hodoku", "seeds"], &[Granularity::Batch]);
}

#[test]
fn generated_sound() {
    check_unique("generated_minimal_10k.txt", 1000, 10, &["hodoku"], BOTH);
}

#[test]
fn multi_solution_puzzles_never_use_uniqueness() {
    let puzzles = corpus("serg_benchmark.txt", 300, 33);
    for preset in ["hodoku", "all", "seeds"] {
        let mut o = Options::new(Order::parse(preset).unwrap());
        o.fallback = false;
        o.verify = true;
        o.trace = true;
        o.granularity = Granularity::Single;
        let e = Engine::new(o);
        for p in &puzzles {
            let Ok(Some(puzzle)) = parse_line(p) else { panic!("{p}") };
            let out = e.solve(&puzzle.candidates());
            assert_eq!(out.status, Status::MultipleSolutions, "{p}");
            assert!(!out.uniqueness_allowed);
            assert!(out.unsound.is_empty(), "{p}: {}", out.unsound[0]);
            assert!(out.steps.iter().all(|s| s.technique.family() != Family::Uniqueness), "{p}");
        }
    }
}

#[test]
fn no_solution_and_counts_from_tdoku_test_set() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../datasets/tdoku_test_puzzles_with_counts.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let e = engine("hodoku", Granularity::Single);
    for line in text.lines() {
        let mut f = line.split(':');
        let (p, count) = (f.next().unwrap(), f.next().unwrap().parse::<u32>().unwrap());
        let Ok(Some(puzzle)) = parse_line(p) else { panic!("{p}") };
        let out = e.solve(&puzzle.candidates());
        let want = match count {
            0 => Status::NoSolution,
            1 => Status::Solved,
            _ => Status::MultipleSolutions,
        };
        assert_eq!(out.status, want, "{line}");
        assert!(out.unsound.is_empty(), "{p}: {}", out.unsound[0]);
        if let Some(sol) = f.next() {
            let got: String = out.solution.unwrap().iter().map(|&v| (b'0' + v) as char).collect();
            assert_eq!(got, sol);
        }
    }
}

/// Regression: top1465 line 12 given as a 729-character grid once got the false step
/// `avoidable-rectangle-1: r6c5<>2` (the solution has 2 there): a candidate grid has no givens,
/// and avoidable rectangles took its single-candidate cells, placed by the solver, as open.
#[test]
fn avoidable_rectangle_never_fires_on_candidate_grid_input() {
    let line = &corpus("magictour_top1465.txt", 12, 1)[11];
    let e = engine("hodoku", Granularity::Single);
    let [plain, grid, thinned] = forms(line, 11);
    for state in [grid, thinned] {
        let out = e.solve(&state);
        let avoidable = [TechniqueId::AvoidableRectangle1, TechniqueId::AvoidableRectangle2];
        if let Some(s) = out.steps.iter().find(|s| avoidable.contains(&s.technique)) {
            panic!("an avoidable rectangle fired on candidate-grid input: {}", s.explain());
        }
        assert!(out.unsound.is_empty(), "{}", out.unsound[0]);
    }
    assert_eq!(e.solve(&plain).status, Status::Solved);
}

/// Regression (found by the technique fuzz campaign): on a candidate grid, unique rectangle
/// type 1 took corners holding only one of its two digits (`r6c1` = {8}, `r6c9` = {9}) and
/// removed 8 from r5c9, the solution's digit. In a grid the candidates are part of the puzzle,
/// so a corner must keep both digits.
#[test]
fn unique_rectangle_on_a_candidate_grid_needs_both_digits_in_every_corner() {
    let grid = "12....78.123.5..8...3.5.7..1....678.12...678.1................912.456....23456.8.12....789123.....9..3..67.91....6.89...4.........5....1....6.8.12...6....23..6.8....4.....12..5..89....56...1....6.8912...6.89..3......1...56.8.12..56.........7....3.......2..5..89...4....91...56.8.1...56.891.......91..45678.1..4567.....456..........89.....6.......5...9...4.....1...5..89......7...2.........3..........5..8........8.......7..1..........3.56.8...3.56.8..2..........456.8....456...........91.....7.91.3.....9.......8.1.3.5.7.91.3.5.7.9.....6......45.7...2.45.7.9.2.45.........6...1.3.....9..3...7.9.2.......1.3.5.7.91..4....9...45.7.........8....45........5.......4......2.............7.9......7.9.......8...3...........67.91........";
    let Ok(Some(puzzle)) = parse_line(grid) else { panic!("grid") };
    let out = engine("hodoku", Granularity::Single).solve(&puzzle.candidates());
    assert!(out.unsound.is_empty(), "{}", out.unsound[0]);
    assert_eq!(out.status, Status::Solved);
}

/// The `complete` preset finishes the hardest puzzles by logic alone (nested forcing nets
/// last), every step verified against the solution, in both granularities.
#[test]
fn complete_preset_needs_no_fallback_on_the_hardest() {
    let puzzles = corpus("forum_hardest_1106.txt", 16, 23);
    for &g in BOTH {
        let mut o = Options::new(Order::parse("complete").unwrap());
        o.granularity = g;
        o.verify = true;
        o.fallback = false;
        let e = Engine::new(o);
        for p in &puzzles {
            let state = parse_line(p).unwrap().unwrap().candidates();
            let out = e.solve(&state);
            assert!(out.unsound.is_empty(), "{p} {g:?}: {}", out.unsound[0]);
            assert_eq!(out.status, Status::Solved, "{p} {g:?}: stuck without the fallback");
        }
    }
}
