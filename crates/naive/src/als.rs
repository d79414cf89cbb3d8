//! Almost locked sets in the candidate-list style: ALSs are `Vec`s of cell indices and
//! digits found by trying every subset of each house's open cells (the textbook recursion of
//! the combination table), restricted commons by checking every pair of cells, chains by a
//! `VecDeque` breadth-first search over `(ALS, digit it lacks, links so far)`.
//!
//! - **ALS**: N open cells of one house holding N + 1 digits together (N = 1..8), each cell
//!   set once.
//! - **Restricted common** of two disjoint ALSs: a digit both hold whose cells in one see all
//!   its cells in the other (at most the two lowest such digits count).
//! - **ALS-XZ**: two ALSs with a restricted common x; every other shared digit z leaves the
//!   cells seeing all z-cells of both; with two restricted commons, each of them does too,
//!   and every other digit of either ALS leaves the cells outside both that see all its cells
//!   in that ALS.
//! - **ALS-XY-Wing**: pivot C, wings A (restricted common with C) and B (with C), A and B
//!   disjoint and different, the two links not both the same single digit; every digit A and
//!   B share that is on neither link leaves the cells seeing all its cells in A and B.
//! - **ALS Chain**: a walk of 3 to 9 restricted commons from A0 to Ak != A0, each link's
//!   digit different from the previous one's; every digit A0 and Ak share other than the first
//!   and last link digits leaves the cells seeing all its cells in both.
//! - **Death Blossom**: a stem cell and per stem digit d a petal ALS holding d (its d-cells
//!   all see the stem, the stem not in it), petals pairwise disjoint; every digit all petals
//!   hold and the stem does not leaves the cells outside the petals seeing all its petal cells.

use crate::combos::combinations;
use crate::findings::Findings;
use crate::grid::NaiveGrid;
use std::collections::{HashSet, VecDeque};

/// The most restricted commons in one ALS chain.
const MAX_RCC: usize = 9;

/// An almost locked set: its cells and its digits.
#[derive(Clone, Debug)]
struct Als {
    cells: Vec<usize>,
    digits: Vec<u8>,
}

impl Als {
    fn has(&self, digit: u8) -> bool {
        self.digits.contains(&digit)
    }

    /// The cells of the ALS holding `digit`.
    fn cells_with(&self, grid: &NaiveGrid, digit: u8) -> Vec<usize> {
        self.cells.iter().copied().filter(|&c| grid.has(c, digit)).collect()
    }

    fn overlaps(&self, other: &Als) -> bool {
        self.cells.iter().any(|c| other.cells.contains(c))
    }
}

fn alses(grid: &NaiveGrid) -> Vec<Als> {
    let mut out = Vec::new();
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    for house in grid.houses() {
        let open: Vec<usize> =
            house.cells.iter().copied().filter(|&c| !grid.cell(c).is_solved()).collect();
        for size in 1..=open.len().min(8) {
            for combo in combinations(open.len(), size) {
                let cells: Vec<usize> = combo.iter().map(|&i| open[i]).collect();
                let mut digits: Vec<u8> = Vec::new();
                for &c in &cells {
                    for &d in grid.cell(c).candidates().as_slice() {
                        if !digits.contains(&d) {
                            digits.push(d);
                        }
                    }
                }
                if digits.len() == size + 1 && seen.insert(cells.clone()) {
                    digits.sort_unstable();
                    out.push(Als { cells, digits });
                }
            }
        }
    }
    out
}

/// The restricted commons of two disjoint ALSs (the two lowest).
fn restricted_commons(grid: &NaiveGrid, a: &Als, b: &Als) -> Vec<u8> {
    if a.overlaps(b) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &d in &a.digits {
        if !b.has(d) || out.len() == 2 {
            continue;
        }
        let (ca, cb) = (a.cells_with(grid, d), b.cells_with(grid, d));
        if ca.iter().all(|&x| cb.iter().all(|&y| grid.sees(x, y))) {
            out.push(d);
        }
    }
    out
}

