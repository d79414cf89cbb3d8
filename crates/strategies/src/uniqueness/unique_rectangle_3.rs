//! Unique Rectangle type 3: the roof corners act as one virtual cell holding their extra
//! candidates, and form a naked subset with other cells of a house they share.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). The rectangle model, the eligibility rules and the missing-candidate policy
//! are in [`super::unique_rectangle`].
//!
//! **Pattern.** Two floor corners hold only `{a, b}`; the two roof corners share a house and
//! hold extra candidates `E`. At least one roof corner takes a digit of `E` (else the deadly
//! pattern), so the roof behaves like one cell with candidates `E`. If `k` other cells of the
//! house, none holding `a` or `b`, have candidates within a set `S ⊇ E` of `k + 1` digits,
//! these `k` cells and the roof fill `S`: the digits of `S` go from the house's other cells.
//!
//! **Example.** r1c1, r1c4 = `{1,2}`, r2c1 = `{1,2,3}`, r2c4 = `{1,2,4}`, r2c7 = `{3,4}` =>
//! the roof and r2c7 are a naked pair on `{3,4}`: 3 and 4 go from the rest of row 2.
//!
//! **Rating.** HoDoKu order 3700, score 100 (hard); SE 4.6.
//!
//! **Find-all semantics.** For every rectangle of [`super::unique_rectangle`] (rules 1-3)
//! with exactly two floor and two roof corners, let `E` = the roof's candidates minus
//! `{a, b}`. For every house `H` containing both roof corners (their row or column, then their
//! box if they share one), let `P` = the unsolved cells of `H` that are not corners and hold
//! neither `a` nor `b`. For every non-empty subset `Q` of `P`, with `S` = `E` ∪ the
//! candidates of `Q`: when `|S| = |Q| + 1` (and, for a box, the roof and `Q` do not all lie
//! in one row or column — that case is reported by the line), one step eliminating the digits
//! of `S` from every cell of `H` outside the roof and `Q`; when `H` is a line and the roof and
//! `Q` all lie in one box, also from that box's other cells (a locked subset). No step if
//! nothing is eliminated. Several subsets of one house give several steps (HoDoKu does the
//! same). `evidence.digits` = `{a, b}`, `evidence.cells` = the four corners,
//! `evidence.base` = `H` (plus the box for a locked subset), `evidence.fins` = `Q`.

use super::unique_rectangle::{Rect, for_each_rectangle, in_one_line};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, Cell, CellSet, DigitSet, House, HouseKind, HouseSet};
use std::ops::ControlFlow;

/// Unique Rectangle Type 3's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::UniqueRectangle3,
    name: "Unique Rectangle Type 3",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 3700, score: 100, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.6,
    reglib: Reglib::Codes(&["0602"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every unique rectangle type 3 (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let unsolved = state.unsolved();
    for_each_rectangle(state, |r| {
        if r.floor.len() != 2 {
            return ControlFlow::Continue(());
        }
        let [first, .., last] = roof_cells(r);
        let mut houses = [None; 2];
        if first.row() == last.row() {
            houses[0] = Some(House::row(first.row()));
        } else if first.col() == last.col() {
            houses[0] = Some(House::col(first.col()));
        }
        if first.box_index() == last.box_index() {
            houses[1] = Some(House::boxx(first.box_index()));
        }
        for house in houses.into_iter().flatten() {
            in_house(state, sink, r, house, unsolved)?;
        }
        ControlFlow::Continue(())
    })
}

fn roof_cells(r: &Rect) -> [Cell; 2] {
    let mut it = r.roof.iter();
    [it.next().expect("two roof corners"), it.next().expect("two roof corners")]
}

fn in_house(
    state: &Candidates,
    sink: &mut dyn Sink,
    r: &Rect,
    house: House,
    unsolved: CellSet,
) -> ControlFlow<()> {
    let cells = house.cells();
    let with_ur_digit = state.cells(r.a) | state.cells(r.b);
    let pool = (cells & unsolved) - r.cells - with_ur_digit;
    let mut members = [(Cell::new_unchecked(0), DigitSet::EMPTY); 9];
    let n = pool.len() as usize;
    for (slot, cell) in members.iter_mut().zip(pool) {
        *slot = (cell, state.digits_at(cell));
    }
    let is_box = house.kind() == HouseKind::Box;
    for mask in 1u32..(1 << n) {
        let mut subset = CellSet::EMPTY;
        let mut digits = r.extras;
        for (i, &(cell, d)) in members[..n].iter().enumerate() {
            if mask >> i & 1 == 1 {
                subset.insert(cell);
                digits = digits | d;
            }
        }
        if digits.len() != subset.len() + 1 {
            continue;
        }
        let group = r.roof | subset;
        if is_box && in_one_line(group) {
            continue;
        }
        let mut targets = cells - group;
        let mut base = HouseSet::single(house);
        if !is_box && group.boxes().count_ones() == 1 {
            let b = group.first().expect("non-empty").box_index();
            targets |= House::boxx(b).cells() - group;
            base = base.with(House::boxx(b));
        }
        let mut step = r.step(TechniqueId::UniqueRectangle3);
        for d in digits.iter() {
            step.eliminate(d, targets & state.cells(d));
        }
        if step.is_empty() {
            continue;
        }
        step.evidence.base = base;
        step.evidence.fins = subset;
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::{EMPTY, remove, restrict};
    use crate::TechniqueId::UniqueRectangle3;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    #[test]
    fn naked_pair_with_the_roof_in_a_row() {
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:124 r2c7:34");
        let step = check_step(
            UniqueRectangle3,
            &s,
            "r2c2<>3 r2c3<>3 r2c5<>3 r2c6<>3 r2c8<>3 r2c9<>3 r2c2<>4 r2c3<>4 r2c5<>4 r2c6<>4 r2c8<>4 r2c9<>4",
        );
        assert_eq!(step.evidence.fins.to_string(), "r2c7");
        assert_eq!(step.evidence.base.to_string(), "r2");
    }

    #[test]
    fn locked_pair_in_a_box() {
        // {5,8} in columns 2/3, rows 1/7: roof r7c2 = {5,8,9}, r7c3 = {8,9}, so E = {9};
        // Q = {r7c1 = {6,9}} gives S = {6,9}: a naked pair in row 7, all inside box 7.
        let s = restrict(state(EMPTY, ""), "r1c2:58 r1c3:58 r7c2:589 r7c3:89 r7c1:69");
        let s = remove(s, 6, "r7c4 r7c5 r7c6 r7c7 r7c8 r7c9 r8c1 r8c2 r8c3 r9c1 r9c2");
        let s = remove(s, 9, "r7c4 r7c5 r7c6 r7c7 r7c8 r7c9 r8c1 r8c2 r8c3 r9c1 r9c2");
        // 6 and 9 are left in r9c3 only; the box search skips the pair (it lies in one row).
        check(UniqueRectangle3, &s, "r9c3<>6 r9c3<>9");
    }

    #[test]
    fn must_not_fire() {
        // The would-be partner holds a UR digit.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:124 r2c7:134");
        let s = remove(s, 3, "r2c2 r2c3 r2c5 r2c6 r2c8 r2c9");
        let s = remove(s, 4, "r2c2 r2c3 r2c5 r2c6 r2c8 r2c9");
        check_not_applicable(UniqueRectangle3, &s);
        // Four boxes.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r5c1:123 r5c4:124 r5c7:34");
        check_not_applicable(UniqueRectangle3, &s);
        // Diagonal roof: no shared house.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:124 r2c4:12 r2c7:34 r1c7:34");
        check_not_applicable(UniqueRectangle3, &s);
    }
}
