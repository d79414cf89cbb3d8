//! HoDoKu 2.2.0's nice loops and AICs, plain and grouped, found the way its tabling finds
//! them, so that the `hodoku` preset takes the step HoDoKu takes (bitdoku's own AIC search
//! finds other, often longer-reaching loops, and HoDoKu takes the step with the most
//! eliminations). The tables are built in [`super::tables`]; cells are compared by a node's
//! first cell, as HoDoKu does.
//!
//! **Loops.** For each table (all "on" premises by cell and digit, then all "off" premises),
//! each entry in the premise's cell that is not a direct consequence closes a loop. The path
//! back to the premise must leave the start cell with its first link and enter it with its
//! last from another cell, and may not visit a cell twice apart from consecutive entries (or
//! the start cell). Both ends decide the kind: off-on or on-off with the same digit
//! (discontinuous: the digit goes, or stays alone), or with different digits (the weak end's
//! digit goes), and otherwise a continuous loop when the start cell is bivalue or the digits
//! allow it; a continuous loop clears the other digits of a cell entered and left by strong
//! links and the linking digit from the cells outside the loop that see both ends of a weak
//! link between cells.
//!
//! **AICs.** Then, for each "off" premise, each "on" entry in another cell that is not direct:
//! same digit and at least two cells seeing both ends (they lose the digit), or different
//! digits in two cells that see each other (each loses the other end's digit). Its path may
//! visit no cell twice apart from consecutive entries.
//!
//! **Choice.** One step per elimination set (a later one only when its chain is shorter).
//! Eliminations are sorted by digit, then cell; that is also the order HoDoKu deletes them in.
//! Steps are sorted by most eliminations, then the index sum ([`super::index_sum`]); steps
//! with the same sum stay in the order found unless they have the same eliminations (then the
//! shorter chain first); the first is taken.
//!
//! The grouped search (grouped nice loops and AICs) runs the same way on tables with groups;
//! its best step may hold no group (HoDoKu then names it a plain loop; it still counts as
//! grouped).
//!
//! Written from the rules of HoDoKu 2.2.0's `TablingSolver`, `TableEntry` and `SolutionStep`
//! (GPL, read, not copied).

use super::tables::{Grid, Lit, TABLES, Table, cached};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet};
use bitdoku_strategies::{Chain, ChainNode, Step, TechniqueId};
use std::collections::HashMap;

/// A chain entry with the cells it covers.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lit: Lit,
    /// The cell the node is named by (a group's first cell).
    cell: u8,
    cells: u128,
}

/// The path from the premise to entry `j`, premise first.
fn path(g: &Grid, t: &Table<'_>, j: usize) -> Vec<Entry> {
    let entry = |l: Lit| Entry { lit: l, cell: g.first(l.node), cells: g.node_cells(l.node) };
    let mut rev = vec![entry(t.lits[j])];
    let mut k = j;
    while k != 0 {
        k = usize::from(t.parent[k]);
        rev.push(entry(t.lits[k]));
    }
    rev.reverse();
    rev
}

/// Whether the path comes back to a node met before other than with consecutive entries (an
/// entry is checked by its first cell, a node passed marks all its cells); the start cell
/// may be revisited by a nice loop (`loop_ok`).
fn is_lasso(chain: &[Entry], loop_ok: bool) -> bool {
    let start = chain[0].cell;
    let mut lasso: u128 = 0;
    let mut last: Option<&Entry> = None;
    for e in chain {
        if lasso & (1 << e.cell) != 0 {
            return true;
        }
        if let Some(prev) = last {
            if prev.cell != start || !loop_ok {
                lasso |= prev.cells;
            }
        }
        last = Some(e);
    }
    false
}

/// A step found, before sorting.
struct Found {
    dels: Vec<(u8, u8)>,
    chain: Vec<Entry>,
}

fn push_cells(dels: &mut Vec<(u8, u8)>, mut set: u128, digit: u8) {
    while set != 0 {
        dels.push((set.trailing_zeros() as u8, digit));
        set &= set - 1;
    }
}

