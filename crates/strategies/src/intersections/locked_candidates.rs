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
//! - Steps come digit by digit, then box by box (pointing) or rows then columns (claiming).
//!
//! **Speed.** No loop over cells and no per-mini-line subset test: per digit, two
//! shift-and-OR folds of its 81-bit candidate mask give the occupancy of all 54 mini-lines at
//! once (`row_segments`, `col_segments`). Rotations of those segment bits within each row,
//! band, column and stack then compare every segment with its neighbours at once, which
//! gives the boxes (`pointing_boxes`) or lines (`claiming_lines`) holding an instance that
//! eliminates something; only those are visited, where a box's three row segments and three
//! column segments are a few shifts away and "all in one mini-line" is a power-of-two test on
//! a 3-bit word. Measured on the states where `seeds` calls them (generated puzzles): about
//! 170 ns a call for pointing and 180 for claiming, against 390 and 350 when every box and
//! line was visited (`examples/technique_speed.rs`).

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet, House, HouseSet};
use std::ops::ControlFlow;

/// Bits `9r + 3s` for every row `r` and stack `s`: the first cell of each row mini-line.
const ROW_SEGMENT_BITS: u128 = {
    let mut m = 0;
    let mut r = 0;
    while r < 9 {
        m |= 0b001_001_001 << (9 * r);
        r += 1;
    }
    m
};

/// Bits `27b + c` for every band `b` and column `c`: the first cell of each column mini-line.
const COL_SEGMENT_BITS: u128 = 0x1ff | 0x1ff << 27 | 0x1ff << 54;

/// Bit `9r + 3s` is set when row `r` has a cell of `m` in stack `s`. OR-ing the mask with
/// itself shifted by 1 and 2 folds each 3-cell row segment onto its first bit. Example: row
/// 1 = `000 010 000` (only c5) gives bit 3 (stack 2), and no other bit of row 1.
fn row_segments(m: u128) -> u128 {
    (m | m >> 1 | m >> 2) & ROW_SEGMENT_BITS
}

/// Bit `27b + c` is set when column `c` has a cell of `m` in band `b`: the same fold, with
/// shifts by one and two rows (9 and 18 bits) onto the band's first row.
fn col_segments(m: u128) -> u128 {
    (m | m >> 9 | m >> 18) & COL_SEGMENT_BITS
}

/// Bits `9r` and `9r + 3` of every row (the segment bits of its first two stacks).
const SEG_FIRST_TWO: u128 = {
    let mut m = 0;
    let mut r = 0;
    while r < 9 {
        m |= 0b001_001 << (9 * r);
        r += 1;
    }
    m
};
/// Row `r` of every band with `r` = 0 or 1, as segment bits.
const BAND_ROWS_01: u128 = {
    let mut m = 0;
    let mut b = 0;
    while b < 3 {
        m |= 0x3ffff << (27 * b);
        b += 1;
    }
    m
};
/// Bits `27b + c` of bands 0 and 1.
const COL_BANDS_01: u128 = 0x1ff | 0x1ff << 27;
/// Bits `27b + c` with `c % 3` = 0 or 1.
const COL_FIRST_TWO: u128 = 0o333 | 0o333 << 27 | 0o333 << 54;

/// Row segment bits (`9r + 3s`) rotated within each row: stack `s` takes stack `s + 1`'s.
fn rot_row(x: u128) -> u128 {
    ((x >> 3) & SEG_FIRST_TWO) | ((x << 6) & ROW_SEGMENT_BITS & !SEG_FIRST_TWO)
}

/// Row segment bits rotated within each band: row `r` takes the next row of its band's.
fn rot_band(x: u128) -> u128 {
    ((x >> 9) & BAND_ROWS_01 & ROW_SEGMENT_BITS) | ((x << 18) & ROW_SEGMENT_BITS & !BAND_ROWS_01)
}

/// Column segment bits (`27b + c`) rotated over the bands: band `b` takes band `b + 1`'s.
fn rot_col(x: u128) -> u128 {
    ((x >> 27) & COL_BANDS_01) | ((x << 54) & COL_SEGMENT_BITS & !COL_BANDS_01)
}

/// Column segment bits rotated within each stack: column `c` takes the next column's.
fn rot_stack(x: u128) -> u128 {
    ((x >> 1) & COL_FIRST_TWO) | ((x << 2) & COL_SEGMENT_BITS & !COL_FIRST_TWO)
}

/// Per mini-line of digit mask `m` (row mini-lines at their segment bits `9r + 3s`, column
/// mini-lines at `27b + c`), what the two kinds of locked candidates compare: whether it
/// holds two cells or more, whether its line holds the digit in another box, and whether its
/// box holds the digit in another line. Each is a few rotations of the segment bits.
struct Segments {
    /// Row mini-lines: two cells or more, the row elsewhere, the box elsewhere.
    row: (u128, u128, u128),
    /// Column mini-lines: the same.
    col: (u128, u128, u128),
}

