//! Sudoku Explainer's non-chaining rules: singles, direct pointing/claiming and direct hidden
//! sets, locked candidates, naked and hidden sets, basic fish, XY- and XYZ-wings. Each
//! `find_*` returns the first hint in SE's search order (the hint SE applies), or None.

use super::Hint;
use super::dirty::{Dirty, peers, skip};
use super::grid::{COL, Grid, HOUSE_CELLS, HOUSE_MASK, Mask, PEERS, ROW, digits, low, sees};
use bitdoku_bitboard::combinations::of_size;

/// The houses in the order block, column, row (SE's order for singles and hidden sets).
fn bcr() -> impl Iterator<Item = usize> {
    (0..9).chain(COL..COL + 9).chain(ROW..ROW + 9)
}

/// Hidden singles: first "alone" ones (the house's last empty cell, 1.0), then the others
/// (1.2 in a block, 1.5 in a row or column).
pub fn hidden_single(g: &Grid) -> Option<Hint> {
    for alone in [true, false] {
        for r in bcr() {
            let is_alone = g.empty_count(r) == 1;
            if is_alone != alone {
                continue;
            }
            for d in 1..=9u8 {
                let p = g.positions(r, d);
                if p.count_ones() == 1 {
                    let c = HOUSE_CELLS[r][low(p)] as usize;
                    let (diff, name) = if alone {
                        (10, "Hidden Single")
                    } else if r < 9 {
                        (12, "Hidden Single")
                    } else {
                        (15, "Hidden Single")
                    };
                    return Some(Hint::place(diff, name, c, d));
                }
            }
        }
    }
    None
}

/// Naked singles (2.3), cells row by row.
pub fn naked_single(g: &Grid) -> Option<Hint> {
    (0..81).find(|&c| g.val[c] == 0 && g.count(c) == 1).map(|c| {
        let d = low(g.cand[c]) as u8 + 1;
        Hint::place(23, "Naked Single", c, d)
    })
}

/// The pairs of crossing houses SE's locking rule visits, in its order: (block, column),
/// (block, row), (column, block), (row, block), each by number; only pairs that cross.
const LOCKING_PAIRS: [(u8, u8); 108] = {
    let mut t = [(0u8, 0u8); 108];
    let mut n = 0;
    let mut part = 0;
    while part < 4 {
        let (first, second, lines) = match part {
            0 => (0, COL, true),
            1 => (0, ROW, true),
            2 => (COL, 0, false),
            _ => (ROW, 0, false),
        };
        let mut a = 0;
        while a < 9 {
            let mut b = 0;
            while b < 9 {
                let (r1, r2) = (first + a, second + b);
                let (bx, line) = if lines { (r1, r2) } else { (r2, r1) };
                // A block crosses the three rows or columns through it.
                let crosses = if line < COL {
                    (line - ROW) / 3 == bx / 3
                } else {
                    (line - COL) / 3 == bx % 3
                };
                if crosses {
                    t[n] = (r1 as u8, r2 as u8);
                    n += 1;
                }
                b += 1;
            }
            a += 1;
        }
        part += 1;
    }
    t
};

