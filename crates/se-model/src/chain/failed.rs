//! Whether a nested static search (cycles and forcing X/XY chains, every hint wanted) can
//! have a hint at all, decided on a graph much smaller than its passes' graphs.
//!
//! Such a search has a hint only if some candidate's on potential reaches its off
//! potential, or the reverse, in the XY pass's graph (cell and house links). A forcing
//! chain is such a path in its pass's graph, which is part of the XY graph. A cycle that
//! removes candidate `o` (seen by an on potential `a` and an off potential `b` of the
//! cycle, same digit, `o` outside the cycle's cells) gives one too: the graph is its own
//! contrapositive (an edge `u -> v` comes with `not v -> not u`: peers and cells are
//! symmetric, so are conjugate pairs and bivalue cells), so the cycle reversed and negated
//! is a closed walk through `not a` and `not b`, and `o on -> a off -> ... -> b on -> o
//! off` is a path. Without such a candidate the search returns nothing and is skipped
//! (about 78% of the nested searches on SE 11+ puzzles); nothing it would have found is
//! lost, so no rating can change.
//!
//! The question is answered on the graph of strong links:
//!
//! In the XY graph, an on potential `a` forces the off potentials of its weak neighbours
//! `W(a)` (the cell's other values, the digit's other positions in its houses) and an off
//! potential `c` forces the on potentials of its strong neighbours `S(c)` (the other value
//! of a bivalue cell, the other position of a digit twice in a house); both relations are
//! symmetric. A path alternates on and off potentials, so on potentials follow one another
//! by the relation `a -> b` when `b` is in `S(c)` for some `c` in `W(a)`, whose targets are
//! always candidates with a strong neighbour ("strong" candidates). Hence:
//!
//! - `a` on reaches `a` off exactly when `a -> ... -> b` (one step or more) for some `b` in
//!   `W(a)`, since `b` on forces `a` off exactly when `a` is in `W(b)`;
//! - `a` off reaches `a` on exactly when some `c` in `S(a)` reaches `a` by zero steps or
//!   more (`c` is not `a`, so one step or more).
//!
//! Both need only what the strong candidates reach among themselves: their components and,
//! per component, the strong candidates it reaches (a few words, where the XY graph's rows
//! span every potential).
//!
//! The nested static multiple forcing chains (level 3) are skipped by a test on the same
//! graph ([`Failed::multiple_may_hint`], in `failed/multiple.rs`), and the searches that go
//! on read the same graph instead of their passes' components ([`PassLinks`], in
//! `failed/pass_links.rs`); each file holds its argument.
//!
//! The scratch is reused between graphs without changing any set the tests read: only the
//! last graph's strong candidates have a number or strong neighbours, so only those entries
//! are reset (every other entry is still unset and empty), and the no-hint test's rows per
//! candidate are stack arrays (at most [`OFF_WORDS`] words, 729 strong candidates at most)
//! cleared for each candidate as the heap buffer was. The answers, hence the searches run
//! and the ratings, are the same.
//!
//! Only strong candidates add to the relation, to a row or to an aim (a candidate without
//! strong neighbours has no number), so those loops visit only the strong weak neighbours
//! of a candidate ([`Where`]: the strong candidates' positions per house and digit and
//! their digits per cell, set with their numbers), in the order the XY graph lists them
//! (the cell's other values, then the block, the row and the column): the relation's
//! lists are the same, entry for entry. The no-hint test's last question (does some
//! candidate's on potential reach its off potential) is answered for every position at
//! once from the pairs of strong candidates that reach each other
//! ([`Failed::fill_off_reach`], whose doc holds the argument), then met with the grid's
//! candidates; [`Failed::aim_off`] reads the same answers.
//!
//! The no-hint test remembers its "no" answers by strong links ([`links_of`]: the bivalue
//! cells' candidates, the positions of each digit twice in a house) and skips the graph
//! when the answer is known. Two grids with the same strong links have the same strong
//! candidates (present in both), the same strong neighbours in the same order, and the
//! same relation `->` (its steps go through strong weak neighbours only, found by position
//! among the strong candidates), so the same numbering, components and rows. The answer is
//! then "some candidate `x` of the grid passes a test `T(x)`" where `T` reads only that
//! graph and `x`'s position (a strong `x`: its row and its strong weak neighbours; any
//! other: the strong candidates of its cell and of its digit in its houses). So after
//! "no" on a grid, no candidate of it passes `T` under these links, and a later grid with
//! the same links whose candidates all were candidates of such grids (their union is
//! kept) has the answer "no" as well: the same searches are skipped, and no rating can
//! change. Otherwise the graph is built and the test runs as before.

