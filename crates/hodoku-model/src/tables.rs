//! The tables of HoDoKu 2.2.0's tabling for nice loops and AICs: every candidate, assumed on
//! and assumed off, with everything it implies along chains (see [`super::tabling`]).
//!
//! **Nodes.** A node is a cell or, for grouped loops, a group: 2-3 candidates of one digit
//! in a row or column and one box, listed rows 1-9 then columns 1-9, digits ascending, boxes
//! ascending. A group is named by its first cell in comparisons, as HoDoKu does.
//!
//! **Direct consequences**, in this order. A cell's digit on: the other digits of the cell
//! (ascending), then the digit in the other cells of the row, the column and the box (each
//! house in cell order, a cell listed once), then every group of the digit the cell sees
//! (off). A cell's digit off: the other digit of a bivalue cell, then for each house (row,
//! column, box) holding the digit exactly twice the other cell, then every group that is the
//! rest of the digit in the box or in its line (on). A group on: the cells that see the whole
//! group (off), then the groups of the digit that share its line, its column or its box
//! without overlapping (off). A group off: the one cell holding the rest of the digit in its
//! box, then in its line (on), then the one other group of its line, column or box when the
//! two hold all of the digit there (on).
//!
//! **Tables.** A premise's table is the breadth-first closure over direct consequences:
//! entries in the order they are met, each remembering the entry it came from, at most 1,000
//! entries. Only cells are premises; groups are reached.
//!
//! **Storage.** All tables of one state sit in one arena ([`Tables`]: entries and parents in
//! two flat vectors, a table being a range), kept per thread and kind (plain, grouped) and
//! rebuilt in place for the next state, so a step costs no allocation once the arena has
//! grown. Grouped tables also keep the cell candidates each turns on and off, which the
//! forcing-chain checks read.
//!
//! Written from the rules of HoDoKu 2.2.0's `TablingSolver`, `TableEntry` and `GroupNode`
//! (GPL, read, not copied).

use super::{cells_of, houses};
use bitdoku_bitboard::{Candidates, Cell, Digit};
use std::cell::RefCell;
use std::rc::Rc;

/// HoDoKu's cap on the entries of one table.
const MAX_ENTRIES: usize = 1000;

/// The size of the closure's scratch arrays: a power of two above [`MAX_ENTRIES`], so that
/// an index taken `% SCRATCH` (a no-op there) needs no bounds check.
const SCRATCH: usize = 1024;
const _: () = assert!(MAX_ENTRIES < SCRATCH && SCRATCH.is_power_of_two());

/// A node's digit assumed on or off; nodes 0-80 are cells, 81.. the groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lit {
    pub node: u16,
    pub digit: u8,
    pub on: bool,
}

impl Lit {
    /// A dense id: (node * 10 + digit) * 2 + on.
    pub fn id(self) -> usize {
        (usize::from(self.node) * 10 + usize::from(self.digit)) * 2 + usize::from(self.on)
    }

    /// The literal of a dense id ([`Lit::id`]).
    fn of(id: usize) -> Lit {
        Lit { node: (id / 20) as u16, digit: ((id / 2) % 10) as u8, on: id % 2 == 1 }
    }
}

/// A group: 2-3 candidates of one digit in one mini-line.
struct Group {
    digit: u8,
    cells: u128,
    /// The row (0-8) or column (9-17) and the box (18-26) it lies in.
    line: usize,
    block: usize,
    /// The cells that see every cell of the group.
    buddies: u128,
    /// The candidates of its digit among `buddies`.
    seen: u128,
}

/// The grid as the tables read it.
pub(super) struct Grid {
    /// Candidate digits per cell (bit `d`), 0 for solved cells.
    pub cands: [u16; 81],
    /// Cells per digit (bit = cell index), unsolved cells only.
    pub cells: [u128; 10],
    /// The 20 peers of every cell.
    pub peers: [u128; 81],
    groups: Vec<Group>,
    /// The groups of each digit, ascending (indices into `groups`).
    by_digit: [Vec<u16>; 10],
    /// The groups of each digit that see each cell, ascending: those of cell `c` and digit
    /// `d` are `near[near_start[c * 10 + d]..near_start[c * 10 + d + 1]]`.
    near_start: Vec<u16>,
    near: Vec<u16>,
}

fn mask(house: usize) -> u128 {
    bitdoku_bitboard::tables::HOUSES[house].bits()
}

