//! The general fish search over the 27 houses, shared by the franken and mutant fish (sizes
//! 2-7, finned or not). Rules (the technique files repeat the part that concerns them):
//!
//! For a digit `d`, the *candidates* of a house are its unsolved cells that still have `d`.
//! A fish of size `n` is a *base* of `n` houses and a *cover* of `n` other houses:
//!
//! * every base house and every cover house holds at least one base candidate (a base
//!   candidate is a candidate of some base house); no house is both base and cover;
//! * *endo fins*: base candidates that lie in two base houses (a row and a box). An unfinned
//!   fish has none (its base houses share no candidate); a finned fish has at most 2 (counted
//!   per overlapping pair, HoDoKu's count);
//! * *exo fins*: base candidates in no cover house. The *fins* are the exo and endo fins;
//!   an unfinned fish has none, a finned one between 1 and 5 (HoDoKu's default caps);
//! * an unfinned fish takes no base house with more than `n` candidates (HoDoKu's rule);
//! * potential eliminations: the cover candidates outside the base candidates, plus the
//!   *cannibalistic* ones, candidates (base ones included) that lie in two cover houses. An
//!   unfinned fish eliminates them all, a finned fish those that see every fin;
//! * the kind comes from the house types used (HoDoKu's classification): *basic* when the
//!   base is all rows and the cover all columns or the other way round; *franken* when the
//!   base is rows, or rows and boxes, and the cover columns, or columns and boxes (or the same
//!   with rows and columns swapped), and it is not basic; *mutant* otherwise. A technique
//!   reports only fish of its kind (basic fish have their own, faster search: `search.rs`).
//!
//! One step per (digit, base set, cover set) that eliminates at least one candidate; several
//! covers of one base (HoDoKu's Siamese fish) are several steps. Evidence: `digits` = {d},
//! `base` / `cover` = the houses, `fins` = exo and endo fins, `cells` = the base candidates
//! that are not fins.
//!
//! Search: base sets are visited depth-first in increasing house order, pruned on the way
//! down (unfinned: no shared candidate; finned: at most two endo fins, and the endo fins must
//! have a common peer holding `d`, since every elimination has to see them). For each base
//! set, covers are built like an exact cover: the first base candidate not yet decided is
//! either covered by one of its (at most three) houses, trying them in a fixed order and
//! excluding the ones already tried, or declared an exo fin (finned only, at most five);
//! when every base candidate is decided, the cover is completed with any houses still
//! allowed. Each cover set is reached once, and the branching is at most four per level.

use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::tables::{CELL_HOUSES, HOUSES};
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet, House, HouseSet};
use std::ops::ControlFlow;

/// Rows, columns and boxes as 27-bit house masks.
const ROWS: u32 = 0x1ff;
const COLS: u32 = 0x1ff << 9;
const BOXES: u32 = 0x1ff << 18;

/// HoDoKu's default caps on fins (all fins) and endo fins.
const MAX_FINS: u32 = 5;
const MAX_ENDO: u32 = 2;

/// Which fish a search reports (by the house types of base and cover).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Base in rows (+ boxes), cover in columns (+ boxes), or swapped, not basic.
    Franken,
    /// Any other mix that is neither basic nor franken.
    Mutant,
}

/// The kind of a fish with these base and cover houses: `None` for a basic fish.
fn classify(base: u32, cover: u32) -> Option<Kind> {
    let lines_only = |a: u32, b: u32| base & !a == 0 && cover & !b == 0;
    if lines_only(ROWS, COLS) || lines_only(COLS, ROWS) {
        return None;
    }
    let franken = |a: u32, b: u32| {
        base & a != 0 && base & !(a | BOXES) == 0 && cover & !(b | BOXES) == 0 && cover & b != 0
    };
    if franken(ROWS, COLS) || franken(COLS, ROWS) {
        Some(Kind::Franken)
    } else {
        Some(Kind::Mutant)
    }
}

/// The houses a search may use as base and as cover, one pair per pass.
fn passes(kind: Kind) -> &'static [(u32, u32)] {
    match kind {
        Kind::Franken => &[(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)],
        Kind::Mutant => &[(ROWS | COLS | BOXES, ROWS | COLS | BOXES)],
    }
}

