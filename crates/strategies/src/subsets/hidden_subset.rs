//! Hidden Pair, Triple and Quad: N digits of a house confined to the same N cells.
//!
//! **Pattern.** In one house, N digits `D` (N = 2, 3 or 4), none of them placed there, whose
//! candidate cells in the house together are exactly N cells `C`. Those N digits must fill
//! those N cells, so the cells can hold nothing else: every other candidate in `C` goes.
//!
//! **Example.** In box 3, digits 1 and 6 appear only in r1c7 and r3c9. If r1c7 = {1,3,6,8}
//! and r3c9 = {1,5,6}, then r1c7 loses 3 and 8 and r3c9 loses 5.
//!
//! **Rating.** HoDoKu: pair order 1500 / score 70, triple 1600 / 100 (medium), quad 2100 /
//! 150 (hard). SE 3.4 / 4.0 / 5.4.
//!
//! **Find-all semantics.**
//! - An instance is a house and a set `D` of N digits, each with between 1 and N candidate
//!   cells in the house, whose candidate cells in the house unite to exactly N cells `C`. A
//!   digit with a single cell (a hidden single) may take part, as in HoDoKu.
//! - Eliminated: every digit outside `D` from the cells of `C`.
//! - Reported only when it eliminates something. When `C` lies in a mini-line and `D` is
//!   confined to `C` in both the box and the line, that is one instance (same cells, digits
//!   and eliminations) reported once: `evidence.base` = every house in which `D` is confined
//!   to `C` (the box and/or the line). Otherwise one step per (house, `D`).
//!   `evidence.digits` = `D`; `evidence.cells` = `C`.
//! - Steps come boxes first, then rows, then columns (HoDoKu's house order), digit sets in
//!   increasing order.
//! - House-local (see [`Technique::find_changed`](crate::Technique::find_changed)): an
//!   instance belongs to the house searched, its eliminations lie in its own cells, and the
//!   box-and-line rule never loses a step: a line's instance skipped because its box has it
//!   too is the box's step, with the same eliminations. So once the search found nothing,
//!   an instance of a house whose cells did not change eliminates nothing.
//!
//! **Speed.** Per house, digits with 1..=N cells (one AND and popcount each) form the pool;
//! only their 9-bit position masks are extracted, and `for_each_subset` prunes any branch
//! whose positions exceed N.

use super::{cells_at, for_each_subset, positions};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet, House, HouseSet, tables};
use std::ops::ControlFlow;

/// Whether every digit of `digits` has all its candidates of `house` inside `cells`.
fn confined(state: &Candidates, digits: DigitSet, house: CellSet, cells: CellSet) -> bool {
    digits.iter().all(|d| (state.cells(d) & house).is_subset(cells))
}

