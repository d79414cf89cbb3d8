//! HoDoKu 2.2.0's forcing chains for the `hodoku` preset, read off the same tables as its
//! grouped nice loops ([`super::tables`]): a table's "on" and "off" sets are the cell
//! candidates it turns on and off.
//!
//! **Contradictions**, for each candidate's "on" table then its "off" table (cells and digits
//! ascending): the table turns its own premise around; a candidate both on and off (the first
//! cell, per digit); two digits on in one cell (the first cell, per pair); a digit on twice in
//! a row, a column or a box; a cell with every candidate off; every cell of a row, column or
//! box where the digit is still allowed (placements only) turned off. The premise is then
//! false: "on" loses the candidate, "off" places it.
//!
//! **Verities**: a candidate's "on" and "off" tables agree (on or off, outside the premise's
//! cell); then the "on" tables of every candidate of a cell, then of every place of a digit
//! in each row, column and box, agree.
//!
//! **Choice.** One step per kind (contradiction, verity) and effect; a later one with a
//! shorter proof (total entries of its chains) takes the place of the earlier. Placements
//! come before eliminations, then the lower cell (for eliminations cell * 10 + digit), then the
//! shorter proof, otherwise the order found.
//!
//! Written from the rules of HoDoKu 2.2.0's `TablingSolver` (GPL, read, not copied).

use super::cells_of;
use super::tables::{Grid, Lit, Sets, TABLES, Table, Tables, cached};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, House};
use bitdoku_strategies::{Premise, Step, TechniqueId};

/// A step found: placement (`set`) or elimination of `digit` in `cell`.
#[derive(Clone, Copy, Debug)]
struct Found {
    set: bool,
    cell: u8,
    digit: u8,
    verity: bool,
    premise: Premise,
    len: usize,
}

fn house_mask(h: usize) -> u128 {
    bitdoku_bitboard::tables::HOUSES[h].bits()
}

/// The houses of every cell as a mask (bit = house: rows 0-8, columns 9-17, boxes 18-26).
const HOUSE_BITS: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        t[c] = 1 << r | 1 << (9 + col) | 1 << (18 + r / 3 * 3 + col / 3);
        c += 1;
    }
    t
};

/// The houses (bit = house, as [`HOUSE_BITS`]) holding a cell of `set`.
fn houses_of(set: u128) -> u32 {
    let (mut rows, mut cols, mut boxes) = (0u32, 0u32, 0u32);
    for r in 0..9 {
        let row = ((set >> (9 * r)) & 0x1ff) as u32;
        rows |= u32::from(row != 0) << r;
        cols |= row;
        let band = u32::from(row & 0o7 != 0)
            | u32::from(row & 0o70 != 0) << 1
            | u32::from(row & 0o700 != 0) << 2;
        boxes |= band << (r / 3 * 3);
    }
    rows | cols << 9 | boxes << 18
}

/// The places where each digit may still go (bit = cell: open cells no placed equal digit
/// sees) and the houses holding one, for the last contradiction of [`contradictions`].
pub(crate) struct Allowed {
    cells: [u128; 10],
    houses: [u32; 10],
}

impl Allowed {
    pub(crate) fn new(cells: [u128; 10]) -> Allowed {
        Allowed { cells, houses: cells.map(houses_of) }
    }
}

/// The number of entries of the chain from the premise of `t` to `target` (0 when absent).
fn chain_len(t: &Table<'_>, target: Lit) -> usize {
    let Some(k) = t.lits.iter().position(|&l| l == target) else { return 0 };
    walk(t, k)
}

/// The number of entries from the premise of `t` to entry `k`, both counted.
fn walk(t: &Table<'_>, mut k: usize) -> usize {
    let mut n = 1;
    while k != 0 {
        k = usize::from(t.parent[k]);
        n += 1;
    }
    n
}

/// [`chain_len`] for many targets of one table: the entries' positions are noted on the first
/// call (in `pos`, indexed by [`Lit::id`]) and cleared on drop.
struct Lens<'a, 'b> {
    t: Table<'a>,
    pos: &'b mut [u16],
    filled: bool,
}

impl Lens<'_, '_> {
    /// The summed chain lengths of `targets`.
    fn of(&mut self, targets: &[Lit]) -> usize {
        if !self.filled {
            for (k, l) in self.t.lits.iter().enumerate() {
                self.pos[l.id()] = k as u16;
            }
            self.filled = true;
        }
        targets
            .iter()
            .map(|l| match self.pos[l.id()] {
                u16::MAX => 0,
                k => walk(&self.t, usize::from(k)),
            })
            .sum()
    }
}

