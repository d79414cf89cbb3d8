//! A model of HoDoKu 2.2.0's step choice, which the engine (`bitdoku-engine`) follows for the
//! `hodoku` preset in single granularity (its `StepChoice::Hodoku`): its singles queues, its search order among several steps of
//! one technique, the order in which it deletes a step's candidates, and its brute force.
//!
//! **Singles.** HoDoKu does not search the grid for singles. It keeps two first-in-first-out
//! queues that its grid updates fill as a side effect: a cell enters the naked-single queue
//! when its last but one candidate is deleted, and (cell, digit) enters the hidden-single
//! queue when a house's count of candidate `d` drops to one (the cell found by scanning the
//! house in its cell order). Setting a cell deletes the digit from its 20 peers in ascending
//! cell order, then lowers the house counts of the cell's own candidates. The puzzle is loaded
//! by setting the givens in cell order on an empty grid, so the queues start in that order.
//! The three single techniques read the queues:
//! - full house: the first queued naked single (not consumed) whose cell is the last empty
//!   cell of one of its houses;
//! - naked single: queued entries are taken off the front until one whose cell is still
//!   empty;
//! - hidden single: the front entry is taken off until one whose cell is still empty; it is
//!   a step when one of the cell's houses (row, column, box) has a single candidate of the
//!   digit, otherwise there is no hidden single this time (HoDoKu's rule, kept as is).
//!
//! **Search order.** [`ranked`] techniques report all their steps and the engine takes the
//! smallest [`order_key`]: the first step HoDoKu's own loops would meet (or, for turbot fish,
//! the first after HoDoKu's sort). Other techniques take their finder's first step. A chain
//! technique HoDoKu sorts (X-/XY-chains, remote pairs, nice loops, AICs) would rank like
//! turbot fish, after the shorter chain when the eliminations differ.
//!
//! **Deletions** (`deletion_order`) decide the order of the singles that follow a step.
//!
//! **Brute force** ([`brute_force_cell`]): the middle empty cell, one at a time.
//!
//! **Its own searches**, where HoDoKu meets a different first step than bitdoku's finders
//! (each replaced finder's registry row says so, [`bitdoku_strategies::HodokuChoice`]):
//! `tables` (HoDoKu's tabling: every candidate on and off, a breadth-first closure over direct
//! links, group nodes for the grouped search), from which `tabling` reads nice loops and AICs
//! and `forcing` forcing chains; `als_chain` its forward-only depth-first ALS chains;
//! `remote_pair` its remote pair chains.
//!
//! Written from the rules of HoDoKu 2.2.0's `Sudoku2`, `SimpleSolver`, `SingleDigitPattern-`,
//! `Wing-`, `Uniqueness-`, `Chain-` and `BruteForceSolver` (GPL, read, not copied).

#![deny(missing_docs)]

use bitdoku_bitboard::tables::{CELL_HOUSES, HOUSE_CELLS};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, House, HouseKind};
use bitdoku_strategies::{HodokuChoice, Step, TechniqueId};

mod als_chain;
mod forcing;
mod nets;
mod remote_pair;
mod tables;
mod tabling;
pub use als_chain::als_chain;
pub use forcing::forcing_chain;
pub use nets::forcing_net;
pub use remote_pair::remote_pair;
pub use tabling::{grouped_nice_loop, nice_loop};

/// The houses of `cell` as HoDoKu numbers them (row 0-8, column 9-17, box 18-26: the numbering
/// of [`House::index`], so the bitboard's table serves).
fn houses(cell: usize) -> [usize; 3] {
    CELL_HOUSES[cell].map(House::index)
}

/// The cells of house `h` in HoDoKu's order (rows left to right, columns top to bottom, boxes
/// row by row: the bitboard's [`HOUSE_CELLS`]).
fn house_cells(h: usize) -> [usize; 9] {
    HOUSE_CELLS[h].map(Cell::index)
}

