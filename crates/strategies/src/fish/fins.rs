//! The finned half of the fish search: for each base set, the choice of fin cross lines, the
//! one-box rule for the fins, the eliminations and the finned/sashimi split (rules in
//! `fish/mod.rs`). Line masks and the base enumeration come from `search.rs`.
//!
//! Everything up to the push works on 9-bit masks. For a base set with union `U` (the cross
//! lines holding base candidates) and fin cross lines `F` inside one stack:
//!
//! * cover = `U - F`;
//! * the base lines holding a fin = `base & (cross[x] for x in F)`: the cross masks list, per
//!   cross line, the lines that hold the digit there;
//! * something to eliminate = a line of the fin band outside the base whose mask meets the
//!   cover inside the fin stack.
//!
//! Cell sets are built only for a fish that is pushed.

use super::lines::{LineMasks, Orientation, bits, lines_with};
use super::search::{Fish, push};
use crate::combinations::for_each as for_each_base;
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, Digit};
use std::ops::ControlFlow;

/// The three stacks (or bands) of lines as 9-bit masks, in octal one digit per group of three.
const GROUPS: [u16; 3] = [0o007, 0o070, 0o700];

/// Which finned fish a search reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fins {
    /// Every base line keeps at least two candidates in the cover lines.
    Finned,
    /// Some base line has at most one candidate in the cover lines.
    Sashimi,
}

/// `OUTSIDE[u]` = the fewest cross lines of `u` (a 9-bit mask) outside one stack, that is
/// `min over stacks s of popcount(u & !s)`: e.g. `OUTSIDE[0o023]` = 1 (c1 c2 c5: only c5 is
/// outside stack 1), `OUTSIDE[0o421]` = 2 (c1 c5 c9). 512 bytes, one load per test.
const OUTSIDE: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut u = 0;
    while u < 512 {
        let mut best = 9;
        let mut s = 0;
        while s < 3 {
            let outside = (u as u16 & !GROUPS[s]).count_ones();
            if outside < best {
                best = outside;
            }
            s += 1;
        }
        table[u] = best as u8;
        u += 1;
    }
    table
};

/// Whether a finned fish of size `n` can still come from a base whose cross lines are
/// `union`. Its cover keeps every cross line outside the fin stack plus at least one inside
/// it, so some stack must leave at most `n - 1` cross lines of the union outside it: union
/// c1 c2 c5 fits a finned X-Wing (fin stack 1, cover c5 and c1 or c2), union c1 c5 c9 does
/// not. Adding lines only grows the union, so the test is monotone (it prunes).
fn fits(union: u16, n: u32) -> bool {
    u32::from(OUTSIDE[usize::from(union)]) < n
}

/// Finned or sashimi fish of size `N` (see the family doc in `mod.rs` for the exact rules).
pub(super) fn finned<const N: usize>(
    state: &Candidates,
    sink: &mut dyn Sink,
    kind: Fins,
    id: TechniqueId,
) -> ControlFlow<()> {
    let n = N as u32;
    let fits = |union: u16| fits(union, n);
    for digit in Digit::all() {
        let cells = state.cells(digit);
        if (cells.len() as usize) < N {
            // Fewer candidates than base lines (e.g. a digit the engine's narrowed search
            // left out): no base.
            continue;
        }
        let masks = LineMasks::new(cells);
        for orientation in Orientation::BOTH {
            let (lines, cross) = masks.of(orientation);
            // Lines that fail the test on their own never join a base; a finned (not
            // sashimi) fish keeps two cover candidates in every base line.
            let min = if kind == Fins::Finned { 2 } else { 1 };
            let pool = bits(lines_with(lines, min, 9))
                .filter(|&l| fits(lines[l]))
                .fold(0, |p, l| p | 1 << l);
            for_each_base::<N, _, _>(lines, pool, fits, |base, union| {
                let width = union.count_ones();
                if width <= n {
                    return ControlFlow::Continue(());
                }
                let fins = width - n;
                // off[g] = the cross lines held by base lines outside band g: a fin there would
                // lie outside band g, so fins in band g avoid them.
                let mut per_band = [0u16; 3];
                for l in bits(base) {
                    per_band[l / 3] |= lines[l];
                }
                let [b0, b1, b2] = per_band;
                let off = [b1 | b2, b0 | b2, b0 | b1];
                // The cross lines of the union holding the digit off the base: only there can
                // a fin box have something to lose.
                let open =
                    bits(union).filter(|&x| cross[x] & !base != 0).fold(0, |m, x| m | 1 << x);
                let found = Found { lines, cross, orientation, digit, base, union, n, kind };
                for (stack, &group) in GROUPS.iter().enumerate() {
                    let in_stack = union & group;
                    if in_stack & open == 0
                        || off.iter().all(|&o| (in_stack & !o).count_ones() < fins)
                    {
                        continue;
                    }
                    // Every subset of the stack's cross lines with the right size that leaves
                    // an open cover cross line in the stack (else the fin box has nothing to
                    // lose), walked with `sub = (sub - 1) & set` (all subsets, largest first).
                    let mut fin_lines = in_stack;
                    while fin_lines != 0 {
                        if fin_lines.count_ones() == fins && in_stack & open & !fin_lines != 0 {
                            found.try_fins(state, sink, id, stack, fin_lines)?;
                        }
                        fin_lines = (fin_lines - 1) & in_stack;
                    }
                }
                ControlFlow::Continue(())
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// A base set under examination for fins.
struct Found<'a> {
    lines: &'a [u16; 9],
    cross: &'a [u16; 9],
    orientation: Orientation,
    digit: Digit,
    base: u16,
    union: u16,
    n: u32,
    kind: Fins,
}

impl Found<'_> {
    /// Tries the cross lines `fin_lines` (inside stack `stack`) as the fin lines.
    fn try_fins(
        &self,
        state: &Candidates,
        sink: &mut dyn Sink,
        id: TechniqueId,
        stack: usize,
        fin_lines: u16,
    ) -> ControlFlow<()> {
        let cover = self.union & !fin_lines;
        debug_assert_eq!(cover.count_ones(), self.n);
        // Base lines holding a fin must lie in one group of three lines (one band or stack).
        let finned_lines = bits(fin_lines).fold(0, |acc, x| acc | self.cross[x]) & self.base;
        let band = GROUPS[finned_lines.trailing_zeros() as usize / 3];
        if finned_lines & !band != 0 {
            return ControlFlow::Continue(());
        }
        // Something to eliminate: the digit in the fin box, in a cover line, off the base.
        let targets = cover & GROUPS[stack];
        if bits(band & !self.base).all(|l| self.lines[l] & targets == 0) {
            return ControlFlow::Continue(());
        }
        let sashimi = bits(self.base).any(|l| (self.lines[l] & cover).count_ones() <= 1);
        if sashimi != (self.kind == Fins::Sashimi) {
            return ControlFlow::Continue(());
        }
        let o = self.orientation;
        let cells = state.cells(self.digit);
        let fin_box = o.line_cells(band) & o.cross_cells(GROUPS[stack]);
        let base_cells = o.line_cells(self.base);
        let fins = cells & base_cells & o.cross_cells(fin_lines);
        let fish = Fish {
            digit: self.digit,
            orientation: o,
            base: self.base,
            cover,
            body: (cells & base_cells) - fins,
            fins,
            eliminations: (cells & o.cross_cells(cover) & fin_box) - base_cells,
        };
        push(sink, id, &fish)
    }
}
