//! HoDoKu-exact step choice for the `hodoku` preset: regression puzzles whose level and score
//! HoDoKu 2.2.0 printed in batch mode (`/bs`, default steps), and the brute force placed one
//! cell at a time.

use bitdoku_bitboard::parse_line;
use bitdoku_engine::{Engine, Granularity, Options, Order, Outcome};
use bitdoku_strategies::{Level, TechniqueId};

fn rate(puzzle: &str, hodoku: bool) -> Outcome {
    let mut o = Options::new(Order::preset("hodoku").unwrap());
    assert!(o.hodoku, "on by default for the hodoku preset");
    o.hodoku = hodoku;
    o.granularity = Granularity::Single;
    o.trace = true;
    Engine::new(o).solve(&parse_line(puzzle).unwrap().unwrap().candidates())
}

/// HoDoKu takes r3c1=6 ... r4c5=1 as hidden singles from its queue, then pointing 9 in b5
/// before 2 in b6 (box by box): Medium (694).
#[test]
fn singles_queue_and_pointing_box_by_box() {
    let p = "514.....7........6..87.2....5.....3.1....3......6.519......4.6..6.....78.73.8...9";
    let out = rate(p, true);
    assert_eq!((out.rating.level(), out.rating.score), (Level::Medium, 694));
    let first_lc = out.steps.iter().find(|s| s.technique == TechniqueId::LockedCandidatesPointing);
    assert!(first_lc.is_some());
}

/// sudoku17 #1: Medium (916) in HoDoKu.
#[test]
fn seventeen_clue_puzzle() {
    let p = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let out = rate(p, true);
    assert_eq!((out.rating.level(), out.rating.score), (Level::Medium, 916));
}

#[test]
fn brute_force_places_one_cell_at_a_time() {
    let p = "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..1..48..1..3......2..6...2..9...";
    let out = rate(p, true);
    assert!(out.fallback);
    let bf: Vec<_> = out.steps.iter().filter(|s| s.technique == TechniqueId::BruteForce).collect();
    assert!(!bf.is_empty());
    for s in &bf {
        assert_eq!(s.placements.iter().map(|p| p.len()).sum::<u32>(), 1);
    }
    assert_eq!(out.rating.score % 10_000, out.rating.score - 10_000 * bf.len() as u32);
    assert!(out.final_state.is_solved());
    // Without HoDoKu's choice the fallback is one step that fills every empty cell.
    let plain = rate(p, false);
    assert_eq!(plain.steps.iter().filter(|s| s.technique == TechniqueId::BruteForce).count(), 1);
}
