//! The bulk runner shared by `solve`, `check` and `rate`: stream chunks from the input, process
//! each chunk's lines in parallel on a rayon pool, write the results in input order, keep the
//! progress bar and the tally.

use crate::input::{Input, Line};
use crate::progress::{Progress, Tally};
use anyhow::Result;
use rayon::prelude::*;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, sync_channel};

/// How one line ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Solved by logic (or plain brute force in the default mode).
    Solved,
    /// Solved, with the brute-force fallback.
    Fallback,
    /// Logic stalled, fallback disabled.
    Stuck,
    /// No solution.
    NoSolution,
    /// Two or more solutions.
    Multiple,
    /// Not a valid puzzle line.
    Invalid,
}

/// The result of one line: its output text (without newline; empty text writes no line, for
/// report-style commands) and kind; `None` for blank and comment lines.
pub type Processed<T = String> = Option<(T, Kind)>;

/// A result line's text as the writer thread writes it.
pub trait LineText: Send {
    /// The bytes of the text, without a newline.
    fn bytes(&self) -> &[u8];
}

impl LineText for String {
    fn bytes(&self) -> &[u8] {
        self.as_bytes()
    }
}

/// Runs `f` over every line of `path` with `threads` workers (0 = all cores), writing each
/// result line to standard output in input order.
pub fn run<F, T>(path: Option<&Path>, threads: usize, f: F) -> Result<Tally>
where
    F: for<'a> Fn(&Line<'a>) -> Processed<T> + Sync,
    T: LineText,
{
    run_filtered(path, threads, f, |_| true)
}

/// [`run`], with `keep` deciding, in input order, whether each result line is written (for
/// `canon --dedup`). Dropped lines still count in the tally.
///
/// The workers solve chunk after chunk; a writer thread writes a chunk's results (and keeps
/// the tally and the progress bar) while the workers already solve the next one, so writing
/// is not a pause between chunks.
pub fn run_filtered<F, K, T>(path: Option<&Path>, threads: usize, f: F, keep: K) -> Result<Tally>
where
    F: for<'a> Fn(&Line<'a>) -> Processed<T> + Sync,
    K: FnMut(&T) -> bool + Send,
    T: LineText,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let input = Input::open(path)?;
    let progress = Progress::new(input.total_bytes);
    // One chunk's results in flight while the next is solved; the writer hands the emptied
    // result vectors back for reuse.
    let (tx, rx) = sync_channel::<(Vec<Processed<T>>, u64)>(1);
    let (spare, spares) = std::sync::mpsc::channel::<Vec<Processed<T>>>();
    let (written, tally) = std::thread::scope(|scope| {
        let writer = scope.spawn(move || write_results(rx, spare, keep, progress));
        for chunk in input.chunks.iter() {
            let mut results = spares.try_recv().unwrap_or_default();
            pool.install(|| {
                results.par_extend((0..chunk.len()).into_par_iter().map(|i| f(&chunk.line(i))));
            });
            let bytes_read = chunk.bytes_read;
            input.recycle(chunk);
            // A closed channel: the writer stopped (closed pipe or write error).
            if tx.send((results, bytes_read)).is_err() {
                break;
            }
        }
        drop(tx);
        let (written, tally, progress) = writer.join().expect("the writer does not panic");
        (written.map(|()| progress), tally)
    });
    let progress = written?;
    // A read error after N good lines: the N results are already written; report the error
    // after the summary so the counts say how far the input got.
    let read = input.finish();
    progress.finish(&tally, "");
    read?;
    Ok(tally)
}

/// The writer thread: writes each chunk's result lines in order, counts them, updates the
/// progress bar. Stops quietly on a closed pipe (the counts so far are kept).
fn write_results<T: LineText, K: FnMut(&T) -> bool>(
    rx: Receiver<(Vec<Processed<T>>, u64)>,
    spare: std::sync::mpsc::Sender<Vec<Processed<T>>>,
    mut keep: K,
    progress: Progress,
) -> (Result<()>, Tally, Progress) {
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut tally = Tally::default();
    for (mut results, bytes_read) in rx.iter() {
        let mut broken_pipe = false;
        for (text, kind) in results.drain(..).flatten() {
            match kind {
                Kind::Solved => tally.solved += 1,
                Kind::Fallback => {
                    tally.solved += 1;
                    tally.fallback += 1;
                }
                Kind::Stuck => tally.stuck += 1,
                Kind::NoSolution => tally.no_solution += 1,
                Kind::Multiple => tally.multiple += 1,
                Kind::Invalid => tally.invalid += 1,
            }
            let bytes = text.bytes();
            if !broken_pipe && !bytes.is_empty() && keep(&text) {
                let r = out.write_all(bytes).and_then(|()| out.write_all(b"\n"));
                if let Err(e) = r {
                    if e.kind() == std::io::ErrorKind::BrokenPipe {
                        broken_pipe = true;
                    } else {
                        return (Err(e.into()), tally, progress);
                    }
                }
            }
        }
        // The solving side may be gone already: then the vector is just dropped.
        let _ = spare.send(results);
        progress.update(tally.total(), bytes_read);
        if broken_pipe {
            return (Ok(()), tally, progress);
        }
    }
    match out.flush() {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => (Err(e.into()), tally, progress),
        _ => (Ok(()), tally, progress),
    }
}
