//! Unique rectangles: the rectangle model shared by types 1-6 and the hidden rectangle.
//!
//! **The deadly pattern.** Four unsolved cells in two rows, two columns and exactly two
//! boxes (two corners per box). If, in the solution, they held only two digits `a` and `b`,
//! the diagonals would hold the same digit (`a b / b a`), and swapping `a` and `b` in the four
//! cells would give a second solution: no row, column or box changes its contents and no
//! given is touched. A puzzle with exactly one solution therefore never has such a pattern,
//! so any candidate state whose completion would force one is impossible. Every technique of
//! this family **assumes the puzzle has exactly one solution**; the engine checks that before
//! it calls them, the functions themselves do not.
//!
//! A rectangle in one box (four corners of a box) is no deadly pattern (a box cannot hold
//! `a` twice), and an axis-aligned rectangle spans 1, 2 or 4 boxes, never 3: only the
//! two-box ones are searched.
//!
//! ```text
//!   r1c1 = A  .  .  r1c4 = B        A, B in row 1 / box 1, box 2
//!   r2c1 = C  .  .  r2c4 = D        C, D in row 2 / box 1, box 2
//! ```
//!
//! **Which rectangles are candidates (find-all semantics shared by UR 1-6 and hidden
//! rectangle).** For every pair of digits `a < b` and every two-box rectangle such that
//! 1. all four corners are unsolved;
//! 2. `a` and `b` are *allowed* in every corner: neither is placed (as a value) in either row,
//!    either column or either box of the rectangle. A corner may lack `a` or `b` as a candidate
//!    (eliminated earlier, HoDoKu's "allow missing candidates" on, always); it may even lack
//!    both, exactly as in HoDoKu. Except in a [fixed](Candidates::fixed) cell (every cell of a
//!    729-character candidate grid): there the input's candidates are part of the puzzle, a
//!    swap to a digit the input ruled out is no second solution, so both must be candidates;
//! 3. at least one corner has exactly the two candidates `{a, b}` (HoDoKu's start cell).
//!
//! The corners whose candidates are a subset of `{a, b}` form the *floor*; the others (holding
//! at least one digit besides `a` and `b`) the *roof*, and `extras` is the union of the roof's
//! candidates minus `{a, b}`. Each technique then looks at the floor/roof split (see its file).
//! Every deduction has the form "else all four corners would hold `a`/`b`", which stays valid
//! when corners miss candidates: the swap argument is about solutions, not pencil marks. Rule 2
//! is what keeps the strong-link types (4, 6, hidden rectangle) sound with missing
//! candidates: "`a` appears only in these corners of a row" proves `a` is in one of them only
//! when `a` is not already placed in that row.
//!
//! Rectangles are visited digit pair by digit pair (`a` ascending, then `b`), each rectangle
//! once. Every step's `evidence.digits` = `{a, b}` (HoDoKu's `<candidates>` field) and
//! `evidence.cells` = the four corners.

use crate::{Step, TechniqueId};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet, tables};
use std::ops::ControlFlow;

/// A two-box rectangle that passed rules 1-3 for the digits `a < b`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rect {
    /// The smaller UR digit.
    pub a: Digit,
    /// The larger UR digit.
    pub b: Digit,
    /// The four corners in row-major order: `[r1c1, r1c2, r2c1, r2c2]`.
    pub corners: [Cell; 4],
    /// The four corners as a set.
    pub cells: CellSet,
    /// Corners whose candidates are a subset of `{a, b}`.
    pub floor: CellSet,
    /// Corners holding some other candidate too.
    pub roof: CellSet,
    /// The roof's candidates other than `a` and `b`.
    pub extras: DigitSet,
}

impl Rect {
    /// `{a, b}`.
    pub fn pair(&self) -> DigitSet {
        DigitSet::single(self.a).with(self.b)
    }

