//! Tests of the engine's narrowed (digit-local) searches.

use super::*;
use bitdoku_bitboard::parse_line;

/// Along the batch path of the `hodoku` preset on the first 150 puzzles of top1465, every
/// digit-local technique's narrowed search (from the masks of its last empty search) gives
/// exactly the steps of a full search, in the same order.
#[test]
fn narrowed_search_equals_full_search() {
    let engine = Engine::new(Options::new(Order::preset("hodoku").expect("preset")));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/magictour_top1465.txt");
    let text = std::fs::read_to_string(path).expect("corpus");
    let mut narrowed_runs = 0;
    for line in text.lines().take(150) {
        let mut state = parse_line(line).expect("valid").expect("puzzle").candidates();
        let unique = bitdoku_brute::count_solutions(&state.search_masks(), 2).0 == 1;
        let mut quiet = vec![None; engine.techniques.len()];
        loop {
            for (i, t) in engine.techniques.iter().enumerate() {
                if !engine.local[i] {
                    continue;
                }
                let mut full: Vec<Step> = Vec::new();
                let _ = t.search(&state, &mut full);
                narrowed_runs += usize::from(quiet[i].is_some());
                let mut narrowed: Vec<Step> = Vec::new();
                let _ = engine.search(t, i, &state, &mut narrowed, &mut quiet, |s| s.is_empty());
                assert_eq!(full, narrowed, "{} on {line}", t.id.as_str());
            }
            if engine.step_batch(&mut state, unique).is_none() {
                break;
            }
        }
    }
    assert!(narrowed_runs > 1000);
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