fn bits(m: u128) -> CellSet {
    CellSet::from_bits_truncate(m)
}

/// Finds every fish of `kind`, size `n`, finned or not (see the module doc).
pub(super) fn find(
    state: &Candidates,
    sink: &mut dyn Sink,
    kind: Kind,
    n: usize,
    finned: bool,
    id: TechniqueId,
) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        if (cands.len() as usize) <= n {
            continue;
        }
        let targets = deletable(state, digit);
        if targets.is_empty() {
            continue;
        }
        let mut houses = [0u128; 27];
        let mut nonempty = 0u32;
        for (h, m) in houses.iter_mut().enumerate() {
            *m = (HOUSES[h] & cands).bits();
            if *m != 0 {
                nonempty |= 1 << h;
            }
        }
        for &(base_ok, cover_ok) in passes(kind) {
            let mut pool = base_ok & nonempty;
            if !finned {
                for h in Bits(pool) {
                    if houses[h].count_ones() as usize > n {
                        pool &= !(1 << h);
                    }
                }
            }
            let mut s = Search {
                state,
                sink: &mut *sink,
                id,
                kind,
                n,
                finned,
                digit,
                cands: cands.bits(),
                targets: targets.bits(),
                houses,
                cover_ok: cover_ok & nonempty,
                base: 0,
                base_cells: 0,
                endo: 0,
                avail: 0,
                reach: 0,
            };
            s.bases(pool, 0, 0)?;
        }
    }
    ControlFlow::Continue(())
}

/// Iterates the set bits of a house mask.
struct Bits(u32);

impl Iterator for Bits {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// One digit's search state.
struct Search<'a> {
    state: &'a Candidates,
    sink: &'a mut dyn Sink,
    id: TechniqueId,
    kind: Kind,
    n: usize,
    finned: bool,
    digit: Digit,
    cands: u128,
    /// The candidates no template of the digit holds: the only ones a fish can eliminate.
    targets: u128,
    houses: [u128; 27],
    cover_ok: u32,
    /// The chosen base houses, their candidates and endo fins.
    base: u32,
    base_cells: u128,
    endo: u128,
    /// The houses the cover may use for the current base.
    avail: u32,
    /// The targets inside those houses: the only candidates a cover of this base can
    /// eliminate.
    reach: u128,
}

/// A partial cover: chosen houses, excluded houses, covered cells, cells in two covers,
/// declared exo fins.
#[derive(Clone, Copy)]
struct Cover {
    chosen: u32,
    banned: u32,
    covered: u128,
    cannibal: u128,
    fins: u128,
}