/// The cells of a 81-bit mask, ascending (the order HoDoKu's loops visit them in).
fn cells_of(set: u128) -> impl Iterator<Item = usize> {
    CellSet::from_bits_truncate(set).iter().map(Cell::index)
}

/// A singles queue: entries are appended, taken from the front, or deleted in place.
#[derive(Clone, Debug, Default)]
struct Queue {
    entries: Vec<(usize, u8)>,
    front: usize,
}

impl Queue {
    fn push(&mut self, cell: usize, digit: u8) {
        self.entries.push((cell, digit));
    }

    /// Takes the front entry; an emptied queue starts over.
    fn take(&mut self) -> Option<(usize, u8)> {
        let e = *self.entries.get(self.front)?;
        self.front += 1;
        if self.front >= self.entries.len() {
            self.entries.clear();
            self.front = 0;
        }
        Some(e)
    }

    fn live(&self) -> &[(usize, u8)] {
        &self.entries[self.front..]
    }

    /// Deletes the first live entry matching `f`.
    fn delete_first(&mut self, f: impl Fn(usize, u8) -> bool) {
        if let Some(i) = self.live().iter().position(|&(c, d)| f(c, d)) {
            self.entries.remove(self.front + i);
        }
    }
}

/// HoDoKu's grid bookkeeping: candidates per cell, candidate counts per house and digit, and
/// the two singles queues.
#[derive(Clone, Debug)]
pub struct HodokuSingles {
    cells: [u16; 81],
    values: [u8; 81],
    free: [[u8; 10]; 27],
    naked: Queue,
    hidden: Queue,
}

