//! Data tests of the house-local searches ([`Technique::find_in_houses`]): on states along
//! a simple solve path of corpus puzzles, the search restricted to a set of houses gives
//! exactly the full search's steps whose instance belongs to one of those houses, in the
//! same order, and nothing for no house.

use super::*;
use crate::{Step, Union, apply_effects};
use bitdoku_bitboard::{HouseKind, HouseSet, parse_line};

/// Whether `step` of house-local technique `id` belongs to a house of `houses`: a naked
/// subset to its house, a hidden subset to its box when its base has one (the box pass
/// reports what is hidden in both), else to its line, a locked subset or a Sue de Coq to its
/// mini-line's line and box.
fn belongs(id: TechniqueId, step: &Step, houses: HouseSet) -> bool {
    let base = step.evidence.base;
    match id {
        TechniqueId::LockedPair | TechniqueId::LockedTriple | TechniqueId::SueDeCoq => {
            base.iter().any(|h| houses.contains(h))
        }
        _ => {
            let boxx = base.iter().find(|h| h.kind() == HouseKind::Box);
            let owner = boxx.or_else(|| base.iter().next()).expect("a base house");
            houses.contains(owner)
        }
    }
}

/// Pseudo-random 27-bit house sets (xorshift), fixed seed.
fn house_sets(count: usize) -> Vec<HouseSet> {
    let mut x = 0x9e37_79b9_u32;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            // Sparse and dense sets alike: AND two draws half the time.
            let y = x.rotate_left(11);
            HouseSet::from_bits_truncate(if x & 1 == 0 { x & y } else { x })
        })
        .collect()
}

#[test]
fn house_filtered_search_is_the_full_search_restricted() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/magictour_top1465.txt");
    let text = std::fs::read_to_string(path).expect("corpus");
    // The hodoku preset's order up to Sue de Coq, without the uniqueness techniques.
    let mut order: Vec<&Technique> =
        all().filter(|t| t.presets.hodoku && !t.needs_uniqueness).collect();
    order.sort_by_key(|t| t.hodoku.order);
    order.truncate(order.iter().position(|t| t.id == TechniqueId::SueDeCoq).expect("") + 1);
    let local: Vec<&Technique> =
        order.iter().copied().filter(|t| t.find_in_houses.is_some()).collect();
    assert_eq!(local.len(), 9);
    let sets = house_sets(12);
    let (mut states, mut found, mut kept) = (0, 0, 0);
    let mut sue_de_coq = 0;
    for line in text.lines().take(120) {
        let mut state = parse_line(line).expect("valid").expect("puzzle").candidates();
        loop {
            states += 1;
            for t in &local {
                let find_in = t.find_in_houses.expect("house-local");
                let mut full: Vec<Step> = Vec::new();
                let _ = t.search(&state, &mut full);
                found += full.len();
                sue_de_coq += usize::from(t.id == TechniqueId::SueDeCoq) * full.len();
                let mut nothing: Vec<Step> = Vec::new();
                let _ = find_in(&state, HouseSet::EMPTY, &mut nothing);
                assert!(nothing.is_empty(), "{} on {line}", t.id);
                let mut every: Vec<Step> = Vec::new();
                let _ = find_in(&state, HouseSet::ALL, &mut every);
                assert_eq!(every, full, "{} on {line}", t.id);
                for &houses in &sets {
                    let expected: Vec<Step> =
                        full.iter().copied().filter(|s| belongs(t.id, s, houses)).collect();
                    let mut part: Vec<Step> = Vec::new();
                    let _ = find_in(&state, houses, &mut part);
                    assert_eq!(part, expected, "{} in {houses} on {line}", t.id);
                    kept += part.len();
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
    assert!(states > 2000 && found > 300 && kept > 500, "{states} states, {found}, {kept}");
    assert!(sue_de_coq > 10, "{sue_de_coq} Sue de Coq steps");
}
