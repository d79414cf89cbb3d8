//! Tests of the engine's narrowed (digit-local) searches.

use super::*;
use bitdoku_bitboard::parse_line;

/// Along the batch path of the `hodoku` preset on the first `take` puzzles of `corpus`, every
/// digit- or house-local technique's narrowed search (from the masks of its last empty
/// search) gives exactly the steps of a full search, in the same order. Returns how many
/// narrowed searches ran and how many of those found something.
fn narrowed_equals_full_on(corpus: &str, take: usize) -> (usize, usize) {
    let engine = Engine::new(Options::new(Order::preset("hodoku").expect("preset")));
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
    let (runs, hits) = narrowed_equals_full_on("magictour_top1465.txt", 150);
    assert!(runs > 1000 && hits > 50, "{runs} narrowed searches, {hits} productive");
}

#[test]
fn narrowed_search_equals_full_search_on_minimal_puzzles() {
    let (runs, hits) = narrowed_equals_full_on("generated_minimal_10k.txt", 300);
    assert!(runs > 1000 && hits > 50, "{runs} narrowed searches, {hits} productive");
    let (runs, hits) = narrowed_equals_full_on("sudoku17_royle_49158.txt", 300);
    assert!(runs > 300 && hits > 20, "{runs} narrowed searches, {hits} productive");
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

/// The house-local techniques (a `find_changed` in their row) are the naked and hidden
/// subsets, the locked pair and triple and Sue de Coq; none of them is digit-local.
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