use super::*;

mod multiple;
mod off_reach;
mod pass_links;
mod strong;
#[cfg(test)]
mod tests;

pub(super) use pass_links::PassLinks;
use strong::{Where, grid_cands};

const UNSET: u32 = u32::MAX;

/// Scratch of the test, kept between searches.
#[derive(Default)]
pub(super) struct Failed {
    /// Per candidate (cell * 9 + digit - 1): its number among the strong ones, or UNSET.
    number: Vec<u32>,
    /// Per candidate: its strong neighbours (candidate indices) and how many.
    strong_of: Vec<[u16; 4]>,
    strong_n: Vec<u8>,
    /// Per strong number: the candidate.
    strong: Vec<u16>,
    /// Where the strong candidates are (set with their numbers).
    at: Where,
    /// The relation `->` from each strong candidate, in compressed rows of strong numbers.
    start: Vec<u32>,
    adj: Vec<u32>,
    /// Per strong number: its component (numbered as Tarjan closes them).
    comp: Vec<u32>,
    /// Per component: whether it has more than one member (see [`Failed::on_cycle`]).
    cyclic: Vec<bool>,
    /// The target of the next forcing search on [`PassLinks`], as strong numbers: the weak
    /// neighbours of `a` for `a` off, `a` itself for `a` on (see [`Failed::aim_off`]).
    /// Only its first `words` words are read.
    aim: [u64; OFF_WORDS],
    /// Per digit: the cells whose candidate of that digit reaches its off potential (the
    /// answers of [`Failed::aim_off`], see [`Failed::fill_off_reach`]); found when first
    /// asked after the graph and its `through` rows are built (`off_reach_ready`).
    off_reach: [u128; 9],
    off_reach_ready: bool,
    /// Per component, `words` words: the strong numbers it reaches (its own included).
    rows: Vec<u64>,
    /// Per strong number `w`, `words` words: what the strong neighbours of `w` reach (so
    /// what `a -> ...` reaches through `w` off, for `w` in `W(a)`).
    through: Vec<u64>,
    words: usize,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// The level-3 test's rows (see [`Failed::multiple_may_hint`]), `W` words each: the
    /// off potentials reached (bit: the candidate's number in grid order, see
    /// `compact`), then the strong on potentials reached. Per component: what its
    /// members reach.
    off_rows: Vec<u64>,
    /// Per strong number `w`: what the strong neighbours of `w` reach.
    off_through: Vec<u64>,
    /// Per candidate of the grid (in grid order): what its on potential reaches.
    memo: Vec<u64>,
    /// Per house and digit (`(house * 9 + digit - 1) * W`): the digit's candidates there,
    /// then (from `27 * 9 * W` on) what the strong neighbours of its strong candidates
    /// reach.
    house_rows: Vec<u64>,
    /// Per cell (`cell * W`): what the strong neighbours of its strong candidates reach.
    cell_rows: Vec<u64>,
    /// Per candidate (`c * 9 + d - 1`, set for the grid's candidates): its number in grid
    /// order (cell by cell, digits ascending).
    compact: Vec<u16>,
    /// The last level-3 test's answers per cell and house (see [`Failed::cell_meets`]).
    meets: multiple::Meets,
    /// The pass whose graph this is: cell links (a cell's other values are weak neighbours,
    /// a bivalue cell's other value a strong one) and house links (a digit's other
    /// position in a house where it has two a strong neighbour); the XY pass has both.
    cell_links: bool,
    house_links: bool,
    /// The no-hint test's "no" answers per strong links ([`links_of`]): the union of the
    /// candidates (bit `c * 9 + d - 1`) of the grids with those links answered no, none
    /// of which reaches its opposite with those links (see the module doc).
    no_hint: rustc_hash::FxHashMap<Box<[u16; LINK_WORDS]>, [u64; OFF_WORDS]>,
}

