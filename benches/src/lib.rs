//! Shared fixtures of the criterion benchmarks in `benches/benches/`: puzzles read from the
//! bundled corpora and candidate states taken from real solves.
//!
//! Every fixture is deterministic (evenly spaced lines of a file, no random sampling), so two
//! runs measure the same inputs. Run the suite with `cargo bench -p bitdoku-benches`
//! (a few minutes), or one file with `--bench primitives|techniques|solve|brute`.
#![deny(missing_docs)]

use bitdoku_bitboard::Candidates;
use bitdoku_engine::{Engine, Options, Order};

/// The path of a bundled corpus file (`datasets/` at the workspace root).
#[must_use]
pub fn dataset_path(file: &str) -> String {
    format!("{}/../datasets/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// `n` puzzles of a bundled corpus, evenly spaced over the file, as 81 values (0 = empty).
///
/// # Panics
/// When the file cannot be read or holds a line that is not an 81-character puzzle.
#[must_use]
pub fn puzzles(file: &str, n: usize) -> Vec<[u8; 81]> {
    let path = dataset_path(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> =
        text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
    let stride = (lines.len() / n.max(1)).max(1);
    lines
        .iter()
        .step_by(stride)
        .take(n)
        .map(|l| {
            let b = l.as_bytes();
            assert!(b.len() >= 81, "{path}: short line {l:?}");
            std::array::from_fn(|i| match b[i] {
                c @ b'1'..=b'9' => c - b'0',
                _ => 0,
            })
        })
        .collect()
}

/// The states where `preset` stalls (no fallback) on the given puzzles; puzzles it solves are
/// left out. These are the states a technique later in an order actually sees.
///
/// # Panics
/// When `preset` is not a preset name.
#[must_use]
pub fn stalled_states(values: &[[u8; 81]], preset: &str) -> Vec<Candidates> {
    let order = Order::preset(preset).unwrap_or_else(|| panic!("unknown preset {preset}"));
    let mut options = Options::new(order);
    options.fallback = false;
    let engine = Engine::new(options);
    values
        .iter()
        .map(|v| engine.solve(&Candidates::from_values(v)).final_state)
        .filter(|s| !s.is_solved())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixtures_load() {
        let p = puzzles("magictour_top1465.txt", 20);
        assert_eq!(p.len(), 20);
        let states = stalled_states(&p, "singles");
        assert!(!states.is_empty());
        assert!(states.iter().all(|s| !s.is_solved() && !s.has_contradiction()));
    }
}
