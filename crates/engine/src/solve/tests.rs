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
        let mut quiet = vec![None; engine.techniques.len()];
        loop {
            for (i, t) in engine.techniques.iter().enumerate() {
                if !engine.local[i] && t.find_in_houses.is_none() {
                    continue;
                }
                let mut full: Vec<Step> = Vec::new();
                let _ = t.search(&state, &mut full);
                let narrowing = quiet[i].is_some();
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

/// A house-local technique that found nothing searches again only in the houses whose cells
/// changed: with no change it finds nothing without searching, and a change outside the
/// house of a subset does not bring the subset back (it stays unreported, as the full search
/// on the old state did not report it either, which the engine relies on).
#[test]
fn house_local_search_skips_unchanged_houses() {
    let engine = Engine::new(Options::new(Order::preset("hodoku").expect("preset")));
    let i = engine.techniques.iter().position(|t| t.id == TechniqueId::NakedPair).expect("in");
    let t = engine.techniques[i];
    // r5c2 = r5c7 = {4,9}: a naked pair in row 5 that eliminates 4 and 9 from the row.
    let mut state = Candidates::new();
    for d in [1, 2, 3, 5, 6, 7, 8] {
        let d = Digit::from_value(d).expect("digit");
        let _ = state.eliminate(d, CellSet::single(bitdoku_bitboard::Cell::from_rc(4, 1)));
        let _ = state.eliminate(d, CellSet::single(bitdoku_bitboard::Cell::from_rc(4, 6)));
    }
    let mut quiet = vec![None; engine.techniques.len()];
    let mut steps: Vec<Step> = Vec::new();
    assert!(engine.search(t, i, &state, &mut steps, &mut quiet, |s| s.is_empty()));
    assert_eq!(steps.len(), 1);
    // Pretend it found nothing here: with nothing changed it is not searched at all, and a
    // change in row 1 only (not meeting row 5, column 2/7 or box 4/6) keeps the pair hidden.
    quiet[i] = Some(*state.masks());
    let mut none: Vec<Step> = Vec::new();
    assert!(!engine.search(t, i, &state, &mut none, &mut quiet, |s| s.is_empty()));
    let one = Digit::from_value(1).expect("digit");
    let _ = state.eliminate(one, CellSet::single(bitdoku_bitboard::Cell::from_rc(0, 4)));
    assert!(!engine.search(t, i, &state, &mut none, &mut quiet, |s| s.is_empty()));
    assert!(none.is_empty());
    // A change in row 5 makes the row searched again, and the pair is found.
    let _ = state.eliminate(one, CellSet::single(bitdoku_bitboard::Cell::from_rc(4, 0)));
    assert!(engine.search(t, i, &state, &mut none, &mut quiet, |s| s.is_empty()));
    assert_eq!(none, steps);
}

/// The digit-local list names hidden single, locked candidates, fish, single-digit
/// patterns, colourings and the X-chain, and no other technique.
#[test]
fn digit_local_techniques() {
    let all = Order::preset("all").expect("preset");
    let local: Vec<TechniqueId> = all
        .ids()
        .iter()
        .filter_map(|&id| registry::get(id))
        .filter(|t| digit_local(t))
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

/// The house-local techniques (a `find_in_houses` in their row) are the naked and hidden
/// subsets, the locked pair and triple and Sue de Coq; none of them is digit-local.
#[test]
fn house_local_techniques() {
    let all = Order::preset("all").expect("preset");
    let local: Vec<TechniqueId> = all
        .ids()
        .iter()
        .filter_map(|&id| registry::get(id))
        .filter(|t| t.find_in_houses.is_some())
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
        assert!(!digit_local(id.row()), "{id}");
    }
}
