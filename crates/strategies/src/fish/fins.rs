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
//!
//! **Finned then sashimi.** Both kinds come out of one enumeration (the sashimi pool holds the
//! finned one; a base line with fewer than two candidates only ever makes a sashimi fish), and
//! in every order the sashimi search of a size runs right after the finned one, on the same
//! state when the finned search found nothing. So the finned search enumerates the sashimi
//! pool, pushes the finned fish and keeps the sashimi ones in a per-thread memo keyed by size
//! and candidate masks; the sashimi search replays the memo when its state matches and
//! searches itself otherwise. Same steps, same order: the sashimi fish come in the order of
//! the same enumeration either way.

use super::lines::{LineMasks, Orientation, bits, lines_with};
use super::search::{Fish, push};
use crate::combinations::for_each as for_each_base;
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, Digit};
use std::cell::RefCell;
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

/// The sashimi fish of the last complete finned search on this thread (see the module doc).
#[derive(Default)]
struct Memo {
    /// Whether `steps` holds every sashimi fish of size `size` on `masks`.
    valid: bool,
    size: usize,
    masks: [CellSet; 9],
    /// Steps labelled with the finned id, relabelled when replayed.
    steps: Vec<Step>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::default();
}

/// Finned or sashimi fish of size `N` (see the family doc in `mod.rs` for the exact rules).
pub(super) fn finned<const N: usize>(
    state: &Candidates,
    sink: &mut dyn Sink,
    kind: Fins,
    id: TechniqueId,
) -> ControlFlow<()> {
    let masks = *state.masks();
    match kind {
        Fins::Sashimi => {
            let memo = MEMO.take();
            let hit = memo.valid && memo.size == N && memo.masks == masks;
            let mut flow = ControlFlow::Continue(());
            if hit {
                for step in &memo.steps {
                    flow = sink.push(Step { technique: id, ..*step });
                    if flow.is_break() {
                        break;
                    }
                }
            }
            MEMO.set(memo);
            if hit { flow } else { enumerate::<N>(state, kind, sink, id, None) }
        }
        Fins::Finned => {
            let mut memo = MEMO.take();
            memo.steps.clear();
            let flow = enumerate::<N>(state, kind, sink, id, Some(&mut memo.steps));
            // A search stopped by its sink did not see every sashimi fish.
            memo.valid = flow.is_continue();
            (memo.size, memo.masks) = (N, masks);
            MEMO.set(memo);
            flow
        }
    }
}

/// The enumeration behind [`finned`], over the sashimi pool: fish of `kind` go to `sink`; a
/// finned search (which passes `sashimi`) also keeps the sashimi fish there.
fn enumerate<const N: usize>(
    state: &Candidates,
    kind: Fins,
    sink: &mut dyn Sink,
    id: TechniqueId,
    mut sashimi: Option<&mut Vec<Step>>,
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
            // Lines that fail the test on their own never join a base. Both kinds walk the
            // sashimi pool (a line with one candidate or more): a finned search also collects
            // the sashimi fish for the memo.
            let pool = bits(lines_with(lines, 1, 9))
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
                            found.try_fins(
                                state,
                                sink,
                                id,
                                sashimi.as_deref_mut(),
                                stack,
                                fin_lines,
                            )?;
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
    /// Tries the cross lines `fin_lines` (inside stack `stack`) as the fin lines; a fish of
    /// the search's kind goes to `sink`, a sashimi fish of a finned search to `sashimi`.
    fn try_fins(
        &self,
        state: &Candidates,
        sink: &mut dyn Sink,
        id: TechniqueId,
        sashimi: Option<&mut Vec<Step>>,
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
        let is_sashimi = bits(self.base).any(|l| (self.lines[l] & cover).count_ones() <= 1);
        let sink: &mut dyn Sink = match (is_sashimi, self.kind, sashimi) {
            (true, Fins::Sashimi, _) | (false, Fins::Finned, _) => sink,
            (true, Fins::Finned, Some(memo)) => memo,
            _ => return ControlFlow::Continue(()),
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::FirstStep;

    /// The sashimi search of a fresh thread state (no memo) on `state`.
    fn fresh<const N: usize>(state: &Candidates, id: TechniqueId) -> Vec<Step> {
        MEMO.with_borrow_mut(|m| m.valid = false);
        let mut steps = Vec::new();
        let _ = finned::<N>(state, &mut steps, Fins::Sashimi, id);
        steps
    }

    fn sizes<const N: usize>(states: &[Candidates], finned_id: TechniqueId, sashimi: TechniqueId) {
        let (mut replayed, mut found) = (0, 0);
        for (i, state) in states.iter().enumerate() {
            let expected = fresh::<N>(state, sashimi);
            found += expected.len();
            // Finned first (what every order does), then sashimi from the memo.
            let _ = finned::<N>(state, &mut Vec::new(), Fins::Finned, finned_id);
            let mut steps = Vec::new();
            let _ = finned::<N>(state, &mut steps, Fins::Sashimi, sashimi);
            assert_eq!(steps, expected, "state {i}");
            replayed += 1;
            // A first-step sink gets the first of them.
            let _ = finned::<N>(state, &mut Vec::new(), Fins::Finned, finned_id);
            let mut first = FirstStep(None);
            let _ = finned::<N>(state, &mut first, Fins::Sashimi, sashimi);
            assert_eq!(first.0, expected.first().copied(), "state {i}");
            // A memo of another state or size is not replayed.
            let other = &states[(i + 1) % states.len()];
            let _ = finned::<N>(other, &mut Vec::new(), Fins::Finned, finned_id);
            let mut steps = Vec::new();
            let _ = finned::<N>(state, &mut steps, Fins::Sashimi, sashimi);
            assert_eq!(steps, expected, "state {i} after another state");
            // A finned search stopped by its sink leaves no memo.
            let mut stop = FirstStep(None);
            if finned::<N>(state, &mut stop, Fins::Finned, finned_id).is_break() {
                assert!(!MEMO.with_borrow(|m| m.valid));
            }
        }
        assert!(replayed > 0 && found > 0, "{replayed} replays, {found} sashimi fish");
    }

    /// Sashimi fish replayed from the finned search's memo are exactly those of a fresh
    /// search, in the same order, on many states; stale memos are never replayed.
    #[test]
    fn replayed_sashimi_fish_equal_a_fresh_search() {
        let states = crate::forcing::test_states::varied(30, 4);
        sizes::<2>(&states, TechniqueId::FinnedXWing, TechniqueId::SashimiXWing);
        sizes::<3>(&states, TechniqueId::FinnedSwordfish, TechniqueId::SashimiSwordfish);
        sizes::<4>(&states, TechniqueId::FinnedJellyfish, TechniqueId::SashimiJellyfish);
    }
}