impl Drop for Lens<'_, '_> {
    fn drop(&mut self) {
        if self.filled {
            for l in self.t.lits {
                self.pos[l.id()] = u16::MAX;
            }
        }
    }
}

/// The steps found, one per kind and effect: `seen` holds the index in `found` per
/// (verity, set, cell, digit) ([`Collect::key`]), `u32::MAX` where none.
struct Collect {
    found: Vec<Found>,
    seen: Vec<u32>,
}

impl Collect {
    fn new() -> Collect {
        Collect { found: Vec::new(), seen: vec![u32::MAX; 2 * 2 * 81 * 10] }
    }

    fn key(f: &Found) -> usize {
        ((usize::from(f.verity) * 2 + usize::from(f.set)) * 81 + usize::from(f.cell)) * 10
            + usize::from(f.digit)
    }

    fn add(&mut self, f: Found) {
        let key = Collect::key(&f);
        match self.seen[key] {
            u32::MAX => {
                self.seen[key] = self.found.len() as u32;
                self.found.push(f);
            }
            i if self.found[i as usize].len > f.len => self.found[i as usize] = f,
            _ => {}
        }
    }
}

fn lit(cell: u8, digit: u8, on: bool) -> Lit {
    Lit { node: u16::from(cell), digit, on }
}

/// The contradictions of one table (see the module docs).
fn one_table(g: &Grid, allowed: &Allowed, t: &Table<'_>, pos: &mut [u16], out: &mut Collect) {
    let Some(&p) = t.lits.first() else { return };
    let mut lens = Lens { t: *t, pos, filled: false };
    let (cell, digit) = (p.node as u8, p.digit);
    let premise = if p.on {
        Premise::On(Cell::new_unchecked(cell), Digit::from_value(digit).expect("digit"))
    } else {
        Premise::Off(Cell::new_unchecked(cell), Digit::from_value(digit).expect("digit"))
    };
    let mut targets: Vec<Lit> = Vec::with_capacity(9);
    let s = t.sets;
    let start = (usize::from(cell), digit, p.on);
    contradictions(&s.on, &s.off, start, &g.cells, g.open(), allowed, |ends| {
        targets.clear();
        targets.extend(ends.iter().map(|&(c, d, on)| lit(c as u8, d, on)));
        let len = lens.of(&targets);
        out.add(Found { set: !p.on, cell, digit, verity: false, premise, len });
    });
}

/// The ends (cell, `digit`, `on`) of the cells of `set` (at most nine), written to `buf`.
fn house_ends(
    set: u128,
    digit: u8,
    on: bool,
    buf: &mut [(usize, u8, bool); 9],
) -> &[(usize, u8, bool)] {
    let mut n = 0;
    for c in cells_of(set) {
        buf[n] = (c, digit, on);
        n += 1;
    }
    &buf[..n]
}

