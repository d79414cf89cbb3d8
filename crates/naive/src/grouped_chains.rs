//! Grouped nice loops and AICs, naive style: nodes are a digit with a list of cells (one cell,
//! or the 2-3 cells of one mini-line holding the digit), partners are found by walking houses
//! and comparing cell lists, and the search is the same textbook breadth-first search as
//! [`crate::chains`]. Re-derived from the find-all definition in the strategies'
//! `chains/grouped_aic.rs` docs (batch union only).

use crate::findings::Findings;
use crate::grid::NaiveGrid;
use std::collections::VecDeque;

const MAX_LINKS: u8 = 24;

/// A digit in one cell or in a group of cells of one mini-line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    digit: u8,
    cells: Vec<usize>,
}

fn all_nodes(grid: &NaiveGrid) -> Vec<Node> {
    let mut out = Vec::new();
    for cell in grid.cells() {
        for &d in cell.candidates().as_slice() {
            out.push(Node { digit: d, cells: vec![cell.index] });
        }
    }
    for d in 1..=9u8 {
        for b in 0..9 {
            let boxx = grid.boxx(b);
            for line in 0..3 {
                // Row `line` of the box, then column `line` of the box.
                let row: Vec<usize> =
                    (0..3).map(|k| boxx.cells[3 * line + k]).filter(|&c| grid.has(c, d)).collect();
                let col: Vec<usize> =
                    (0..3).map(|k| boxx.cells[line + 3 * k]).filter(|&c| grid.has(c, d)).collect();
                for cells in [row, col] {
                    if cells.len() >= 2 {
                        out.push(Node { digit: d, cells });
                    }
                }
            }
        }
    }
    out
}

fn disjoint(a: &Node, b: &Node) -> bool {
    a.cells.iter().all(|c| !b.cells.contains(c))
}

fn all_see(grid: &NaiveGrid, a: &Node, b: &Node) -> bool {
    a.cells.iter().all(|&x| b.cells.iter().all(|&y| grid.sees(x, y)))
}

fn strong_partners(grid: &NaiveGrid, nodes: &[Node], u: usize) -> Vec<usize> {
    let node = &nodes[u];
    let mut out = Vec::new();
    if node.cells.len() == 1 {
        let cell = grid.cell(node.cells[0]);
        if cell.count() == 2 {
            for (v, other) in nodes.iter().enumerate() {
                if other.cells == node.cells && other.digit != node.digit {
                    out.push(v);
                }
            }
        }
    }
    for h in 0..27 {
        let house = grid.house(h);
        if !node.cells.iter().all(|c| house.cells.contains(c)) {
            continue;
        }
        let rest: Vec<usize> = grid
            .cells_with(h, node.digit)
            .into_iter()
            .filter(|c| !node.cells.contains(c))
            .collect();
        if rest.is_empty() {
            continue;
        }
        for (v, other) in nodes.iter().enumerate() {
            if other.digit == node.digit && other.cells == rest && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

fn weak_partners(grid: &NaiveGrid, nodes: &[Node], u: usize) -> Vec<usize> {
    let node = &nodes[u];
    let mut out = Vec::new();
    for (v, other) in nodes.iter().enumerate() {
        if v == u {
            continue;
        }
        let same_cell =
            node.cells.len() == 1 && other.cells == node.cells && other.digit != node.digit;
        let house =
            other.digit == node.digit && disjoint(node, other) && all_see(grid, node, other);
        if same_cell || house {
            out.push(v);
        }
    }
    out
}

/// Whether the candidate `(cell, d)` is weakly linked to node `x`.
fn weak_to(grid: &NaiveGrid, cell: usize, d: u8, x: &Node) -> bool {
    if x.cells.contains(&cell) {
        return x.cells.len() == 1 && d != x.digit;
    }
    d == x.digit && x.cells.iter().all(|&c| grid.sees(cell, c))
}

/// Grouped nice loops and AICs: every candidate weakly linked to both ends of a grouped AIC
/// of at most 24 links.
pub fn grouped_aic(grid: &NaiveGrid, found: &mut Findings) {
    let nodes = all_nodes(grid);
    let strong: Vec<Vec<usize>> =
        (0..nodes.len()).map(|u| strong_partners(grid, &nodes, u)).collect();
    let weak: Vec<Vec<usize>> = (0..nodes.len()).map(|u| weak_partners(grid, &nodes, u)).collect();
    let mut gone = [[false; 10]; 81];
    for a in 0..nodes.len() {
        let mut seen = vec![[false; 2]; nodes.len()];
        let mut queue = VecDeque::from([(a, false, 0u8)]);
        seen[a][0] = true;
        let mut reached = Vec::new();
        while let Some((u, on, dist)) = queue.pop_front() {
            if on {
                reached.push(u);
            }
            if dist >= MAX_LINKS {
                continue;
            }
            for &v in if on { &weak[u] } else { &strong[u] } {
                if !seen[v][usize::from(!on)] {
                    seen[v][usize::from(!on)] = true;
                    queue.push_back((v, !on, dist + 1));
                }
            }
        }
        // Candidates weakly linked to the start, then to some reached end.
        for cell in grid.cells() {
            for &d in cell.candidates().as_slice() {
                let i = cell.index;
                if !gone[i][d as usize]
                    && weak_to(grid, i, d, &nodes[a])
                    && reached.iter().any(|&b| weak_to(grid, i, d, &nodes[b]))
                {
                    gone[i][d as usize] = true;
                    found.eliminate(grid, i, d);
                }
            }
        }
    }
}