    /// The corner diagonally opposite `corner` (which must be a corner).
    pub fn opposite(&self, corner: Cell) -> Cell {
        let i = self.corners.iter().position(|&c| c == corner).expect("a corner");
        self.corners[3 - i]
    }

    /// The two rows and two columns of the rectangle.
    pub fn lines(&self) -> CellSet {
        let [c11, _, _, c22] = self.corners;
        tables::HOUSES[c11.row()]
            | tables::HOUSES[c22.row()]
            | tables::HOUSES[9 + c11.col()]
            | tables::HOUSES[9 + c22.col()]
    }

    /// An empty step of technique `id` with this rectangle as evidence.
    pub fn step(&self, id: TechniqueId) -> Step {
        let mut step = Step::new(id);
        step.evidence.digits = self.pair();
        step.evidence.cells = self.cells;
        step
    }
}

/// Whether two cells of a rectangle share a row or a column.
pub(crate) fn in_one_line(cells: CellSet) -> bool {
    cells.rows().count_ones() == 1 || cells.cols().count_ones() == 1
}

/// Types 2 and 5: a floor of one or two corners and a roof whose extra candidates are a single
/// digit `c`. One roof corner must be `c` (else all four corners hold `a`/`b`), so `c` goes from
/// every cell that sees all roof corners. Returns `c` and those cells, if any holds `c`.
pub(crate) fn single_extra(state: &Candidates, r: &Rect) -> Option<(Digit, CellSet)> {
    if !(1..=2).contains(&r.floor.len()) || r.extras.len() != 1 {
        return None;
    }
    let c = r.extras.first()?;
    let targets = r.roof.common_peers() & state.cells(c);
    (!targets.is_empty()).then_some((c, targets))
}

/// Whether a type-2/5 rectangle is a type 2 (two roof corners in one row or column) rather
/// than a type 5 (two diagonal roof corners, or three).
pub(crate) fn is_type_2(r: &Rect) -> bool {
    r.roof.len() == 2 && in_one_line(r.roof)
}

/// Finds every type 2 (`type_2` true) or type 5 (false) rectangle: one search, the roof's
/// shape telling the two apart.
pub(crate) fn find_single_extra(
    state: &Candidates,
    sink: &mut dyn crate::Sink,
    type_2: bool,
) -> std::ops::ControlFlow<()> {
    let id = if type_2 { TechniqueId::UniqueRectangle2 } else { TechniqueId::UniqueRectangle5 };
    for_each_rectangle(state, |r| {
        let Some((c, targets)) = single_extra(state, r) else {
            return std::ops::ControlFlow::Continue(());
        };
        if is_type_2(r) != type_2 {
            return std::ops::ControlFlow::Continue(());
        }
        let mut step = r.step(id);
        step.eliminate(c, targets);
        step.evidence.fins = r.roof;
        sink.push(step)
    })
}

/// Cells where `digit` is allowed by the basic rule: unsolved, and no house of the cell holds
/// `digit` as a value. The houses through a placed cell are that cell's peers, so the blocked
/// cells are the solved cells plus the peers of each placed `digit` (at most nine ORs).
///
/// A [fixed](Candidates::fixed) cell (every cell of a 729-character candidate grid) must also
/// still hold `digit` as a candidate: there the candidates are part of the puzzle, so a swap
/// that puts a digit the input had ruled out gives no second solution.
pub(crate) fn allowed(state: &Candidates, digit: Digit) -> CellSet {
    let placed = state.placed(digit);
    let blocked = placed.iter().fold(state.solved(), |acc, c| acc | tables::PEERS[c.index()]);
    !blocked & (!state.fixed() | state.cells(digit))
}

/// `cells` moved sideways by `by` columns (positive: towards column 9). Only used on cells of
/// one column moved to another column, so nothing crosses a row boundary: e.g. r3c2 moved by
/// +3 is r3c5 (bit 20 to bit 23).
fn shift_columns(cells: CellSet, by: isize) -> CellSet {
    let bits = cells.bits();
    let moved = if by >= 0 { bits << by } else { bits >> -by };
    CellSet::from_bits_truncate(moved)
}

