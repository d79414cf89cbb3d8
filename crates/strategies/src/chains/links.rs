//! The link layer: every strong and weak link of a state, built once from the masks and shared
//! by every chain technique (X-chain, XY-chain, nice loops/AIC, grouped AIC).
//!
//! # Layout, and why
//! * **Nodes** are candidates (a digit in a cell), then *group nodes*: for each digit, each
//!   mini-line (box ∩ row or box ∩ column) holding 2-3 candidates of it gives one node "the digit
//!   is in one of these cells". Singles come first, digit-major (`digit * 81 + cell` is looked up
//!   in a 729-entry table), so the plain techniques simply skip node indices past
//!   [`LinkGraph::singles`].
//! * **Edges** are two compressed adjacency arrays (CSR: one offset per node into one edge
//!   array), one for strong links and one for weak links, each edge tagged with its kind:
//!   [`CELL`] (two digits of one cell) or [`HOUSE`] (one digit in one house). A chain search is
//!   then a breadth-first walk over plain arrays with no allocation per step, and a technique
//!   restricts itself to the kinds it may use by masking the tag (`search::Spec`).
//! * **Strong links**: the two digits of a bivalue cell; a digit whose candidates in a house are
//!   exactly two disjoint nodes (two cells, a cell and a group, or two groups).
//! * **Weak links**: two digits of one cell; one digit in two disjoint nodes whose cells all see
//!   each other (for a group: every cell of the other node sees every cell of the group).
//!
//! [`LinkGraph::for_state`] keeps the last graph per thread and rebuilds only when the masks
//! change, so the chain techniques of one engine step share one build.

use bitdoku_bitboard::tables::{CELL_HOUSES, HOUSES, MINILINES, PEERS};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit};
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// Edge tag: a link between two digits of one cell.
pub const CELL: u8 = 1;
/// Edge tag: a link between two nodes of one digit in one house.
pub const HOUSE: u8 = 2;
/// Edge tag: a strong link between two digits of one almost locked set (graphs built by
/// [`LinkGraph::build_with_als`] only): if the ALS lacks one digit it holds the other. Strong
/// only: both digits may be present.
pub const ALS: u8 = 4;

const NONE: u16 = u16::MAX;

/// One node: a digit in one cell or in a group of cells of one mini-line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The digit.
    pub digit: Digit,
    /// The cells (one for a candidate, 2-3 for a group).
    pub cells: CellSet,
    /// The cells that see every cell of the node.
    pub common_peers: CellSet,
}

/// One edge of the adjacency arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The other node.
    pub to: u16,
    /// [`CELL`] or [`HOUSE`].
    pub kind: u8,
}

/// The strong and weak links of one state (see the module docs).
#[derive(Debug)]
pub struct LinkGraph {
    masks: [CellSet; 9],
    nodes: Vec<Node>,
    singles: usize,
    index: Vec<u16>,
    group_range: [(usize, usize); 9],
    /// ALS nodes (after the groups): per node, its ALS's index into `als_sets`.
    als_start: usize,
    als_id: Vec<u32>,
    /// Each ALS used by the nodes: cells and digits.
    als_sets: Vec<(CellSet, bitdoku_bitboard::DigitSet)>,
    bivalue: CellSet,
    /// The adjacency arrays, built on first use (batch solving of plain chains needs only
    /// the masks above).
    csr: OnceCell<Csr>,
}

/// Strong and weak links as compressed adjacency arrays.
#[derive(Debug)]
struct Csr {
    strong_start: Vec<u32>,
    strong: Vec<Edge>,
    weak_start: Vec<u32>,
    weak: Vec<Edge>,
}

