//! `combinations(n, k)`: every k-subset of `0..n` as a list of indices, in lexicographic order.
//! The textbook recursion, returning a `Vec` of `Vec`s as an object-style solver would (the
//! subsets, fish and wings loops pick cells or lines with it).

/// Every `k`-subset of `0..n`, each sorted ascending, in lexicographic order.
#[must_use]
pub fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
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
            vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]
        );
        assert_eq!(combinations(9, 4).len(), 126);
        assert_eq!(combinations(2, 3).len(), 0);
        assert_eq!(combinations(3, 0), vec![Vec::<usize>::new()]);
    }
}
