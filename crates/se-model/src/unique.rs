//! Sudoku Explainer's uniqueness rules: unique loops of types 1-4 (4.5 plus 0.1-0.5 for 6, 8,
//! 10+ cells; type 3 adds 0.1 per extra set member) and the BUG (bivalue universal grave)
//! types 1-4 (5.6-5.7+).

use super::Hint;
use super::grid::{CELL_HOUSES, Grid, HOUSE_CELLS, HOUSE_MASK, Mask, PEERS, digits, low};
use bitdoku_bitboard::combinations::of_size;

/// One unique loop hint before sorting: (difficulty, type, removable).
type Ul = (u32, u32, Vec<(u8, u8)>);

/// The first unique loop hint SE reports (lowest difficulty, then type, then search order).
pub fn unique_loop(g: &Grid) -> Option<Hint> {
    let mut found: Vec<Ul> = Vec::new();
    for c in 0..81 {
        if g.val[c] != 0 || g.count(c) != 2 {
            continue;
        }
        let both = g.cand[c];
        let mut loops = Vec::new();
        let mut path = Vec::new();
        let holders = (0..81).filter(|&o| g.cand[o] & both == both).fold(0u128, |m, o| m | 1 << o);
        extend(g, c, both, holders, &mut path, 0, 2, 0, None, &mut loops);
        for lp in loops {
            if valid_loop(&lp) {
                hints_of_loop(g, &lp, both, &mut found);
            }
        }
    }
    let best = (0..found.len()).min_by_key(|&i| (found[i].0, found[i].1, i))?;
    let (diff, ty, remove) = found.swap_remove(best);
    let name = match ty {
        1 => "Unique Loop type 1",
        2 => "Unique Loop type 2",
        3 => "Unique Loop type 3",
        _ => "Unique Loop type 4",
    };
    Some(Hint::remove(diff, name, remove))
}

/// SE's loop walk: from `cell`, through any house kind but the last one used, to cells
/// holding both loop digits (`holders`, a cell mask); at most two cells with extra digits
/// unless they all share one. House cells are visited in ascending order, SE's order.
#[allow(clippy::too_many_arguments)]
fn extend(
    g: &Grid,
    cell: usize,
    both: Mask,
    holders: u128,
    path: &mut Vec<usize>,
    on_path: u128,
    allowed_ex: u32,
    ex_values: Mask,
    last_kind: Option<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    let on_path = on_path | 1 << cell;
    let mut ex = ex_values;
    for (kind, &r) in CELL_HOUSES[cell].iter().enumerate() {
        if Some(kind) == last_kind {
            continue;
        }
        let house = HOUSE_MASK[r as usize];
        let mut next_cells = house & (holders & !on_path | 1 << path[0]);
        while next_cells != 0 {
            let next = next_cells.trailing_zeros() as usize;
            next_cells &= next_cells - 1;
            if path[0] == next {
                if path.len() >= 4 {
                    out.push(path.clone());
                }
                continue;
            }
            let pots = g.cand[next];
            ex |= pots & !both;
            let card = pots.count_ones();
            if card == 2 || ex.count_ones() == 1 || allowed_ex > 0 {
                let na = if card > 2 { allowed_ex.saturating_sub(1) } else { allowed_ex };
                extend(g, next, both, holders, path, on_path, na, ex, Some(kind), out);
            }
        }
    }
    path.pop();
}

/// Every house met by the loop's even-position cells is met once by them and once by the
/// odd-position cells.
fn valid_loop(lp: &[usize]) -> bool {
    let mut seen = [[false; 27]; 2];
    for (i, &c) in lp.iter().enumerate() {
        for &r in &CELL_HOUSES[c] {
            let s = &mut seen[i % 2][r as usize];
            if *s {
                return false;
            }
            *s = true;
        }
    }
    seen[0] == seen[1]
}

fn loop_diff(len: usize) -> u32 {
    let mut d = 45;
    if len >= 10 {
        d += 3;
    }
    if len >= 8 {
        d += 2;
    } else if len >= 6 {
        d += 1;
    }
    d
}

fn hints_of_loop(g: &Grid, lp: &[usize], both: Mask, out: &mut Vec<Ul>) {
    let extra: Vec<usize> = lp.iter().copied().filter(|&c| g.count(c) > 2).collect();
    let base = loop_diff(lp.len());
    let digs: Vec<u8> = digits(both).collect();
    let (v1, v2) = (digs[0], digs[1]);
    match extra.len() {
        1 => {
            let c = extra[0] as u8;
            out.push((base, 1, vec![(c, v1), (c, v2)]));
        }
        0 => {}
        n => {
            let mut rest: Mask = 0;
            for &c in &extra {
                rest |= g.cand[c] & !both;
            }
            if n > 2 || rest.count_ones() == 1 {
                type2(g, &extra, both, base, out);
            } else if n == 2 {
                type3(g, extra[0], extra[1], both, base, out);
            }
            if n == 2 {
                type4(g, extra[0], extra[1], v1, v2, base, out);
            }
        }
    }
}

