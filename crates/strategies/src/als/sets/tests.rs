//! The layer's ALS list and restricted commons against direct reference computations (every
//! subset of every house checked against the houses before it; every pair of ALSs checked),
//! on sample states of two corpora.

use super::{Als, AlsLayer, Rcc, collect, common_digits, make, restricted_commons};
mod previous;
use crate::als::fixtures::sample_states;
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{CellSet, DigitSet};

/// The digits of `cell`, as bits.
fn digit_bits(masks: &[CellSet; 9], cell: usize) -> u16 {
    let mut bits = 0u16;
    for (d, m) in masks.iter().enumerate() {
        bits |= ((m.bits() >> cell) as u16 & 1) << d;
    }
    bits
}

/// Every subset of up to 8 unsolved cells of each house, in depth-first order, with one
/// digit more than cells and lying in no earlier house.
fn collect_reference(masks: &[CellSet; 9]) -> Vec<Als> {
    fn dfs(
        masks: &[CellSet; 9],
        h: usize,
        cells: &[(usize, u16)],
        from: usize,
        set: CellSet,
        digits: u16,
        out: &mut Vec<Als>,
    ) {
        if set.len() == 8 {
            return;
        }
        for i in from..cells.len() {
            let s = set.with(bitdoku_bitboard::Cell::new_unchecked(cells[i].0 as u8));
            let d = digits | cells[i].1;
            if d.count_ones() == s.len() + 1 && !HOUSES[..h].iter().any(|&e| s.is_subset(e)) {
                out.push(make(masks, s, DigitSet::from_bits(d), false));
            }
            dfs(masks, h, cells, i + 1, s, d, out);
        }
    }
    let mut out = Vec::new();
    for (h, house) in HOUSES.iter().enumerate() {
        let cells: Vec<(usize, u16)> = house
            .iter()
            .map(|c| (c.index(), digit_bits(masks, c.index())))
            .filter(|&(_, d)| d != 0)
            .collect();
        dfs(masks, h, &cells, 0, CellSet::EMPTY, 0, &mut out);
    }
    out
}

/// Every pair `i < j` (disjoint unless `overlap`) with a restricted common.
fn restricted_commons_reference(alses: &[Als], overlap: bool) -> Vec<Rcc> {
    let mut out = Vec::new();
    for (i, a) in alses.iter().enumerate() {
        for (j, b) in alses.iter().enumerate().skip(i + 1) {
            if !overlap && a.cells.intersects(b.cells) {
                continue;
            }
            let digits = common_digits(a, b);
            if !digits.is_empty() {
                out.push(Rcc { a: i as u16, b: j as u16, digits });
            }
        }
    }
    out
}

#[test]
fn the_layer_matches_the_reference_computations() {
    let mut states = sample_states("magictour_top1465.txt", 40, 6);
    states.extend(sample_states("serg_benchmark.txt", 20, 4));
    let (mut alses, mut pairs) = (0, 0);
    for state in &states {
        let expected = collect_reference(state.masks());
        assert_eq!(collect(state.masks()), expected);
        alses += expected.len();
        for overlap in [false, true] {
            let rccs = restricted_commons_reference(&expected, overlap);
            assert_eq!(restricted_commons(&expected, overlap), rccs);
            assert_eq!(AlsLayer::build(state, overlap).rccs, rccs);
            pairs += rccs.len();
        }
    }
    assert!(alses > 10_000 && pairs > 10_000, "{alses} ALSs, {pairs} pairs");
}

#[test]
fn the_layer_matches_the_previous_implementation() {
    let mut states = crate::forcing::test_states::varied(60, 8);
    states.extend(sample_states("generated_minimal_10k.txt", 60, 6));
    states.extend(sample_states("serg_benchmark.txt", 20, 4));
    let (mut alses, mut pairs) = (0, 0);
    for state in &states {
        let expected = previous::collect(state.masks());
        assert_eq!(collect(state.masks()), expected);
        alses += expected.len();
        for overlap in [false, true] {
            let rccs = previous::restricted_commons(&expected, overlap);
            let layer = AlsLayer::build(state, overlap);
            assert_eq!(layer.rccs, rccs);
            let (start, adjacency, step_start, steps) = previous::pair_lists(expected.len(), &rccs);
            assert_eq!(layer.start, start);
            assert_eq!(layer.adjacency, adjacency);
            assert_eq!(layer.step_start, step_start);
            assert_eq!(layer.steps, steps);
            pairs += rccs.len();
        }
    }
    assert!(alses > 20_000 && pairs > 20_000, "{alses} ALSs, {pairs} pairs");
}
