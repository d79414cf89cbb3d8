//! W-Wing: two bivalue cells `C1`, `C2` with the same candidates `{x,y}` that do not see each
//! other, joined by a *strong link* on `x`: a house where `x` is a candidate in exactly two
//! cells `L1`, `L2`, with `L1` seeing `C1` and `L2` seeing `C2`. If neither `C1` nor `C2` were
//! `y`, both would be `x`, which would remove `x` from both link cells and leave the link's
//! house without an `x`. So `C1` or `C2` is `y`, and every cell seeing both loses `y`.
//!
//! ```text
//!   C1 r1c1 {4,7}, C2 r5c6 {4,7}, 4 in column 3 only at r2c3 (sees C1) and r5c3 (sees C2)
//!   => cells seeing r1c1 and r5c6: r1c6 and r5c1 lose 7.
//! ```
//!
//! Rating: HoDoKu score 150 (hard), SE 4.4.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Enumerated instances: every unordered pair of unsolved cells `C1 < C2` (row-major) that
//!   both have exactly the same two candidates `{x,y}` and are not peers, and every choice of
//!   the link digit among the two (`x` linked, `y` eliminated, or the other way round).
//! * The instance exists when some house holds the link digit in exactly two cells `L1`, `L2`
//!   with (`L1` a peer of `C1` and `L2` a peer of `C2`) or (`L1` a peer of `C2` and `L2` a peer
//!   of `C1`). The link cells are never `C1`/`C2` (neither is its own peer, and `C1`, `C2` are
//!   not peers). A link cell may see both bivalue cells.
//! * Eliminations: the other digit from every cell that is a peer of both `C1` and `C2` and
//!   still has it as a candidate.
//! * One step per (pair, link digit) with at least one elimination, however many houses
//!   provide a link (they all give the same eliminations): the evidence names the first such
//!   house in house order (rows 1-9, columns 1-9, boxes 1-9).
//! * Evidence: `digits = {x,y}`, `pincers = {C1,C2}`, `cells = {C1,C2,L1,L2}`, `base` = the
//!   link's house; no pivot.

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::tables::{HOUSES, PEERS};
use bitdoku_bitboard::{Candidates, Cell, CellSet, House, HouseSet};
use std::ops::ControlFlow;

/// W-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::WWing,
    name: "W-Wing",
    family: Family::Wings,
    hodoku: Hodoku { order: 3200, score: 150, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.4,
    reglib: Reglib::Codes(&["0803"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every W-Wing of `state` (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = state.masks();
    let bivalue = state.counts().exactly(2);
    // links[d]: bit h set when house h holds digit d in exactly two cells (computed lazily).
    let mut links: [Option<u32>; 9] = [None; 9];
    for c1 in bivalue {
        let pair = state.digits_at(c1);
        let (Some(p), Some(q)) = (pair.first(), pair.iter().nth(1)) else { continue };
        let seen1 = PEERS[c1.index()];
        // Same pair, later in row-major order, not a peer.
        let partners = (bivalue & masks[p.index()] & masks[q.index()] & after(c1)) - seen1;
        for c2 in partners {
            let seen2 = PEERS[c2.index()];
            for (x, y) in [(p, q), (q, p)] {
                let targets = masks[y.index()] & seen1 & seen2;
                if targets.is_empty() {
                    continue;
                }
                let houses =
                    *links[x.index()].get_or_insert_with(|| strong_houses(masks[x.index()]));
                let Some((house, ends)) = link(houses, masks[x.index()], seen1, seen2) else {
                    continue;
                };
                let mut step = Step::new(TechniqueId::WWing);
                step.eliminate(y, targets);
                step.evidence.digits = pair;
                step.evidence.pincers = CellSet::single(c1).with(c2);
                step.evidence.cells = step.evidence.pincers | ends;
                step.evidence.base = HouseSet::single(house);
                sink.push(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The cells after `cell` in row-major order.
fn after(cell: Cell) -> CellSet {
    CellSet::from_bits_truncate(!((2u128 << cell.index()) - 1))
}

/// Bit `h` set when house `h` holds exactly two cells of `digit_cells`.
fn strong_houses(digit_cells: CellSet) -> u32 {
    let mut out = 0;
    for (h, cells) in HOUSES.iter().enumerate() {
        out |= u32::from((digit_cells & *cells).len() == 2) << h;
    }
    out
}

/// The first house (in index order) among `houses` whose two cells of `digit_cells` link a
/// peer of one bivalue cell (`seen1`) to a peer of the other (`seen2`).
fn link(
    mut houses: u32,
    digit_cells: CellSet,
    seen1: CellSet,
    seen2: CellSet,
) -> Option<(House, CellSet)> {
    while houses != 0 {
        let h = houses.trailing_zeros() as usize;
        houses &= houses - 1;
        let ends = digit_cells & HOUSES[h];
        let mut it = ends.iter();
        let (Some(a), Some(b)) = (it.next(), it.next()) else { continue };
        let joins = |u: Cell, v: Cell| seen1.contains(u) && seen2.contains(v);
        if joins(a, b) || joins(b, a) {
            return Some((House::new(h as u8).expect("27 houses"), ends));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{P158, P158_DELETED, pencil};
    use crate::TechniqueId::WWing;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// Digit 4 removed from column 3 except r2c3 and r5c3.
    const COLUMN_3_LINK: &str = "413 433 443 463 473 483 493";

    /// The module example on an otherwise empty grid: C1 r1c1 {4,7}, C2 r5c6 {4,7}, strong
    /// link on 4 in column 3 between r2c3 (sees C1 in box 1) and r5c3 (sees C2 in row 5).
    #[test]
    fn strong_link_in_a_column() {
        let s = pencil("r1c1=47 r5c6=47", COLUMN_3_LINK);
        let step = check_step(WWing, &s, "r1c6<>7 r5c1<>7");
        assert_eq!(step.evidence.digits.to_string(), "47");
        assert_eq!(step.evidence.pincers.to_string(), "r1c1 r5c6");
        assert_eq!(step.evidence.cells.to_string(), "r1c1 r2c3 r5c3 r5c6");
        assert_eq!(step.evidence.base.to_string(), "c3");
        check(WWing, &s, "r1c6<>7 r5c1<>7");
    }

    /// A real state (magictour_top1465 #158): r1c8 and r4c9 are both {2,8}; column 4 holds 2
    /// only in r1c4 (row 1, sees r1c8) and r4c4 (row 4, sees r4c9). Cells seeing r1c8 and
    /// r4c9: r4c8 {6,8} loses 8 (r1c9, r2c9, r3c9 are solved).
    #[test]
    fn real_state() {
        let s = state(P158, P158_DELETED);
        check(WWing, &s, "r4c8<>8");
    }

    /// Must not fire: no strong link; bivalue cells that see each other (a naked pair, not a
    /// W-Wing); a link whose ends both see only C1; different pairs.
    #[test]
    fn not_applicable() {
        check_not_applicable(WWing, &pencil("r1c1=47 r5c6=47", ""));
        check_not_applicable(WWing, &pencil("r1c1=47 r1c6=47", COLUMN_3_LINK));
        // 4 in column 3 only at r1c3 and r2c3: both in box 1, neither sees r5c6.
        check_not_applicable(WWing, &pencil("r1c1=47 r5c6=47", "433 443 453 463 473 483 493"));
        check_not_applicable(WWing, &pencil("r1c1=47 r5c6=48", COLUMN_3_LINK));
    }
}
