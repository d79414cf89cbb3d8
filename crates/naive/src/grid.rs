//! The grid as the seed articles build it: 81 cell objects, each with its value, a "given" flag
//! and a short list of candidate digits, plus 27 house objects (9 rows, 9 columns, 9 boxes),
//! each listing its nine cells by index (the Rust stand-in for C++'s `Casilla* cas[9]`).
//!
//! Every question a technique asks is answered by walking these lists: "where can 5 go in row 3"
//! loops over the row's nine cells and asks each cell whether its list contains 5; "do these
//! cells see each other" compares their row, column and box numbers. Nothing is a bit mask:
//! that is the point of this crate (it is the baseline the bitboard design must beat, and an
//! oracle that shares no code with it).
//!
//! Placing digit `d` in a cell sets its value, empties its candidate list and removes `d` from
//! the lists of the cells in its row, column and box (its 20 peers), exactly as the seed
//! articles' `Asignar` does.

/// A short, sorted list of candidate digits (1..=9) of one cell: a fixed array plus a length,
/// the usual C/C++ "small vector" (no heap allocation per cell). Slots past `len` hold stale
/// digits, so equality compares only the live part (a derived `PartialEq` would compare the
/// stale tail too: that bug once hid W-Wings whose two cells had equal candidates).
#[derive(Clone, Copy, Debug)]
pub struct CandidateList {
    digits: [u8; 9],
    len: u8,
}

impl PartialEq for CandidateList {
    fn eq(&self, other: &CandidateList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for CandidateList {}

impl CandidateList {
    /// All nine digits.
    #[must_use]
    pub const fn full() -> CandidateList {
        CandidateList { digits: [1, 2, 3, 4, 5, 6, 7, 8, 9], len: 9 }
    }

    /// No digit.
    #[must_use]
    pub const fn empty() -> CandidateList {
        CandidateList { digits: [0; 9], len: 0 }
    }

    /// The digits, ascending.
    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.digits[..self.len as usize]
    }

    /// How many digits are left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no digit is left.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `digit` is in the list (a linear scan, as a `std::vector` search would be).
    #[must_use]
    pub fn contains(&self, digit: u8) -> bool {
        self.as_slice().contains(&digit)
    }

    /// Adds `digit`, keeping the list sorted; returns whether it was missing.
    pub fn insert(&mut self, digit: u8) -> bool {
        if self.contains(digit) {
            return false;
        }
        let mut at = self.len as usize;
        while at > 0 && self.digits[at - 1] > digit {
            self.digits[at] = self.digits[at - 1];
            at -= 1;
        }
        self.digits[at] = digit;
        self.len += 1;
        true
    }

    /// Removes `digit`; returns whether it was present.
    pub fn remove(&mut self, digit: u8) -> bool {
        let n = self.len as usize;
        match self.digits[..n].iter().position(|&d| d == digit) {
            Some(at) => {
                self.digits.copy_within(at + 1..n, at);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

/// One cell: where it is, its value (0 while unsolved), whether it was given, its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaiveCell {
    /// Row-major index 0..81.
    pub index: usize,
    /// Row 0..9.
    pub row: usize,
    /// Column 0..9.
    pub col: usize,
    /// Box 0..9 (row-major over the 3x3 boxes).
    pub boxx: usize,
    value: u8,
    given: bool,
    fixed: bool,
    candidates: CandidateList,
}

impl NaiveCell {
    fn new(index: usize) -> NaiveCell {
        let (row, col) = (index / 9, index % 9);
        NaiveCell {
            index,
            row,
            col,
            boxx: row / 3 * 3 + col / 3,
            value: 0,
            given: false,
            fixed: false,
            candidates: CandidateList::full(),
        }
    }

    /// The placed digit, 0 while unsolved.
    #[must_use]
    pub fn value(&self) -> u8 {
        self.value
    }

    /// Whether the cell holds a value.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.value != 0
    }

    /// Whether the value was a given of the puzzle (not found while solving).
    #[must_use]
    pub fn is_given(&self) -> bool {
        self.given
    }

    /// Whether the input fixed this cell's value: a given, or any cell of a candidate grid
    /// (which does not say which cells were open). Avoidable rectangles skip such cells.
    #[must_use]
    pub fn is_fixed(&self) -> bool {
        self.fixed
    }

    /// The candidate list (empty for a solved cell).
    #[must_use]
    pub fn candidates(&self) -> &CandidateList {
        &self.candidates
    }

    /// Whether `digit` is a candidate of this cell.
    #[must_use]
    pub fn has(&self, digit: u8) -> bool {
        self.candidates.contains(digit)
    }

    /// Number of candidates.
    #[must_use]
    pub fn count(&self) -> usize {
        self.candidates.len()
    }

    /// Whether this cell and `other` share a row, a column or a box (a cell does not see itself).
    #[must_use]
    pub fn sees(&self, other: &NaiveCell) -> bool {
        self.index != other.index
            && (self.row == other.row || self.col == other.col || self.boxx == other.boxx)
    }
}

/// Which kind of house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A 3x3 box.
    Box,
}

/// A house: its kind, its number within the kind (0..9) and its nine cells by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct House {
    /// Row, column or box.
    pub kind: HouseKind,
    /// Number within its kind, 0..9.
    pub number: usize,
    /// The nine cells, in row-major order.
    pub cells: [usize; 9],
}

/// The candidate grid: 81 cells and 27 houses (rows 0..9, columns 9..18, boxes 18..27).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveGrid {
    cells: [NaiveCell; 81],
    houses: [House; 27],
}

