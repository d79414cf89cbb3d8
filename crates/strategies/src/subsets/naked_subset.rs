//! Naked Pair, Triple and Quad: N cells of a house holding only N digits between them.
//!
//! **Pattern.** In one house, N unsolved cells (N = 2, 3 or 4) whose candidates together are
//! exactly N digits `D`. Those N digits must fill those N cells, so no other cell of the
//! house can hold any of them. Not every cell needs all N digits: {1,2}, {2,3}, {1,3} is a
//! naked triple.
//!
//! **Example.** Row 5: r5c2 = {4,9}, r5c7 = {4,9}. Every other cell of row 5 loses 4 and 9.
//!
//! **Rating.** HoDoKu: pair order 1300 / score 60, triple 1400 / 80 (medium), quad 2000 /
//! 120 (hard). SE 3.0 / 3.6 / 5.0.
//!
//! **Find-all semantics.**
//! - An instance is a house and a set `C` of N of its unsolved cells, each with at least one
//!   candidate, whose candidates unite to exactly N digits `D`. Cells with fewer than N
//!   candidates are allowed (even a single-candidate cell, as in HoDoKu), and a subset that
//!   contains a smaller one (two naked pairs forming a quad) still counts.
//! - Eliminated: every digit of `D` from every cell of **that house** outside `C`. A subset
//!   whose cells share two houses (a mini-line) is a separate instance in each house, one
//!   step each; subsets that are also locked pairs/triples are reported here too.
//! - Reported only when it eliminates something; one step per (house, `C`).
//!   `evidence.digits` = `D`; `evidence.cells` = `C`; `evidence.base` = the house.
//! - Steps come size by size as registered, houses in index order (rows, columns, boxes),
//!   subsets in position order.
//! - House-local (see [`Technique::find_changed`](crate::Technique::find_changed)): an
//!   instance, its cells and its eliminations all lie in its house. After an empty search,
//!   with candidates only removed since, a subset none of whose cells changed has the digits
//!   it had then and at most the eliminations it had then, none: only the houses with a
//!   changed cell of at most N candidates need a search.
//!
//! **Speed.** The count planes give the cells with 1..=N candidates for the whole grid in
//! one query; their digit masks are filled once per call, each house reads its nine cells'
//! masks by index, and `for_each_subset` prunes any branch whose digits exceed N.

use super::{cells_at, for_each_subset, positions};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::tables::HOUSE_CELLS;
use bitdoku_bitboard::{Candidates, CellSet, DigitSet, House, HouseSet, tables};
use std::ops::ControlFlow;

