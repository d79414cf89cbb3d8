//! The one fish search shared by the nine fish techniques: base enumeration and the basic
//! fish; `fins.rs` adds the fin choice and the finned/sashimi split, `lines.rs` the line
//! masks both work on.
//!
//! Enumeration: base sets are the `N`-subsets of the eligible lines, visited depth-first in
//! increasing line order; the union of the chosen masks (the cross lines the base touches)
//! only grows, so a branch stops as soon as the union fails a monotone test (more than `N`
//! cross lines for a basic fish; for a finned one see `fins.rs`). Cell sets are built only
//! for a fish that is pushed. No allocation anywhere: masks are `u16`, cell sets `Copy`
//! `u128`s. The fish size `N` is a const parameter, so each size gets its own copy of the
//! walk with fixed-size arrays (measured a little faster than a runtime size).

use super::lines::{LineMasks, Orientation, bits, lines_with};
use crate::combinations::for_each as for_each_base;
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet};
use std::ops::ControlFlow;

/// One fish as found, ready to become a step.
pub(super) struct Fish {
    pub(super) digit: Digit,
    pub(super) orientation: Orientation,
    pub(super) base: u16,
    pub(super) cover: u16,
    pub(super) body: CellSet,
    pub(super) fins: CellSet,
    pub(super) eliminations: CellSet,
}

pub(super) fn push(sink: &mut dyn Sink, id: TechniqueId, fish: &Fish) -> ControlFlow<()> {
    let mut step = Step::new(id);
    step.eliminate(fish.digit, fish.eliminations);
    let e = &mut step.evidence;
    e.digits = DigitSet::single(fish.digit);
    e.base = fish.orientation.houses(fish.base, false);
    e.cover = fish.orientation.houses(fish.cover, true);
    e.cells = fish.body;
    e.fins = fish.fins;
    sink.push(step)
}

/// Basic fish of size `N`: every `N` base lines, each with 2..=`N` candidates, whose
/// candidates lie in exactly `N` cross lines; eliminates the digit from those cross lines
/// outside the base lines. One step per (digit, orientation, base set) that eliminates.
pub(super) fn basic<const N: usize>(
    state: &Candidates,
    sink: &mut dyn Sink,
    id: TechniqueId,
) -> ControlFlow<()> {
    let n = N as u32;
    let fits = |union: u16| union.count_ones() <= n;
    for digit in Digit::all() {
        let cells = state.cells(digit);
        if cells.len() < 2 * n {
            continue;
        }
        let masks = LineMasks::new(cells);
        for orientation in Orientation::BOTH {
            let (lines, cross) = masks.of(orientation);
            let pool = lines_with(lines, 2, n);
            for_each_base::<N, _, _>(lines, pool, fits, |base, union| {
                // A cover line must hold the digit outside the base lines.
                if union.count_ones() != n || bits(union).all(|x| cross[x] & !base == 0) {
                    return ControlFlow::Continue(());
                }
                let base_cells = orientation.line_cells(base);
                let fish = Fish {
                    digit,
                    orientation,
                    base,
                    cover: union,
                    body: cells & base_cells,
                    fins: CellSet::EMPTY,
                    eliminations: (cells & orientation.cross_cells(union)) - base_cells,
                };
                push(sink, id, &fish)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Test helper: a state whose digit `digit` (1-9) has candidates exactly where `picture` (nine
/// space-separated words of nine characters, row 1 first) has a character other than `.`;
/// every other digit is a candidate everywhere, so it can form no fish. Letters are free-form
/// notes for the reader (`x` body, `f` fin, `e` elimination, `o` other).
#[cfg(test)]
pub(super) fn picture(digit: u8, picture: &str) -> Candidates {
    let words: Vec<&str> = picture.split_whitespace().collect();
    assert_eq!(words.len(), 9, "nine rows");
    let mut cells = CellSet::EMPTY;
    for (r, word) in words.iter().enumerate() {
        assert_eq!(word.len(), 9, "nine columns in {word:?}");
        for (c, ch) in word.chars().enumerate() {
            if ch != '.' {
                cells.insert(bitdoku_bitboard::Cell::from_rc(r, c));
            }
        }
    }
    let mut masks = [CellSet::ALL; 9];
    masks[Digit::from_value(digit).expect("digit 1-9").index()] = cells;
    Candidates::from_masks(masks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_enumeration_prunes_by_union_size() {
        let lines = [0b11, 0b11, 0b110, 0, 0, 0, 0, 0, 0b1];
        let mut seen = Vec::new();
        let fits = |u: u16| u.count_ones() <= 2;
        let _ = for_each_base::<2, _, _>(&lines, 0b1_0000_0111, fits, |b, u| {
            seen.push((b, u));
            ControlFlow::Continue(())
        });
        assert_eq!(seen, [(0b11, 0b11), (0b1_0000_0001, 0b11), (0b1_0000_0010, 0b11)]);
    }
}
