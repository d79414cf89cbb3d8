//! X-Chain: an alternating chain on one digit. Strong links are conjugate pairs (the digit's
//! only two cells in a house), weak links any two cells of a house. The chain starts and ends
//! with a strong link, so one of its two ends holds the digit: every cell that sees both ends
//! loses it.
//!
//! ```text
//!   X-Chain 5: (5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2 => r3c2<>5
//! ```
//!
//! Rating: HoDoKu score 260 (unfair), SE 6.6.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Graph: the candidates of one digit; strong link between the two cells of a house holding
//!   the digit exactly twice; weak link between any two cells of one house holding it.
//! * Ends: every pair of candidates `A`, `B` (same digit; `A = B` allowed) such that the
//!   shortest alternating walk from "`A` off" to "`B` on" (strong links from off to on, weak
//!   links from on to off) has at most 24 links.
//! * Eliminations: the digit in every cell that sees both ends (for `A = B`: sees `A`).
//! * One step per distinct elimination set; canonical order (single granularity): fewest
//!   links, then most eliminations, then search order (`A`, then `B`, in digit-major candidate
//!   order). Evidence: the chain (shortest walk, BFS order), its cells, the end cells.

use super::LinkGraph;
use super::links::HOUSE;
use super::search::{self, MAX_LINKS, Spec};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

pub(crate) const SPEC: Spec = Spec {
    id: TechniqueId::XChain,
    strong: HOUSE,
    weak: HOUSE,
    groups: false,
    max_links: MAX_LINKS,
    elim_cell: false,
    same_digit_ends: false,
    nice_loops: false,
};

/// X-Chain's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::XChain,
    name: "X-Chain",
    family: Family::Chains,
    hodoku: Hodoku { order: 5400, score: 260, level: Level::Unfair, choice: HodokuChoice::Ranked },
    se: 6.6,
    reglib: Reglib::Codes(&["0701"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Pushes every X-chain of `state` (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::find(&LinkGraph::for_state(state), &SPEC, sink)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::XChain;
    use crate::testkit::{check_not_applicable, check_step};
    use crate::wings::fixtures::pencil;

    /// The module example: 5 only twice in rows 1 and 4 (a skyscraper is the 3-link X-chain),
    /// joined by column 7; r3c2 sees both ends.
    #[test]
    fn three_link_chain() {
        let row1: String =
            (1..=9).filter(|c| *c != 2 && *c != 7).map(|c| format!("51{c} ")).collect();
        let row4: String =
            (1..=9).filter(|c| *c != 2 && *c != 7).map(|c| format!("54{c} ")).collect();
        let s = pencil("", &(row1 + &row4));
        let step =
            check_step(XChain, &s, "r2c2<>5 r3c2<>5 r5c2<>5 r6c2<>5 r7c2<>5 r8c2<>5 r9c2<>5");
        assert!(step.explain().contains("(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2"), "{}", step.explain());
    }

    /// Must not fire on an empty grid: no conjugate pairs at all.
    #[test]
    fn needs_strong_links() {
        check_not_applicable(XChain, &pencil("", ""));
    }
}