/// Eliminates `digit` from every cell outside `outside` that sees all its cells in `sources`.
fn eliminate_seeing(
    grid: &NaiveGrid,
    sources: &[&Als],
    outside: &[&Als],
    digit: u8,
    found: &mut Findings,
) {
    let targets: Vec<usize> = sources.iter().flat_map(|s| s.cells_with(grid, digit)).collect();
    if targets.is_empty() {
        return;
    }
    for cell in grid.cells() {
        let i = cell.index;
        if cell.has(digit)
            && !outside.iter().any(|s| s.cells.contains(&i))
            && targets.iter().all(|&t| grid.sees(i, t))
        {
            found.eliminate(grid, i, digit);
        }
    }
}

/// Every pair of ALSs with its restricted commons, when it has any.
fn linked_pairs(grid: &NaiveGrid, list: &[Als]) -> Vec<(usize, usize, Vec<u8>)> {
    let mut out = Vec::new();
    for i in 0..list.len() {
        for j in i + 1..list.len() {
            let rc = restricted_commons(grid, &list[i], &list[j]);
            if !rc.is_empty() {
                out.push((i, j, rc));
            }
        }
    }
    out
}

/// ALS-XZ.
pub fn als_xz(grid: &NaiveGrid, found: &mut Findings) {
    let list = alses(grid);
    for (i, j, rc) in linked_pairs(grid, &list) {
        let (a, b) = (&list[i], &list[j]);
        for &x in &rc {
            for &z in &a.digits {
                if z != x && b.has(z) {
                    eliminate_seeing(grid, &[a, b], &[a, b], z, found);
                }
            }
        }
        if rc.len() == 2 {
            for (me, other) in [(a, b), (b, a)] {
                for &d in &me.digits {
                    if !rc.contains(&d) {
                        eliminate_seeing(grid, &[me], &[me, other], d, found);
                    }
                }
            }
        }
    }
}

/// ALS-XY-Wing.
pub fn als_xy_wing(grid: &NaiveGrid, found: &mut Findings) {
    let list = alses(grid);
    let pairs = linked_pairs(grid, &list);
    for c in 0..list.len() {
        // The links of the pivot: (other ALS, restricted commons).
        let links: Vec<(usize, &Vec<u8>)> = pairs
            .iter()
            .filter(|(i, j, _)| *i == c || *j == c)
            .map(|(i, j, rc)| (if *i == c { *j } else { *i }, rc))
            .collect();
        for (k, &(a, rc1)) in links.iter().enumerate() {
            for &(b, rc2) in &links[k + 1..] {
                if a == b || (rc1.len() == 1 && rc1 == rc2) || list[a].overlaps(&list[b]) {
                    continue;
                }
                let (wa, wb) = (&list[a], &list[b]);
                for &z in &wa.digits {
                    if wb.has(z) && !rc1.contains(&z) && !rc2.contains(&z) {
                        eliminate_seeing(grid, &[wa, wb], &[wa, wb], z, found);
                    }
                }
            }
        }
    }
}

