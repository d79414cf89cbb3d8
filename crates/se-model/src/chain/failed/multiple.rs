//! The level-3 test: whether a nested search of static multiple forcing chains can have a
//! hint, read from [`Failed`]'s strong-link graph without building the XY pass's graph.
//!
//! The nested static multiple forcing chains (level 3) are skipped when no cell or house
//! has a potential that every one of its assumptions reaches in the XY graph (a static
//! propagation meets what its assumption reaches there, or less). What `a` on reaches
//! there follows from the same graph: the on potentials of `a` and of the strong
//! candidates `a ->+` reaches, and the off potentials of their weak neighbours (per
//! component, a set of candidates). The answer is the XY graph's, so the same searches
//! run and no rating can change; a unit test compares the two on 400 reduced grids.
//!
//! A row (what an assumption reaches) is a bit set over the grid's candidates only,
//! numbered in grid order (an off potential each), then the strong candidates (an on
//! potential each): 4 or 8 words for the grids of hard puzzles (about 200 candidates and
//! 40 strong ones), where a set over all 729 candidates and all strong numbers took 24.
//! Rows of the same sets give the same intersections, so the same answers. An assumption's
//! weak neighbours (all of them: their off potentials are reached) are its cell's
//! candidates and its digit's candidates in its three houses, less itself; a candidate
//! that is not strong has as strong weak neighbours every strong candidate of its cell
//! and of its digit in its houses, whose rows are summed once per cell and per house and
//! digit (its own off potential is kept only when one of those rows holds it).
//!
//! The test goes through every cell and house (not only up to the first whose assumptions
//! meet) and keeps each answer ([`Meets`]); the static multiple search that follows on the
//! same grid asks them ([`Failed::cell_meets`], [`Failed::house_meets`]) instead of
//! building its assumptions' closures (`Chainer::closures_meet`), which answer the same
//! question on the same links: the same chains are skipped, so the same hints are found
//! (the unit test compares every cell's and house's answer with the XY graph's).

use super::strong::or_at;
use super::*;

impl Failed {
    /// Whether a nested search of multiple forcing chains (static: cell and house chains,
    /// from cells of three candidates or more) can have a hint on `g`: the answer of
    /// `multiple_may_hint` (kept for the tests) on the XY pass's graph, read from the
    /// strong-link graph.
    ///
    /// In the XY graph, assumption `a` on reaches the on potentials of `a` and of the
    /// strong candidates `a -> ...` reaches (one step or more), and the off potentials of
    /// their weak neighbours. An on potential other than `a` that another assumption
    /// reaches is strong, and a potential every assumption of a cell or house reaches is
    /// reached by two of them at least (a cell of three candidates or more, a digit twice
    /// or more in a house); so comparing the strong on potentials and the off potentials
    /// that each assumption reaches gives the same answer.
    #[inline(never)]
    pub(in crate::chain) fn multiple_may_hint(&mut self, g: &Grid) -> bool {
        let (n, first) = self.level3_graph(g);
        // At most 729 candidates and 729 strong ones: at most 23 words.
        match first[81] as usize + n {
            0..=256 => self.level3::<4>(g, n, &first),
            257..=512 => self.level3::<8>(g, n, &first),
            _ => self.level3::<24>(g, n, &first),
        }
    }

    /// [`Failed::multiple_may_hint`] on rows of `W` words (enough for the grid), for the
    /// tests: every width gives the same answers.
    #[cfg(test)]
    pub(super) fn multiple_may_hint_in<const W: usize>(&mut self, g: &Grid) -> bool {
        let (n, first) = self.level3_graph(g);
        assert!(first[81] as usize + n <= W * 64);
        self.level3::<W>(g, n, &first)
    }

    /// The level-3 test's graph and numbering: the number of strong candidates, and per
    /// cell the number of its first candidate in grid order (a cell's candidates are
    /// consecutive; [`Failed::compact`] is set), the number of candidates last.
    fn level3_graph(&mut self, g: &Grid) -> (usize, [u16; 82]) {
        let n = self.graph(g, true, true);
        self.compact.resize(81 * 9, 0);
        let mut first = [0u16; 82];
        let mut k = 0u16;
        for c in 0..81 {
            first[c] = k;
            for d in digits(g.cand[c]) {
                self.compact[c * 9 + d as usize - 1] = k;
                k += 1;
            }
        }
        first[81] = k;
        (n, first)
    }