fn type2(g: &Grid, extra: &[usize], both: Mask, base: u32, out: &mut Vec<Ul>) {
    let d = low(g.cand[extra[0]] & !both) as u8 + 1;
    let mut remove = Vec::new();
    for &o in &PEERS[extra[0]] {
        let o = o as usize;
        if extra.contains(&o) || !g.has(o, d) {
            continue;
        }
        if extra.iter().all(|&e| PEERS[e].contains(&(o as u8))) {
            remove.push((o as u8, d));
        }
    }
    if !remove.is_empty() {
        out.push((base, 2, remove));
    }
}

fn type3(g: &Grid, c1: usize, c2: usize, both: Mask, base: u32, out: &mut Vec<Ul>) {
    let extra = (g.cand[c1] | g.cand[c2]) & !both;
    let ne = extra.count_ones();
    for degree in ne..=7 {
        for k in 0..3 {
            let r = CELL_HOUSES[c1][k] as usize;
            if CELL_HOUSES[c2][k] as usize != r {
                continue;
            }
            let empty = g.empty_count(r);
            let i1 = HOUSE_CELLS[r].iter().position(|&c| c as usize == c1).unwrap_or(0);
            let i2 = HOUSE_CELLS[r].iter().position(|&c| c as usize == c2).unwrap_or(0);
            if degree * 2 <= empty {
                for &idx in of_size(degree) {
                    if idx >> i1 & 1 == 0 || idx >> i2 & 1 != 0 {
                        continue;
                    }
                    let mut naked = extra & g.cand[c1] & g.cand[c2];
                    let mut union = 0;
                    let mut ok = true;
                    let mut others = Vec::new();
                    for i in 0..9 {
                        if idx >> i & 1 == 0 {
                            continue;
                        }
                        let p = if i == i1 {
                            extra
                        } else {
                            let c = HOUSE_CELLS[r][i] as usize;
                            others.push(c);
                            naked |= g.cand[c];
                            g.cand[c]
                        };
                        if p.count_ones() <= 1 {
                            ok = false;
                        }
                        union |= p;
                    }
                    if !ok || naked.count_ones() != degree || union.count_ones() != degree {
                        continue;
                    }
                    let mut remove = Vec::new();
                    for &o in &HOUSE_CELLS[r] {
                        let o = o as usize;
                        if others.contains(&o) || o == c1 || o == c2 {
                            continue;
                        }
                        for d in digits(g.cand[o] & union) {
                            remove.push((o as u8, d));
                        }
                    }
                    if !remove.is_empty() {
                        out.push((base + degree - 1, 3, remove));
                    }
                }
            }
            if degree * 2 < empty {
                let rem: Vec<u8> = digits(0x1ff & !both & !extra).collect();
                if degree < 2 || (degree - 2) as usize > rem.len() {
                    continue;
                }
                for pm in combos_n(degree - 2, rem.len()) {
                    let mut values: Vec<u8> =
                        (0..rem.len()).filter(|i| pm >> i & 1 != 0).map(|i| rem[i]).collect();
                    values.extend(digits(both));
                    let mut union = 0u16;
                    let mut ok = true;
                    for &v in &values {
                        let p = g.positions(r, v) & !(1 << i2);
                        if p == 0 {
                            ok = false;
                        }
                        union |= p;
                    }
                    if !ok || union.count_ones() != degree {
                        continue;
                    }
                    let hidden: Mask = values.iter().fold(0, |m, &v| m | 1 << (v - 1));
                    let cells = union & !(1 << i1) & !(1 << i2);
                    let mut remove = Vec::new();
                    for i in 0..9 {
                        if cells >> i & 1 != 0 {
                            let c = HOUSE_CELLS[r][i];
                            for d in digits(g.cand[c as usize] & !hidden) {
                                remove.push((c, d));
                            }
                        }
                    }
                    if !remove.is_empty() {
                        out.push((base + cells.count_ones() - 1, 3, remove));
                    }
                }
            }
        }
    }
}

/// `k`-subsets of `0..n` in SE's order.
/// The `k`-subsets of 0..n (`n` at most 9) as masks, in increasing numeric order.
fn combos_n(k: u32, n: usize) -> impl Iterator<Item = u16> {
    of_size(k).iter().copied().filter(move |m| m >> n == 0)
}

fn type4(g: &Grid, c1: usize, c2: usize, v1: u8, v2: u8, base: u32, out: &mut Vec<Ul>) {
    let mut r1 = false;
    let mut r2 = false;
    for k in 0..3 {
        let r = CELL_HOUSES[c1][k] as usize;
        if CELL_HOUSES[c2][k] as usize != r {
            continue;
        }
        let others = HOUSE_CELLS[r].iter().map(|&c| c as usize).filter(|&c| c != c1 && c != c2);
        let (mut h1, mut h2) = (false, false);
        for c in others {
            h1 |= g.has(c, v1);
            h2 |= g.has(c, v2);
        }
        r1 |= !h1;
        r2 |= !h2;
    }
    let rem = if r1 {
        v2
    } else if r2 {
        v1
    } else {
        return;
    };
    let remove: Vec<(u8, u8)> =
        [c1, c2].iter().filter(|&&c| g.has(c, rem)).map(|&c| (c as u8, rem)).collect();
    if !remove.is_empty() {
        out.push((base, 4, remove));
    }
}

