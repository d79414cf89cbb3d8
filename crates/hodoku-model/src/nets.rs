//! HoDoKu 2.2.0's forcing nets for the `hodoku` preset: its tables, filled by running singles
//! inside them, expanded into one another, and read off in its way, so that the preset takes
//! the net HoDoKu takes, and finds none where HoDoKu finds none (then HoDoKu guesses).
//!
//! **Filling.** Every candidate of the grid, in cell then digit order, gets an "on" table and
//! an "off" table, each built on its own copy of HoDoKu's grid ([`HodokuSingles`]: candidates,
//! house counts and singles queues, the queues starting empty). "On" sets the cell; "off"
//! deletes the candidate and sets the cell when one candidate is left. Then four rounds: all
//! naked singles of the queue, then all hidden singles (one per cell), are listed and set in
//! that order. Setting a cell records it "on", then "off" every candidate of its digit that the
//! cell sees in the grid the search started from (those entries point back to the "on"
//! entry), then the other candidates the cell still has. A single set in the rounds points
//! back to the entries that made it: for a naked single the cell's other starting candidates,
//! for a hidden single the other starting places of the digit in the house with the fewest
//! places left before it was set (row, column, box; first smallest), at most five each; an
//! entry not in the table counts as the premise. An entry already in the table is not added
//! again, and a table holds at most 1,000 entries.
//!
//! **Groups.** Then the groups (2-3 candidates of a digit in a mini-line; rows, then columns,
//! digits and boxes ascending) get tables of their own, linked as HoDoKu links them: a group
//! "on" turns off the candidates that see it and the groups of its line, column or box that
//! do not overlap it; "off" turns on the only other candidate of its box or line that sees
//! it, and a lone other group of a house without other candidates. Each candidate that sees
//! a group gets the group "off" appended to its "on" table; a candidate that is the only
//! other one of the box or line gets the group "on" appended to its "off" table.
//!
//! **Expanding.** The "on" tables, then the "off" tables, each in cell and digit order: every
//! entry (in order, new ones included, until the table is full) brings in the entries its own
//! table was filled with, in their order; an entry already there that came in this way is
//! rewired to the new source when that path is shorter. Distances are HoDoKu's (nine bits).
//!
//! **Reading.** The checks of [`super::forcing_chain`] (contradictions of each table, then
//! verities of a candidate's two tables, of a cell's candidates and of a digit's places in a
//! house) give effects; each effect's proof is built back from its entries, and in a net
//! search only proofs that use an entry with more than one predecessor (a net) count. The step
//! taken is the first effect with such a proof: placements first by cell, then eliminations
//! by cell * 10 + digit.
//!
//! Written from the rules of HoDoKu 2.2.0's `TablingSolver`, `TableEntry`, `GroupNode`,
//! `Sudoku2` and `SimpleSolver` (GPL, read, not copied).

use super::{HodokuSingles, cells_of, houses};
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, House};
use bitdoku_strategies::{Premise, Step, TechniqueId};

/// HoDoKu's cap on the entries of one table.
const CAP: usize = 1000;
/// HoDoKu's number of singles rounds in a net table.
const LOOK_AHEAD: usize = 4;
/// At most this many predecessors are recorded per entry.
const PREDECESSORS: usize = 5;

const EXPANDED: u64 = 1 << 61;
const ON_TABLE: u64 = 1 << 62;
const EXTENDED: u64 = 1 << 63;
const DIST_SHIFT: u32 = 52;
const DIST_MASK: u64 = 0x1ff;

fn house_mask(h: usize) -> u128 {
    HOUSES[h].bits()
}

/// A node's digit on or off: `(node * 10 + digit) * 2 + on`, nodes 0-80 cells, 81.. groups.
type Lit = u32;

fn lit(node: usize, digit: u8, on: bool) -> Lit {
    ((node as u32 * 10 + u32::from(digit)) << 1) | u32::from(on)
}
fn node_of(l: Lit) -> usize {
    (l >> 1) as usize / 10
}
fn digit_of(l: Lit) -> u8 {
    ((l >> 1) % 10) as u8
}
fn is_on(l: Lit) -> bool {
    l & 1 == 1
}

