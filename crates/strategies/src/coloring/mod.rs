//! Colouring on one digit: the digit's conjugate pairs (its only two cells in a house) form
//! *clusters*; inside a cluster the cells alternate between two colours, exactly one of which
//! holds the digit. [`simple_colors`] reasons inside one cluster, [`multi_colors`] across two.

pub mod multi_colors;
pub mod simple_colors;

use bitdoku_bitboard::tables::{HOUSES, PEERS};
use bitdoku_bitboard::{CellSet, Digit};

/// One cluster: its two colours (cells at even and odd distance from its first cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cluster {
    pub a: CellSet,
    pub b: CellSet,
}

impl Cluster {
    pub fn cells(&self) -> CellSet {
        self.a | self.b
    }
}

/// Cells that see at least one cell of `cells`.
pub(crate) fn seen_by(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, c| acc | PEERS[c.index()])
}

/// The clusters of digit `d` in `masks` (at least two cells each), in order of first cell.
pub(crate) fn clusters(masks: &[CellSet; 9], d: Digit) -> Vec<Cluster> {
    let m = masks[d.index()];
    if m.len() < 2 {
        // No conjugate pair (e.g. a digit the engine's narrowed search left out).
        return Vec::new();
    }
    // Conjugate partners of each cell.
    let mut partner = [CellSet::EMPTY; 81];
    for house in &HOUSES {
        let there = m & *house;
        if there.len() == 2 {
            let (x, y) = (there.first().unwrap(), there.iter().nth(1).unwrap());
            partner[x.index()].insert(y);
            partner[y.index()].insert(x);
        }
    }
    let mut linked: CellSet = m.iter().filter(|c| !partner[c.index()].is_empty()).collect();
    let mut out = Vec::new();
    while let Some(root) = linked.first() {
        let mut a = CellSet::single(root);
        let mut b = CellSet::EMPTY;
        let mut frontier = a;
        let mut odd = true;
        while !frontier.is_empty() {
            let next =
                frontier.iter().fold(CellSet::EMPTY, |acc, c| acc | partner[c.index()]) - a - b;
            if odd {
                b |= next;
            } else {
                a |= next;
            }
            odd = !odd;
            frontier = next;
        }
        linked -= a | b;
        out.push(Cluster { a, b });
    }
    out
}
