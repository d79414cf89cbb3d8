//! The one fish search shared by the nine fish techniques: line masks, base enumeration,
//! cover and fin choice, eliminations and the finned/sashimi classification.
//!
//! Bit layout. A [`CellSet`] holds cell `9 * row + col` at bit `9 * row + col`, so row `r` is
//! the 9-bit slice `bits >> 9r & 0x1ff`:
//!
//! ```text
//!  bit:  80 ...  72 | 71 ... 63 | ... | 17 ... 9 | 8 ... 0
//!  row:       r9    |     r8    | ... |    r2    |    r1        (bit c of a slice = column c)
//! ```
//!
//! For one digit and one orientation the search reads nine 9-bit *line masks*: with rows as
//! base, `lines[r]` bit `c` says the digit is a candidate in row `r`, column `c`; with columns
//! as base it is the transpose, `lines[c]` bit `r`. A "line" is a base house, a "cross line"
//! the perpendicular house. Everything below is stated for lines and cross lines, so it reads
//! the same in both orientations.
//!
//! Enumeration: base sets are the `n`-subsets of the eligible lines, visited depth-first in
//! increasing line order; the union of the chosen masks (the cross lines the base touches)
//! only grows, so a branch stops as soon as its popcount passes the most a fish can use
//! (`n` for a basic fish, `n + 2` for a finned one: fins lie in one box, and that box must
//! keep a cover cross line, so at most two cross lines hold fins). Fin cross lines are the
//! subsets of the union inside one stack of three, found with the `(sub - 1) & set` walk.
//! No allocation anywhere: masks are `u16`, cell sets are `Copy` `u128`s.

use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet, House, HouseSet};
use std::ops::ControlFlow;

/// Bits 0, 9, 18, ..., 72: the first cell of every row.
const ROW_STARTS: u128 = {
    let mut bits = 0u128;
    let mut r = 0;
    while r < 9 {
        bits |= 1 << (9 * r);
        r += 1;
    }
    bits
};

/// The cells of the columns in `mask` (bit `c` = column `c`). Multiplying the 9-bit mask by
/// [`ROW_STARTS`] copies it into every row slice; the nine copies never overlap, so there is
/// no carry: e.g. `0b101 * ROW_STARTS` = columns 1 and 3 in all nine rows.
fn column_cells(mask: u16) -> CellSet {
    CellSet::from_bits_truncate(u128::from(mask & 0x1ff) * ROW_STARTS)
}

/// The cells of the rows in `mask` (bit `r` = row `r`).
fn row_cells(mask: u16) -> CellSet {
    let mut bits = 0u128;
    let mut m = mask & 0x1ff;
    while m != 0 {
        bits |= 0x1ff << (9 * m.trailing_zeros());
        m &= m - 1;
    }
    CellSet::from_bits_truncate(bits)
}

/// Which houses are the base: rows (covered by columns) or columns (covered by rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Orientation {
    /// Rows are the base lines, columns the cover lines.
    Rows,
    /// Columns are the base lines, rows the cover lines.
    Cols,
}

impl Orientation {
    /// Both orientations, rows first.
    const BOTH: [Orientation; 2] = [Orientation::Rows, Orientation::Cols];

    /// Cells of the base lines in `mask`.
    fn line_cells(self, mask: u16) -> CellSet {
        match self {
            Orientation::Rows => row_cells(mask),
            Orientation::Cols => column_cells(mask),
        }
    }

    /// Cells of the cross lines in `mask`.
    fn cross_cells(self, mask: u16) -> CellSet {
        match self {
            Orientation::Rows => column_cells(mask),
            Orientation::Cols => row_cells(mask),
        }
    }