/// HoDoKu's packing of up to five predecessors: the largest first (swapped, not sorted).
fn pack(ri: [usize; PREDECESSORS]) -> u64 {
    let mut v = ri.map(|x| x as u64);
    if v[0] > 4096 {
        v[0] = 0;
    }
    for x in &mut v[1..] {
        if *x > 1023 {
            *x = 0;
        }
    }
    for k in 1..PREDECESSORS {
        if v[k] > v[0] {
            v.swap(0, k);
        }
    }
    (v[4] << 42) + (v[3] << 32) + (v[2] << 22) + (v[1] << 12) + v[0]
}

fn pred(ret: u64, which: usize) -> usize {
    if which == 0 { (ret & 0xfff) as usize } else { ((ret >> (which * 10 + 2)) & 0x3ff) as usize }
}

/// One premise's table (HoDoKu's `TableEntry`).
#[derive(Clone, Default)]
struct Table {
    lits: Vec<Lit>,
    ret: Vec<u64>,
    on: [u128; 10],
    off: [u128; 10],
}

impl Table {
    fn len(&self) -> usize {
        self.lits.len()
    }

    fn distance(&self, i: usize) -> u64 {
        self.ret.get(i).map_or(0, |r| (r >> DIST_SHIFT) & DIST_MASK)
    }

    fn set_distance(&mut self, i: usize, d: u64) {
        let r = &mut self.ret[i];
        *r = (*r & !(DIST_MASK << DIST_SHIFT)) | ((d & DIST_MASK) << DIST_SHIFT);
    }

    fn expanded(&self, i: usize) -> bool {
        self.ret[i] & EXPANDED != 0
    }

    fn has(&self, l: Lit) -> bool {
        let set = if is_on(l) { &self.on } else { &self.off };
        node_of(l) < 81 && set[usize::from(digit_of(l))] & (1 << node_of(l)) != 0
    }

    /// HoDoKu's `addEntry`; returns whether the entry was added.
    fn add(&mut self, l: Lit, ri: [usize; PREDECESSORS]) -> bool {
        if self.len() >= CAP || self.has(l) {
            return false;
        }
        let i = self.len();
        self.lits.push(l);
        self.ret.push(pack(ri));
        if ri[0] < CAP {
            let d = self.distance(ri[0]) + 1;
            self.set_distance(i, d);
        }
        let node = node_of(l);
        if node < 81 {
            let set = if is_on(l) { &mut self.on } else { &mut self.off };
            set[usize::from(digit_of(l))] |= 1 << node;
        }
        true
    }

    /// The index of `l` (HoDoKu's reverse lookup: the last entry equal to it).
    fn index_of(&self, l: Lit) -> Option<usize> {
        self.lits.iter().rposition(|&x| x == l)
    }
}

/// A group: 2-3 candidates of one digit in one mini-line.
struct Group {
    digit: u8,
    cells: u128,
    row: Option<usize>,
    col: Option<usize>,
    block: usize,
    buddies: u128,
}

fn groups(cands: &[u128; 10]) -> Vec<Group> {
    let mut out = Vec::new();
    for line in 0..18 {
        for digit in 1..=9u8 {
            let here = house_mask(line) & cands[usize::from(digit)];
            if here == 0 {
                continue;
            }
            for block in 18..27 {
                let cells = here & house_mask(block);
                if cells.count_ones() >= 2 {
                    let buddies = cells_of(cells)
                        .fold(!0u128, |b, c| b & Cell::new_unchecked(c as u8).peers().bits());
                    let (row, col) = if line < 9 { (Some(line), None) } else { (None, Some(line)) };
                    out.push(Group { digit, cells, row, col, block: block - 18, buddies });
                }
            }
        }
    }
    out
}

/// Which table an entry's source is: a cell's "on" or "off" table, or a group's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tid {
    On(usize),
    Off(usize),
    Ext(usize),
}

/// All tables of one search.
struct Tables {
    on: Vec<Table>,
    off: Vec<Table>,
    ext: Vec<Table>,
    /// The starting candidates per digit (unsolved cells).
    cands: [u128; 10],
    groups: Vec<Group>,
}

