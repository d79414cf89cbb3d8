//! HoDoKu 2.2.0's nice loops and AICs without group nodes, found the way its tabling finds
//! them, so that the `hodoku` preset takes the step HoDoKu takes (bitdoku's own AIC search
//! finds other, often longer-reaching loops, and HoDoKu takes the step with the most
//! eliminations).
//!
//! **Tables.** Every candidate, assumed on and assumed off, is a premise. Its direct
//! consequences, in this order: for "on", the other candidates of the cell (ascending), then
//! the digit in the other cells of the row, the column and the box (each house in cell order,
//! a cell listed once); for "off", the other candidate of a bivalue cell, then for each house
//! (row, column, box) holding the digit exactly twice the other cell. A premise's table is the
//! breadth-first closure over direct consequences: entries in the order they are met, each
//! remembering the entry it came from, at most 1,000 entries.
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
//! Steps are sorted by most eliminations, then the index sum ([`super::index_sum`]), then the
//! shorter chain, otherwise in the order found; the first is taken.
//!
//! Written from the rules of HoDoKu 2.2.0's `TablingSolver`, `TableEntry` and `SolutionStep`
//! (GPL, read, not copied).

use super::{HOUSES, house_cells};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet};
use bitdoku_strategies::{Chain, ChainNode, Step, TechniqueId};
use std::collections::HashMap;

/// HoDoKu's cap on the entries of one table.
const MAX_ENTRIES: usize = 1000;

/// A candidate assumed on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lit {
    cell: u8,
    digit: u8,
    on: bool,
}

impl Lit {
    /// A dense id: (cell * 10 + digit) * 2 + on.
    fn id(self) -> usize {
        (usize::from(self.cell) * 10 + usize::from(self.digit)) * 2 + usize::from(self.on)
    }
}

/// The grid as the tables read it.
struct Grid {
    /// Candidate digits per cell (bit `d`), 0 for solved cells.
    cands: [u16; 81],
    /// Cells per digit (bit = cell index), unsolved cells only.
    cells: [u128; 10],
    /// The 20 peers of every cell.
    peers: [u128; 81],
}

impl Grid {
    fn new(state: &Candidates) -> Grid {
        let mut g = Grid { cands: [0; 81], cells: [0; 10], peers: [0; 81] };
        let open = state.unsolved();
        for d in Digit::all() {
            let set = state.cells(d) & open;
            g.cells[usize::from(d.value())] = set.bits();
            for cell in set {
                g.cands[cell.index()] |= 1 << d.value();
            }
        }
        for cell in Cell::all() {
            g.peers[cell.index()] = cell.peers().bits();
        }
        g
    }

    fn digits(&self, cell: usize) -> impl Iterator<Item = u8> + '_ {
        (1..=9u8).filter(move |d| self.cands[cell] & (1 << d) != 0)
    }

    /// The direct consequences of `lit` in HoDoKu's order (see the module docs).
    fn direct(&self, lit: Lit, out: &mut Vec<Lit>) {
        out.clear();
        let (cell, digit) = (usize::from(lit.cell), lit.digit);
        let push = |out: &mut Vec<Lit>, l: Lit| {
            if !out.contains(&l) {
                out.push(l);
            }
        };
        let count = self.cands[cell].count_ones();
        for d in self.digits(cell).filter(|&d| d != digit) {
            if lit.on {
                push(out, Lit { cell: lit.cell, digit: d, on: false });
            } else if count == 2 {
                push(out, Lit { cell: lit.cell, digit: d, on: true });
            }
        }
        let others = self.cells[usize::from(digit)] & !(1u128 << cell);
        for house in HOUSES[cell] {
            let in_house: Vec<usize> =
                house_cells(house).into_iter().filter(|&c| others & (1 << c) != 0).collect();
            if in_house.is_empty() {
                continue;
            }
            if lit.on {
                for &c in &in_house {
                    push(out, Lit { cell: c as u8, digit, on: false });
                }
            } else if in_house.len() == 1 {
                push(out, Lit { cell: in_house[0] as u8, digit, on: true });
            }
        }
    }
}

/// One premise's table: entries in the order met, with the entry each came from.
struct Table {
    lits: Vec<Lit>,
    parent: Vec<u16>,
    hops: Vec<u16>,
}

