//! ALS-XY-Wing: three almost locked sets A, C, B where C (the pivot) has a restricted common x
//! with A and a restricted common y with B. C lacks at most one digit, so it holds x or y:
//! then A lacks x or B lacks y, and that ALS is locked. For every digit z that A and B share
//! (other than the restricted commons), A or B holds z, and every cell that sees all z-cells
//! of both loses z. (An XY-Wing is the case of three bivalue cells.)
//!
//! ```text
//!   ALS-XY-Wing: (r1c5 {13}) -1- (r1c1 {12}) -2- (r5c1 {23}), z 3 => r5c5<>3
//! ```
//!
//! Rating: HoDoKu score 320 (unfair), SE 8.0.
//!
//! # Find-all semantics
//!
//! Candidate steps: every (pivot C, restricted common C-A, restricted common C-B) with A != B, A and B
//! disjoint, not both links singly linked on the same digit, and a non-empty elimination set:
//! every digit z of A ∩ B that is none of the two links' restricted commons, removed from the
//! cells outside A and B that see all z-cells of A and of B (they may lie in C). One step per
//! elimination set, the first in HoDoKu's order (by the pair of restricted-common indices, see
//! [`super::sets`]), pushed in that order.
//! Evidence: A, C, B in that order (A links to C by x, C to B by y), the eliminated digits.

use super::sets::AlsLayer;
use super::{als_step, common_eliminations, is_empty};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// ALS-XY-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::AlsXyWing,
    name: "ALS-XY-Wing",
    family: Family::Als,
    hodoku: Hodoku { order: 5800, score: 320, level: Level::Unfair, choice: HodokuChoice::First },
    se: 8.0,
    reglib: Reglib::Codes(&["0902"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Wide,
};

/// Pushes every ALS-XY-Wing of `state` (disjoint ALSs; see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(&AlsLayer::for_state(state), sink)
}

/// The same with overlapping ALSs allowed.
pub fn find_overlapping(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(&AlsLayer::build(state, true), sink)
}

/// What the pair test of [`search`] reads of one neighbour of the pivot, packed so that the
/// pairs of one pivot are tested from a small array.
#[derive(Clone, Copy)]
struct Neighbour {
    /// Index into `layer.rccs` of the link pivot-neighbour.
    rcc: u32,
    /// The neighbour's index into `layer.alses`.
    als: usize,
    /// The link's restricted commons.
    links: u16,
    /// The neighbour's digits, cells and reach.
    digits: u16,
    cells: CellSet,
    reach: CellSet,
}

fn search(layer: &AlsLayer, sink: &mut dyn Sink) -> ControlFlow<()> {
    // One step per elimination set (the one HoDoKu meets first).
    let mut found: HashMap<[u128; 9], ((u32, u32), crate::Step)> = HashMap::new();
    let mut near: Vec<Neighbour> = Vec::new();
    for c in 0..layer.alses.len() {
        near.clear();
        near.extend(layer.rccs_of(c).iter().map(|&k| {
            let r = &layer.rccs[k as usize];
            let als = r.other(c);
            let a = &layer.alses[als];
            Neighbour {
                rcc: k,
                als,
                links: r.digits.bits(),
                digits: a.digits.bits(),
                cells: a.cells,
                reach: a.reach,
            }
        }));
        for (k, p) in near.iter().enumerate() {
            for q in &near[k + 1..] {
                if let Some(step) = wing(layer, c, p, q) {
                    let key = (p.rcc.min(q.rcc), p.rcc.max(q.rcc));
                    let e = found.entry(step.eliminations.map(|m| m.bits())).or_insert((key, step));
                    if key < e.0 {
                        *e = (key, step);
                    }
                }
            }
        }
    }
    let mut found: Vec<((u32, u32), crate::Step)> = found.into_values().collect();
    found.sort_by_key(|&(key, _)| key);
    for (_, step) in found {
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

/// The wing with pivot `c` and neighbours `p` (A) and `q` (B), if it eliminates anything.
fn wing(layer: &AlsLayer, c: usize, p: &Neighbour, q: &Neighbour) -> Option<crate::Step> {
    if p.links.count_ones() == 1 && p.links == q.links {
        return None;
    }
    let zs = p.digits & q.digits & !(p.links | q.links);
    // Cheap tests first: no digit z, or no cell seeing cells of both (every elimination lies
    // in both reaches), means no elimination.
    if p.als == q.als || zs == 0 || !p.reach.intersects(q.reach) {
        return None;
    }
    if p.cells.intersects(q.cells) && !layer.overlap() {
        return None;
    }
    let both = p.cells | q.cells;
    if both == p.cells || both == q.cells {
        return None;
    }
    let (a, b) = (&layer.alses[p.als], &layer.alses[q.als]);
    let elims = common_eliminations(a, b, DigitSet::from_bits(zs));
    if is_empty(&elims) {
        return None;
    }
    let pivot = &layer.alses[c];
    Some(als_step(
        TechniqueId::AlsXyWing,
        elims,
        &[
            (a, DigitSet::from_bits(p.links)),
            (pivot, DigitSet::from_bits(q.links)),
            (b, DigitSet::EMPTY),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::pencil;
    use crate::TechniqueId::AlsXyWing;
    use crate::testkit::{check_not_applicable, check_step};

    /// Pivot C = r1c1 {1,2}; A = r1c5 {1,3} (restricted common 1 in row 1); B = r5c1 {2,3}
    /// (restricted common 2 in column 1). z = 3: r5c5 sees r1c5 and r5c1.
    #[test]
    fn three_bivalue_cells() {
        let s = pencil("r1c1=12 r1c5=13 r5c1=23", "");
        let step = check_step(AlsXyWing, &s, "r5c5<>3");
        assert_eq!(step.evidence.als.len(), 3);
    }

    /// Both links on the same digit: C = r1c1 {1,2}, A = r1c5 {1,3}, B = r5c1 {1,3} share only
    /// restricted common 1, which proves nothing about 3.
    #[test]
    fn same_digit_links_do_not_fire() {
        let s = pencil("r1c1=12 r1c5=13 r5c1=13", "");
        for st in crate::registry::find_all(AlsXyWing, &s) {
            assert!(!st.eliminations[2].contains(bitdoku_bitboard::Cell::from_rc(4, 4)));
        }
    }

    /// A solved grid has no ALS.
    #[test]
    fn none_on_a_solved_grid() {
        let s = crate::testkit::state(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            "",
        );
        check_not_applicable(AlsXyWing, &s);
    }
}