impl Tables {
    fn get(&self, t: Tid) -> &Table {
        match t {
            Tid::On(i) => &self.on[i],
            Tid::Off(i) => &self.off[i],
            Tid::Ext(i) => &self.ext[i],
        }
    }

    /// The table whose premise is `l` (`None` for a group entry without a table).
    fn source(&self, l: Lit) -> Option<Tid> {
        let (node, digit) = (node_of(l), usize::from(digit_of(l)));
        if node < 81 {
            let i = node * 10 + digit;
            Some(if is_on(l) { Tid::On(i) } else { Tid::Off(i) })
        } else {
            let g = node - 81;
            (g < self.groups.len()).then_some(Tid::Ext(2 * g + usize::from(!is_on(l))))
        }
    }
}

/// The grid the tables are filled on.
struct Start {
    grid: HodokuSingles,
    cands: [u128; 10],
}

impl Start {
    fn cell_digits(&self, cell: usize) -> impl Iterator<Item = u8> + '_ {
        let m = self.grid.cells[cell];
        (1..=9u8).filter(move |d| m & (1 << d) != 0)
    }
}

/// Lists the singles HoDoKu's `findAllNakedSingles` and `findAllHiddenSingles` report: the
/// naked queue's entries whose cell is empty, then the hidden queue's whose cell is empty and
/// has a house with one place of the digit, one per cell.
fn singles(g: &HodokuSingles, out: &mut Vec<(usize, u8, bool)>) {
    out.clear();
    for &(cell, digit) in g.naked.live() {
        if g.values[cell] == 0 {
            out.push((cell, digit, true));
        }
    }
    let mut found = 0u128;
    for &(cell, digit) in g.hidden.live() {
        if g.values[cell] == 0
            && found & (1 << cell) == 0
            && houses(cell).iter().any(|&h| g.free[h][usize::from(digit)] == 1)
        {
            out.push((cell, digit, false));
            found |= 1 << cell;
        }
    }
}

/// HoDoKu's `setCell` inside a table: sets `cell` on the copy and records the entries.
fn set_in_table(
    start: &Start,
    copy: &mut HodokuSingles,
    t: &mut Table,
    cell: usize,
    digit: u8,
    with_preds: Option<bool>,
) {
    let d = usize::from(digit);
    let seen = start.cands[d] & !(1u128 << cell) & Cell::new_unchecked(cell as u8).peers().bits();
    let own = copy.cells[cell];
    let hs = houses(cell);
    let mut house = hs[0];
    let mut fewest = copy.free[hs[0]][d];
    for &h in &hs[1..] {
        if copy.free[h][d] < fewest {
            fewest = copy.free[h][d];
            house = h;
        }
    }
    copy.set_cell(cell, digit);
    let back = t.len();
    let mut ri = [0usize; PREDECESSORS];
    if let Some(naked) = with_preds {
        let mut k = 0;
        let idx = |c: usize, x: u8| t.index_of(lit(c, x, false)).unwrap_or(0);
        if naked {
            for x in start.cell_digits(cell).filter(|&x| x != digit) {
                if k < PREDECESSORS {
                    ri[k] = idx(cell, x);
                    k += 1;
                }
            }
        } else {
            let others = start.cands[d] & house_mask(house) & !(1u128 << cell);
            for c in cells_of(others) {
                if k < PREDECESSORS {
                    ri[k] = idx(c, digit);
                    k += 1;
                }
            }
        }
    }
    t.add(lit(cell, digit, true), ri);
    let mut from = [0usize; PREDECESSORS];
    from[0] = back;
    for c in cells_of(seen) {
        t.add(lit(c, digit, false), from);
    }
    for x in (1..=9u8).filter(|&x| x != digit && own & (1 << x) != 0) {
        t.add(lit(cell, x, false), from);
    }
}

