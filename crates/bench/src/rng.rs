//! A small seeded generator (SplitMix64) and deterministic sampling of indices.
//!
//! Sampling must give the same puzzles for the same `(corpus length, sample size, seed)` on
//! every machine and every run, so that results folders can be compared: no system entropy,
//! no library whose algorithm may change between versions.

/// SplitMix64 (Steele, Lea and Flood): one 64-bit state, a Weyl increment and a mixing
/// function. Statistically fine for sampling, and four lines long.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    #[must_use]
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift (the tiny bias of skipping the
    /// rejection step is irrelevant for sampling corpora).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

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
    let mut rng = SplitMix64::new(seed);
    let mut idx: Vec<usize> = (0..n).collect();
    for i in 0..k {
        let j = i + rng.below(n - i);
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

    #[test]
    fn below_stays_in_range() {
        let mut r = SplitMix64::new(1);
        assert!((0..10_000).all(|_| r.below(7) < 7));
    }
}