/// Entries of [`links_of`]: one per cell, one per house and digit.
const LINK_WORDS: usize = 81 + 27 * 9;

/// At most this many entries in [`Failed::no_hint`] (cleared when full; about 0.8 KB each).
const NO_HINT_CAP: usize = 2048;

/// The strong links of `g`: per cell its candidates if it has two (else 0), per house and
/// digit the digit's positions there if it has two (else 0). The XY pass's graph (strong
/// candidates, their numbers and strong neighbours, the relation and its components) is a
/// function of these alone (see the module doc).
fn links_of(g: &Grid) -> [u16; LINK_WORDS] {
    let mut out = [0u16; LINK_WORDS];
    for c in 0..81 {
        let m = g.cand[c];
        out[c] = if m.count_ones() == 2 { m } else { 0 };
    }
    for r in 0..27 {
        for d in 0..9 {
            let p = g.positions(r, d as u8 + 1);
            out[81 + r * 9 + d] = if p.count_ones() == 2 { p } else { 0 };
        }
    }
    out
}

/// Words of a set of candidates (bit `c * 9 + d - 1`).
pub(super) const OFF_WORDS: usize = (81 * 9usize).div_ceil(64);

impl Failed {
    /// Whether some candidate of `g` implies its own opposite in the XY pass's graph (the
    /// answer of `Reach::any_forcing` on that graph). Answered from [`Failed::no_hint`]
    /// when it knows every candidate of `g` under `g`'s strong links: then no graph is built
    /// and the last one's tables stay (every other test builds its own).
    #[inline(never)]
    pub(super) fn any(&mut self, g: &Grid) -> bool {
        let links = links_of(g);
        let cands = grid_cands(g);
        if let Some(good) = self.no_hint.get(&links) {
            if (0..OFF_WORDS).all(|j| cands[j] & !good[j] == 0) {
                return false;
            }
        }
        if self.any_built(g) {
            return true;
        }
        // No: every candidate of `g` is known not to reach its opposite with these links.
        if let Some(good) = self.no_hint.get_mut(&links) {
            for j in 0..OFF_WORDS {
                good[j] |= cands[j];
            }
        } else {
            if self.no_hint.len() >= NO_HINT_CAP {
                self.no_hint.clear();
            }
            self.no_hint.insert(Box::new(links), cands);
        }
        false
    }

    /// [`Failed::any`] on the graph of `g`, built.
    fn any_built(&mut self, g: &Grid) -> bool {
        let n = self.graph(g, true, true);
        if n == 0 {
            return false;
        }
        let words = self.words;
        // Per strong w: what its strong neighbours reach. `a` off reaches `a` on when a
        // strong neighbour of `a` reaches `a`.
        self.through.clear();
        self.through.resize(n * words, 0);
        for i in 0..n {
            self.fill_through(i);
            if self.through[i * words + i / 64] >> (i % 64) & 1 != 0 {
                return true;
            }
        }
        // Every candidate: does it reach one of its weak neighbours (a on reaches a off)?
        // The answers for every position at once, then the grid's candidates.
        self.fill_off_reach();
        let mut cells = [0u128; 9];
        for (c, &m) in g.cand.iter().enumerate() {
            for d in digits(m) {
                cells[d as usize - 1] |= 1 << c;
            }
        }
        (0..9).any(|d| self.off_reach[d] & cells[d] != 0)
    }

