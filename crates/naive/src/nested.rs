//! Nested forcing nets (levels 1, 2, 3) the way a tabling solver grows them: a forcing-net
//! propagation whose work list may also ask a lower-level search "does assuming this
//! candidate break down here?", written with per-cell candidate lists, `[bool; 10]` tables
//! and a work list of `(cell, digit, on/off)` literals.
//!
//! Re-derived from the find-all definition in the `//!` docs of `bitdoku-strategies`'
//! `forcing/nested.rs` (batch union only: which candidates go):
//!
//! - **level 0** from one assumption in a *board* (a state's candidate lists): the forcing-net
//!   closure. A literal on turns off the other candidates of its cell and its digit in the
//!   cells of its three houses; after a literal off, a cell of the board left with one
//!   candidate not off turns it on (naked single), and a house left with one place of the
//!   digit not off turns it on (hidden single). It stops at the first contradiction: a
//!   candidate both on and off, a cell with every candidate off, a house with every place of a
//!   digit off. (Singles are only read after an elimination, as the definition does: a cell
//!   of the board that already has one candidate is not turned on by itself.)
//! - **level `k >= 1`** from `X`: level 0 from `X`, then sweeps. The *derived board* is the
//!   board minus every literal derived off. A sweep visits the candidates `Y` of the derived
//!   board whose cell has two or more candidates there, digit by digit then cell by cell
//!   (candidate index `81 * digit + cell`), and asks level `k - 1` whether `Y` on breaks down
//!   in the derived board. When it does, `Y` is off under `X`: the closure continues from
//!   `Y` off (a contradiction ends everything) and the sweep goes on in the new derived board.
//!   Sweeps repeat until one proves nothing.
//! - **find-all at level `k`**: every candidate `X` of a cell with two or more candidates
//!   whose level-`k` propagation of `X` on breaks down is eliminated. Only "on" assumptions.
//!
//! The definition lets level 1 run its first sweep in the board derived from `X` alone and
//! add everything it proves at once (the closure does not depend on that order); this file
//! takes the plain route above for every level (each proof joins at once), as the bitboard
//! search does (only its proofs batch the first sweep). The bitboard search also skips
//! candidates whose result it can tell without a closure; this file has no such shortcut, so
//! agreement checks them.
//!
//! Level 0 derives what [`crate::forcing`]'s net closure derives (same rules, same
//! contradictions), but it runs on derived boards rather than grids, stops at the first
//! contradiction and reuses its buffers, so it is written out here.
//!
//! **Cost**, as in the definition: level `k` runs about `n^(k + 1)` level-0 closures for `n`
//! candidates in the worst case. The buffers (one closure per level, a work list) are made once
//! per search and reused; a closure stops at its first contradiction.

use crate::findings::Findings;
use crate::grid::{CandidateList, HOUSE_CELLS, NaiveGrid, houses_of};

/// The deepest level with a technique id.
const MAX_LEVEL: usize = 3;

/// A state a closure starts from: each cell's candidate list, and how many places each digit
/// has in each house.
#[derive(Clone)]
struct Board {
    /// `cands[cell]`: the candidate digits (empty for a placed cell).
    cands: [CandidateList; 81],
    /// `places[house][digit]`: the cells of the house with the digit.
    places: [[u8; 10]; 27],
}

impl Board {
    /// The board of a grid.
    fn of_grid(grid: &NaiveGrid) -> Board {
        let cands: [CandidateList; 81] = std::array::from_fn(|c| *grid.cell(c).candidates());
        let mut places = [[0u8; 10]; 27];
        for (h, cells) in HOUSE_CELLS.iter().enumerate() {
            for &c in cells {
                for &d in cands[c].as_slice() {
                    places[h][d as usize] += 1;
                }
            }
        }
        Board { cands, places }
    }

    /// Whether `cell` has candidate `digit`.
    fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell].contains(digit)
    }
}

/// A literal: cell, digit 1..=9, on.
type Lit = (usize, u8, bool);

/// The level-0 closure of one assumption in a board, with reusable buffers.
struct Closure {
    /// `on[cell][digit]`: derived on.
    on: [[bool; 10]; 81],
    /// `off[cell][digit]`: derived off.
    off: [[bool; 10]; 81],
    /// Per cell, the board's candidates not off.
    live: [u8; 81],
    /// Per house and digit, the board's places not off.
    places: [[u8; 10]; 27],
    /// Literals derived but not yet followed.
    work: Vec<Lit>,
}

impl Closure {
    fn new() -> Closure {
        Closure {
            on: [[false; 10]; 81],
            off: [[false; 10]; 81],
            live: [0; 81],
            places: [[0; 10]; 27],
            work: Vec::with_capacity(256),
        }
    }

