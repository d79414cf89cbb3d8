//! Skyscraper: two strong links of one digit in two parallel lines that share one end's
//! crossing line.
//!
//! Digit `d` has exactly two candidates in each of two rows (or two columns). One candidate of
//! each row lies in the same column: that column is the *base*. The other two candidates, the
//! *roof*, are not in one column. The base column holds `d` at most once, so at least one
//! row has `d` at its roof end: every candidate that sees both roof ends can go.
//!
//! ```text
//!   digit 1            c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r1                 .  A  .  | .  .  . | E  .  .      A-E: only 1s of row 1
//!   r5                 .  B  .  | .  .  . | .  .  F      B-F: only 1s of row 5
//! ```
//! Base column c2 (A, B), roof E = r1c7 and F = r5c9: E or F is 1, so 1 goes from every cell
//! that sees both, here r2c9, r3c9 (box 3 and column 9) and r4c7, r6c7 (column 7 and box 6)
//! when they hold the candidate.
//!
//! HoDoKu: Skyscraper, score 130, level hard. SE rating about 4.0 (a turbot-fish chain).
//!
//! # Find-all semantics (exact)
//! For each digit `d` and each line kind (rows, then columns), for each unordered pair of
//! distinct lines of that kind in which `d` has exactly two candidate cells: the pair is a
//! skyscraper when exactly one crossing line (a column for two rows, a row for two columns)
//! holds a candidate of both lines. Its two cells there are the base; the other two cells are
//! the roof `e1`, `e2` (then in different crossing lines). A pair sharing no crossing line is
//! nothing; a pair sharing two is an X-Wing and is not reported here. Eliminated: `d` from
//! every cell that is a candidate of `d` and sees both `e1` and `e2` (pattern cells included
//! if they do, which happens only when three of them share a box). One step per skyscraper
//! with at least one elimination; evidence: `cells` = the four cells, `pincers` = the roof,
//! `base` = the two lines. There are no other conditions (no check of other digits, no box
//! requirement).

use super::links::{Links, seeing_both, split};
use super::pattern_step;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, HouseKind};
use std::ops::ControlFlow;

/// The crossing-line index of `cell` for links in lines of kind `kind`: its column for row
/// links, its row for column links.
fn cross(cell: Cell, kind: HouseKind) -> usize {
    if kind == HouseKind::Row { cell.col() } else { cell.row() }
}

/// Skyscraper's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::Skyscraper,
    name: "Skyscraper",
    family: Family::SingleDigit,
    hodoku: Hodoku { order: 3000, score: 130, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.0,
    reglib: Reglib::Codes(&["0400"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(13), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every skyscraper (see the module doc for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        if cands.is_empty() {
            // A digit the engine's narrowed search left out, or a solved one: no link.
            continue;
        }
        for kind in [HouseKind::Row, HouseKind::Col] {
            let links = Links::of_kind(cands, kind);
            let pairs = links.pairs();
            for (i, &first) in pairs.iter().enumerate() {
                let (a0, a1) = split(first);
                for (j, &second) in pairs.iter().enumerate().skip(i + 1) {
                    let (b0, b1) = split(second);
                    // Which ends share a crossing line: exactly one match makes a base.
                    let mut base = None;
                    let mut matches = 0;
                    for (x, ex) in [(a0, a1), (a1, a0)] {
                        for (y, ey) in [(b0, b1), (b1, b0)] {
                            if cross(x, kind) == cross(y, kind) {
                                matches += 1;
                                base = Some((ex, ey));
                            }
                        }
                    }
                    let Some((e1, e2)) = base else { continue };
                    if matches != 1 {
                        continue; // both ends aligned: an X-Wing
                    }
                    let elims = seeing_both(cands, e1, e2);
                    if elims.is_empty() {
                        continue;
                    }
                    let houses = links.houses(i).iter().chain(links.houses(j).iter()).collect();
                    sink.push(pattern_step(
                        TechniqueId::Skyscraper,
                        digit,
                        elims,
                        first | second,
                        CellSet::single(e1).with(e2),
                        houses,
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::picture;
    use crate::TechniqueId::{Skyscraper, TurbotFish};
    use crate::testkit::{check, check_not_applicable, check_step};

    #[test]
    fn rows_with_a_base_column_eliminate_under_the_roof() {
        // The module-doc example: rows 1 and 5, base column 2, roof r1c7 and r5c9; every
        // other house keeps many 1s.
        let s = picture::state(
            1,
            "
            .1. ... 1..
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            .1. ... ..1
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx",
        );
        check(Skyscraper, &s, "r2c9<>1 r3c9<>1 r4c7<>1 r6c7<>1");
        let step = check_step(Skyscraper, &s, "r2c9<>1 r3c9<>1 r4c7<>1 r6c7<>1");
        assert_eq!(step.evidence.pincers.to_string(), "r1c7 r5c9");
        assert_eq!(step.evidence.cells.to_string(), "r1c2 r1c7 r5c2 r5c9");
        assert_eq!(step.evidence.base.to_string(), "r1 r5");
        assert_eq!(step.evidence.digits.to_string(), "1");
    }

    #[test]
    fn columns_work_like_rows() {
        // Columns 1 and 6, base row 9, roof r2c1 and r3c6 (one band): box 2 loses the 7s of
        // row 2 and box 1 those of row 3.
        let s = picture::state(
            7,
            "
            .xx xx. xxx
            7xx xx. xxx
            .xx xx7 xxx
            .xx xx. xxx
            .xx xx. xxx
            .xx xx. xxx
            .xx xx. xxx
            .xx xx. xxx
            7xx xx7 xxx",
        );
        check(Skyscraper, &s, "r2c4<>7 r2c5<>7 r3c2<>7 r3c3<>7");
    }

    #[test]
    fn an_x_wing_shape_is_not_a_skyscraper() {
        // Both ends of rows 1 and 5 align (columns 2 and 7): an X-Wing, which turbot fish
        // reports as HoDoKu's chain search does.
        let s = picture::state(
            4,
            "
            .4. ... 4..
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            .4. ... 4..
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx",
        );
        check_not_applicable(Skyscraper, &s);
        check_step(TurbotFish, &s, "r2c7<>4 r3c7<>4 r4c7<>4 r6c7<>4 r7c7<>4 r8c7<>4 r9c7<>4");
    }

    #[test]
    fn no_shared_crossing_line_or_nothing_to_eliminate_does_not_fire() {
        // Rows 1 and 5 hold two 2s each, in four different columns.
        let s = picture::state(
            2,
            "
            .2. ... 2..
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            2.. ... .2.
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx",
        );
        check_not_applicable(Skyscraper, &s);
        // The first example without the four candidates under the roof.
        let s = picture::state(
            3,
            "
            .3. ... 3..
            xxx xxx xx.
            xxx xxx xx.
            xxx xxx .xx
            .3. ... ..3
            xxx xxx .xx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx",
        );
        check_not_applicable(Skyscraper, &s);
    }
}
