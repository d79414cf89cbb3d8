//! The WXYZ-Wing search (semantics in the parent module's doc).
//!
//! The four-cell sets are enumerated cell by cell in row-major order (`a < b < c < d`), each
//! partial set filtered with masks before its next cell is chosen:
//!
//! * *fits* (one [`CellSet`] per pool cell, computed once per call): the pool cells whose
//!   union with `x` holds at most four digits. Every later cell must fit every earlier one,
//!   so `b` fits `a` and `c` fits both; this one mask replaces a loop over the 126 digit
//!   quads, in which a pair of cells holding three digits came up once per quad around it;
//! * *clashes* (one [`CellSet`] per pool cell): a cell not seeing `x` that holds two of
//!   `x`'s digits would make two non-restricted digits, and a cell with the same two digits
//!   as a bivalue `x` would make a pair of two digits;
//! * every pair holds three digits and every triple holds exactly four, `Q`; the fourth cell
//!   holds nothing outside `Q` and what each pair of the first three lacks. "Holds no digit
//!   outside `Q`" and "holds exactly one digit outside the pair's three" are masks built
//!   from one split per first cell `a` (its later cells by how many digits they hold outside
//!   `a`'s: none, one, two; see [`Outside`]);
//! * the fourth cell sees one of the first three: minimality makes `S` connected (split
//!   into 1 + 3 cells that do not see each other, the single cell shares at most `Z` with
//!   the others, so its other digit is missing there and the three hold three digits; split
//!   2 + 2, each pair holds three digits and they share at most `Z`, five digits in all);
//! * at most one non-restricted digit so far, and while it is known (`z`), some cell must
//!   still see all its holders: more cells only add constraints. *shares* (one [`CellSet`]
//!   per pool cell) are the cells not seeing `x` that share a digit with it: with `z` known,
//!   a later cell in the shares of an earlier one, not holding `z`, would make a second
//!   non-restricted digit; with none known yet, the fourth cell must be in some earlier
//!   cell's shares, or the set has no non-restricted digit at all.
//!
//! A digit is non-restricted exactly when two pattern cells that do not see each other both
//! hold it (cells that pairwise see each other share a house), so the non-restricted digits
//! are the OR, over non-seeing pairs, of the AND of their candidate masks.
//!
//! Steps go out in the order of the module doc's find-all semantics: by digit quad `Q`
//! (increasing mask), then by set in row-major order. The enumeration meets the sets in
//! row-major order across all quads, so the patterns found are sorted by (quad, set) before
//! their steps are pushed.
//!
//! Cost (`examples/technique_speed.rs`, the states where the `seeds` order calls WXYZ-Wing on the
//! first 3,000 generated puzzles): about 9.3 us a call, against 14.3 us for the earlier
//! quad-first search (digit quads first, then the sets of each quad's cells), with the same
//! steps in the same order. Per call about 37 pool cells, 300 pairs, 320 triples tried, 125
//! triples kept and 20 fourth cells.

use super::push;
use crate::Sink;
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, Cell, CellSet, DigitSet};
use std::ops::ControlFlow;

/// Whether `bits` has at least two bits set: clearing the lowest set bit leaves some.
/// Example: `0b0110 & 0b0101 = 0b0100` (two bits), `0b1000 & 0b0111 = 0` (one bit).
#[inline]
const fn two_or_more(bits: u16) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// Whether `bits` has at least three bits set: clearing the lowest set bit twice leaves some.
#[inline]
const fn three_or_more(bits: u16) -> bool {
    two_or_more(bits & bits.wrapping_sub(1))
}

/// The cells after `cell` in row-major order.
#[inline]
fn after(cell: Cell) -> CellSet {
    CellSet::from_bits_truncate(u128::MAX << (cell.index() + 1))
}

