//! Locked Pair and Locked Triple: a naked pair or triple inside one mini-line.
//!
//! A naked subset of size N is N cells of a house whose candidates together are exactly N
//! digits: those digits fill those cells, so every other cell of a house that contains all N
//! cells loses them. When the cells lie in one *mini-line* (the three cells where a box meets
//! a row or column) they share two houses, the line and the box, and the subset clears both.
//!
//! **Example.** r1c1 = {2,7}, r1c2 = {2,7}: a locked pair in row 1 and box 1. Every other cell
//! of row 1 and of box 1 (r1c3 included) loses 2 and 7.
//!
//! **Rating.** Locked pair: HoDoKu order 1000, score 40 (medium); locked triple: order 1100,
//! score 60. SE about 2.0 / 2.5 (as the direct hidden pair / triple it implies).
//!
//! **Find-all semantics** (HoDoKu 2.2.0's rule for when a naked subset is "locked").
//! - An instance is a mini-line (row/box or column/box) and N of its cells, N = 2 (pair: any
//!   two of the three cells) or N = 3 (triple: all three cells), such that each cell is
//!   unsolved with at least one candidate and the union of their candidates is exactly N
//!   digits `D`. Cells with fewer than N candidates are allowed (e.g. {2,7}, {2,7}, {7}... as
//!   long as the union has N digits).
//! - Eliminated: every digit of `D` from every cell of the line or of the box that is not one
//!   of the N cells (so for a pair the third cell of the mini-line loses `D` too).
//! - Locked condition: the step is reported only if it eliminates at least one candidate in
//!   the **box** (the third mini-line cell counts as the box) **and** at least one candidate
//!   in the **line outside the box**. A mini-line subset that clears only one of the two
//!   houses is a plain naked subset (HoDoKu types it so; bitdoku's `naked-pair` /
//!   `naked-triple` report it per house in any case).
//! - One step per instance. `evidence.digits` = `D`; `evidence.cells` = the N cells;
//!   `evidence.base` = {line, box}. Steps come mini-line by mini-line (rows' mini-lines
//!   first), pairs in cell order.
//! - House-local (see [`Technique::find_changed`](crate::Technique::find_changed)): an
//!   instance depends only on the candidates of its mini-line's line and box. After an
//!   empty search, with candidates only removed since, a subset none of whose cells changed
//!   has the digits it had then and at most the eliminations it had then, which did not
//!   clear both houses: only the mini-lines with a changed cell of at most N candidates need
//!   a search.
//!
//! **Speed.** The count planes give the cells with 1..=N candidates in one query; a mini-line
//! needs N of them before any digit mask is built.

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet, HouseSet, tables};
use std::ops::ControlFlow;

/// Checks the N cells `cells` of mini-line `ml` and pushes the step if it is a locked subset.
fn check(
    state: &Candidates,
    sink: &mut dyn Sink,
    ml: &tables::MiniLine,
    cells: CellSet,
    id: TechniqueId,
) -> ControlFlow<()> {
    let mut digits = DigitSet::EMPTY;
    for cell in cells {
        digits = digits | state.digits_at(cell);
    }
    if digits.len() != cells.len() {
        return ControlFlow::Continue(());
    }
    let line = ml.line.cells();
    let boxx = ml.boxx.cells();
    let mut step = Step::new(id);
    let mut in_box = false;
    let mut in_line = false;
    for digit in digits.iter() {
        let cands = state.cells(digit);
        let box_elim = (cands & boxx) - cells;
        let line_elim = (cands & line) - boxx;
        in_box |= !box_elim.is_empty();
        in_line |= !line_elim.is_empty();
        step.eliminate(digit, box_elim | line_elim);
    }
    if !(in_box && in_line) {
        return ControlFlow::Continue(());
    }
    step.evidence.digits = digits;
    step.evidence.cells = cells;
    step.evidence.base = HouseSet::single(ml.line).with(ml.boxx);
    sink.push(step)
}