    /// After [`Failed::any`] answered yes on `g`: what the strong neighbours of every
    /// strong candidate reach (`any` may stop before it has them all), for [`PassLinks`].
    pub(super) fn complete(&mut self) {
        if self.off_reach_ready {
            // Found from every row (by `any`, or since this was last called).
            return;
        }
        let (n, words) = (self.strong.len(), self.words);
        self.through.clear();
        self.through.resize(n * words, 0);
        for i in 0..n {
            self.fill_through(i);
        }
    }

    /// Row `i` of `through` (cleared before): what the strong neighbours of the `i`-th
    /// strong candidate reach, the union of their components' rows.
    #[inline]
    fn fill_through(&mut self, i: usize) {
        let words = self.words;
        let a = self.strong[i] as usize;
        for &s in &self.strong_of[a][..self.strong_n[a] as usize] {
            let r = self.comp[self.number[s as usize] as usize] as usize * words;
            for j in 0..words {
                self.through[i * words + j] |= self.rows[r + j];
            }
        }
    }

    /// The graph of the X pass (house links, `y` false) or the Y pass (cell links, `x`
    /// false) of a nested search on `g`, for [`PassLinks`] (the same argument holds for
    /// their graphs: their links are symmetric too).
    pub(super) fn pass(&mut self, g: &Grid, y: bool, x: bool) {
        self.graph(g, y, x);
        self.complete();
    }

    /// Whether a cycle search from the on potential of candidate `(c, d)` can find a cycle:
    /// whether `a ->+ s ->+ a` for some `s` other than `a` (its component has another
    /// member). A cycle the search reports has four links or more, so an on potential `s`
    /// other than the root `a` between them (the search never meets `a` on again before
    /// its end): `a -> ... -> s -> ... -> a` (an on potential follows another only through
    /// `->`). A component of `a` alone, even with `a -> a` (the root's off weak neighbour
    /// forcing it again: two links), lets the search meet no such `s` (`beside` holds for
    /// the potentials that reach the root), so it finds nothing and is skipped.
    pub(super) fn on_cycle(&self, c: usize, d: u8) -> bool {
        let s = self.number[c * 9 + d as usize - 1];
        s != UNSET && self.cyclic[self.comp[s as usize] as usize]
    }

    /// Whether `(c, d)` on reaches `(c, d)` off in the XY pass's graph (`a ->+ b` for some
    /// `b` in `W(a)`, as [`Failed::any`] asks it), and aims [`PassLinks::leads_to`] at
    /// `(c, d)` off: an on potential `u` leads there when `u ->* b` for some strong `b` in
    /// `W(a)` (`u` itself in `W(a)` included: `rows` hold their own members), an off
    /// potential when one of its strong neighbours does. The answer is read from
    /// [`Failed::fill_off_reach`]; the aim is set only on a yes (a no runs no search).
    pub(super) fn aim_off(&mut self, c: usize, d: u8) -> bool {
        if !self.off_reach_ready {
            self.fill_off_reach();
        }
        if self.off_reach[d as usize - 1] >> c & 1 == 0 {
            // No search: the aim is not read.
            return false;
        }
        let (number, through, words) = (&self.number, &self.through, self.words);
        if words == 1 {
            // At most 64 strong candidates: one word, kept in registers.
            let (mut t, mut aim) = (0u64, 0u64);
            self.at.weak_of(c, d, self.cell_links, |w| {
                let s = number[w] as usize;
                t |= through[s];
                aim |= 1 << s;
            });
            self.aim[0] = aim;
            return t & aim != 0;
        }
        // At most 729 strong candidates: `words` is at most `OFF_WORDS`.
        let (mut t, mut aim) = ([0u64; OFF_WORDS], [0u64; OFF_WORDS]);
        self.at.weak_of(c, d, self.cell_links, |w| {
            let s = number[w] as usize;
            for j in 0..words {
                t[j] |= through[s * words + j];
            }
            aim[s / 64] |= 1 << (s % 64);
        });
        self.aim = aim;
        (0..words).any(|j| t[j] & aim[j] != 0)
    }

