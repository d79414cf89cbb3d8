//! Soundness over real corpora: every step of every preset, in both granularities, is verified
//! against the brute-force solution before it is applied (the engine's `/bt`-style verifier),
//! every solution equals brute force's, and on puzzles with several solutions no uniqueness
//! step is ever taken and no step removes a candidate that some solution uses.
//! Whole corpora run through `bitdoku check`; here a few thousand puzzles keep `cargo test` fast.

use bitdoku_bitboard::parse_line;
use bitdoku_engine::{Engine, Granularity, Options, Order, Status};
use bitdoku_strategies::Family;
use std::path::PathBuf;

fn corpus(name: &str, take: usize, step: usize) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().step_by(step).take(take).map(|l| l[..81].to_string()).collect()
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
            for p in &puzzles {
                let Ok(Some(puzzle)) = parse_line(p) else { panic!("{p}") };
                let out = e.solve(&puzzle.candidates());
                assert!(out.unsound.is_empty(), "{name} {preset} {g:?} {p}: {}", out.unsound[0]);
                assert_eq!(out.status, Status::Solved, "{p}");
                assert!(out.uniqueness_allowed);
                let (_, sol) = bitdoku_brute::solve_unique(&puzzle.candidates().search_masks());
                assert_eq!(out.solution, sol.map(|s| s.0), "{p}");
                steps += out.verified_steps;
            }
            assert!(steps > 0);
        }
    }
}

const BOTH: &[Granularity] = &[Granularity::Single, Granularity::Batch];

#[test]
fn top1465_every_preset_sound() {
    check_unique("magictour_top1465.txt", 1465, 1, &["hodoku"], BOTH);
    check_unique("magictour_top1465.txt", 400, 3, &["singles", "seeds", "all"], BOTH);
}

#[test]
fn forum_hardest_sound() {
    check_unique("forum_hardest_1106.txt", 375, 1, &["hodoku", "seeds"], BOTH);
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