    /// [`Failed::multiple_may_hint`] on rows of `W` words: bit [`Failed::compact`] of a
    /// candidate for its off potential, bit `first[81]` (the number of candidates) plus
    /// its strong number for a strong candidate's on potential, the other bits zero (loops
    /// of a known length). `first[c]` is the number of cell `c`'s first candidate.
    fn level3<const W: usize>(&mut self, g: &Grid, n: usize, first: &[u16; 82]) -> bool {
        // The strong candidates' on potentials come after the candidates' off ones.
        let (ncand, on) = (first[81] as usize, first[81] as usize);
        let ncomp = self.comp.iter().max().map_or(0, |&m| m as usize + 1);
        let compact = &self.compact;
        let or = |x: &mut [u64; W], y: &[u64]| {
            for (x, &y) in x.iter_mut().zip(y) {
                *x |= y;
            }
        };
        // Per house and digit: the digit's candidates there (`places`), and what the
        // strong neighbours of its strong candidates reach (`reached`, below).
        let mut houses = std::mem::take(&mut self.house_rows);
        houses.clear();
        houses.resize(2 * 27 * 9 * W, 0);
        let (places, reached) = houses.split_at_mut(27 * 9 * W);
        for c in 0..81 {
            for d in digits(g.cand[c]) {
                let b = compact[c * 9 + d as usize - 1] as usize;
                for &h in &CELL_HOUSES[c] {
                    places[(h as usize * 9 + d as usize - 1) * W + b / 64] |= 1 << (b % 64);
                }
            }
        }
        let places: &[u64] = places;
        // The off potentials that candidate `(c, d)` on forces: its weak neighbours (the
        // cell's other values, the digit's other positions in its houses).
        let weak = |c: usize, d: u8| -> [u64; W] {
            let mut w = [0u64; W];
            or_at(&mut w, first[c] as usize, (1u16 << g.count(c)) - 1);
            for &h in &CELL_HOUSES[c] {
                let at = (h as usize * 9 + d as usize - 1) * W;
                or(&mut w, &places[at..at + W]);
            }
            let own = compact[c * 9 + d as usize - 1] as usize;
            w[own / 64] &= !(1 << (own % 64));
            w
        };
        // Per component, what its members reach, off and on (its members and the rows of
        // the components they lead to); components are closed sinks first, so those a
        // member leads to are complete before it.
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| self.comp[i as usize]);
        self.off_rows.clear();
        self.off_rows.resize(ncomp * W, 0);
        for &u in &order {
            let u = u as usize;
            let id = self.comp[u] as usize;
            let a = self.strong[u] as usize;
            let mut row = weak(a / 9, (a % 9) as u8 + 1);
            row[(on + u) / 64] |= 1 << ((on + u) % 64);
            or(&mut row, &self.off_rows[id * W..(id + 1) * W]);
            for j in self.start[u] as usize..self.start[u + 1] as usize {
                let t = self.comp[self.adj[j] as usize] as usize;
                if t != id {
                    or(&mut row, &self.off_rows[t * W..(t + 1) * W]);
                }
            }
            self.off_rows[id * W..(id + 1) * W].copy_from_slice(&row);
        }
        // Per strong w: what its strong neighbours reach, off and on; summed per cell and
        // per house and digit.
        let mut cells = std::mem::take(&mut self.cell_rows);
        cells.clear();
        cells.resize(81 * W, 0);
        self.off_through.clear();
        self.off_through.resize(n * W, 0);
        for i in 0..n {
            let a = self.strong[i] as usize;
            let mut row = [0u64; W];
            for &s in &self.strong_of[a][..self.strong_n[a] as usize] {
                let t = self.comp[self.number[s as usize] as usize] as usize;
                or(&mut row, &self.off_rows[t * W..(t + 1) * W]);
            }
            self.off_through[i * W..(i + 1) * W].copy_from_slice(&row);
            let (c, d) = (a / 9, a % 9);
            for (x, &y) in cells[c * W..(c + 1) * W].iter_mut().zip(&row) {
                *x |= y;
            }
            for &h in &CELL_HOUSES[c] {
                let at = (h as usize * 9 + d) * W;
                for (x, &y) in reached[at..at + W].iter_mut().zip(&row) {
                    *x |= y;
                }
            }
        }
        // What assumption `(c, d)` on reaches, per candidate: its own on potential if
        // strong, the off potentials of its weak neighbours, and what the strong ones
        // among them lead to (their strong neighbours' rows). A candidate that is not
        // strong has as strong weak neighbours every strong candidate of its cell and of
        // its digit in its houses, whose rows are summed there.
        let mut rows = std::mem::take(&mut self.memo);
        rows.resize(ncand * W, 0);
        let (number, off_through, at) = (&self.number, &self.off_through, &self.at);
        for c in 0..81 {
            // The cell's candidates and what its strong candidates' strong neighbours reach.
            let mut cell_row = [0u64; W];
            or_at(&mut cell_row, first[c] as usize, (1u16 << g.count(c)) - 1);
            or(&mut cell_row, &cells[c * W..(c + 1) * W]);
            for d in digits(g.cand[c]) {
                let i = c * 9 + d as usize - 1;
                let own = compact[i] as usize;
                let mut row;
                if number[i] != UNSET {
                    row = weak(c, d);
                    let s = number[i] as usize;
                    row[(on + s) / 64] |= 1 << ((on + s) % 64);
                    at.weak_of(c, d, true, |w| {
                        let s = number[w] as usize;
                        or(&mut row, &off_through[s * W..(s + 1) * W]);
                    });
                } else {
                    // Its own off potential comes with its cell's and houses' candidates:
                    // kept only if a strong neighbour's row holds it.
                    row = cell_row;
                    let mut kept = cells[c * W + own / 64];
                    for &h in &CELL_HOUSES[c] {
                        let at = (h as usize * 9 + d as usize - 1) * W;
                        or(&mut row, &places[at..at + W]);
                        or(&mut row, &reached[at..at + W]);
                        kept |= reached[at + own / 64];
                    }
                    row[own / 64] &= kept | !(1 << (own % 64));
                }
                rows[own * W..(own + 1) * W].copy_from_slice(&row);
            }
        }
        // Whether the assumptions (candidate indices) share a reached potential.
        let common = |cands: &[u16]| {
            let mut acc = [!0u64; W];
            for &i in cands {
                let k = compact[i as usize] as usize;
                let mut any = 0;
                for (x, &y) in acc.iter_mut().zip(&rows[k * W..(k + 1) * W]) {
                    *x &= y;
                    any |= *x;
                }
                if any == 0 {
                    return false;
                }
            }
            true
        };
        // Every cell and house is tested (not only up to the first that meets), so the
        // order does not matter: the search that goes on reads the answers instead of its
        // closures (see [`Meets`]).
        let mut found = false;
        let mut cell = [0u8; 81];
        let mut house = [[0u8; 9]; 27];
        let mut cands = [0u16; 9];
        for c in 0..81 {
            if g.val[c] != 0 || g.count(c) <= 2 {
                continue;
            }
            let mut n = 0;
            for v in digits(g.cand[c]) {
                cands[n] = (c * 9 + v as usize - 1) as u16;
                n += 1;
            }
            let meets = common(&cands[..n]);
            cell[c] = 1 + meets as u8;
            found |= meets;
        }
        // A house and digit with two positions or more, listed at its first cell when that
        // cell has three candidates or more.
        for r in 0..27 {
            for d in 1..=9u8 {
                let mut pos = g.positions(r, d);
                if pos.count_ones() < 2 || g.count(HOUSE_CELLS[r][low(pos)] as usize) <= 2 {
                    continue;
                }
                let mut n = 0;
                while pos != 0 {
                    cands[n] = (HOUSE_CELLS[r][low(pos)] as usize * 9 + d as usize - 1) as u16;
                    n += 1;
                    pos &= pos - 1;
                }
                let meets = common(&cands[..n]);
                house[r][d as usize - 1] = 1 + meets as u8;
                found |= meets;
            }
        }
        self.meets = Meets { cand: g.cand, cell, house };
        self.house_rows = houses;
        self.cell_rows = cells;
        self.memo = rows;
        found
    }

    /// What the last level-3 test answered for cell `c`'s chain on `g` (whether the
    /// assumptions' closures meet, see [`Meets`]), if it tested that cell on `g`.
    #[inline]
    pub(in crate::chain) fn cell_meets(&self, g: &Grid, c: usize) -> Option<bool> {
        let m = self.meets.cell[c];
        (m != 0 && self.meets.cand == g.cand).then_some(m == 2)
    }

    /// The same for the chain of digit `d`'s positions in house `r`.
    #[inline]
    pub(in crate::chain) fn house_meets(&self, g: &Grid, r: usize, d: u8) -> Option<bool> {
        let m = self.meets.house[r][d as usize - 1];
        (m != 0 && self.meets.cand == g.cand).then_some(m == 2)
    }
}