/// SE's BUG rule: remove the extra candidates (those making a digit appear other than twice
/// in a house) and check what is left is a bivalue universal grave.
pub fn bug(g: &Grid) -> Option<Hint> {
    let mut temp = g.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0 as Mask; 81];
    let mut all: Mask = 0;
    let mut common: Option<Vec<usize>> = None;
    for r in (0..9).chain(9..18).chain(18..27) {
        for d in 1..=9u8 {
            let pos = g.positions(r, d);
            let n = pos.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            let new: Vec<usize> = (0..9)
                .filter(|i| pos >> i & 1 != 0)
                .map(|i| HOUSE_CELLS[r][i] as usize)
                .filter(|&c| g.count(c) >= 3)
                .collect();
            if new.len() == 1 {
                let c = new[0];
                if !bug_cells.contains(&c) {
                    bug_cells.push(c);
                }
                bug_values[c] |= 1 << (d - 1);
                all |= 1 << (d - 1);
                temp.remove(c, d);
                let peers: Vec<usize> = PEERS[c].iter().map(|&o| o as usize).collect();
                let mut cm = match common.take() {
                    None => peers,
                    Some(v) => v.into_iter().filter(|o| peers.contains(o)).collect(),
                };
                cm.retain(|o| !bug_cells.contains(o));
                let empty = cm.is_empty();
                common = Some(cm);
                if bug_cells.len() > 1 && all.count_ones() > 1 && empty {
                    return None;
                }
            }
            if new.is_empty() {
                return None;
            }
        }
    }
    if (0..81).any(|c| temp.val[c] == 0 && temp.count(c) != 2) {
        return None;
    }
    for r in 0..27 {
        for d in 1..=9u8 {
            let n = temp.positions(r, d).count_ones();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or_default();
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        let remove = digits(g.cand[c] & !all).map(|d| (c as u8, d)).collect();
        return Some(Hint::remove(56, "BUG type 1", remove));
    }
    if all.count_ones() == 1 {
        let d = low(all) as u8 + 1;
        let remove: Vec<(u8, u8)> =
            common.iter().filter(|&&c| g.has(c, d)).map(|&c| (c as u8, d)).collect();
        if !remove.is_empty() {
            return Some(Hint::remove(57, "BUG type 2", remove));
        }
        if bug_cells.len() == 2 {
            return bug4(g, &bug_cells, &bug_values, all);
        }
        return None;
    }
    if !common.is_empty() {
        if bug_cells.len() == 2
            && let Some(h) = bug4(g, &bug_cells, &bug_values, all)
        {
            return Some(h);
        }
        return bug3(g, &bug_cells, all, &common);
    }
    None
}

fn shared_house(cells: &[usize], kind: usize) -> Option<usize> {
    let r = CELL_HOUSES[cells[0]][kind];
    cells.iter().all(|&c| CELL_HOUSES[c][kind] == r).then_some(r as usize)
}

fn bug4(g: &Grid, cells: &[usize], values: &[Mask; 81], all: Mask) -> Option<Hint> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = g.cand[c1] & g.cand[c2] & !all;
    if common.count_ones() != 1 {
        return None;
    }
    (0..3).find_map(|k| shared_house(cells, k))?;
    let mut remove = Vec::new();
    for c in [c1, c2] {
        for d in digits(g.cand[c] & !values[c] & !common) {
            remove.push((c as u8, d));
        }
    }
    Some(Hint::remove(57, "BUG type 4", remove))
}

fn bug3(g: &Grid, cells: &[usize], all: Mask, common: &[usize]) -> Option<Hint> {
    for k in 0..3 {
        let Some(r) = shared_house(cells, k) else { continue };
        let house_cells: Vec<usize> =
            common.iter().copied().filter(|&c| CELL_HOUSES[c][k] as usize == r).collect();
        for degree in 2..=6u32 {
            if house_cells.len() < degree as usize {
                continue;
            }
            for idx in combos_n(degree - 1, house_cells.len()) {
                let naked: Vec<usize> = (0..house_cells.len())
                    .filter(|i| idx >> i & 1 != 0)
                    .map(|i| house_cells[i])
                    .collect();
                let mut other = 0;
                let mut ok = all.count_ones() > 1;
                for &c in &naked {
                    other |= g.cand[c];
                    ok &= g.count(c) > 1;
                }
                if other.count_ones() != degree || !ok || (other | all).count_ones() != degree {
                    continue;
                }
                let set = other | all;
                let mut remove = Vec::new();
                for &c in &house_cells {
                    if naked.contains(&c) || cells.contains(&c) {
                        continue;
                    }
                    for d in digits(g.cand[c] & set) {
                        remove.push((c as u8, d));
                    }
                }
                if !remove.is_empty() {
                    return Some(Hint::remove(57 + degree - 1, "BUG type 3", remove));
                }
            }
        }
    }
    None
}
