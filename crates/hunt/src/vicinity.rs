//! The {-n+m} neighbourhood of a puzzle: remove `n` of its clues, add `m` clues in cells that
//! were empty in it (never in the cells just emptied, so {-1+1} does not give the puzzle
//! back), keep the results with exactly one solution.
//!
//! Two ways through it: [`enumerate`] visits every unique neighbour (removal sets in
//! combination order, then addition cells, then digits ascending), pruning a partial addition
//! as soon as it has no solution; [`sample_one`] draws one neighbour at random: random
//! removals and addition cells, and the added digits read off a solution of the puzzle with
//! the clues removed (found by the brute-force solver on a random relabelling of the digits),
//! so the draw always has a solution. The added cells are drawn in a random order among those
//! that cut solutions: each but the last is a cell where another solution differs (given the
//! solution's digit), and the last the first cell and digit (the solution's first) that leave
//! exactly one solution. Random cells would
//! almost never pin a solution down (none of 80 {-2+2} draws from forum seeds did); this
//! way most draws are unique. Every draw is a unique neighbour, though not every neighbour is
//! equally likely.

use bitdoku_bitboard::tables::PEERS;
use bitdoku_brute::{count_solutions, masks_from_values, solve_first};
use std::fmt;
use std::str::FromStr;

/// A {-n+m} move: remove `remove` clues, add `add`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vicinity {
    /// Clues removed.
    pub remove: u32,
    /// Clues added.
    pub add: u32,
}

/// Parses `-2+2` (also `2+2`, `-1+2`, `{-3+3}`).
impl FromStr for Vicinity {
    type Err = String;

    fn from_str(s: &str) -> Result<Vicinity, String> {
        let t = s.trim().trim_start_matches('{').trim_end_matches('}');
        let t = t.strip_prefix('-').unwrap_or(t);
        let bad = || format!("{s:?} is not a vicinity like -2+2 (remove 2 clues, add 2)");
        let (a, b) = t.split_once('+').ok_or_else(bad)?;
        let remove: u32 = a.trim().parse().map_err(|_| bad())?;
        let add: u32 = b.trim().parse().map_err(|_| bad())?;
        if remove + add == 0 || remove > 8 || add > 8 {
            return Err(format!("{s:?}: remove and add 0 to 8 clues, not both 0"));
        }
        Ok(Vicinity { remove, add })
    }
}

impl fmt::Display for Vicinity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "-{}+{}", self.remove, self.add)
    }
}

/// Whether `values` has exactly one solution.
pub fn is_unique(values: &[u8; 81]) -> bool {
    count_solutions(&masks_from_values(values), 2).0 == 1
}

/// Whether `values` (unique) is minimal: removing any one clue leaves several solutions.
pub fn is_minimal(values: &[u8; 81]) -> bool {
    (0..81).filter(|&c| values[c] != 0).all(|c| {
        let mut v = *values;
        v[c] = 0;
        count_solutions(&masks_from_values(&v), 2).0 > 1
    })
}

/// Whether digit `d` may go in `cell` of `values` (no peer holds it).
fn fits(values: &[u8; 81], cell: usize, d: u8) -> bool {
    let peers = PEERS[cell].bits();
    (0..81).filter(|&p| peers >> p & 1 == 1).all(|p| values[p] != d)
}

/// Calls `each(k-subset)` for every k-subset of `items` in lexicographic order of indices.
fn combinations(items: &[usize], k: usize, each: &mut dyn FnMut(&[usize])) {
    fn go(
        items: &[usize],
        k: usize,
        from: usize,
        cur: &mut Vec<usize>,
        each: &mut dyn FnMut(&[usize]),
    ) {
        if cur.len() == k {
            each(cur);
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - cur.len() {
                break;
            }
            cur.push(items[i]);
            go(items, k, i + 1, cur, each);
            cur.pop();
        }
    }
    go(items, k, 0, &mut Vec::with_capacity(k), each);
}

/// Visits every unique neighbour of `seed` in `v`, in a fixed order (see the module doc).
pub fn enumerate(seed: &[u8; 81], v: Vicinity, each: &mut dyn FnMut([u8; 81])) {
    let clues: Vec<usize> = (0..81).filter(|&c| seed[c] != 0).collect();
    let empty: Vec<usize> = (0..81).filter(|&c| seed[c] == 0).collect();
    combinations(&clues, v.remove as usize, &mut |removed| {
        let mut base = *seed;
        for &c in removed {
            base[c] = 0;
        }
        combinations(&empty, v.add as usize, &mut |added| {
            add_digits(&mut base.clone(), added, each)
        });
    });
}

