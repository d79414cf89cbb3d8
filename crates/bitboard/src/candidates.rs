//! [`Candidates`]: the solving state, digit-major. One [`CellSet`] of candidate cells per
//! digit, one of placed cells per digit, the set of givens, and the set of cells whose value the
//! input fixed (see [`Candidates::fixed`]).
//!
//! Invariant: a placed cell has no candidates; `cand[d]` only holds unsolved cells.
//! Cell-major facts (how many candidates a cell has, which cells are bivalue) come from
//! [`CountPlanes`], a bit-sliced count over the nine masks rather than 81 popcounts.

use crate::cellset::CellSet;
use crate::digitset::DigitSet;
use crate::index::{Cell, Digit, House};
use crate::tables::{HOUSES, PEERS};

/// Calls `f` with the index of every set bit of `bits`, in increasing order: the two 64-bit
/// halves bit by bit (the cell iterator's 128-bit steps cost more where every bit is visited).
#[inline(always)]
pub(crate) fn each_bit(bits: u128, mut f: impl FnMut(usize)) {
    for (base, mut half) in [(0, bits as u64), (64, (bits >> 64) as u64)] {
        while half != 0 {
            f(base + half.trailing_zeros() as usize);
            half &= half - 1;
        }
    }
}

/// The candidate state of a grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Candidates {
    cand: [CellSet; 9],
    placed: [CellSet; 9],
    givens: CellSet,
    fixed: CellSet,
}

impl Default for Candidates {
    fn default() -> Self {
        Candidates::new()
    }
}

impl Candidates {
    /// An empty grid: every digit possible in every cell.
    pub const fn new() -> Candidates {
        Candidates {
            cand: [CellSet::ALL; 9],
            placed: [CellSet::EMPTY; 9],
            givens: CellSet::EMPTY,
            fixed: CellSet::EMPTY,
        }
    }

    /// The grid with these values (0 = empty, 1..=9 = given) placed as givens. The values are
    /// not checked for clashes: a repeated digit shows up as a contradiction later.
    /// Values above 9 are treated as empty.
    pub fn from_values(values: &[u8; 81]) -> Candidates {
        // What placing each given in turn gives, mask by mask: a digit keeps the open cells
        // that none of its givens sees. The givens' bit set first (no branch per cell), then
        // one pass over its set bits that adds each given's peers to its digit (the index
        // masked into 16 slots: no bounds test). Each mask is written once, which spares
        // `place`'s nine-mask update per given (about 100 ns a puzzle against 320).
        let mut given = 0u128;
        for (i, &v) in values.iter().enumerate() {
            given |= u128::from(v.wrapping_sub(1) < 9) << i;
        }
        let (mut seen, mut placed) = ([0u128; 16], [0u128; 16]);
        each_bit(given, |i| {
            let d = usize::from(values[i].wrapping_sub(1)) & 15;
            seen[d] |= PEERS[i].bits();
            placed[d] |= 1 << i;
        });
        let open = CellSet::ALL.bits() & !given;
        Candidates {
            cand: std::array::from_fn(|d| CellSet::from_bits_truncate(open & !seen[d])),
            placed: std::array::from_fn(|d| CellSet::from_bits_truncate(placed[d])),
            givens: CellSet::from_bits_truncate(given),
            fixed: CellSet::from_bits_truncate(given),
        }
    }

    /// A pencilmark grid with no placed cell: `masks[d]` are the cells where digit `d` is
    /// possible (a single-candidate cell stays unsolved, as in a 729-character grid).
    ///
    /// A candidate grid records no givens, and its cells may already have lost candidates to
    /// clues that are not shown, so every cell counts as [`fixed`](Candidates::fixed): no
    /// technique may assume a cell's value could be swapped for another digit.
    pub const fn from_masks(masks: [CellSet; 9]) -> Candidates {
        Candidates {
            cand: masks,
            placed: [CellSet::EMPTY; 9],
            givens: CellSet::EMPTY,
            fixed: CellSet::ALL,
        }
    }

    /// A state from all three parts. The caller keeps the invariant (placed cells have no
    /// candidates, givens are placed cells). The fixed cells are the givens: every other cell
    /// is taken to have been open (all nine digits possible) in the original puzzle, as in
    /// HoDoKu's `+d` notation for digits placed while solving.
    pub const fn from_parts(
        cand: [CellSet; 9],
        placed: [CellSet; 9],
        givens: CellSet,
    ) -> Candidates {
        Candidates { cand, placed, givens, fixed: givens }
    }

    /// The unsolved cells where `digit` is a candidate.
    #[inline]
    pub const fn cells(&self, digit: Digit) -> CellSet {
        self.cand[digit.index()]
    }

