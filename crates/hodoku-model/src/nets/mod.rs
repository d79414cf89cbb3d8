//! HoDoKu 2.2.0's forcing nets for the `hodoku` preset: its tables, filled by running singles
//! inside them, expanded into one another, and read off in its way, so that the preset takes
//! the net HoDoKu takes, and finds none where HoDoKu finds none (then HoDoKu guesses).
//!
//! The tables (every candidate "on" and "off", filled with four rounds of singles, the groups
//! linked, all expanded into one another) are built in `build.rs`; this file reads them.
//!
//! **Reading.** The checks of [`super::forcing_chain`] (contradictions of each table, then
//! verities of a candidate's two tables, of a cell's candidates and of a digit's places in a
//! house) give effects; each effect's proof is built back from its entries, and in a net
//! search only proofs that use an entry with more than one predecessor (a net) count. The step
//! taken is the first effect with such a proof: placements first by cell, then eliminations
//! by cell * 10 + digit.
//!
//! Written from the rules of HoDoKu 2.2.0's `TablingSolver`, `TableEntry`, `GroupNode`,
//! `Sudoku2` and `SimpleSolver` (GPL, read, not copied).

mod build;

use super::cells_of;
use crate::forcing::Allowed;
use bitdoku_bitboard::{Candidates, Cell, Digit, House};
use bitdoku_strategies::{Premise, Step, TechniqueId};
use build::*;

/// Whether the proof of entry `l` in table `t` uses an entry with several predecessors
/// (HoDoKu then makes the step a net), following HoDoKu's walk back through expanded tables.
fn is_net(ts: &Tables, t: Tid, l: Lit) -> bool {
    let org = ts.get(t);
    let Some(start) = org.lits.iter().position(|&x| x == l) else { return false };
    let mut cur = org;
    let mut idx = start;
    let mut expanded = false;
    let mut n = 1;
    while idx != 0 && n < CAP {
        if cur.expanded(idx) {
            let r = cur.ret[idx];
            let src = pred(org.ret[idx], 0);
            let next = if r & EXTENDED != 0 {
                ts.ext.get(src)
            } else if r & ON_TABLE != 0 {
                ts.on.get(src)
            } else {
                ts.off.get(src)
            };
            let Some(next) = next else { return false };
            let Some(k) = next.index_of(org.lits[idx]) else { return false };
            cur = next;
            idx = k;
            expanded = true;
        }
        let r = cur.ret[idx];
        if (1..PREDECESSORS).any(|w| pred(r, w) != 0) {
            return true;
        }
        idx = pred(r, 0);
        n += 1;
        if expanded && idx == 0 {
            let back = cur.lits[0];
            cur = org;
            let Some(k) = org.index_of(back) else { return false };
            idx = k;
            expanded = false;
        }
    }
    false
}

/// An effect found: a placement or an elimination, with the entries its proof ends in.
struct Hit {
    set: bool,
    cell: u8,
    digit: u8,
    premise: Premise,
    chains: std::ops::Range<usize>,
}

struct Hits {
    hits: Vec<Hit>,
    ends: Vec<(Tid, Lit)>,
}

impl Hits {
    fn push(&mut self, set: bool, cell: usize, digit: u8, premise: Premise, ends: &[(Tid, Lit)]) {
        let from = self.ends.len();
        self.ends.extend_from_slice(ends);
        let chains = from..self.ends.len();
        self.hits.push(Hit { set, cell: cell as u8, digit, premise, chains });
    }
}

fn cd(cell: usize, digit: u8) -> (Cell, Digit) {
    (Cell::new_unchecked(cell as u8), Digit::from_value(digit).expect("digit 1-9"))
}

/// HoDoKu's `checkOneChain`: the contradictions of one table
/// ([`crate::forcing::contradictions`], on the net table's on/off sets).
fn one_table(ts: &Tables, tid: Tid, allowed: &Allowed, open: u128, out: &mut Hits) {
    let t = ts.get(tid);
    let Some(&p) = t.lits.first() else { return };
    let (cell, digit, on) = (node_of(p), digit_of(p), is_on(p));
    let (c, d) = cd(cell, digit);
    let premise = if on { Premise::On(c, d) } else { Premise::Off(c, d) };
    let mut ends = Vec::with_capacity(9);
    let start = (cell, digit, on);
    crate::forcing::contradictions(&t.on, &t.off, start, &ts.cands, open, allowed, |found| {
        ends.clear();
        ends.extend(found.iter().map(|&(c, x, o)| (tid, lit(c, x, o))));
        out.push(!on, cell, digit, premise, &ends);
    });
}

