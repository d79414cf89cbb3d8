//! Locked Candidates: a digit confined to the intersection of a box and a line.
//!
//! A *mini-line* is the three cells where a box meets a row or a column. When all candidates
//! of digit `d` in one of the two houses lie in the mini-line, `d` must go in the mini-line,
//! so it cannot sit in the other house outside the mini-line.
//!
//! - **Pointing** (HoDoKu "Locked Candidates Type 1"): the candidates of `d` in a **box** lie
//!   in one mini-line; `d` is eliminated from the rest of that row or column.
//!   Example: in box 1 digit 4 is only in r2c1 and r2c3, so r2c4..r2c9 lose 4.
//! - **Claiming** (HoDoKu "Type 2", also "box/line reduction"): the candidates of `d` in a
//!   **row or column** lie in one mini-line; `d` is eliminated from the rest of that box.
//!   Example: in row 7 digit 8 is only in r7c4 and r7c6, so r8c4..r9c6 (box 8) lose 8.
//!
//! **Rating.** Pointing: HoDoKu order 1200, score 50 (medium); claiming: order 1210, score 50.
//! SE 1.7 / 1.9 when it directly yields a single, else 2.6 / 2.8.
//!
//! **Find-all semantics.**
//! - Pointing: every (box, digit `d`) such that the box has **at least two** candidates of `d`
//!   and all of them lie in one mini-line (two or three cells). Eliminated: `d` from every
//!   cell of the mini-line's row or column outside the box.
//! - Claiming: every (row or column, digit `d`) such that the line has **at least two**
//!   candidates of `d` and all of them lie in one mini-line. Eliminated: `d` from every cell
//!   of the mini-line's box outside the line.
//! - A house with a single candidate of `d` (a hidden single) is no instance, as in HoDoKu.
//!   An instance is reported only when it eliminates something; one step per instance.
//!   `evidence.digits` = {d}; `evidence.cells` = the candidate cells of `d` in the base
//!   house; `evidence.base` = the box (pointing) or the line (claiming); `evidence.cover` =
//!   the house the eliminations are in.
//! - Steps come digit by digit, then mini-line by mini-line (rows' mini-lines first).
//!
//! **Speed.** Per digit and mini-line: one AND with the base house, a subset test against the
//! mini-line and a `has_many` test (`x & (x - 1) != 0`); two cells of a box share at most one
//! line, so each (house, digit) matches at most one mini-line.

use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, Digit, DigitSet, House, HouseSet, tables};
use std::ops::ControlFlow;

/// Which house of the mini-line holds all the digit's candidates.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The box (eliminate along the line).
    Pointing,
    /// The line (eliminate in the box).
    Claiming,
}

fn search(state: &Candidates, sink: &mut dyn Sink, kind: Kind) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        for ml in &tables::MINILINES {
            let (base, cover): (House, House) = match kind {
                Kind::Pointing => (ml.boxx, ml.line),
                Kind::Claiming => (ml.line, ml.boxx),
            };
            let pattern = cands & base.cells();
            if !pattern.has_many() || !pattern.is_subset(ml.cells) {
                continue;
            }
            let elim = (cands & cover.cells()) - ml.cells;
            if elim.is_empty() {
                continue;
            }
            let id = match kind {
                Kind::Pointing => TechniqueId::LockedCandidatesPointing,
                Kind::Claiming => TechniqueId::LockedCandidatesClaiming,
            };
            let mut step = Step::new(id);
            step.eliminate(digit, elim);
            step.evidence.digits = DigitSet::single(digit);
            step.evidence.cells = pattern;
            step.evidence.base = HouseSet::single(base);
            step.evidence.cover = HouseSet::single(cover);
            sink.push(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Finds every pointing instance (box -> line; see the module docs).
pub fn find_pointing(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(state, sink, Kind::Pointing)
}

/// Finds every claiming instance (line -> box; see the module docs).
pub fn find_claiming(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(state, sink, Kind::Claiming)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::{LockedCandidatesClaiming, LockedCandidatesPointing};
    use crate::testkit::{check, check_not_applicable, check_step, state};

    const EMPTY: &str = concat!(
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "........."
    );

    #[test]
    fn pointing_along_a_row() {
        // Box 1 keeps 4 only in r2c1 and r2c3: r2c4-r2c9 lose 4.
        let s = state(EMPTY, "411 412 413 422 431 432 433");
        let step = check_step(
            LockedCandidatesPointing,
            &s,
            "r2c4<>4 r2c5<>4 r2c6<>4 r2c7<>4 r2c8<>4 r2c9<>4",
        );
        assert_eq!(step.evidence.base.to_string(), "b1");
        assert_eq!(step.evidence.cover.to_string(), "r2");
        assert_eq!(step.evidence.cells.to_string(), "r2c1 r2c3");
        check(LockedCandidatesPointing, &s, "r2c4<>4 r2c5<>4 r2c6<>4 r2c7<>4 r2c8<>4 r2c9<>4");
    }

    #[test]
    fn pointing_along_a_column_with_three_cells() {
        // Box 9 keeps 6 only in column 8: r1c8-r6c8 lose 6. Claiming sees nothing here: every
        // line still has 6 in at least two boxes.
        let s = state(EMPTY, "677 687 697 679 689 699");
        check(LockedCandidatesPointing, &s, "r1c8<>6 r2c8<>6 r3c8<>6 r4c8<>6 r5c8<>6 r6c8<>6");
        check_not_applicable(LockedCandidatesClaiming, &s);
    }

    #[test]
    fn claiming_from_a_row() {
        // Row 7 keeps 8 only in r7c4 and r7c6: the rest of box 8 loses 8.
        let s = state(EMPTY, "871 872 873 875 877 878 879");
        let step = check_step(
            LockedCandidatesClaiming,
            &s,
            "r8c4<>8 r8c5<>8 r8c6<>8 r9c4<>8 r9c5<>8 r9c6<>8",
        );
        assert_eq!(step.evidence.base.to_string(), "r7");
        assert_eq!(step.evidence.cover.to_string(), "b8");
    }

    #[test]
    fn must_not_fire() {
        // A lone candidate in a box (a hidden single) is not a pointing pair: box 1 keeps 4
        // only in r2c2. Its row and column do not confine 4 to a box either.
        let s = state(EMPTY, "411 412 413 421 423 431 432 433");
        check_not_applicable(LockedCandidatesPointing, &s);
        check_not_applicable(LockedCandidatesClaiming, &s);
        // Confined candidates with nothing left to eliminate: 5 lies in r1c1 and r1c2 only,
        // both in box 1 and in row 1.
        let s = state(EMPTY, "513 514 515 516 517 518 519 521 522 523 531 532 533");
        check_not_applicable(LockedCandidatesPointing, &s);
        check_not_applicable(LockedCandidatesClaiming, &s);
    }
}
