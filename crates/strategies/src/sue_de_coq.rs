//! Sue de Coq: two or three cells where a box meets a line, whose digits are covered by a set
//! of cells in the rest of the line and a set in the rest of the box that share no
//! intersection digit.
//!
//! Take a line `L` (row or column) and a box `B` that cross. `C` = 2 or 3 unsolved cells of
//! the mini-line `L ∩ B` with digits `D` (the union of their candidates), `|D| = |C| + n`,
//! `n >= 2`. `S_L` = a set of unsolved cells of `L` outside `C` with digits `A`, `S_B` = a set
//! of unsolved cells of `B` outside `C` and `S_L` with digits `E`, such that `A` and `E`
//! share no digit of `D`, and with `a = |A \ D|`, `e = |E \ D|`:
//! `|S_L| - a = m`, `1 <= m < n`, `|S_B| - e = n - m`. Counting places: a digit of `A` not
//! in `E` can only sit in `C ∪ S_L` (one line), at most once; a digit of `E` not in `A` in
//! `C ∪ S_B` (one box), at most once; a digit of both (never in `D`) once in `S_L` and once
//! in `S_B`; a digit of `D` in neither once in `C`. That is `|C| + |S_L| + |S_B|` places for
//! exactly as many cells, so every one of these digits is placed exactly that often, and:
//! - the rest of the line (`L` minus `C` and `S_L`) loses `(D ∪ A) \ E` and `A ∩ E`;
//! - the rest of the box (`B` minus `C` and `S_B`) loses `(D ∪ E) \ A` and `A ∩ E`.
//!
//! The basic form: `C` holds `|C| + 2` digits, `S_L` is an almost locked set (one digit
//! more than cells) holding two of them and no digit outside `D`, `S_B` likewise with the
//! other two. HoDoKu's extended forms are covered by the counts above: more intersection digits,
//! extra digits outside `D` in a set, the same extra digit in both sets (it then goes from
//! both the rest of the line and the rest of the box), and the third cell of the mini-line
//! in one of the sets.
//!
//! ```text
//!   C = r1c1 r1c2 {1,2,3,4} (row 1, box 1)   S_L = r1c5 {1,2}   S_B = r2c3 {3,4}
//! ```
//! n = 2, m = |S_L| - 0 = 1, |S_B| - 0 = 1 = n - m. Row 1 minus C and S_L loses 1 and 2;
//! box 1 minus C and S_B loses 3 and 4.
//!
//! HoDoKu: Sue de Coq, order 5300, score 250, level unfair (on by default). SE rating 6.6
//! (Sudoku Explainer has no Sue de Coq; rated beside the first ALS techniques, see the
//! registry row).
//!
//! # Find-all semantics (exact)
//! For each line `L` (rows 1-9, then columns 1-9), each box `B` crossing it (box order), each
//! `C` of 2 or 3 unsolved cells of `L ∩ B` with `n = |D| - |C| >= 2`, each non-empty `S_L`
//! of unsolved cells of `L` outside `C` with `A ∩ D` non-empty and `1 <= |S_L| - a < n`, and
//! each non-empty `S_B` of unsolved cells of `B` outside `C ∪ S_L` with `E ∩ D` non-empty,
//! `E ∩ A ∩ D` empty and `|S_B| - e = n - |S_L| + a`: one step with the eliminations above
//! (in the unsolved cells of the rest of `L`, resp. `B`, that hold them), when there is at
//! least one. Cell sets are enumerated in lexicographic order of their sorted cells (`C`:
//! (1,2), (1,2,3), (1,3), (2,3) of the mini-line), which is HoDoKu's `MiscellaneousSolver`
//! order, so the first step is HoDoKu's. Instances with the same eliminations are all
//! reported. Evidence: `cells` = `C ∪ S_L ∪ S_B`, `pivot` = `C`, `pincers` = `S_L ∪ S_B`,
//! `base` = `L` and `B`, `digits` = `D ∪ A ∪ E`, `als` = `(C, D)`, `(S_L, A)`, `(S_B, E)`.
//!
//! House-local (see [`Technique::find_changed`](crate::Technique::find_changed)): an
//! instance reads only the cells of `L` and `B` and eliminates only there, so the mini-lines
//! whose line and box did not change find what they found before.

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet, House, HouseSet};
use std::ops::ControlFlow;

