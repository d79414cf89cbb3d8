//! Turbot fish: the 3-link X-chain `e1 = i1 - i2 = e2` of one digit that is neither a
//! skyscraper nor a two-string kite (typically one strong link is a box).
//!
//! `e1 = i1` and `i2 = e2` are strong links (each pair is the whole candidate set of a house:
//! a row, a column or a box); `i1 - i2` is a weak link (the two cells see each other). If
//! `e1` is not the digit, `i1` is, so `i2` is not and `e2` is: one end holds the digit, and
//! every candidate that sees both ends goes.
//!
//! ```text
//!   digit 2            c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r2                 B  .  .  | X  .  . | .  .  .
//!   r3                 .  A  .  | .  .  . | .  .  .      A, B: the only 2s of box 1
//!   r6                 .  I  .  | E  .  . | .  .  .      I, E: the only 2s of row 6
//! ```
//! Chain r6c4 = r6c2 - r3c2 = r2c1 (row 6, column 2, box 1): r6c4 or r2c1 is 2, so X = r2c4,
//! which sees r2c1 in row 2 and r6c4 in column 4, loses 2.
//!
//! HoDoKu: Turbot Fish, score 120, level hard. SE rating about 4.2.
//!
//! # Find-all semantics (exact)
//! For each digit `d`, take every distinct pair of cells that is the whole candidate set of
//! some house (a row, column or box with exactly two candidates of `d`; a pair that is both a
//! row's and a box's counts once). For each unordered pair of such links that share no cell,
//! and each choice of one end `i1` of the first and one end `i2` of the second such that
//! `i1` and `i2` see each other, with `e1`, `e2` the other ends, the chain
//! `e1 = i1 - i2 = e2` is a turbot fish unless it is
//! - a skyscraper: both links are strong links in rows (or both in columns), `i1` and `i2`
//!   share a column (resp. row) and `e1` and `e2` do not; or
//! - a two-string kite: one link is a strong link in a row, the other in a column, and `i1`
//!   and `i2` share a box.
//!
//! (A link that is the candidate set of both a line and a box may be read as either.)
//! Eliminated: `d` from every candidate cell that sees both `e1` and `e2`, pattern cells
//! included when they do. One step per chain with at least one elimination; evidence:
//! `cells` = the four cells, `pincers` = `e1` and `e2`, `base` = every house whose candidate
//! set is one of the two links.
//!
//! Calibration against HoDoKu: its turbot fish is any X-chain of four cells, found by the
//! chain search after skyscraper and kite. The nine reglib turbot cases are all a line link
//! plus a box link joined through a line, and all pass. The X-Wing shape (two parallel line
//! links whose both ends align, which HoDoKu's skyscraper skips) stays a turbot fish here as
//! in HoDoKu, and the overlap with 2-candidate empty rectangles is shared with HoDoKu too.
//! Known differences: HoDoKu's skyscraper search only pairs the lower-indexed ends of two
//! links (or the higher ones), so a "crossed" skyscraper is a turbot fish there and a
//! skyscraper here; and HoDoKu's chain links skip a box pair whose two cells share a line,
//! so a chain using such a box-only strong link is a turbot fish here and unknown to
//! HoDoKu's turbot search.

use super::links::{Links, other, seeing_both};
use super::pattern_step;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, HouseKind};
use std::ops::ControlFlow;

/// Whether the chain `e1 = i1 - i2 = e2` (links `l1` = {e1, i1} and `l2` = {i2, e2}, numbers
/// `i` and `j` in `links`) is a skyscraper or a two-string kite, which their own techniques
/// report.
fn is_skyscraper_or_kite(links: &Links, (i, i1): (usize, Cell), (j, i2): (usize, Cell)) -> bool {
    let (e1, e2) = (other(links.pairs()[i], i1), other(links.pairs()[j], i2));
    let row = |l| links.is_of_kind(l, HouseKind::Row);
    let col = |l| links.is_of_kind(l, HouseKind::Col);
    let skyscraper_rows = row(i) && row(j) && i1.col() == i2.col() && e1.col() != e2.col();
    let skyscraper_cols = col(i) && col(j) && i1.row() == i2.row() && e1.row() != e2.row();
    let kite = ((row(i) && col(j)) || (col(i) && row(j))) && i1.box_index() == i2.box_index();
    skyscraper_rows || skyscraper_cols || kite
}