/// The eliminations of a loop closed by `chain` (premise first, last entry in the start
/// cell), unsorted; empty when the ends allow none.
fn loop_dels(g: &Grid, chain: &[Entry]) -> Vec<(u8, u8)> {
    let (p, e) = (chain[0], chain[chain.len() - 1]);
    let (first_strong, last_strong) = (!p.lit.on, e.lit.on);
    let (sc, ec, start) = (p.lit.digit, e.lit.digit, usize::from(p.cell));
    let mut dels = Vec::new();
    if !first_strong && !last_strong && sc == ec {
        dels.push((p.cell, sc));
    } else if first_strong && last_strong && sc == ec {
        dels.extend(g.digits(start).filter(|&d| d != sc).map(|d| (p.cell, d)));
    } else if first_strong != last_strong && sc != ec {
        dels.push((p.cell, if first_strong { ec } else { sc }));
    } else if (!first_strong && !last_strong && g.cands[start].count_ones() == 2 && sc != ec)
        || (first_strong && last_strong && sc != ec)
        || (first_strong != last_strong && sc == ec)
    {
        let n = chain.len() - 1;
        let on_chain = chain.iter().fold(0u128, |acc, e| acc | e.cells);
        for i in 0..=n {
            let c = chain[i];
            let entered_strong = (i == 0 && first_strong && last_strong)
                || (i > 0 && c.lit.on && i + 2 <= n && chain[i - 1].cell != c.cell);
            if entered_strong
                && (i == 0
                    || (!chain[i + 1].lit.on
                        && chain[i + 1].cell == c.cell
                        && chain[i + 2].lit.on
                        && chain[i + 2].cell != c.cell))
            {
                let keep = if i == 0 { (sc, ec) } else { (c.lit.digit, chain[i + 2].lit.digit) };
                let cell = usize::from(c.cell);
                dels.extend(
                    g.digits(cell).filter(|&d| d != keep.0 && d != keep.1).map(|d| (c.cell, d)),
                );
            }
            if i > 0 && !c.lit.on && chain[i - 1].cell != c.cell {
                let d = c.lit.digit;
                let both = g.buddies(chain[i - 1].lit.node) & g.buddies(c.lit.node);
                let set = both & !on_chain & !(1u128 << start) & g.cells[usize::from(d)];
                push_cells(&mut dels, set, d);
            }
        }
    }
    dels
}

/// The eliminations of an AIC from "off" premise `p` to "on" cell entry `e`.
fn aic_dels(g: &Grid, p: Lit, e: Lit) -> Vec<(u8, u8)> {
    let (s, t) = (usize::from(p.node), usize::from(e.node));
    let mut dels = Vec::new();
    if p.digit == e.digit {
        let set = g.peers[s] & g.peers[t] & g.cells[usize::from(p.digit)];
        if set.count_ones() > 1 {
            push_cells(&mut dels, set, p.digit);
        }
    } else {
        if g.cands[s] & (1 << e.digit) != 0 {
            dels.push((s as u8, e.digit));
        }
        if g.cands[t] & (1 << p.digit) != 0 {
            dels.push((t as u8, p.digit));
        }
    }
    dels
}

/// Whether an "on" cell entry `e` of the table of "off" premise `p` may end an AIC: same digit
/// with at least two candidates seeing both ends, or different digits in two cells that see
/// each other and hold each other's digit.
fn aic_ends(g: &Grid, p: Lit, e: Lit) -> bool {
    let (s, c) = (usize::from(p.node), usize::from(e.node));
    if p.digit == e.digit {
        (g.peers[s] & g.peers[c] & g.cells[usize::from(p.digit)]).count_ones() >= 2
    } else {
        g.peers[s] & (1 << c) != 0
            && g.cands[c] & (1 << p.digit) != 0
            && g.cands[s] & (1 << e.digit) != 0
    }
}

/// Keeps one step per elimination set (a later one only with a shorter chain).
fn record(steps: &mut Vec<Found>, seen: &mut HashMap<Vec<(u8, u8)>, usize>, f: Found) {
    if let Some(&old) = seen.get(&f.dels) {
        if steps[old].chain.len() <= f.chain.len() {
            return;
        }
    }
    seen.insert(f.dels.clone(), steps.len());
    steps.push(f);
}

/// Sorts eliminations by digit, then cell, without repeats.
fn sorted(mut dels: Vec<(u8, u8)>) -> Vec<(u8, u8)> {
    dels.sort_unstable_by_key(|&(c, d)| (d, c));
    dels.dedup();
    dels
}

