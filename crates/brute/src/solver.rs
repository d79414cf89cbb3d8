//! The search's board: band bitboards, constraint propagation and the guess cell.
//!
//! # State
//!
//! [`Board`] keeps, for every digit `d` and band `b`, the 27-bit candidate mask of the band
//! (bit layout in [`crate::tables`]), band-major: the masks of digits 0..8 of band `b` are one
//! 32-byte row `f[8 * b..8 * b + 8]`, digit 8's is `f[24 + b]`. It also keeps per band the set
//! of cells not yet *placed*, and a 27-bit *dirty* set, one bit per mask in the order of `f`:
//! a bit is set when its mask changed since the band step last propagated it (every write that
//! changes a mask sets its bit). 128 bytes in all.
//!
//! A cell is placed when, for some digit, it is the only candidate left in its row. Placing it
//! removes it from the other eight digits, and the same band step removes its column from the
//! other two bands of that digit. Every cell is placed for one digit at most (the band step may
//! place it again for the same digit, which changes nothing) and every (digit, row) pair
//! places at most one cell, so when all 81 cells are placed each row holds each digit once; the
//! band step keeps boxes and columns consistent (see [`Board::update`]), so the grid is then a
//! solution.
//!
//! # Propagation
//!
//! 1. Band step ([`band`]), in passes over the dirty masks until none is dirty (see
//!    [`Board::band_fixpoint`]): row/box shrinking through the
//!    [`COMPLEX`](crate::tables::COMPLEX) table (indexed by the occupancy matrix: three
//!    [`SHRINK`](crate::tables::SHRINK) reads, or one `PEXT` where that is fast), then
//!    placing the cells that are alone in their row.
//! 2. Naked singles: a bit-sliced count over the nine digit masks finds unplaced cells with no
//!    candidate (contradiction) or exactly one (its row is then cut down to that cell, which the
//!    band step places).
//! 3. Stack step: the same permutation argument as in the band step, applied to the
//!    (band, column) pairs of each stack (box/column interactions; this also finds hidden
//!    singles in columns). Hidden singles in rows and boxes come out of the band step.
//!
//! Givens get a head start: before the band bitboards are built, every cell with a single
//! candidate clears its digit from its 20 peers with 128-bit operations. The bulk path's masks
//! come with that already done (`count_solutions_prepared`), so the pass is skipped there.
//!
//! # Search
//!
//! Depth-first ([`crate::search`]), copying the 128-byte board at each guess. The guess cell
//! has two candidates when possible (see [`Board::pick_cell`]). Every recursion level places
//! at least one more cell, so the recursion is at most 81 deep, and no heap memory is used.
//!
//! # Termination
//!
//! Every propagation pass that reports progress removes at least one candidate bit, and every
//! guess either places a cell (recursion) or removes a candidate (the other branch), so the
//! search always ends, whatever the input.

mod band;

use crate::tables::{BAND_MASK, LOW_BITS, PEERS, ROW_OF_CELL};

/// Rotates each 3-bit stack group of a column set down by one column:
/// bit `3 * s + j` of the result is bit `3 * s + (j + 1) % 3` of `x`.
/// Example: `rot1(0b001_100_010) == 0b100_010_001`.
#[inline(always)]
fn rot1(x: u32) -> u32 {
    ((x >> 1) & 0b011_011_011) | ((x << 2) & 0b100_100_100)
}

/// Rotates each 3-bit stack group by two columns: bit `3 * s + j` of the result is bit
/// `3 * s + (j + 2) % 3` of `x`. Example: `rot2(0b001_100_010) == 0b010_001_100`.
#[inline(always)]
fn rot2(x: u32) -> u32 {
    ((x >> 2) & 0b001_001_001) | ((x << 1) & 0b110_110_110)
}

/// How many two-candidate cells [`Board::pick_cell`] compares.
const PAIR_SCAN: u32 = 8;
/// Candidate state of a search node. See the module documentation.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct Board {
    /// Candidates of digit `d` in band `b`: `f[8 * b + d]` for `d < 8`, `f[24 + b]` for
    /// digit 8 (see [`slot`]).
    f: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Bit `slot(b, d)` set when the mask of digit `d` in band `b` changed since the band
    /// step last propagated it.
    dirty: u32,
}

/// Index in [`Board::f`] of digit `d` in band `b`.
#[inline(always)]
const fn slot(b: usize, d: usize) -> usize {
    if d < 8 { 8 * b + d } else { 24 + b }
}

