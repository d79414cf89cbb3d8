//! The minlex canonical form: among all 9! x 3,359,232 equivalent forms of a puzzle (clues
//! only, empty cells as `0`), the lexicographically smallest 81-character string. Two puzzles
//! are isomorphic exactly when their minlex forms are equal, so it deduplicates collections.
//! The same search also counts the puzzle's automorphisms and gives one transformation from
//! the puzzle to its form.
//!
//! # Algorithm
//!
//! A breadth-first search, one result row at a time, over *candidates*: partial
//! transformations that all give the smallest prefix found so far. A candidate has its
//! transposition, the source row of each result row chosen so far, its stack order (fixed on
//! the first row), the digit labels given so far (digits get 1, 2, 3... in order of first
//! appearance) and, per stack, a 6-bit mask of the column orders inside the stack that are
//! still open: the orders that give every chosen row the same string. Columns are therefore
//! never enumerated one arrangement at a time (the previous search, [`minlex_reference`],
//! ran up to 2,592 of them); a stack whose columns are empty in the chosen rows keeps all 6.
//!
//! For result row `p`, every candidate tries every allowed source row (an unused row of the
//! band being filled, or of an unused band at `p = 0, 3, 6`). For each of the 3 result stacks
//! the smallest 3-cell string over the open column orders is found (empty cells, then known
//! labels ascending, then new digits, as the mask allows); the three stacks are independent,
//! since new digits take the next labels in order whatever their values. A row larger than the
//! best row of this level is dropped stack by stack; a smaller one empties the level; an equal
//! one is kept. When two or more new digits meet in one stack, the orders that put different
//! digits first give the same string but different labels, so the candidate splits, one per
//! placement. Candidates with the same future (transposition, set of used rows, stack order,
//! masks, labels) are merged, summing a multiplicity; the row order is all that differs.
//!
//! After row 9 the kept candidates give exactly the minlex form; the number of geometric
//! transformations they stand for (multiplicity times the open column orders) is the number
//! of automorphisms, and any one of them is a map from the puzzle to its form.

mod reference;

pub use reference::minlex_reference;

use crate::Isomorph;

/// The 6 orders of three things (index = bit of a column-order mask).
const PERMS3: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Every column order open.
const ALL_ORDERS: u8 = 0b11_1111;

/// The key of a digit with no label yet (larger than any label).
const NEW: u8 = 15;

/// A partial transformation that gives the best prefix so far.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// Source row of each result row chosen so far.
    rows: [u8; 9],
    /// Source rows used (bit per row).
    used: u16,
    /// 1 = the source is transposed.
    transpose: u8,
    /// Source stack of each result stack.
    stacks: [u8; 3],
    /// Open column orders (bits of [`PERMS3`]) of each result stack.
    masks: [u8; 3],
    /// Label of each source digit (0 = none yet).
    labels: [u8; 10],
    /// The next free label.
    next: u8,
    /// How many merged candidates (row orders with the same future) this one stands for.
    mult: u64,
}

impl Candidate {
    /// Everything the rest of the search depends on (the row order aside), packed.
    fn future(&self) -> u128 {
        let mut k = u128::from(self.transpose) << 9 | u128::from(self.used);
        for t in 0..3 {
            k = k << 2 | u128::from(self.stacks[t]);
            k = k << 6 | u128::from(self.masks[t]);
        }
        for &l in &self.labels[1..] {
            k = k << 4 | u128::from(l);
        }
        k << 4 | u128::from(self.next)
    }
}

/// The index of the order relations of three keys: `cmp(k0, k1)`, `cmp(k1, k2)` and
/// `cmp(k0, k2)`, each 0 (less), 1 (equal) or 2 (greater), as one base-3 number.
#[inline]
const fn shape(k: [u16; 3]) -> usize {
    rel(k[0], k[1]) * 9 + rel(k[1], k[2]) * 3 + rel(k[0], k[2])
}

/// 0 when `a < b`, 1 when equal, 2 when greater.
#[inline]
const fn rel(a: u16, b: u16) -> usize {
    (a >= b) as usize + (a > b) as usize
}