/// The rectangles of the last state seen on this thread: the seven rectangle techniques
/// (types 1-6 and the hidden rectangle) come one after the other in the orders, mostly on the
/// same state, so the list is built once per state.
#[derive(Default)]
struct Cache {
    /// The state the list belongs to (candidates, placed cells and fixed cells: everything
    /// the rules read).
    key: Option<([CellSet; 9], [CellSet; 9], CellSet)>,
    rects: Vec<Rect>,
}

thread_local! {
    static CACHE: std::cell::RefCell<Cache> = std::cell::RefCell::default();
}

/// Calls `f` once for every rectangle that passes rules 1-3 of the module docs, in the
/// order described at [`enumerate`].
pub(crate) fn for_each_rectangle(
    state: &Candidates,
    mut f: impl FnMut(&Rect) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // Taken out while `f` runs, so that a nested search gets its own (empty) cache.
    let mut cache = CACHE.take();
    let key = (*state.masks(), *state.placed_masks(), state.fixed());
    if cache.key != Some(key) {
        cache.rects.clear();
        enumerate(state, &mut cache.rects);
        cache.key = Some(key);
    }
    let mut flow = ControlFlow::Continue(());
    for r in &cache.rects {
        flow = f(r);
        if flow.is_break() {
            break;
        }
    }
    CACHE.set(cache);
    flow
}

/// Every rectangle that passes rules 1-3 of the module docs, into `out`.
///
/// From each start cell `s` (exactly `{a, b}`), the corners are `p` in the row of `s`, `q` in
/// its column and `o` opposite `s`. For a given `p`, the possible `o` are found all at once:
/// the eligible cells of the column of `s` (candidate `q`s) shifted onto the column of `p`,
/// kept where eligible, and kept in the band of `s` when `p` is in another stack (else the
/// rectangle spans four boxes) or outside it when `p` is in the stack of `s` (else one box).
/// Rectangles come out in the order of `s`, then `p`, then `q` (row-major each).
fn enumerate(state: &Candidates, out: &mut Vec<Rect>) {
    let bivalue = state.counts().exactly(2);
    let allowed: [CellSet; 9] =
        std::array::from_fn(|d| allowed(state, Digit::new_unchecked(d as u8)));
    for a in Digit::all() {
        for b in Digit::all().filter(|b| b.index() > a.index()) {
            // Start cells: exactly {a, b}.
            let starts = bivalue & state.cells(a) & state.cells(b);
            if starts.is_empty() {
                continue;
            }
            let eligible = allowed[a.index()] & allowed[b.index()];
            let others = Digit::all()
                .filter(|&d| d != a && d != b)
                .fold(CellSet::EMPTY, |acc, d| acc | state.cells(d));
            for s in starts {
                let row = tables::HOUSES[s.row()];
                let band = tables::BANDS[s.row() / 3];
                let col_mates = eligible & (tables::HOUSES[9 + s.col()] - row);
                for p in eligible & (row - CellSet::single(s)) {
                    // Exactly two boxes: `p` shares the box of `s` or `q` does, not both.
                    let same_stack = s.col() / 3 == p.col() / 3;
                    let rows = if same_stack { !band } else { band };
                    let by = p.col() as isize - s.col() as isize;
                    for o in eligible & rows & shift_columns(col_mates, by) {
                        let q = Cell::from_rc(o.row(), s.col());
                        let cells = CellSet::single(s).with(p).with(q).with(o);
                        // Visit each rectangle once: from its first start cell.
                        if (cells & starts).first() != Some(s) {
                            continue;
                        }
                        out.push(build(state, a, b, cells, others));
                    }
                }
            }
        }
    }
}