impl Segments {
    fn new(m: u128, rows: u128, cols: u128) -> Segments {
        let across = (m & m >> 1) | (m & m >> 2) | (m >> 1 & m >> 2);
        let down = (m & m >> 9) | (m & m >> 18) | (m >> 9 & m >> 18);
        let (r1, b1) = (rot_row(rows), rot_band(rows));
        let (c1, s1) = (rot_col(cols), rot_stack(cols));
        Segments {
            row: (across & ROW_SEGMENT_BITS, r1 | rot_row(r1), b1 | rot_band(b1)),
            col: (down & COL_SEGMENT_BITS, c1 | rot_col(c1), s1 | rot_stack(s1)),
        }
    }
}

/// The boxes where digit mask `m` (with its `row_segments` and `col_segments`) has a pointing
/// instance that eliminates something: the box holds at least two candidates, all in one
/// row (or column) mini-line, and that row (column) holds a candidate outside the box. All
/// 27 row and 27 column mini-lines are tested at once ([`Segments`]).
fn pointing_boxes(m: u128, rows: u128, cols: u128) -> u16 {
    let Segments { row: (r2, r_line, r_box), col: (c2, c_line, c_box) } =
        Segments::new(m, rows, cols);
    let by_row = rows & r2 & r_line & !r_box;
    let by_col = cols & c2 & c_line & !c_box;
    let mut boxes = 0u16;
    for band in 0..3 {
        // Row hits of the band onto its first row (bits 0, 3, 6), column hits onto bits 0, 3, 6.
        let r = (by_row >> (27 * band)) as u32;
        let r = (r | r >> 9 | r >> 18) & 0o111;
        let c = (by_col >> (27 * band)) as u32 & 0x1ff;
        let x = (r | c | c >> 1 | c >> 2) & 0o111;
        boxes |= (((x & 1) | (x >> 2 & 2) | (x >> 4 & 4)) as u16) << (3 * band);
    }
    boxes
}

/// The lines (rows 0-8, columns 9-17) where digit mask `m` has a claiming instance that
/// eliminates something: the line holds at least two candidates, all in one mini-line, and
/// that mini-line's box holds a candidate outside the line. The test of [`pointing_boxes`]
/// with the roles of line and box swapped.
fn claiming_lines(m: u128, rows: u128, cols: u128) -> u32 {
    let Segments { row: (r2, r_line, r_box), col: (c2, c_line, c_box) } =
        Segments::new(m, rows, cols);
    let by_row = rows & r2 & !r_line & r_box;
    let by_col = cols & c2 & !c_line & c_box;
    let mut lines = 0u32;
    for r in 0..9 {
        lines |= u32::from(by_row >> (9 * r) & 0o777 != 0) << r;
    }
    let c = by_col | by_col >> 27 | by_col >> 54;
    lines | ((c & 0x1ff) as u32) << 9
}

/// The index of the single set bit of a 3-bit occupancy word, or `None` if it has 0 or 2+.
fn single(bits: u128) -> Option<usize> {
    bits.is_power_of_two().then_some(bits.trailing_zeros() as usize)
}

fn push(
    sink: &mut dyn Sink,
    id: TechniqueId,
    digit: Digit,
    pattern: CellSet,
    (base, cover): (House, House),
    elim: CellSet,
) -> ControlFlow<()> {
    if elim.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut step = Step::new(id);
    step.eliminate(digit, elim);
    step.evidence.digits = DigitSet::single(digit);
    step.evidence.cells = pattern;
    step.evidence.base = HouseSet::single(base);
    step.evidence.cover = HouseSet::single(cover);
    sink.push(step)
}