impl Default for NaiveGrid {
    fn default() -> Self {
        NaiveGrid::new()
    }
}

/// The nine cells of each house, in row-major order: rows 0..9, columns 9..18, boxes 18..27
/// (the wiring of [`NaiveGrid::houses`], for searches that work on other boards).
pub(crate) const HOUSE_CELLS: [[usize; 9]; 27] = {
    let mut t = [[0usize; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            t[i][j] = i * 9 + j;
            t[9 + i][j] = j * 9 + i;
            t[18 + i][j] = (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3;
            j += 1;
        }
        i += 1;
    }
    t
};

/// The row, column and box of a cell (indices into [`HOUSE_CELLS`] and `grid.houses()`).
pub(crate) fn houses_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + r / 3 * 3 + c / 3]
}

impl NaiveGrid {
    /// An empty grid: every cell unsolved with all nine candidates; the houses wired up.
    #[must_use]
    pub fn new() -> NaiveGrid {
        let cells = std::array::from_fn(NaiveCell::new);
        let houses = std::array::from_fn(|h| {
            let kind = [HouseKind::Row, HouseKind::Column, HouseKind::Box][h / 9];
            House { kind, number: h % 9, cells: HOUSE_CELLS[h] }
        });
        NaiveGrid { cells, houses }
    }

    /// The grid of a puzzle: `values[i]` in 1..=9 is a given, anything else an empty cell. Givens
    /// are placed one after the other, each clearing its digit from its peers (the sieve).
    /// Clashing givens are not checked: they show up as a broken state later.
    #[must_use]
    pub fn from_values(values: &[u8; 81]) -> NaiveGrid {
        let mut grid = NaiveGrid::new();
        for (i, &v) in values.iter().enumerate() {
            if (1..=9).contains(&v) {
                grid.place(i, v);
                grid.cells[i].given = true;
                grid.cells[i].fixed = true;
            }
        }
        grid
    }

    /// A pencilmark grid (729-character input): bit `c` of `masks[d]` says digit `d + 1` is
    /// possible in cell `c`. No cell is solved, not even one with a single candidate, and
    /// every cell is fixed (see [`NaiveCell::is_fixed`]).
    #[must_use]
    pub fn from_candidates(masks: &[u128; 9]) -> NaiveGrid {
        let mut grid = NaiveGrid::new();
        for cell in grid.cells.iter_mut() {
            cell.fixed = true;
            cell.candidates.clear();
            for (d, mask) in masks.iter().enumerate() {
                if mask >> cell.index & 1 == 1 {
                    cell.candidates.insert(d as u8 + 1);
                }
            }
        }
        grid
    }

    /// Exports the candidates of the unsolved cells, one 81-bit mask per digit (for comparing
    /// with other engines only; nothing in this crate works on masks).
    #[must_use]
    pub fn candidate_masks(&self) -> [u128; 9] {
        let mut masks = [0u128; 9];
        for cell in &self.cells {
            for &d in cell.candidates.as_slice() {
                masks[d as usize - 1] |= 1 << cell.index;
            }
        }
        masks
    }

    /// Exports the placed digits (givens included), one 81-bit mask per digit.
    #[must_use]
    pub fn placed_masks(&self) -> [u128; 9] {
        let mut masks = [0u128; 9];
        for cell in &self.cells {
            if cell.is_solved() {
                masks[cell.value as usize - 1] |= 1 << cell.index;
            }
        }
        masks
    }

