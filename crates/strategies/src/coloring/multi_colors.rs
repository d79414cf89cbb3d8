//! Multi Colors: two clusters of conjugate pairs on one digit (see [`super::simple_colors`]),
//! colours `A1/A2` and `B1/B2`.
//!
//! * **Type 1**: a cell of `A1` sees a cell of `B1`, so `A1` and `B1` are not both true, so
//!   `A2` or `B2` is: every cell that sees a cell of `A2` and a cell of `B2` loses the digit.
//! * **Type 2**: a colour `A1` has cells seeing `B1` and cells seeing `B2`; one of `B1`, `B2`
//!   is true, so `A1` is false: every cell of `A1` loses the digit.
//!
//! Rating: HoDoKu score 200 (hard), SE 7.0-7.5.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Clusters as in [`super::simple_colors`]; every ordered pair of two different clusters of
//!   one digit `(P, Q)`, and every colour `p` of `P` (A first) and `q` of `Q`:
//!   * type 1, once per unordered cluster pair (`P` before `Q`): for every colour pair
//!     (`p`, `q`) where some cell of `p` sees some cell of `q`, the digit in every cell that
//!     sees a cell of `P`'s other colour `p'` and a cell of `Q`'s other colour `q'` (cells of
//!     `p'` and `q'` themselves excepted; cells of `p` and `q` may go);
//!     one step with the union of those eliminations (as HoDoKu reports it);
//!   * type 2 when `p` has cells seeing both colours of `Q`: eliminations = all of `p`.
//! * One step per instance with eliminations, in the order: digit, `P`, `Q`, type, colours.

use super::{Cluster, clusters, seen_by};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet};
use std::ops::ControlFlow;

/// Multi Colors's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::MultiColors,
    name: "Multi Colors",
    family: Family::Coloring,
    hodoku: Hodoku { order: 5360, score: 200, level: Level::Hard, choice: HodokuChoice::First },
    se: 7.0,
    reglib: Reglib::Codes(&["0502", "0503"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Pushes every multi-colours step of `state` (see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = state.masks();
    for d in Digit::all() {
        let cls = clusters(masks, d);
        let m = masks[d.index()];
        for (i, p) in cls.iter().enumerate() {
            for (j, q) in cls.iter().enumerate() {
                if i == j {
                    continue;
                }
                if i < j {
                    let mut e = CellSet::EMPTY;
                    for (pc, po) in [(p.a, p.b), (p.b, p.a)] {
                        for (qc, qo) in [(q.a, q.b), (q.b, q.a)] {
                            if seen_by(pc).intersects(qc) {
                                e |= (seen_by(po) & seen_by(qo) & m) - po - qo;
                            }
                        }
                    }
                    if !e.is_empty() {
                        sink.push(step(d, *p, *q, e))?;
                    }
                }
                for pc in [p.a, p.b] {
                    let sees = seen_by(pc);
                    if sees.intersects(q.a) && sees.intersects(q.b) {
                        sink.push(step(d, *p, *q, pc))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn step(d: Digit, p: Cluster, q: Cluster, elims: CellSet) -> Step {
    let mut s = Step::new(TechniqueId::MultiColors);
    s.eliminate(d, elims);
    s.evidence.digits = DigitSet::single(d);
    s.evidence.cells = p.cells() | q.cells();
    s.evidence.pivot = p.cells();
    s.evidence.pincers = q.cells();
    s
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::MultiColors;
    use crate::testkit::check_not_applicable;
    use crate::wings::fixtures::pencil;

    /// Must not fire on an empty grid (no conjugate pairs).
    #[test]
    fn empty_grid() {
        check_not_applicable(MultiColors, &pencil("", ""));
    }
}
