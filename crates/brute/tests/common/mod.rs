//! Helpers shared by the integration tests: dataset lookup, parsing and an independent
//! solution checker (deliberately not `is_valid_solution`).

#![allow(dead_code)]

use std::path::PathBuf;

/// Path of a file in the repository's `datasets/` directory.
pub fn dataset(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(name)
}

/// Reads a dataset file, with a clear message when it is missing.
pub fn read_dataset(name: &str) -> String {
    let path = dataset(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read dataset {}: {e}", path.display()))
}

/// Parses 81 characters (`.` or `0` empty, `1`-`9` given).
pub fn parse(text: &str) -> [u8; 81] {
    assert!(text.len() >= 81, "short puzzle line: {text:?}");
    let mut values = [0u8; 81];
    for (v, ch) in values.iter_mut().zip(text.bytes()) {
        *v = match ch {
            b'1'..=b'9' => ch - b'0',
            b'.' | b'0' => 0,
            other => panic!("bad character {:?} in {text:?}", other as char),
        };
    }
    values
}

/// Independent checker: each of the 27 units, read out as 9 values and sorted, is 1..=9.
pub fn check_grid(grid: &[u8; 81]) -> bool {
    let mut units: Vec<Vec<usize>> = Vec::new();
    for i in 0..9 {
        units.push((0..9).map(|j| i * 9 + j).collect());
        units.push((0..9).map(|j| j * 9 + i).collect());
        let (r0, c0) = (i / 3 * 3, i % 3 * 3);
        units.push((0..9).map(|j| (r0 + j / 3) * 9 + c0 + j % 3).collect());
    }
    units.iter().all(|unit| {
        let mut vals: Vec<u8> = unit.iter().map(|&c| grid[c]).collect();
        vals.sort_unstable();
        vals == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    })
}

/// Every given (non-zero value) appears unchanged in the grid.
pub fn agrees(givens: &[u8; 81], grid: &[u8; 81]) -> bool {
    givens.iter().zip(grid.iter()).all(|(&g, &s)| g == 0 || g == s)
}
