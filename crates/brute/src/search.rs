//! The depth-first search over [`Board`]s and the choice of its compiled variant.
//!
//! The search copies the board once at each guess, for the second branch; the first branch
//! works in place on the caller's board, which the caller overwrites with that copy when the
//! recursion returns (see the [`crate::solver`] module for the board, its propagation and
//! the guess cell). Passing the board by value instead cost two more 128-byte copies per
//! guess, the first of which read the 32-byte block that `assign` had just written as a
//! scalar (a store-forwarding stall). The body is written once, as a macro, and
//! compiled into each CPU variant of [`Search::run`]: the build's baseline, x86-64-v3, and
//! x86-64-v3 with the band step's occupancy from `PEXT` where that instruction is fast
//! ([`crate::cpu::fast_pext`]).

use crate::solver::Board;

/// Depth-first solution counter.
///
/// [`Search::run`] recurses only into the branch that places a cell, so there are at most 81
/// nested calls (about 60 KiB of stack at most with the current frame size).
pub(crate) struct Search {
    /// Stop once this many solutions were found.
    pub(crate) limit: u32,
    /// Solutions found so far.
    pub(crate) count: u32,
    /// The masks of the first solution found (turned into a grid by [`crate::grid::grid_of`]
    /// only when the caller wants it).
    pub(crate) first: Option<[u32; 27]>,
    /// Number of guesses (branching decisions).
    pub(crate) guesses: u64,
}

/// The depth-first search, written once and compiled into each CPU variant of
/// [`Search::run`] (`$recurse` is the variant itself, so a whole search stays on one path).
/// `$board` is a `&mut Board` that the search may leave in any state.
macro_rules! search_body {
    ($self:ident, $board:ident, $recurse:ident, $propagate:ident) => {{
        let board: &mut Board = $board;
        loop {
            if !$propagate(board) {
                return;
            }
            if board.is_solved() {
                $self.count += 1;
                if $self.first.is_none() {
                    $self.first = Some(board.masks());
                }
                return;
            }
            $self.guesses += 1;
            let (b, bit) = board.pick_cell();
            let digits = board.digits_of(b, bit);
            if digits == 0 {
                // Cannot happen after propagation; treat as a dead end rather than loop.
                return;
            }
            let d = digits.trailing_zeros() as usize;
            let mut other = *board;
            let rest = digits & (digits - 1);
            if rest != 0 && rest & (rest - 1) == 0 {
                // Bivalue: the other branch is the other digit.
                other.assign(b, bit, rest.trailing_zeros() as usize);
            } else {
                // Other branch: the cell without digit `d` (it keeps its other candidates).
                other.forbid(b, bit, d);
            }
            board.assign(b, bit, d);
            $self.$recurse(board);
            if $self.count >= $self.limit {
                return;
            }
            *board = other;
        }
    }};
}

impl Search {
    /// New search that stops after `limit` solutions.
    pub(crate) fn new(limit: u32) -> Search {
        Search { limit, count: 0, first: None, guesses: 0 }
    }

    /// Explores every completion of `board` until `limit` solutions are found, with the code
    /// path chosen at start-up ([`crate::cpu`]): compiled for x86-64-v3 (AVX2, BMI1/2, LZCNT)
    /// when the processor has it, else for the build's baseline.
    #[allow(unsafe_code)]
    pub(crate) fn run(&mut self, board: Board) {
        let mut board = board;
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::use_v3() {
            // SAFETY: use_v3 is true only when the running processor has every feature
            // run_v3 and run_v3_pext are compiled with.
            unsafe {
                if crate::cpu::fast_pext() {
                    self.run_v3_pext(&mut board);
                } else {
                    self.run_v3(&mut board);
                }
            }
            return;
        }
        self.run_portable(&mut board);
    }

    fn run_portable(&mut self, board: &mut Board) {
        search_body!(self, board, run_portable, propagate_portable);
    }

    /// The x86-64-v3 search with the band step's occupancy taken by `PEXT`
    /// (`solver::occupancy_pext`), for processors where that instruction is fast.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    fn run_v3_pext(&mut self, board: &mut Board) {
        search_body!(self, board, run_v3_pext, propagate_v3_pext);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    fn run_v3(&mut self, board: &mut Board) {
        search_body!(self, board, run_v3, propagate_v3);
    }
}

/// [`Board::propagate`] of the portable search, as a function of its own: inlined into the
/// search, the band step's loop ran short of registers (the board pointer, the pass and the
/// dirty set went through the stack).
#[inline(never)]
fn propagate_portable(board: &mut Board) -> bool {
    board.propagate::<false, false>()
}

/// [`Board::propagate`] of [`Search::run_v3_pext`], not inlined (see [`propagate_portable`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
#[inline(never)]
fn propagate_v3_pext(board: &mut Board) -> bool {
    board.propagate::<true, true>()
}

/// [`Board::propagate`] of [`Search::run_v3`], not inlined (see [`propagate_portable`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
#[inline(never)]
fn propagate_v3(board: &mut Board) -> bool {
    board.propagate::<false, true>()
}