/// Clears the digit of every cell with a single candidate (a given) from its 20 peers, in one
/// pass over the 128-bit masks: much cheaper than letting each placement ripple through the
/// band step. `one`/`two` count candidates per cell as in [`Board::naked_singles`].
fn clear_givens_peers(m: &mut [u128; 9]) {
    let (mut one, mut two) = (0u128, 0u128);
    for &x in m.iter() {
        two |= one & x;
        one |= x;
    }
    let singles = one & !two;
    for x in m.iter_mut() {
        let mut given = *x & singles;
        while given != 0 {
            *x &= !PEERS[given.trailing_zeros() as usize % 81];
            given &= given - 1;
        }
    }
}

/// Result of one naked-single or stack pass.
enum Step {
    Contradiction,
    Progress,
    Stuck,
}

impl Board {
    /// Board from candidate masks; bits 81..128 are ignored.
    ///
    /// Unless `prepared` (the caller guarantees that no cell with a single candidate shares its
    /// digit with a peer, as `quick_search_masks` returns them), the givens' digits are first
    /// cleared from their peers. Either way the propagated board is the same: the clearing
    /// only does early, in a cheap 128-bit pass, what the band step and naked singles would
    /// do anyway (propagation removes candidates by monotone rules, so the order in which they
    /// fire does not change the fixpoint).
    pub(crate) fn from_masks(masks: &[u128; 9], prepared: bool) -> Board {
        let all = (1u128 << 81) - 1;
        let mut m = masks.map(|x| x & all);
        if !prepared {
            clear_givens_peers(&mut m);
        }
        let mut f = [0u32; 27];
        for (d, &m) in m.iter().enumerate() {
            for b in 0..3 {
                f[slot(b, d)] = (m >> (27 * b)) as u32 & BAND_MASK;
            }
        }
        // Every mask starts dirty; this also makes the band step see (and reject) a digit with
        // no candidate in some band.
        Board { f, unsolved: [BAND_MASK; 3], dirty: BAND_MASK }
    }

    /// Naked singles and empty cells, by a bit-sliced count over the nine digits.
    ///
    /// Per band, `one` collects cells with at least one candidate and `two` cells with at least
    /// two: for each digit mask `x`, `two |= one & x; one |= x`. Example for one cell with
    /// candidates {3, 7}: after digit 3 `one = 1, two = 0`; after digit 7 `two = 1`.
    /// An unplaced cell outside `one` is empty; an unplaced cell in `one` but not in `two`
    /// is a naked single: its row is cut down to it.
    #[inline(always)]
    fn naked_singles(&mut self) -> Step {
        let mut progress = false;
        for b in 0..3 {
            let mut one = 0u32;
            let mut two = 0u32;
            for d in 0..9 {
                let x = self.f[slot(b, d)];
                two |= one & x;
                one |= x;
            }
            let open = self.unsolved[b];
            if open & !one != 0 {
                return Step::Contradiction;
            }
            let singles = open & !two;
            if singles == 0 {
                continue;
            }
            for d in 0..9 {
                let before = self.f[slot(b, d)];
                let mut after = before;
                let mut hits = before & singles;
                while hits != 0 {
                    let bit = hits & hits.wrapping_neg();
                    let row = ROW_OF_CELL[hits.trailing_zeros() as usize % 27];
                    // Two singles of one digit in one row: the second cut empties the row, which
                    // the band step reports as a contradiction.
                    after &= !row | bit;
                    hits &= hits - 1;
                }
                // After the band step a single's row always holds other candidates too (a cell
                // alone in its row is already placed), so this cut is real progress.
                if after != before {
                    self.f[slot(b, d)] = after;
                    self.dirty |= 1 << slot(b, d);
                    progress = true;
                }
            }
        }
        if progress { Step::Progress } else { Step::Stuck }
    }