/// Fills the table of `digit` in `cell` set (`on`) or deleted, singles included.
fn fill(
    start: &Start,
    cell: usize,
    digit: u8,
    on: bool,
    buf: &mut Vec<(usize, u8, bool)>,
) -> Table {
    let mut t = Table::default();
    let mut copy = start.grid.clone();
    if on {
        set_in_table(start, &mut copy, &mut t, cell, digit, None);
    } else {
        copy.del_candidate(cell, digit);
        t.add(lit(cell, digit, false), [0; PREDECESSORS]);
        if copy.cells[cell].count_ones() == 1 {
            let last = copy.cells[cell].trailing_zeros() as u8;
            set_in_table(start, &mut copy, &mut t, cell, last, None);
        }
    }
    for _ in 0..LOOK_AHEAD {
        singles(&copy, buf);
        for &(c, d, naked) in buf.iter() {
            set_in_table(start, &mut copy, &mut t, c, d, Some(naked));
        }
    }
    t
}

/// HoDoKu's group tables and the group entries of the cell tables.
fn fill_groups(ts: &mut Tables) {
    let n = ts.groups.len();
    ts.ext = vec![Table::default(); 2 * n];
    for i in 0..n {
        let g = &ts.groups[i];
        let (d, node) = (g.digit, 81 + i);
        let mut on = Table::default();
        let mut off = Table::default();
        on.add(lit(node, d, true), [0; PREDECESSORS]);
        off.add(lit(node, d, false), [0; PREDECESSORS]);
        let seen = ts.cands[usize::from(d)] & g.buddies;
        if seen != 0 {
            for c in cells_of(seen) {
                on.add(lit(c, d, false), [0; PREDECESSORS]);
                ts.on[c * 10 + usize::from(d)].add(lit(node, d, false), [0; PREDECESSORS]);
            }
            let line = g.row.or(g.col).expect("a group lies in a row or a column");
            for house in [18 + g.block, line] {
                let rest = seen & house_mask(house);
                if rest.count_ones() == 1 {
                    let c = rest.trailing_zeros() as usize;
                    off.add(lit(c, d, true), [0; PREDECESSORS]);
                    ts.off[c * 10 + usize::from(d)].add(lit(node, d, true), [0; PREDECESSORS]);
                }
            }
        }
        let mut lone: [(usize, Option<usize>); 3] = [(0, None); 3];
        for (j, g2) in ts.groups.iter().enumerate() {
            if j == i || g2.digit != d || g2.cells & g.cells != 0 {
                continue;
            }
            let same = [
                g.row.is_some() && g.row == g2.row,
                g.col.is_some() && g.col == g2.col,
                g.block == g2.block,
            ];
            for (k, s) in same.into_iter().enumerate() {
                if s {
                    lone[k].0 += 1;
                    if lone[k].0 == 1 {
                        lone[k].1 = Some(j);
                    }
                    on.add(lit(81 + j, d, false), [0; PREDECESSORS]);
                }
            }
        }
        for (k, (count, j)) in lone.into_iter().enumerate() {
            let (1, Some(j)) = (count, j) else { continue };
            let house = match k {
                0 => g.row.expect("row group"),
                1 => g.col.expect("column group"),
                _ => 18 + g.block,
            };
            let rest =
                house_mask(house) & ts.cands[usize::from(d)] & !g.cells & !ts.groups[j].cells;
            if rest == 0 {
                off.add(lit(81 + j, d, true), [0; PREDECESSORS]);
            }
        }
        ts.ext[2 * i] = on;
        ts.ext[2 * i + 1] = off;
    }
}

