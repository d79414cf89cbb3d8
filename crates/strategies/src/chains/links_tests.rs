//! Tests of the link layer, including the adjacency arrays against their first, plainer
//! construction on many states.

use super::*;
use crate::wings::fixtures::pencil;

#[test]
fn strong_and_weak_links() {
    // Digit 5 only in r1c2 and r1c7 of row 1; r4c4 is bivalue {1,2}.
    let s = pencil("r4c4=12", "");
    let g = LinkGraph::build(&s);
    let a = g.single(Cell::from_rc(3, 3), Digit::from_value(1).unwrap()).unwrap();
    let b = g.single(Cell::from_rc(3, 3), Digit::from_value(2).unwrap()).unwrap();
    assert!(g.strong(a).iter().any(|e| e.to as usize == b && e.kind == CELL));
    assert!(g.weak(a).iter().any(|e| e.to as usize == b && e.kind == CELL));
    // A group node exists for digit 1 in the mini-line r4c5-6? r4c4 only holds {1,2}, the
    // rest of the empty grid is full, so r4c5..r4c6 holds 1: a group.
    assert!(g.len() > g.singles());
}

#[test]
fn seeing_minilines_see_the_cell_and_miss_it() {
    for cell in Cell::all() {
        let list = SEEING_MINILINES[cell.index()];
        assert!(list.windows(2).all(|w| w[0] < w[1]));
        let seeing: Vec<u8> = (0..54u8)
            .filter(|&m| MINILINES[usize::from(m)].cells.is_subset(PEERS[cell.index()]))
            .collect();
        assert_eq!(list.to_vec(), seeing, "{cell}");
    }
}

/// `conjugates` against its definition: the candidates of the digit joined to the cell by a
/// house where the digit has exactly those two candidates.
#[test]
fn conjugates_are_the_two_candidate_houses() {
    let mut pairs = 0;
    for state in crate::forcing::test_states::varied(40, 10) {
        let g = LinkGraph::build(&state);
        for d in Digit::all() {
            let m = state.cells(d);
            for cell in Cell::all() {
                let want = HOUSES
                    .iter()
                    .filter(|h| (m & **h).len() == 2 && m.contains(cell) && h.contains(cell))
                    .fold(CellSet::EMPTY, |acc, h| acc | (m & *h).without(cell));
                assert_eq!(g.conjugates(d.index(), cell), want, "{cell} {d}");
                pairs += want.len();
            }
        }
    }
    assert!(pairs > 1000, "{pairs} conjugate pairs");
}

#[test]
fn adjacency_arrays_match_the_reference_construction() {
    let mut als_nodes = 0;
    for state in crate::forcing::test_states::varied(40, 10) {
        for g in [LinkGraph::build(&state), LinkGraph::build_with_als(&state)] {
            let (new, old) = (g.build_csr(), build_csr_reference(&g));
            assert_eq!(new.strong_start, old.strong_start);
            assert_eq!(new.strong, old.strong);
            assert_eq!(new.weak_start, old.weak_start);
            assert_eq!(new.weak, old.weak);
            als_nodes += g.len() - g.als_start.min(g.len());
        }
    }
    assert!(als_nodes > 1000, "the states have ALS nodes ({als_nodes})");
}