/// Running planes over the digits outside `digits`: `planes[k]` = the cells holding at least
/// `k + 1` of them, for `k < depth` (the deeper planes stay empty). Per digit `m`:
/// `planes[2] |= planes[1] & m; planes[1] |= planes[0] & m; planes[0] |= m`, e.g. outside
/// {1,2,5}, a cell holding 3 and 7 enters `planes[0]` with 3 and `planes[1]` with 7.
fn outside_planes(masks: &[CellSet; 9], digits: u16, depth: usize) -> [CellSet; 3] {
    let mut planes = [CellSet::EMPTY; 3];
    for d in DigitSet::from_bits(!digits & 0x1ff).iter() {
        let m = masks[d.index()];
        if depth > 2 {
            planes[2] |= planes[1] & m;
        }
        if depth > 1 {
            planes[1] |= planes[0] & m;
        }
        planes[0] |= m;
    }
    planes
}

/// A pattern found: its sort key (quad, then the four cells in row-major order), its cells
/// and its non-restricted digit.
type Found = (u64, CellSet, usize);

/// The state's digit planes and the pool cells' candidate masks.
pub(super) struct Search<'a> {
    masks: &'a [CellSet; 9],
    bits: &'a [u16; 81],
    clashes: &'a [CellSet; 81],
    fits: &'a [CellSet; 81],
    shares: &'a [CellSet; 81],
}

