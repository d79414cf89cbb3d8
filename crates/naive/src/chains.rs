//! Chains and colouring, the way a first chain solver is written: a candidate is a
//! `(cell, digit)` pair, its strong and weak partners are worked out on demand by walking the
//! cell's candidate list and its three houses, and the chain search is a textbook
//! breadth-first search with a `VecDeque` over "candidate on" / "candidate off" states. No
//! graph is kept between calls and nothing is a bit mask.
//!
//! Re-derived from the find-all definitions in the `//!` docs of `bitdoku-strategies`'
//! `chains` and `coloring` files (batch union only: which candidates go, not which steps say so).

use crate::findings::Findings;
use crate::grid::NaiveGrid;
use std::collections::VecDeque;

/// The longest chain, in links (the strategies' bound).
const MAX_LINKS: u8 = 24;

/// Which links a chain search may use.
#[derive(Clone, Copy)]
struct Links {
    /// Strong link between the two digits of a bivalue cell.
    bivalue: bool,
    /// Strong link between a digit's only two cells in a house.
    conjugate: bool,
    /// Weak link between two digits of one cell.
    same_cell: bool,
}

/// A candidate as `(cell, digit)`.
type Cand = (usize, u8);

fn id(c: Cand) -> usize {
    c.0 * 9 + (c.1 as usize - 1)
}

fn strong_partners(grid: &NaiveGrid, links: Links, (cell, d): Cand) -> Vec<Cand> {
    let mut out = Vec::new();
    let here = grid.cell(cell);
    if links.bivalue && here.count() == 2 {
        for &e in here.candidates().as_slice() {
            if e != d {
                out.push((cell, e));
            }
        }
    }
    if links.conjugate {
        for h in 0..27 {
            let house = grid.house(h);
            if !house.cells.contains(&cell) {
                continue;
            }
            let with = grid.cells_with(h, d);
            if with.len() == 2 {
                let other = if with[0] == cell { with[1] } else { with[0] };
                if !out.contains(&(other, d)) {
                    out.push((other, d));
                }
            }
        }
    }
    out
}

fn weak_partners(grid: &NaiveGrid, links: Links, (cell, d): Cand) -> Vec<Cand> {
    let mut out = Vec::new();
    if links.same_cell {
        for &e in grid.cell(cell).candidates().as_slice() {
            if e != d {
                out.push((cell, e));
            }
        }
    }
    for other in 0..81 {
        if grid.sees(cell, other) && grid.has(other, d) {
            out.push((other, d));
        }
    }
    out
}

/// Whether `c` is weakly linked to `end` for elimination purposes: same digit in a cell that
/// sees it, or (with `same_cell`) another digit of the same cell.
fn weak(grid: &NaiveGrid, same_cell: bool, c: Cand, end: Cand) -> bool {
    if c == end {
        return false;
    }
    (c.1 == end.1 && grid.sees(c.0, end.0)) || (same_cell && c.0 == end.0)
}

/// The candidates `B` with a walk "start off" -> ... -> "`B` on" of at most [`MAX_LINKS`]
/// links (off -> on along strong links, on -> off along weak links).
fn reached_on(grid: &NaiveGrid, links: Links, start: Cand) -> Vec<Cand> {
    let mut seen = vec![[false; 2]; 729];
    let mut queue: VecDeque<(Cand, bool, u8)> = VecDeque::new();
    seen[id(start)][0] = true;
    queue.push_back((start, false, 0));
    let mut out = Vec::new();
    while let Some((c, on, dist)) = queue.pop_front() {
        if on {
            out.push(c);
        }
        if dist >= MAX_LINKS {
            continue;
        }
        let next = if on { weak_partners(grid, links, c) } else { strong_partners(grid, links, c) };
        for n in next {
            let slot = &mut seen[id(n)][usize::from(!on)];
            if !*slot {
                *slot = true;
                queue.push_back((n, !on, dist + 1));
            }
        }
    }
    out
}

fn candidates(grid: &NaiveGrid) -> Vec<Cand> {
    let mut out = Vec::new();
    for cell in grid.cells() {
        for &d in cell.candidates().as_slice() {
            out.push((cell.index, d));
        }
    }
    out
}

/// The shared chain rule: for every start `A` and every `B` reached "on", every candidate
/// weakly linked to both goes (`ends` filters the pairs).
fn chain_eliminations(
    grid: &NaiveGrid,
    links: Links,
    same_cell_elims: bool,
    ends: fn(Cand, Cand) -> bool,
    found: &mut Findings,
) {
    let all = candidates(grid);
    let mut gone = vec![false; 729];
    for &a in &all {
        let reached = reached_on(grid, links, a);
        // Candidates weakly linked to the start, then to some reached end.
        for &c in &all {
            if !gone[id(c)]
                && weak(grid, same_cell_elims, c, a)
                && reached.iter().any(|&b| ends(a, b) && weak(grid, same_cell_elims, c, b))
            {
                gone[id(c)] = true;
                found.eliminate(grid, c.0, c.1);
            }
        }
    }
}

/// X-Chain: one digit, conjugate pairs and house links.
pub fn x_chain(grid: &NaiveGrid, found: &mut Findings) {
    let links = Links { bivalue: false, conjugate: true, same_cell: false };
    chain_eliminations(grid, links, false, |_, _| true, found);
}

/// XY-Chain: bivalue cells joined by one digit; ends are one digit in two cells.
pub fn xy_chain(grid: &NaiveGrid, found: &mut Findings) {
    let links = Links { bivalue: true, conjugate: false, same_cell: false };
    chain_eliminations(grid, links, false, |a, b| a.1 == b.1 && a.0 != b.0, found);
}