/// For each [`shape`] of three keys and each mask of open orders: the first order giving the
/// smallest string and the set of orders giving it (0 for impossible shapes and the empty
/// mask). Which order wins depends only on how the keys compare.
const BEST_ORDERS: [[(u8, u8); 64]; 27] = {
    let mut table = [[(0u8, 0u8); 64]; 27];
    let mut code = 0;
    while code < 27 {
        let k = [code / 9, code / 3 % 3, code % 3];
        let idx = shape([k[0] as u16, k[1] as u16, k[2] as u16]);
        let mut mask = 1;
        while mask < 64 {
            let mut best = usize::MAX;
            let (mut first, mut set) = (0u8, 0u8);
            let mut i = 0;
            while i < 6 {
                if mask >> i & 1 == 1 {
                    let p = PERMS3[i];
                    let key = k[p[0] as usize] * 16 + k[p[1] as usize] * 4 + k[p[2] as usize];
                    if key < best {
                        best = key;
                        first = i as u8;
                        set = 0;
                    }
                    if key == best {
                        set |= 1 << i;
                    }
                }
                i += 1;
            }
            table[idx][mask] = (first, set);
            mask += 1;
        }
        code += 1;
    }
    table
};

/// The smallest string one result stack can show for a source row's three values `vals`:
/// its 12-bit key (4 bits a cell, first cell highest), the open orders reaching it, and the
/// number of new digits. `keymap` gives each value its key (0 empty, a label, or [`NEW`]); new
/// digits are labelled from `first_new` in order of position.
///
/// The orders are compared with every new digit keyed [`NEW`]: two orders putting new digits
/// at the same positions give the same labels there, and a new digit's label is above every
/// known one, so this order of keys is the order of the labelled strings. So the winners
/// depend only on how the three keys compare ([`BEST_ORDERS`]).
#[inline]
fn best_triplet(vals: [u8; 3], keymap: &[u8; 10], first_new: u8, mask: u8) -> (u16, u8, u8) {
    let k = vals.map(|v| u16::from(keymap[usize::from(v)]));
    let (first, set) = BEST_ORDERS[shape(k)][usize::from(mask)];
    let [a, b, c] = PERMS3[usize::from(first)];
    let ordered = [k[usize::from(a)], k[usize::from(b)], k[usize::from(c)]];
    let mut n = u16::from(first_new);
    let mut key = 0;
    for mut x in ordered {
        if x == u16::from(NEW) {
            x = n;
            n += 1;
        }
        key = key << 4 | x;
    }
    (key, set, (n - u16::from(first_new)) as u8)
}

/// Splits the orders `set` (all giving the same string) by which source columns hold the new
/// digits: orders in one part give the same labels. Writes the parts to `out`, returns how
/// many.
fn placements(vals: [u8; 3], labels: &[u8; 10], set: u8, out: &mut [u8; 6]) -> usize {
    let mut sigs = [0u8; 6];
    let mut n = 0;
    for (i, perm) in PERMS3.iter().enumerate() {
        if set >> i & 1 == 0 {
            continue;
        }
        let mut sig = 0u8;
        for (pos, &j) in perm.iter().enumerate() {
            let v = vals[usize::from(j)];
            if v != 0 && labels[usize::from(v)] == 0 {
                sig |= (j + 1) << (2 * pos);
            }
        }
        match sigs[..n].iter().position(|&s| s == sig) {
            Some(k) => out[k] |= 1 << i,
            None => {
                sigs[n] = sig;
                out[n] = 1 << i;
                n += 1;
            }
        }
    }
    n
}

/// A puzzle's canonical form with its automorphism count and a map to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The minlex form (81 values, 0 = empty).
    pub form: [u8; 81],
    /// The number of the 3,359,232 geometric transformations (cell permutations) that map the
    /// puzzle onto itself with some relabelling of the digits (1 for an asymmetric puzzle,
    /// all of them for the empty grid).
    pub automorphisms: u64,
    /// A transformation taking the puzzle to `form` (`map.apply(puzzle) == form`). Digits that
    /// are not in the puzzle take the unused labels in ascending order.
    pub map: Isomorph,
}