/// Finds every naked subset of size `n` (2..=4) and reports it as technique `id`; with
/// `changed` short of every cell, only those with a changed cell (see
/// [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
    n: u32,
    id: TechniqueId,
) -> ControlFlow<()> {
    let masks = state.masks();
    let small = state.counts().at_most(n as usize);
    let unsolved = state.unsolved();
    let (houses, searched) = if changed == CellSet::ALL {
        (HouseSet::ALL, CellSet::ALL)
    } else {
        let houses = (changed & small).houses();
        (houses, houses.cells())
    };
    // The candidates of every eligible cell as a 9-bit mask, filled digit-major once: each
    // house then reads its nine cells by index instead of transposing nine digit masks.
    let mut digits_of = [0u16; 81];
    for (d, &m) in masks.iter().enumerate() {
        for cell in m & small & searched {
            digits_of[cell.index()] |= 1 << d;
        }
    }
    // The houses to search: N eligible cells, and at least one more unsolved cell to
    // eliminate from (tested for every house without a branch, then walked).
    let mut wanted = 0u32;
    for (h, &house) in tables::HOUSES.iter().enumerate() {
        let ok = (small & house).len() >= n && (unsolved & house).len() > n;
        wanted |= u32::from(ok) << h;
    }
    wanted &= houses.bits();
    while wanted != 0 {
        let h = wanted.trailing_zeros() as usize;
        wanted &= wanted - 1;
        let house_cells = &HOUSE_CELLS[h];
        let house = tables::HOUSES[h];
        let eligible = small & house;
        // digits_at[k] = the digits of the house's k-th cell (eligible cells only).
        let digits_at = house_cells.map(|cell| digits_of[cell.index()]);
        let pool = positions(eligible, h);
        for_each_subset(&digits_at, pool, n, |members, digits| {
            let cells = cells_at(members, h);
            let mut step = Step::new(id);
            let digits = DigitSet::from_bits(digits);
            for digit in digits.iter() {
                step.eliminate(digit, (state.cells(digit) & house) - cells);
            }
            if step.is_empty() {
                return ControlFlow::Continue(());
            }
            step.evidence.digits = digits;
            step.evidence.cells = cells;
            step.evidence.base = HouseSet::single(House::new(h as u8).expect("house index"));
            sink.push(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// Naked Pair's registry row (see [`Technique`]).
pub(crate) const ROW_PAIR: Technique = Technique {
    id: TechniqueId::NakedPair,
    name: "Naked Pair",
    family: Family::Subsets,
    hodoku: Hodoku { order: 1300, score: 60, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 3.0,
    reglib: Reglib::Codes(&["0200"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(5), hodoku: true },
    naive: true,
    find: Some(find_pair),
    find_changed: Some(find_pair_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Naked pairs.
pub fn find_pair(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, CellSet::ALL, sink, 2, TechniqueId::NakedPair)
}

/// Naked pairs with a changed cell (see
/// [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find_pair_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    find(state, changed, sink, 2, TechniqueId::NakedPair)
}

/// Naked Triple's registry row (see [`Technique`]).
pub(crate) const ROW_TRIPLE: Technique = Technique {
    id: TechniqueId::NakedTriple,
    name: "Naked Triple",
    family: Family::Subsets,
    hodoku: Hodoku { order: 1400, score: 80, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 3.6,
    reglib: Reglib::Codes(&["0201"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(7), hodoku: true },
    naive: true,
    find: Some(find_triple),
    find_changed: Some(find_triple_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Naked triples.
pub fn find_triple(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, CellSet::ALL, sink, 3, TechniqueId::NakedTriple)
}

/// Naked triples with a changed cell.
pub fn find_triple_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    find(state, changed, sink, 3, TechniqueId::NakedTriple)
}

/// Naked Quad's registry row (see [`Technique`]).
pub(crate) const ROW_QUAD: Technique = Technique {
    id: TechniqueId::NakedQuad,
    name: "Naked Quad",
    family: Family::Subsets,
    hodoku: Hodoku { order: 2000, score: 120, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 5.0,
    reglib: Reglib::Codes(&["0202"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find_quad),
    find_changed: Some(find_quad_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Naked quads.
pub fn find_quad(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find(state, CellSet::ALL, sink, 4, TechniqueId::NakedQuad)
}

/// Naked quads with a changed cell.
pub fn find_quad_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    find(state, changed, sink, 4, TechniqueId::NakedQuad)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::{NakedPair, NakedQuad, NakedTriple};
    use crate::testkit::{EMPTY, check, check_not_applicable, check_step, only, state};

    /// `r{row}c{c}<>{d}` for every listed column and digit.
    fn row_elims(row: u8, cols: &[u8], digits: &[u8]) -> String {
        let mut out = Vec::new();
        for d in digits {
            for c in cols {
                out.push(format!("r{row}c{c}<>{d}"));
            }
        }
        out.join(" ")
    }

    #[test]
    fn pair_in_a_row() {
        let s = state(EMPTY, &format!("{} {}", only("52", &[4, 9]), only("57", &[4, 9])));
        let expected = row_elims(5, &[1, 3, 4, 5, 6, 8, 9], &[4, 9]);
        let step = check_step(NakedPair, &s, &expected);
        assert_eq!(step.evidence.base.to_string(), "r5");
        assert_eq!(step.evidence.digits.to_string(), "49");
        check(NakedPair, &s, &expected);
        check_not_applicable(NakedTriple, &s);
    }

    #[test]
    fn pair_in_a_mini_line_is_one_step_per_house() {
        // r1c1 = r1c2 = {2,7}: row 1 and box 1 each give a step (also a locked pair).
        let s = state(EMPTY, &format!("{} {}", only("11", &[2, 7]), only("12", &[2, 7])));
        let row = row_elims(1, &[3, 4, 5, 6, 7, 8, 9], &[2, 7]);
        let boxx = "r1c3<>2 r2c1<>2 r2c2<>2 r2c3<>2 r3c1<>2 r3c2<>2 r3c3<>2 \
                    r1c3<>7 r2c1<>7 r2c2<>7 r2c3<>7 r3c1<>7 r3c2<>7 r3c3<>7";
        check_step(NakedPair, &s, &row);
        check_step(NakedPair, &s, boxx);
        check(NakedPair, &s, &format!("{row} {boxx}"));
    }

    #[test]
    fn triple_without_a_full_cell_and_with_a_single_candidate_cell() {
        // Column 9: r1c9 {1,2}, r4c9 {2,3}, r9c9 {1,3} is a triple.
        let s = state(
            EMPTY,
            &[only("19", &[1, 2]), only("49", &[2, 3]), only("99", &[1, 3])].join(" "),
        );
        let mut expected = Vec::new();
        for d in 1..=3 {
            for r in [2, 3, 5, 6, 7, 8] {
                expected.push(format!("r{r}c9<>{d}"));
            }
        }
        check(NakedTriple, &s, &expected.join(" "));
        // Row 2: r2c1 {5}, r2c5 {5,6}, r2c9 {6,8}: union {5,6,8}, a (degenerate) triple.
        let s =
            state(EMPTY, &[only("21", &[5]), only("25", &[5, 6]), only("29", &[6, 8])].join(" "));
        check_step(NakedTriple, &s, &row_elims(2, &[2, 3, 4, 6, 7, 8], &[5, 6, 8]));
    }

    #[test]
    fn quad_in_a_box() {
        // Box 9: r7c7 {1,2}, r7c9 {2,3}, r8c8 {3,4}, r9c7 {1,4}.
        let del =
            [only("77", &[1, 2]), only("79", &[2, 3]), only("88", &[3, 4]), only("97", &[1, 4])]
                .join(" ");
        let s = state(EMPTY, &del);
        let mut expected = Vec::new();
        for d in 1..=4 {
            for rc in ["r7c8", "r8c7", "r8c9", "r9c8", "r9c9"] {
                expected.push(format!("{rc}<>{d}"));
            }
        }
        check(NakedQuad, &s, &expected.join(" "));
        check_not_applicable(NakedPair, &s);
        check_not_applicable(NakedTriple, &s);
    }

    #[test]
    fn must_not_fire() {
        // Two cells with {4,9} and {4,8}: three digits, no pair; no third cell closes a triple.
        let s = state(EMPTY, &format!("{} {}", only("52", &[4, 9]), only("57", &[4, 8])));
        check_not_applicable(NakedPair, &s);
        check_not_applicable(NakedTriple, &s);
        // A pair whose digits are already gone from the rest of its row: nothing to eliminate.
        let mut del = format!("{} {}", only("52", &[4, 9]), only("57", &[4, 9]));
        for c in [1, 3, 4, 5, 6, 8, 9] {
            del.push_str(&format!(" 45{c} 95{c}"));
        }
        check_not_applicable(NakedPair, &state(EMPTY, &del));
    }
}
