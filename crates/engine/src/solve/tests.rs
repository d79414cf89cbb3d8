//! Tests of the engine's narrowed (digit-local) searches.

use super::*;
use bitdoku_bitboard::parse_line;

/// Along the batch path of the `hodoku` preset on the first `take` puzzles of `corpus`, every
/// digit-, house- or cell-local technique's narrowed search (from the masks of its last empty
/// search) gives exactly the steps of a full search, in the same order. Returns how many
/// narrowed searches ran and how many of those found something.
fn narrowed_equals_full_on(corpus: &str, take: usize) -> (usize, usize) {
    narrowed_equals_full_with(Order::preset("hodoku").expect("preset"), corpus, take)
}

/// [`narrowed_equals_full_on`] with another order.
fn narrowed_equals_full_with(order: Order, corpus: &str, take: usize) -> (usize, usize) {
    let engine = Engine::new(Options::new(order));
    let path = format!("{}/../../datasets/{corpus}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("corpus");
    let (mut narrowed_runs, mut narrowed_hits) = (0, 0);
    for line in text.lines().take(take) {
        let mut state = parse_line(line).expect("valid").expect("puzzle").candidates();
        let unique = bitdoku_brute::count_solutions(&state.search_masks(), 2).0 == 1;
        let mut quiet = super::Quiet::new(engine.techniques.len());
        loop {
            for (i, t) in engine.techniques.iter().enumerate() {
                if !engine.local[i] && t.find_changed.is_none() {
                    continue;
                }
                let mut full: Vec<Step> = Vec::new();
                let _ = t.search(&state, &mut full);
                let narrowing = quiet.get(i).is_some();
                let mut narrowed: Vec<Step> = Vec::new();
                let _ = engine.search(t, i, &state, &mut narrowed, &mut quiet, |s| s.is_empty());
                assert_eq!(full, narrowed, "{} on {line}", t.id.as_str());
                narrowed_runs += usize::from(narrowing);
                narrowed_hits += usize::from(narrowing && !narrowed.is_empty());
            }
            if engine.step_batch(&mut state, unique).is_none() {
                break;
            }
        }
    }
    (narrowed_runs, narrowed_hits)
}

#[test]
fn narrowed_search_equals_full_search_on_hard_puzzles() {
    // Every technique's full search at every step: 60 puzzles keep it to seconds.
    let (runs, hits) = narrowed_equals_full_on("magictour_top1465.txt", 60);
    assert!(runs > 400 && hits > 20, "{runs} narrowed searches, {hits} productive");
}

// 100 of each minimal corpus (300 of each took a minute of CPU, the slowest unit test of the
// engine), one test each so that libtest runs them side by side.
#[test]
fn narrowed_search_equals_full_search_on_minimal_puzzles() {
    let (runs, hits) = narrowed_equals_full_on("generated_minimal_10k.txt", 100);
    assert!(runs > 330 && hits > 16, "{runs} narrowed searches, {hits} productive");
}

#[test]
fn narrowed_search_equals_full_search_on_17_clue_puzzles() {
    let (runs, hits) = narrowed_equals_full_on("sudoku17_royle_49158.txt", 100);
    assert!(runs > 100 && hits > 6, "{runs} narrowed searches, {hits} productive");
}

/// WXYZ-Wing (cell-local, not in `hodoku`) in an order where later techniques keep finding
/// things after it found nothing: its narrowed searches equal full ones, and some find.
#[test]
fn narrowed_wxyz_wing_equals_full_search() {
    let ids = "singles,locked-candidates-pointing,locked-candidates-claiming,naked-pair,\
               hidden-pair,naked-triple,hidden-triple,x-wing,xy-wing,xyz-wing,wxyz-wing,\
               w-wing,x-chain,xy-chain,aic,als-xz";
    let order = Order::parse(ids).expect("order");
    assert!(order.ids().contains(&TechniqueId::WxyzWing));
    let (runs, hits) = narrowed_equals_full_with(order.clone(), "generated_minimal_10k.txt", 300);
    assert!(runs > 300 && hits > 5, "{runs} narrowed searches, {hits} productive");
    let (runs, hits) = narrowed_equals_full_with(order, "magictour_top1465.txt", 60);
    assert!(runs > 300 && hits > 5, "{runs} narrowed searches, {hits} productive");
}

/// A house-local technique that found nothing searches again only where a new instance can
/// be: with no change it finds nothing without searching, a change away from the subset's
/// cells does not look at them, and the change that completes the subset finds it.
#[test]
fn house_local_search_looks_only_at_changes() {
    let engine = Engine::new(Options::new(Order::preset("hodoku").expect("preset")));
    let i = engine.techniques.iter().position(|t| t.id == TechniqueId::NakedPair).expect("in");
    let t = engine.techniques[i];
    let cell = |r, c| CellSet::single(bitdoku_bitboard::Cell::from_rc(r, c));
    let digit = |d| Digit::from_value(d).expect("digit");
    // r5c2 = {4,9}, r5c7 = {1,4,9}: no naked pair yet.
    let mut state = Candidates::new();
    for d in [1, 2, 3, 5, 6, 7, 8] {
        let _ = state.eliminate(digit(d), cell(4, 1));
    }
    for d in [2, 3, 5, 6, 7, 8] {
        let _ = state.eliminate(digit(d), cell(4, 6));
    }
    let mut quiet = super::Quiet::new(engine.techniques.len());
    let mut none: Vec<Step> = Vec::new();
    assert!(!engine.search(t, i, &state, &mut none, &mut quiet, |s| s.is_empty()));
    assert!(quiet.get(i).is_some());
    assert!(!engine.search(t, i, &state, &mut none, &mut quiet, |s| s.is_empty()));
    // A change elsewhere (r1c5 loses 1): nothing.
    let _ = state.eliminate(digit(1), cell(0, 4));
    assert!(!engine.search(t, i, &state, &mut none, &mut quiet, |s| s.is_empty()));
    assert!(none.is_empty());
    // r5c7 loses 1: the pair {4,9} in row 5, found as the full search finds it.
    let _ = state.eliminate(digit(1), cell(4, 6));
    let mut full: Vec<Step> = Vec::new();
    let _ = t.search(&state, &mut full);
    assert_eq!(full.len(), 1);
    assert!(engine.search(t, i, &state, &mut none, &mut quiet, |s| s.is_empty()));
    assert_eq!(none, full);
}

/// The digit-local rows are hidden single, locked candidates, fish, single-digit
/// patterns, colourings and the X-chain, and no other technique.
#[test]
fn digit_local_techniques() {
    let all = Order::preset("all").expect("preset");
    let local: Vec<TechniqueId> = all
        .ids()
        .iter()
        .filter_map(|&id| registry::get(id))
        .filter(|t| t.digit_local)
        .map(|t| t.id)
        .collect();
    assert!(local.contains(&TechniqueId::HiddenSingle));
    assert!(local.contains(&TechniqueId::XWing));
    assert!(local.contains(&TechniqueId::Skyscraper));
    assert!(local.contains(&TechniqueId::XChain));
    assert!(!local.contains(&TechniqueId::XyChain));
    assert!(!local.contains(&TechniqueId::TemplateDelete));
    assert!(!local.contains(&TechniqueId::NakedSingle));
    assert!(!local.contains(&TechniqueId::KrakenFish));
}

/// The house- and cell-local techniques (a `find_changed` in their row) are the naked and
/// hidden subsets, the locked pair and triple, Sue de Coq, XY-, XYZ- and WXYZ-Wing; none of
/// them is digit-local.
#[test]
fn house_local_techniques() {
    let all = Order::preset("all").expect("preset");
    let local: Vec<TechniqueId> = all
        .ids()
        .iter()
        .filter_map(|&id| registry::get(id))
        .filter(|t| t.find_changed.is_some())
        .map(|t| t.id)
        .collect();
    use TechniqueId as T;
    let expected = [
        T::LockedPair,
        T::LockedTriple,
        T::NakedPair,
        T::NakedTriple,
        T::HiddenPair,
        T::HiddenTriple,
        T::NakedQuad,
        T::HiddenQuad,
        T::SueDeCoq,
        T::XyWing,
        T::XyzWing,
        T::WxyzWing,
    ];
    assert_eq!(local.len(), expected.len());
    for id in expected {
        assert!(local.contains(&id), "{id}");
        assert!(!id.row().digit_local, "{id}");
    }
}

/// With [`Options::stats`] off a solve keeps no per-technique counters and is otherwise the
/// same solve: status, solution, rating, guesses and final state, in both granularities.
#[test]
fn stats_off_changes_nothing_but_the_counters() {
    let path = format!("{}/../../datasets/magictour_top1465.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("corpus");
    for granularity in [Granularity::Batch, Granularity::Single] {
        let mut on = Options::new(Order::preset("hodoku").expect("preset"));
        on.granularity = granularity;
        let mut off = on.clone();
        off.stats = false;
        let (on, off) = (Engine::new(on), Engine::new(off));
        for line in text.lines().take(40) {
            let start = parse_line(line).expect("puzzle").expect("line").candidates();
            let (a, b) = (on.solve(&start), off.solve(&start));
            assert_eq!(a.stats.len(), on.techniques().len());
            assert!(b.stats.is_empty());
            assert_eq!((a.status, a.solution, a.fallback), (b.status, b.solution, b.fallback));
            assert_eq!(format!("{:?}", a.rating), format!("{:?}", b.rating));
            assert_eq!((a.guesses, a.final_state), (b.guesses, b.final_state));
            assert!(a.stats.iter().map(|s| s.calls).sum::<u64>() > 0);
        }
    }
}

/// The count taken when first needed gives the solve of a count taken before any logic (which
/// `verify` forces): the same status, solution, fallback, uniqueness flag, steps, rating and
/// final state, on unique, multi-solution and unsolvable puzzles, in both granularities; the
/// guesses are the count's when it ran and 0 when logic alone filled the grid, the only case
/// that skips it (and some solves do).
#[test]
fn count_when_needed_equals_count_first() {
    let dir = format!("{}/../../datasets", env!("CARGO_MANIFEST_DIR"));
    let mut lines = Vec::new();
    for (corpus, take) in [
        ("tdoku_test_puzzles_with_counts.txt", 43),
        ("serg_benchmark.txt", 60),
        ("sudoku17_royle_49158.txt", 60),
        ("norvig_top95.txt", 20),
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{corpus}")).expect("corpus");
        lines.extend(text.lines().take(take).map(str::to_owned));
    }
    let (mut skipped, mut none, mut many) = (0, 0, 0);
    for preset in ["hodoku", "seeds"] {
        for granularity in [Granularity::Batch, Granularity::Single] {
            let mut lazy = Options::new(Order::preset(preset).expect("preset"));
            lazy.granularity = granularity;
            lazy.trace = true;
            let first = Engine::new(Options { verify: true, ..lazy.clone() });
            let lazy = Engine::new(lazy);
            for line in &lines {
                let start = parse_line(line).expect("valid").expect("puzzle").candidates();
                let (a, b) = (lazy.solve(&start), first.solve(&start));
                let same = |o: &Outcome| {
                    (o.status, o.solution, o.fallback, o.uniqueness_allowed, o.final_state)
                };
                assert_eq!(same(&a), same(&b), "{preset} {granularity:?} {line}");
                assert_eq!(a.steps, b.steps, "{preset} {granularity:?} {line}");
                assert_eq!(format!("{:?}", a.rating), format!("{:?}", b.rating), "{line}");
                assert!(b.counted, "{line}");
                assert_eq!(a.guesses, if a.counted { b.guesses } else { 0 }, "{line}");
                let counted = bitdoku_brute::count_solutions(&start.search_masks(), 2).0;
                match counted {
                    0 => none += 1,
                    1 => {}
                    _ => many += 1,
                }
                if !a.counted {
                    // Only a grid that logic filled skips the count.
                    assert_eq!((counted, a.status), (1, Status::Solved), "{line}");
                    skipped += 1;
                }
            }
        }
    }
    assert!(none > 0 && many > 0 && skipped > 0, "{none} {many} {skipped}");
}

/// A start whose own placements clash (r1c1 holds 4, and 4 is the last candidate of its
/// neighbour r1c2) fills an invalid grid by logic: the engine counts it (no solution) rather
/// than taking the grid.
#[test]
fn a_filled_grid_that_clashes_goes_to_the_count() {
    let line = b"483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let values: [u8; 81] = std::array::from_fn(|i| line[i] - b'0');
    let mut placed = [CellSet::EMPTY; 9];
    for (i, &v) in values.iter().enumerate().skip(2) {
        placed[usize::from(v - 1)] |=
            CellSet::single(bitdoku_bitboard::Cell::new_unchecked(i as u8));
    }
    placed[3] |= CellSet::single(bitdoku_bitboard::Cell::new_unchecked(0));
    let mut cand = [CellSet::EMPTY; 9];
    cand[3] = CellSet::single(bitdoku_bitboard::Cell::new_unchecked(1));
    let start =
        Candidates::from_parts(cand, placed, placed.iter().fold(CellSet::EMPTY, |a, &m| a | m));
    let engine = Engine::new(Options::new(Order::preset("singles").expect("preset")));
    let out = engine.solve(&start);
    assert!(out.counted);
    assert_eq!(out.status, Status::NoSolution);
}
