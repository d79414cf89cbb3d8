//! Two-string kite: a strong link of one digit in a row and one in a column, joined in a box.
//!
//! Digit `d` has exactly two candidates in a row and exactly two in a column (four different
//! cells). One end of the row link and one end of the column link lie in the same box (two
//! different cells, so at most one of them is `d`). Then the other end of the row link or the
//! other end of the column link is `d`, and every candidate seeing both of those ends goes.
//!
//! ```text
//!   digit 3            c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r4                 .  E  .  | A  .  . | .  .  .      E, A: the only 3s of row 4
//!   r5                 .  .  .  | .  .  B | .  .  .      A, B: box 5
//!   r9                 .  X  .  | .  .  F | .  .  .      B, F: the only 3s of column 6
//! ```
//! If A is 3, B is not, so F is; if A is not, E is. Either way X = r9c2 (it sees E in column 2
//! and F in row 9) loses 3: r9c2<>3.
//!
//! HoDoKu: 2-String Kite, score 150, level hard. SE rating about 4.1.
//!
//! # Find-all semantics (exact)
//! For each digit `d`, each row in which `d` has exactly two candidate cells (the row link)
//! and each column in which `d` has exactly two (the column link), when the two links share
//! no cell: for each end `i_r` of the row link and each end `i_c` of the column link that lie
//! in the same box, with `e_r`, `e_c` the other two ends: eliminate `d` from every candidate
//! cell that sees both `e_r` and `e_c`. That is the one cell at `e_c`'s row and `e_r`'s column
//! (when it is a candidate); only in a contradictory state where all four cells share one box
//! can more cells qualify, and then they are all eliminated. One step per (row link, column
//! link, box-joined pair of ends) with at least one elimination; evidence: `cells` = the four
//! cells, `pincers` = `e_r` and `e_c`, `base` = the row and the column. The box needs no
//! other property (it may hold more candidates of `d`). HoDoKu tries the four pairings of
//! ends in a fixed order and keeps only the first that shares a box; two pairings can share
//! a box only when one link lies inside that box, and then both are reported here.

use super::links::{Links, other, seeing_both};
use super::pattern_step;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{Candidates, CellSet, Digit, HouseKind};
use std::ops::ControlFlow;

/// Two-String Kite's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::TwoStringKite,
    name: "Two-String Kite",
    family: Family::SingleDigit,
    hodoku: Hodoku { order: 3100, score: 150, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.1,
    reglib: Reglib::Codes(&["0401"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(14), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every two-string kite (see the module doc for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        if cands.is_empty() {
            // A digit the engine's narrowed search left out, or a solved one: no link.
            continue;
        }
        let rows = Links::of_kind(cands, HouseKind::Row);
        let cols = Links::of_kind(cands, HouseKind::Col);
        for (i, &row) in rows.pairs().iter().enumerate() {
            for (j, &col) in cols.pairs().iter().enumerate() {
                if row.intersects(col) {
                    continue;
                }
                for i_r in row {
                    // The box joint: only ends of the column link in the box of `i_r`.
                    for i_c in col & HOUSES[18 + i_r.box_index()] {
                        let (e_r, e_c) = (other(row, i_r), other(col, i_c));
                        let elims = seeing_both(cands, e_r, e_c);
                        if elims.is_empty() {
                            continue;
                        }
                        let base = rows.houses(i).iter().chain(cols.houses(j).iter()).collect();
                        sink.push(pattern_step(
                            TechniqueId::TwoStringKite,
                            digit,
                            elims,
                            row | col,
                            CellSet::single(e_r).with(e_c),
                            base,
                        ))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::picture;
    use crate::TechniqueId::{Skyscraper, TurbotFish, TwoStringKite};
    use crate::testkit::{check, check_not_applicable, check_step};
    use bitdoku_bitboard::{Cell, CellSet, Digit};

    /// The seed article's kite ("hilo de cometa", digit 3): row D = r4 holds its 3s only at
    /// D2 and D4, column 6 only at E6 and I6; D4 and E6 share box 5, so I2 = r9c2 loses 3.
    /// Our own reconstruction of the digit-3 layer: every other house keeps three or more.
    const SEED_KITE: &str = "
        xxx xx. xxx
        xxx xx. xxx
        xxx xx. xxx
        .3. 3.. ...
        xxx xx3 xxx
        xxx xx. xxx
        xxx xx. xxx
        xxx xx. xxx
        xxx xx3 xxx";

    #[test]
    fn the_seed_articles_kite() {
        let s = picture::state(3, SEED_KITE);
        check(TwoStringKite, &s, "r9c2<>3");
        let step = check_step(TwoStringKite, &s, "r9c2<>3");
        assert_eq!(step.evidence.pincers.to_string(), "r4c2 r9c6");
        assert_eq!(step.evidence.cells.to_string(), "r4c2 r4c4 r5c6 r9c6");
        assert_eq!(step.evidence.base.to_string(), "r4 c6");
        check_not_applicable(Skyscraper, &s);
        check_not_applicable(TurbotFish, &s);
    }

    #[test]
    fn without_the_cross_candidate_nothing_fires() {
        let mut s = picture::state(3, SEED_KITE);
        s.eliminate(Digit::from_value(3).unwrap(), CellSet::single(Cell::from_rc(8, 1)));
        check_not_applicable(TwoStringKite, &s);
    }

    #[test]
    fn ends_in_different_boxes_or_a_shared_cell_are_no_kite() {
        // Row 4 (c2, c4) and column 9 (r5, r9): r4c4 and r5c9 are in different boxes.
        let s = picture::state(
            8,
            "
            xxx xxx xx.
            xxx xxx xx.
            xxx xxx xx.
            .8. 8.. ...
            xxx xxx xx8
            xxx xxx xx.
            xxx xxx xx.
            xxx xxx xx.
            xxx xxx xx8",
        );
        check_not_applicable(TwoStringKite, &s);
        // Row 1 (c1, c5) and column 5 (r1, r3) share r1c5: no kite.
        let s = picture::state(
            6,
            "
            6.. .6. ...
            xxx x.x xxx
            xxx x6x xxx
            xxx x.x xxx
            xxx x.x xxx
            xxx x.x xxx
            xxx x.x xxx
            xxx x.x xxx
            xxx x.x xxx",
        );
        check_not_applicable(TwoStringKite, &s);
    }
}