/// The canonical (minlex) form of a puzzle given as 81 values (0 = empty, 1..=9 = clue), with
/// its automorphism count and a map to it.
#[must_use]
pub fn canonical(values: &[u8; 81]) -> Canonical {
    let grids: [[[u8; 9]; 9]; 2] = [
        std::array::from_fn(|r| std::array::from_fn(|c| values[r * 9 + c])),
        std::array::from_fn(|r| std::array::from_fn(|c| values[c * 9 + r])),
    ];
    // The first row, relabelled, is its clue pattern: only the rows whose stacks, sorted by
    // clue count, give the smallest pattern can start (the others lose on row 1 anyway).
    let pattern = |row: &[u8; 9]| {
        let mut counts: [usize; 3] =
            std::array::from_fn(|s| row[3 * s..3 * s + 3].iter().filter(|&&v| v != 0).count());
        counts.sort_unstable();
        counts.iter().fold(0u16, |acc, &k| acc << 3 | ((1 << k) - 1))
    };
    let smallest = grids.iter().flatten().map(pattern).min().unwrap_or(0);
    let first_rows: [u16; 2] = std::array::from_fn(|t| {
        (0..9).filter(|&r| pattern(&grids[t][r]) == smallest).fold(0, |acc, r| acc | 1 << r)
    });
    let mut current: Vec<Candidate> = Vec::with_capacity(64);
    for transpose in 0..2 {
        for stacks in PERMS3 {
            current.push(Candidate {
                rows: [0; 9],
                used: 0,
                transpose,
                stacks,
                masks: [ALL_ORDERS; 3],
                labels: [0; 10],
                next: 1,
                mult: 1,
            });
        }
    }
    let mut kept: Vec<Candidate> = Vec::with_capacity(64);
    let mut form = [0u8; 81];
    for p in 0..9 {
        kept.clear();
        let mut best = u64::MAX;
        for c in &current {
            let grid = &grids[usize::from(c.transpose)];
            let keymap: [u8; 10] = std::array::from_fn(|v| match (v, c.labels[v]) {
                (0, _) => 0,
                (_, 0) => NEW,
                (_, l) => l,
            });
            let allowed: u16 = if p == 0 {
                first_rows[usize::from(c.transpose)]
            } else if p % 3 == 0 {
                (0..3)
                    .filter(|b| c.used >> (3 * b) & 0b111 == 0)
                    .fold(0, |acc, b| acc | 0b111 << (3 * b))
            } else {
                0b111 << (3 * (c.rows[p - 1] / 3)) & !c.used
            };
            let mut rows = allowed;
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let row = &grid[r];
                let mut key = 0u64;
                let mut sets = [0u8; 3];
                let mut vals = [[0u8; 3]; 3];
                let mut news = [0u8; 3];
                let mut first_new = c.next;
                let mut larger = false;
                for t in 0..3 {
                    let s = 3 * usize::from(c.stacks[t]);
                    vals[t] = [row[s], row[s + 1], row[s + 2]];
                    let (k, set, n) = best_triplet(vals[t], &keymap, first_new, c.masks[t]);
                    key = key << 12 | u64::from(k);
                    if key > best >> (12 * (2 - t)) {
                        larger = true;
                        break;
                    }
                    sets[t] = set;
                    news[t] = n;
                    first_new += n;
                }
                if larger {
                    continue;
                }
                if key < best {
                    best = key;
                    kept.clear();
                }
                // One candidate per combination of new-digit placements (usually just one).
                let mut parts = [[0u8; 6]; 3];
                let mut counts = [1usize; 3];
                for t in 0..3 {
                    if news[t] >= 2 {
                        counts[t] = placements(vals[t], &c.labels, sets[t], &mut parts[t]);
                    } else {
                        parts[t][0] = sets[t];
                    }
                }
                for &m0 in &parts[0][..counts[0]] {
                    for &m1 in &parts[1][..counts[1]] {
                        for &m2 in &parts[2][..counts[2]] {
                            let mut n = *c;
                            n.rows[p] = r as u8;
                            n.used |= 1 << r;
                            n.masks = [m0, m1, m2];
                            for t in 0..3 {
                                let perm = PERMS3[n.masks[t].trailing_zeros() as usize];
                                for &j in &perm {
                                    let v = usize::from(vals[t][usize::from(j)]);
                                    if v != 0 && n.labels[v] == 0 {
                                        n.labels[v] = n.next;
                                        n.next += 1;
                                    }
                                }
                            }
                            kept.push(n);
                        }
                    }
                }
            }
        }
        for (i, cell) in form[p * 9..p * 9 + 9].iter_mut().enumerate() {
            *cell = (best >> (4 * (8 - i)) & 0xF) as u8;
        }
        if kept.len() > 1 {
            // Stable: the first of equal candidates (lowest rows first) represents them.
            kept.sort_by_key(Candidate::future);
            let mut w = 0;
            for i in 0..kept.len() {
                if w > 0 && kept[w - 1].future() == kept[i].future() {
                    kept[w - 1].mult += kept[i].mult;
                } else {
                    kept[w] = kept[i];
                    w += 1;
                }
            }
            kept.truncate(w);
        }
        std::mem::swap(&mut current, &mut kept);
    }
    let automorphisms = current
        .iter()
        .map(|c| c.mult * c.masks.iter().map(|m| u64::from(m.count_ones())).product::<u64>())
        .sum();
    let c = current[0];
    let cols = std::array::from_fn(|i| {
        let perm = PERMS3[c.masks[i / 3].trailing_zeros() as usize];
        3 * c.stacks[i / 3] + perm[i % 3]
    });
    let mut labels = c.labels;
    let mut next = c.next;
    for l in &mut labels[1..] {
        if *l == 0 {
            *l = next;
            next += 1;
        }
    }
    let map = Isomorph {
        rows: c.rows,
        cols,
        transpose: c.transpose == 1,
        digits: std::array::from_fn(|d| labels[d + 1]),
    };
    Canonical { form, automorphisms, map }
}