/// HoDoKu's `checkOneChain` on the cell candidates a table turns `on` and `off` (bit = cell,
/// per digit), its premise being `premise` (cell, digit, on): calls `hit` with the ends
/// (cell, digit, on) of every contradiction, in HoDoKu's order: the premise turned back, a
/// candidate both on and off, a cell with two digits on, a house with a digit on twice, an
/// `open` cell left without candidates (`cands`: cells per digit), a house whose `allowed`
/// places of a digit are all off. Shared by the forcing-chain and forcing-net models.
pub(crate) fn contradictions(
    on: &[u128; 10],
    off: &[u128; 10],
    premise: (usize, u8, bool),
    cands: &[u128; 10],
    open: u128,
    allowed: &Allowed,
    mut hit: impl FnMut(&[(usize, u8, bool)]),
) {
    let (cell, digit, is_on) = premise;
    let back = if is_on { off[usize::from(digit)] } else { on[usize::from(digit)] };
    if back & (1 << cell) != 0 {
        hit(&[(cell, digit, !is_on)]);
    }
    for d in 0..10u8 {
        let both = on[usize::from(d)] & off[usize::from(d)];
        if both != 0 {
            let c = both.trailing_zeros() as usize;
            hit(&[(c, d, false), (c, d, true)]);
        }
    }
    // The pairs are looked at only when some cell has two digits on.
    let (mut met, mut clash) = (0u128, 0u128);
    for m in &on[1..] {
        clash |= met & m;
        met |= m;
    }
    if clash != 0 {
        for i in 1..10u8 {
            for j in i + 1..10 {
                let both = on[usize::from(i)] & on[usize::from(j)];
                if both != 0 {
                    let c = both.trailing_zeros() as usize;
                    hit(&[(c, i, true), (c, j, true)]);
                }
            }
        }
    }
    // At most nine ends: a house's cells or a cell's digits.
    let mut ends = [(0usize, 0u8, false); 9];
    // The houses (bit = house) holding the digit on twice, then those whose allowed places
    // are all off; both read in HoDoKu's order below (rows, columns, boxes; digit; house).
    let mut twice = [0u32; 10];
    let mut emptied = [0u32; 10];
    for d in 1..10 {
        let mut once = 0u32;
        let mut set = on[d];
        while set != 0 {
            let houses = HOUSE_BITS[set.trailing_zeros() as usize];
            twice[d] |= once & houses;
            once |= houses;
            set &= set - 1;
        }
        // No allowed place of the digit is off: no house is emptied.
        if allowed.cells[d] & off[d] != 0 {
            emptied[d] = allowed.houses[d] & !houses_of(allowed.cells[d] & !off[d]);
        }
    }
    for kind in 0..3 {
        for d in 1..10u8 {
            let mut hs = twice[usize::from(d)] & (0x1ff << (9 * kind));
            while hs != 0 {
                let h = hs.trailing_zeros() as usize;
                hit(house_ends(house_mask(h) & on[usize::from(d)], d, true, &mut ends));
                hs &= hs - 1;
            }
        }
    }
    let mut empty: u128 = (1u128 << 81) - 1;
    for d in 1..10 {
        empty &= off[d] | !cands[d];
    }
    for m in on {
        empty &= !m;
    }
    empty &= open;
    for c in cells_of(empty) {
        let mut n = 0;
        for d in (1..=9u8).filter(|&d| cands[usize::from(d)] & (1 << c) != 0) {
            ends[n] = (c, d, false);
            n += 1;
        }
        hit(&ends[..n]);
    }
    for kind in 0..3 {
        for d in 1..10u8 {
            let mut hs = emptied[usize::from(d)] & (0x1ff << (9 * kind));
            while hs != 0 {
                let h = hs.trailing_zeros() as usize;
                hit(house_ends(house_mask(h) & allowed.cells[usize::from(d)], d, false, &mut ends));
                hs &= hs - 1;
            }
        }
    }
}