impl Grid {
    /// The grid of `state`, with its groups when `groups` is set.
    pub fn new(state: &Candidates, groups: bool) -> Grid {
        let mut g = Grid {
            cands: [0; 81],
            cells: [0; 10],
            peers: [0; 81],
            groups: Vec::new(),
            by_digit: Default::default(),
            near_start: Vec::new(),
            near: Vec::new(),
        };
        g.fill(state, groups);
        g
    }

    /// Makes this the grid of `state` in place (the group lists keep their allocations).
    fn fill(&mut self, state: &Candidates, groups: bool) {
        self.cands = [0; 81];
        self.cells = [0; 10];
        self.groups.clear();
        self.by_digit.iter_mut().for_each(Vec::clear);
        let open = state.unsolved();
        for d in Digit::all() {
            let set = state.cells(d) & open;
            self.cells[usize::from(d.value())] = set.bits();
            for cell in set {
                self.cands[cell.index()] |= 1 << d.value();
            }
        }
        for cell in Cell::all() {
            self.peers[cell.index()] = cell.peers().bits();
        }
        if groups {
            for line in 0..18 {
                for digit in 1..=9u8 {
                    let here = mask(line) & self.cells[usize::from(digit)];
                    if here.count_ones() < 2 {
                        continue;
                    }
                    for block in 18..27 {
                        let cells = here & mask(block);
                        if cells.count_ones() >= 2 {
                            let buddies = cells_of(cells).fold(!0, |b, c| b & self.peers[c]);
                            let seen = buddies & self.cells[usize::from(digit)];
                            self.by_digit[usize::from(digit)].push(self.groups.len() as u16);
                            self.groups.push(Group { digit, cells, line, block, buddies, seen });
                        }
                    }
                }
            }
        }
        self.index_near();
    }

    /// Lists, per cell and digit, the groups that see the cell (a counting sort of the
    /// groups' `seen` cells, so each list stays in ascending group order).
    fn index_near(&mut self) {
        let start = &mut self.near_start;
        start.clear();
        start.resize(81 * 10 + 1, 0);
        for gr in &self.groups {
            for c in cells_of(gr.seen) {
                start[c * 10 + usize::from(gr.digit) + 1] += 1;
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        self.near.clear();
        self.near.resize(usize::from(start[81 * 10]), 0);
        // `start[k]` is the write position of list `k`; afterwards it is the list's end,
        // which is the start of list `k + 1`, so the starts shift back by one.
        for (j, gr) in self.groups.iter().enumerate() {
            for c in cells_of(gr.seen) {
                let k = c * 10 + usize::from(gr.digit);
                self.near[usize::from(start[k])] = j as u16;
                start[k] += 1;
            }
        }
        start.copy_within(0..81 * 10, 1);
        start[0] = 0;
    }

    /// The unsolved cells.
    pub fn open(&self) -> u128 {
        self.cells[1..].iter().fold(0, |m, &c| m | c)
    }

    /// Number of nodes (cells, then groups).
    pub fn nodes(&self) -> usize {
        81 + self.groups.len()
    }

    /// The cells of a node.
    pub fn node_cells(&self, node: u16) -> u128 {
        match usize::from(node).checked_sub(81) {
            None => 1 << node,
            Some(g) => self.groups[g].cells,
        }
    }

    /// The cell a node is named by (a group's first cell).
    pub fn first(&self, node: u16) -> u8 {
        self.node_cells(node).trailing_zeros() as u8
    }

    /// The cells that see every cell of a node.
    pub fn buddies(&self, node: u16) -> u128 {
        match usize::from(node).checked_sub(81) {
            None => self.peers[usize::from(node)],
            Some(g) => self.groups[g].buddies,
        }
    }

    pub fn digits(&self, cell: usize) -> impl Iterator<Item = u8> + '_ {
        (1..=9u8).filter(move |d| self.cands[cell] & (1 << d) != 0)
    }

    /// The groups of `digit` other than `gi` that do not overlap group `gi`, ascending.
    fn others(&self, gi: usize) -> impl Iterator<Item = (usize, &Group)> + '_ {
        let gr = &self.groups[gi];
        self.by_digit[usize::from(gr.digit)]
            .iter()
            .map(|&j| (usize::from(j), &self.groups[usize::from(j)]))
            .filter(move |(j, o)| *j != gi && o.cells & gr.cells == 0)
    }