impl HodokuSingles {
    /// The bookkeeping after loading `start` as HoDoKu does: givens set in cell order on an
    /// empty grid, then (for a candidate grid) the missing candidates deleted in cell order.
    #[must_use]
    pub fn new(start: &Candidates) -> HodokuSingles {
        let mut h = HodokuSingles {
            cells: [0x3fe; 81],
            values: [0; 81],
            free: [[9; 10]; 27],
            naked: Queue::default(),
            hidden: Queue::default(),
        };
        let values = start.values();
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                h.set_cell(i, v);
            }
        }
        for cell in Cell::all() {
            for d in Digit::all() {
                let (i, v) = (cell.index(), d.value());
                if values[i] == 0 && !start.has(cell, d) {
                    h.del_candidate(i, v);
                }
            }
        }
        h
    }

    /// The bookkeeping of `state` with empty singles queues: what a copy of HoDoKu's grid holds
    /// when no single is pending (its candidates and house counts).
    #[must_use]
    fn bare(state: &Candidates) -> HodokuSingles {
        let mut h = HodokuSingles {
            cells: [0; 81],
            values: state.values(),
            free: [[0; 10]; 27],
            naked: Queue::default(),
            hidden: Queue::default(),
        };
        for cell in state.unsolved() {
            for d in state.digits_at(cell).iter() {
                h.cells[cell.index()] |= 1 << d.value();
                for house in houses(cell.index()) {
                    h.free[house][d.index() + 1] += 1;
                }
            }
        }
        h
    }

    fn has(&self, cell: usize, digit: u8) -> bool {
        self.cells[cell] & (1 << digit) != 0
    }

    fn add_hidden(&mut self, house: usize, digit: u8) {
        if let Some(&c) = house_cells(house).iter().find(|&&c| self.has(c, digit)) {
            self.hidden.push(c, digit);
        }
    }

    /// Deletes candidate `digit` from `cell` (HoDoKu's `delCandidate`).
    pub fn del_candidate(&mut self, cell: usize, digit: u8) {
        if !self.has(cell, digit) {
            return;
        }
        self.cells[cell] &= !(1 << digit);
        if self.cells[cell] == 0 {
            return;
        }
        if self.cells[cell].count_ones() == 1 {
            self.naked.push(cell, self.cells[cell].trailing_zeros() as u8);
        }
        for house in houses(cell) {
            self.free[house][usize::from(digit)] -= 1;
            match self.free[house][usize::from(digit)] {
                1 => self.add_hidden(house, digit),
                0 => self.hidden.delete_first(|c, d| d == digit && houses(c).contains(&house)),
                _ => {}
            }
        }
    }

    /// Sets `cell` to `digit` (HoDoKu's `setCell`).
    pub fn set_cell(&mut self, cell: usize, digit: u8) {
        if self.values[cell] == digit {
            return;
        }
        self.values[cell] = digit;
        let own = self.cells[cell];
        self.cells[cell] = 0;
        for peer in Cell::new_unchecked(cell as u8).peers() {
            self.del_candidate(peer.index(), digit);
        }
        for d in (1..=9u8).filter(|d| own & (1 << d) != 0) {
            for house in houses(cell) {
                let f = &mut self.free[house][usize::from(d)];
                *f = f.saturating_sub(1);
                if *f == 1 && d != digit {
                    self.add_hidden(house, d);
                }
            }
        }
    }

    /// The full house HoDoKu takes next, if any (the queue is only read).
    #[must_use]
    pub fn full_house(&self) -> Option<(usize, u8)> {
        self.naked.live().iter().copied().find(|&(cell, digit)| {
            self.values[cell] == 0
                && houses(cell)
                    .iter()
                    .any(|&h| (1..=9).all(|d| d == usize::from(digit) || self.free[h][d] == 0))
        })
    }

    /// The naked single HoDoKu takes next, consuming the queue up to it.
    pub fn naked_single(&mut self) -> Option<(usize, u8)> {
        while let Some((cell, digit)) = self.naked.take() {
            if self.values[cell] == 0 {
                return Some((cell, digit));
            }
        }
        None
    }

    /// The hidden single HoDoKu takes next, consuming the queue up to the first entry whose
    /// cell is empty (`None` when that entry is no longer a hidden single).
    pub fn hidden_single(&mut self) -> Option<(usize, u8)> {
        while let Some((cell, digit)) = self.hidden.take() {
            if self.values[cell] == 0 {
                let alone = houses(cell).iter().any(|&h| self.free[h][usize::from(digit)] == 1);
                return alone.then_some((cell, digit));
            }
        }
        None
    }

    /// Replays an applied step: eliminations in HoDoKu's order (see `deletion_order`), then
    /// placements.
    pub fn apply(&mut self, step: &Step) {
        for (cell, digit) in deletion_order(step) {
            self.del_candidate(cell, digit);
        }
        for d in Digit::all() {
            for cell in step.placements[d.index()] {
                self.set_cell(cell.index(), d.value());
            }
        }
    }

    /// The next single of technique `id` by HoDoKu's queues (`None` for other techniques or
    /// when HoDoKu would find none).
    pub fn next(&mut self, id: TechniqueId) -> Option<(usize, u8)> {
        match id {
            TechniqueId::FullHouse => self.full_house(),
            TechniqueId::NakedSingle => self.naked_single(),
            TechniqueId::HiddenSingle => self.hidden_single(),
            _ => None,
        }
    }

    /// Whether the candidates agree with `state` (a consistency check for tests).
    #[cfg(test)]
    fn agrees_with(&self, state: &Candidates) -> bool {
        Cell::all().all(|cell| {
            let i = cell.index();
            Digit::all().all(|d| self.has(i, d.value()) == state.has(cell, d))
        })
    }
}

