//! Building HoDoKu's net tables (see the parent module for how they are read):
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
//! Written from the rules of HoDoKu 2.2.0's `TablingSolver`, `TableEntry`, `GroupNode`,
//! `Sudoku2` and `SimpleSolver` (GPL, read, not copied).

use crate::{HodokuSingles, cells_of, houses};
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{Candidates, Cell};
use std::cell::RefCell;

/// HoDoKu's cap on the entries of one table.
pub(super) const CAP: usize = 1000;
/// HoDoKu's number of singles rounds in a net table.
pub(super) const LOOK_AHEAD: usize = 4;
/// At most this many predecessors are recorded per entry.
pub(super) const PREDECESSORS: usize = 5;

pub(super) const EXPANDED: u64 = 1 << 61;
pub(super) const ON_TABLE: u64 = 1 << 62;
pub(super) const EXTENDED: u64 = 1 << 63;
pub(super) const DIST_SHIFT: u32 = 52;
pub(super) const DIST_MASK: u64 = 0x1ff;

pub(super) fn house_mask(h: usize) -> u128 {
    HOUSES[h].bits()
}

/// A node's digit on or off: `(node * 10 + digit) * 2 + on`, nodes 0-80 cells, 81.. groups.
pub(super) type Lit = u32;

pub(super) fn lit(node: usize, digit: u8, on: bool) -> Lit {
    ((node as u32 * 10 + u32::from(digit)) << 1) | u32::from(on)
}
pub(super) fn node_of(l: Lit) -> usize {
    (l >> 1) as usize / 10
}
pub(super) fn digit_of(l: Lit) -> u8 {
    ((l >> 1) % 10) as u8
}
pub(super) fn is_on(l: Lit) -> bool {
    l & 1 == 1
}