/// The last level-3 test's answer per cell and per house and digit, on the grid whose
/// candidates are `cand`: 0 not tested, 1 no common potential, 2 one. A cell's or house's
/// answer is whether its assumptions' closures in the XY graph share a potential, which
/// is what `Chainer::closures_meet` asks of the same assumptions on the same static links
/// (a closure holds what its assumption reaches, itself included; the rows leave out only
/// on potentials that are not strong, other than the assumption's own, and such a
/// potential is reached by no other assumption, so by no group of two or more). The
/// static multiple search that follows the test on the same grid reads the answers
/// instead of building closures: the same chains are skipped, the same propagations made.
pub(super) struct Meets {
    cand: [u16; 81],
    cell: [u8; 81],
    house: [[u8; 9]; 27],
}

impl Default for Meets {
    fn default() -> Meets {
        Meets { cand: [0; 81], cell: [0; 81], house: [[0; 9]; 27] }
    }
}

/// A cell or house group of the level-3 test: the cell, or the house and digit.
#[cfg(test)]
#[derive(Clone, Copy, Debug)]
pub(super) enum Group {
    /// A cell of three candidates or more.
    Cell(usize),
    /// A house and a digit with two positions or more (listed at its first cell).
    House(usize, u8),
}

/// The groups a static multiple search on `g` starts from, in its order, each with its
/// assumptions' on keys.
#[cfg(test)]
pub(super) fn groups(g: &Grid) -> Vec<(Group, Vec<u16>)> {
    let mut out = Vec::new();
    for c in 0..81 {
        if g.val[c] != 0 || g.count(c) <= 2 {
            continue;
        }
        out.push((Group::Cell(c), digits(g.cand[c]).map(|v| key(c, v, true)).collect()));
        for d in digits(g.cand[c]) {
            for &r in &CELL_HOUSES[c] {
                let r = r as usize;
                let pos = g.positions(r, d);
                if pos.count_ones() < 2 || HOUSE_CELLS[r][low(pos)] as usize != c {
                    continue;
                }
                let keys = (0..9)
                    .filter(|&i| pos >> i & 1 != 0)
                    .map(|i| key(HOUSE_CELLS[r][i] as usize, d, true))
                    .collect();
                out.push((Group::House(r, d), keys));
            }
        }
    }
    out
}

/// Whether the assumptions `keys` reach a common component in the XY pass's graph
/// `reach` (built with bits).
#[cfg(test)]
pub(super) fn reach_meet(reach: &super::super::reach::Reach, keys: &[u16]) -> bool {
    let mut acc = vec![!0u64; reach.words()];
    for &k in keys {
        reach.and_reached(k, &mut acc);
    }
    acc.iter().any(|&w| w != 0)
}

/// Whether a nested search of multiple forcing chains (static: cell and house chains, from
/// cells of three candidates or more) can have a hint on `g`, from the XY pass's graph
/// `reach` (built with bits). A static propagation from an assumption meets exactly what
/// the assumption reaches in that graph, or less when it stops at a contradiction; a cell
/// or house chain needs a potential that every assumption of its cell or house meets. So
/// without a component that all of them reach, the search finds nothing. The engine asks
/// [`Failed::multiple_may_hint`], which answers the same without building that graph.
#[cfg(test)]
pub(super) fn multiple_may_hint(reach: &super::super::reach::Reach, g: &Grid) -> bool {
    groups(g).iter().any(|(_, keys)| reach_meet(reach, keys))
}
