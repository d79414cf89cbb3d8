//! Deterministic sampling of indices with the workspace's one RNG crate (`fastrand`, seeded).
//!
//! Sampling gives the same puzzles for the same `(corpus length, sample size, seed)` on every
//! machine and every run (no system entropy; the crate's version is pinned by Cargo.lock), so
//! results folders can be compared.

/// `k` distinct indices of `0..n`, chosen uniformly with `seed`, in ascending order (so a
/// sample keeps the file order). All of `0..n` when `k >= n`.
///
/// A partial Fisher-Yates shuffle over an index vector: the first `k` positions end up as a
/// uniform random `k`-subset.
#[must_use]
pub fn sample_indices(n: usize, k: usize, seed: u64) -> Vec<usize> {
    if k >= n {
        return (0..n).collect();
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut idx: Vec<usize> = (0..n).collect();
    for i in 0..k {
        let j = rng.usize(i..n);
        idx.swap(i, j);
    }
    idx.truncate(k);
    idx.sort_unstable();
    idx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_is_deterministic_sorted_and_distinct() {
        let a = sample_indices(1000, 50, 7);
        assert_eq!(a, sample_indices(1000, 50, 7));
        assert_ne!(a, sample_indices(1000, 50, 8));
        assert_eq!(a.len(), 50);
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        assert!(a.iter().all(|&i| i < 1000));
        assert_eq!(sample_indices(5, 9, 1), vec![0, 1, 2, 3, 4]);
    }
}