/// Turbot Fish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::TurbotFish,
    name: "Turbot Fish",
    family: Family::SingleDigit,
    hodoku: Hodoku { order: 3120, score: 120, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.2,
    reglib: Reglib::Codes(&["0403"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every turbot fish (see the module doc for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        if cands.is_empty() {
            // A digit the engine's narrowed search left out, or a solved one: no link.
            continue;
        }
        let links = Links::all(cands);
        let pairs = links.pairs();
        for (i, &l1) in pairs.iter().enumerate() {
            for (j, &l2) in pairs.iter().enumerate().skip(i + 1) {
                if l1.intersects(l2) {
                    continue;
                }
                for i1 in l1 {
                    // The weak link: only ends of `l2` that see `i1`.
                    for i2 in l2 & PEERS[i1.index()] {
                        // The cheap test first: most chains eliminate nothing.
                        let (e1, e2) = (other(l1, i1), other(l2, i2));
                        let elims = seeing_both(cands, e1, e2);
                        if elims.is_empty() || is_skyscraper_or_kite(&links, (i, i1), (j, i2)) {
                            continue;
                        }
                        let base = links.houses(i).iter().chain(links.houses(j).iter()).collect();
                        sink.push(pattern_step(
                            TechniqueId::TurbotFish,
                            digit,
                            elims,
                            l1 | l2,
                            CellSet::single(e1).with(e2),
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

    #[test]
    fn a_box_link_and_a_row_link_joined_in_a_column() {
        // The module-doc example: box 1 = {r2c1, r3c2}, row 6 = {r6c2, r6c4}.
        let s = picture::state(
            2,
            "
            ... xxx xxx
            2.. xxx xxx
            .2. xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            .2. 2.. ...
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx",
        );
        check(TurbotFish, &s, "r2c4<>2");
        let step = check_step(TurbotFish, &s, "r2c4<>2");
        assert_eq!(step.evidence.pincers.to_string(), "r2c1 r6c4");
        assert_eq!(step.evidence.cells.to_string(), "r2c1 r3c2 r6c2 r6c4");
        assert_eq!(step.evidence.base.to_string(), "r6 b1");
        check_not_applicable(Skyscraper, &s);
        check_not_applicable(TwoStringKite, &s);
    }

    #[test]
    fn two_parallel_links_joined_through_a_box_are_a_turbot() {
        // Rows 1 and 2 hold two 5s each; r1c2 and r2c3 share box 1 but no column, so this is
        // no skyscraper: r1c8 = r1c2 - r2c3 = r2c9 clears box 3's third row, and the chain
        // joined in box 3 clears box 1's.
        let s = picture::state(
            5,
            "
            .5. ... .5.
            ..5 ... ..5
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx",
        );
        check_step(TurbotFish, &s, "r3c7<>5 r3c8<>5 r3c9<>5");
        check(TurbotFish, &s, "r3c1<>5 r3c2<>5 r3c3<>5 r3c7<>5 r3c8<>5 r3c9<>5");
        check_not_applicable(Skyscraper, &s);
    }

    #[test]
    fn skyscrapers_and_kites_are_left_to_their_own_techniques() {
        let sky = picture::state(
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
        check_step(Skyscraper, &sky, "r2c9<>1 r3c9<>1 r4c7<>1 r6c7<>1");
        check_not_applicable(TurbotFish, &sky);
        let kite = picture::state(
            3,
            "
            xxx xx. xxx
            xxx xx. xxx
            xxx xx. xxx
            .3. 3.. ...
            xxx xxx xxx
            xxx xx. xxx
            xxx xx. xxx
            xxx xx. xxx
            xxx xxx xxx",
        );
        check_step(TwoStringKite, &kite, "r9c2<>3");
        check_not_applicable(TurbotFish, &kite);
    }

    #[test]
    fn unlinked_chains_do_not_fire() {
        // Box 1 link {r2c1, r3c2} and row 6 link {r6c5, r6c7}: no end of one sees an end of
        // the other.
        let s = picture::state(
            9,
            "
            ... xxx xxx
            9.. xxx xxx
            .9. xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            ... .9. 9..
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx",
        );
        check_not_applicable(TurbotFish, &s);
    }
}