/// The minlex form of a puzzle given as 81 values (0 = empty, 1..=9 = clue).
#[must_use]
pub fn minlex(values: &[u8; 81]) -> [u8; 81] {
    canonical(values).form
}

/// The minlex form as an 81-character line (`0` for empty cells, as is customary for minlex).
#[must_use]
pub fn minlex_line(values: &[u8; 81]) -> String {
    minlex(values).iter().map(|&v| (b'0' + v) as char).collect()
}

#[cfg(test)]
mod tests {
    use super::reference::{automorphisms_exhaustive, minlex_exhaustive};
    use super::*;
    use proptest::prelude::*;

    fn parse(line: &str) -> [u8; 81] {
        std::array::from_fn(|i| match line.as_bytes()[i] {
            b @ b'1'..=b'9' => b - b'0',
            _ => 0,
        })
    }

    fn corpus(file: &str) -> String {
        let path = format!("{}/../../datasets/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).expect("bundled corpus")
    }

    /// A random puzzle: a random solution grid with each cell kept with probability
    /// `keep_percent`, optionally made symmetric (so that it has automorphisms).
    fn random_puzzle(rng: &mut fastrand::Rng, keep_percent: u32, symmetric: bool) -> [u8; 81] {
        let solution = crate::random_solution(rng);
        let mut out = [0u8; 81];
        for cell in 0..81 {
            if rng.u32(0..100) < keep_percent {
                out[cell] = solution[cell];
                if symmetric {
                    out[80 - cell] = solution[80 - cell];
                }
            }
        }
        out
    }

    /// Most of the 17-clue list is in minlex form already (47,653 of 49,158 lines): those
    /// must come out unchanged; the others must get the previous search's form.
    #[test]
    fn every_17_clue_puzzle_gets_the_previous_form() {
        let mut unchanged = 0;
        for line in corpus("sudoku17_royle_49158.txt").lines() {
            let v = parse(&line[..81]);
            let m = minlex_line(&v);
            if m == line[..81].replace('.', "0") {
                unchanged += 1;
            } else {
                assert_eq!(minlex(&v), minlex_reference(&v), "{line}");
            }
        }
        assert_eq!(unchanged, 47_653);
    }

    #[test]
    fn same_forms_as_the_previous_search_on_the_bundled_corpora() {
        for (file, step) in [("magictour_top1465.txt", 1), ("generated_minimal_10k.txt", 1)] {
            for line in corpus(file).lines().step_by(step) {
                let v = parse(&line[..81]);
                assert_eq!(minlex(&v), minlex_reference(&v), "{file}: {line}");
            }
        }
        for line in corpus("forum_hardest_1905_11plus.txt").lines().step_by(97) {
            let v = parse(&line[..81]);
            assert_eq!(minlex(&v), minlex_reference(&v), "{line}");
        }
    }

    #[test]
    fn random_puzzles_match_the_exhaustive_search_and_automorphism_count() {
        let mut rng = fastrand::Rng::with_seed(43);
        for i in 0..300 {
            let keep = [8, 15, 25, 35, 50, 70][i % 6];
            let v = random_puzzle(&mut rng, keep, i % 3 == 0);
            let c = canonical(&v);
            assert_eq!(c.form, minlex_reference(&v), "{v:?}");
            if i % 5 == 0 {
                assert_eq!(c.form, minlex_exhaustive(&v), "{v:?}");
            }
            assert_eq!(c.automorphisms, automorphisms_exhaustive(&v, &c.form), "{v:?}");
            assert_eq!(c.map.apply(&v), c.form, "{v:?}");
        }
    }

    #[test]
    fn automorphisms_of_small_and_symmetric_puzzles() {
        assert_eq!(canonical(&[0; 81]).automorphisms, 3_359_232);
        assert_eq!(canonical(&[0; 81]).form, [0; 81]);
        let mut one = [0u8; 81];
        one[40] = 5;
        // The transformations keeping one cell: 2 x (2 x 2 x 6 x 6)^2 = 41,472.
        assert_eq!(canonical(&one).automorphisms, 41_472);
        assert_eq!(automorphisms_exhaustive(&one, &canonical(&one).form), 41_472);
        for line in corpus("magictour_top1465.txt").lines().step_by(50) {
            let v = parse(&line[..81]);
            let c = canonical(&v);
            assert_eq!(c.automorphisms, automorphisms_exhaustive(&v, &c.form), "{line}");
        }
    }

    /// Puzzles with a known symmetry: the grid `(3 (r mod 3) + r / 3 + c) mod 9 + 1` turns
    /// into itself, relabelled, when its stacks rotate; keeping the same cells of every stack
    /// keeps that automorphism (order 3), so the count is a multiple of 3.
    #[test]
    fn puzzles_with_a_stack_rotation_symmetry_count_it() {
        let grid = |r: usize, c: usize| ((3 * (r % 3) + r / 3 + c) % 9) as u8 + 1;
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..20 {
            let mut v = [0u8; 81];
            for r in 0..9 {
                for c in 0..3 {
                    if rng.u32(0..100) < 30 {
                        for s in 0..3 {
                            v[r * 9 + c + 3 * s] = grid(r, c + 3 * s);
                        }
                    }
                }
            }
            let c = canonical(&v);
            assert_eq!(c.automorphisms % 3, 0, "{v:?}");
            assert_eq!(c.automorphisms, automorphisms_exhaustive(&v, &c.form), "{v:?}");
            assert_eq!(c.form, minlex_reference(&v), "{v:?}");
            assert_eq!(c.map.apply(&v), c.form, "{v:?}");
        }
    }

    #[test]
    fn the_map_takes_each_puzzle_to_its_form() {
        for line in corpus("magictour_top1465.txt").lines() {
            let v = parse(&line[..81]);
            let c = canonical(&v);
            assert_eq!(c.map.apply(&v), c.form, "{line}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        #[test]
        fn every_isomorph_has_the_same_form_and_count(seed in any::<u64>(), index in 0usize..1465) {
            let text = corpus("magictour_top1465.txt");
            let line = text.lines().nth(index).expect("line");
            let v = parse(&line[..81]);
            let mut rng = fastrand::Rng::with_seed(seed);
            let t = Isomorph::random(&mut rng);
            let (a, b) = (canonical(&v), canonical(&t.apply(&v)));
            prop_assert_eq!(a.form, b.form);
            prop_assert_eq!(a.automorphisms, b.automorphisms);
        }
    }
}
