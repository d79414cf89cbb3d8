//! Grouped nice loops and AICs: [`super::aic`] with group nodes. A group is a digit's 2-3
//! candidates inside one mini-line (box ∩ row or box ∩ column), "on" when one of them is true.
//! Groups take part in house links like single cells: strong when a house's candidates of the
//! digit are exactly the two nodes, weak when every cell of one node sees every cell of the
//! other. Covers HoDoKu's grouped continuous (0709), grouped discontinuous (0710) and grouped
//! AIC (0711) cases that use no ALS node (the `-2`, `-3` and `-4` variants of 0709-0711 with
//! ALS nodes wait for the ALS issue).
//!
//! ```text
//!   Grouped Nice Loop/AIC 4: (4)r1c2=(4)r3c3-(4)r3c789=(4)r2c9 => r1c9<>4, ...
//! ```
//!
//! Rating: HoDoKu score 300 (unfair), SE 7.0-7.5.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! Exactly those of [`super::aic`] with group nodes added to the graph: a group node for each
//! digit and mini-line holding it 2 or 3 times; ends may be groups (a candidate is weakly linked
//! to a group when its cell sees every cell of the group), discontinuous loops are reported for
//! single-candidate starts only. Every plain chain is also a grouped chain, so the grouped
//! union contains the plain one; in an engine order the plain technique runs first.

use super::LinkGraph;
use super::links::ALS;
use super::search::{self, ALL_KINDS, MAX_LINKS, Spec};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

pub(crate) const SPEC: Spec = Spec {
    id: TechniqueId::GroupedAic,
    strong: ALL_KINDS,
    weak: ALL_KINDS,
    groups: true,
    max_links: MAX_LINKS,
    elim_cell: true,
    same_digit_ends: false,
    nice_loops: true,
};

const SPEC_ALS: Spec = Spec { strong: ALL_KINDS | ALS, ..SPEC };

/// Grouped Nice Loop/AIC's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::GroupedAic,
    name: "Grouped Nice Loop/AIC",
    family: Family::Chains,
    hodoku: Hodoku {
        order: 5650,
        score: 300,
        level: Level::Unfair,
        choice: HodokuChoice::Replaced,
    },
    se: 7.2,
    reglib: Reglib::Codes(&["0709", "0710", "0711"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every grouped nice loop and AIC of `state` (see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::find(&LinkGraph::for_state(state), &SPEC, sink)
}

/// The same with ALS nodes in the chains (HoDoKu's option, off by default and in the
/// registered search; reglib 0709-2, 0710-3/-4, 0711-3/-4): an ALS of two or more cells that
/// lacks one of its digits holds all the others ([`LinkGraph::build_with_als`]). In a
/// continuous loop through an ALS, its digits other than the two the loop uses are locked in
/// it and leave the cells that see all their ALS cells.
pub fn find_with_als(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::find(&LinkGraph::build_with_als(state), &SPEC_ALS, sink)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::GroupedAic;
    use crate::testkit::check_not_applicable;
    use crate::wings::fixtures::pencil;

    /// Must not fire on an empty grid.
    #[test]
    fn empty_grid() {
        check_not_applicable(GroupedAic, &pencil("", ""));
    }
}
