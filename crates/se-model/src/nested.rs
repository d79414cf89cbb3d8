//! The basic rules dynamic-plus and nested forcing chains apply inside their propagation
//! (locked candidates, hidden pair, naked pair, X-wing), each hint with the candidates removed
//! since the propagation's start that it rests on (SE's "rule parents").
//!
//! Each search is handed `changed` (per house, the digits, bit `d - 1`, that lost a position)
//! or `lost` (the cells that lost a value) and looks only at the configurations (a house
//! and digit; two digits of a house; two cells of a house; a digit in two lines) touching
//! them; every other one finds nothing, so what is found is the same, in the same order:
//!
//! - Changed since `source`: a configuration that lost nothing rests on nothing removed.
//! - Changed since the rule last found nothing on an earlier grid of the same propagation
//!   (what `Chainer::advanced` hands over): a propagation only removes candidates (no value
//!   is placed, so the empty cells of a house and the placed digits stay as they were). A
//!   configuration that lost nothing since has the same positions or cells, the same
//!   test of what it rests on, and removals that can only have shrunk; it found nothing
//!   then (no hint, or none that removes anything), so it finds nothing now.

use super::grid::{COL, Grid, HOUSE_CELLS, ROW, digits};
use super::rules::INSIDE;

/// The hints of one rule, laid end to end in buffers the caller keeps from call to call
/// (no allocation per hint): hint `i` removes `removable[r..ends[i].removable]` and rests
/// on the removed candidates `parents[q..ends[i].parents]`, where `(r, q)` is where hint
/// `i - 1` ends (0 for the first).
#[derive(Default)]
pub struct Hints {
    /// The candidates the hints remove, hint after hint.
    pub removable: Vec<(u8, u8)>,
    /// The removed candidates (since the propagation's start) the hints rest on.
    pub parents: Vec<(usize, u8)>,
    /// Where each hint ends in the two lists, with its nested chain's complexity and
    /// identity (0 and 0 for the basic rules).
    pub ends: Vec<End>,
}

/// Where a hint of [`Hints`] ends, and its nested chain.
#[derive(Clone, Copy)]
pub struct End {
    /// The end of its removable candidates.
    pub removable: u32,
    /// The end of the candidates it rests on.
    pub parents: u32,
    /// The nested chain's complexity (0: a basic rule).
    pub nested: u32,
    /// The nested chain's identity (0: a basic rule, or a chain that adds nothing).
    pub id: u32,
}

impl Hints {
    /// Empties the lists (keeping their room).
    pub fn clear(&mut self) {
        self.removable.clear();
        self.parents.clear();
        self.ends.clear();
    }

    /// Where the hint being written starts: (removable, parents).
    pub fn open(&self) -> (usize, usize) {
        self.ends.last().map_or((0, 0), |e| (e.removable as usize, e.parents as usize))
    }

    /// Ends the hint being written (what was pushed since the last one).
    pub fn close(&mut self, nested: u32, id: u32) {
        let (removable, parents) = (self.removable.len() as u32, self.parents.len() as u32);
        self.ends.push(End { removable, parents, nested, id });
    }

    /// Drops what was pushed since the last hint ended.
    pub fn drop_open(&mut self) {
        let (r, p) = self.open();
        self.removable.truncate(r);
        self.parents.truncate(p);
    }
}

/// The pairs `(a, b)`, `a < b < 9`, both in mask `allowed`, with `a` or `b` in mask `m`, in
/// SE's order (`b` first, then `a`): the pairs SE's loop over every pair visits, less those
/// that rest on nothing removed (neither in `m`) and those the caller's test would pass
/// over anyway (not both in `allowed`); the order of the others is kept.
fn lex_pairs_touching(m: u16, allowed: u16) -> Pairs {
    Pairs { m, allowed, rest: allowed, b: 0, below: 0 }
}

/// The iterator of [`lex_pairs_touching`]: `b` over `rest`, then `a` over `below`.
struct Pairs {
    m: u16,
    allowed: u16,
    rest: u16,
    b: usize,
    below: u16,
}

impl Iterator for Pairs {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        loop {
            if self.below != 0 {
                let a = self.below.trailing_zeros() as usize;
                self.below &= self.below - 1;
                return Some((a, self.b));
            }
            if self.rest == 0 {
                return None;
            }
            let b = self.rest.trailing_zeros() as usize;
            self.rest &= self.rest - 1;
            self.b = b;
            let below = self.allowed & ((1u16 << b) - 1);
            self.below = if self.m >> b & 1 != 0 { below } else { self.m & below };
        }
    }
}