/// Per cell, in increasing order, the eight mini-lines (indices into [`MINILINES`]) whose
/// cells all see the cell and do not include it: the two other row mini-lines of its box and
/// of its row, the two other column mini-lines of its box and of its column.
const SEEING_MINILINES: [[u8; 8]; 81] = {
    let mut out = [[0u8; 8]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        let mut list = [0u8; 8];
        let mut n = 0;
        let mut x = 0;
        while x < 3 {
            if x != c / 3 {
                list[n] = ((r / 3 * 3 + x) * 3 + r % 3) as u8; // same row, other box
                n += 1;
            }
            if x != r % 3 {
                list[n] = (b * 3 + x) as u8; // same box, other row
                n += 1;
            }
            if x != r / 3 {
                list[n] = (27 + (x * 3 + c / 3) * 3 + c % 3) as u8; // same column, other box
                n += 1;
            }
            if x != c % 3 {
                list[n] = (27 + b * 3 + x) as u8; // same box, other column
                n += 1;
            }
            x += 1;
        }
        // Insertion sort.
        let mut i = 1;
        while i < 8 {
            let mut j = i;
            while j > 0 && list[j - 1] > list[j] {
                let t = list[j];
                list[j] = list[j - 1];
                list[j - 1] = t;
                j -= 1;
            }
            i += 1;
        }
        out[cell] = list;
        cell += 1;
    }
    out
};

thread_local! {
    static LAST: RefCell<Option<Rc<LinkGraph>>> = const { RefCell::new(None) };
}