    /// Whether every cell holds a value.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(NaiveCell::is_solved)
    }

    /// The 81 values (0 = unsolved).
    #[must_use]
    pub fn values(&self) -> [u8; 81] {
        std::array::from_fn(|i| self.cells[i].value)
    }

    /// Cell `index` (row-major, 0..81).
    #[must_use]
    pub fn cell(&self, index: usize) -> &NaiveCell {
        &self.cells[index]
    }

    /// All 81 cells.
    #[must_use]
    pub fn cells(&self) -> &[NaiveCell; 81] {
        &self.cells
    }

    /// House `h`: rows 0..9, columns 9..18, boxes 18..27.
    #[must_use]
    pub fn house(&self, h: usize) -> &House {
        &self.houses[h]
    }

    /// All 27 houses.
    #[must_use]
    pub fn houses(&self) -> &[House; 27] {
        &self.houses
    }

    /// Row `r` (0..9).
    #[must_use]
    pub fn row(&self, r: usize) -> &House {
        &self.houses[r]
    }

    /// Column `c` (0..9).
    #[must_use]
    pub fn column(&self, c: usize) -> &House {
        &self.houses[9 + c]
    }

    /// Box `b` (0..9).
    #[must_use]
    pub fn boxx(&self, b: usize) -> &House {
        &self.houses[18 + b]
    }

    /// Whether cells `a` and `b` see each other.
    #[must_use]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.cells[a].sees(&self.cells[b])
    }

    /// Whether cell `index` has candidate `digit`.
    #[must_use]
    pub fn has(&self, index: usize, digit: u8) -> bool {
        self.cells[index].has(digit)
    }

    /// The cells of house `h` that have candidate `digit`, in house order.
    #[must_use]
    pub fn cells_with(&self, h: usize, digit: u8) -> Vec<usize> {
        self.houses[h].cells.iter().copied().filter(|&c| self.cells[c].has(digit)).collect()
    }

    /// How many cells of house `h` have candidate `digit`.
    #[must_use]
    pub fn count_in(&self, h: usize, digit: u8) -> usize {
        self.houses[h].cells.iter().filter(|&&c| self.cells[c].has(digit)).count()
    }

    /// Whether `digit` is placed in house `h`.
    #[must_use]
    pub fn is_placed_in(&self, h: usize, digit: u8) -> bool {
        self.houses[h].cells.iter().any(|&c| self.cells[c].value == digit)
    }

    /// Whether `digit` is a candidate in no other cell of house `h` than `cells`.
    #[must_use]
    pub fn confined_to(&self, h: usize, digit: u8, cells: &[usize]) -> bool {
        self.houses[h].cells.iter().all(|&c| cells.contains(&c) || !self.cells[c].has(digit))
    }

    /// Removes `digit` from the candidates of `index`; returns whether it was there.
    pub fn eliminate(&mut self, index: usize, digit: u8) -> bool {
        self.cells[index].candidates.remove(digit)
    }

    /// Places `digit` in cell `index` (not as a given): the cell's list is emptied and `digit`
    /// leaves the lists of every cell in its row, column and box.
    pub fn place(&mut self, index: usize, digit: u8) {
        let cell = &mut self.cells[index];
        cell.value = digit;
        cell.candidates.clear();
        let (row, col, boxx) = (cell.row, cell.col, cell.boxx);
        for h in [row, 9 + col, 18 + boxx] {
            for i in 0..9 {
                let peer = self.houses[h].cells[i];
                self.cells[peer].candidates.remove(digit);
            }
        }
    }

    /// Builds a grid cell by cell from explicit parts (tests and tools): values (0 = unsolved),
    /// which values are givens, and candidate lists as 9-bit digit sets (bit `d - 1` = digit
    /// `d`) for unsolved cells. Nothing is sieved.
    #[must_use]
    pub fn from_parts(values: &[u8; 81], givens: &[bool; 81], candidates: &[u16; 81]) -> NaiveGrid {
        let mut grid = NaiveGrid::new();
        for (i, cell) in grid.cells.iter_mut().enumerate() {
            cell.candidates.clear();
            if (1..=9).contains(&values[i]) {
                cell.value = values[i];
                cell.given = givens[i];
                cell.fixed = givens[i];
            } else {
                for d in 1..=9u8 {
                    if candidates[i] >> (d - 1) & 1 == 1 {
                        cell.candidates.insert(d);
                    }
                }
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_list_keeps_order() {
        let mut l = CandidateList::empty();
        assert!(l.insert(7));
        assert!(l.insert(2));
        assert!(l.insert(5));
        assert!(!l.insert(5));
        assert_eq!(l.as_slice(), &[2, 5, 7]);
        assert!(l.remove(5));
        assert!(!l.remove(5));
        assert_eq!(l.as_slice(), &[2, 7]);
        assert_eq!(CandidateList::full().len(), 9);
    }

    #[test]
    fn equality_ignores_stale_slots() {
        // Regression: {6, 8} reached by different removals left different stale tails, and a
        // derived PartialEq called the lists different (hiding W-Wings, top1465 line 47).
        let mut a = CandidateList::full();
        let mut b = CandidateList::full();
        for d in [1, 2, 3, 4, 5, 7, 9] {
            a.remove(d);
        }
        for d in [9, 7, 5, 4, 3, 2, 1] {
            b.remove(d);
        }
        let mut c = CandidateList::empty();
        c.insert(8);
        c.insert(6);
        assert_eq!(a.as_slice(), &[6, 8]);
        assert_eq!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn houses_and_placement() {
        let mut g = NaiveGrid::new();
        assert_eq!(g.boxx(4).cells, [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(g.column(2).cells[8], 74);
        g.place(40, 5);
        assert!(g.cell(40).is_solved());
        assert_eq!(g.candidate_masks()[4].count_ones(), 81 - 21);
        assert_eq!(g.candidate_masks()[0].count_ones(), 80);
        assert_eq!(g.placed_masks()[4], 1 << 40);
        assert!(g.sees(40, 44) && g.sees(40, 30) && !g.sees(40, 0) && !g.sees(40, 40));
    }

    #[test]
    fn from_candidates_round_trips() {
        let mut masks = [0u128; 9];
        masks[0] = 0b1011;
        masks[8] = 1 << 80;
        let g = NaiveGrid::from_candidates(&masks);
        assert_eq!(g.candidate_masks(), masks);
        assert!(!g.is_solved());
    }
}