    /// All nine candidate masks, digit-major.
    #[inline]
    pub const fn masks(&self) -> &[CellSet; 9] {
        &self.cand
    }

    /// The cells where `digit` is placed (givens included).
    #[inline]
    pub const fn placed(&self, digit: Digit) -> CellSet {
        self.placed[digit.index()]
    }

    /// All nine placed masks, digit-major.
    #[inline]
    pub const fn placed_masks(&self) -> &[CellSet; 9] {
        &self.placed
    }

    /// The cells that were given in the puzzle (a subset of the placed cells).
    #[inline]
    pub const fn givens(&self) -> CellSet {
        self.givens
    }

    /// The cells whose value the input fixed: the givens of an 81-character puzzle, and every
    /// cell of a 729-character candidate grid (which does not say which cells were open).
    /// Avoidable rectangles may only use solved cells outside this set: swapping two digits in
    /// them must give another solution of the same input, which holds only for cells that
    /// started with every digit possible.
    #[inline]
    pub const fn fixed(&self) -> CellSet {
        self.fixed
    }

    /// The cells holding a value.
    pub fn solved(&self) -> CellSet {
        self.placed.iter().fold(CellSet::EMPTY, |a, &m| a | m)
    }

    /// The cells without a value.
    pub fn unsolved(&self) -> CellSet {
        !self.solved()
    }

    /// Whether every cell holds a value.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.solved() == CellSet::ALL
    }

    /// The value of `cell`, if placed.
    #[must_use]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        (0..9).find(|&d| self.placed[d].contains(cell)).map(|d| Digit::new_unchecked(d as u8))
    }

    /// The candidates of `cell` (empty for a placed cell).
    pub fn digits_at(&self, cell: Cell) -> DigitSet {
        let mut bits = 0u16;
        for d in 0..9 {
            bits |= (self.cand[d].contains(cell) as u16) << d;
        }
        DigitSet::from_bits(bits)
    }

    /// Whether `digit` is a candidate of `cell`.
    #[must_use]
    pub const fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cand[digit.index()].contains(cell)
    }

    /// The digits placed (as values) in `house`.
    pub fn placed_digits_in(&self, house: House) -> DigitSet {
        let cells = house.cells();
        let mut bits = 0u16;
        for d in 0..9 {
            bits |= (self.placed[d].intersects(cells) as u16) << d;
        }
        DigitSet::from_bits(bits)
    }

    /// The values as 81 bytes (0 = empty, 1..=9).
    #[must_use]
    pub fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (d, placed) in self.placed.iter().enumerate() {
            // Cheaper than the cell iterator here, where every cell of a solved grid is visited.
            each_bit(placed.bits(), |i| out[i] = d as u8 + 1);
        }
        out
    }

    /// Candidate masks for a search: candidates plus placed cells (a placed cell's only
    /// "candidate" is its value), as raw `u128`s.
    #[must_use]
    pub fn search_masks(&self) -> [u128; 9] {
        std::array::from_fn(|d| (self.cand[d] | self.placed[d]).bits())
    }

    /// Places `digit` in `cell`: the cell loses all candidates and its peers lose `digit`.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        let d = digit.index();
        self.placed[d].insert(cell);
        let without = !CellSet::single(cell);
        for m in &mut self.cand {
            *m &= without;
        }
        self.cand[d] -= PEERS[cell.index()];
    }

    /// Removes `digit` from `cells`; returns whether any candidate was removed.
    pub fn eliminate(&mut self, digit: Digit, cells: CellSet) -> bool {
        let m = &mut self.cand[digit.index()];
        let hit = m.intersects(cells);
        *m -= cells;
        hit
    }

    /// Bit-sliced candidate counts over all cells.
    pub fn counts(&self) -> CountPlanes {
        CountPlanes::new(&self.cand)
    }

    /// Unsolved cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        self.counts().exactly(2)
    }

    /// Whether the state is visibly broken: an unsolved cell without candidates, a digit placed
    /// twice in a house, or a house where a digit is neither placed nor possible.
    #[must_use]
    pub fn has_contradiction(&self) -> bool {
        let solved = self.solved();
        let any = self.cand.iter().fold(CellSet::EMPTY, |a, &m| a | m);
        if (any | solved) != CellSet::ALL {
            return true;
        }
        for d in 0..9 {
            let reach = self.cand[d] | self.placed[d];
            for h in HOUSES {
                if !reach.intersects(h) || (self.placed[d] & h).has_many() {
                    return true;
                }
            }
            for cell in self.placed[d] {
                if self.placed[d].intersects(PEERS[cell.index()]) {
                    return true;
                }
            }
        }
        false
    }
}