/// Nice loops and AICs over every kind of link (the union equals the AIC pairs' union).
pub fn aic(grid: &NaiveGrid, found: &mut Findings) {
    let links = Links { bivalue: true, conjugate: true, same_cell: true };
    chain_eliminations(grid, links, true, |_, _| true, found);
}

/// Remote Pair: networks of at least four cells holding exactly the same two digits.
pub fn remote_pair(grid: &NaiveGrid, found: &mut Findings) {
    for x in 1..=9u8 {
        for y in x + 1..=9u8 {
            let pair: Vec<usize> = (0..81)
                .filter(|&c| {
                    let cell = grid.cell(c);
                    cell.count() == 2 && cell.has(x) && cell.has(y)
                })
                .collect();
            let mut colour = [u8::MAX; 81];
            for &root in &pair {
                if colour[root] != u8::MAX {
                    continue;
                }
                let comp = colour_component(grid, &pair, root, &mut colour);
                if comp.len() < 4 || !consistent(grid, &comp, &colour) {
                    continue;
                }
                for cell in 0..81 {
                    if comp.contains(&cell) {
                        continue;
                    }
                    let sees = |k: u8| comp.iter().any(|&m| colour[m] == k && grid.sees(cell, m));
                    if sees(0) && sees(1) {
                        found.eliminate(grid, cell, x);
                        found.eliminate(grid, cell, y);
                    }
                }
            }
        }
    }
}

/// Colours the component of `root` among `members` (joined by "sees"), 0 and 1 by parity.
fn colour_component(
    grid: &NaiveGrid,
    members: &[usize],
    root: usize,
    colour: &mut [u8; 81],
) -> Vec<usize> {
    let mut comp = vec![root];
    colour[root] = 0;
    let mut queue = VecDeque::from([root]);
    while let Some(c) = queue.pop_front() {
        for &m in members {
            if colour[m] == u8::MAX && grid.sees(c, m) {
                colour[m] = 1 - colour[c];
                comp.push(m);
                queue.push_back(m);
            }
        }
    }
    comp
}

fn consistent(grid: &NaiveGrid, comp: &[usize], colour: &[u8; 81]) -> bool {
    comp.iter().all(|&a| comp.iter().all(|&b| colour[a] != colour[b] || !grid.sees(a, b)))
}

/// One digit's clusters of conjugate pairs, each as (colour 0 cells, colour 1 cells).
fn clusters(grid: &NaiveGrid, d: u8) -> Vec<(Vec<usize>, Vec<usize>)> {
    let links = Links { bivalue: false, conjugate: true, same_cell: false };
    let mut colour = [u8::MAX; 81];
    let mut out = Vec::new();
    for root in 0..81 {
        if colour[root] != u8::MAX
            || !grid.has(root, d)
            || strong_partners(grid, links, (root, d)).is_empty()
        {
            continue;
        }
        colour[root] = 0;
        let mut cluster = (vec![root], Vec::new());
        let mut queue = VecDeque::from([root]);
        while let Some(c) = queue.pop_front() {
            for (n, _) in strong_partners(grid, links, (c, d)) {
                if colour[n] == u8::MAX {
                    colour[n] = 1 - colour[c];
                    if colour[n] == 0 {
                        cluster.0.push(n)
                    } else {
                        cluster.1.push(n)
                    }
                    queue.push_back(n);
                }
            }
        }
        out.push(cluster);
    }
    out
}

fn sees_any(grid: &NaiveGrid, cell: usize, group: &[usize]) -> bool {
    group.iter().any(|&g| grid.sees(cell, g))
}

fn groups_see(grid: &NaiveGrid, a: &[usize], b: &[usize]) -> bool {
    a.iter().any(|&x| sees_any(grid, x, b))
}

/// Simple Colors: trap and wrap inside one cluster.
pub fn simple_colors(grid: &NaiveGrid, found: &mut Findings) {
    for d in 1..=9u8 {
        for (a, b) in clusters(grid, d) {
            for colour in [&a, &b] {
                if groups_see(grid, colour, colour) {
                    for &c in colour {
                        found.eliminate(grid, c, d);
                    }
                }
            }
            for cell in 0..81 {
                if !a.contains(&cell)
                    && !b.contains(&cell)
                    && sees_any(grid, cell, &a)
                    && sees_any(grid, cell, &b)
                {
                    found.eliminate(grid, cell, d);
                }
            }
        }
    }
}

/// Multi Colors: types 1 and 2 across two clusters.
pub fn multi_colors(grid: &NaiveGrid, found: &mut Findings) {
    for d in 1..=9u8 {
        let cls = clusters(grid, d);
        for (i, p) in cls.iter().enumerate() {
            for (j, q) in cls.iter().enumerate() {
                if i == j {
                    continue;
                }
                let p_colours = [(&p.0, &p.1), (&p.1, &p.0)];
                let q_colours = [(&q.0, &q.1), (&q.1, &q.0)];
                if i < j {
                    for (pc, po) in p_colours {
                        for (qc, qo) in q_colours {
                            if !groups_see(grid, pc, qc) {
                                continue;
                            }
                            for cell in 0..81 {
                                if !po.contains(&cell)
                                    && !qo.contains(&cell)
                                    && sees_any(grid, cell, po)
                                    && sees_any(grid, cell, qo)
                                {
                                    found.eliminate(grid, cell, d);
                                }
                            }
                        }
                    }
                }
                for (pc, _) in p_colours {
                    if groups_see(grid, pc, &q.0) && groups_see(grid, pc, &q.1) {
                        for &c in pc {
                            found.eliminate(grid, c, d);
                        }
                    }
                }
            }
        }
    }
}
