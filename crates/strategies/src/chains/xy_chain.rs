//! XY-Chain: a chain of bivalue cells. Inside each cell the link is strong (one of its two
//! digits is true); between cells it is weak (one digit in two cells of a house). The chain
//! starts and ends with the same digit `z` in two different cells, so one end is `z`: every
//! cell that sees both ends loses `z`. (An XY-Wing is the three-cell XY-chain.)
//!
//! ```text
//!   XY-Chain 1237: (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(7)r5c5-(7)r5c2=(1)r5c2 => r2c2<>1, ...
//! ```
//!
//! Rating: HoDoKu score 260 (unfair), SE 7.0.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Graph: every candidate; strong link between the two digits of a bivalue cell; weak link
//!   between one digit in two cells of one house.
//! * Ends: every pair of candidates `A`, `B` of the same digit in two different cells such that
//!   the shortest alternating walk from "`A` off" to "`B` on" has at most 24 links.
//! * Eliminations: the digit in every cell that sees both ends.
//! * One step per distinct elimination set; canonical order as for [`super::x_chain`].

use super::LinkGraph;
use super::links::{CELL, HOUSE};
use super::search::{self, MAX_LINKS, Spec};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

pub(crate) const SPEC: Spec = Spec {
    id: TechniqueId::XyChain,
    strong: CELL,
    weak: HOUSE,
    groups: false,
    max_links: MAX_LINKS,
    elim_cell: false,
    same_digit_ends: true,
    nice_loops: false,
};

/// XY-Chain's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::XyChain,
    name: "XY-Chain",
    family: Family::Chains,
    hodoku: Hodoku { order: 5500, score: 260, level: Level::Unfair, choice: HodokuChoice::Ranked },
    se: 7.0,
    reglib: Reglib::Codes(&["0702"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every XY-chain of `state` (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::find(&LinkGraph::for_state(state), &SPEC, sink)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::XyChain;
    use crate::testkit::{check_not_applicable, check_step};
    use crate::wings::fixtures::pencil;

    /// Four bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,7}, r5c2 {7,1}: one end is 1, so
    /// the cells seeing r1c1 and r5c2 (column 2 of box 1, column 1... : r1c2, r1c3 sees r1c1
    /// only via the row and r5c2? no) lose 1: r2c2, r3c2 (box 1 and column 2) and r5c1 (row 5
    /// and column 1), r4c1, r6c1 (box 4 and column 1).
    #[test]
    fn four_cell_chain() {
        let s = pencil("r1c1=12 r1c5=23 r5c5=37 r5c2=17", "");
        let step = check_step(XyChain, &s, "r1c2<>1 r2c2<>1 r3c2<>1 r4c1<>1 r5c1<>1 r6c1<>1");
        assert!(step.explain().starts_with("XY-Chain"), "{}", step.explain());
    }

    /// Must not fire: the ends {1,2} and {3,1} are not joined (r5c5 holds {3,8}).
    #[test]
    fn broken_chain() {
        check_not_applicable(XyChain, &pencil("r1c1=12 r1c5=23 r5c5=38 r5c2=17", ""));
    }
}