/// Builds every table (indexed by [`Lit::id`]; empty for candidates that do not exist).
fn tables(g: &Grid) -> Vec<Table> {
    let mut direct: Vec<Vec<Lit>> = vec![Vec::new(); 1620];
    let mut buf = Vec::new();
    for cell in 0..81u8 {
        for digit in g.digits(usize::from(cell)) {
            for on in [true, false] {
                let lit = Lit { cell, digit, on };
                g.direct(lit, &mut buf);
                direct[lit.id()].clone_from(&buf);
            }
        }
    }
    let mut seen = vec![u32::MAX; 1620];
    let mut out = Vec::with_capacity(1620);
    for id in 0..1620usize {
        let (cell, digit, on) = ((id / 2) / 10, (id / 2) % 10, id % 2 == 1);
        let mut t = Table { lits: Vec::new(), parent: Vec::new(), hops: Vec::new() };
        if digit == 0 || g.cands[cell] & (1 << digit) == 0 {
            out.push(t);
            continue;
        }
        let stamp = id as u32;
        let premise = Lit { cell: cell as u8, digit: digit as u8, on };
        t.lits.push(premise);
        t.parent.push(0);
        t.hops.push(0);
        seen[premise.id()] = stamp;
        for &l in &direct[id] {
            seen[l.id()] = stamp;
            t.lits.push(l);
            t.parent.push(0);
            t.hops.push(1);
        }
        let mut j = 1;
        while j < t.lits.len() && t.lits.len() < MAX_ENTRIES {
            let from = t.lits[j];
            for &l in &direct[from.id()] {
                if seen[l.id()] == stamp || t.lits.len() >= MAX_ENTRIES {
                    continue;
                }
                seen[l.id()] = stamp;
                t.lits.push(l);
                t.parent.push(j as u16);
                t.hops.push(t.hops[j] + 1);
            }
            j += 1;
        }
        out.push(t);
    }
    out
}

/// The path from the premise to entry `j`, premise first.
fn path(t: &Table, j: usize) -> Vec<Lit> {
    let mut rev = vec![t.lits[j]];
    let mut k = j;
    while k != 0 {
        k = usize::from(t.parent[k]);
        rev.push(t.lits[k]);
    }
    rev.reverse();
    rev
}

/// Whether the path revisits a cell other than with consecutive entries; the start cell may
/// be revisited by a nice loop (`loop_ok`).
fn is_lasso(chain: &[Lit], loop_ok: bool) -> bool {
    let start = chain[0].cell;
    let mut lasso: u128 = 0;
    let mut last: Option<u8> = None;
    for l in chain {
        if lasso & (1 << l.cell) != 0 {
            return true;
        }
        if let Some(c) = last {
            if c != start || !loop_ok {
                lasso |= 1 << c;
            }
        }
        last = Some(l.cell);
    }
    false
}

/// A step found, before sorting.
struct Found {
    dels: Vec<(u8, u8)>,
    chain: Vec<Lit>,
}

/// The eliminations of a loop closed by `chain` (premise first, last entry in the start
/// cell), unsorted; empty when the ends allow none.
fn loop_dels(g: &Grid, chain: &[Lit]) -> Vec<(u8, u8)> {
    let (p, e) = (chain[0], chain[chain.len() - 1]);
    let (first_strong, last_strong) = (!p.on, e.on);
    let (sc, ec, start) = (p.digit, e.digit, usize::from(p.cell));
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
        let on_chain = chain.iter().fold(0u128, |acc, l| acc | 1 << l.cell);
        for i in 0..=n {
            let c = chain[i];
            let entered_strong = (i == 0 && first_strong && last_strong)
                || (i > 0 && c.on && i + 2 <= n && chain[i - 1].cell != c.cell);
            if entered_strong
                && (i == 0
                    || (!chain[i + 1].on
                        && chain[i + 1].cell == c.cell
                        && chain[i + 2].on
                        && chain[i + 2].cell != c.cell))
            {
                let keep = if i == 0 { (sc, ec) } else { (c.digit, chain[i + 2].digit) };
                let cell = usize::from(c.cell);
                dels.extend(
                    g.digits(cell).filter(|&d| d != keep.0 && d != keep.1).map(|d| (c.cell, d)),
                );
            }
            if i > 0 && !c.on && chain[i - 1].cell != c.cell {
                let d = usize::from(c.digit);
                let both = g.peers[usize::from(chain[i - 1].cell)] & g.peers[usize::from(c.cell)];
                let mut set = both & !on_chain & !(1u128 << start) & g.cells[d];
                while set != 0 {
                    let cell = set.trailing_zeros() as u8;
                    set &= set - 1;
                    dels.push((cell, c.digit));
                }
            }
        }
    }
    dels
}

