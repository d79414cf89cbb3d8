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
//! The test takes an assumption's weak neighbours (all of them: their off potentials are
//! reached) as set operations on 729-bit candidate sets (the digit's candidates among the
//! peers, the cell's other values): the set [`weak_of`] lists.
//!
//! The test goes through every cell and house (not only up to the first whose assumptions
//! meet) and keeps each answer ([`Meets`]); the static multiple search that follows on the
//! same grid asks them ([`Failed::cell_meets`], [`Failed::house_meets`]) instead of
//! building its assumptions' closures (`Chainer::closures_meet`), which answer the same
//! question on the same links: the same chains are skipped, so the same hints are found
//! (the unit test compares every cell's and house's answer with the XY graph's).

use super::strong::{DIGIT_CANDS, PEER_CANDS, grid_cands, or_at};
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
        let n = self.graph(g, true, true);
        let words = self.words;
        let ncomp = self.comp.iter().max().map_or(0, |&m| m as usize + 1);
        // Per component, the off potentials its members reach; components are closed
        // sinks first, so those a member leads to are complete before it.
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| self.comp[i as usize]);
        self.off_rows.clear();
        self.off_rows.resize(ncomp, [0; OFF_WORDS]);
        for &u in &order {
            let u = u as usize;
            let id = self.comp[u] as usize;
            let a = self.strong[u] as usize;
            let mut row = self.off_rows[id];
            weak_of(g, a / 9, (a % 9) as u8 + 1, true, |w| row[w / 64] |= 1 << (w % 64));
            for j in self.start[u] as usize..self.start[u + 1] as usize {
                let t = self.comp[self.adj[j] as usize] as usize;
                if t != id {
                    for (x, &y) in row.iter_mut().zip(&self.off_rows[t]) {
                        *x |= y;
                    }
                }
            }
            self.off_rows[id] = row;
        }
        // Per strong w: what its strong neighbours reach, on and off.
        self.through.clear();
        self.through.resize(n * words, 0);
        self.off_through.clear();
        self.off_through.resize(n, [0; OFF_WORDS]);
        for i in 0..n {
            let a = self.strong[i] as usize;
            for &s in &self.strong_of[a][..self.strong_n[a] as usize] {
                let t = self.comp[self.number[s as usize] as usize] as usize;
                for j in 0..words {
                    self.through[i * words + j] |= self.rows[t * words + j];
                }
                for (x, &y) in self.off_through[i].iter_mut().zip(&self.off_rows[t]) {
                    *x |= y;
                }
            }
        }
        // What assumption `(c, d)` on reaches: off potentials (`OFF_WORDS` words), then
        // strong on potentials (`words` words, at most `OFF_WORDS`: at most 729 strong
        // candidates); computed once per candidate, the first time it is asked.
        let mut memo = std::mem::take(&mut self.memo);
        memo.resize(81 * 9, [0; 2 * OFF_WORDS]);
        let mut done = std::mem::take(&mut self.memo_done);
        done.clear();
        done.resize(81 * 9, false);
        let (number, through, off_through) = (&self.number, &self.through, &self.off_through);
        let (cell_links, at) = (self.cell_links, &self.at);
        let cands_of_g = grid_cands(g);
        // Whether the assumptions (candidate indices) share a reached potential.
        let mut common = |cands: &[u16]| {
            let mut acc = [!0u64; 2 * OFF_WORDS];
            for &i in cands {
                let i = i as usize;
                let r = &mut memo[i];
                if !done[i] {
                    *r = [0; 2 * OFF_WORDS];
                    let (r_off, r_on) = r.split_at_mut(OFF_WORDS);
                    if number[i] != UNSET {
                        let s = number[i] as usize;
                        r_on[s / 64] |= 1 << (s % 64);
                    }
                    // The weak neighbours (`weak_of`'s set): the digit's candidates among
                    // the peers, and the cell's other values.
                    let (c, d) = (i / 9, i % 9);
                    for j in 0..OFF_WORDS {
                        r_off[j] = PEER_CANDS[c][j] & DIGIT_CANDS[d][j] & cands_of_g[j];
                    }
                    if cell_links {
                        or_at(r_off, c * 9, g.cand[c] & !(1 << d));
                    }
                    at.weak_of(c, d as u8 + 1, cell_links, |w| {
                        let s = number[w] as usize;
                        for j in 0..words {
                            r_on[j] |= through[s * words + j];
                        }
                        for (x, &y) in r_off.iter_mut().zip(&off_through[s]) {
                            *x |= y;
                        }
                    });
                    done[i] = true;
                }
                // All `2 * OFF_WORDS` words (a loop of known length): the row's words past
                // `OFF_WORDS + words` are zero, so they add nothing.
                let mut any = 0;
                for (x, &y) in acc.iter_mut().zip(r.iter()) {
                    *x &= y;
                    any |= *x;
                }
                if any == 0 {
                    return false;
                }
            }
            true
        };
        // Every cell and house is tested (not only up to the first that meets): the
        // search that goes on reads the answers instead of its closures (see [`Meets`]).
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
            for d in digits(g.cand[c]) {
                for &r in &CELL_HOUSES[c] {
                    let r = r as usize;
                    let mut pos = g.positions(r, d);
                    if pos.count_ones() < 2 || HOUSE_CELLS[r][low(pos)] as usize != c {
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
        }
        self.meets = Meets { cand: g.cand, cell, house };
        self.memo = memo;
        self.memo_done = done;
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