/// Verities where every table of `group` agrees (`premise` names the group); `skip` leaves a
/// cell out; `on_first` takes every digit turned on before those turned off (otherwise digit
/// by digit, on then off).
fn agree(group: &[Table<'_>], premise: Premise, skip: u128, on_first: bool, out: &mut Collect) {
    let all: Vec<&Sets> = group.iter().map(|t| t.sets).collect();
    let order: Vec<(bool, u8)> = if on_first {
        [true, false].into_iter().flat_map(|on| (1..10u8).map(move |d| (on, d))).collect()
    } else {
        (1..10u8).flat_map(|d| [(true, d), (false, d)]).collect()
    };
    for (on, d) in order {
        {
            let mut common = !skip & ((1u128 << 81) - 1);
            for s in &all {
                common &= if on { s.on[usize::from(d)] } else { s.off[usize::from(d)] };
            }
            for c in cells_of(common).map(|c| c as u8) {
                let len = group.iter().map(|t| chain_len(t, lit(c, d, on))).sum();
                out.add(Found { set: on, cell: c, digit: d, verity: true, premise, len });
            }
        }
    }
}

/// The sort key of a step: placements first, then the lower cell (for eliminations
/// cell * 10 + digit), then the shorter proof.
fn rank(f: &Found) -> (bool, usize, usize) {
    let (cell, digit) = (usize::from(f.cell), usize::from(f.digit));
    (!f.set, if f.set { cell } else { cell * 10 + digit }, f.len)
}

/// HoDoKu's forcing chain for `state` (see the module docs), if any.
#[must_use]
pub fn forcing_chain(state: &Candidates) -> Option<Step> {
    let made = cached(state, true);
    let (g, tables): (&Grid, &Tables) = (&made.grid, &made);
    let mut allowed = [0u128; 10];
    let values = state.values();
    for (d, a) in allowed.iter_mut().enumerate().skip(1) {
        *a = g.open();
        for (c, &v) in values.iter().enumerate() {
            if usize::from(v) == d {
                *a &= !g.peers[c];
            }
        }
    }
    let allowed = Allowed::new(allowed);
    let mut out = Collect::new();
    let mut pos = vec![u16::MAX; g.nodes() * 20];
    for i in 0..TABLES / 2 {
        one_table(g, &allowed, &tables.table(2 * i + 1), &mut pos, &mut out);
        one_table(g, &allowed, &tables.table(2 * i), &mut pos, &mut out);
    }
    for i in 0..TABLES / 2 {
        let (off, on) = (tables.table(2 * i), tables.table(2 * i + 1));
        let (Some(&p), false) = (on.lits.first(), off.lits.is_empty()) else { continue };
        let (cell, digit) =
            (Cell::new_unchecked(p.node as u8), Digit::from_value(p.digit).expect("digit"));
        agree(&[on, off], Premise::Candidate(cell, digit), 1 << p.node, true, &mut out);
    }
    let on_table = |c: u8, d: u8| tables.table(lit(c, d, true).id());
    for c in 0..81u8 {
        let group: Vec<Table<'_>> = g.digits(usize::from(c)).map(|d| on_table(c, d)).collect();
        if !group.is_empty() {
            agree(&group, Premise::Cell(Cell::new_unchecked(c)), 0, false, &mut out);
        }
    }
    for h in 0..27 {
        let house = match h {
            0..=8 => House::row(h),
            9..=17 => House::col(h - 9),
            _ => House::boxx(h - 18),
        };
        for d in 1..10u8 {
            let here = house_mask(h) & g.cells[usize::from(d)];
            if here == 0 {
                continue;
            }
            let group: Vec<Table<'_>> = cells_of(here).map(|c| on_table(c as u8, d)).collect();
            let premise = Premise::House(house, Digit::from_value(d).expect("digit"));
            agree(&group, premise, 0, false, &mut out);
        }
    }
    let f = out.found.iter().enumerate().min_by_key(|(i, f)| (rank(f), *i))?.1;
    let (cell, digit) = (Cell::new_unchecked(f.cell), Digit::from_value(f.digit).expect("digit"));
    Some(forcing_step(TechniqueId::ForcingChain, f.set, cell, digit, f.premise))
}

/// The step of a forcing chain or net: one placement (`set`) or one elimination in `cell`,
/// with the premise it was forced from.
pub(crate) fn forcing_step(
    id: TechniqueId,
    set: bool,
    cell: Cell,
    digit: Digit,
    premise: Premise,
) -> Step {
    let mut step = Step::new(id);
    if set {
        step.place(cell, digit);
    } else {
        step.eliminate(digit, CellSet::single(cell));
    }
    step.evidence.forcing = premise;
    step.evidence.cells = CellSet::single(cell);
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(set: bool, cell: u8, digit: u8, len: usize) -> Found {
        Found { set, cell, digit, verity: false, premise: Premise::None, len }
    }

    #[test]
    fn house_masks_match_the_houses() {
        for (c, bits) in HOUSE_BITS.iter().enumerate() {
            for h in 0..27 {
                let inside = house_mask(h) & (1 << c) != 0;
                assert_eq!(bits & (1 << h) != 0, inside);
                assert_eq!(houses_of(1 << c) & (1 << h) != 0, inside);
            }
        }
        let set: u128 = (1 << 0) | (1 << 40) | (1 << 80);
        assert_eq!(houses_of(set), HOUSE_BITS[0] | HOUSE_BITS[40] | HOUSE_BITS[80]);
        assert_eq!(houses_of(0), 0);
    }

    #[test]
    fn placements_first_then_lower_cell_then_shorter_proof() {
        assert!(rank(&found(true, 80, 9, 30)) < rank(&found(false, 0, 1, 2)));
        assert!(rank(&found(true, 3, 9, 30)) < rank(&found(true, 4, 1, 2)));
        assert!(rank(&found(true, 3, 9, 5)) < rank(&found(true, 3, 1, 6)));
        // Eliminations by cell * 10 + digit: r1c1<>9 (9) before r1c2<>1 (11).
        assert!(rank(&found(false, 0, 9, 9)) < rank(&found(false, 1, 1, 2)));
        assert!(rank(&found(false, 1, 1, 4)) < rank(&found(false, 1, 2, 2)));
    }

    #[test]
    fn a_shorter_proof_of_the_same_effect_takes_the_earlier_place() {
        let mut c = Collect::new();
        c.add(found(false, 5, 3, 9));
        c.add(found(true, 7, 2, 4));
        c.add(found(false, 5, 3, 12));
        assert_eq!(c.found.len(), 2);
        assert_eq!(c.found[0].len, 9);
        c.add(found(false, 5, 3, 6));
        assert_eq!((c.found.len(), c.found[0].len, c.found[1].cell), (2, 6, 7));
        // A verity with the same effect is another step.
        c.add(Found { verity: true, ..found(false, 5, 3, 20) });
        assert_eq!(c.found.len(), 3);
    }
}
