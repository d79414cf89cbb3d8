//! The progress display of `bench run`: which row runs, in which pass, and about how long the
//! run has left, so that a long row is never minutes of silence.
//!
//! Every row has an estimate in seconds (from earlier results folders' puzzles/s, see
//! [`expected_us`]); as rows finish, the estimates of the rest are scaled by how the finished
//! rows compared with theirs, so a loaded machine lengthens the forecast instead of breaking it.
//! On a terminal a bar on standard error is redrawn twice a second; elsewhere (a log file, CI)
//! one line is printed when each row starts.

use crate::report::read_raw_csv;
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Microseconds per puzzle of every (corpus, engine, order) measured in a results folder under
/// `out`, the smallest over the folders winning (the quietest machine: a folder measured while
/// other work shared the cores would otherwise inflate the first forecast; the rescaling as
/// rows finish corrects it either way). Unreadable folders are passed over.
#[must_use]
pub fn expected_us(out: &Path) -> HashMap<(String, String, String), f64> {
    let mut map = HashMap::new();
    let Ok(entries) = std::fs::read_dir(out) else { return map };
    let mut dirs: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    dirs.sort();
    for dir in dirs.into_iter().rev() {
        let Ok(text) = std::fs::read_to_string(dir.join("raw.csv")) else { continue };
        let Ok(rows) = read_raw_csv(&text) else { continue };
        for r in rows.into_iter().filter(|r| r.puzzles_per_sec > 0.0) {
            let us = 1e6 / r.puzzles_per_sec;
            map.entry((r.corpus, r.engine, r.order))
                .and_modify(|v: &mut f64| *v = v.min(us))
                .or_insert(us);
        }
    }
    map
}

/// `m:ss` (or `h:mm:ss`).
#[must_use]
pub fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

struct State {
    estimates: Vec<f64>,
    labels: Vec<String>,
    current: Option<usize>,
    phase: String,
    row_started: Instant,
    started: Instant,
    done_actual: f64,
    done_estimated: f64,
    drawn: bool,
}

impl State {
    /// Finished rows' actual time over their estimates, damped by ten seconds of agreement
    /// (1 before any row finished), so that a few short rows, dominated by fixed costs, do not
    /// swing the forecast.
    fn scale(&self) -> f64 {
        const PRIOR: f64 = 10.0;
        ((self.done_actual + PRIOR) / (self.done_estimated + PRIOR)).clamp(0.05, 50.0)
    }

    fn left(&self) -> f64 {
        let k = self.scale();
        let Some(cur) = self.current else {
            return k * self.estimates.iter().sum::<f64>();
        };
        let here = (k * self.estimates[cur] - self.row_started.elapsed().as_secs_f64()).max(0.0);
        here + k * self.estimates[cur + 1..].iter().sum::<f64>()
    }

    fn line(&self) -> String {
        let n = self.estimates.len();
        let cur = self.current.unwrap_or(0);
        let total: f64 = self.estimates.iter().sum::<f64>().max(1e-9);
        let done: f64 = self.estimates[..cur].iter().sum();
        let width = 20;
        let filled = ((done / total) * width as f64).round() as usize;
        format!(
            "[{}{}] row {}/{n} {} ({}), {} elapsed, ~{} left",
            "#".repeat(filled.min(width)),
            "-".repeat(width - filled.min(width)),
            cur + 1,
            self.labels.get(cur).map_or("", String::as_str),
            self.phase,
            clock(self.started.elapsed().as_secs_f64()),
            clock(self.left()),
        )
    }
}

/// The progress of a run over a known list of rows.
pub struct Progress {
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
    ticker: Option<JoinHandle<()>>,
    terminal: bool,
}

impl Progress {
    /// Starts the display for rows with these labels and estimates (seconds).
    #[must_use]
    pub fn start(labels: Vec<String>, estimates: Vec<f64>) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let state = Arc::new(Mutex::new(State {
            estimates,
            labels,
            current: None,
            phase: String::new(),
            row_started: Instant::now(),
            started: Instant::now(),
            done_actual: 0.0,
            done_estimated: 0.0,
            drawn: false,
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let ticker = terminal.then(|| {
            let (state, stop) = (Arc::clone(&state), Arc::clone(&stop));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if let Ok(mut s) = state.lock() {
                        if s.current.is_some() {
                            let _ = write!(std::io::stderr().lock(), "\r{}\x1b[K", s.line());
                            s.drawn = true;
                        }
                    }
                    std::thread::sleep(Duration::from_millis(500));
                }
            })
        });
        Progress { state, stop, ticker, terminal }
    }

    /// The estimate of the time the whole run takes, seconds.
    #[must_use]
    pub fn total_estimate(&self) -> f64 {
        self.state.lock().map_or(0.0, |s| s.estimates.iter().sum())
    }

    /// Row `k` starts.
    pub fn begin(&self, k: usize) {
        let Ok(mut s) = self.state.lock() else { return };
        s.current = Some(k);
        s.phase = "warm-up".into();
        s.row_started = Instant::now();
        if !self.terminal {
            eprintln!("{}", s.line());
        }
    }

    /// The running row enters a new phase (`timed pass 2/3`).
    pub fn phase(&self, phase: &str) {
        if let Ok(mut s) = self.state.lock() {
            s.phase = phase.to_string();
        }
    }

    /// The running row finished; its time rescales the estimates of the rest.
    pub fn end(&self) {
        let Ok(mut s) = self.state.lock() else { return };
        if let Some(k) = s.current {
            s.done_actual += s.row_started.elapsed().as_secs_f64();
            s.done_estimated += s.estimates[k];
        }
    }

    /// Prints a line on standard error above the bar.
    pub fn println(&self, line: &str) {
        let Ok(mut s) = self.state.lock() else { return };
        let mut err = std::io::stderr().lock();
        if s.drawn {
            let _ = write!(err, "\r\x1b[K");
            s.drawn = false;
        }
        let _ = writeln!(err, "{line}");
    }

    /// Removes the bar.
    pub fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
        if let Ok(s) = self.state.lock() {
            if s.drawn {
                let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_and_estimates() {
        assert_eq!(clock(0.4), "0:00");
        assert_eq!(clock(125.0), "2:05");
        assert_eq!(clock(3725.0), "1:02:05");
        let p = Progress::start(vec!["a".into(), "b".into()], vec![10.0, 30.0]);
        assert_eq!(p.total_estimate(), 40.0);
        {
            let s = p.state.lock().unwrap();
            assert!((s.left() - 40.0).abs() < 1e-9);
            assert!(s.line().contains("row 1/2 a"), "{}", s.line());
        }
        p.begin(0);
        p.phase("timed pass 1/3");
        {
            let mut s = p.state.lock().unwrap();
            assert!(s.line().contains("(timed pass 1/3)"), "{}", s.line());
            // A first row that took twice its estimate doubles the rest.
            s.done_actual = 30.0;
            s.done_estimated = 10.0;
            s.current = Some(1);
            s.row_started = Instant::now();
            assert!((s.left() - 60.0).abs() < 0.5, "{}", s.left());
        }
        p.finish();
    }
}