    /// Records a literal; returns false when its opposite is already derived.
    fn set(&mut self, (c, d, on): Lit) -> bool {
        let di = d as usize;
        if on {
            if self.on[c][di] {
                return true;
            }
            self.on[c][di] = true;
            self.work.push((c, d, true));
            !self.off[c][di]
        } else {
            if self.off[c][di] {
                return true;
            }
            self.off[c][di] = true;
            self.live[c] -= 1;
            for h in houses_of(c) {
                self.places[h][di] -= 1;
            }
            self.work.push((c, d, false));
            !self.on[c][di]
        }
    }

    /// Level 0 from `start` (a candidate of `board`): returns true when no contradiction
    /// appears (the closure is then complete).
    fn run(&mut self, board: &Board, start: Lit) -> bool {
        self.on = [[false; 10]; 81];
        self.off = [[false; 10]; 81];
        for (c, live) in self.live.iter_mut().enumerate() {
            *live = board.cands[c].len() as u8;
        }
        self.places = board.places;
        self.work.clear();
        self.set(start);
        self.follow(board)
    }

    /// Continues a complete closure without contradiction from `(cell, digit)` off.
    fn resume(&mut self, board: &Board, cell: usize, digit: u8) -> bool {
        self.set((cell, digit, false)) && self.follow(board)
    }

