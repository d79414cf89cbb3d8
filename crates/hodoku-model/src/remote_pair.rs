//! HoDoKu 2.2.0's remote pairs for the `hodoku` preset: its depth-first chain search over
//! bivalue cells holding the same two digits (bitdoku's own remote pairs colour whole
//! components and eliminate more than HoDoKu's chains do).
//!
//! **Search.** From every bivalue cell (ascending) and each of its digits (ascending), the
//! chain switches to the cell's other digit, then alternates: a weak link to a cell of the
//! same pair in the row, column or box (row cells first, then column, then the box cells
//! outside both, each in house order), a strong link inside that cell. It never returns to a
//! cell of the chain (a return to the start ends that branch) and stops at 20 links.
//!
//! **Steps.** When the chain ends in the start digit four or more cells from the start and a
//! cell seeing both ends holds the start digit: with exactly four cells, the cells seeing both
//! ends lose the start digit and the other digit; with more, every pair of chain cells an odd
//! number of cells apart (three, five, ...) clears both digits from the cells seeing both. One
//! step per elimination set (a later one only with a shorter chain); steps are sorted as
//! HoDoKu sorts chains (most eliminations, the index sum of the eliminations digit by digit,
//! then the shorter chain among equal eliminations, otherwise in the order found).
//!
//! Written from the rules of HoDoKu 2.2.0's `ChainSolver` (GPL, read, not copied).

use super::tables::Grid;
use super::{house_cells, houses};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet};
use bitdoku_strategies::{Chain, ChainNode, Step, TechniqueId};
use std::collections::HashMap;

/// HoDoKu's cap on the links of a chain.
const MAX_LINKS: usize = 20;

/// A chain entry: a digit in a cell, reached by a strong link or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    cell: usize,
    digit: u8,
    strong: bool,
}

/// Remote pairs read the chain tables' grid (without groups).
impl Grid {
    /// The links out of `digit` in `cell` in HoDoKu's order: the strong link to the cell's
    /// other digit, then weak links to the cells of the same pair holding `digit`.
    fn links(&self, cell: usize, digit: u8) -> Vec<Entry> {
        let pair = self.cands[cell];
        let mut out = Vec::new();
        if pair.count_ones() != 2 || pair & (1 << digit) == 0 {
            return out;
        }
        let other = (pair & !(1 << digit)).trailing_zeros() as u8;
        out.push(Entry { cell, digit: other, strong: true });
        let (row, col) = (cell / 9, cell % 9);
        for (k, h) in houses(cell).into_iter().enumerate() {
            for c in house_cells(h) {
                if c == cell || self.cands[c] != pair {
                    continue;
                }
                if k == 2 && (c / 9 == row || c % 9 == col) {
                    continue;
                }
                out.push(Entry { cell: c, digit, strong: false });
            }
        }
        out
    }
}

struct Found {
    dels: Vec<(u8, u8)>,
    chain: Vec<Entry>,
}

/// HoDoKu's remote pair for `state` (see the module docs), if any.
#[must_use]
pub fn remote_pair(state: &Candidates) -> Option<Step> {
    let g = Grid::new(state, false);
    let mut found: Vec<Found> = Vec::new();
    let mut seen: HashMap<Vec<(u8, u8)>, usize> = HashMap::new();
    for start in 0..81 {
        if g.cands[start].count_ones() != 2 {
            continue;
        }
        for sc in (1..=9u8).filter(|d| g.cands[start] & (1 << d) != 0) {
            search(&g, start, sc, &mut found, &mut seen);
        }
    }
    let best = found.iter().enumerate().min_by_key(|(i, f)| {
        let sum = super::index_sum(f.dels.iter().map(|&(c, d)| (usize::from(c), d)));
        let first = found.iter().position(|o| o.dels == f.dels).unwrap_or(*i);
        (usize::MAX - f.dels.len(), sum, first, f.chain.len(), *i)
    })?;
    Some(to_step(best.1, g.cands[best.1.chain[0].cell]))
}

/// One stack level: the entry it leaves from, and the next link to try.
struct Level {
    cell: usize,
    digit: u8,
    strong_only: bool,
    links: Vec<Entry>,
    next: usize,
}

fn search(
    g: &Grid,
    start: usize,
    sc: u8,
    found: &mut Vec<Found>,
    seen: &mut HashMap<Vec<(u8, u8)>, usize>,
) {
    let other = (g.cands[start] & !(1 << sc)).trailing_zeros() as u8;
    let from_start = g.peers[start];
    let mut chain = vec![Entry { cell: start, digit: sc, strong: false }];
    chain.push(Entry { cell: start, digit: other, strong: true });
    let mut in_chain: u128 = 1 << start;
    let mut stack = vec![Level {
        cell: start,
        digit: other,
        strong_only: false,
        links: g.links(start, other),
        next: 0,
    }];
    while let Some(top) = stack.last_mut() {
        let Some(&link) = top.links.get(top.next) else {
            stack.pop();
            chain.pop();
            if let Some(back) = stack.last() {
                in_chain &= !(1 << back.cell);
            }
            continue;
        };
        top.next += 1;
        if (top.strong_only && !link.strong)
            || (link.cell == top.cell && link.digit == top.digit)
            || (top.strong_only && link.cell != top.cell)
        {
            continue;
        }
        let is_loop = in_chain & (1 << link.cell) != 0;
        if is_loop && link.cell != start {
            continue;
        }
        in_chain |= 1 << top.cell;
        // A strong link taken where a weak one is needed counts as weak.
        let strong = top.strong_only;
        let entry = Entry { strong, ..link };
        chain.push(entry);
        let level = chain.len() - 1;
        if level > 1 && strong && link.digit == sc {
            let ends = from_start & g.peers[link.cell] & g.cells[usize::from(sc)];
            if ends != 0 && level >= 7 {
                check(g, &chain, sc, other, found, seen);
            }
        }
        let strong_only = !top.strong_only;
        let deeper = level < MAX_LINKS && !is_loop;
        let links = if deeper { g.links(link.cell, link.digit) } else { Vec::new() };
        stack.push(Level { cell: link.cell, digit: link.digit, strong_only, links, next: 0 });
    }
}