/// The sort key of step `i`: most eliminations, the smaller index sum; steps with other
/// eliminations and the same sum stay in the order found (HoDoKu compares them as equal),
/// steps with the same eliminations put the shorter chain first. `first` is the index of the
/// first step found with the same eliminations.
fn rank(first: usize, i: usize, f: &Found) -> (usize, usize, usize, usize, usize) {
    let sum = super::index_sum(f.dels.iter().map(|&(c, d)| (usize::from(c), d)));
    (usize::MAX - f.dels.len(), sum, first, f.chain.len(), i)
}

/// The index of the first step of `steps` with each step's eliminations.
fn firsts(steps: &[Found]) -> Vec<usize> {
    let mut first: HashMap<&[(u8, u8)], usize> = HashMap::new();
    steps.iter().enumerate().map(|(i, f)| *first.entry(&f.dels).or_insert(i)).collect()
}

/// HoDoKu's nice loop or AIC for `state` (see the module docs), if any.
#[must_use]
pub fn nice_loop(state: &Candidates) -> Option<Step> {
    search(state, false)
}

/// HoDoKu's grouped nice loop or AIC for `state` (see the module docs), if any.
#[must_use]
pub fn grouped_nice_loop(state: &Candidates) -> Option<Step> {
    search(state, true)
}

fn search(state: &Candidates, groups: bool) -> Option<Step> {
    let made = cached(state, groups);
    let g = &made.grid;
    let mut steps: Vec<Found> = Vec::new();
    let mut seen: HashMap<Vec<(u8, u8)>, usize> = HashMap::new();
    for on in [true, false] {
        for t in (usize::from(on)..TABLES).step_by(2).map(|id| made.table(id)) {
            let Some(&p) = t.lits.first() else { continue };
            for j in 1..t.lits.len() {
                if t.lits[j].node != p.node || t.parent[j] == 0 {
                    continue;
                }
                let chain = path(g, &t, j);
                let n = chain.len();
                if chain[n - 2].cell == chain[0].cell
                    || chain[1].cell == chain[0].cell
                    || is_lasso(&chain, true)
                {
                    continue;
                }
                let dels = sorted(loop_dels(g, &chain));
                if !dels.is_empty() {
                    record(&mut steps, &mut seen, Found { dels, chain });
                }
            }
        }
    }
    for t in (0..TABLES).step_by(2).map(|id| made.table(id)) {
        let Some(&p) = t.lits.first() else { continue };
        for j in 1..t.lits.len() {
            let e = t.lits[j];
            if !e.on || e.node >= 81 || e.node == p.node || t.parent[j] == 0 || !aic_ends(g, p, e) {
                continue;
            }
            let dels = sorted(aic_dels(g, p, e));
            if dels.is_empty() {
                continue;
            }
            let chain = path(g, &t, j);
            if !is_lasso(&chain, false) {
                record(&mut steps, &mut seen, Found { dels, chain });
            }
        }
    }
    let first = firsts(&steps);
    let best = steps.iter().enumerate().min_by_key(|(i, f)| rank(first[*i], *i, f))?;
    let id = if groups { TechniqueId::GroupedAic } else { TechniqueId::Aic };
    Some(to_step(best.1, id))
}

