//! `bitdoku-bench`: the library behind the `bench` program, which compares engines and
//! technique orders over corpora of puzzles.
//!
//! Three engines answer the same question (the puzzle's solution, or that it has none or
//! several): the bitboard technique engine (`bitdoku-engine`), the naive candidate-list engine
//! (`bitdoku-naive`, same orders, batch granularity, brute-force solution once its logic
//! stalls), and the brute-force solver (`bitdoku-brute`).
//!
//! The method follows tdoku's `run_benchmark`: corpora are read and parsed once (parse time is
//! measured apart), then for each (corpus, engine, order) a *validating warm-up* checks every
//! answer against the brute-force solution (a wrong answer aborts the run) and records
//! per-technique counters and clock time, then a *timed run* without per-technique clocks
//! measures throughput and a latency histogram (HDR, nanosecond resolution, 3 significant
//! digits).
//!
//! Module map:
//! - [`corpus`]: reading corpora (files, stdin), the fast parse path, deterministic sampling;
//! - [`orders`]: order specs (presets, id lists, `label=ids`, `@file`);
//! - [`engines`]: the three engines behind one `solve one puzzle` interface, answer checks;
//! - [`measure`]: warm-up and timed passes, rows of results;
//! - [`report`]: CSV, markdown, JSON rows, ranking, the results folder;
//! - [`svg`]: hand-written SVG charts (throughput, latency percentiles, time shares);
//! - [`agree`]: state-by-state agreement of the bitboard and naive engines;
//! - [`search`]: the order search (`bench search-order`);
//! - [`progress`]: the progress bar of `bench run` (row, pass, time left);
//! - [`meta`]: the machine, the commit and the toolchain of a run;
//! - [`rng`]: the seeded generator behind sampling.
#![deny(missing_docs)]

pub mod agree;
pub mod corpus;
pub mod engines;
pub mod measure;
pub mod meta;
pub mod orders;
pub mod progress;
pub mod report;
pub mod rng;
pub mod search;
pub mod svg;