/// HoDoKu's `checkEntryList` (and `checkTwoChains` with `skip`): what every table of `group`
/// turns on or off.
fn agree(ts: &Tables, group: &[Tid], premise: Premise, skip: u128, out: &mut Hits) {
    let mut on = [!skip; 10];
    let mut off = [!skip; 10];
    for &tid in group {
        let t = ts.get(tid);
        for x in 1..10 {
            on[x] &= t.on[x];
            off[x] &= t.off[x];
        }
    }
    let mut ends = Vec::new();
    for x in 1..10u8 {
        for (set, cells) in [(true, on[usize::from(x)]), (false, off[usize::from(x)])] {
            for c in cells_of(cells & ((1u128 << 81) - 1)) {
                ends.clear();
                ends.extend(group.iter().map(|&tid| (tid, lit(c, x, set))));
                out.push(set, c, x, premise, &ends);
            }
        }
    }
}

/// HoDoKu's forcing net for `state` (see the module docs), if any.
#[must_use]
pub fn forcing_net(state: &Candidates) -> Option<Step> {
    let (start, ts) = tables(state);
    let cands = ts.cands;

    let open = cands[1..].iter().fold(0u128, |m, &c| m | c);
    let values = state.values();
    let mut allowed = [0u128; 10];
    for (d, a) in allowed.iter_mut().enumerate().skip(1) {
        *a = (1u128 << 81) - 1;
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                *a &= !(1u128 << c);
                if usize::from(v) == d {
                    *a &= !Cell::new_unchecked(c as u8).peers().bits();
                }
            }
        }
    }
    let allowed = Allowed::new(allowed);
    let mut out = Hits { hits: Vec::new(), ends: Vec::new() };
    for i in 0..810 {
        one_table(&ts, Tid::On(i), &allowed, open, &mut out);
        one_table(&ts, Tid::Off(i), &allowed, open, &mut out);
    }
    for i in 0..810 {
        if ts.on[i].len() == 0 || ts.off[i].len() == 0 {
            continue;
        }
        let cell = i / 10;
        let (c, d) = cd(cell, (i % 10) as u8);
        agree(&ts, &[Tid::On(i), Tid::Off(i)], Premise::Candidate(c, d), 1 << cell, &mut out);
    }
    for cell in 0..81 {
        let group: Vec<Tid> =
            start.cell_digits(cell).map(|d| Tid::On(cell * 10 + usize::from(d))).collect();
        if !group.is_empty() {
            agree(&ts, &group, Premise::Cell(Cell::new_unchecked(cell as u8)), 0, &mut out);
        }
    }
    for h in 0..27 {
        let house = match h {
            0..=8 => House::row(h),
            9..=17 => House::col(h - 9),
            _ => House::boxx(h - 18),
        };
        for d in 1..10u8 {
            let here = house_mask(h) & cands[usize::from(d)];
            if here == 0 {
                continue;
            }
            let group: Vec<Tid> =
                cells_of(here).map(|c| Tid::On(c * 10 + usize::from(d))).collect();
            let premise = Premise::House(house, Digit::from_value(d).expect("digit"));
            agree(&ts, &group, premise, 0, &mut out);
        }
    }
    let rank = |h: &Hit| {
        let (cell, digit) = (usize::from(h.cell), usize::from(h.digit));
        (!h.set, if h.set { cell } else { cell * 10 + digit })
    };
    let mut order: Vec<usize> = (0..out.hits.len()).collect();
    order.sort_by_key(|&i| (rank(&out.hits[i]), i));
    let best = order
        .into_iter()
        .map(|i| &out.hits[i])
        .find(|h| out.ends[h.chains.clone()].iter().any(|&(tid, l)| is_net(&ts, tid, l)));
    let step = best.map(|best| {
        let (cell, digit) = cd(usize::from(best.cell), best.digit);
        crate::forcing::forcing_step(TechniqueId::ForcingNet, best.set, cell, digit, best.premise)
    });
    give_back(ts);
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_puts_the_largest_first() {
        let r = pack([3, 9, 5, 0, 0]);
        assert_eq!((pred(r, 0), pred(r, 1), pred(r, 2)), (9, 3, 5));
        assert_eq!(pred(pack([0, 0, 0, 0, 0]), 0), 0);
    }

    #[test]
    fn entries_are_added_once() {
        let mut t = Table::default();
        assert!(t.add(lit(4, 5, true), [0; PREDECESSORS]));
        assert!(!t.add(lit(4, 5, true), [0; PREDECESSORS]));
        assert!(t.add(lit(4, 5, false), [0; PREDECESSORS]));
        assert_eq!(t.distance(0), 1);
        assert_eq!(t.distance(1), 2);
    }

    #[test]
    fn no_net_in_an_empty_grid() {
        assert!(forcing_net(&Candidates::from_values(&[0; 81])).is_none());
    }
}
