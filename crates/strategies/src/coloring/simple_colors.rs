//! Simple Colors (single-digit colouring): in one cluster of conjugate pairs exactly one colour
//! holds the digit.
//!
//! * **Trap**: a cell outside the cluster that sees a cell of each colour loses the digit.
//! * **Wrap**: if two cells of one colour see each other, that colour is false: every cell of it
//!   loses the digit.
//!
//! Rating: HoDoKu score 150 (hard), SE 6.5-7.0 (as X-chains).
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Clusters: for each digit, the cells joined by conjugate pairs (the digit's only two cells
//!   in a row, column or box), coloured by parity of distance from the cluster's first cell
//!   (colour A holds the first cell).
//! * For each cluster, in order of digit then first cell: a wrap step for colour A if two of its
//!   cells see each other (eliminations: all of colour A), then the same for colour B, then a
//!   trap step (the digit in every cell outside the cluster seeing a cell of A and a cell of B)
//!   if it eliminates anything. A cluster with both colours wrapped (impossible in a valid
//!   state) gives both wrap steps. Evidence: `cells` = the cluster, `pivot` = colour A,
//!   `pincers` = colour B.

use super::{Cluster, clusters, seen_by};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet};
use std::ops::ControlFlow;

/// Simple Colors's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::SimpleColors,
    name: "Simple Colors",
    family: Family::Coloring,
    hodoku: Hodoku { order: 5330, score: 150, level: Level::Hard, choice: HodokuChoice::First },
    se: 6.5,
    reglib: Reglib::Codes(&["0500", "0501"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Pushes every simple-colours trap and wrap of `state` (see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = state.masks();
    for d in Digit::all() {
        for cl in clusters(masks, d) {
            for colour in [cl.a, cl.b] {
                if colour.iter().any(|c| PEERS[c.index()].intersects(colour)) {
                    sink.push(step(d, cl, colour))?;
                }
            }
            let trap = (seen_by(cl.a) & seen_by(cl.b) & masks[d.index()]) - cl.cells();
            if !trap.is_empty() {
                sink.push(step(d, cl, trap))?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn step(d: Digit, cl: Cluster, elims: CellSet) -> Step {
    let mut s = Step::new(TechniqueId::SimpleColors);
    s.eliminate(d, elims);
    s.evidence.digits = DigitSet::single(d);
    s.evidence.cells = cl.cells();
    s.evidence.pivot = cl.a;
    s.evidence.pincers = cl.b;
    s
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SimpleColors;
    use crate::testkit::check_not_applicable;
    use crate::wings::fixtures::pencil;

    /// Must not fire on an empty grid (no conjugate pairs).
    #[test]
    fn empty_grid() {
        check_not_applicable(SimpleColors, &pencil("", ""));
    }
}
