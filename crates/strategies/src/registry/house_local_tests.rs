//! Data tests of the house- and cell-local searches ([`Technique::find_changed`]): along a simple
//! solve path of corpus puzzles (the first productive technique's steps applied, as the
//! engine's batch mode does), each technique's search given the cells changed since its last
//! empty search gives exactly the full search's steps, in the same order; given every cell
//! it is the full search, and given no cell right after an empty search it finds nothing.

use super::*;
use crate::{Step, Union, apply_effects};
use bitdoku_bitboard::{CellSet, parse_line};

#[test]
fn search_after_changes_is_the_full_search() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/magictour_top1465.txt");
    let text = std::fs::read_to_string(path).expect("corpus");
    // The hodoku preset's order up to Sue de Coq, without the uniqueness techniques.
    let mut order: Vec<&Technique> =
        all().filter(|t| t.presets.hodoku && !t.needs_uniqueness).collect();
    order.sort_by_key(|t| t.hodoku.order);
    order.truncate(order.iter().position(|t| t.id == TechniqueId::SueDeCoq).expect("") + 1);
    let local: Vec<&Technique> =
        order.iter().copied().filter(|t| t.find_changed.is_some()).collect();
    assert_eq!(local.len(), 11);
    let (mut states, mut narrowed, mut found) = (0, 0, [0usize; 11]);
    for line in text.lines().take(120) {
        let mut state = parse_line(line).expect("valid").expect("puzzle").candidates();
        let mut quiet: Vec<Option<[CellSet; 9]>> = vec![None; local.len()];
        loop {
            states += 1;
            for (k, t) in local.iter().enumerate() {
                let find_changed = t.find_changed.expect("house-local");
                let mut full: Vec<Step> = Vec::new();
                let _ = t.search(&state, &mut full);
                let mut every: Vec<Step> = Vec::new();
                let _ = find_changed(&state, CellSet::ALL, &mut every);
                assert_eq!(every, full, "{} on {line}", t.id);
                if let Some(before) = &quiet[k] {
                    let changed = state
                        .masks()
                        .iter()
                        .zip(before)
                        .fold(CellSet::EMPTY, |acc, (now, was)| acc | (*now ^ *was));
                    let mut part: Vec<Step> = Vec::new();
                    let _ = find_changed(&state, changed, &mut part);
                    assert_eq!(part, full, "{} after changes in {changed} on {line}", t.id);
                    narrowed += 1;
                    found[k] += part.len();
                }
                if full.is_empty() {
                    quiet[k] = Some(*state.masks());
                    let mut nothing: Vec<Step> = Vec::new();
                    let _ = find_changed(&state, CellSet::EMPTY, &mut nothing);
                    assert!(nothing.is_empty(), "{} on {line}", t.id);
                }
            }
            // Apply the first productive technique's steps, as a batch.
            let mut union = Union::default();
            let Some(_) = order.iter().find(|t| {
                let _ = t.search(&state, &mut union);
                union.steps > 0
            }) else {
                break;
            };
            if !apply_effects(&mut state, &union.placements, &union.eliminations) {
                break;
            }
        }
    }
    // Every technique found steps in its narrowed searches (Sue de Coq and the quads too).
    assert!(states > 2000 && narrowed > 5000, "{states} states, {narrowed} narrowed searches");
    for (k, t) in local.iter().enumerate() {
        assert!(found[k] > 0, "{}: {found:?}", t.id);
    }
}
