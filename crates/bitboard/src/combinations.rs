//! Combinations of the nine lines, cells or digits of a house: the one place that enumerates
//! them. [`for_each`] walks the `N`-member combinations of 9-bit masks pruned by a monotone
//! predicate on their union (fish base lines, subsets' cells or digits); [`of_size`] lists
//! every `k`-subset of 0..9 as a mask in increasing numeric order (the order Sudoku
//! Explainer's rules visit them in).

use std::ops::ControlFlow;

/// Calls `visit(base, union)` for every set `base` of exactly `N` lines from `pool` whose
/// union of masks passes `fits`, in increasing lexicographic order of lines. `fits` must be
/// monotone (a union that fails never passes again when lines are added), so a branch stops
/// at the first union that fails.
///
/// An iterative depth-first walk: level `k` has chosen `k` lines, `rest[k]` holds the lines
/// it may still try (all above the last chosen one), `union[k]` the chosen lines' union.
pub fn for_each<const N: usize, P, F>(
    lines: &[u16; 9],
    pool: u16,
    fits: P,
    mut visit: F,
) -> ControlFlow<()>
where
    P: Fn(u16) -> bool,
    F: FnMut(u16, u16) -> ControlFlow<()>,
{
    let (mut rest, mut union, mut chosen) = ([0u16; N], [0u16; N], [0u16; N]);
    rest[0] = pool;
    let mut k = 0;
    loop {
        if (rest[k].count_ones() as usize) < N - k {
            // Too few lines left to complete the base: back up one level.
            if k == 0 {
                return ControlFlow::Continue(());
            }
            k -= 1;
            continue;
        }
        let line = rest[k].trailing_zeros() as usize;
        rest[k] &= rest[k] - 1;
        let grown = union[k] | lines[line];
        if !fits(grown) {
            continue;
        }
        if k + 1 == N {
            visit(chosen[k] | 1 << line, grown)?;
        } else {
            (rest[k + 1], union[k + 1], chosen[k + 1]) = (rest[k], grown, chosen[k] | 1 << line);
            k += 1;
        }
    }
}

/// Every `k`-subset of 0..9 as a 9-bit mask, in increasing numeric order (so `{0, 1}` = `0b11`
/// comes first, `{7, 8}` last for `k = 2`). The `k`-subsets of 0..n for a smaller `n` are the
/// masks below `1 << n`, in the same order. Panics when `k > 9`.
#[must_use]
pub fn of_size(k: u32) -> &'static [u16] {
    &BY_SIZE[k as usize][..COUNT[k as usize]]
}

/// `BY_SIZE[k]`: the `k`-subsets of 0..9, ascending (the first `COUNT[k]` entries).
const BY_SIZE: [[u16; 126]; 10] = {
    let mut table = [[0u16; 126]; 10];
    let mut filled = [0usize; 10];
    let mut mask = 0u16;
    while mask < 512 {
        let k = mask.count_ones() as usize;
        table[k][filled[k]] = mask;
        filled[k] += 1;
        mask += 1;
    }
    table
};

/// The binomial coefficients C(9, k).
const COUNT: [usize; 10] = [1, 9, 36, 84, 126, 126, 84, 36, 9, 1];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn of_size_lists_every_subset_once_in_increasing_order() {
        for k in 0..=9u32 {
            let masks = of_size(k);
            assert!(masks.windows(2).all(|w| w[0] < w[1]), "k = {k}");
            assert!(masks.iter().all(|m| m.count_ones() == k && *m < 512));
            let all = (0u16..512).filter(|m| m.count_ones() == k).count();
            assert_eq!(masks.len(), all);
        }
    }

    #[test]
    fn for_each_visits_the_fitting_combinations_in_order() {
        let lines = [1u16, 2, 4, 8, 16, 32, 64, 128, 256];
        let mut seen = Vec::new();
        let _ = for_each::<2, _, _>(
            &lines,
            0b1111,
            |u| u.count_ones() <= 2,
            |base, union| {
                seen.push((base, union));
                std::ops::ControlFlow::Continue(())
            },
        );
        // Lexicographic order of the lines: {0,1}, {0,2}, {0,3}, {1,2}, {1,3}, {2,3}.
        let want: Vec<(u16, u16)> =
            [0b11, 0b101, 0b1001, 0b110, 0b1010, 0b1100].iter().map(|&m| (m, m)).collect();
        assert_eq!(seen, want);
    }
}