/// HoDoKu's `expandTables` on the "on" (`on_side`) or "off" tables.
fn expand(ts: &mut Tables, on_side: bool, pos: &mut [u16]) {
    for i in 0..810 {
        let mut dest = std::mem::take(if on_side { &mut ts.on[i] } else { &mut ts.off[i] });
        if dest.len() == 0 {
            continue;
        }
        for (k, &l) in dest.lits.iter().enumerate() {
            pos[l as usize] = k as u16;
        }
        let mut j = 1;
        while j < dest.len() {
            if dest.len() >= CAP {
                break;
            }
            let Some(tid) = ts.source(dest.lits[j]) else {
                j += 1;
                continue;
            };
            let src = ts.get(tid);
            if src.len() == 0 {
                j += 1;
                continue;
            }
            let (src_index, flag) = match tid {
                Tid::On(x) => (x, ON_TABLE),
                Tid::Off(x) => (x, 0),
                Tid::Ext(x) => (x, EXTENDED),
            };
            let base = dest.distance(j);
            for k in 1..src.len() {
                if src.expanded(k) {
                    continue;
                }
                let dist = base + src.distance(k);
                let e = src.lits[k];
                let at = pos[e as usize];
                if at != u16::MAX {
                    let o = usize::from(at);
                    if dest.expanded(o) && dest.distance(o) > dist {
                        dest.ret[o] = pack([src_index, 0, 0, 0, 0]) | EXPANDED | flag;
                        dest.set_distance(o, dist);
                    }
                } else {
                    if dest.add(e, [src_index, 0, 0, 0, 0]) {
                        pos[e as usize] = (dest.len() - 1) as u16;
                    }
                    let last = dest.len() - 1;
                    dest.ret[last] |= EXPANDED | flag;
                    dest.set_distance(last, dist);
                }
            }
            j += 1;
        }
        for &l in &dest.lits {
            pos[l as usize] = u16::MAX;
        }
        *(if on_side { &mut ts.on[i] } else { &mut ts.off[i] }) = dest;
    }
}

/// Whether the proof of entry `l` in table `t` uses an entry with several predecessors
/// (HoDoKu then makes the step a net), following HoDoKu's walk back through expanded tables.
fn is_net(ts: &Tables, t: Tid, l: Lit) -> bool {
    let org = ts.get(t);
    let Some(start) = org.lits.iter().position(|&x| x == l) else { return false };
    let mut cur = org;
    let mut idx = start;
    let mut expanded = false;
    let mut n = 1;
    while idx != 0 && n < CAP {
        if cur.expanded(idx) {
            let r = cur.ret[idx];
            let src = pred(org.ret[idx], 0);
            let next = if r & EXTENDED != 0 {
                ts.ext.get(src)
            } else if r & ON_TABLE != 0 {
                ts.on.get(src)
            } else {
                ts.off.get(src)
            };
            let Some(next) = next else { return false };
            let Some(k) = next.index_of(org.lits[idx]) else { return false };
            cur = next;
            idx = k;
            expanded = true;
        }
        let r = cur.ret[idx];
        if (1..PREDECESSORS).any(|w| pred(r, w) != 0) {
            return true;
        }
        idx = pred(r, 0);
        n += 1;
        if expanded && idx == 0 {
            let back = cur.lits[0];
            cur = org;
            let Some(k) = org.index_of(back) else { return false };
            idx = k;
            expanded = false;
        }
    }
    false
}

/// An effect found: a placement or an elimination, with the entries its proof ends in.
struct Hit {
    set: bool,
    cell: u8,
    digit: u8,
    premise: Premise,
    chains: std::ops::Range<usize>,
}

struct Hits {
    hits: Vec<Hit>,
    ends: Vec<(Tid, Lit)>,
}

impl Hits {
    fn push(&mut self, set: bool, cell: usize, digit: u8, premise: Premise, ends: &[(Tid, Lit)]) {
        let from = self.ends.len();
        self.ends.extend_from_slice(ends);
        let chains = from..self.ends.len();
        self.hits.push(Hit { set, cell: cell as u8, digit, premise, chains });
    }
}

fn cd(cell: usize, digit: u8) -> (Cell, Digit) {
    (Cell::new_unchecked(cell as u8), Digit::from_value(digit).expect("digit 1-9"))
}

