//! The one enumerator of `N`-member combinations of 9-bit masks, shared by fish (base lines)
//! and subsets (cells or digits of a house), pruned by a monotone predicate on the union.

use std::ops::ControlFlow;

/// Calls `visit(base, union)` for every set `base` of exactly `N` lines from `pool` whose
/// union of masks passes `fits`, in increasing lexicographic order of lines. `fits` must be
/// monotone (a union that fails never passes again when lines are added), so a branch stops
/// at the first union that fails.
///
/// An iterative depth-first walk: level `k` has chosen `k` lines, `rest[k]` holds the lines
/// it may still try (all above the last chosen one), `union[k]` the chosen lines' union.
pub(crate) fn for_each<const N: usize, P, F>(
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