/// Locked Candidates (Pointing)'s registry row (see [`Technique`]).
pub(crate) const ROW_POINTING: Technique = Technique {
    id: TechniqueId::LockedCandidatesPointing,
    name: "Locked Candidates (Pointing)",
    family: Family::Intersections,
    hodoku: Hodoku { order: 1200, score: 50, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 2.6,
    reglib: Reglib::Codes(&["0100"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(3), hodoku: true },
    naive: true,
    find: Some(find_pointing),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every pointing instance (box -> line; see the module docs). Steps come digit by
/// digit, boxes in order.
pub fn find_pointing(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        if !cands.has_many() {
            // A pattern needs two candidates in a box.
            continue;
        }
        let (rows, cols) = (row_segments(cands.bits()), col_segments(cands.bits()));
        let hits = pointing_boxes(cands.bits(), rows, cols);
        for b in 0..9 {
            if hits >> b & 1 == 0 {
                continue;
            }
            let boxx = House::boxx(b);
            let pattern = cands & boxx.cells();
            if !pattern.has_many() {
                continue;
            }
            // Bit of the box's top-left cell; its rows are 9 and 18 bits further.
            let corner = 27 * (b / 3) + 3 * (b % 3);
            let x = rows >> corner;
            let line = if let Some(k) = single((x & 1) | (x >> 8 & 2) | (x >> 16 & 4)) {
                House::row(3 * (b / 3) + k)
            } else if let Some(k) = single(cols >> corner & 7) {
                House::col(3 * (b % 3) + k)
            } else {
                continue;
            };
            let elim = (cands & line.cells()) - boxx.cells();
            let id = TechniqueId::LockedCandidatesPointing;
            push(sink, id, digit, pattern, (boxx, line), elim)?;
        }
    }
    ControlFlow::Continue(())
}

/// Locked Candidates (Claiming)'s registry row (see [`Technique`]).
pub(crate) const ROW_CLAIMING: Technique = Technique {
    id: TechniqueId::LockedCandidatesClaiming,
    name: "Locked Candidates (Claiming)",
    family: Family::Intersections,
    hodoku: Hodoku { order: 1210, score: 50, level: Level::Medium, choice: HodokuChoice::Ranked },
    se: 2.8,
    reglib: Reglib::Codes(&["0101"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(4), hodoku: true },
    naive: true,
    find: Some(find_claiming),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every claiming instance (line -> box; see the module docs). Steps come digit by
/// digit, rows then columns.
pub fn find_claiming(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        if cands.is_empty() {
            continue;
        }
        let (rows, cols) = (row_segments(cands.bits()), col_segments(cands.bits()));
        let hits = claiming_lines(cands.bits(), rows, cols);
        for i in 0..18 {
            if hits >> i & 1 == 0 {
                continue;
            }
            let (line, boxx) = if i < 9 {
                // Row i: its stacks are bits 0, 3 and 6 of its 9-bit slice.
                let x = rows >> (9 * i);
                let Some(s) = single((x & 1) | (x >> 2 & 2) | (x >> 4 & 4)) else { continue };
                (House::row(i), House::boxx(3 * (i / 3) + s))
            } else {
                // Column c: its bands are 27 bits apart.
                let c = i - 9;
                let x = cols >> c;
                let Some(b) = single((x & 1) | (x >> 26 & 2) | (x >> 52 & 4)) else { continue };
                (House::col(c), House::boxx(3 * b + c / 3))
            };
            let pattern = cands & line.cells();
            if !pattern.has_many() {
                continue;
            }
            let elim = (cands & boxx.cells()) - line.cells();
            let id = TechniqueId::LockedCandidatesClaiming;
            push(sink, id, digit, pattern, (line, boxx), elim)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    /// 20,000 random digit masks of every density (each cell kept with probability 1/8 to
    /// 7/8, in turn), from a fixed seed.
    fn random_masks() -> impl Iterator<Item = u128> {
        let mut rng = fastrand::Rng::with_seed(0x2545_f491_4f6c_dd1d);
        (0..20_000u32).map(move |round| {
            let keep = round % 7 + 1;
            (0..81).filter(|_| rng.u32(..8) < keep).fold(0u128, |m, cell| m | 1 << cell)
        })
    }

    /// The direct rule, house by house: the bit of every base house where `cands` has at
    /// least two cells, all inside one cover house, which holds one more outside the base.
    fn direct(
        cands: bitdoku_bitboard::CellSet,
        bases: impl Iterator<Item = bitdoku_bitboard::CellSet>,
        covers: &[bitdoku_bitboard::CellSet],
    ) -> u32 {
        let mut hits = 0u32;
        for (i, base) in bases.enumerate() {
            let inside = cands & base;
            if inside.has_many()
                && covers.iter().any(|&c| inside.is_subset(c) && !(cands & (c - base)).is_empty())
            {
                hits |= 1 << i;
            }
        }
        hits
    }

    /// `pointing_boxes` (boxes pointing into a line) and `claiming_lines` (lines claiming in
    /// a box) against [`direct`] on random masks of every density.
    #[test]
    fn pointing_boxes_and_claiming_lines_are_the_rule() {
        use super::{claiming_lines, col_segments, pointing_boxes, row_segments};
        use bitdoku_bitboard::{CellSet, House};
        let lines: Vec<CellSet> = (0..18).map(|i| House::new(i).expect("line").cells()).collect();
        let boxes: Vec<CellSet> = (0..9).map(|b| House::boxx(b).cells()).collect();
        let (mut pointing, mut claiming) = (0, 0);
        for m in random_masks() {
            let cands = CellSet::from_bits_truncate(m);
            let (rows, cols) = (row_segments(m), col_segments(m));
            let expected = direct(cands, boxes.iter().copied(), &lines);
            assert_eq!(u32::from(pointing_boxes(m, rows, cols)), expected, "{m:#x}");
            pointing += expected.count_ones();
            let expected = direct(cands, lines.iter().copied(), &boxes);
            assert_eq!(claiming_lines(m, rows, cols), expected, "{m:#x}");
            claiming += expected.count_ones();
        }
        assert!(pointing > 5_000 && claiming > 5_000, "{pointing} {claiming}");
    }

    use crate::TechniqueId::{LockedCandidatesClaiming, LockedCandidatesPointing};
    use crate::testkit::{EMPTY, check, check_not_applicable, check_step, state};

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