    /// The houses of the lines (`cross == false`) or cross lines in `mask`.
    fn houses(self, mask: u16, cross: bool) -> HouseSet {
        let rows = (self == Orientation::Rows) != cross;
        let mut set = HouseSet::EMPTY;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            set = set.with(if rows { House::row(i) } else { House::col(i) });
            m &= m - 1;
        }
        set
    }

    /// The nine line masks of `cells` in this orientation.
    fn line_masks(self, cells: CellSet) -> [u16; 9] {
        let bits = cells.bits();
        let mut rows = [0u16; 9];
        for (r, row) in rows.iter_mut().enumerate() {
            *row = (bits >> (9 * r)) as u16 & 0x1ff;
        }
        if self == Orientation::Rows {
            return rows;
        }
        let mut cols = [0u16; 9];
        for (r, &row) in rows.iter().enumerate() {
            let mut m = row;
            while m != 0 {
                cols[m.trailing_zeros() as usize] |= 1 << r;
                m &= m - 1;
            }
        }
        cols
    }
}

/// The lines whose candidate count is in `min..=max`, as a 9-bit mask.
fn lines_with(lines: &[u16; 9], min: u32, max: u32) -> u16 {
    let mut pool = 0;
    for (i, m) in lines.iter().enumerate() {
        if (min..=max).contains(&m.count_ones()) {
            pool |= 1 << i;
        }
    }
    pool
}

/// Calls `visit(base, union)` for every set `base` of exactly `need` lines from `pool` whose
/// union of masks has at most `max_union` bits, in increasing lexicographic order of lines.
fn for_each_base<F>(
    lines: &[u16; 9],
    pool: u16,
    need: u32,
    chosen: u16,
    union: u16,
    max_union: u32,
    visit: &mut F,
) -> ControlFlow<()>
where
    F: FnMut(u16, u16) -> ControlFlow<()>,
{
    if need == 0 {
        return visit(chosen, union);
    }
    let mut rest = pool;
    while rest.count_ones() >= need {
        let line = rest.trailing_zeros();
        rest &= rest - 1;
        let grown = union | lines[line as usize];
        if grown.count_ones() <= max_union {
            for_each_base(lines, rest, need - 1, chosen | 1 << line, grown, max_union, visit)?;
        }
    }
    ControlFlow::Continue(())
}

/// One fish as found, ready to become a step.
struct Fish {
    digit: Digit,
    orientation: Orientation,
    base: u16,
    cover: u16,
    body: CellSet,
    fins: CellSet,
    eliminations: CellSet,
}