/// HoDoKu's `checkOneChain`: the contradictions of one table.
fn one_table(ts: &Tables, tid: Tid, allowed: &[u128; 10], open: u128, out: &mut Hits) {
    let t = ts.get(tid);
    let Some(&p) = t.lits.first() else { return };
    let (cell, digit, on) = (node_of(p), digit_of(p), is_on(p));
    let (c, d) = cd(cell, digit);
    let premise = if on { Premise::On(c, d) } else { Premise::Off(c, d) };
    let mut hit = |ends: &[(Tid, Lit)]| out.push(!on, cell, digit, premise, ends);
    let back = if on { t.off[usize::from(digit)] } else { t.on[usize::from(digit)] };
    if back & (1 << cell) != 0 {
        hit(&[(tid, lit(cell, digit, !on))]);
    }
    for x in 0..10u8 {
        let both = t.on[usize::from(x)] & t.off[usize::from(x)];
        if both != 0 {
            let c = both.trailing_zeros() as usize;
            hit(&[(tid, lit(c, x, false)), (tid, lit(c, x, true))]);
        }
    }
    for i in 1..10u8 {
        for j in i + 1..10 {
            let both = t.on[usize::from(i)] & t.on[usize::from(j)];
            if both != 0 {
                let c = both.trailing_zeros() as usize;
                hit(&[(tid, lit(c, i, true)), (tid, lit(c, j, true))]);
            }
        }
    }
    let mut ends = Vec::new();
    for kind in 0..3 {
        for x in 1..10u8 {
            for h in kind * 9..kind * 9 + 9 {
                let twice = house_mask(h) & t.on[usize::from(x)];
                if twice.count_ones() > 1 {
                    ends.clear();
                    ends.extend(cells_of(twice).map(|c| (tid, lit(c, x, true))));
                    hit(&ends);
                }
            }
        }
    }
    let mut empty: u128 = (1u128 << 81) - 1;
    for x in 1..10 {
        empty &= t.off[x] | !ts.cands[x];
    }
    for x in 0..10 {
        empty &= !t.on[x];
    }
    empty &= open;
    for c in cells_of(empty) {
        ends.clear();
        for x in (1..=9u8).filter(|&x| ts.cands[usize::from(x)] & (1 << c) != 0) {
            ends.push((tid, lit(c, x, false)));
        }
        hit(&ends);
    }
    for kind in 0..3 {
        for x in 1..10u8 {
            for h in kind * 9..kind * 9 + 9 {
                let here = house_mask(h) & allowed[usize::from(x)];
                if here != 0 && here & t.off[usize::from(x)] == here {
                    ends.clear();
                    ends.extend(cells_of(here).map(|c| (tid, lit(c, x, false))));
                    hit(&ends);
                }
            }
        }
    }
}

/// HoDoKu's `checkEntryList` (and `checkTwoChains` with `skip`): what every table of `group`
/// turns on or off.
fn agree(ts: &Tables, group: &[Tid], premise: Premise, skip: u128, out: &mut Hits) {
    let mut on = [!skip; 10];
    let mut off = [!skip; 10];
    for &tid in group {
        let t = ts.get(tid);
        for x in 1..10 {
            on[x] &= t.on[x];
            off[x] &= t.off[x];
        }
    }
    let mut ends = Vec::new();
    for x in 1..10u8 {
        for (set, cells) in [(true, on[usize::from(x)]), (false, off[usize::from(x)])] {
            for c in cells_of(cells & ((1u128 << 81) - 1)) {
                ends.clear();
                ends.extend(group.iter().map(|&tid| (tid, lit(c, x, set))));
                out.push(set, c, x, premise, &ends);
            }
        }
    }
}

