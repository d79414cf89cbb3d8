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
    // The conjugate pairs: the houses holding exactly two cells of the digit (found without
    // a branch per house), each pair as a set.
    let mut two = 0u32;
    for (h, house) in HOUSES.iter().enumerate() {
        two |= u32::from((m & *house).len() == 2) << h;
    }
    let mut pairs = [CellSet::EMPTY; 27];
    let mut n = 0;
    while two != 0 {
        pairs[n] = m & HOUSES[two.trailing_zeros() as usize];
        two &= two - 1;
        n += 1;
    }
    let pairs = &pairs[..n];
    // A cell's partners are the other cells of its pairs.
    let partners = |cells: CellSet| {
        pairs.iter().filter(|p| p.intersects(cells)).fold(CellSet::EMPTY, |acc, p| acc | *p)
    };
    let mut linked = pairs.iter().fold(CellSet::EMPTY, |acc, p| acc | *p);
    let mut out = Vec::new();
    while let Some(root) = linked.first() {
        let mut a = CellSet::single(root);
        let mut b = CellSet::EMPTY;
        let mut frontier = a;
        let mut odd = true;
        while !frontier.is_empty() {
            let next = partners(frontier) - a - b;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The clusters by the definition: each cell's partners listed, then a breadth-first walk
    /// from the first linked cell, alternating colours.
    fn by_partners(masks: &[CellSet; 9], d: Digit) -> Vec<Cluster> {
        let m = masks[d.index()];
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
            let (mut a, mut b, mut frontier, mut odd) =
                (CellSet::single(root), CellSet::EMPTY, CellSet::single(root), true);
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

    #[test]
    fn clusters_follow_the_conjugate_pairs() {
        let mut seen = 0;
        for state in crate::forcing::test_states::varied(40, 4) {
            for d in Digit::all() {
                let got = clusters(state.masks(), d);
                seen += got.len();
                assert_eq!(got, by_partners(state.masks(), d));
            }
        }
        assert!(seen > 100, "{seen} clusters");
    }
}