/// The bitdoku step of a found loop or AIC: its eliminations and its chain (one node per
/// entry; a link is strong when it ends in an "on" entry).
fn to_step(f: &Found, id: TechniqueId) -> Step {
    let mut step = Step::new(id);
    let mut digits = DigitSet::EMPTY;
    let mut cells = CellSet::EMPTY;
    for &(c, d) in &f.dels {
        let digit = Digit::from_value(d).expect("digit 1-9");
        step.eliminate(digit, CellSet::single(Cell::new_unchecked(c)));
    }
    let mut chain = Chain::EMPTY;
    for (i, e) in f.chain.iter().enumerate() {
        let digit = Digit::from_value(e.lit.digit).expect("digit 1-9");
        let node_cells = CellSet::from_bits_truncate(e.cells);
        digits = digits.with(digit);
        cells |= node_cells;
        if !chain.push(ChainNode::new(digit, node_cells), i > 0 && e.lit.on) {
            break;
        }
    }
    step.evidence.chain = chain;
    step.evidence.digits = digits;
    step.evidence.cells = cells;
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate of the empty grid, minus digit 5 in rows 1 and 4 apart from columns
    /// 2 and 7: 5 is a conjugate pair in both rows.
    fn two_rows_of_five() -> Candidates {
        let mut state = Candidates::from_values(&[0; 81]);
        let five = Digit::from_value(5).unwrap();
        let mut off = CellSet::EMPTY;
        for col in [0u8, 2, 3, 4, 5, 7, 8] {
            off.insert(Cell::new_unchecked(col));
            off.insert(Cell::new_unchecked(27 + col));
        }
        state.eliminate(five, off);
        state
    }

    /// bitdoku's own AIC search prefers the X-Wing-shaped continuous loop (14 eliminations);
    /// HoDoKu's tables never close it (the loop returns to its premise, which a table holds
    /// once), so it takes the AIC r1c2 off -> r1c7 on -> r4c7 off -> r4c2 on, whose column 2
    /// has a smaller index sum than the same AIC in column 7.
    #[test]
    fn takes_the_aic_hodoku_tables_find() {
        let state = two_rows_of_five();
        let step = nice_loop(&state).expect("an AIC");
        let five = Digit::from_value(5).unwrap();
        let col2: CellSet =
            [10u8, 19, 37, 46, 55, 64, 73].map(Cell::new_unchecked).into_iter().collect();
        assert_eq!(step.eliminations[five.index()], col2);
        assert_eq!(step.effect_count(), 7);
        assert_eq!(step.evidence.chain.to_string(), "(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2");
        // The grouped search finds the same AIC (no group makes a better one here).
        let grouped = grouped_nice_loop(&state).expect("an AIC");
        assert_eq!(grouped.technique, TechniqueId::GroupedAic);
        assert_eq!(grouped.eliminations, step.eliminations);
    }

    #[test]
    fn no_step_without_links() {
        assert!(nice_loop(&Candidates::from_values(&[0; 81])).is_none());
        assert!(grouped_nice_loop(&Candidates::from_values(&[0; 81])).is_none());
    }

    fn entry(cell: u8, digit: u8, on: bool) -> Entry {
        Entry { lit: Lit { node: u16::from(cell), digit, on }, cell, cells: 1 << cell }
    }

    #[test]
    fn equal_index_sums_keep_the_order_found() {
        let chain = |n: usize| vec![entry(0, 1, true); n];
        // r1c6<>3 and r1c5<>4 have the same index sum (5 + 3 = 4 + 4): the first found stays
        // first although its chain is longer; the same eliminations with a shorter chain
        // come before it.
        let steps = vec![
            Found { dels: vec![(5, 3)], chain: chain(8) },
            Found { dels: vec![(4, 4)], chain: chain(3) },
            Found { dels: vec![(5, 3)], chain: chain(6) },
        ];
        let first = firsts(&steps);
        let key = |i: usize| rank(first[i], i, &steps[i]);
        assert!(key(0) < key(1));
        assert!(key(2) < key(0));
        // More eliminations first, then the smaller sum.
        let more = Found { dels: vec![(70, 1), (80, 2)], chain: chain(20) };
        assert!(rank(0, 0, &more) < key(2));
        // The first step with the same eliminations, by index.
        assert_eq!(firsts(&steps), [0, 1, 0]);
    }

    #[test]
    fn lassos_are_refused() {
        let (a, b, c) = (entry(0, 1, true), entry(1, 1, false), entry(1, 2, true));
        // Consecutive entries in one cell are allowed, a return to an earlier cell is not.
        assert!(!is_lasso(&[a, b, c, entry(10, 2, false)], false));
        assert!(is_lasso(&[a, b, c, entry(10, 2, false), entry(1, 3, true)], false));
        // A nice loop may come back to its start cell, an AIC may not.
        let back = [a, b, c, entry(10, 2, false), entry(0, 2, true)];
        assert!(!is_lasso(&back, true));
        assert!(is_lasso(&back, false));
        // A group passed marks all its cells.
        let group = Entry { lit: Lit { node: 90, digit: 2, on: false }, cell: 3, cells: 0b11000 };
        assert!(is_lasso(&[a, group, entry(40, 2, true), entry(4, 2, false)], false));
    }
}