/// `INSIDE[a][b]`: the positions (0-8) in house `a` of the cells it shares with house `b`.
pub(super) const INSIDE: [[u16; 27]; 27] = {
    let mut t = [[0u16; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            let mut i = 0;
            while i < 9 {
                let mut j = 0;
                while j < 9 {
                    if HOUSE_CELLS[a][i] == HOUSE_CELLS[b][j] {
                        t[a][b] |= 1 << i;
                    }
                    j += 1;
                }
                i += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// `DIRECT_AREA[r1][r2]`: the cells a direct locking hint of (r1, r2) rests on: r2 and every
/// house of r1's kind crossing it (r1 among them).
const DIRECT_AREA: [[u128; 27]; 27] = {
    let mut t = [[0u128; 27]; 27];
    let mut r1 = 0;
    while r1 < 27 {
        let kind = kind_start(r1);
        let mut r2 = 0;
        while r2 < 27 {
            let mut m = HOUSE_MASK[r2] | HOUSE_MASK[r1];
            let mut r3 = kind;
            while r3 < kind + 9 {
                if INSIDE[r3][r2] != 0 && r3 != r2 {
                    m |= HOUSE_MASK[r3];
                }
                r3 += 1;
            }
            t[r1][r2] = m;
            r2 += 1;
        }
        r1 += 1;
    }
    t
};

/// The first house of `r`'s kind (blocks 0, rows ROW, columns COL).
const fn kind_start(r: usize) -> usize {
    if r < 9 {
        0
    } else if r < COL {
        ROW
    } else {
        COL
    }
}

fn crosses(a: usize, b: usize) -> bool {
    a != b && INSIDE[a][b] != 0
}

/// Locked candidates. `direct`: only when the removal leaves a hidden single in another house
/// of the first house's kind crossing the second (direct pointing 1.7 / claiming 1.9), which
/// the hint then places; else pointing 2.6 / claiming 2.8. With `dirty`, only digits that
/// lost a candidate in the houses the hint rests on (both houses, and for a direct hint
/// every house of the first one's kind crossing the second).
pub fn locking(g: &Grid, direct: bool, dirty: Option<&Dirty>) -> Option<Hint> {
    let wanted = dirty.map_or(0x1ff, |x| x.digits());
    for &(r1, r2) in &LOCKING_PAIRS {
        let (r1, r2) = (r1 as usize, r2 as usize);
        let area = match dirty {
            None => u128::MAX,
            Some(_) if direct => DIRECT_AREA[r1][r2],
            Some(_) => HOUSE_MASK[r1] | HOUSE_MASK[r2],
        };
        for d in digits(wanted) {
            if skip(dirty, |x| x.digit_cells[d as usize - 1] & area != 0) {
                continue;
            }
            let p = g.positions(r1, d);
            if p.count_ones() <= 1 {
                continue;
            }
            if p & !INSIDE[r1][r2] != 0 {
                continue;
            }
            let rest = g.positions(r2, d) & !INSIDE[r2][r1];
            if rest == 0 {
                continue;
            }
            let removable: Vec<(u8, u8)> =
                (0..9).filter(|i| rest >> i & 1 != 0).map(|i| (HOUSE_CELLS[r2][i], d)).collect();
            let pointing = r1 < 9;
            if !direct {
                let (diff, name) = if pointing { (26, "Pointing") } else { (28, "Claiming") };
                return Some(Hint::remove(diff, name, removable));
            }
            // Another house of r1's kind crossing r2 where one position would remain.
            let kind = kind_start(r1);
            for r3 in kind..kind + 9 {
                if r3 == r1 || !crosses(r3, r2) {
                    continue;
                }
                let p3 = g.positions(r3, d);
                if p3.count_ones() <= 1 {
                    continue;
                }
                let left = p3 & !INSIDE[r3][r2];
                let remain = [HOUSE_CELLS[r3][low(left.max(1))] as usize];
                if left.count_ones() == 1 {
                    let (diff, name) =
                        if pointing { (17, "Direct Pointing") } else { (19, "Direct Claiming") };
                    // SE's direct hints only place their single: the locked candidates stay
                    // until a later step removes them.
                    return Some(Hint::place(diff, name, remain[0], d));
                }
            }
        }
    }
    None
}

/// Naked sets of `degree` cells (3.0, 3.6, 5.0), houses block, column, row... as SE's
/// NakedSet visits them. With `dirty`, only houses with a changed cell.
pub fn naked_set(g: &Grid, degree: u32, dirty: Option<&Dirty>) -> Option<Hint> {
    let combos = of_size(degree);
    for r in bcr() {
        if skip(dirty, |x| x.house(r)) || g.empty_count(r) < degree * 2 {
            continue;
        }
        for &idx in combos {
            let mut union: Mask = 0;
            let mut ok = true;
            for i in 0..9 {
                if idx >> i & 1 != 0 {
                    let c = HOUSE_CELLS[r][i] as usize;
                    if g.count(c) <= 1 {
                        ok = false;
                        break;
                    }
                    union |= g.cand[c];
                }
            }
            if !ok || union.count_ones() != degree {
                continue;
            }
            let mut removable = Vec::new();
            for i in 0..9 {
                let c = HOUSE_CELLS[r][i];
                if idx >> i & 1 == 0 {
                    let m = g.cand[c as usize] & union;
                    for d in super::grid::digits(m) {
                        removable.push((c, d));
                    }
                }
            }
            if !removable.is_empty() {
                let (diff, name) = match degree {
                    2 => (30, "Naked Pair"),
                    3 => (36, "Naked Triplet"),
                    _ => (50, "Naked Quad"),
                };
                return Some(Hint::remove(diff, name, removable));
            }
        }
    }
    None
}

/// Hidden sets of `degree` values (3.4, 4.0, 5.4); `direct` (2.0, 2.5): only when the set
/// leaves a hidden single of another value in the house, which the hint places. With
/// `dirty`, only houses with a changed cell (direct or not, a hint rests on one house).
pub fn hidden_set(g: &Grid, degree: u32, direct: bool, dirty: Option<&Dirty>) -> Option<Hint> {
    let combos = of_size(degree);
    for r in bcr() {
        if skip(dirty, |x| x.house(r)) {
            continue;
        }
        let empty = g.empty_count(r);
        if !(empty > degree * 2 || (direct && empty > degree)) {
            continue;
        }
        let pos: [u16; 9] = std::array::from_fn(|i| g.positions(r, i as u8 + 1));
        for &vals in combos {
            let mut union = 0u16;
            let mut ok = true;
            for v in 0..9 {
                if vals >> v & 1 != 0 {
                    if pos[v].count_ones() <= 1 {
                        ok = false;
                        break;
                    }
                    union |= pos[v];
                }
            }
            if !ok || union.count_ones() != degree {
                continue;
            }
            let mut removable = Vec::new();
            for i in 0..9 {
                if union >> i & 1 != 0 {
                    let c = HOUSE_CELLS[r][i];
                    for d in super::grid::digits(g.cand[c as usize] & !vals) {
                        removable.push((c, d));
                    }
                }
            }
            if direct {
                for v in 0..9 {
                    if vals >> v & 1 != 0 || pos[v].count_ones() <= 1 {
                        continue;
                    }
                    let rest = pos[v] & !union;
                    if rest.count_ones() == 1 {
                        let (diff, name) = match degree {
                            2 => (20, "Direct Hidden Pair"),
                            3 => (25, "Direct Hidden Triplet"),
                            _ => (43, "Direct Hidden Quad"),
                        };
                        // As for direct pointing, only the single is placed.
                        let c = HOUSE_CELLS[r][low(rest)] as usize;
                        return Some(Hint::place(diff, name, c, v as u8 + 1));
                    }
                }
            } else if !removable.is_empty() {
                let (diff, name) = match degree {
                    2 => (34, "Hidden Pair"),
                    3 => (40, "Hidden Triplet"),
                    _ => (54, "Hidden Quad"),
                };
                return Some(Hint::remove(diff, name, removable));
            }
        }
    }
    None
}

/// Basic fish of `degree` lines (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2): columns as base
/// first, then rows. With `dirty`, only digits that lost a candidate.
pub fn fish(g: &Grid, degree: u32, dirty: Option<&Dirty>) -> Option<Hint> {
    let combos = of_size(degree);
    // Digits placed fewer than 9 - 2 * degree times (and changed, with `dirty`).
    let mut wanted: Mask = dirty.map_or(0x1ff, |x| x.digits());
    for d in 1..=9u8 {
        if g.occurrences(d) + degree * 2 > 9 {
            wanted &= !(1 << (d - 1));
        }
    }
    for (base, cover) in [(COL, ROW), (ROW, COL)] {
        for &lines in combos {
            for d in digits(wanted) {
                let mut union = 0u16;
                let mut ok = true;
                for l in 0..9 {
                    if lines >> l & 1 != 0 {
                        let p = g.positions(base + l, d);
                        if p.count_ones() <= 1 {
                            ok = false;
                            break;
                        }
                        union |= p;
                    }
                }
                if !ok || union.count_ones() != degree {
                    continue;
                }
                let mut removable = Vec::new();
                for k in 0..9 {
                    if union >> k & 1 == 0 {
                        continue;
                    }
                    for (i, &c) in HOUSE_CELLS[cover + k].iter().enumerate() {
                        if lines >> i & 1 == 0 && g.has(c as usize, d) {
                            removable.push((c, d));
                        }
                    }
                }
                if !removable.is_empty() {
                    let (diff, name) = match degree {
                        2 => (32, "X-Wing"),
                        3 => (38, "Swordfish"),
                        _ => (52, "Jellyfish"),
                    };
                    return Some(Hint::remove(diff, name, removable));
                }
            }
        }
    }
    None
}

/// XY-Wing (4.2) or XYZ-Wing (4.4), pivots row by row, wings in house-cell order. With
/// `dirty`, only wings with a changed cell among the pivot and the two wing cells.
pub fn xy_wing(g: &Grid, xyz: bool, dirty: Option<&Dirty>) -> Option<Hint> {
    let target = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = g.cand[pivot];
        if g.val[pivot] != 0
            || xy.count_ones() != target
            || skip(dirty, |x| x.any(peers(pivot) | 1 << pivot))
        {
            continue;
        }
        for &a in &PEERS[pivot] {
            let a = a as usize;
            let xz = g.cand[a];
            if a == pivot || xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for &b in &PEERS[pivot] {
                let b = b as usize;
                let yz = g.cand[b];
                if b == pivot || b == a || yz.count_ones() != 2 {
                    continue;
                }
                if skip(dirty, |x| x.any(1 << pivot | 1 << a | 1 << b)) {
                    continue;
                }
                let fits = if xyz {
                    // xz and yz are two different pairs inside xyz sharing z.
                    xz | yz == xy && xz != yz
                } else {
                    // xy = {x,y}, xz = {x,z}, yz = {y,z}, z outside xy.
                    xz != yz
                        && (xz & yz).count_ones() == 1
                        && xy & xz & yz == 0
                        && (xy & xz).count_ones() == 1
                        && (xy & yz).count_ones() == 1
                };
                if !fits {
                    continue;
                }
                let z = xz & yz;
                if z.count_ones() != 1 {
                    continue;
                }
                let d = low(z) as u8 + 1;
                let mut removable = Vec::new();
                for c in 0..81 {
                    if c == pivot || c == a || c == b || !g.has(c, d) {
                        continue;
                    }
                    if sees(c, a) && sees(c, b) && (!xyz || sees(c, pivot)) {
                        removable.push((c as u8, d));
                    }
                }
                if !removable.is_empty() {
                    let (diff, name) = if xyz { (44, "XYZ-Wing") } else { (42, "XY-Wing") };
                    return Some(Hint::remove(diff, name, removable));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locking_pairs_are_the_crossing_pairs_in_se_order() {
        let bl = |lines: usize| (0..9).flat_map(move |b| (lines..lines + 9).map(move |l| (b, l)));
        let lb = |lines: usize| (lines..lines + 9).flat_map(move |l| (0..9).map(move |b| (l, b)));
        let expected: Vec<(u8, u8)> = bl(COL)
            .chain(bl(ROW))
            .chain(lb(COL))
            .chain(lb(ROW))
            .filter(|&(a, b)| crosses(a, b))
            .map(|(a, b)| (a as u8, b as u8))
            .collect();
        assert_eq!(LOCKING_PAIRS.to_vec(), expected);
    }
}