fn push(sink: &mut dyn Sink, id: TechniqueId, fish: &Fish) -> ControlFlow<()> {
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

/// Basic fish of size `n`: every `n` base lines, each with 2..=`n` candidates, whose
/// candidates lie in exactly `n` cross lines; eliminates the digit from those cross lines
/// outside the base lines. One step per (digit, orientation, base set) that eliminates.
pub(super) fn basic(
    state: &Candidates,
    sink: &mut dyn Sink,
    n: u32,
    id: TechniqueId,
) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cells = state.cells(digit);
        if cells.len() < 2 * n {
            continue;
        }
        for orientation in Orientation::BOTH {
            let lines = orientation.line_masks(cells);
            let pool = lines_with(&lines, 2, n);
            for_each_base(&lines, pool, n, 0, 0, n, &mut |base, union| {
                if union.count_ones() != n {
                    return ControlFlow::Continue(());
                }
                let base_cells = orientation.line_cells(base);
                let eliminations = (cells & orientation.cross_cells(union)) - base_cells;
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                let fish = Fish {
                    digit,
                    orientation,
                    base,
                    cover: union,
                    body: cells & base_cells,
                    fins: CellSet::EMPTY,
                    eliminations,
                };
                push(sink, id, &fish)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Which finned fish a search reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fins {
    /// Every base line keeps at least two candidates in the cover lines.
    Finned,
    /// Some base line has at most one candidate in the cover lines.
    Sashimi,
}

/// Finned or sashimi fish of size `n` (see the family doc in `mod.rs` for the exact rules).
pub(super) fn finned(
    state: &Candidates,
    sink: &mut dyn Sink,
    n: u32,
    kind: Fins,
    id: TechniqueId,
) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cells = state.cells(digit);
        for orientation in Orientation::BOTH {
            let lines = orientation.line_masks(cells);
            let pool = lines_with(&lines, 1, 9);
            for_each_base(&lines, pool, n, 0, 0, n + 2, &mut |base, union| {
                let width = union.count_ones();
                if width <= n {
                    return ControlFlow::Continue(());
                }
                let found =
                    Found { cells, lines: &lines, orientation, digit, base, union, n, kind };
                for stack in 0..3 {
                    let in_stack = union & 0b111 << (3 * stack);
                    // Every subset of the stack's cross lines with the right size that leaves
                    // a cover cross line in the stack (else the fin box has nothing to lose).
                    let mut fin_lines = in_stack;
                    while fin_lines != 0 {
                        if fin_lines.count_ones() == width - n && in_stack & !fin_lines != 0 {
                            found.try_fins(sink, id, stack, fin_lines)?;
                        }
                        fin_lines = (fin_lines - 1) & in_stack;
                    }
                }
                ControlFlow::Continue(())
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// A base set under examination for fins.
struct Found<'a> {
    cells: CellSet,
    lines: &'a [u16; 9],
    orientation: Orientation,
    digit: Digit,
    base: u16,
    union: u16,
    n: u32,
    kind: Fins,
}

impl Found<'_> {
    /// Tries the cross lines `fin_lines` (inside stack `stack`) as the fin lines.
    fn try_fins(
        &self,
        sink: &mut dyn Sink,
        id: TechniqueId,
        stack: u32,
        fin_lines: u16,
    ) -> ControlFlow<()> {
        let o = self.orientation;
        let cover = self.union & !fin_lines;
        debug_assert_eq!(cover.count_ones(), self.n);
        // Base lines holding a fin must lie in one group of three lines (one band or stack).
        let mut finned_lines = 0u16;
        let mut sashimi = false;
        let mut rest = self.base;
        while rest != 0 {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.lines[l] & fin_lines != 0 {
                finned_lines |= 1 << l;
            }
            sashimi |= (self.lines[l] & cover).count_ones() <= 1;
        }
        let group = finned_lines.trailing_zeros() / 3;
        if finned_lines & !(0b111 << (3 * group)) != 0 {
            return ControlFlow::Continue(());
        }
        if sashimi != (self.kind == Fins::Sashimi) {
            return ControlFlow::Continue(());
        }
        let fin_box = o.line_cells(0b111 << (3 * group)) & o.cross_cells(0b111 << (3 * stack));
        let base_cells = o.line_cells(self.base);
        let eliminations = (self.cells & o.cross_cells(cover) & fin_box) - base_cells;
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        let fins = self.cells & base_cells & o.cross_cells(fin_lines);
        let fish = Fish {
            digit: self.digit,
            orientation: o,
            base: self.base,
            cover,
            body: (self.cells & base_cells) - fins,
            fins,
            eliminations,
        };
        push(sink, id, &fish)
    }
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
    fn masks_and_cells_agree_in_both_orientations() {
        let s = picture(
            4,
            "x........ ...x..... ......... ......... ......... ......... ......... ......... ........x",
        );
        let cells = s.cells(Digit::from_value(4).unwrap());
        let rows = Orientation::Rows.line_masks(cells);
        let cols = Orientation::Cols.line_masks(cells);
        assert_eq!((rows[0], rows[1], rows[8]), (1, 1 << 3, 1 << 8));
        assert_eq!((cols[0], cols[3], cols[8]), (1, 1 << 1, 1 << 8));
        assert_eq!(column_cells(0b1).len(), 9);
        assert_eq!(row_cells(0b11) & column_cells(0b100), row_cells(0b11) & column_cells(0b100));
        assert_eq!((row_cells(0b1) & column_cells(0b1)).len(), 1);
        assert_eq!(Orientation::Cols.line_cells(0b1), column_cells(0b1));
    }

    #[test]
    fn base_enumeration_prunes_by_union_size() {
        let lines = [0b11, 0b11, 0b110, 0, 0, 0, 0, 0, 0b1];
        let mut seen = Vec::new();
        let _ = for_each_base(&lines, 0b1_0000_0111, 2, 0, 0, 2, &mut |b, u| {
            seen.push((b, u));
            ControlFlow::Continue(())
        });
        assert_eq!(seen, [(0b11, 0b11), (0b1_0000_0001, 0b11), (0b1_0000_0010, 0b11)]);
    }
}