    /// The direct consequences of `lit` in HoDoKu's order (see the module docs).
    pub fn direct(&self, lit: Lit, out: &mut Vec<Lit>) {
        out.clear();
        let push = |out: &mut Vec<Lit>, node: usize, on: bool| {
            let l = Lit { node: node as u16, digit: lit.digit, on };
            if !out.contains(&l) {
                out.push(l);
            }
        };
        let digit = usize::from(lit.digit);
        let Some(gi) = usize::from(lit.node).checked_sub(81) else {
            return self.direct_of_cell(lit, out);
        };
        let gr = &self.groups[gi];
        let seen = gr.seen;
        if lit.on {
            // Cells, then groups: each is listed once by construction.
            out.extend(cells_of(seen).map(|c| Lit { node: c as u16, digit: lit.digit, on: false }));
            for (j, o) in self.others(gi) {
                if o.line == gr.line || o.block == gr.block {
                    out.push(Lit { node: (81 + j) as u16, digit: lit.digit, on: false });
                }
            }
            return;
        }
        for house in [gr.block, gr.line] {
            let rest = seen & mask(house);
            if rest.count_ones() == 1 {
                push(out, rest.trailing_zeros() as usize, true);
            }
        }
        let lone = |house: usize, of: fn(&Group) -> usize| {
            let mut it = self.others(gi).filter(|(_, o)| of(o) == house);
            let (j, o) = it.next()?;
            let rest = mask(house) & self.cells[digit] & !gr.cells & !o.cells;
            (it.next().is_none() && rest == 0).then_some(81 + j)
        };
        let by_line = |o: &Group| o.line;
        let by_block = |o: &Group| o.block;
        let (row, col) = if gr.line < 9 { (Some(gr.line), None) } else { (None, Some(gr.line)) };
        for j in [row.and_then(|h| lone(h, by_line)), col.and_then(|h| lone(h, by_line))] {
            j.into_iter().for_each(|j| push(out, j, true));
        }
        if let Some(j) = lone(gr.block, by_block) {
            push(out, j, true);
        }
    }

    /// [`Grid::direct`] for a cell; every consequence is listed once (a cell of several of
    /// its houses at its first house, a group once).
    fn direct_of_cell(&self, lit: Lit, out: &mut Vec<Lit>) {
        let push = |out: &mut Vec<Lit>, node: usize, digit: u8, on: bool| {
            out.push(Lit { node: node as u16, digit, on });
        };
        let (cell, digit) = (usize::from(lit.node), lit.digit);
        let count = self.cands[cell].count_ones();
        for d in self.digits(cell).filter(|&d| d != digit) {
            if lit.on {
                push(out, cell, d, false);
            } else if count == 2 {
                push(out, cell, d, true);
            }
        }
        let others = self.cells[usize::from(digit)] & !(1u128 << cell);
        let mut done: u128 = 0;
        for house in houses(cell) {
            let in_house = others & mask(house);
            if lit.on {
                for c in cells_of(in_house & !done) {
                    push(out, c, digit, false);
                }
                done |= in_house;
            } else if in_house.count_ones() == 1 && in_house & done == 0 {
                push(out, in_house.trailing_zeros() as usize, digit, true);
                done |= in_house;
            }
        }
        let k = cell * 10 + usize::from(digit);
        let near = usize::from(self.near_start[k])..usize::from(self.near_start[k + 1]);
        for &j in &self.near[near] {
            let gr = &self.groups[usize::from(j)];
            let seen = gr.seen;
            if lit.on || [gr.block, gr.line].iter().any(|&h| seen & mask(h) == 1 << cell) {
                push(out, 81 + usize::from(j), digit, !lit.on);
            }
        }
    }
}

/// The number of tables: one per cell candidate id ([`Lit::id`] of cells 0-80).
pub(super) const TABLES: usize = 1620;

/// The cell candidates a table turns on and off, per digit (bit = cell).
#[derive(Clone, Copy, Default)]
pub(super) struct Sets {
    pub on: [u128; 10],
    pub off: [u128; 10],
}

/// One premise's table: entries in the order met, with the entry each came from (a view
/// into [`Tables`]). An entry one link from the premise is one whose parent is entry 0.
#[derive(Clone, Copy)]
pub(super) struct Table<'a> {
    pub lits: &'a [Lit],
    pub parent: &'a [u16],
    /// The cell candidates among `lits` (all empty for tables without groups, which no
    /// reader asks for them).
    pub sets: &'a Sets,
}

/// The sets of a table that has none.
static NO_SETS: Sets = Sets { on: [0; 10], off: [0; 10] };