/// The eliminations of an AIC from "off" premise `p` to "on" entry `e`.
fn aic_dels(g: &Grid, p: Lit, e: Lit) -> Vec<(u8, u8)> {
    let (s, t) = (usize::from(p.cell), usize::from(e.cell));
    let mut dels = Vec::new();
    if p.digit == e.digit {
        let mut set = g.peers[s] & g.peers[t] & g.cells[usize::from(p.digit)];
        if set.count_ones() > 1 {
            while set != 0 {
                let cell = set.trailing_zeros() as u8;
                set &= set - 1;
                dels.push((cell, p.digit));
            }
        }
    } else {
        if g.cands[s] & (1 << e.digit) != 0 {
            dels.push((p.cell, e.digit));
        }
        if g.cands[t] & (1 << p.digit) != 0 {
            dels.push((e.cell, p.digit));
        }
    }
    dels
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

/// HoDoKu's nice loop or AIC for `state` (see the module docs), if any.
#[must_use]
pub fn nice_loop(state: &Candidates) -> Option<Step> {
    let g = Grid::new(state);
    let tables = tables(&g);
    let mut steps: Vec<Found> = Vec::new();
    let mut seen: HashMap<Vec<(u8, u8)>, usize> = HashMap::new();
    for on in [true, false] {
        for t in tables.iter().skip(usize::from(on)).step_by(2) {
            let Some(&p) = t.lits.first() else { continue };
            for j in 1..t.lits.len() {
                if t.lits[j].cell != p.cell || t.hops[j] <= 1 {
                    continue;
                }
                let chain = path(t, j);
                let n = chain.len();
                if chain[n - 2].cell == p.cell || chain[1].cell == p.cell || is_lasso(&chain, true)
                {
                    continue;
                }
                let dels = sorted(loop_dels(&g, &chain));
                if !dels.is_empty() {
                    record(&mut steps, &mut seen, Found { dels, chain });
                }
            }
        }
    }
    for t in tables.iter().step_by(2) {
        let Some(&p) = t.lits.first() else { continue };
        for j in 1..t.lits.len() {
            let e = t.lits[j];
            if !e.on || e.cell == p.cell || t.hops[j] <= 1 {
                continue;
            }
            let (s, c) = (usize::from(p.cell), usize::from(e.cell));
            let applies = if p.digit == e.digit {
                (g.peers[s] & g.peers[c] & g.cells[usize::from(p.digit)]).count_ones() >= 2
            } else {
                g.peers[s] & (1 << c) != 0
                    && g.cands[c] & (1 << p.digit) != 0
                    && g.cands[s] & (1 << e.digit) != 0
            };
            if !applies {
                continue;
            }
            let dels = sorted(aic_dels(&g, p, e));
            if dels.is_empty() {
                continue;
            }
            let chain = path(t, j);
            if !is_lasso(&chain, false) {
                record(&mut steps, &mut seen, Found { dels, chain });
            }
        }
    }
    let best = steps.iter().enumerate().min_by_key(|(i, f)| {
        let sum = super::index_sum(f.dels.iter().map(|&(c, d)| (usize::from(c), d)));
        (usize::MAX - f.dels.len(), sum, f.chain.len(), *i)
    })?;
    Some(to_step(best.1))
}

/// The bitdoku step of a found loop or AIC: its eliminations and its chain (one node per
/// entry; a link is strong when it ends in an "on" entry).
fn to_step(f: &Found) -> Step {
    let mut step = Step::new(TechniqueId::Aic);
    let mut digits = DigitSet::EMPTY;
    let mut cells = CellSet::EMPTY;
    for &(c, d) in &f.dels {
        let digit = Digit::from_value(d).expect("digit 1-9");
        step.eliminate(digit, CellSet::single(Cell::new_unchecked(c)));
    }
    let mut chain = Chain::EMPTY;
    for (i, l) in f.chain.iter().enumerate() {
        let digit = Digit::from_value(l.digit).expect("digit 1-9");
        let cell = Cell::new_unchecked(l.cell);
        digits = digits.with(digit);
        cells.insert(cell);
        if !chain.push(ChainNode::new(digit, CellSet::single(cell)), i > 0 && l.on) {
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

    fn lit(cell: u8, digit: u8, on: bool) -> Lit {
        Lit { cell, digit, on }
    }

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

    #[test]
    fn direct_consequences_follow_hodoku_order() {
        let g = Grid::new(&Candidates::from_values(&[0; 81]));
        let mut out = Vec::new();
        g.direct(lit(0, 5, true), &mut out);
        // The cell's other digits, then row 1, column 1 and the rest of box 1, each once.
        let mut want: Vec<Lit> = [1, 2, 3, 4, 6, 7, 8, 9].map(|d| lit(0, d, false)).to_vec();
        want.extend((1..9).map(|c| lit(c, 5, false)));
        want.extend((1..9).map(|r| lit(9 * r, 5, false)));
        want.extend([10, 11, 19, 20].map(|c| lit(c, 5, false)));
        assert_eq!(out, want);
        // Off: no bivalue cell, no conjugate pair, no consequence.
        g.direct(lit(0, 5, false), &mut out);
        assert!(out.is_empty());
        // With 5 a conjugate pair in row 1: off turns the other cell on.
        let g = Grid::new(&two_rows_of_five());
        g.direct(lit(1, 5, false), &mut out);
        assert_eq!(out, [lit(6, 5, true)]);
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
        assert_eq!(step.evidence.chain.nodes().len(), 4);
        assert_eq!(step.evidence.chain.to_string(), "(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2");
    }

    #[test]
    fn no_step_without_links() {
        assert!(nice_loop(&Candidates::from_values(&[0; 81])).is_none());
    }

    #[test]
    fn lassos_are_refused() {
        let (a, b, c) = (lit(0, 1, true), lit(1, 1, false), lit(1, 2, true));
        // Consecutive entries in one cell are allowed, a return to an earlier cell is not.
        assert!(!is_lasso(&[a, b, c, lit(10, 2, false)], false));
        assert!(is_lasso(&[a, b, c, lit(10, 2, false), lit(1, 3, true)], false));
        // A nice loop may come back to its start cell, an AIC may not.
        let back = [a, b, c, lit(10, 2, false), lit(0, 2, true)];
        assert!(!is_lasso(&back, true));
        assert!(is_lasso(&back, false));
    }
}