    /// Whether `(c, d)` off reaches `(c, d)` on in the XY pass's graph (a strong neighbour
    /// of `a` reaches `a`), and aims [`PassLinks::leads_to`] at `(c, d)` on: a potential leads
    /// there when `a` is among what it reaches.
    pub(super) fn aim_on(&mut self, c: usize, d: u8) -> bool {
        let words = self.words;
        self.aim[..words].fill(0);
        let s = self.number[c * 9 + d as usize - 1];
        if s == UNSET {
            return false;
        }
        let s = s as usize;
        self.aim[s / 64] |= 1 << (s % 64);
        self.through[s * words + s / 64] >> (s % 64) & 1 != 0
    }

    /// The strong candidates potential `k` reaches in the XY pass's graph, its own on
    /// potential's included, as a row of strong numbers (none for the on potential of a
    /// candidate without strong neighbours, which only its own assumption meets, and for
    /// its off potential, which forces nothing).
    #[inline]
    fn row_of(&self, k: u16) -> Option<&[u64]> {
        let s = self.number[k as usize / 2];
        if s == UNSET {
            return None;
        }
        let (s, words) = (s as usize, self.words);
        Some(if k & 1 == 1 {
            let r = self.comp[s] as usize * words;
            &self.rows[r..r + words]
        } else {
            &self.through[s * words..(s + 1) * words]
        })
    }

    /// The strong candidates of `g`, the relation `->` between them, its components and
    /// their rows; returns how many strong candidates (with none, nothing else is built).
    fn graph(&mut self, g: &Grid, cell_links: bool, house_links: bool) -> usize {
        self.cell_links = cell_links;
        self.house_links = house_links;
        self.off_reach_ready = false;
        // The strong neighbours of every candidate; the strong candidates numbered. Only
        // the last graph's strong candidates have a number or strong neighbours: those
        // entries are reset, not the whole tables.
        self.number.resize(81 * 9, UNSET);
        self.strong_of.resize(81 * 9, [0; 4]);
        self.strong_n.resize(81 * 9, 0);
        for &i in &self.strong {
            self.number[i as usize] = UNSET;
            self.strong_n[i as usize] = 0;
            self.at.reset(i as usize);
        }
        self.strong.clear();
        // Per candidate, as `cell_on_key` then `house_on_keys` list them: the bivalue
        // cell's other value, then the other position in each house (block, row, column)
        // where the digit has two, without repeats; found house by house.
        let (strong_of, strong_n) = (&mut self.strong_of, &mut self.strong_n);
        // The candidates with a strong neighbour (bit `c * 9 + d - 1`).
        let mut marked = [0u64; OFF_WORDS];
        let mut link = |a: usize, b: usize| {
            marked[a / 64] |= 1 << (a % 64);
            let n = strong_n[a] as usize;
            if !strong_of[a][..n].contains(&(b as u16)) {
                strong_of[a][n] = b as u16;
                strong_n[a] += 1;
            }
        };
        if cell_links {
            for c in 0..81 {
                if g.count(c) == 2 {
                    let (d1, d2) = (low(g.cand[c]), 15 - g.cand[c].leading_zeros() as usize);
                    link(c * 9 + d1, c * 9 + d2);
                    link(c * 9 + d2, c * 9 + d1);
                }
            }
        }
        if house_links {
            for r in 0..27 {
                for d in 0..9 {
                    let pos = g.positions(r, d as u8 + 1);
                    if pos.count_ones() == 2 {
                        let a = HOUSE_CELLS[r][low(pos)] as usize * 9 + d;
                        let b = HOUSE_CELLS[r][15 - pos.leading_zeros() as usize] as usize * 9 + d;
                        link(a, b);
                        link(b, a);
                    }
                }
            }
        }
        // Numbered in candidate order.
        for (k, &word) in marked.iter().enumerate() {
            let mut m = word;
            while m != 0 {
                let i = k * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                self.number[i] = self.strong.len() as u32;
                self.strong.push(i as u16);
                self.at.set(i);
            }
        }
        let n = self.strong.len();
        if n == 0 {
            self.words = 0;
            return 0;
        }
        // The relation between strong candidates: a -> s for s in S(w), w in W(a).
        self.start.clear();
        self.adj.clear();
        for i in 0..n {
            self.start.push(self.adj.len() as u32);
            let a = self.strong[i] as usize;
            let (number, strong_of, strong_n, adj) =
                (&self.number, &self.strong_of, &self.strong_n, &mut self.adj);
            self.at.weak_of(a / 9, (a % 9) as u8 + 1, cell_links, |w| {
                for &s in &strong_of[w][..strong_n[w] as usize] {
                    adj.push(number[s as usize]);
                }
            });
        }
        self.start.push(self.adj.len() as u32);
        self.components();
        n
    }