impl Search<'_> {
    /// Extends the base with houses of `pool` (all above the last chosen one).
    fn bases(&mut self, mut pool: u32, size: usize, endo_count: u32) -> ControlFlow<()> {
        while pool.count_ones() as usize >= self.n - size {
            let h = pool.trailing_zeros() as usize;
            pool &= pool - 1;
            let cells = self.houses[h];
            let overlap = cells & self.base_cells;
            let mut count = endo_count;
            if overlap != 0 {
                if !self.finned {
                    continue;
                }
                count += overlap.count_ones();
                let endo = self.endo | overlap;
                if count > MAX_ENDO || bits(endo).common_peers().bits() & self.targets == 0 {
                    continue;
                }
            }
            let saved = (self.base, self.base_cells, self.endo);
            self.base |= 1 << h;
            self.base_cells |= cells;
            self.endo |= overlap;
            if size + 1 == self.n {
                self.covers()?;
            } else {
                self.bases(pool, size + 1, count)?;
            }
            (self.base, self.base_cells, self.endo) = saved;
        }
        ControlFlow::Continue(())
    }

    /// Every cover of the current base.
    fn covers(&mut self) -> ControlFlow<()> {
        if self.kind == Kind::Franken && self.base & (ROWS | COLS) == 0 {
            // Boxes only: mutant whatever the cover.
            return ControlFlow::Continue(());
        }
        let mut avail = 0u32;
        let mut reach = 0u128;
        for h in Bits(self.cover_ok & !self.base) {
            if self.houses[h] & self.base_cells != 0 {
                avail |= 1 << h;
                reach |= self.houses[h];
            }
        }
        // Every elimination lies in a cover house: without a target there, no cover of this
        // base eliminates anything.
        let reach = reach & self.targets;
        if (avail.count_ones() as usize) < self.n || reach == 0 {
            return ControlFlow::Continue(());
        }
        if self.kind == Kind::Franken {
            // A franken cover takes a line (of the other kind, as every cover of the pass),
            // and a box when the base has none (else the fish is basic).
            if avail & (ROWS | COLS) == 0 || (self.base & BOXES == 0 && avail & BOXES == 0) {
                return ControlFlow::Continue(());
            }
        }
        self.avail = avail;
        self.reach = reach;
        let start = Cover { chosen: 0, banned: 0, covered: 0, cannibal: 0, fins: 0 };
        self.decide(start)
    }

    fn add(&self, c: Cover, h: usize) -> Cover {
        let cells = self.houses[h];
        Cover {
            chosen: c.chosen | 1 << h,
            cannibal: c.cannibal | (c.covered & cells),
            covered: c.covered | cells,
            ..c
        }
    }

    /// Decides the first undecided base candidate (see the module doc).
    fn decide(&mut self, c: Cover) -> ControlFlow<()> {
        let open = self.base_cells & !c.covered & !c.fins;
        let fin_count = (c.fins | self.endo).count_ones();
        if open == 0 {
            return self.complete(c, self.avail & !c.chosen & !c.banned);
        }
        if c.chosen.count_ones() as usize == self.n {
            // No house left to pick: every open candidate is an exo fin.
            let fins = c.fins | open;
            if self.finned && (fins | self.endo).count_ones() <= MAX_FINS {
                return self.leaf(Cover { fins, ..c });
            }
            return ControlFlow::Continue(());
        }
        let cell = open.trailing_zeros() as usize;
        let mut banned = c.banned;
        for house in CELL_HOUSES[cell] {
            let h = house.index();
            if self.avail & !c.chosen & !banned & (1 << h) == 0 {
                continue;
            }
            let next = self.add(Cover { banned, ..c }, h);
            self.decide(next)?;
            banned |= 1 << h;
        }
        if self.finned && fin_count < MAX_FINS {
            let fins = c.fins | 1 << cell;
            if bits(fins | self.endo).common_peers().bits() & self.reach != 0 {
                let houses = CELL_HOUSES[cell].iter().fold(0, |m, h| m | 1 << h.index());
                self.decide(Cover { banned: banned | houses, fins, ..c })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Completes the cover with houses of `pool` (every base candidate is decided).
    fn complete(&mut self, c: Cover, mut pool: u32) -> ControlFlow<()> {
        let missing = self.n - c.chosen.count_ones() as usize;
        if missing == 0 {
            return self.leaf(c);
        }
        while pool.count_ones() as usize >= missing {
            let h = pool.trailing_zeros() as usize;
            pool &= pool - 1;
            let next = self.add(c, h);
            self.complete(next, pool)?;
        }
        ControlFlow::Continue(())
    }

    /// A complete fish: checks the kind and the fins, pushes the eliminations.
    fn leaf(&mut self, c: Cover) -> ControlFlow<()> {
        if classify(self.base, c.chosen) != Some(self.kind) {
            return ControlFlow::Continue(());
        }
        let fins = c.fins | self.endo;
        if (fins != 0) != self.finned {
            return ControlFlow::Continue(());
        }
        let mut elims = (c.covered & !self.base_cells) | c.cannibal;
        if fins != 0 {
            elims &= bits(fins).common_peers().bits();
        }
        elims &= self.cands;
        debug_assert_eq!(
            elims & !self.targets,
            0,
            "a fish eliminates only template-free candidates"
        );
        if elims == 0 {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(self.id);
        step.eliminate(self.digit, bits(elims));
        let e = &mut step.evidence;
        e.digits = DigitSet::single(self.digit);
        e.base = house_set(self.base);
        e.cover = house_set(c.chosen);
        e.cells = bits(self.base_cells & !fins);
        e.fins = bits(fins);
        debug_assert!(step.changes(self.state));
        self.sink.push(step)
    }
}

/// The candidates of `digit` that no template holds (a template: nine cells, one per row,
/// column and box, holding every cell where the digit is placed and otherwise candidates).
/// A fish reasons on one digit's houses only, so it holds in every template and can only
/// eliminate these; an empty set skips the digit. The walk stops once every candidate is in
/// some template.
fn deletable(state: &Candidates, digit: Digit) -> CellSet {
    let placed = state.placed(digit);
    let cands = state.cells(digit);
    // The two dozen franken and mutant techniques of an order ask on the same masks: the
    // last answer per digit is kept (per thread).
    let key = (cands, placed);
    if let Some(hit) = DELETABLE
        .with_borrow(|memo| memo[digit.index()].and_then(|(k, set)| (k == key).then_some(set)))
    {
        return hit;
    }
    let set = template_free(cands, placed);
    DELETABLE.with_borrow_mut(|memo| memo[digit.index()] = Some((key, set)));
    set
}

/// One digit's `(candidates, placed)` masks and the answer of [`deletable`] for them.
type Memo = ((CellSet, CellSet), CellSet);

thread_local! {
    /// Per digit, the last masks [`deletable`] answered, and its answer.
    static DELETABLE: std::cell::RefCell<[Option<Memo>; 9]> =
        const { std::cell::RefCell::new([None; 9]) };
}

/// [`deletable`] computed: the template walk.
fn template_free(cands: CellSet, placed: CellSet) -> CellSet {
    let open = cands | placed;
    let mut allowed = [0u16; 9];
    for (row, mask) in allowed.iter_mut().enumerate() {
        let fixed = (placed.bits() >> (9 * row)) as u16 & 0x1ff;
        *mask = if fixed != 0 { fixed } else { (open.bits() >> (9 * row)) as u16 & 0x1ff };
    }
    let mut union = 0u128;
    let _ = walk(&allowed, 0, 0, 0, 0, &mut union, open.bits());
    bits(cands.bits() & !union)
}

/// One row of the template walk; breaks when `union` holds all of `all`.
fn walk(
    allowed: &[u16; 9],
    row: usize,
    cols: u16,
    boxes: u16,
    cur: u128,
    union: &mut u128,
    all: u128,
) -> ControlFlow<()> {
    if row == 9 {
        *union |= cur;
        return if *union == all { ControlFlow::Break(()) } else { ControlFlow::Continue(()) };
    }
    let mut m = allowed[row] & !cols;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        let b = (row / 3) * 3 + c / 3;
        if boxes & (1 << b) == 0 {
            let cell = 1u128 << (9 * row + c);
            walk(allowed, row + 1, cols | 1 << c, boxes | 1 << b, cur | cell, union, all)?;
        }
    }
    ControlFlow::Continue(())
}

fn house_set(mask: u32) -> HouseSet {
    Bits(mask).filter_map(|h| House::new(h as u8)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification() {
        let r = |i: u32| 1u32 << i;
        let c = |i: u32| 1u32 << (9 + i);
        let b = |i: u32| 1u32 << (18 + i);
        assert_eq!(classify(r(0) | r(1), c(0) | c(1)), None);
        assert_eq!(classify(c(0) | c(1), r(0) | r(1)), None);
        assert_eq!(classify(r(0) | b(4), c(0) | c(1)), Some(Kind::Franken));
        assert_eq!(classify(r(0) | r(1), c(0) | b(1)), Some(Kind::Franken));
        assert_eq!(classify(c(0) | b(1), r(0) | b(8)), Some(Kind::Franken));
        assert_eq!(classify(b(0) | b(1), c(0) | c(1)), Some(Kind::Mutant));
        assert_eq!(classify(r(0) | c(1), r(2) | c(3)), Some(Kind::Mutant));
        assert_eq!(classify(r(0) | r(1), r(2) | c(3)), Some(Kind::Mutant));
    }
}
