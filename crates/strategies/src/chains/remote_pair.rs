//! Remote Pair: bivalue cells with the same two digits `{x,y}`, each seeing the next. Along
//! such a chain the cells alternate between `x` and `y`, so two cells an odd number of steps
//! apart hold `x` and `y` between them, and a cell that sees both loses `x` and `y`.
//!
//! ```text
//!   Remote Pair 58: (5)r1c1=(8)r1c1-(8)r1c6=(5)r1c6-(5)r4c6=(8)r4c6-(8)r4c9=(5)r4c9
//!   => r4c1<>5, r4c1<>8, r1c9<>5, r1c9<>8 (cells seeing r1c1 and r4c9)
//! ```
//!
//! Rating: HoDoKu score 110 (hard), SE 5.0-5.5.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * For each pair of digits `x < y`: the bivalue cells holding exactly `{x,y}`, split into
//!   groups connected by "sees". A group of at least four cells whose two-colouring by "sees"
//!   is consistent (no two cells of one colour see each other) is one remote-pair network.
//! * Eliminations: `x` and `y` from every cell outside the network that sees a cell of each
//!   colour.
//! * One step per network with eliminations. Evidence: the network's cells, the digits, and a
//!   chain (the shortest path, in the network, between the first two cells of opposite colour
//!   that some eliminated cell sees). Canonical order: digit pair, then the network's first
//!   cell.

use crate::chain::{Chain, ChainNode};
use crate::coloring::seen_by;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet};
use std::ops::ControlFlow;

/// Remote Pair's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::RemotePair,
    name: "Remote Pair",
    family: Family::Chains,
    hodoku: Hodoku { order: 2800, score: 110, level: Level::Hard, choice: HodokuChoice::Replaced },
    se: 5.0,
    reglib: Reglib::Codes(&["0703"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every remote-pair network of `state` (see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = state.masks();
    let bivalue = state.counts().exactly(2);
    for x in Digit::all() {
        for y in Digit::all().filter(|y| *y > x) {
            let pair = bivalue & masks[x.index()] & masks[y.index()];
            let mut left = pair;
            while let Some(root) = left.first() {
                let (cells, colour) = component(root, pair);
                left -= cells;
                if cells.len() < 4 {
                    continue;
                }
                let other = cells - colour;
                if colour.iter().any(|c| PEERS[c.index()].intersects(colour))
                    || other.iter().any(|c| PEERS[c.index()].intersects(other))
                {
                    continue;
                }
                let see_a = seen_by(colour);
                let see_b = seen_by(other);
                let targets = (see_a & see_b) - cells;
                let ex = targets & masks[x.index()];
                let ey = targets & masks[y.index()];
                if ex.is_empty() && ey.is_empty() {
                    continue;
                }
                let mut step = Step::new(TechniqueId::RemotePair);
                step.eliminate(x, ex);
                step.eliminate(y, ey);
                step.evidence.digits = DigitSet::single(x).with(y);
                step.evidence.cells = cells;
                let target = (ex | ey).first().expect("an elimination");
                let a = (colour & PEERS[target.index()]).first().expect("sees colour a");
                let b = (other & PEERS[target.index()]).first().expect("sees colour b");
                step.evidence.pincers = CellSet::single(a).with(b);
                step.evidence.chain = chain(a, b, cells, x, y);
                sink.push(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The component of `root` in `pair` (connected by "sees") and the cells of `root`'s colour
/// (even distance from `root`).
fn component(root: Cell, pair: CellSet) -> (CellSet, CellSet) {
    let mut cells = CellSet::single(root);
    let mut colour = cells;
    let mut frontier = cells;
    let mut even = false;
    while !frontier.is_empty() {
        let next = seen_by(frontier) & (pair - cells);
        cells |= next;
        if even {
            colour |= next;
        }
        even = !even;
        frontier = next;
    }
    (cells, colour)
}

/// The shortest path from `a` to `b` inside `cells`, written as a chain: each cell `x=y`
/// inside, `-` between cells, starting on `x` in `a`.
fn chain(a: Cell, b: Cell, cells: CellSet, x: Digit, y: Digit) -> Chain {
    let mut parent = [u8::MAX; 81];
    let mut frontier = CellSet::single(a);
    let mut seen = frontier;
    while !frontier.is_empty() && !seen.contains(b) {
        let mut next = CellSet::EMPTY;
        for c in frontier {
            for n in PEERS[c.index()] & (cells - seen) {
                parent[n.index()] = c.index() as u8;
                next.insert(n);
            }
            seen |= next;
        }
        frontier = next;
    }
    let mut path = vec![b];
    while let Some(&at) = path.last() {
        if at == a {
            break;
        }
        path.push(Cell::new_unchecked(parent[at.index()]));
    }
    path.reverse();
    let mut out = Chain::EMPTY;
    let (mut on, mut off) = (x, y);
    for (i, c) in path.iter().enumerate() {
        out.push(ChainNode::new(on, CellSet::single(*c)), false);
        out.push(ChainNode::new(off, CellSet::single(*c)), true);
        if i + 1 < path.len() {
            std::mem::swap(&mut on, &mut off);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::RemotePair;
    use crate::testkit::{check, check_not_applicable};
    use crate::wings::fixtures::pencil;

    /// The module example: r1c1, r1c6, r4c6, r4c9 all {5,8}, colours {r1c1, r4c6} and
    /// {r1c6, r4c9}. Every cell seeing one of each loses 5 and 8: the rest of row 1 (r1c1 and
    /// r1c6), of column 6 (r1c6 and r4c6) and of row 4 (r4c6 and r4c9); r4c1 and r1c9 (seeing
    /// the two ends) are among them.
    #[test]
    fn four_cells() {
        let s = pencil("r1c1=58 r1c6=58 r4c6=58 r4c9=58", "");
        let mut expected = Vec::new();
        for d in [5, 8] {
            for c in [2, 3, 4, 5, 7, 8, 9] {
                expected.push(format!("r1c{c}<>{d}"));
            }
            for r in [2, 3, 5, 6, 7, 8, 9] {
                expected.push(format!("r{r}c6<>{d}"));
            }
            for c in [1, 2, 3, 4, 5, 7, 8] {
                expected.push(format!("r4c{c}<>{d}"));
            }
        }
        check(RemotePair, &s, &expected.join(" "));
    }

    /// Must not fire: three cells are an XY-wing shape, not a remote pair.
    #[test]
    fn three_cells_are_too_few() {
        check_not_applicable(RemotePair, &pencil("r1c1=58 r1c6=58 r4c6=58", ""));
    }
}