    /// Follows the work list to its end or to the first contradiction.
    fn follow(&mut self, board: &Board) -> bool {
        while let Some((c, d, on)) = self.work.pop() {
            if on {
                for &e in board.cands[c].as_slice() {
                    if e != d && !self.set((c, e, false)) {
                        return self.fail();
                    }
                }
                for h in houses_of(c) {
                    for &p in &HOUSE_CELLS[h] {
                        if p != c && board.has(p, d) && !self.set((p, d, false)) {
                            return self.fail();
                        }
                    }
                }
                continue;
            }
            // Naked single, or nothing left, in the cell.
            match self.live[c] {
                0 => return self.fail(),
                1 => {
                    let last =
                        board.cands[c].as_slice().iter().find(|&&e| !self.off[c][e as usize]);
                    if let Some(&e) = last {
                        if !self.set((c, e, true)) {
                            return self.fail();
                        }
                    }
                }
                _ => {}
            }
            // Hidden singles, or no place left, in its houses.
            for h in houses_of(c) {
                match self.places[h][d as usize] {
                    0 => return self.fail(),
                    1 => {
                        let last = HOUSE_CELLS[h]
                            .iter()
                            .find(|&&p| board.has(p, d) && !self.off[p][d as usize]);
                        if let Some(&p) = last {
                            if !self.set((p, d, true)) {
                                return self.fail();
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        true
    }

    /// A contradiction: drops the pending work.
    fn fail(&mut self) -> bool {
        self.work.clear();
        false
    }

    /// The derived board: `board` minus every literal derived off.
    fn derived(&self, board: &Board) -> Board {
        let mut cands = board.cands;
        for (c, list) in cands.iter_mut().enumerate() {
            if self.live[c] as usize != list.len() {
                for &d in board.cands[c].as_slice() {
                    if self.off[c][d as usize] {
                        list.remove(d);
                    }
                }
            }
        }
        Board { cands, places: self.places }
    }
}

/// Level-`closures.len() - 1` propagation of `start` on in `board` (see the module doc):
/// `closures[0]` holds the outer closure, the rest serve the lower levels. Returns true when no
/// contradiction appears.
fn propagate(closures: &mut [Closure], board: &Board, start: (usize, u8)) -> bool {
    let (outer, lower) = closures.split_first_mut().expect("one closure per level");
    if !outer.run(board, (start.0, start.1, true)) {
        return false;
    }
    if lower.is_empty() {
        return true;
    }
    loop {
        let mut proved_any = false;
        let mut sub = outer.derived(board);
        for d in 1..=9u8 {
            for c in 0..81 {
                if sub.cands[c].len() < 2 || !sub.has(c, d) {
                    continue;
                }
                if propagate(lower, &sub, (c, d)) {
                    continue;
                }
                if !outer.resume(board, c, d) {
                    return false;
                }
                proved_any = true;
                sub = outer.derived(board);
            }
        }
        if !proved_any {
            return true;
        }
    }
}

/// Every level-`level` elimination of `grid`.
fn find(grid: &NaiveGrid, found: &mut Findings, level: usize) {
    debug_assert!((1..=MAX_LEVEL).contains(&level));
    let board = Board::of_grid(grid);
    let mut closures: Vec<Closure> = (0..=level).map(|_| Closure::new()).collect();
    for d in 1..=9u8 {
        for c in 0..81 {
            if board.cands[c].len() >= 2
                && board.has(c, d)
                && !propagate(&mut closures, &board, (c, d))
            {
                found.eliminate(grid, c, d);
            }
        }
    }
}

/// Nested forcing net, level 1: the inner searches are forcing nets.
pub fn nested_forcing_net_1(grid: &NaiveGrid, found: &mut Findings) {
    find(grid, found, 1);
}

/// Nested forcing net, level 2: the inner searches are level-1 nested nets.
pub fn nested_forcing_net_2(grid: &NaiveGrid, found: &mut Findings) {
    find(grid, found, 2);
}

/// Nested forcing net, level 3: the inner searches are level-2 nested nets.
pub fn nested_forcing_net_3(grid: &NaiveGrid, found: &mut Findings) {
    find(grid, found, 3);
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, grid};
    use crate::{NaiveEngine, NaiveGrid, find};

    /// forum_hardest_1106 line 1 after singles and forcing nets, until they stall.
    fn stalled() -> NaiveGrid {
        let mut g = grid(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "",
        );
        let order = ["full-house", "naked-single", "hidden-single", "forcing-net"];
        NaiveEngine::new(&order, false).unwrap().solve(&mut g);
        assert!(!g.is_solved());
        g
    }

    #[test]
    fn level_1_goes_on_where_forcing_nets_stall() {
        let g = stalled();
        check_none("forcing-net", &g);
        // The same state and effects as the bitboard engine's (`bench agree` on this line).
        let expected = concat!(
            "r1c1<>1 r1c5<>1 r1c8<>1 r3c1<>1 r3c3<>1 r3c4<>1 r3c7<>1 r4c3<>1 r4c8<>1 r6c1<>1 r7c5<>1 ",
            "r7c8<>1 r7c9<>1 r9c4<>1 r9c7<>1 r4c2<>2 r7c2<>2 r1c4<>3 r1c5<>3 r1c7<>3 r1c8<>3 r3c4<>3 ",
            "r3c6<>3 r4c1<>3 r4c2<>3 r4c4<>3 r4c7<>3 r5c2<>3 r5c4<>3 r6c1<>3 r6c7<>3 r7c1<>3 r7c4<>3 ",
            "r7c5<>3 r7c6<>3 r8c1<>3 r8c5<>3 r8c6<>3 r1c2<>4 r1c3<>4 r1c4<>4 r1c6<>4 r3c4<>4 r3c6<>4 ",
            "r4c3<>4 r4c4<>4 r4c8<>4 r4c9<>4 r5c2<>4 r5c3<>4 r5c8<>4 r5c9<>4 r6c3<>4 r6c5<>4 r7c4<>4 ",
            "r7c5<>4 r7c6<>4 r7c9<>4 r8c4<>4 r8c5<>4 r8c9<>4 r1c1<>5 r2c1<>5 r2c5<>5 r3c6<>5 r4c1<>5 ",
            "r4c2<>5 r4c8<>5 r5c8<>5 r1c6<>6 r7c4<>6 r7c6<>6 r8c1<>6 r8c4<>6 r8c6<>6 r8c7<>6 r8c9<>6 ",
            "r1c1<>7 r1c2<>7 r2c2<>7 r3c1<>7 r3c3<>7 r3c6<>7 r5c2<>7 r7c1<>7 r7c2<>7 r7c9<>7 r8c1<>7 ",
            "r8c3<>7 r8c4<>7 r8c6<>7 r8c7<>7 r9c7<>7 r2c1<>8 r2c4<>8 r2c5<>8 r2c6<>8 r3c4<>8 r4c1<>8 ",
            "r4c2<>8 r4c7<>8 r4c8<>8 r5c1<>8 r5c2<>8 r5c4<>8 r6c5<>8 r6c7<>8 r8c4<>8 r8c5<>8 r8c6<>8 ",
            "r9c4<>8 r9c6<>8 r9c7<>8 r9c8<>8 r1c5<>9 r1c8<>9 r5c1<>9 r5c8<>9 r6c1<>9 r6c7<>9 r6c9<>9 ",
            "r7c1<>9 r7c4<>9 r7c8<>9 r7c9<>9 r8c4<>9 r8c5<>9 r8c7<>9 r8c9<>9 r9c8<>9"
        );
        check("nested-forcing-net-1", &g, expected);
    }

    #[test]
    fn level_2_finds_what_level_1_finds() {
        let g = stalled();
        let one = find("nested-forcing-net-1", &g).unwrap();
        let two = find("nested-forcing-net-2", &g).unwrap();
        for e in &one.eliminations {
            assert!(two.eliminations.contains(e), "{e:?}");
        }
    }

    /// A solution grid with the four cells of a deadly rectangle emptied: both ways to fill
    /// them are solutions, so no candidate leads to a contradiction at any level.
    #[test]
    fn nothing_when_every_candidate_is_in_a_solution() {
        let solution =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let mut givens: Vec<u8> = solution.bytes().collect();
        for i in [0, 1, 27, 28] {
            givens[i] = b'.';
        }
        let g = grid(std::str::from_utf8(&givens).unwrap(), "");
        for id in ["nested-forcing-net-1", "nested-forcing-net-2", "nested-forcing-net-3"] {
            check_none(id, &g);
        }
    }
}