/// Per-cell candidate counts, bit-sliced: `at_least[k]` is the set of cells with more than `k`
/// candidates, for k = 0..5.
///
/// Built with a ripple of ANDs over the nine masks: for each mask `m`, from the highest plane
/// down, `at_least[k] |= at_least[k - 1] & m`, then `at_least[0] |= m`. A cell gets its k-th
/// plane bit exactly when its k-th candidate arrives. Example: a cell with candidates {2, 7}
/// is set in planes 0 and 1 only, so `exactly(2)` = plane 1 minus plane 2 holds it.
/// Nine iterations of 10 word operations cover all 81 cells at once.
#[derive(Clone, Copy, Debug)]
pub struct CountPlanes {
    at_least: [CellSet; 5],
}

impl CountPlanes {
    /// Counts the candidates of every cell in `masks`.
    pub fn new(masks: &[CellSet; 9]) -> CountPlanes {
        let mut p = [CellSet::EMPTY; 5];
        for &m in masks {
            p[4] |= p[3] & m;
            p[3] |= p[2] & m;
            p[2] |= p[1] & m;
            p[1] |= p[0] & m;
            p[0] |= m;
        }
        CountPlanes { at_least: p }
    }

    /// Cells with at least `n` candidates (`n` in 1..=5).
    pub fn at_least(&self, n: usize) -> CellSet {
        assert!((1..=5).contains(&n));
        self.at_least[n - 1]
    }

    /// Cells with exactly `n` candidates (`n` in 0..=4). `exactly(0)` includes placed cells.
    pub fn exactly(&self, n: usize) -> CellSet {
        match n {
            0 => !self.at_least[0],
            1..=4 => self.at_least[n - 1] - self.at_least[n],
            _ => panic!("exactly({n}): only 0..=4 are tracked"),
        }
    }

    /// Cells with between 1 and `n` candidates (`n` in 1..=4).
    pub fn at_most(&self, n: usize) -> CellSet {
        assert!((1..=4).contains(&n));
        self.at_least[0] - self.at_least[n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_clears_cell_and_peers() {
        let mut c = Candidates::new();
        let cell = Cell::from_rc(0, 0);
        let five = Digit::from_value(5).unwrap();
        c.place(cell, five);
        assert_eq!(c.value(cell), Some(five));
        assert!(c.digits_at(cell).is_empty());
        assert_eq!(c.cells(five).len(), 81 - 21);
        assert_eq!(c.cells(Digit::from_value(1).unwrap()).len(), 80);
        assert!(!c.has_contradiction());
    }

    #[test]
    fn count_planes_match_popcounts() {
        let mut c = Candidates::new();
        // Strip candidates in a pattern so cell i keeps (i % 10) candidates at most.
        for cell in Cell::all() {
            let keep = cell.index() % 10;
            for d in keep..9 {
                c.eliminate(Digit::new_unchecked(d as u8), CellSet::single(cell));
            }
        }
        let planes = c.counts();
        for cell in Cell::all() {
            let n = c.digits_at(cell).len() as usize;
            for k in 0..=4 {
                assert_eq!(planes.exactly(k).contains(cell), n == k, "cell {cell} n {n} k {k}");
            }
            for k in 1..=5 {
                assert_eq!(planes.at_least(k).contains(cell), n >= k);
            }
        }
        assert_eq!(planes.exactly(2), c.bivalue_cells());
    }

    /// `from_values` is the state that placing each given in turn gives, on random grids
    /// with clashing digits, empty cells and values above 9.
    #[test]
    fn from_values_equals_placing_each_given() {
        let mut rng = fastrand::Rng::with_seed(15);
        for round in 0..2000 {
            let density = round % 10;
            let values: [u8; 81] =
                std::array::from_fn(|_| if rng.usize(..10) < density { rng.u8(..12) } else { 0 });
            let mut expected = Candidates::new();
            for (i, &v) in values.iter().enumerate() {
                if let Some(d) = Digit::from_value(v) {
                    let cell = Cell::new_unchecked(i as u8);
                    expected.place(cell, d);
                    expected.givens.insert(cell);
                    expected.fixed.insert(cell);
                }
            }
            assert_eq!(Candidates::from_values(&values), expected, "{values:?}");
        }
    }

    #[test]
    fn contradiction_detected() {
        let mut values = [0u8; 81];
        values[0] = 3;
        values[1] = 3;
        assert!(Candidates::from_values(&values).has_contradiction());
        let mut c = Candidates::new();
        for d in Digit::all() {
            c.eliminate(d, CellSet::single(Cell::from_rc(4, 4)));
        }
        assert!(c.has_contradiction());
    }
}