/// The grid of one state and the table of every cell candidate (indexed by [`Lit::id`];
/// empty where the candidate does not exist), all entries in one arena that the next build
/// reuses.
pub(super) struct Tables {
    pub grid: Grid,
    lits: Vec<Lit>,
    parent: Vec<u16>,
    /// The sets of table `id` are `sets[set_of[id]]` (`u16::MAX`: none).
    sets: Vec<Sets>,
    set_of: Vec<u16>,
    /// Table `id` is `lits[bounds[id]..bounds[id + 1]]`.
    bounds: Vec<u32>,
    /// Scratch: the direct consequences of every literal, flattened
    /// (`direct[start[id]..start[id + 1]]`, by id), the stamps of the closure, and the ids
    /// and parents of the table being built (one slot more than the cap).
    start: Vec<u32>,
    direct: Vec<u16>,
    seen: Vec<u32>,
    buf: Vec<Lit>,
    ids: Box<[u16; SCRATCH]>,
    up: Box<[u16; SCRATCH]>,
}

impl Tables {
    fn empty() -> Tables {
        Tables {
            grid: Grid::new(&Candidates::from_values(&[0; 81]), false),
            lits: Vec::new(),
            parent: Vec::new(),
            sets: Vec::new(),
            set_of: Vec::new(),
            bounds: Vec::new(),
            start: Vec::new(),
            direct: Vec::new(),
            seen: Vec::new(),
            buf: Vec::new(),
            ids: Box::new([0; SCRATCH]),
            up: Box::new([0; SCRATCH]),
        }
    }

    /// The table of premise `id` ([`Lit::id`]).
    pub fn table(&self, id: usize) -> Table<'_> {
        let r = self.bounds[id] as usize..self.bounds[id + 1] as usize;
        let sets = self.sets.get(usize::from(self.set_of[id])).unwrap_or(&NO_SETS);
        Table { lits: &self.lits[r.clone()], parent: &self.parent[r], sets }
    }

    /// Rebuilds every table for `state` (with groups when `groups` is set; only those get
    /// their [`Sets`]).
    fn build(&mut self, state: &Candidates, groups: bool) {
        self.grid.fill(state, groups);
        let g = &self.grid;
        let n = g.nodes() * 20;
        self.start.clear();
        self.start.resize(n + 1, 0);
        self.direct.clear();
        for node in 0..g.nodes() as u16 {
            let cell = usize::from(g.first(node));
            for digit in 0..=9u8 {
                let has = digit > 0
                    && match usize::from(node).checked_sub(81) {
                        None => g.cands[cell] & (1 << digit) != 0,
                        Some(j) => g.groups[j].digit == digit,
                    };
                for on in [false, true] {
                    let lit = Lit { node, digit, on };
                    if has {
                        g.direct(lit, &mut self.buf);
                        self.direct.extend(self.buf.iter().map(|&l| l.id() as u16));
                    }
                    self.start[lit.id() + 1] = self.direct.len() as u32;
                }
            }
        }
        self.seen.clear();
        self.seen.resize(n, u32::MAX);
        self.lits.clear();
        self.parent.clear();
        self.sets.clear();
        self.set_of.clear();
        self.set_of.resize(TABLES, u16::MAX);
        self.bounds.clear();
        self.bounds.push(0);
        let (start, direct, seen) = (&self.start, &self.direct, &mut self.seen);
        let (ids, up) = (&mut *self.ids, &mut *self.up);
        for id in 0..TABLES {
            let (cell, digit) = ((id / 2) / 10, (id / 2) % 10);
            if digit != 0 && g.cands[cell] & (1 << digit) != 0 {
                // Breadth-first, without a branch on the stamp: every consequence is written
                // at the end and kept (the length moves on) only when not met before. The
                // table is the first `MAX_ENTRIES` entries met.
                let stamp = id as u32;
                seen[id] = stamp;
                ids[0] = id as u16;
                up[0] = 0;
                let mut len = 1;
                let mut j = 0;
                'bfs: while j < len {
                    let from = usize::from(ids[j % SCRATCH]);
                    for &lid in &direct[start[from] as usize..start[from + 1] as usize] {
                        let s = &mut seen[usize::from(lid)];
                        let new = usize::from(*s != stamp);
                        *s = stamp;
                        ids[len % SCRATCH] = lid;
                        up[len % SCRATCH] = j as u16;
                        len += new;
                        if len == MAX_ENTRIES {
                            break 'bfs;
                        }
                    }
                    j += 1;
                }
                self.lits.extend(ids[..len].iter().map(|&l| Lit::of(usize::from(l))));
                self.parent.extend_from_slice(&up[..len]);
                if groups {
                    // Straight from the ids: `id % 20` is (digit, on), `id / 20` the node;
                    // group entries (ids from `TABLES` on) add no bit.
                    let mut by = [0u128; 20];
                    for &l in &ids[..len] {
                        let l = usize::from(l);
                        by[l % 20] |= u128::from(l < TABLES) << (l / 20 % 128);
                    }
                    let mut sets = Sets::default();
                    for d in 0..10 {
                        sets.off[d] = by[d * 2];
                        sets.on[d] = by[d * 2 + 1];
                    }
                    self.set_of[id] = self.sets.len() as u16;
                    self.sets.push(sets);
                }
            }
            self.bounds.push(self.lits.len() as u32);
        }
    }
}

