//! Sudoku Explainer's aligned exclusions: pair (6.2) and triplet (7.5). Base cells whose
//! combinations of values are checked against common "excluder" cells (every value of an
//! excluder used up) and against each other (equal values in cells that see each other).

use super::Hint;
use super::dirty::Dirty;
use super::grid::{Grid, Mask, PEERS, digits};

/// The base cells (two or more candidates, no naked single among their peers) with their
/// excluders: the peers holding 2 to `max_excluder` candidates (2 for pairs, 3 for
/// triplets), as masks, cells ascending.
fn bases(g: &Grid, max_excluder: u32) -> Vec<(usize, u128)> {
    let mut out = Vec::new();
    for c in 0..81 {
        if g.count(c) < 2 {
            continue;
        }
        let mut naked_single = false;
        let mut ex = 0u128;
        for &o in &PEERS[c] {
            match g.count(o as usize) {
                1 => naked_single = true,
                n if n >= 2 && n <= max_excluder => ex |= 1 << o,
                _ => {}
            }
        }
        if !naked_single && ex != 0 {
            out.push((c, ex));
        }
    }
    out
}

/// The base cells and the excluders that count as changed (everything without `dirty`).
fn changed(dirty: Option<&Dirty>) -> (u128, u128) {
    match dirty {
        Some(x) => (x.cells | x.unblocked, x.cells),
        None => (u128::MAX, u128::MAX),
    }
}

/// SE's aligned pair exclusion (6.2). With `dirty`, only pairs with a changed (or newly
/// unblocked) base cell or a changed common excluder.
pub fn aligned_pair(g: &Grid, dirty: Option<&Dirty>) -> Option<Hint> {
    let cands = bases(g, 2);
    if cands.len() < 2 {
        return None;
    }
    let (new_base, new_excl) = changed(dirty);
    for j in 1..cands.len() {
        for i in 0..j {
            let (a, ea) = cands[i];
            let (b, eb) = cands[j];
            let common = ea & eb;
            if common.count_ones() < 2 {
                continue;
            }
            if new_base & (1 << a | 1 << b) == 0 && new_excl & common == 0 {
                continue;
            }
            let see = PEERS[a].contains(&(b as u8));
            let mut allowed_a: Mask = 0;
            let mut allowed_b: Mask = 0;
            for p0 in digits(g.cand[a]) {
                for p1 in digits(g.cand[b]) {
                    if p0 == p1 && see {
                        continue;
                    }
                    let pair = (1 << (p0 - 1)) | (1 << (p1 - 1));
                    let mut rest = common;
                    let mut blocked = false;
                    while rest != 0 && !blocked {
                        let e = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        blocked = g.cand[e] & !pair == 0;
                    }
                    if blocked {
                        continue;
                    }
                    allowed_a |= 1 << (p0 - 1);
                    allowed_b |= 1 << (p1 - 1);
                }
            }
            let mut remove = Vec::new();
            for d in digits(g.cand[a] & !allowed_a) {
                remove.push((a as u8, d));
            }
            for d in digits(g.cand[b] & !allowed_b) {
                remove.push((b as u8, d));
            }
            if !remove.is_empty() {
                return Some(Hint::remove(62, "Aligned Pair Exclusion", remove));
            }
        }
    }
    None
}

/// SE's aligned triplet exclusion (7.5): three cells, each pair of which is seen by at least
/// two common "excluder" cells of 2-3 candidates; a value of a base cell that appears in no
/// allowed combination is removed. With `dirty`, only triplets with a changed (or newly
/// unblocked) base cell or a changed common excluder.
pub fn aligned_triplet(g: &Grid, dirty: Option<&Dirty>) -> Option<Hint> {
    let (new_base, new_excl) = changed(dirty);
    let found = bases(g, 3);
    if found.len() < 3 {
        return None;
    }
    let cands: Vec<usize> = found.iter().map(|&(c, _)| c).collect();
    let is_cand = found.iter().fold(0u128, |m, &(c, _)| m | 1 << c);
    let mut excl_mask = [0u128; 81];
    for &(c, ex) in &found {
        excl_mask[c] = ex;
    }
    for j in 1..cands.len() {
        for i in 0..j {
            let (c0, c1) = (cands[i], cands[j]);
            let pair_common = excl_mask[c0] & excl_mask[c1];
            let reach = (excl_mask[c0] | excl_mask[c1]) & is_cand & !(1 << c0) & !(1 << c1);
            if reach == 0 || pair_common.count_ones() < 2 {
                continue;
            }
            // Unless c0, c1 or their common excluders changed, only a changed third cell
            // can make a new hint.
            let pair_new = new_base & (1 << c0 | 1 << c1) != 0 || new_excl & pair_common != 0;
            let third = if pair_new { reach } else { reach & new_base };
            if third == 0 {
                continue;
            }
            // The third cells in SE's order: c0's excluders (in house order), then c1's
            // others.
            let mut seen = 0u128;
            for &base in &[c0, c1] {
                for &e in &PEERS[base] {
                    let e = e as usize;
                    if (third & excl_mask[base] & !seen) >> e & 1 == 0 {
                        continue;
                    }
                    seen |= 1 << e;
                    let common_mask = pair_common & excl_mask[e];
                    if common_mask.count_ones() < 2 {
                        continue;
                    }
                    if let Some(h) = triplet_hint(g, [c0, c1, e], common_mask) {
                        return Some(h);
                    }
                }
            }
        }
    }
    None
}

fn triplet_hint(g: &Grid, cells: [usize; 3], common: u128) -> Option<Hint> {
    let see = |x: usize, y: usize| PEERS[cells[x]].contains(&(cells[y] as u8));
    let (s01, s02, s12) = (see(0, 1), see(0, 2), see(1, 2));
    // blocked[m]: some common excluder's candidates lie inside the value set m (m has at
    // most three digits, an excluder two or three).
    let mut blocked = [0u64; 8];
    let mut rest = common;
    while rest != 0 {
        let e = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let ce = g.cand[e];
        let mut mark = |m: Mask| blocked[m as usize / 64] |= 1 << (m % 64);
        mark(ce);
        if ce.count_ones() == 2 {
            for x in 0..9 {
                if ce >> x & 1 == 0 {
                    mark(ce | 1 << x);
                }
            }
        }
    }
    let ok = |a: u8, b: u8, c: u8| {
        if (a == b && s01) || (a == c && s02) || (b == c && s12) {
            return false;
        }
        let m: Mask = (1 << (a - 1)) | (1 << (b - 1)) | (1 << (c - 1));
        blocked[m as usize / 64] >> (m % 64) & 1 == 0
    };
    let cand = [g.cand[cells[0]], g.cand[cells[1]], g.cand[cells[2]]];
    // A value is allowed when one combination with it is; search each until one is found.
    let mut allowed = [0 as Mask; 3];
    for x in 0..3 {
        for v in digits(cand[x]) {
            let (y, z) = match x {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            let found = digits(cand[y]).any(|p| {
                digits(cand[z]).any(|q| {
                    let mut t = [0u8; 3];
                    t[x] = v;
                    t[y] = p;
                    t[z] = q;
                    ok(t[0], t[1], t[2])
                })
            });
            if found {
                allowed[x] |= 1 << (v - 1);
            }
        }
    }
    let mut remove = Vec::new();
    for x in 0..3 {
        for d in digits(g.cand[cells[x]] & !allowed[x]) {
            remove.push((cells[x] as u8, d));
        }
    }
    (!remove.is_empty()).then(|| Hint::remove(75, "Aligned Triplet Exclusion", remove))
}
