//! HoDoKu-exact step choice for the `hodoku` preset: regression puzzles whose level and score
//! HoDoKu 2.2.0 printed in batch mode (`/bs`, default steps), and the brute force placed one
//! cell at a time.

use bitdoku_bitboard::parse_line;
use bitdoku_engine::{Engine, Granularity, Options, Order, Outcome, StepChoice};
use bitdoku_strategies::{Level, TechniqueId};

fn rate(puzzle: &str, hodoku: bool) -> Outcome {
    let mut o = Options::new(Order::preset("hodoku").unwrap());
    assert_eq!(o.step_choice, StepChoice::Hodoku, "the hodoku preset's step choice");
    if !hodoku {
        o.step_choice = StepChoice::Finder;
    }
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
    // forum_hardest_1106 line 1: beyond forcing chains and nets.
    let p = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
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

/// Puzzles whose HoDoKu path depends on one search order or deletion order each, with the
/// level and score HoDoKu 2.2.0 printed for them (generated_minimal_first100k lines 1384,
/// 1057, 1110, 1842).
#[test]
fn search_and_deletion_orders() {
    for (p, level, score, what) in [
        (
            "..48.6.3.......64..8......12.7.6...4..57..8......5..29..3..7.6...9.1.......2.9...",
            Level::Hard,
            814,
            "XY-Wing cells ascending, then W-Wing cells and digit",
        ),
        (
            "....3..9..53..1.76..2....4.74..92...2..68........1......45....95......6.97...8..4",
            Level::Hard,
            1240,
            "turbot fish sorted by eliminations and index sum",
        ),
        (
            ".1..9.7.3.673....1...6..........83.2....2.....7...5....2..6......8...14...4..9.3.",
            Level::Medium,
            362,
            "locked pair eliminations deleted column first, then box",
        ),
        (
            "...........54.96..8.3.25......17....5......9.4.......6.8..1.95....6.2..83.2.9....",
            Level::Hard,
            598,
            "skyscrapers in rows before columns",
        ),
    ] {
        let out = rate(p, true);
        assert_eq!((out.rating.level(), out.rating.score), (level, score), "{what}");
    }
}

/// Puzzles whose HoDoKu path runs through forcing nets (HoDoKu's net tables: singles inside,
/// its expansion and its net check) and, for the forum ones, through HoDoKu giving up and
/// guessing (`bf`), with the level and score HoDoKu 2.2.0 printed for them
/// (`datasets/reference/hodoku/`: top1465 lines 1 and 7, forum_hardest_1106 lines 1, 5
/// and 150; the last one also needs HoDoKu's avoidable rectangle 2 search).
#[test]
fn forcing_nets_and_giving_up() {
    for (p, score) in [
        ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", 5328),
        (
            ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
            13582,
        ),
        (
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            32624,
        ),
        (
            "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
            28228,
        ),
        (
            "1..4..7....7..9..6.8.....5.....1....83..9......5..7.6.3.......5....4..92..2..56..",
            32100,
        ),
    ] {
        let out = rate(p, true);
        assert_eq!((out.rating.level(), out.rating.score), (Level::Extreme, score), "{p}");
    }
}

/// `check` verifies the logic between and after the guessed cells too.
#[test]
fn steps_after_a_guess_are_verified() {
    let p = "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..1..48..1..3......2..6...2..9...";
    let mut o = Options::new(Order::preset("hodoku").unwrap());
    o.granularity = Granularity::Single;
    o.trace = true;
    o.verify = true;
    let out = Engine::new(o).solve(&parse_line(p).unwrap().unwrap().candidates());
    let logical = out.steps.iter().filter(|s| s.technique != TechniqueId::BruteForce).count();
    assert_eq!(out.verified_steps, logical as u64);
    assert!(out.unsound.is_empty());
}

/// The `hodoku` preset's single-step paths (traced and verified) of the first `n` top1465
/// puzzles: each puzzle line and the engine's outcome.
fn top1465_paths(n: usize) -> Vec<(String, Outcome)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/magictour_top1465.txt");
    let text = std::fs::read_to_string(path).expect("corpus");
    let mut options = Options::new(Order::preset("hodoku").expect("preset"));
    options.granularity = Granularity::Single;
    options.trace = true;
    options.verify = true;
    let engine = Engine::new(options);
    text.lines()
        .take(n)
        .map(|line| {
            let start = parse_line(line).unwrap().unwrap().candidates();
            (line.to_string(), engine.solve(&start))
        })
        .collect()
}

/// On the `hodoku` path of the first top1465 puzzles every ALS chain holds four or more
/// ALSs, moves to later ALSs only (its first ALS is the earliest) and is sound.
#[test]
fn als_chains_move_forward_and_are_sound() {
    let mut chains = 0;
    for (line, out) in top1465_paths(60) {
        assert!(out.unsound.is_empty(), "{line}: {:?}", out.unsound);
        for step in out.steps.iter().filter(|s| s.technique == TechniqueId::AlsChain) {
            chains += 1;
            assert!(step.evidence.als.len() >= 4, "{}", step.explain());
        }
    }
    assert!(chains > 0);
}

/// On the `hodoku` path of the first top1465 puzzles every forcing chain is sound, has
/// one effect and names its premise.
#[test]
fn forcing_chains_along_paths_are_sound() {
    let mut chains = 0;
    for (line, out) in top1465_paths(40) {
        assert!(out.unsound.is_empty(), "{line}: {:?}", out.unsound);
        for step in out.steps.iter().filter(|s| s.technique == TechniqueId::ForcingChain) {
            chains += 1;
            assert_eq!(step.effect_count(), 1, "{}", step.explain());
            assert!(step.evidence.forcing.is_some());
        }
    }
    assert!(chains > 0);
}