/// ALS Chain.
pub fn als_chain(grid: &NaiveGrid, found: &mut Findings) {
    let list = alses(grid);
    let pairs = linked_pairs(grid, &list);
    // Neighbours of each ALS: (other ALS, restricted commons).
    let mut next: Vec<Vec<(usize, Vec<u8>)>> = vec![Vec::new(); list.len()];
    for (i, j, rc) in &pairs {
        next[*i].push((*j, rc.clone()));
        next[*j].push((*i, rc.clone()));
    }
    for start in 0..list.len() {
        let mut firsts: Vec<u8> = next[start].iter().flat_map(|(_, rc)| rc.clone()).collect();
        firsts.sort_unstable();
        firsts.dedup();
        for first in firsts {
            // Breadth-first over (ALS, digit it lacks, links capped at 3), links counted.
            let mut seen: HashSet<(usize, u8, usize)> = HashSet::new();
            let mut queue: VecDeque<(usize, u8, usize)> = VecDeque::new();
            for (j, rc) in &next[start] {
                if rc.contains(&first) && seen.insert((*j, first, 1)) {
                    queue.push_back((*j, first, 1));
                }
            }
            while let Some((i, lacked, links)) = queue.pop_front() {
                if links >= 3 && i != start {
                    let (a0, ak) = (&list[start], &list[i]);
                    for &z in &a0.digits {
                        if ak.has(z) && z != first && z != lacked {
                            eliminate_seeing(grid, &[a0, ak], &[a0, ak], z, found);
                        }
                    }
                }
                if links == MAX_RCC {
                    continue;
                }
                for (j, rc) in &next[i] {
                    for &d in rc {
                        let state = (*j, d, (links + 1).min(3));
                        if d != lacked && seen.insert(state) {
                            queue.push_back((*j, d, links + 1));
                        }
                    }
                }
            }
        }
    }
}

/// Death Blossom.
pub fn death_blossom(grid: &NaiveGrid, found: &mut Findings) {
    let list = alses(grid);
    for stem in grid.cells() {
        let digits = stem.candidates().as_slice().to_vec();
        if stem.is_solved() || digits.len() < 2 {
            continue;
        }
        let mut petals: Vec<Vec<usize>> = Vec::new();
        for &d in &digits {
            let options: Vec<usize> = (0..list.len())
                .filter(|&i| {
                    let a = &list[i];
                    a.has(d)
                        && !a.cells.contains(&stem.index)
                        && a.cells_with(grid, d).iter().all(|&c| grid.sees(c, stem.index))
                })
                .collect();
            petals.push(options);
        }
        if petals.iter().any(Vec::is_empty) {
            continue;
        }
        let mut chosen = Vec::new();
        grow(grid, &list, &digits, &petals, &mut chosen, found);
    }
}

/// Chooses the next petal; abandons a choice once no shared digit off the stem can still
/// eliminate anything.
fn grow(
    grid: &NaiveGrid,
    list: &[Als],
    stem_digits: &[u8],
    petals: &[Vec<usize>],
    chosen: &mut Vec<usize>,
    found: &mut Findings,
) {
    if chosen.len() == petals.len() {
        let sets: Vec<&Als> = chosen.iter().map(|&i| &list[i]).collect();
        for z in 1..=9u8 {
            if !stem_digits.contains(&z) && sets.iter().all(|s| s.has(z)) {
                eliminate_seeing(grid, &sets, &sets, z, found);
            }
        }
        return;
    }
    for &p in &petals[chosen.len()] {
        if chosen.iter().any(|&q| list[q].overlaps(&list[p])) {
            continue;
        }
        chosen.push(p);
        if still_open(grid, list, stem_digits, chosen) {
            grow(grid, list, stem_digits, petals, chosen, found);
        }
        chosen.pop();
    }
}

/// Whether some digit held by every chosen petal and not by the stem still has a cell that
/// holds it, lies outside the chosen petals' own cells for each, and sees all its petal cells.
fn still_open(grid: &NaiveGrid, list: &[Als], stem_digits: &[u8], chosen: &[usize]) -> bool {
    (1..=9u8).any(|z| {
        if stem_digits.contains(&z) || !chosen.iter().all(|&i| list[i].has(z)) {
            return false;
        }
        let targets: Vec<usize> =
            chosen.iter().flat_map(|&i| list[i].cells_with(grid, z)).collect();
        grid.cells().iter().any(|c| {
            c.has(z)
                && chosen.iter().all(|&i| !list[i].cells_with(grid, z).is_empty())
                && !chosen.iter().any(|&i| list[i].cells.contains(&c.index))
                && targets.iter().all(|&t| grid.sees(c.index, t))
        })
    })
}