/// Sue de Coq's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::SueDeCoq,
    name: "Sue de Coq",
    family: Family::Als,
    hodoku: Hodoku { order: 5300, score: 250, level: Level::Unfair, choice: HodokuChoice::First },
    // Sudoku Explainer has no Sue de Coq. Its basic form is two naked subsets sharing the
    // intersection cells, an ALS-XZ-like deduction: rated like the ALS family's entry
    // point, above the single-chain colouring (6.5-7.0) and below nice loops/AIC.
    se: 6.6,
    reglib: Reglib::Codes(&["1101"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: Some(find_changed),
    digit_local: false,
    cost: Cost::Wide,
};

/// Finds every Sue de Coq (see the module doc for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find_in(state, HouseSet::ALL, sink)
}

/// The Sue de Coqs of the mini-lines whose line or box has a cell of `changed`, in
/// [`find`]'s order (see [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find_changed(state: &Candidates, changed: CellSet, sink: &mut dyn Sink) -> ControlFlow<()> {
    find_in(state, changed.houses(), sink)
}

/// The Sue de Coqs of the mini-lines whose line or box is in `houses`, in [`find`]'s order.
fn find_in(state: &Candidates, houses: HouseSet, sink: &mut dyn Sink) -> ControlFlow<()> {
    let unsolved = state.unsolved();
    let mut digits = [0u16; 81];
    for (d, mask) in state.masks().iter().enumerate() {
        for cell in *mask & unsolved {
            digits[cell.index()] |= 1 << d;
        }
    }
    let search = Search { masks: state.masks(), digits, unsolved };
    for line in (0..9).map(House::row).chain((0..9).map(House::col)) {
        let n = line.number();
        let boxes: [usize; 3] = if line.index() < 9 {
            [n / 3 * 3, n / 3 * 3 + 1, n / 3 * 3 + 2]
        } else {
            [n / 3, 3 + n / 3, 6 + n / 3]
        };
        for b in boxes {
            let boxx = House::boxx(b);
            if houses.contains(line) || houses.contains(boxx) {
                search.mini_line(line, boxx, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The most cells a line set or box set draws from: a line or box minus at least two
/// intersection cells.
const MAX_SOURCES: usize = 7;

/// `ORDER[n][..2^n - 1]`: the non-empty subsets of `n` source cells as bit masks, in the
/// lexicographic order of their sorted elements (HoDoKu's stack enumeration), e.g. for
/// `n = 3`: `001, 011, 111, 101, 010, 110, 100`. Built at compile time: extend the sorted
/// list by its last element + 1 while possible, otherwise drop the last element and
/// increment the new last one.
const ORDER: [[u8; 127]; MAX_SOURCES + 1] = {
    let mut out = [[0u8; 127]; MAX_SOURCES + 1];
    let mut n = 1;
    while n <= MAX_SOURCES {
        let mut seq = [0usize; MAX_SOURCES];
        let mut len = 1;
        let mut k = 0;
        loop {
            let mut mask = 0u8;
            let mut i = 0;
            while i < len {
                mask |= 1 << seq[i];
                i += 1;
            }
            out[n][k] = mask;
            k += 1;
            if seq[len - 1] < n - 1 {
                seq[len] = seq[len - 1] + 1;
                len += 1;
            } else {
                len -= 1;
                if len == 0 {
                    break;
                }
                seq[len - 1] += 1;
            }
        }
        n += 1;
    }
    out
};

/// `CONTAINS[n][i]`: the positions in `ORDER[n]` of the subsets holding source `i`.
const CONTAINS: [[u128; MAX_SOURCES]; MAX_SOURCES + 1] = {
    let mut out = [[0u128; MAX_SOURCES]; MAX_SOURCES + 1];
    let mut n = 1;
    while n <= MAX_SOURCES {
        let mut pos = 0;
        while pos < (1 << n) - 1 {
            let mut i = 0;
            while i < n {
                if ORDER[n][pos] >> i & 1 != 0 {
                    out[n][i] |= 1 << pos;
                }
                i += 1;
            }
            pos += 1;
        }
        n += 1;
    }
    out
};

/// Every subset of up to [`MAX_SOURCES`] source cells, indexed by bit mask: the digits of
/// each, built from the subset without its highest cell (one OR per subset, in blocks). The cells of a
/// subset are only listed for the few that form a pattern ([`Subsets::cells`]).
struct Subsets {
    count: usize,
    src: [Cell; MAX_SOURCES],
    digits: [u16; 128],
}

impl Subsets {
    fn new(sources: CellSet, digits: &[u16; 81]) -> Subsets {
        let mut s =
            Subsets { count: 0, src: [Cell::new_unchecked(0); MAX_SOURCES], digits: [0; 128] };
        for cell in sources {
            s.src[s.count] = cell;
            s.count += 1;
        }
        // The subsets holding source i (highest) are those without it, plus its digits.
        for i in 0..s.count {
            let bits = digits[s.src[i].index()];
            let (low, high) = s.digits.split_at_mut(1 << i);
            for (h, &l) in high[..1 << i].iter_mut().zip(low.iter()) {
                *h = l | bits;
            }
        }
        s
    }

    /// The non-empty subset masks in HoDoKu's order.
    fn ordered(&self) -> &[u8] {
        &ORDER[self.count][..(1 << self.count) - 1]
    }

    /// The bit of `cell` in this subset's masks (0 when it is no source).
    fn bit(&self, cell: Option<Cell>) -> u8 {
        (0..self.count).find(|&i| Some(self.src[i]) == cell).map_or(0, |i| 1 << i)
    }

    /// The cells of subset `mask`.
    fn cells(&self, mask: u8) -> CellSet {
        (0..self.count).filter(|i| mask >> i & 1 != 0).map(|i| self.src[i]).collect()
    }
}

/// The state, with each cell's digits as a 9-bit mask (0 for solved cells).
struct Search<'a> {
    masks: &'a [CellSet; 9],
    digits: [u16; 81],
    unsolved: CellSet,
}

/// One choice of line, box and intersection cells.
struct Pattern {
    line: House,
    boxx: House,
    /// `C`.
    inter: CellSet,
    /// `D`.
    inter_digits: u16,
}

/// Number of digits in a mask.
fn count(mask: u16) -> u32 {
    mask.count_ones()
}

impl Search<'_> {
    /// The intersections `C` of one mini-line, in HoDoKu's order.
    fn mini_line(&self, line: House, boxx: House, sink: &mut dyn Sink) -> ControlFlow<()> {
        let mut cells = [Cell::new_unchecked(0); 3];
        let mut len = 0;
        for cell in line.cells() & boxx.cells() & self.unsolved {
            cells[len] = cell;
            len += 1;
        }
        for i1 in 0..len {
            for i2 in i1 + 1..len {
                let pair = CellSet::single(cells[i1]).with(cells[i2]);
                self.intersection(line, boxx, pair, sink)?;
                for &c3 in &cells[i2 + 1..len] {
                    self.intersection(line, boxx, pair.with(c3), sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every pattern on intersection cells `inter`: the box sets are tabled once, bucketed
    /// by `|S_B| - e` as bitsets over their positions in HoDoKu's order, then every line set
    /// meets the bucket it needs minus the box sets it cannot pair with.
    fn intersection(
        &self,
        line: House,
        boxx: House,
        inter: CellSet,
        sink: &mut dyn Sink,
    ) -> ControlFlow<()> {
        let d = inter.iter().fold(0, |acc, c| acc | self.digits[c.index()]);
        let n = count(d).saturating_sub(inter.len());
        if n < 2 {
            return ControlFlow::Continue(());
        }
        let boxes = Subsets::new((boxx.cells() & self.unsolved) - inter, &self.digits);
        let border = boxes.ordered();
        // The box subsets holding a digit of D with 1 <= k = |S_B| - e < n, grouped by k:
        // group k is the set of their positions in `border` (HoDoKu's order).
        // Branch-free (the conditions are data-dependent): a subset that fails them adds no
        // bit, to group 0, which no line set asks for.
        let mut group = [0u128; MAX_SOURCES + 1];
        for (pos, &mask) in border.iter().enumerate() {
            let e = boxes.digits[usize::from(mask)];
            let extra = count(e & !d);
            let size = mask.count_ones();
            let k = size.wrapping_sub(extra);
            let fits = (e & d != 0) & (size > extra) & (k < n);
            group[if fits { k as usize } else { 0 }] |= u128::from(fits) << pos;
        }
        if group.iter().all(|&g| g == 0) {
            return ControlFlow::Continue(());
        }
        let lines = Subsets::new((line.cells() & self.unsolved) - inter, &self.digits);
        // Only the mini-line's third cell can be a source of both sides.
        let third = ((line.cells() & boxx.cells() & self.unsolved) - inter).first();
        let (lbit, bbit) = (lines.bit(third), boxes.bit(third));
        // Per digit x of D, the positions of the box subsets holding x; and of those holding
        // the third cell.
        let holding = &CONTAINS[boxes.count];
        let mut has = [0u128; 9];
        for (i, &with) in holding[..boxes.count].iter().enumerate() {
            let mut x = self.digits[boxes.src[i].index()] & d;
            while x != 0 {
                has[x.trailing_zeros() as usize] |= with;
                x &= x - 1;
            }
        }
        let with_third = if bbit == 0 { 0 } else { holding[bbit.trailing_zeros() as usize] };
        let p = Pattern { line, boxx, inter, inter_digits: d };
        for &mask in lines.ordered() {
            let a = lines.digits[usize::from(mask)];
            let extra = count(a & !d);
            let size = mask.count_ones();
            if a & d == 0 || size <= extra || size - extra >= n {
                continue;
            }
            let want = (n - (size - extra)) as usize;
            // The box sets of group `want` that share no digit of D with the line set and
            // do not take its cell (the third one), in order.
            let mut blocked = if mask & lbit != 0 { with_third } else { 0 };
            let mut shared = a & d;
            while shared != 0 {
                blocked |= has[shared.trailing_zeros() as usize];
                shared &= shared - 1;
            }
            let mut fits = group[want] & !blocked;
            while fits != 0 {
                let bmask = border[fits.trailing_zeros() as usize];
                fits &= fits - 1;
                let e = boxes.digits[usize::from(bmask)];
                let sets = ((lines.cells(mask), a), (boxes.cells(bmask), e));
                self.push(&p, sets.0, sets.1, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The step of one complete pattern, if it eliminates anything.
    fn push(
        &self,
        p: &Pattern,
        (sl, a): (CellSet, u16),
        (sb, e): (CellSet, u16),
        sink: &mut dyn Sink,
    ) -> ControlFlow<()> {
        let shared = a & e;
        let line_digits = ((p.inter_digits | a) & !e) | shared;
        let box_digits = ((p.inter_digits | e) & !a) | shared;
        let line_rest = (p.line.cells() & self.unsolved) - p.inter - sl;
        let box_rest = (p.boxx.cells() & self.unsolved) - p.inter - sb;
        let mut step = Step::new(TechniqueId::SueDeCoq);
        let mut any = false;
        for d in Digit::all() {
            let bit = 1 << d.index();
            let mut targets = CellSet::EMPTY;
            if line_digits & bit != 0 {
                targets |= line_rest;
            }
            if box_digits & bit != 0 {
                targets |= box_rest;
            }
            let elims = targets & self.masks[d.index()];
            if !elims.is_empty() {
                step.eliminate(d, elims);
                any = true;
            }
        }
        if !any {
            return ControlFlow::Continue(());
        }
        let ev = &mut step.evidence;
        ev.digits = DigitSet::from_bits(p.inter_digits | a | e);
        ev.cells = p.inter | sl | sb;
        ev.pivot = p.inter;
        ev.pincers = sl | sb;
        ev.base = HouseSet::single(p.line).with(p.boxx);
        let none = DigitSet::EMPTY;
        let _ = ev.als.push(p.inter, DigitSet::from_bits(p.inter_digits), none);
        let _ = ev.als.push(sl, DigitSet::from_bits(a), none);
        let _ = ev.als.push(sb, DigitSet::from_bits(e), none);
        sink.push(step)
    }
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SueDeCoq;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// Rows 1-3 as given (9 characters each, `.` empty), rows 4-9 empty, minus `deleted`.
    fn rows(r1: &str, r2: &str, r3: &str, deleted: &str) -> bitdoku_bitboard::Candidates {
        state(&format!("{r1}{r2}{r3}{}", ".".repeat(54)), deleted)
    }

    /// The module example: row 1 and box 1 hold 5-9 elsewhere, C = r1c1 r1c2 {1234},
    /// S_L = r1c5 {12}, S_B = r2c3 {34}; targets r1c4 {234}, r1c9 {135}, r3c3 {123}.
    const BASIC: [&str; 3] = ["..6..789.", "89.......", "75......."];

    #[test]
    fn basic_form() {
        let s = rows(BASIC[0], BASIC[1], BASIC[2], "114 514 315 415 515 219 419 123 223 433");
        let step = check_step(SueDeCoq, &s, "r1c4<>2 r1c9<>1 r3c3<>3");
        assert_eq!(step.evidence.pivot.to_string(), "r1c1 r1c2");
        assert_eq!(step.evidence.pincers.to_string(), "r1c5 r2c3");
        assert_eq!(step.evidence.cells.to_string(), "r1c1 r1c2 r1c5 r2c3");
        assert_eq!(step.evidence.base.to_string(), "r1 b1");
        assert_eq!(step.evidence.digits.to_string(), "1234");
        assert_eq!(
            step.explain(),
            "Sue de Coq: r1c1 r1c2 {1234} in r1 b1, line set r1c5 {12}, box set r2c3 {34} \
             => r1c9<>1, r1c4<>2, r3c3<>3"
        );
        check(SueDeCoq, &s, "r1c4<>2 r1c9<>1 r3c3<>3");
    }

    #[test]
    fn the_same_extra_digit_in_both_sets() {
        // C = r1c1 r1c2 {1234}; S_L = r1c5 {15} r1c6 {25} (extra 5); S_B = r2c3 {35} r3c3
        // {45} (extra 5). 5 sits once in S_L and once in S_B, so it leaves the rest of row 1
        // (r1c9 {135}) and the rest of box 1 (r2c1 {125}).
        let s = rows(
            "..67..89.",
            ".8.......",
            "97.......",
            "511 512 215 315 415 116 316 416 219 419 123 223 423 133 233 333 321 421",
        );
        let step = check_step(SueDeCoq, &s, "r1c9<>1 r1c9<>5 r2c1<>5");
        assert_eq!(step.evidence.pincers.to_string(), "r1c5 r1c6 r2c3 r3c3");
        check(SueDeCoq, &s, "r1c9<>1 r1c9<>5 r2c1<>5");
    }

    #[test]
    fn no_pattern_when_the_sets_share_an_intersection_digit() {
        // As the basic form, but the box cell r2c3 {134} shares 1 with the line set.
        let s = rows(BASIC[0], BASIC[1], BASIC[2], "114 514 315 415 515 219 419 223 433");
        check_not_applicable(SueDeCoq, &s);
    }
}