impl LinkGraph {
    /// The graph of `state`, built once per distinct state per thread.
    pub fn for_state(state: &Candidates) -> Rc<LinkGraph> {
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(g) = last.as_ref().filter(|g| g.masks == *state.masks()) {
                return Rc::clone(g);
            }
            let g = Rc::new(LinkGraph::build(state));
            *last = Some(Rc::clone(&g));
            g
        })
    }

    /// Builds the graph of `state` (no cache): nodes and the mask tables now, the adjacency
    /// arrays on first use.
    #[must_use]
    pub fn build(state: &Candidates) -> LinkGraph {
        let masks = *state.masks();
        let mut nodes = Vec::with_capacity(320);
        let mut index = vec![NONE; 729];
        for d in Digit::all() {
            for cell in masks[d.index()] {
                index[d.index() * 81 + cell.index()] = nodes.len() as u16;
                let cells = CellSet::single(cell);
                nodes.push(Node { digit: d, cells, common_peers: PEERS[cell.index()] });
            }
        }
        let singles = nodes.len();
        // Group nodes, and per digit the range of their indices.
        let mut group_range = [(0usize, 0usize); 9];
        for d in Digit::all() {
            let first = nodes.len();
            for mini in &MINILINES {
                let cells = masks[d.index()] & mini.cells;
                if cells.len() >= 2 {
                    nodes.push(Node { digit: d, cells, common_peers: cells.common_peers() });
                }
            }
            group_range[d.index()] = (first, nodes.len());
        }
        let bivalue = state.counts().exactly(2);
        LinkGraph {
            masks,
            nodes,
            singles,
            index,
            group_range,
            als_start: usize::MAX,
            als_id: Vec::new(),
            als_sets: Vec::new(),
            bivalue,
            csr: OnceCell::new(),
        }
    }

    /// The graph of `state` with ALS nodes after the groups (no cache): for every almost locked
    /// set of two or more cells (see [`crate::als::sets`]) and each of its digits, a node "the
    /// digit is in the ALS" (its cells: the ALS cells holding it). Such a node is weakly linked
    /// like a group (every cell of the other node sees every cell of it), and strongly linked
    /// ([`ALS`]) to the ALS's other digits: an ALS that lacks one digit holds all the others.
    /// HoDoKu's "ALS nodes in chains" option (reglib 0709-2, 0710-3/-4, 0711-3/-4).
    #[must_use]
    pub fn build_with_als(state: &Candidates) -> LinkGraph {
        let mut g = LinkGraph::build(state);
        let layer = crate::als::sets::AlsLayer::build(state, false);
        g.als_start = g.nodes.len();
        for a in layer.alses.iter().filter(|a| a.cells.len() >= 2) {
            let id = g.als_sets.len() as u32;
            g.als_sets.push((a.cells, a.digits));
            for d in a.digits.iter() {
                let cells = a.by_digit[d.index()];
                g.nodes.push(Node { digit: d, cells, common_peers: cells.common_peers() });
                g.als_id.push(id);
            }
        }
        g
    }

    /// The ALS (cells and digits) of node `i`, if it is an ALS node.
    #[must_use]
    pub fn als_of(&self, i: usize) -> Option<(CellSet, bitdoku_bitboard::DigitSet)> {
        let k = i.checked_sub(self.als_start)?;
        Some(self.als_sets[self.als_id[k] as usize])
    }

    /// Generates the edges node by node straight into the two edge arrays (no per-node lists).
    /// Each list comes out ordered by target node (the breadth-first search, and so the chain
    /// shown for a step, follows that order): node indices are digit-major candidates, then
    /// groups, then ALS nodes, so a candidate's weak list is its cell's lower digits, its
    /// digit's peers, its cell's higher digits, then groups and ALS nodes of its digit.
    fn build_csr(&self) -> Csr {
        let (masks, nodes, index, group_range, bivalue) =
            (self.masks, &self.nodes, &self.index, self.group_range, self.bivalue);
        let n = nodes.len();
        let mut strong_start = Vec::with_capacity(n + 1);
        let mut strong = Vec::with_capacity(4 * n);
        let mut weak_start = Vec::with_capacity(n + 1);
        let mut weak = Vec::with_capacity(24 * n);
        // Per digit and mini-line, its group node (`build` pushes them in mini-line order).
        let mut group_at = [[NONE; 54]; 9];
        for (d, at) in group_at.iter_mut().enumerate() {
            let mut g = group_range[d].0;
            for (m, mini) in MINILINES.iter().enumerate() {
                if (masks[d] & mini.cells).len() >= 2 {
                    at[m] = g as u16;
                    g += 1;
                }
            }
            debug_assert_eq!(g, group_range[d].1);
        }
        // The node whose cells are exactly `cells` (of digit `d`), if any: a candidate, or
        // the group of the row or column mini-line of its first cell.
        let node_of = |d: Digit, cells: CellSet| -> Option<u16> {
            let first = cells.first()?;
            if cells.is_single() {
                let i = index[d.index() * 81 + first.index()];
                return (i != NONE).then_some(i);
            }
            let (r, c) = (first.index() / 9, first.index() % 9);
            let b = r / 3 * 3 + c / 3;
            [b * 3 + r % 3, 27 + b * 3 + c % 3]
                .into_iter()
                .map(|m| group_at[d.index()][m])
                .find(|&g| g != NONE && nodes[g as usize].cells == cells)
        };
        let als_start = self.als_start.min(n);
        // ALS nodes per digit (increasing index), so a node scans only its own digit's.
        let mut als_of_digit: [Vec<u16>; 9] = std::array::from_fn(|_| Vec::new());
        for (j, other) in nodes.iter().enumerate().skip(als_start) {
            als_of_digit[other.digit.index()].push(j as u16);
        }
        for (i, node) in nodes.iter().enumerate() {
            let d = node.digit;
            let dm = masks[d.index()];
            let peers = node.common_peers;
            let s0 = strong.len();
            strong_start.push(s0 as u32);
            weak_start.push(weak.len() as u32);
            let single = (i < self.singles).then(|| node.cells.first().expect("a cell"));
            if i >= als_start {
                // Strong: the same ALS's other digits (its nodes are consecutive, in order).
                let (ids, k) = (&self.als_id, i - als_start);
                let lo = (0..k).rev().take_while(|&j| ids[j] == ids[k]).last().unwrap_or(k);
                let hi = (k..ids.len()).take_while(|&j| ids[j] == ids[k]).last().unwrap_or(k);
                for j in (lo..=hi).filter(|&j| j != k) {
                    strong.push(Edge { to: (als_start + j) as u16, kind: ALS });
                }
            } else {
                if let Some(cell) = single.filter(|&c| bivalue.contains(c)) {
                    for e in Digit::all().filter(|&e| e != d && masks[e.index()].contains(cell)) {
                        strong.push(Edge { to: index[e.index() * 81 + cell.index()], kind: CELL });
                    }
                }
                // Strong: the digit's other candidates in a house holding the node are one
                // node.
                let first = node.cells.first().expect("a node has a cell");
                for h in CELL_HOUSES[first.index()] {
                    let house = HOUSES[h.index()];
                    if !node.cells.is_subset(house) {
                        continue;
                    }
                    let rest = (dm & house) - node.cells;
                    if let Some(other) = node_of(d, rest).filter(|_| !rest.is_empty()) {
                        let edge = Edge { to: other, kind: HOUSE };
                        if !strong[s0..].contains(&edge) {
                            strong.push(edge);
                        }
                    }
                }
                strong[s0..].sort_unstable_by_key(|e| (e.to, e.kind));
            }
            // Weak, in node order: the other digits of a candidate's cell (below and above
            // the digit's own candidates), the digit's candidates that see the node, then
            // its groups and ALS nodes all of whose cells see every cell of the node.
            if let Some(cell) = single {
                for e in (0..d.index()).filter(|&e| masks[e].contains(cell)) {
                    weak.push(Edge { to: index[e * 81 + cell.index()], kind: CELL });
                }
            }
            for cell in dm & peers {
                weak.push(Edge { to: index[d.index() * 81 + cell.index()], kind: HOUSE });
            }
            if let Some(cell) = single {
                for e in (d.index() + 1..9).filter(|&e| masks[e].contains(cell)) {
                    weak.push(Edge { to: index[e * 81 + cell.index()], kind: CELL });
                }
            }
            if let Some(cell) = single {
                // Every group of a mini-line that sees the cell but does not hold it.
                for &m in &SEEING_MINILINES[cell.index()] {
                    let g = group_at[d.index()][usize::from(m)];
                    if g != NONE {
                        weak.push(Edge { to: g, kind: HOUSE });
                    }
                }
            } else {
                let (lo, hi) = group_range[d.index()];
                for g in (lo..hi).filter(|&g| g != i && nodes[g].cells.is_subset(peers)) {
                    weak.push(Edge { to: g as u16, kind: HOUSE });
                }
            }
            for &j in &als_of_digit[d.index()] {
                if j as usize != i && nodes[j as usize].cells.is_subset(peers) {
                    weak.push(Edge { to: j, kind: HOUSE });
                }
            }
        }
        strong_start.push(strong.len() as u32);
        weak_start.push(weak.len() as u32);
        Csr { strong_start, strong, weak_start, weak }
    }

    fn csr(&self) -> &Csr {
        self.csr.get_or_init(|| self.build_csr())
    }

    /// The state's masks.
    pub fn masks(&self) -> &[CellSet; 9] {
        &self.masks
    }

    /// Number of nodes (candidates, then groups).
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there is no node at all (a solved grid).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Number of candidate nodes; indices from here on are groups.
    #[must_use]
    pub fn singles(&self) -> usize {
        self.singles
    }

    /// Node `i`.
    #[must_use]
    pub fn node(&self, i: usize) -> Node {
        self.nodes[i]
    }

    /// The node of candidate `digit` in `cell`, if it is a candidate.
    #[must_use]
    pub fn single(&self, cell: Cell, digit: Digit) -> Option<usize> {
        let i = self.index[digit.index() * 81 + cell.index()];
        (i != NONE).then_some(i as usize)
    }

    /// The cells joined to `cell` by a strong house link of `digit` (its conjugate partners:
    /// in each house of `cell` where `digit` has exactly two candidates, `cell` being one,
    /// the other). Computed on each call from the masks (three houses), which is cheaper than
    /// a 729-entry table built for every graph.
    pub fn conjugates(&self, digit: usize, cell: Cell) -> CellSet {
        let m = self.masks[digit];
        if !m.contains(cell) {
            return CellSet::EMPTY;
        }
        let mut out = CellSet::EMPTY;
        for h in CELL_HOUSES[cell.index()] {
            let there = m & HOUSES[h.index()];
            if there.len() == 2 {
                out |= there.without(cell);
            }
        }
        out
    }

    /// The bivalue cells.
    pub fn bivalue(&self) -> CellSet {
        self.bivalue
    }

    /// The strong links of node `i`.
    #[must_use]
    pub fn strong(&self, i: usize) -> &[Edge] {
        let c = self.csr();
        &c.strong[c.strong_start[i] as usize..c.strong_start[i + 1] as usize]
    }

    /// The weak links of node `i`.
    #[must_use]
    pub fn weak(&self, i: usize) -> &[Edge] {
        let c = self.csr();
        &c.weak[c.weak_start[i] as usize..c.weak_start[i + 1] as usize]
    }
}

#[cfg(test)]
#[path = "links_tests.rs"]
mod tests;