/// HoDoKu's packing of up to five predecessors: the largest first (swapped, not sorted).
pub(super) fn pack(ri: [usize; PREDECESSORS]) -> u64 {
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

pub(super) fn pred(ret: u64, which: usize) -> usize {
    if which == 0 { (ret & 0xfff) as usize } else { ((ret >> (which * 10 + 2)) & 0x3ff) as usize }
}

/// One premise's table (HoDoKu's `TableEntry`).
#[derive(Clone, Default)]
pub(super) struct Table {
    pub(super) lits: Vec<Lit>,
    pub(super) ret: Vec<u64>,
    pub(super) on: [u128; 10],
    pub(super) off: [u128; 10],
}

impl Table {
    pub(super) fn len(&self) -> usize {
        self.lits.len()
    }

    /// Empties the table, keeping its allocations.
    fn clear(&mut self) {
        if !self.lits.is_empty() {
            self.lits.clear();
            self.ret.clear();
            self.on = [0; 10];
            self.off = [0; 10];
        }
    }

    pub(super) fn distance(&self, i: usize) -> u64 {
        self.ret.get(i).map_or(0, |r| (r >> DIST_SHIFT) & DIST_MASK)
    }

    pub(super) fn set_distance(&mut self, i: usize, d: u64) {
        let r = &mut self.ret[i];
        *r = (*r & !(DIST_MASK << DIST_SHIFT)) | ((d & DIST_MASK) << DIST_SHIFT);
    }

    pub(super) fn expanded(&self, i: usize) -> bool {
        self.ret[i] & EXPANDED != 0
    }

    pub(super) fn has(&self, l: Lit) -> bool {
        let set = if is_on(l) { &self.on } else { &self.off };
        node_of(l) < 81 && set[usize::from(digit_of(l))] & (1 << node_of(l)) != 0
    }

    /// HoDoKu's `addEntry`; returns whether the entry was added.
    pub(super) fn add(&mut self, l: Lit, ri: [usize; PREDECESSORS]) -> bool {
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
    pub(super) fn index_of(&self, l: Lit) -> Option<usize> {
        self.lits.iter().rposition(|&x| x == l)
    }
}

/// A group: 2-3 candidates of one digit in one mini-line.
pub(super) struct Group {
    pub(super) digit: u8,
    pub(super) cells: u128,
    pub(super) row: Option<usize>,
    pub(super) col: Option<usize>,
    pub(super) block: usize,
    pub(super) buddies: u128,
}

pub(super) fn groups(cands: &[u128; 10]) -> Vec<Group> {
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
pub(super) enum Tid {
    On(usize),
    Off(usize),
    Ext(usize),
}

/// All tables of one search.
pub(super) struct Tables {
    pub(super) on: Vec<Table>,
    pub(super) off: Vec<Table>,
    pub(super) ext: Vec<Table>,
    /// The starting candidates per digit (unsolved cells).
    pub(super) cands: [u128; 10],
    pub(super) groups: Vec<Group>,
}

impl Tables {
    pub(super) fn get(&self, t: Tid) -> &Table {
        match t {
            Tid::On(i) => &self.on[i],
            Tid::Off(i) => &self.off[i],
            Tid::Ext(i) => &self.ext[i],
        }
    }

    /// The table whose premise is `l` (`None` for a group entry without a table).
    pub(super) fn source(&self, l: Lit) -> Option<Tid> {
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
pub(super) struct Start {
    pub(super) grid: HodokuSingles,
    pub(super) cands: [u128; 10],
}

impl Start {
    pub(super) fn cell_digits(&self, cell: usize) -> impl Iterator<Item = u8> + '_ {
        let m = self.grid.cells[cell];
        (1..=9u8).filter(move |d| m & (1 << d) != 0)
    }
}

/// Lists the singles HoDoKu's `findAllNakedSingles` and `findAllHiddenSingles` report: the
/// naked queue's entries whose cell is empty, then the hidden queue's whose cell is empty and
/// has a house with one place of the digit, one per cell.
pub(super) fn singles(g: &HodokuSingles, out: &mut Vec<(usize, u8, bool)>) {
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
pub(super) fn set_in_table(
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

/// Makes `copy` equal to `from`, keeping the queues' allocations.
fn reset(copy: &mut HodokuSingles, from: &HodokuSingles) {
    copy.cells = from.cells;
    copy.values = from.values;
    copy.free = from.free;
    copy.naked.entries.clone_from(&from.naked.entries);
    copy.naked.front = from.naked.front;
    copy.hidden.entries.clone_from(&from.hidden.entries);
    copy.hidden.front = from.hidden.front;
}

/// Fills the (empty) table `t` of `digit` in `cell` set (`on`) or deleted, singles included;
/// `copy` is scratch for the grid.
pub(super) fn fill(
    t: &mut Table,
    start: &Start,
    (cell, digit, on): (usize, u8, bool),
    buf: &mut Vec<(usize, u8, bool)>,
    copy: &mut HodokuSingles,
) {
    reset(copy, &start.grid);
    if on {
        set_in_table(start, copy, t, cell, digit, None);
    } else {
        copy.del_candidate(cell, digit);
        t.add(lit(cell, digit, false), [0; PREDECESSORS]);
        if copy.cells[cell].count_ones() == 1 {
            let last = copy.cells[cell].trailing_zeros() as u8;
            set_in_table(start, copy, t, cell, last, None);
        }
    }
    for _ in 0..LOOK_AHEAD {
        singles(copy, buf);
        for &(c, d, naked) in buf.iter() {
            set_in_table(start, copy, t, c, d, Some(naked));
        }
    }
}

/// HoDoKu's group tables and the group entries of the cell tables.
pub(super) fn fill_groups(ts: &mut Tables) {
    let n = ts.groups.len();
    ts.ext.truncate(2 * n);
    ts.ext.iter_mut().for_each(Table::clear);
    ts.ext.resize_with(2 * n, Table::default);
    for i in 0..n {
        let g = &ts.groups[i];
        let (d, node) = (g.digit, 81 + i);
        let mut on = std::mem::take(&mut ts.ext[2 * i]);
        let mut off = std::mem::take(&mut ts.ext[2 * i + 1]);
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
pub(super) fn expand(ts: &mut Tables, on_side: bool, pos: &mut [u16]) {
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

thread_local! {
    /// The tables of the last search on this thread, whose allocations the next one reuses.
    static POOL: RefCell<Option<Tables>> = const { RefCell::new(None) };
}

/// Hands the tables of a finished search back for the next one to reuse.
pub(super) fn give_back(ts: Tables) {
    POOL.with(|p| *p.borrow_mut() = Some(ts));
}

/// Every table of one search on `state` (in the allocations of the last one given back): the cells' "on" and "off" tables filled, the groups'
/// tables added, then all of them expanded (the order of the module docs).
pub(super) fn tables(state: &Candidates) -> (Start, Tables) {
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
    let mut ts = POOL.with(|p| p.borrow_mut().take()).unwrap_or_else(|| Tables {
        on: vec![Table::default(); 810],
        off: vec![Table::default(); 810],
        ext: Vec::new(),
        cands,
        groups: Vec::new(),
    });
    ts.on.iter_mut().chain(ts.off.iter_mut()).for_each(Table::clear);
    ts.cands = cands;
    ts.groups = groups(&cands);
    let mut buf = Vec::new();
    let mut copy = start.grid.clone();
    for cell in 0..81 {
        for digit in start.cell_digits(cell) {
            let i = cell * 10 + usize::from(digit);
            fill(&mut ts.on[i], &start, (cell, digit, true), &mut buf, &mut copy);
            fill(&mut ts.off[i], &start, (cell, digit, false), &mut buf, &mut copy);
        }
    }
    fill_groups(&mut ts);
    let mut pos = vec![u16::MAX; (81 + ts.groups.len()) * 20];
    expand(&mut ts, true, &mut pos);
    expand(&mut ts, false, &mut pos);
    (start, ts)
}
