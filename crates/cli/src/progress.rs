//! A progress bar on standard error, drawn only when standard error is a terminal, and the
//! end-of-run summary (always printed, on standard error).

use std::io::{IsTerminal, Write};
use std::sync::OnceLock;
use std::time::Instant;

/// What a command's summary calls its outcomes: `solve`, `rate` and `check` solve puzzles,
/// `hint` finds a next step, `shuffle` and `canon` transform lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noun {
    /// Solved, stuck, no solution, multiple solutions, invalid.
    Solve,
    /// With a next step, without one, no solution, multiple solutions, invalid.
    Hint,
    /// Shuffled, invalid.
    Shuffle,
    /// Canonicalised, invalid.
    Canon,
}

static NOUN: OnceLock<Noun> = OnceLock::new();

/// Sets the wording of this process's summary (once, before the run; `Solve` otherwise).
pub fn set_noun(noun: Noun) {
    let _ = NOUN.set(noun);
}

/// The summary line's counts in a command's words.
fn counts_text(noun: Noun, t: &Tally) -> String {
    let total = t.total();
    match noun {
        Noun::Solve => format!(
            "{total} puzzles: {} solved ({} with fallback), {} stuck, {} no solution, {} multiple solutions, {} invalid",
            t.solved, t.fallback, t.stuck, t.no_solution, t.multiple, t.invalid
        ),
        Noun::Hint => format!(
            "{total} puzzles: {} with a next step, {} without one, {} no solution, {} multiple solutions, {} invalid",
            t.solved, t.stuck, t.no_solution, t.multiple, t.invalid
        ),
        Noun::Shuffle => format!("{total} puzzles: {} shuffled, {} invalid", t.solved, t.invalid),
        Noun::Canon => {
            format!("{total} puzzles: {} canonicalised, {} invalid", t.solved, t.invalid)
        }
    }
}

/// Puzzles per second with enough digits that a slow run never reads `0 puzzles/s`.
fn rate_text(puzzles: u64, secs: f64) -> String {
    if puzzles == 0 || secs <= 0.0 {
        return "0 puzzles/s".to_string();
    }
    let rate = puzzles as f64 / secs;
    if rate >= 10.0 {
        format!("{rate:.0} puzzles/s")
    } else if rate >= 0.1 {
        format!("{rate:.2} puzzles/s")
    } else {
        format!("{rate:.4} puzzles/s ({:.1} s per puzzle)", 1.0 / rate)
    }
}

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
        let noun = NOUN.get().copied().unwrap_or(Noun::Solve);
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
            "{}{over}; {secs:.3}s, {}{headers}{extra}",
            counts_text(noun, tally),
            rate_text(tally.total(), secs)
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
    fn summaries_use_each_commands_words_and_slow_rates_keep_digits() {
        let t = Tally { solved: 3, stuck: 1, invalid: 1, ..Tally::default() };
        assert!(counts_text(Noun::Solve, &t).starts_with("5 puzzles: 3 solved (0 with fallback)"));
        let hint = counts_text(Noun::Hint, &t);
        assert!(hint.contains("3 with a next step, 1 without one") && !hint.contains("solved"));
        assert_eq!(counts_text(Noun::Shuffle, &t), "5 puzzles: 3 shuffled, 1 invalid");
        assert_eq!(counts_text(Noun::Canon, &t), "5 puzzles: 3 canonicalised, 1 invalid");
        assert_eq!(rate_text(1, 4.0), "0.25 puzzles/s");
        assert_eq!(rate_text(1, 40.0), "0.0250 puzzles/s (40.0 s per puzzle)");
        assert_eq!(rate_text(500, 1.0), "500 puzzles/s");
        assert_eq!(rate_text(0, 1.0), "0 puzzles/s");
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