    /// Column step: stack shrinking for all nine digits (box/column interactions, and through
    /// them hidden singles in columns).
    ///
    /// Per digit, `c[b]` is the set of columns with a candidate in band `b`
    /// (`(a | a >> 9 | a >> 18) & 0x1FF`). Inside a *stack* (three columns), each band holds
    /// the digit in exactly one of the three columns and each column holds it in exactly one
    /// band, so the (band, column) pairs again form a permutation, as rows and boxes do in a
    /// band. Band 0 can keep column `j` only if bands 1 and 2 can take the other two columns
    /// of the stack, one each:
    /// `m0 = c0 & (rot1(c1) & rot2(c2) | rot2(c1) & rot1(c2))`, where [`rot1`] and [`rot2`]
    /// rotate each 3-bit stack group by one and two columns. All three stacks are handled by
    /// the same word operations. A stack with no permutation (for instance a column with no
    /// place left) leaves its group of `m0` empty: contradiction.
    ///
    /// Example (one stack, columns 0..3): `c0 = 0b011`, `c1 = 0b001`, `c2 = 0b111`. Band 1 must
    /// take column 0, so band 0 takes column 1 and band 2 column 2: `m0 = 0b010`,
    /// `m1 = 0b001`, `m2 = 0b100`.
    ///
    /// A hidden single in a column needs no separate test: the column is then confined to one
    /// band, the permutation confines that band to the column within its stack, and the box
    /// is left with a single cell, which the band step places.
    #[inline(always)]
    fn column_step(&mut self) -> Step {
        // In the board's layout: lane `j` of band `b`'s row (`f[8 * b..8 * b + 8]`) is digit
        // `j`, so digits 0..8 run lane-wise over the three rows (a few vector operations per
        // line, everything in registers), and digit 8 (`f[24..27]`) as scalars. A 9-lane
        // layout would be stored and read back 4 bytes off, which stalls store forwarding.
        let fold = |x: u32| (x | x >> 9 | x >> 18) & 0x1FF;
        // The columns band `x` can keep in each stack, given those of the other two bands.
        let keep = |x: u32, y: u32, z: u32| x & ((rot1(y) & rot2(z)) | (rot2(y) & rot1(z)));
        let row = |b: usize| -> [u32; 8] { core::array::from_fn(|j| self.f[8 * b + j]) };
        let (r0, r1, r2) = (row(0), row(1), row(2));
        let (c0, c1, c2) = (r0.map(fold), r1.map(fold), r2.map(fold));
        let mut m = [[0u32; 8]; 3];
        let mut bad = 0u32;
        let mut changed = 0u32;
        for j in 0..8 {
            let m0 = keep(c0[j], c1[j], c2[j]);
            let m1 = keep(c1[j], c0[j], c2[j]);
            let m2 = keep(c2[j], c0[j], c1[j]);
            bad |= !(m0 | m0 >> 1 | m0 >> 2) & 0b001_001_001;
            changed |= (m0 ^ c0[j]) | (m1 ^ c1[j]) | (m2 ^ c2[j]);
            m[0][j] = m0;
            m[1][j] = m1;
            m[2][j] = m2;
        }
        let e = [fold(self.f[24]), fold(self.f[25]), fold(self.f[26])];
        let m8 = [keep(e[0], e[1], e[2]), keep(e[1], e[0], e[2]), keep(e[2], e[0], e[1])];
        bad |= !(m8[0] | m8[0] >> 1 | m8[0] >> 2) & 0b001_001_001;
        changed |= (m8[0] ^ e[0]) | (m8[1] ^ e[1]) | (m8[2] ^ e[2]);
        if bad != 0 {
            return Step::Contradiction;
        }
        if changed == 0 {
            return Step::Stuck;
        }
        let mut dirty = 0u32;
        for (b, mb) in m.iter().enumerate() {
            for (j, &mj) in mb.iter().enumerate() {
                let old = self.f[8 * b + j];
                let new = old & (mj * LOW_BITS);
                self.f[8 * b + j] = new;
                dirty |= u32::from(old != new) << (8 * b + j);
            }
            let old = self.f[24 + b];
            let new = old & (m8[b] * LOW_BITS);
            self.f[24 + b] = new;
            dirty |= u32::from(old != new) << (24 + b);
        }
        self.dirty |= dirty;
        Step::Progress
    }