/// The tables of `state` (with groups when `groups` is set), from a per-thread cache of the
/// last one of each kind: the grouped nice-loop search and the forcing-chain search read the
/// same tables of the same state one after the other. A new state is built into the arena of
/// the last one of its kind (no allocation once the arena has grown).
pub(super) fn cached(state: &Candidates, groups: bool) -> Rc<Tables> {
    type Slot = RefCell<[Option<(Candidates, Rc<Tables>)>; 2]>;
    thread_local! {
        static LAST: Slot = const { RefCell::new([None, None]) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        let slot = &mut last[usize::from(groups)];
        if let Some((_, t)) = slot.as_ref().filter(|(s, _)| s == state) {
            return Rc::clone(t);
        }
        let mut made = match slot.take() {
            Some((_, t)) => Rc::try_unwrap(t).unwrap_or_else(|_| Tables::empty()),
            None => Tables::empty(),
        };
        made.build(state, groups);
        let made = Rc::new(made);
        *slot = Some((*state, Rc::clone(&made)));
        made
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(node: u16, digit: u8, on: bool) -> Lit {
        Lit { node, digit, on }
    }

    #[test]
    fn direct_consequences_follow_hodoku_order() {
        let g = Grid::new(&Candidates::from_values(&[0; 81]), false);
        let mut out = Vec::new();
        g.direct(lit(0, 5, true), &mut out);
        // The cell's other digits, then row 1, column 1 and the rest of box 1, each once.
        let mut want: Vec<Lit> = [1, 2, 3, 4, 6, 7, 8, 9].map(|d| lit(0, d, false)).to_vec();
        want.extend((1..9).map(|c| lit(c, 5, false)));
        want.extend((1..9).map(|r| lit(9 * r, 5, false)));
        want.extend([10, 11, 19, 20].map(|c| lit(c, 5, false)));
        assert_eq!(out, want);
        // Off: no bivalue cell, no conjugate pair, no consequence.
        g.direct(lit(0, 5, false), &mut out);
        assert!(out.is_empty());
    }

    /// 5 only in r1c1, r1c2 (a group of row 1 in box 1) and r1c7 in row 1, and only in
    /// r1c1, r1c2, r2c3 in box 1.
    fn grouped_five() -> Candidates {
        let mut state = Candidates::from_values(&[0; 81]);
        let five = Digit::from_value(5).unwrap();
        let off: bitdoku_bitboard::CellSet =
            [2u8, 3, 4, 5, 7, 8, 9, 10, 18, 19, 20].map(Cell::new_unchecked).into_iter().collect();
        state.eliminate(five, off);
        state
    }

    #[test]
    fn groups_link_like_cells() {
        let g = Grid::new(&grouped_five(), true);
        let group = (0..g.nodes() as u16)
            .find(|&n| {
                n >= 81 && g.node_cells(n) == 0b11 && g.groups[usize::from(n) - 81].digit == 5
            })
            .expect("r1c12 is a group of 5");
        assert_eq!(g.first(group), 0);
        let mut out = Vec::new();
        // Off: the rest of 5 in box 1 (r2c3) and in row 1 (r1c7) come on.
        g.direct(lit(group, 5, false), &mut out);
        assert_eq!(out, [lit(11, 5, true), lit(6, 5, true)]);
        // r1c7 off turns the group on (row 1), and r1c7 on turns it off.
        g.direct(lit(6, 5, false), &mut out);
        assert!(out.contains(&lit(group, 5, true)));
        g.direct(lit(6, 5, true), &mut out);
        assert!(out.contains(&lit(group, 5, false)));
        // Without groups, r1c7 off has no consequence in row 1 (three cells hold 5).
        let plain = Grid::new(&grouped_five(), false);
        plain.direct(lit(6, 5, false), &mut out);
        assert!(out.iter().all(|l| l.node != 0 && l.node != 1));
    }
}