fn check(
    g: &Grid,
    chain: &[Entry],
    sc: u8,
    other: u8,
    found: &mut Vec<Found>,
    seen: &mut HashMap<Vec<(u8, u8)>, usize>,
) {
    let level = chain.len() - 1;
    let (mut first, mut second) = (0u128, 0u128);
    if level > 7 {
        for i in (0..=level).step_by(2) {
            for j in (i + 6..=level).step_by(4) {
                let both = g.peers[chain[i].cell] & g.peers[chain[j].cell];
                first |= both & g.cells[usize::from(sc)];
                second |= both & g.cells[usize::from(other)];
            }
        }
    } else {
        let both = g.peers[chain[0].cell] & g.peers[chain[level].cell];
        first = both & g.cells[usize::from(sc)];
        second = both & g.cells[usize::from(other)];
    }
    let mut dels: Vec<(u8, u8)> = Vec::new();
    for (set, d) in [(first, sc), (second, other)] {
        let mut s = set;
        while s != 0 {
            dels.push((s.trailing_zeros() as u8, d));
            s &= s - 1;
        }
    }
    dels.sort_unstable_by_key(|&(c, d)| (d, c));
    if let Some(&old) = seen.get(&dels) {
        if found[old].chain.len() <= chain.len() {
            return;
        }
    }
    seen.insert(dels.clone(), found.len());
    found.push(Found { dels, chain: chain.to_vec() });
}

fn to_step(f: &Found, pair: u16) -> Step {
    let mut step = Step::new(TechniqueId::RemotePair);
    for &(c, d) in &f.dels {
        let digit = Digit::from_value(d).expect("digit 1-9");
        step.eliminate(digit, CellSet::single(Cell::new_unchecked(c)));
    }
    let mut chain = Chain::EMPTY;
    for (i, e) in f.chain.iter().enumerate() {
        let digit = Digit::from_value(e.digit).expect("digit 1-9");
        let cell = Cell::new_unchecked(e.cell as u8);
        step.evidence.cells |= CellSet::single(cell);
        if !chain.push(ChainNode::new(digit, CellSet::single(cell)), i > 0 && e.strong) {
            break;
        }
    }
    step.evidence.chain = chain;
    step.evidence.digits = (1..=9u8)
        .filter(|d| pair & (1 << d) != 0)
        .filter_map(Digit::from_value)
        .fold(DigitSet::EMPTY, DigitSet::with);
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The empty grid with r1c1, r1c5, r5c5 and r5c9 holding only 1 and 2.
    fn four_cells() -> Candidates {
        let mut state = Candidates::from_values(&[0; 81]);
        let cells: CellSet = [0u8, 4, 40, 44].map(Cell::new_unchecked).into_iter().collect();
        for d in (3..=9u8).filter_map(Digit::from_value) {
            state.eliminate(d, cells);
        }
        state
    }

    #[test]
    fn four_cells_clear_the_cells_seeing_both_ends() {
        let step = remote_pair(&four_cells()).expect("a remote pair");
        let ends: CellSet = [8u8, 36].map(Cell::new_unchecked).into_iter().collect();
        for d in [1u8, 2] {
            assert_eq!(step.eliminations[Digit::from_value(d).unwrap().index()], ends);
        }
        assert_eq!(step.effect_count(), 4);
        // Found from r1c1 with digit 1 first: the chain alternates inside and between cells.
        assert_eq!(
            step.evidence.chain.to_string(),
            "(1)r1c1=(2)r1c1-(2)r1c5=(1)r1c5-(1)r5c5=(2)r5c5-(2)r5c9=(1)r5c9"
        );
    }

    #[test]
    fn three_cells_are_no_remote_pair() {
        let mut three = Candidates::from_values(&[0; 81]);
        let cells: CellSet = [0u8, 4, 40].map(Cell::new_unchecked).into_iter().collect();
        for d in (3..=9u8).filter_map(Digit::from_value) {
            three.eliminate(d, cells);
        }
        assert!(remote_pair(&three).is_none());
    }

    #[test]
    fn links_follow_hodoku_order() {
        let state = four_cells();
        let g = Grid::new(&state, false);
        // From r1c5 with 2: its other digit first, then r1c1 (row), then r5c5 (column).
        let links = g.links(4, 2);
        let want = [
            Entry { cell: 4, digit: 1, strong: true },
            Entry { cell: 0, digit: 2, strong: false },
            Entry { cell: 40, digit: 2, strong: false },
        ];
        assert_eq!(links, want);
    }
}