/// The digits (bit `d - 1`) with exactly two positions in house `r`: a hidden pair's or an
/// X-wing's digits. Two digits with two positions or more each whose positions together
/// are two cells have exactly two positions each, the same ones.
fn digits_twice(g: &Grid, r: usize) -> u16 {
    (1..=9u8).fold(0, |m, d| m | u16::from(g.positions(r, d).count_ones() == 2) << (d - 1))
}

/// Every locked candidates hint, in SE's order, resting on the removed positions of the
/// digit in the first house outside the second.
pub fn locking_all(g: &Grid, source: &Grid, changed: &[u16; 27], out: &mut Hints) {
    // The first house outermost, so a house whose digits lost nothing is passed over whole;
    // of the second houses, only the three that meet the first (ascending, as SE's loop
    // meets them; the others share no cell with it and give nothing).
    for (first, second) in [(0, COL), (0, ROW), (COL, 0), (ROW, 0)] {
        for r1 in first..first + 9 {
            // Of the changed digits, those with two positions or more (a lock needs them),
            // found once for the three second houses.
            let ds = digits(changed[r1])
                .fold(0u16, |m, d| m | u16::from(g.positions(r1, d).count_ones() > 1) << (d - 1));
            if ds != 0 {
                for r2 in meeting(r1, second) {
                    locking_pair(g, source, ds, r1, r2, out);
                }
            }
        }
    }
}

/// The locked candidates hints of first house `r1` and second house `r2` (which meet), of
/// the digits in `ds` (bit `d - 1`; each with two positions or more in `r1`).
fn locking_pair(g: &Grid, source: &Grid, ds: u16, r1: usize, r2: usize, out: &mut Hints) {
    let (inside, outside2) = (INSIDE[r1][r2], !INSIDE[r2][r1]);
    debug_assert!(inside != 0);
    // `gone` below is empty for a digit that lost no position in `r1`.
    for d in digits(ds) {
        let p = g.positions(r1, d);
        if p & !inside != 0 {
            continue;
        }
        let rest = g.positions(r2, d) & outside2;
        // A hint that rests on no removed candidate is of no use to the propagation.
        let gone = source.positions(r1, d) & !p & !inside;
        if rest == 0 || gone == 0 {
            continue;
        }
        out.removable
            .extend((0..9).filter(|i| rest >> i & 1 != 0).map(|i| (HOUSE_CELLS[r2][i], d)));
        out.parents.extend(
            (0..9).filter(|i| gone >> i & 1 != 0).map(|i| (HOUSE_CELLS[r1][i] as usize, d)),
        );
        out.close(0, 0);
    }
}

/// The three houses of the kind starting at `first` (columns from [`COL`] or rows from
/// [`ROW`] for a block `r`; blocks, from 0, for a row or column `r`) that share cells with
/// house `r`, ascending.
fn meeting(r: usize, first: usize) -> [usize; 3] {
    let three = |s: usize, step: usize| [s, s + step, s + 2 * step];
    match first {
        COL => three(COL + r % 3 * 3, 1),
        ROW => three(ROW + r / 3 * 3, 1),
        _ if r >= COL => three((r - COL) / 3, 3),
        _ => three((r - ROW) / 3 * 3, 1),
    }
}

fn bcr() -> impl Iterator<Item = usize> {
    (0..9).chain(COL..COL + 9).chain(ROW..ROW + 9)
}

/// Every hidden pair, resting on the removed positions of its two values in the house's
/// other cells.
pub fn hidden_pairs_all(g: &Grid, source: &Grid, changed: &[u16; 27], out: &mut Hints) {
    for r in bcr() {
        if changed[r] == 0 || g.empty_count(r) <= 4 {
            continue;
        }
        // Without a lost position of either digit the pair rests on nothing removed; a
        // digit without exactly two positions is in no pair.
        for (a, b) in lex_pairs_touching(changed[r], digits_twice(g, r)) {
            let (da, db) = (a as u8 + 1, b as u8 + 1);
            let (pa, pb) = (g.positions(r, da), g.positions(r, db));
            if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                continue;
            }
            let set = pa | pb;
            if (source.positions(r, da) | source.positions(r, db)) & !set == 0 {
                continue;
            }
            let vals = (1u16 << a) | (1 << b);
            let (start, _) = out.open();
            for i in 0..9 {
                let c = HOUSE_CELLS[r][i];
                if set >> i & 1 != 0 {
                    for d in digits(g.cand[c as usize] & !vals) {
                        out.removable.push((c, d));
                    }
                } else {
                    for d in [da, db] {
                        if source.has(c as usize, d) {
                            out.parents.push((c as usize, d));
                        }
                    }
                }
            }
            if out.removable.len() > start {
                out.close(0, 0);
            } else {
                out.drop_open();
            }
        }
    }
}