/// The adjacency arrays as first written (every node scans every ALS node, each list sorted
/// afterwards): the reference [`LinkGraph::build_csr`] must match.
fn build_csr_reference(graph: &LinkGraph) -> Csr {
    let (masks, nodes, index, group_range, bivalue) =
        (graph.masks, &graph.nodes, &graph.index, graph.group_range, graph.bivalue);
    let n = nodes.len();
    let mut strong_start = Vec::with_capacity(n + 1);
    let mut strong = Vec::with_capacity(4 * n);
    let mut weak_start = Vec::with_capacity(n + 1);
    let mut weak = Vec::with_capacity(24 * n);
    // The node whose cells are exactly `cells` (of digit `d`), if any.
    let node_of = |d: Digit, cells: CellSet| -> Option<u16> {
        if cells.is_single() {
            let i = index[d.index() * 81 + cells.first()?.index()];
            return (i != NONE).then_some(i);
        }
        let (lo, hi) = group_range[d.index()];
        (lo..hi).find(|&g| nodes[g].cells == cells).map(|g| g as u16)
    };
    let als_start = graph.als_start.min(n);
    for i in 0..n {
        let node = nodes[i];
        let d = node.digit;
        let dm = masks[d.index()];
        strong_start.push(strong.len() as u32);
        weak_start.push(weak.len() as u32);
        // ALS nodes, and links to them: strong to the same ALS's other digits, weak to
        // any node of the digit that sees all of it (both ways).
        if i >= als_start {
            let id = graph.als_id[i - als_start];
            for (j, &other) in graph.als_id.iter().enumerate() {
                if other == id && als_start + j != i {
                    strong.push(Edge { to: (als_start + j) as u16, kind: ALS });
                }
            }
        }
        for (j, other) in nodes.iter().enumerate().skip(als_start) {
            if other.digit == d && j != i && other.cells.is_subset(node.common_peers) {
                weak.push(Edge { to: j as u16, kind: HOUSE });
            }
        }
        if i >= als_start {
            for cell in dm & node.common_peers {
                weak.push(Edge { to: index[d.index() * 81 + cell.index()], kind: HOUSE });
            }
            let (lo, hi) = group_range[d.index()];
            for (g, other) in nodes.iter().enumerate().take(hi).skip(lo) {
                if other.cells.is_subset(node.common_peers) {
                    weak.push(Edge { to: g as u16, kind: HOUSE });
                }
            }
            strong[strong_start[i] as usize..].sort_unstable_by_key(|e| (e.to, e.kind));
            weak[weak_start[i] as usize..].sort_unstable_by_key(|e| (e.to, e.kind));
            continue;
        }
        if let Some(cell) = node.cells.first().filter(|_| node.cells.is_single()) {
            for e in Digit::all().filter(|&e| e != d && masks[e.index()].contains(cell)) {
                let other = index[e.index() * 81 + cell.index()];
                weak.push(Edge { to: other, kind: CELL });
                if bivalue.contains(cell) {
                    strong.push(Edge { to: other, kind: CELL });
                }
            }
        }
        // Strong: the digit's other candidates in a house holding the node are one node.
        let first = node.cells.first().expect("a node has a cell");
        for h in CELL_HOUSES[first.index()] {
            let house = HOUSES[h.index()];
            if !node.cells.is_subset(house) {
                continue;
            }
            let rest = (dm & house) - node.cells;
            if let Some(other) = node_of(d, rest).filter(|_| !rest.is_empty()) {
                let edge = Edge { to: other, kind: HOUSE };
                if !strong[strong_start[i] as usize..].contains(&edge) {
                    strong.push(edge);
                }
            }
        }
        // Weak: one digit, every cell of the other node sees every cell of this one.
        for cell in dm & node.common_peers {
            weak.push(Edge { to: index[d.index() * 81 + cell.index()], kind: HOUSE });
        }
        let (lo, hi) = group_range[d.index()];
        for (g, other) in nodes.iter().enumerate().take(hi).skip(lo) {
            if g != i && other.cells.is_subset(node.common_peers) {
                weak.push(Edge { to: g as u16, kind: HOUSE });
            }
        }
        // Node order within each list: the breadth-first search (and so the chain shown
        // for a step) follows it.
        strong[strong_start[i] as usize..].sort_unstable_by_key(|e| (e.to, e.kind));
        weak[weak_start[i] as usize..].sort_unstable_by_key(|e| (e.to, e.kind));
    }
    strong_start.push(strong.len() as u32);
    weak_start.push(weak.len() as u32);
    Csr { strong_start, strong, weak_start, weak }
}