    /// Propagates to a fixpoint. Returns `false` on a contradiction.
    ///
    /// Terminates: every pass that reports progress removes at least one candidate bit.
    #[inline(always)]
    pub(crate) fn propagate<const PEXT: bool, const AVX: bool>(&mut self) -> bool {
        loop {
            if !self.band_fixpoint::<PEXT, AVX>() {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            match self.naked_singles() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stuck => {}
            }
            match self.column_step() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stuck => return true,
            }
        }
    }

    /// All cells placed.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// The candidate masks (of a solved board: its solution, see [`crate::grid::grid_of`]).
    #[inline]
    pub(crate) fn masks(&self) -> [u32; 27] {
        let mut f = [0u32; 27];
        for d in 0..9 {
            for b in 0..3 {
                f[3 * d + b] = self.f[slot(b, d)];
            }
        }
        f
    }

    /// Chooses the guess cell: `(band, cell bit)`. Only called on a propagated, unsolved board,
    /// where every unplaced cell has at least two candidates.
    ///
    /// Preferred are cells with exactly two candidates (found by bit-sliced counting up to
    /// three, as in [`Board::naked_singles`]). Of the first [`PAIR_SCAN`] of them (band by
    /// band, in cell order) the one with the most unplaced peers wins, the first on ties:
    /// either digit it gets then reaches the most open cells, so a guess there triggers the
    /// most propagation. Against the first two-candidate cell of the box with the most
    /// unplaced cells (the previous rule) this cuts the guesses by about 15% on the forum's
    /// hardest puzzles and 10% on 17-clue ones; scanning every two-candidate cell cuts a few
    /// more guesses but costs more than it saves on easy puzzles.
    /// Without such a cell, the first cell with the fewest candidates.
    #[inline(always)]
    pub(crate) fn pick_cell(&self) -> (usize, u32) {
        let mut pairs = [0u32; 3];
        for (b, p) in pairs.iter_mut().enumerate() {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[slot(b, d)];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            *p = two & !three & self.unsolved[b];
        }
        if (pairs[0] | pairs[1] | pairs[2]) != 0 {
            let open = u128::from(self.unsolved[0])
                | u128::from(self.unsolved[1]) << 27
                | u128::from(self.unsolved[2]) << 54;
            // (score, band, cell bit); every score is at least 1, so the first cell sets it.
            let mut best = (0u32, 0usize, 0u32);
            let mut budget = PAIR_SCAN;
            'scan: for (b, &p) in pairs.iter().enumerate() {
                let mut rest = p;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let score = (PEERS[27 * b + i] & open).count_ones() + 1;
                    if score > best.0 {
                        best = (score, b, 1 << i);
                    }
                    budget -= 1;
                    if budget == 0 {
                        break 'scan;
                    }
                }
            }
            return (best.1, best.2);
        }
        // No bivalue cell: bit-sliced "at least k candidates" counters, k = 1..=9, per band.
        let mut best = (0usize, 0u32, u32::MAX);
        for b in 0..3 {
            // `at_least[k]`: cells with at least `k` candidates (index 10 stays empty).
            let mut at_least = [0u32; 11];
            for d in 0..9 {
                let x = self.f[slot(b, d)];
                for k in (2..10).rev() {
                    at_least[k] |= at_least[k - 1] & x;
                }
                at_least[1] |= x;
            }
            for k in 3..10 {
                let exact = at_least[k] & !at_least[k + 1];
                let open = exact & self.unsolved[b];
                if open != 0 {
                    if (k as u32) < best.2 {
                        best = (b, open & open.wrapping_neg(), k as u32);
                    }
                    break;
                }
            }
        }
        (best.0, best.1)
    }

    /// Candidate digits of a cell (bit `d` set when digit `d` is possible).
    #[inline]
    pub(crate) fn digits_of(&self, b: usize, bit: u32) -> u32 {
        let mut set = 0;
        for d in 0..9 {
            if self.f[slot(b, d)] & bit != 0 {
                set |= 1 << d;
            }
        }
        set
    }

    /// Places digit `d` in the cell: cuts its row in `f[d]` down to the cell, so the band step
    /// places it.
    #[inline]
    pub(crate) fn assign(&mut self, b: usize, bit: u32, d: usize) {
        let row = ROW_OF_CELL[bit.trailing_zeros() as usize % 27];
        self.restrict(slot(b, d), !row | bit);
    }

    /// Removes digit `d` from the cell.
    #[inline]
    pub(crate) fn forbid(&mut self, b: usize, bit: u32, d: usize) {
        self.restrict(slot(b, d), !bit);
    }

    /// Ands the mask `f[k]` with `keep`, marking it dirty when that removes a candidate.
    #[inline(always)]
    fn restrict(&mut self, k: usize, keep: u32) {
        let old = self.f[k];
        let new = old & keep;
        self.f[k] = new;
        self.dirty |= u32::from(old != new) << k;
    }
}