/// Fills `added` cells with every digit tuple that keeps a solution; calls `each` on the
/// unique results.
fn add_digits(values: &mut [u8; 81], added: &[usize], each: &mut dyn FnMut([u8; 81])) {
    let Some((&cell, rest)) = added.split_first() else {
        if is_unique(values) {
            each(*values);
        }
        return;
    };
    for d in 1..=9u8 {
        if !fits(values, cell, d) {
            continue;
        }
        values[cell] = d;
        // A partial addition without any solution cannot be completed into a unique puzzle.
        if rest.is_empty() || count_solutions(&masks_from_values(values), 1).0 == 1 {
            add_digits(values, rest, each);
        }
        values[cell] = 0;
    }
}

/// Draws `k` distinct items of `items`.
fn draw(items: &[usize], k: usize, rng: &mut fastrand::Rng) -> Vec<usize> {
    let mut pool = items.to_vec();
    for i in 0..k.min(pool.len()) {
        let j = rng.usize(i..pool.len());
        pool.swap(i, j);
    }
    pool.truncate(k);
    pool
}

/// A solution of `values` chosen through a random relabelling of the digits.
fn random_solution(values: &[u8; 81], rng: &mut fastrand::Rng) -> Option<[u8; 81]> {
    let mut label = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut label);
    let relabelled: [u8; 81] = std::array::from_fn(|c| match values[c] {
        0 => 0,
        d => label[usize::from(d) - 1],
    });
    let s = solve_first(&masks_from_values(&relabelled))?;
    let mut back = [0u8; 10];
    for (i, &l) in label.iter().enumerate() {
        back[usize::from(l)] = i as u8 + 1;
    }
    Some(std::array::from_fn(|c| back[usize::from(s.0[c])]))
}

/// One random neighbour of `seed` in `v` with exactly one solution, or `None` when the draw
/// found none (see the module doc).
pub fn sample_one(seed: &[u8; 81], v: Vicinity, rng: &mut fastrand::Rng) -> Option<[u8; 81]> {
    let clues: Vec<usize> = (0..81).filter(|&c| seed[c] != 0).collect();
    let empty: Vec<usize> = (0..81).filter(|&c| seed[c] == 0).collect();
    if clues.len() < v.remove as usize || empty.len() < v.add as usize {
        return None;
    }
    let mut out = *seed;
    for c in draw(&clues, v.remove as usize, rng) {
        out[c] = 0;
    }
    if v.add == 0 {
        return is_unique(&out).then_some(out);
    }
    let solution = random_solution(&out, rng)?;
    let mut order = empty;
    rng.shuffle(&mut order);
    let mut used = 0;
    for step in 0..v.add {
        let last = step + 1 == v.add;
        let mut taken = false;
        let first = used;
        for i in first..order.len() {
            let c = order[i];
            let d = solution[c];
            if last {
                // The solution's digit first, then the others that fit.
                let digits = std::iter::once(d).chain((1..=9).filter(|&e| e != d));
                for e in digits {
                    if !fits(&out, c, e) {
                        continue;
                    }
                    out[c] = e;
                    if is_unique(&out) {
                        return Some(out);
                    }
                }
                out[c] = 0;
            } else {
                // Take a cell the clues so far leave open (some solution differs there): a
                // clue there cuts solutions; a clue elsewhere would be wasted.
                let mut masks = masks_from_values(&out);
                masks[usize::from(d) - 1] &= !(1u128 << c);
                if count_solutions(&masks, 1).0 == 1 {
                    out[c] = d;
                    order.swap(used, i);
                    used += 1;
                    taken = true;
                    break;
                }
            }
        }
        if !taken {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vicinities_parse() {
        assert_eq!("-2+2".parse(), Ok(Vicinity { remove: 2, add: 2 }));
        assert_eq!("{-1+2}".parse(), Ok(Vicinity { remove: 1, add: 2 }));
        assert_eq!("3+3".parse::<Vicinity>().unwrap().to_string(), "-3+3");
        for bad in ["", "-2", "+", "-0+0", "-9+1", "a+b"] {
            assert!(bad.parse::<Vicinity>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn combinations_are_all_k_subsets_in_order() {
        let mut seen = Vec::new();
        combinations(&[3, 5, 7, 9], 2, &mut |s| seen.push(s.to_vec()));
        assert_eq!(seen, [[3, 5], [3, 7], [3, 9], [5, 7], [5, 9], [7, 9]]);
        let mut n = 0;
        combinations(&[1, 2], 0, &mut |_| n += 1);
        assert_eq!(n, 1);
    }
}
