//! A progress bar on standard error, drawn only when standard error is a terminal, and the
//! end-of-run summary (always printed, on standard error).

use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Counts by status, for the summary and the exit code.
#[derive(Default, Clone, Copy)]
pub struct Tally {
    pub solved: u64,
    pub stuck: u64,
    pub no_solution: u64,
    pub multiple: u64,
    pub invalid: u64,
    pub fallback: u64,
}

impl Tally {
    pub fn total(&self) -> u64 {
        self.solved + self.stuck + self.no_solution + self.multiple + self.invalid
    }

    pub fn all_solved(&self) -> bool {
        self.total() == self.solved
    }
}

/// Progress drawing state.
pub struct Progress {
    enabled: bool,
    started: Instant,
    total_bytes: Option<u64>,
}

impl Progress {
    pub fn new(total_bytes: Option<u64>) -> Progress {
        Progress { enabled: std::io::stderr().is_terminal(), started: Instant::now(), total_bytes }
    }

    /// Redraws the bar after a chunk.
    pub fn update(&self, puzzles: u64, bytes_read: u64) {
        if !self.enabled {
            return;
        }
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let rate = puzzles as f64 / secs;
        let mut line = String::new();
        if let Some(total) = self.total_bytes.filter(|&t| t > 0) {
            let frac = (bytes_read as f64 / total as f64).min(1.0);
            let filled = (frac * 30.0) as usize;
            line.push_str(&format!(
                "[{}{}] {:3.0}% ",
                "=".repeat(filled),
                " ".repeat(30 - filled),
                frac * 100.0
            ));
        }
        line.push_str(&format!("{puzzles} puzzles, {rate:.0}/s"));
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{line}\x1b[K");
        let _ = err.flush();
    }

    /// Clears the bar and prints the summary.
    pub fn finish(&self, tally: &Tally, extra: &str) {
        let secs = self.started.elapsed().as_secs_f64();
        let mut err = std::io::stderr().lock();
        if self.enabled {
            let _ = write!(err, "\r\x1b[K");
        }
        let total = tally.total();
        let rate = if secs > 0.0 { total as f64 / secs } else { 0.0 };
        let _ = writeln!(
            err,
            "{total} puzzles: {} solved ({} with fallback), {} stuck, {} no solution, {} multiple solutions, {} invalid; {secs:.3}s, {rate:.0} puzzles/s{extra}",
            tally.solved,
            tally.fallback,
            tally.stuck,
            tally.no_solution,
            tally.multiple,
            tally.invalid
        );
    }
}