/// The rectangle of corners `cells` for the digits `a < b`; `others` = the cells holding a
/// candidate other than `a` and `b` (so the floor is `cells - others`, one difference).
fn build(state: &Candidates, a: Digit, b: Digit, cells: CellSet, others: CellSet) -> Rect {
    let mut corners = [Cell::new_unchecked(0); 4];
    for (corner, cell) in corners.iter_mut().zip(cells) {
        *corner = cell;
    }
    let roof = cells & others;
    let pair = DigitSet::single(a).with(b);
    let extras = (!pair).iter().filter(|&d| state.cells(d).intersects(roof)).collect();
    Rect { a, b, corners, cells, floor: cells - roof, roof, extras }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Test helpers: a state from givens plus explicit candidate lists.

    use bitdoku_bitboard::{Candidates, CellSet, Digit};

    pub use crate::testkit::EMPTY;

    /// Restricts cells to the listed candidates: `"r1c1:12 r5c5:347"`.
    pub fn restrict(mut state: Candidates, spec: &str) -> Candidates {
        for tok in spec.split_whitespace() {
            let (cell, digits) = tok.split_once(':').expect("cell:digits");
            let b = cell.as_bytes();
            let cell =
                bitdoku_bitboard::Cell::from_rc((b[1] - b'1') as usize, (b[3] - b'1') as usize);
            for d in Digit::all() {
                if !digits.contains(char::from(b'0' + d.value())) {
                    state.eliminate(d, CellSet::single(cell));
                }
            }
        }
        state
    }

    /// Removes `digit` from every cell of `cells` given as `"r1c1 r1c2"`.
    pub fn remove(mut state: Candidates, digit: u8, cells: &str) -> Candidates {
        let d = Digit::from_value(digit).expect("digit");
        for tok in cells.split_whitespace() {
            let b = tok.as_bytes();
            let cell =
                bitdoku_bitboard::Cell::from_rc((b[1] - b'1') as usize, (b[3] - b'1') as usize);
            state.eliminate(d, CellSet::single(cell));
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{EMPTY, restrict};
    use super::*;
    use crate::testkit::state;

    fn rects(s: &Candidates) -> Vec<String> {
        let mut out = Vec::new();
        let _ = for_each_rectangle(s, |r| {
            out.push(format!("{}{} {}", r.a, r.b, r.cells));
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn only_two_box_rectangles_with_a_bivalue_start() {
        // Pairs of {1,2} cells at rows 1/2 x cols 1/4 (two boxes), rows 1/5 x cols 1/4 (four
        // boxes) and rows 1/2 x cols 1/2 (one box).
        let s = restrict(
            state(EMPTY, ""),
            "r1c1:12 r1c4:12 r2c1:12 r2c4:123 r5c1:12 r5c4:12 r1c2:12 r2c2:12",
        );
        let found = rects(&s);
        assert!(found.contains(&"12 r1c1 r1c4 r2c1 r2c4".to_string()), "{found:?}");
        assert!(!found.iter().any(|r| r.contains("r5c1") && r.contains("r1c4")), "{found:?}");
        assert!(!found.contains(&"12 r1c1 r1c2 r2c1 r2c2".to_string()), "{found:?}");
        // r1c2/r2c2 with r1c4/r2c4 is two boxes: found too.
        assert!(found.contains(&"12 r1c2 r1c4 r2c2 r2c4".to_string()), "{found:?}");
    }

    #[test]
    fn placed_ur_digit_in_a_house_of_the_rectangle_disqualifies_it() {
        // A 1 placed in r3c2 (box 1) blocks 1 in r1c1 and r2c1.
        let mut givens = EMPTY.to_string();
        givens.replace_range(19..20, "1");
        let s = restrict(state(&givens, ""), "r1c1:2 r1c4:12 r2c1:2 r2c4:12 r1c7:12");
        assert!(rects(&s).iter().all(|r| !r.contains("r1c1")), "{:?}", rects(&s));
    }
}
