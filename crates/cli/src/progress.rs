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
    /// Puzzles whose budget (`--time-limit`, `--budget`) ran out.
    pub over_budget: u64,
    /// CSV header lines skipped (not puzzles, not counted in the total).
    pub headers: u64,
}

impl Tally {
    pub fn total(&self) -> u64 {
        self.solved
            + self.stuck
            + self.no_solution
            + self.multiple
            + self.invalid
            + self.over_budget
    }

    pub fn all_solved(&self) -> bool {
        self.total() == self.solved
    }
}

/// Whether to draw a bar: on a terminal standard error, unless standard output is a terminal
/// too (then results and bar would share lines).
fn should_draw(stderr_is_terminal: bool, stdout_is_terminal: bool) -> bool {
    stderr_is_terminal && !stdout_is_terminal
}

/// The progress bar (the `indicatif` crate: it fits the bar to the terminal width and clears
/// it cleanly, so no stale wrapped lines are left on narrow terminals).
///
/// Drawn only when standard error is a terminal and standard output is not: when both go to
/// the same terminal the results themselves show the progress, and a bar would share their
/// lines.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    started: Instant,
}

impl Progress {
    pub fn new(total_bytes: Option<u64>) -> Progress {
        let show = should_draw(std::io::stderr().is_terminal(), std::io::stdout().is_terminal());
        Progress::with(show, total_bytes)
    }

    fn with(show: bool, total_bytes: Option<u64>) -> Progress {
        let bar = show.then(|| {
            let target = indicatif::ProgressDrawTarget::stderr_with_hz(4);
            let (bar, template) = match total_bytes.filter(|&t| t > 0) {
                Some(total) => (
                    indicatif::ProgressBar::with_draw_target(Some(total), target),
                    "[{wide_bar}] {percent:>3}% {msg}",
                ),
                None => (indicatif::ProgressBar::with_draw_target(None, target), "{spinner} {msg}"),
            };
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        Progress { bar, started: Instant::now() }
    }

    /// Updates the bar after a chunk.
    pub fn update(&self, puzzles: u64, bytes_read: u64) {
        if let Some(bar) = &self.bar {
            let secs = self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_position(bytes_read);
            bar.set_message(format!("{puzzles} puzzles, {:.0}/s", puzzles as f64 / secs));
        }
    }

    /// Clears the bar and prints the summary.
    pub fn finish(&self, tally: &Tally, extra: &str) {
        let secs = self.started.elapsed().as_secs_f64();
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        let mut err = std::io::stderr().lock();
        let total = tally.total();
        let rate = if secs > 0.0 { total as f64 / secs } else { 0.0 };
        // Only runs where a budget ran out say so (the line is otherwise unchanged).
        let over = match tally.over_budget {
            0 => String::new(),
            n => format!(", {n} over budget"),
        };
        let headers = match tally.headers {
            0 => String::new(),
            1 => "; 1 header line skipped".to_string(),
            n => format!("; {n} header lines skipped"),
        };
        let _ = writeln!(
            err,
            "{total} puzzles: {} solved ({} with fallback), {} stuck, {} no solution, {} multiple solutions, {} invalid{over}; {secs:.3}s, {rate:.0} puzzles/s{headers}{extra}",
            tally.solved,
            tally.fallback,
            tally.stuck,
            tally.no_solution,
            tally.multiple,
            tally.invalid
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_bar_never_shares_a_terminal_with_the_results() {
        assert!(should_draw(true, false));
        assert!(!should_draw(true, true), "stdout and stderr on one terminal: no bar");
        assert!(!should_draw(false, false));
        assert!(!should_draw(false, true));
    }

    #[test]
    fn hidden_bar_draws_nothing_and_still_summarises() {
        let p = Progress::with(false, Some(100));
        p.update(5, 50);
        assert!(p.bar.is_none());
        let t = Tally { solved: 5, ..Tally::default() };
        assert!(t.all_solved());
    }
}