/// HoDoKu's forcing net for `state` (see the module docs), if any.
#[must_use]
pub fn forcing_net(state: &Candidates) -> Option<Step> {
    let grid = HodokuSingles::bare(state);
    let mut cands = [0u128; 10];
    for (cell, &m) in grid.cells.iter().enumerate() {
        for (d, c) in cands.iter_mut().enumerate().skip(1) {
            if m & (1 << d) != 0 {
                *c |= 1 << cell;
            }
        }
    }
    let start = Start { grid, cands };
    let groups = groups(&cands);
    let mut ts = Tables {
        on: vec![Table::default(); 810],
        off: vec![Table::default(); 810],
        ext: Vec::new(),
        cands,
        groups,
    };
    let mut buf = Vec::new();
    for cell in 0..81 {
        for digit in start.cell_digits(cell).collect::<Vec<_>>() {
            let i = cell * 10 + usize::from(digit);
            ts.on[i] = fill(&start, cell, digit, true, &mut buf);
            ts.off[i] = fill(&start, cell, digit, false, &mut buf);
        }
    }
    fill_groups(&mut ts);
    let mut pos = vec![u16::MAX; (81 + ts.groups.len()) * 20];
    expand(&mut ts, true, &mut pos);
    expand(&mut ts, false, &mut pos);

    let open = cands[1..].iter().fold(0u128, |m, &c| m | c);
    let values = state.values();
    let mut allowed = [0u128; 10];
    for (d, a) in allowed.iter_mut().enumerate().skip(1) {
        *a = (1u128 << 81) - 1;
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                *a &= !(1u128 << c);
                if usize::from(v) == d {
                    *a &= !Cell::new_unchecked(c as u8).peers().bits();
                }
            }
        }
    }
    let mut out = Hits { hits: Vec::new(), ends: Vec::new() };
    for i in 0..810 {
        one_table(&ts, Tid::On(i), &allowed, open, &mut out);
        one_table(&ts, Tid::Off(i), &allowed, open, &mut out);
    }
    for i in 0..810 {
        if ts.on[i].len() == 0 || ts.off[i].len() == 0 {
            continue;
        }
        let cell = i / 10;
        let (c, d) = cd(cell, (i % 10) as u8);
        agree(&ts, &[Tid::On(i), Tid::Off(i)], Premise::Candidate(c, d), 1 << cell, &mut out);
    }
    for cell in 0..81 {
        let group: Vec<Tid> =
            start.cell_digits(cell).map(|d| Tid::On(cell * 10 + usize::from(d))).collect();
        if !group.is_empty() {
            agree(&ts, &group, Premise::Cell(Cell::new_unchecked(cell as u8)), 0, &mut out);
        }
    }
    for h in 0..27 {
        let house = match h {
            0..=8 => House::row(h),
            9..=17 => House::col(h - 9),
            _ => House::boxx(h - 18),
        };
        for d in 1..10u8 {
            let here = house_mask(h) & cands[usize::from(d)];
            if here == 0 {
                continue;
            }
            let group: Vec<Tid> =
                cells_of(here).map(|c| Tid::On(c * 10 + usize::from(d))).collect();
            let premise = Premise::House(house, Digit::from_value(d).expect("digit"));
            agree(&ts, &group, premise, 0, &mut out);
        }
    }
    let rank = |h: &Hit| {
        let (cell, digit) = (usize::from(h.cell), usize::from(h.digit));
        (!h.set, if h.set { cell } else { cell * 10 + digit })
    };
    let mut order: Vec<usize> = (0..out.hits.len()).collect();
    order.sort_by_key(|&i| (rank(&out.hits[i]), i));
    let best = order
        .into_iter()
        .map(|i| &out.hits[i])
        .find(|h| out.ends[h.chains.clone()].iter().any(|&(tid, l)| is_net(&ts, tid, l)))?;
    let mut step = Step::new(TechniqueId::ForcingNet);
    let (cell, digit) = cd(usize::from(best.cell), best.digit);
    if best.set {
        step.place(cell, digit);
    } else {
        step.eliminate(digit, CellSet::single(cell));
    }
    step.evidence.forcing = best.premise;
    step.evidence.cells = CellSet::single(cell);
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_puts_the_largest_first() {
        let r = pack([3, 9, 5, 0, 0]);
        assert_eq!((pred(r, 0), pred(r, 1), pred(r, 2)), (9, 3, 5));
        assert_eq!(pred(pack([0, 0, 0, 0, 0]), 0), 0);
    }

    #[test]
    fn entries_are_added_once() {
        let mut t = Table::default();
        assert!(t.add(lit(4, 5, true), [0; PREDECESSORS]));
        assert!(!t.add(lit(4, 5, true), [0; PREDECESSORS]));
        assert!(t.add(lit(4, 5, false), [0; PREDECESSORS]));
        assert_eq!(t.distance(0), 1);
        assert_eq!(t.distance(1), 2);
    }

    #[test]
    fn no_net_in_an_empty_grid() {
        assert!(forcing_net(&Candidates::from_values(&[0; 81])).is_none());
    }
}