/// Finds every hidden subset of size `n` (2..=4) and reports it as technique `id`; with
/// `changed` short of every cell, only in the houses with a changed cell (see
/// [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
    n: u32,
    id: TechniqueId,
) -> ControlFlow<()> {
    let houses = if changed == CellSet::ALL { HouseSet::ALL } else { changed.houses() };
    let masks = state.masks();
    let unsolved = state.unsolved();
    // Boxes first, then rows, then columns.
    let wanted = houses.bits();
    for h in (18..27).chain(0..18) {
        if wanted >> h & 1 == 0 {
            continue;
        }
        let house = tables::HOUSES[h];
        if (unsolved & house).len() <= n {
            continue;
        }
        // pool = digits with 1..=n cells in the house (one AND and popcount each);
        // cells_of[d] = the positions of pool digit d in the house.
        // Branch-free: `len - 1 < n` is `1 <= len <= n` (an empty digit wraps around).
        let mut pool = 0u16;
        for (d, &m) in masks.iter().enumerate() {
            pool |= u16::from((m & house).len().wrapping_sub(1) < n) << d;
        }
        if pool.count_ones() < n {
            continue;
        }
        let mut cells_of = [0u16; 9];
        let mut rest = pool;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            cells_of[d] = positions(masks[d], h);
        }
        let this = House::new(h as u8).expect("house index");
        for_each_subset(&cells_of, pool, n, |digits, members| {
            let digits = DigitSet::from_bits(digits);
            let cells = cells_at(members, h);
            let mut base = HouseSet::single(this);
            let [row, col, boxx] = tables::CELL_HOUSES[cells.first().expect("n cells").index()];
            if h >= 18 {
                // A box: the same subset may also be hidden in the line through its cells.
                for line in [row, col] {
                    if cells.is_subset(line.cells()) && confined(state, digits, line.cells(), cells)
                    {
                        base = base.with(line);
                    }
                }
            } else if cells.is_subset(boxx.cells()) && confined(state, digits, boxx.cells(), cells)
            {
                // Also hidden in its box: already reported by the box pass.
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(id);
            for digit in (!digits).iter() {
                step.eliminate(digit, state.cells(digit) & cells);
            }
            if step.is_empty() {
                return ControlFlow::Continue(());
            }
            step.evidence.digits = digits;
            step.evidence.cells = cells;
            step.evidence.base = base;
            sink.push(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// Hidden Pair's registry row (see [`Technique`]).
pub(crate) const ROW_PAIR: Technique = Technique {
    id: TechniqueId::HiddenPair,
    name: "Hidden Pair",
    family: Family::Subsets,
    hodoku: Hodoku { order: 1500, score: 70, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 3.4,
    reglib: Reglib::Codes(&["0210"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(6), hodoku: true },
    naive: true,
    find: Some(find_pair),
    find_changed: Some(find_pair_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Hidden pairs.
pub fn find_pair(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, CellSet::ALL, sink, 2, TechniqueId::HiddenPair)
}

/// Hidden pairs in the houses with a changed cell (see
/// [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find_pair_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    find(state, changed, sink, 2, TechniqueId::HiddenPair)
}

/// Hidden Triple's registry row (see [`Technique`]).
pub(crate) const ROW_TRIPLE: Technique = Technique {
    id: TechniqueId::HiddenTriple,
    name: "Hidden Triple",
    family: Family::Subsets,
    hodoku: Hodoku { order: 1600, score: 100, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 4.0,
    reglib: Reglib::Codes(&["0211"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(8), hodoku: true },
    naive: true,
    find: Some(find_triple),
    find_changed: Some(find_triple_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Hidden triples.
pub fn find_triple(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, CellSet::ALL, sink, 3, TechniqueId::HiddenTriple)
}

/// Hidden triples in the houses with a changed cell.
pub fn find_triple_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    find(state, changed, sink, 3, TechniqueId::HiddenTriple)
}

/// Hidden Quad's registry row (see [`Technique`]).
pub(crate) const ROW_QUAD: Technique = Technique {
    id: TechniqueId::HiddenQuad,
    name: "Hidden Quad",
    family: Family::Subsets,
    hodoku: Hodoku { order: 2100, score: 150, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 5.4,
    reglib: Reglib::Codes(&["0212"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find_quad),
    find_changed: Some(find_quad_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Hidden quads.
pub fn find_quad(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, CellSet::ALL, sink, 4, TechniqueId::HiddenQuad)
}

/// Hidden quads in the houses with a changed cell.
pub fn find_quad_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    find(state, changed, sink, 4, TechniqueId::HiddenQuad)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::{HiddenPair, HiddenQuad, HiddenTriple};
    use crate::testkit::{EMPTY, check, check_not_applicable, check_step, state};

    /// Deletions of each digit in `digits` from every cell of `cells` ("11" = r1c1).
    fn drop(digits: &[u8], cells: &[&str]) -> String {
        let mut out = Vec::new();
        for d in digits {
            for rc in cells {
                out.push(format!("{d}{rc}"));
            }
        }
        out.join(" ")
    }

    /// `r{r}c{c}<>{d}` for every digit of 1..=9 not in `keep`.
    fn all_but(rc: &str, keep: &[u8]) -> String {
        let (r, c) = rc.split_at(1);
        (1..=9u8)
            .filter(|d| !keep.contains(d))
            .map(|d| format!("r{r}c{c}<>{d}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn pair_in_a_box() {
        // Box 3: 1 and 6 only in r1c7 and r3c9 (r3c9 also lost 2, 3, 4, 7, 8, 9 already).
        let others = ["18", "19", "27", "28", "29", "37", "38"];
        let del = format!("{} {}", drop(&[1, 6], &others), drop(&[2, 3, 4, 7, 8, 9], &["39"]));
        let s = state(EMPTY, &del);
        let expected = format!("{} r3c9<>5", all_but("17", &[1, 6]));
        let step = check_step(HiddenPair, &s, &expected);
        assert_eq!(step.evidence.base.to_string(), "b3");
        assert_eq!(step.evidence.digits.to_string(), "16");
        check(HiddenPair, &s, &expected);
        check_not_applicable(HiddenTriple, &s);
    }

    #[test]
    fn pair_hidden_in_a_row_and_its_box_is_reported_once() {
        // 4 and 5 only in r2c1 and r2c2, both in row 2 and in box 1.
        let others = ["23", "24", "25", "26", "27", "28", "29", "11", "12", "13", "31", "32", "33"];
        let s = state(EMPTY, &drop(&[4, 5], &others));
        let expected = format!("{} {}", all_but("21", &[4, 5]), all_but("22", &[4, 5]));
        let step = check_step(HiddenPair, &s, &expected);
        assert_eq!(step.evidence.base.to_string(), "r2 b1");
        assert_eq!(crate::registry::find_all(HiddenPair, &s).len(), 1);
    }

    #[test]
    fn triple_with_partial_digits() {
        // Column 4: 1 in r1c4, r5c4; 2 in r5c4, r9c4; 3 in r1c4, r9c4.
        let others = ["24", "34", "44", "64", "74", "84"];
        let del = [
            drop(&[1, 2, 3], &others),
            drop(&[2], &["14"]),
            drop(&[3], &["54"]),
            drop(&[1], &["94"]),
        ];
        let s = state(EMPTY, &del.join(" "));
        let expected =
            [all_but("14", &[1, 2, 3]), all_but("54", &[1, 2, 3]), all_but("94", &[1, 2, 3])];
        check(HiddenTriple, &s, &expected.join(" "));
        check_not_applicable(HiddenPair, &s);
    }

    #[test]
    fn quad_in_a_row() {
        // Row 9: 1-4 only in r9c1, r9c3, r9c5, r9c7.
        let s = state(EMPTY, &drop(&[1, 2, 3, 4], &["92", "94", "96", "98", "99"]));
        let expected: Vec<String> =
            ["91", "93", "95", "97"].iter().map(|rc| all_but(rc, &[1, 2, 3, 4])).collect();
        check(HiddenQuad, &s, &expected.join(" "));
    }

    #[test]
    fn must_not_fire() {
        // 1 and 6 in box 3 spread over three cells: no pair.
        let s = state(EMPTY, &drop(&[1, 6], &["18", "19", "27", "28", "37", "38"]));
        check_not_applicable(HiddenPair, &s);
        // A hidden pair whose cells hold nothing else: nothing to eliminate.
        let others = ["18", "19", "27", "28", "29", "37", "38"];
        let del =
            format!("{} {}", drop(&[1, 6], &others), drop(&[2, 3, 4, 5, 7, 8, 9], &["17", "39"]));
        check_not_applicable(HiddenPair, &state(EMPTY, &del));
    }
}