/// `n` is 2 (locked pair) or 3 (locked triple); only the mini-lines with a cell of
/// `changed` that has at most `n` candidates.
fn search(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
    n: u32,
    id: TechniqueId,
) -> ControlFlow<()> {
    // Unsolved cells with 1..=n candidates.
    let small = state.counts().at_most(n as usize);
    let fresh = small & changed;
    for ml in &tables::MINILINES {
        if !ml.cells.intersects(fresh) {
            continue;
        }
        let eligible = ml.cells & small;
        if eligible.len() < n {
            continue;
        }
        if n == 3 {
            check(state, sink, ml, eligible, id)?;
            continue;
        }
        // Pairs: every two of the eligible cells (one pair, or three when all are eligible).
        let mut rest = eligible;
        while let Some(a) = rest.pop_first() {
            for b in rest {
                check(state, sink, ml, CellSet::single(a).with(b), id)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Locked Pair's registry row (see [`Technique`]).
pub(crate) const ROW_PAIR: Technique = Technique {
    id: TechniqueId::LockedPair,
    name: "Locked Pair",
    family: Family::Intersections,
    hodoku: Hodoku { order: 1000, score: 40, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 2.0,
    reglib: Reglib::Codes(&["0110"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find_pair),
    find_changed: Some(find_pair_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every locked pair (see the module docs for the exact semantics).
pub fn find_pair(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(state, CellSet::ALL, sink, 2, TechniqueId::LockedPair)
}

/// Locked pairs with a changed cell (see
/// [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find_pair_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    search(state, changed, sink, 2, TechniqueId::LockedPair)
}

/// Locked Triple's registry row (see [`Technique`]).
pub(crate) const ROW_TRIPLE: Technique = Technique {
    id: TechniqueId::LockedTriple,
    name: "Locked Triple",
    family: Family::Intersections,
    hodoku: Hodoku { order: 1100, score: 60, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 2.5,
    reglib: Reglib::Codes(&["0111"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find_triple),
    find_changed: Some(find_triple_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every locked triple (see the module docs for the exact semantics).
pub fn find_triple(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(state, CellSet::ALL, sink, 3, TechniqueId::LockedTriple)
}

/// Locked triples with a changed cell.
pub fn find_triple_changed(
    state: &Candidates,
    changed: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    search(state, changed, sink, 3, TechniqueId::LockedTriple)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::{LockedPair, LockedTriple};
    use crate::testkit::{EMPTY, check, check_not_applicable, check_step, only, state};

    #[test]
    fn pair_clears_line_and_box_including_the_third_cell() {
        let del = format!("{} {}", only("11", &[2, 7]), only("12", &[2, 7]));
        let s = state(EMPTY, &del);
        let mut expected = Vec::new();
        for d in [2, 7] {
            for (r, c) in [(1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9)] {
                expected.push(format!("r{r}c{c}<>{d}"));
            }
            for (r, c) in [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)] {
                expected.push(format!("r{r}c{c}<>{d}"));
            }
        }
        let step = check_step(LockedPair, &s, &expected.join(" "));
        assert_eq!(step.evidence.digits.to_string(), "27");
        assert_eq!(step.evidence.base.to_string(), "r1 b1");
        check(LockedPair, &s, &expected.join(" "));
        check_not_applicable(LockedTriple, &s);
    }

    #[test]
    fn triple_fills_a_mini_line() {
        // r4c5 {1,3}, r5c5 {3,8}, r6c5 {1,8}: column 5 and box 5 lose 1, 3 and 8.
        let del = [only("45", &[1, 3]), only("55", &[3, 8]), only("65", &[1, 8])].join(" ");
        let s = state(EMPTY, &del);
        let mut expected = Vec::new();
        for d in [1, 3, 8] {
            for r in [1, 2, 3, 7, 8, 9] {
                expected.push(format!("r{r}c5<>{d}"));
            }
            for r in 4..=6 {
                for c in [4, 6] {
                    expected.push(format!("r{r}c{c}<>{d}"));
                }
            }
        }
        let step = check_step(LockedTriple, &s, &expected.join(" "));
        assert_eq!(step.evidence.base.to_string(), "c5 b5");
        check_not_applicable(LockedPair, &s);
    }

    #[test]
    fn must_not_fire() {
        // A pair in one mini-line whose box has no 2 or 7 left outside it: only the line
        // loses candidates, so it is a naked pair, not a locked pair.
        let mut del = format!("{} {}", only("11", &[2, 7]), only("12", &[2, 7]));
        for rc in ["13", "21", "22", "23", "31", "32", "33"] {
            del.push_str(&format!(" 2{rc} 7{rc}"));
        }
        check_not_applicable(LockedPair, &state(EMPTY, &del));
        // A pair that shares a row but not a box.
        let del = format!("{} {}", only("11", &[2, 7]), only("15", &[2, 7]));
        check_not_applicable(LockedPair, &state(EMPTY, &del));
        // Three cells of a mini-line with four digits between them.
        let del = [only("45", &[1, 3]), only("55", &[3, 8]), only("65", &[1, 9])].join(" ");
        check_not_applicable(LockedTriple, &state(EMPTY, &del));
    }
}