    /// Tarjan's algorithm without recursion over the strong candidates; components are
    /// closed sinks first, so the rows a component takes in are complete.
    fn components(&mut self) {
        let n = self.strong.len();
        self.words = n.div_ceil(64);
        self.comp.clear();
        self.comp.resize(n, UNSET);
        self.index.clear();
        self.index.resize(n, UNSET);
        self.low.clear();
        self.low.resize(n, 0);
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        // At most `n` components: their rows are cleared once.
        self.rows.clear();
        self.rows.resize(n * self.words, 0);
        self.cyclic.clear();
        let mut next = 0u32;
        let mut ncomp = 0u32;
        for root in 0..n as u32 {
            if self.index[root as usize] != UNSET {
                continue;
            }
            self.index[root as usize] = next;
            self.low[root as usize] = next;
            next += 1;
            self.stack.push(root);
            self.on_stack[root as usize] = true;
            self.calls.push((root, self.start[root as usize]));
            while let Some(&(v, pos)) = self.calls.last() {
                if pos < self.start[v as usize + 1] {
                    let w = self.adj[pos as usize];
                    self.calls.last_mut().expect("not empty").1 += 1;
                    if self.index[w as usize] == UNSET {
                        self.index[w as usize] = next;
                        self.low[w as usize] = next;
                        next += 1;
                        self.stack.push(w);
                        self.on_stack[w as usize] = true;
                        self.calls.push((w, self.start[w as usize]));
                    } else if self.on_stack[w as usize] {
                        let lw = self.index[w as usize];
                        let lv = &mut self.low[v as usize];
                        *lv = (*lv).min(lw);
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(parent, _)) = self.calls.last() {
                    let lv = self.low[v as usize];
                    let lp = &mut self.low[parent as usize];
                    *lp = (*lp).min(lv);
                }
                if self.low[v as usize] == self.index[v as usize] {
                    self.close(v, ncomp);
                    ncomp += 1;
                }
            }
        }
    }

    /// Pops the component rooted at `v` as number `id`; its row: its members and the rows
    /// of the components its members lead to (closed before it, or itself).
    fn close(&mut self, v: u32, id: u32) {
        let words = self.words;
        let base = id as usize * words;
        let first = if self.stack.last() == Some(&v) {
            self.stack.len() - 1
        } else {
            self.stack.iter().rposition(|&w| w == v).expect("the root is on the stack")
        };
        self.cyclic.push(self.stack.len() - first > 1);
        for i in first..self.stack.len() {
            let w = self.stack[i];
            self.on_stack[w as usize] = false;
            self.comp[w as usize] = id;
            self.rows[base + w as usize / 64] |= 1 << (w % 64);
        }
        for i in first..self.stack.len() {
            let u = self.stack[i] as usize;
            for j in self.start[u] as usize..self.start[u + 1] as usize {
                let t = self.comp[self.adj[j] as usize];
                if t == id {
                    continue;
                }
                let (done, row) = self.rows.split_at_mut(base);
                let tb = t as usize * words;
                for (x, &y) in row.iter_mut().zip(&done[tb..tb + words]) {
                    *x |= y;
                }
            }
        }
        self.stack.truncate(first);
    }
}
