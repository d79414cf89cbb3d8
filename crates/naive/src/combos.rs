//! `combinations(n, k)`: every k-subset of `0..n` as a list of indices, in lexicographic order.
//!
//! The subset, fish and rectangle loops pick k cells, digits or lines out of at most nine, so
//! the lists for n, k <= 9 are built once (the textbook recursion) and kept in a static table,
//! as a C++ solver would keep a precomputed combination table; larger `n` are built on demand.

use std::sync::OnceLock;

/// Every `k`-subset of `0..n`, each sorted ascending, in lexicographic order.
#[must_use]
pub fn combinations(n: usize, k: usize) -> &'static [Vec<usize>] {
    static TABLE: OnceLock<Vec<Vec<Vec<Vec<usize>>>>> = OnceLock::new();
    assert!(n <= 9 && k <= 9, "combination table covers n, k <= 9");
    let table =
        TABLE.get_or_init(|| (0..=9).map(|n| (0..=9).map(|k| build(n, k)).collect()).collect());
    &table[n][k]
}

fn build(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    extend(0, n, k, &mut current, &mut out);
    out
}

fn extend(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if current.len() == k {
        out.push(current.clone());
        return;
    }
    let still_needed = k - current.len();
    for i in start..n {
        if n - i < still_needed {
            break;
        }
        current.push(i);
        extend(i + 1, n, k, current, out);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::combinations;

    #[test]
    fn counts() {
        assert_eq!(
            combinations(4, 2),
            [vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]
        );
        assert_eq!(combinations(9, 4).len(), 126);
        assert_eq!(combinations(2, 3).len(), 0);
        assert_eq!(combinations(3, 0), [Vec::<usize>::new()]);
    }
}