impl Search<'_> {
    /// Pushes every WXYZ-Wing of `state` with a cell of `changed` (every one when `changed`
    /// is every cell).
    pub(super) fn run(
        state: &Candidates,
        changed: CellSet,
        sink: &mut dyn Sink,
    ) -> ControlFlow<()> {
        let counts = state.counts();
        let pool = counts.at_least(2) - counts.at_least(5);
        if pool.len() < 4 {
            return ControlFlow::Continue(());
        }
        let masks = state.masks();
        // Candidates of the pool cells as 9-bit masks (a stack array, filled digit-major).
        let mut bits = [0u16; 81];
        for (d, &m) in masks.iter().enumerate() {
            for cell in m & pool {
                bits[cell.index()] |= 1 << d;
            }
        }
        let mut clashes = [CellSet::EMPTY; 81];
        let mut fits = [CellSet::EMPTY; 81];
        let mut shares = [CellSet::EMPTY; 81];
        for cell in pool {
            let i = cell.index();
            (clashes[i], shares[i]) = Search::clashes(masks, cell, bits[i], counts.exactly(2));
            fits[i] = pool - Search::too_many(masks, bits[i]);
        }
        let search = Search { masks, bits: &bits, clashes: &clashes, fits: &fits, shares: &shares };
        let mut found: Vec<Found> = Vec::new();
        search.sets(pool, changed, &mut found);
        found.sort_unstable_by_key(|f| f.0);
        for (key, set, z) in found {
            push(masks, set, (key >> 32) as u16, z, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// The cells holding more than `4 - |digits|` digits outside `digits`: those whose union
    /// with a cell holding `digits` has five digits or more.
    fn too_many(masks: &[CellSet; 9], digits: u16) -> CellSet {
        let more = 4 - digits.count_ones() as usize;
        outside_planes(masks, digits, more + 1)[more]
    }

    /// The cells that can never share a pattern with `x`: those not seeing `x` that hold two of
    /// its digits (two non-restricted digits at once) and, when `x` is bivalue, those with the
    /// same two digits (a pair holding two digits). "Holds two of X" is counted with two
    /// running planes: `two |= one & m; one |= m` per digit, e.g. for X = {1,2,5}, a cell
    /// holding 2 and 5 enters `one` with 2 and `two` with 5.
    ///
    /// Also returns the cells not seeing `x` that share a digit with it (`x` included): with
    /// `x` in a pattern, such a cell makes the digit it shares non-restricted.
    fn clashes(masks: &[CellSet; 9], x: Cell, digits: u16, bivalue: CellSet) -> (CellSet, CellSet) {
        let (mut one, mut two) = (CellSet::EMPTY, CellSet::EMPTY);
        for d in DigitSet::from_bits(digits).iter() {
            two |= one & masks[d.index()];
            one |= masks[d.index()];
        }
        let same = if digits.count_ones() == 2 { two & bivalue } else { CellSet::EMPTY };
        ((two - PEERS[x.index()]) | same, one - PEERS[x.index()])
    }

    /// The cells that would lose `z` (a one-bit digit mask, or 0 for none yet) if `cells`
    /// were the pattern: the holders of `z` outside the pattern seeing every pattern cell
    /// holding it. More pattern cells can only shrink it, so an empty answer ends a branch.
    fn reach(&self, z: u16, cells: &[Cell]) -> CellSet {
        if z == 0 {
            return CellSet::ALL;
        }
        let holders = cells.iter().filter(|c| self.bits[c.index()] & z != 0);
        holders.fold(self.masks[z.trailing_zeros() as usize], |t, c| t & PEERS[c.index()])
    }

    /// Collects the 4-subsets of `pool` with a cell of `changed` that meet the rules into
    /// `found`.
    fn sets(&self, pool: CellSet, changed: CellSet, found: &mut Vec<Found>) {
        let m = |c: Cell| self.bits[c.index()];
        // The digits two cells share when they do not see each other (non-restricted digits).
        let loose = |x: Cell, y: Cell| if PEERS[x.index()].contains(y) { 0 } else { m(x) & m(y) };
        let plane = |bits: u16| self.masks[bits.trailing_zeros() as usize];
        for a in pool {
            // Later cells fitting `a` and not clashing with it: b, c and d come from here.
            let with_a = (self.fits[a.index()] & after(a)) - self.clashes[a.index()];
            if with_a.len() < 3 {
                continue;
            }
            // A set without a changed cell so far needs one among the cells still to come.
            let a_changed = changed.contains(a);
            if !a_changed && !with_a.intersects(changed) {
                continue;
            }
            let outside = Outside::new(self.masks, m(a), with_a);
            for b in with_a {
                let ab = m(a) | m(b);
                if ab.count_ones() < 3 {
                    continue;
                }
                let loose_ab = loose(a, b);
                let reach_ab = self.reach(loose_ab, &[a, b]);
                if reach_ab.is_empty() {
                    continue;
                }
                let with_ab = (with_a & self.fits[b.index()] & after(b)) - self.clashes[b.index()];
                let ab_changed = a_changed || changed.contains(b);
                if with_ab.len() < 2 || !ab_changed && !with_ab.intersects(changed) {
                    continue;
                }
                // The triple holds exactly four digits (three would break minimality): when a
                // and b hold four, c holds nothing else; when they hold three, c holds exactly
                // one digit more. With `z` known, c may not make a second digit
                // non-restricted: a cell not seeing a (or b) that shares with it a digit other
                // than `z` (it shares one digit at most, or it would clash).
                let second = if loose_ab == 0 {
                    CellSet::EMPTY
                } else {
                    (self.shares[a.index()] | self.shares[b.index()]) - plane(loose_ab)
                };
                let thirds = if ab.count_ones() == 4 {
                    outside.within(self.masks, ab)
                } else {
                    outside.one_more(ab, plane)
                } & with_ab;
                for c in thirds - second {
                    let quad = ab | m(c);
                    let (ac, bc) = (m(a) | m(c), m(b) | m(c));
                    let loose_abc = loose_ab | loose(a, c) | loose(b, c);
                    if two_or_more(loose_abc) {
                        continue;
                    }
                    let reach_abc = if loose_ab == 0 {
                        self.reach(loose_abc, &[a, b, c])
                    } else if m(c) & loose_ab != 0 {
                        reach_ab & PEERS[c.index()]
                    } else {
                        reach_ab
                    };
                    if reach_abc.is_empty() {
                        continue;
                    }
                    // d holds nothing outside the quad and what each pair of a, b, c lacks,
                    // and sees one of them. It makes exactly one digit non-restricted: the
                    // known one, or a first one (then it shares it with a cell it does not
                    // see).
                    let need = quad & !(ab & ac & bc);
                    let seen = PEERS[a.index()] | PEERS[b.index()] | PEERS[c.index()];
                    let fourths =
                        if quad == ab { thirds } else { outside.within(self.masks, quad) };
                    let shares =
                        self.shares[a.index()] | self.shares[b.index()] | self.shares[c.index()];
                    let loose_d =
                        if loose_abc == 0 { shares } else { !(shares - plane(loose_abc)) };
                    let mut fourths = fourths & with_ab & after(c) & seen & loose_d;
                    if !ab_changed && !changed.contains(c) {
                        fourths &= changed;
                    }
                    for d in fourths - self.clashes[c.index()] {
                        let md = m(d);
                        let z = loose_abc | loose(a, d) | loose(b, d) | loose(c, d);
                        // Exactly one non-restricted digit: z is a power of two.
                        if md & need == need
                            && three_or_more(m(c) | md)
                            && z != 0
                            && !two_or_more(z)
                        {
                            let set = CellSet::single(a).with(b).with(c).with(d);
                            let cells = [a, b, c, d].map(|x| x.index() as u64);
                            let key = u64::from(quad) << 32
                                | cells[0] << 24
                                | cells[1] << 16
                                | cells[2] << 8
                                | cells[3];
                            found.push((key, set, z.trailing_zeros() as usize));
                        }
                    }
                }
            }
        }
    }
}

/// The cells that may join a pattern with first cell `a` (holding digits `A`), split by how
/// many digits they hold outside `A`: none, exactly one, exactly two (they fit `a`, so at
/// most `4 - |A|`). Computed once per `a` with [`outside_planes`];
/// every later question "which cells hold no digit outside the quad `Q`" or "exactly one
/// digit outside the triple `T`" is then a few word operations.
struct Outside {
    digits: u16,
    none: CellSet,
    one: CellSet,
    two: CellSet,
}

impl Outside {
    fn new(masks: &[CellSet; 9], digits: u16, cells: CellSet) -> Outside {
        let [one, two, _] = outside_planes(masks, digits, 2);
        let (one, two) = (one & cells, two & cells);
        Outside { digits, none: cells - one, one: one - two, two }
    }

    /// The cells holding no digit outside `quad` (a superset of `A` with at most two more).
    fn within(&self, masks: &[CellSet; 9], quad: u16) -> CellSet {
        let more = quad & !self.digits;
        if more == 0 {
            return self.none;
        }
        let x = masks[more.trailing_zeros() as usize];
        let rest = more & more.wrapping_sub(1);
        if rest == 0 {
            return self.none | (self.one & x);
        }
        let y = masks[rest.trailing_zeros() as usize];
        self.none | (self.one & (x | y)) | (self.two & x & y)
    }

    /// The cells holding exactly one digit outside `triple` (a superset of `A` with at most
    /// one more digit, `plane` giving that digit's cells).
    fn one_more(&self, triple: u16, plane: impl Fn(u16) -> CellSet) -> CellSet {
        let more = triple & !self.digits;
        if more == 0 {
            return self.one;
        }
        let x = plane(more);
        (self.one - x) | (self.two & x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::state;

    #[test]
    fn bit_count_tests() {
        assert!(!two_or_more(0b1000) && two_or_more(0b0110));
        assert!(!three_or_more(0b0110) && three_or_more(0b1_0110));
    }

    /// r1c1 {1,2}: r5c5 {1,2,3} holds both digits without seeing r1c1 (clash), r1c9 {1,2,3}
    /// holds both but sees it (no clash), r9c9 {1,2} is a second bivalue {1,2} (clash), r9c1
    /// {1,3} holds one digit only (no clash). r1c1 itself is listed too (harmless: a set's
    /// later cells never include it).
    #[test]
    fn clashes_of_a_bivalue_cell() {
        let mut deleted = Vec::new();
        for (cell, keep) in [("11", "12"), ("55", "123"), ("19", "123"), ("99", "12"), ("91", "13")]
        {
            deleted.extend(
                (1..=9).filter(|d| !keep.contains(&d.to_string())).map(|d| format!("{d}{cell}")),
            );
        }
        let s = state(&".".repeat(81), &deleted.join(" "));
        let x = Cell::from_rc(0, 0);
        let (clashes, _) = Search::clashes(s.masks(), x, 0b11, s.counts().exactly(2));
        let pool = s.counts().at_least(2) - s.counts().at_least(5);
        assert_eq!((clashes & pool).to_string(), "r1c1 r5c5 r9c9");
    }
}