/// Every naked pair with a cell in `lost` (per house, the positions 0-8 of the cells that
/// lost a value), resting on the removed other values of its two cells.
pub fn naked_pairs_all(g: &Grid, source: &Grid, lost: &[u16; 27], out: &mut Hints) {
    for r in bcr() {
        // A pair of cells that lost nothing rests on nothing removed.
        let lost_here = lost[r];
        if lost_here == 0 || g.empty_count(r) < 4 {
            continue;
        }
        // The bivalue cells, only in a house that is not passed over.
        let mut bivalue = 0u16;
        for (i, &c) in HOUSE_CELLS[r].iter().enumerate() {
            bivalue |= u16::from(g.count(c as usize) == 2) << i;
        }
        // Two cells of two candidates or more with two values together are bivalue cells.
        for (a, b) in lex_pairs_touching(lost_here, bivalue) {
            let (ca, cb) = (HOUSE_CELLS[r][a] as usize, HOUSE_CELLS[r][b] as usize);
            if g.count(ca) <= 1 || g.count(cb) <= 1 {
                continue;
            }
            let union = g.cand[ca] | g.cand[cb];
            if union.count_ones() != 2 || (source.cand[ca] | source.cand[cb]) & !union == 0 {
                continue;
            }
            let (start, _) = out.open();
            for (i, &c) in HOUSE_CELLS[r].iter().enumerate() {
                if i != a && i != b {
                    for d in digits(g.cand[c as usize] & union) {
                        out.removable.push((c, d));
                    }
                }
            }
            if out.removable.len() == start {
                continue;
            }
            for c in [ca, cb] {
                for d in digits(source.cand[c] & !union) {
                    out.parents.push((c, d));
                }
            }
            out.close(0, 0);
        }
    }
}

/// Every X-wing (columns as base first), resting on the removed positions of the digit in
/// its base lines outside its cover lines.
pub fn xwings_all(g: &Grid, source: &Grid, changed: &[u16; 27], out: &mut Hints) {
    // How many times each digit is placed, counted when first asked (`u8::MAX`: not yet).
    let mut occ = [u8::MAX; 10];
    for (base, cover) in [(COL, ROW), (ROW, COL)] {
        // Only a digit that lost a position in a base line can rest on a removal; only a
        // digit with exactly two positions in both base lines makes an X-wing.
        let lines = (0..9).fold(0u16, |m, i| m | u16::from(changed[base + i] != 0) << i);
        if lines == 0 {
            continue;
        }
        let twice: [u16; 9] = std::array::from_fn(|i| digits_twice(g, base + i));
        let with_twice = (0..9).fold(0u16, |m, i| m | u16::from(twice[i] != 0) << i);
        for (a, b) in lex_pairs_touching(lines, with_twice) {
            for d in digits((changed[base + a] | changed[base + b]) & twice[a] & twice[b]) {
                if occ[d as usize] == u8::MAX {
                    occ[d as usize] = placed(g, d);
                }
                if occ[d as usize] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (g.positions(base + a, d), g.positions(base + b, d));
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let union = pa | pb;
                let was = source.positions(base + a, d) | source.positions(base + b, d);
                if was & !union == 0 {
                    continue;
                }
                let (start, _) = out.open();
                for k in 0..9 {
                    if union >> k & 1 == 0 {
                        continue;
                    }
                    for (i, &c) in HOUSE_CELLS[cover + k].iter().enumerate() {
                        if i != a && i != b && g.has(c as usize, d) {
                            out.removable.push((c, d));
                        }
                    }
                }
                if out.removable.len() == start {
                    continue;
                }
                for l in [a, b] {
                    for (i, &c) in HOUSE_CELLS[base + l].iter().enumerate() {
                        let c = c as usize;
                        if union >> i & 1 == 0 && source.has(c, d) && !g.has(c, d) {
                            out.parents.push((c, d));
                        }
                    }
                }
                out.close(0, 0);
            }
        }
    }
}

/// How many times digit `d` is placed in `g`. Kept out of line: inlined, the compiler
/// counted all nine digits on every call of the nested rules, before knowing whether an
/// X-wing needs one (about 2,000 instructions a call).
#[inline(never)]
fn placed(g: &Grid, d: u8) -> u8 {
    g.occurrences(d) as u8
}