/// The order in which HoDoKu deletes a step's candidates: for naked and locked subsets, house
/// by house (the row, column and box the subset cells share, in that order), cells in house
/// order, digits ascending per cell; for nice loops, AICs, ALS chains and remote pairs (HoDoKu sorts their
/// candidates before it stores the step) digits ascending, cells ascending per digit; for every other
/// step cells ascending, digits ascending per cell (HoDoKu's order for locked candidates and
/// hidden subsets).
fn deletion_order(step: &Step) -> Vec<(usize, u8)> {
    use TechniqueId as T;
    let mut all: Vec<(usize, u8)> = Vec::new();
    for d in Digit::all() {
        for cell in step.eliminations[d.index()] {
            all.push((cell.index(), d.value()));
        }
    }
    if matches!(step.technique, T::Aic | T::GroupedAic | T::AlsChain | T::RemotePair) {
        return all;
    }
    all.sort_unstable();
    let subset = matches!(
        step.technique,
        T::NakedPair | T::NakedTriple | T::NakedQuad | T::LockedPair | T::LockedTriple
    );
    let cells: Vec<usize> = step.evidence.cells.into_iter().map(Cell::index).collect();
    let Some(&first) = cells.first().filter(|_| subset) else { return all };
    let mut out = Vec::with_capacity(all.len());
    for (k, h) in houses(first).into_iter().enumerate() {
        if !cells.iter().all(|&c| houses(c)[k] == h) {
            continue;
        }
        for c in house_cells(h) {
            for &(cell, digit) in all.iter().filter(|&&(cell, _)| cell == c) {
                if !out.contains(&(cell, digit)) {
                    out.push((cell, digit));
                }
            }
        }
    }
    for e in all {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// Whether the technique's row says HoDoKu's search order is modelled for it
/// ([`HodokuChoice::Ranked`]): then [`order_key`] ranks its steps.
#[must_use]
pub fn ranked(id: TechniqueId) -> bool {
    id.row().hodoku.choice == HodokuChoice::Ranked
}

/// Whether the technique's row says this model's own search replaces its finder
/// ([`HodokuChoice::Replaced`]; [`own_step`] runs it).
#[must_use]
pub fn own_search(id: TechniqueId) -> bool {
    id.row().hodoku.choice == HodokuChoice::Replaced
}

/// The step HoDoKu's own search takes for technique `id` (see [`own_search`]), if any. An
/// avoidable rectangle of type 1 is bitdoku's first one whose unsolved corner is bivalue
/// (HoDoKu's search asks for two candidates there).
#[must_use]
pub fn own_step(id: TechniqueId, state: &Candidates) -> Option<Step> {
    own_step_search(id).and_then(|search| search(state))
}

/// A search of HoDoKu's own for `id` (declared [`HodokuChoice::Replaced`] on its row).
fn own_step_search(id: TechniqueId) -> Option<fn(&Candidates) -> Option<Step>> {
    use TechniqueId as T;
    Some(match id {
        T::Aic => nice_loop,
        T::GroupedAic => grouped_nice_loop,
        T::AlsChain => als_chain,
        T::RemotePair => remote_pair,
        T::ForcingChain => forcing_chain,
        T::ForcingNet => forcing_net,
        T::AvoidableRectangle1 => avoidable_rectangle_1,
        T::AvoidableRectangle2 => avoidable_rectangle_2,
        _ => return None,
    })
}

/// bitdoku's first avoidable rectangle of type 1 whose unsolved corner is bivalue.
fn avoidable_rectangle_1(state: &Candidates) -> Option<Step> {
    let bivalue = |s: &Step| {
        Digit::all().flat_map(|d| s.eliminations[d.index()]).all(|c| state.digits_at(c).len() == 2)
    };
    bitdoku_strategies::registry::find_all(TechniqueId::AvoidableRectangle1, state)
        .into_iter()
        .find(bivalue)
}

/// bitdoku's first avoidable rectangle of type 2 whose two solved corners share a box: HoDoKu
/// starts from a solved cell and looks for the second solved corner in its own box (in its row
/// or column), so a rectangle whose solved side crosses two boxes is never met.
fn avoidable_rectangle_2(state: &Candidates) -> Option<Step> {
    let open = state.unsolved();
    let solved_side_in_a_box = |s: &Step| {
        let mut solved = s.evidence.cells.into_iter().filter(|&c| !open.contains(c));
        match (solved.next(), solved.next()) {
            (Some(a), Some(b)) => a.box_index() == b.box_index(),
            _ => false,
        }
    };
    bitdoku_strategies::registry::find_all(TechniqueId::AvoidableRectangle2, state)
        .into_iter()
        .find(solved_side_in_a_box)
}

/// Chain techniques HoDoKu finds all of and sorts (most eliminations first, then the index
/// sum): their steps rank like turbot fish.
const SORTED_CHAINS: [TechniqueId; 5] = [
    TechniqueId::XChain,
    TechniqueId::XyChain,
    TechniqueId::RemotePair,
    TechniqueId::Aic,
    TechniqueId::GroupedAic,
];

/// HoDoKu's default cap on the links of an X- or XY-chain (its "restrict chain size" option).
const MAX_CHAIN_LINKS: usize = 20;

/// Whether HoDoKu's search could find `step`: X- and XY-chains of at most 20 links that
/// never come back to a cell they left (HoDoKu's depth-first search refuses lassos; bitdoku's
/// breadth-first walks may repeat a cell).
#[must_use]
pub fn findable(step: &Step) -> bool {
    if !matches!(step.technique, TechniqueId::XChain | TechniqueId::XyChain) {
        return true;
    }
    let chain = &step.evidence.chain;
    let (mut left, mut last) = (bitdoku_bitboard::CellSet::EMPTY, None);
    for node in chain.nodes() {
        let cells = node.cells();
        if cells.intersects(left) {
            return false;
        }
        if let Some(prev) = last.filter(|&p| p != cells) {
            left |= prev;
        }
        last = Some(cells);
    }
    chain.link_count() <= MAX_CHAIN_LINKS
}

/// A house's rank in HoDoKu's subset searches: boxes, then rows, then columns.
fn subset_rank(h: House) -> [usize; 2] {
    let kind = match h.kind() {
        HouseKind::Box => 0,
        HouseKind::Row => 1,
        HouseKind::Col => 2,
    };
    [kind, h.number()]
}

/// The sort key of `step` in HoDoKu's search order (smallest first), for [`ranked`]
/// techniques:
/// - pointing: box, then digit; claiming: rows then columns, each by number, then digit;
/// - locked pair/triple: box, then the cells in cell order (HoDoKu finds them in boxes);
/// - naked subsets: boxes, rows, columns by number, then the cells in cell order;
/// - hidden subsets: the first house (same house order) they are found in, then the digits;
/// - skyscraper: rows then columns, then digit, then the two lines by number;
/// - two-string kite: digit, then the row, then the column;
/// - turbot fish and the `SORTED_CHAINS` (HoDoKu sorts all of them): most eliminations
///   first, then the smallest "index sum" of the eliminations (HoDoKu's `getIndexSumme`:
///   cell * (1 + 80k) + digit for the k-th elimination, taken cells ascending). HoDoKu puts
///   the shorter chain first when the eliminations differ; bitdoku's chain finders already
///   report the shortest chain per elimination, and adding its link count lowered the
///   agreement (measured with the chain techniques merged), so it is left out;
/// - W-Wing: the first wing cell, the second, then the lower digit of the pair eliminated
///   before the higher;
/// - XY-Wing: the three cells ascending, then the pivot's position among them;
/// - XYZ-Wing: the pivot, then the two pincers ascending;
/// - unique and hidden rectangles: HoDoKu starts from every bivalue cell in cell order, so the
///   first corner (in `state`) holding exactly the rectangle's two digits, then the corners.
#[must_use]
pub fn order_key(step: &Step, state: &Candidates) -> [usize; 7] {
    use TechniqueId as T;
    let e = &step.evidence;
    let mut key = [0; 7];
    let first_house = e.base.iter().map(subset_rank).min().unwrap_or([9, 9]);
    let list = |set: &mut dyn Iterator<Item = usize>, key: &mut [usize; 7]| {
        for (k, v) in key[2..].iter_mut().zip(set) {
            *k = v;
        }
    };
    match step.technique {
        T::LockedCandidatesPointing | T::LockedCandidatesClaiming => {
            let line = e.base.iter().next().map_or([9, 9], |h| {
                let kind = usize::from(h.kind() == HouseKind::Col);
                [if h.kind() == HouseKind::Box { 0 } else { kind }, h.number()]
            });
            key[..2].copy_from_slice(&line);
            key[2] = e.digits.iter().next().map_or(0, Digit::index);
        }
        T::LockedPair | T::LockedTriple => {
            key[0] = e.base.iter().find(|h| h.kind() == HouseKind::Box).map_or(9, House::number);
            list(&mut e.cells.into_iter().map(Cell::index), &mut key);
        }
        T::Skyscraper | T::TwoStringKite => {
            let digit = e.digits.iter().next().map_or(0, Digit::index);
            let mut lines: Vec<House> = e.base.iter().collect();
            lines.sort_by_key(|h| (h.kind() != HouseKind::Row, h.number()));
            let in_cols = lines.first().is_some_and(|h| h.kind() == HouseKind::Col);
            let numbers = lines.iter().map(|h| h.number());
            if step.technique == T::Skyscraper {
                key[0] = usize::from(in_cols);
                key[1] = digit;
            } else {
                key[0] = digit;
            }
            let start = if step.technique == T::Skyscraper { 2 } else { 1 };
            for (k, n) in key[start..].iter_mut().zip(numbers) {
                *k = n;
            }
        }
        _ if step.technique == T::TurbotFish || SORTED_CHAINS.contains(&step.technique) => {
            let elims = deletion_order(step);
            key[0] = usize::MAX - elims.len();
            key[1] = index_sum(elims);
        }
        T::UniqueRectangle1
        | T::UniqueRectangle2
        | T::UniqueRectangle3
        | T::UniqueRectangle4
        | T::UniqueRectangle5
        | T::UniqueRectangle6
        | T::HiddenRectangle => {
            let pair = e.digits;
            key[0] =
                e.cells.into_iter().find(|&c| state.digits_at(c) == pair).map_or(81, Cell::index);
            list(&mut e.cells.into_iter().map(Cell::index), &mut key);
        }
        T::XyWing => {
            list(&mut e.cells.into_iter().map(Cell::index), &mut key);
            let pivot = e.pivot.into_iter().next().map_or(0, Cell::index);
            key[5] = e.cells.into_iter().position(|c| c.index() == pivot).unwrap_or(0);
        }
        T::XyzWing => {
            key[0] = e.pivot.into_iter().next().map_or(0, Cell::index);
            list(&mut e.pincers.into_iter().map(Cell::index), &mut key);
        }
        T::WWing => {
            list(&mut e.pincers.into_iter().map(Cell::index), &mut key);
            let low = e.digits.iter().next();
            key[4] = usize::from(low.is_some_and(|d| step.eliminations[d.index()].is_empty()));
        }
        T::HiddenPair | T::HiddenTriple | T::HiddenQuad => {
            key[..2].copy_from_slice(&first_house);
            list(&mut e.digits.iter().map(Digit::index), &mut key);
        }
        _ => {
            key[..2].copy_from_slice(&first_house);
            list(&mut e.cells.into_iter().map(Cell::index), &mut key);
        }
    }
    key
}

/// HoDoKu's "index sum" of eliminations in the order given (`getIndexSumme`): the k-th
/// (from 0) adds cell * (1 + 80k) + digit.
fn index_sum(elims: impl IntoIterator<Item = (usize, u8)>) -> usize {
    elims.into_iter().enumerate().map(|(k, (c, d))| c * (1 + 80 * k) + usize::from(d)).sum()
}

/// The cell HoDoKu's brute force places: the middle one of the empty cells, in cell order.
#[must_use]
pub fn brute_force_cell(state: &Candidates) -> Option<Cell> {
    let empty: Vec<Cell> = state.unsolved().into_iter().collect();
    empty.get(empty.len() / 2).copied()
}

#[cfg(test)]
mod tests;
