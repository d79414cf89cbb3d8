//! Nice loops and AICs (alternating inference chains) over every kind of link: the two digits
//! of a cell and one digit in a house, strong and weak. One technique covers HoDoKu's
//! continuous nice loops (reglib 0706), discontinuous nice loops (0707) and AICs (0708):
//!
//! * **AIC** `A = … = B`: one of the ends is true, so a candidate weakly linked to both ends is
//!   false: type 1 (same digit: the cells that see both ends), type 2 (different digits in two
//!   cells that see each other: each end's cell loses the other end's digit), and ends in one
//!   cell (the cell keeps only the two end digits).
//! * **Discontinuous nice loop**: a chain from a candidate back to itself. Off → … → on (both
//!   links at the start strong) makes it true, and the step removes the cell's other candidates;
//!   on → … → off (a weak link at either side) makes it false, and the step removes it.
//! * **Continuous nice loop**: an AIC whose ends are weakly linked closes into a loop; every link
//!   of the loop is then "exactly one", so each link's common weak partners go: the digit from
//!   the cells outside the loop seeing both nodes of a house link, the other digits of a cell
//!   link's cell (HoDoKu's form: cells of the loop keep the digit of a house link).
//!
//! ```text
//!   Nice Loop/AIC 5: (5)r2c3=(5)r2c8-(5)r8c8=(2)r8c8-(2)r8c2=(5)r8c2 => r4c2<>5, ...
//! ```
//!
//! Rating: HoDoKu score 280 (unfair), SE 7.0-7.5 (grows with length).
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Graph: every candidate; strong links: bivalue cells, a digit exactly twice in a house;
//!   weak links: two digits of one cell, one digit in two cells of a house.
//! * Ends: every pair of candidates `A`, `B` (`A = B` allowed) such that the shortest
//!   alternating walk from "`A` off" to "`B` on" has at most 24 links.
//! * Eliminations (the batch union): every candidate weakly linked to both `A` and `B`. The
//!   discontinuous and continuous loop steps eliminate subsets of that union, so the union of
//!   all steps is exactly the union over the AIC pairs.
//! * Steps: one per AIC pair with eliminations, one per forced-true candidate (its cell's other
//!   candidates), one per forced-false candidate (the shortest walk "on" → "off"), one per
//!   continuous loop (an AIC pair whose ends are weakly linked and whose shortest walk repeats
//!   no node); duplicates of an elimination set are dropped. Canonical order: fewest links, then
//!   most eliminations, then search order (`A`, then `B`, digit-major candidate order).

use super::LinkGraph;
use super::search::{self, ALL_KINDS, MAX_LINKS, Spec};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

pub(crate) const SPEC: Spec = Spec {
    id: TechniqueId::Aic,
    strong: ALL_KINDS,
    weak: ALL_KINDS,
    groups: false,
    max_links: MAX_LINKS,
    elim_cell: true,
    same_digit_ends: false,
    nice_loops: true,
};

/// Nice Loop/AIC's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::Aic,
    name: "Nice Loop/AIC",
    family: Family::Chains,
    hodoku: Hodoku {
        order: 5600,
        score: 280,
        level: Level::Unfair,
        choice: HodokuChoice::Replaced,
    },
    se: 7.0,
    reglib: Reglib::Codes(&["0706", "0707", "0708"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every nice loop and AIC of `state` (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::find(&LinkGraph::for_state(state), &SPEC, sink)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::Aic;
    use crate::testkit::{check_not_applicable, check_step};
    use crate::wings::fixtures::pencil;

    /// An X-chain is an AIC on one digit: 5 only in r1c2/r1c7 and r4c2/r4c7; the chain
    /// (5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2 clears column 2, and the shortest step is that chain.
    #[test]
    fn single_digit_chain() {
        let row1: String =
            (1..=9).filter(|c| *c != 2 && *c != 7).map(|c| format!("51{c} ")).collect();
        let row4: String =
            (1..=9).filter(|c| *c != 2 && *c != 7).map(|c| format!("54{c} ")).collect();
        let s = pencil("", &(row1 + &row4));
        let step = check_step(Aic, &s, "r2c2<>5 r3c2<>5 r5c2<>5 r6c2<>5 r7c2<>5 r8c2<>5 r9c2<>5");
        assert_eq!(step.evidence.chain.link_count(), 3);
        // The whole X-Wing-shaped loop also closes: both columns are cleared by one step.
        let looped = crate::registry::find_all(Aic, &s);
        assert!(looped.iter().any(|s| s.evidence.chain.is_loop() && s.effect_count() == 14));
    }

    /// Must not fire on an empty grid.
    #[test]
    fn empty_grid() {
        check_not_applicable(Aic, &pencil("", ""));
    }
}
