//! The bulk runner shared by `solve`, `count`, `check`, `rate`, `hint` and `canon`: the
//! worker threads take chunks of input lines in turn, process each chunk's lines, and write
//! the results in input order; the tally and the progress bar follow the written chunks.
//!
//! There is no separate writer thread and no thread pool: the calling thread is one of the
//! workers (so `--threads 1` runs on the calling thread alone, plus the reader thread for
//! streamed input). A worker formats its chunk's output into the chunk's own byte buffer;
//! the worker whose chunk completes the next run in input order writes that run, one `write`
//! per chunk, while the others go on solving. Chunks are taken, not scattered: a worker never
//! waits for the others at the end of a chunk, only (rarely) when it would run more than
//! [`IN_FLIGHT`] chunks' worth of lines per worker ahead of the oldest unwritten one.
//!
//! Chunks are sized by time, not bytes: the workers measure how long a line takes and cut the
//! next chunk to about [`CHUNK_TIME`] of work (one line per chunk when a line takes longer),
//! so a small file of hard puzzles (`rate` on 20 lines) keeps every core busy and the progress
//! moves line by line, while fast bulk solving keeps its 256-line chunks.

use crate::input::{Chunk, Input, Line, Reader, Source};
use crate::progress::{Progress, Tally};
use anyhow::Result;
use bitdoku_bitboard::{Field, Fields};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{Condvar, Mutex, MutexGuard};

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
    /// The puzzle's budget (`--time-limit`, `--budget`) ran out.
    OverBudget,
}

/// The result of one line: its output text (without newline; empty text writes no line, for
/// report-style commands) and kind; `None` for blank and comment lines.
pub type Processed<T = String> = Option<(T, Kind)>;

/// A result line's text as it is written.
pub trait LineText: Send {
    /// The bytes of the text, without a newline.
    fn bytes(&self) -> &[u8];
}

impl LineText for String {
    fn bytes(&self) -> &[u8] {
        self.as_bytes()
    }
}

/// Lines per chunk with one to four workers (about 21 KB of input: a chunk's input is still in
/// the core's cache when its lines are solved; 4,096-line chunks made `quick_search_masks`
/// 1.6 times as slow); with more workers chunks get smaller, so the chunks in flight (at most
/// `IN_FLIGHT * workers`) keep memory flat.
const CHUNK_LINES: usize = 256;

/// Chunks per worker that may be taken before the oldest unwritten one is written: a worker
/// that is descheduled (a busy machine) or slow on a hard puzzle holds up the output, not the
/// other workers, for up to this many chunks each (a few milliseconds of work, under 1 MB).
const IN_FLIGHT: usize = 16;

/// The work one chunk should hold, in nanoseconds (a few milliseconds: the lock, the clock
/// reads and the `write` per chunk stay far below 1% of it).
const CHUNK_TIME: f64 = 4e6;

/// Runs `f` over every line of `path` with `threads` workers (0 = all cores), writing each
/// result line to standard output in input order.
pub fn run<F, T>(source: &Source, threads: usize, f: F) -> Result<Tally>
where
    F: for<'a> Fn(&Line<'a>) -> Processed<T> + Sync,
    T: LineText,
{
    let step = |line: &Line, out: &mut Vec<u8>, _: &mut Vec<Processed<T>>, tally: &mut Tally| {
        if let Some((text, kind)) = f(line) {
            count(tally, kind);
            let bytes = text.bytes();
            if !bytes.is_empty() {
                out.extend_from_slice(bytes);
                out.push(b'\n');
            }
        }
    };
    drive(source, threads, step, None::<fn(&T) -> bool>)
}

/// [`run`] for a command that writes its output line itself: `f` appends the line and its
/// newline (or nothing) to the chunk's output buffer and returns the line's kind (`None` for
/// blank and comment lines). No result value is built or moved per line.
pub fn run_into<F>(source: &Source, threads: usize, f: F) -> Result<Tally>
where
    F: for<'a> Fn(&Line<'a>, &mut Vec<u8>) -> Option<Kind> + Sync,
{
    let step = |line: &Line, out: &mut Vec<u8>, _: &mut Vec<Processed>, tally: &mut Tally| {
        if let Some(kind) = f(line, out) {
            count(tally, kind);
        }
    };
    drive(source, threads, step, None::<fn(&String) -> bool>)
}

/// [`run`], with `keep` deciding, in input order, whether each result line is written (for
/// `canon --dedup`). Dropped lines still count in the tally.
pub fn run_filtered<F, K, T>(source: &Source, threads: usize, f: F, keep: K) -> Result<Tally>
where
    F: for<'a> Fn(&Line<'a>) -> Processed<T> + Sync,
    K: FnMut(&T) -> bool + Send,
    T: LineText,
{
    let step = |line: &Line, _: &mut Vec<u8>, results: &mut Vec<Processed<T>>, _: &mut Tally| {
        results.push(f(line));
    };
    drive(source, threads, step, Some(keep))
}

/// A chunk of lines being processed, with its results.
struct Block<T> {
    /// Its place in input order.
    index: usize,
    chunk: Chunk,
    /// The output bytes (lines with their newlines), ready to write.
    out: Vec<u8>,
    /// With a `keep` filter: the results, formatted when they are written (in input order).
    results: Vec<Processed<T>>,
    tally: Tally,
    /// Where the puzzle is in each line.
    fields: Fields,
}

/// Everything the workers share, behind one lock (held only to take a chunk or to hand in
/// results, never while solving or writing).
struct State<'s, T, K> {
    reader: Reader,
    /// The input's format choice.
    source: &'s Source,
    /// Where the puzzle is in each line: decided from the first line that is not blank or a
    /// comment (before any chunk is handed out to be processed).
    fields: Option<Fields>,
    /// The index of the next chunk taken, and of the next chunk to write.
    next_taken: usize,
    next_written: usize,
    /// Lines taken and lines written (what is in flight between them is bounded).
    lines_taken: usize,
    lines_written: usize,
    /// The lines per chunk at most (from the number of workers).
    max_lines: usize,
    /// Nanoseconds per line, as measured on the chunks so far (0 before the first).
    per_line: f64,
    /// The lines of the last chunk taken (a chunk grows at most fourfold from one to the next).
    last_lines: usize,
    /// No more chunks: end of input, closed output, a write error or a panicked worker.
    done: bool,
    /// Processed chunks waiting for an earlier one.
    pending: BTreeMap<usize, Block<T>>,
    /// A worker is writing (the others leave their chunks in `pending` for it).
    writing: bool,
    /// Workers waiting on [`Shared::written`].
    waiting: usize,
    /// The output is closed or failed: nothing more is written.
    closed: bool,
    /// Emptied output buffers, for reuse.
    spare: Vec<(Vec<u8>, Vec<Processed<T>>)>,
    keep: Option<K>,
    tally: Tally,
    error: Option<anyhow::Error>,
    progress: Progress,
}

struct Shared<'s, T, K> {
    state: Mutex<State<'s, T, K>>,
    /// Signalled when chunks are written (a worker too far ahead waits for it).
    written: Condvar,
    workers: usize,
}

impl<'s, T, K> Shared<'s, T, K> {
    fn lock(&self) -> MutexGuard<'_, State<'s, T, K>> {
        // A worker that panicked holds no half-done state the others could trip on.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a worker does with one line: append its output to the chunk's bytes and count it, or
/// keep its result for the filter.
trait Step<T>: for<'a> Fn(&Line<'a>, &mut Vec<u8>, &mut Vec<Processed<T>>, &mut Tally) + Sync {}

impl<T, S> Step<T> for S where
    S: for<'a> Fn(&Line<'a>, &mut Vec<u8>, &mut Vec<Processed<T>>, &mut Tally) + Sync
{
}

fn drive<S, K, T>(source: &Source, threads: usize, step: S, keep: Option<K>) -> Result<Tally>
where
    S: Step<T>,
    K: FnMut(&T) -> bool + Send,
    T: LineText,
{
    let workers = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let lines = (4 * CHUNK_LINES / workers).clamp(64, CHUNK_LINES);
    let Input { reader, total_bytes } = Input::open(source.path.as_deref(), lines)?;
    let progress = Progress::new(total_bytes);
    let state = State {
        reader,
        source,
        fields: None,
        next_taken: 0,
        next_written: 0,
        lines_taken: 0,
        lines_written: 0,
        max_lines: lines,
        per_line: 0.0,
        last_lines: 0,
        done: false,
        pending: BTreeMap::new(),
        writing: false,
        waiting: 0,
        closed: false,
        spare: Vec::new(),
        keep,
        tally: Tally::default(),
        error: None,
        progress,
    };
    let shared = Shared { state: Mutex::new(state), written: Condvar::new(), workers };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(|| work(&shared, &step));
        }
        work(&shared, &step);
    });
    let state = shared.state.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = state.error {
        return Err(e);
    }
    // A read error after N good lines: the N results are already written; report the error
    // after the summary so the counts say how far the input got.
    let read = state.reader.finish();
    state.progress.finish(&state.tally, "");
    read?;
    Ok(state.tally)
}

/// Stops the other workers if this one panics (they would wait for its chunk forever).
struct PanicGuard<'a, 's, T, K>(&'a Shared<'s, T, K>);

impl<T, K> Drop for PanicGuard<'_, '_, T, K> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.lock().done = true;
            self.0.written.notify_all();
        }
    }
}

/// One worker: takes chunks until the input (or the output) ends.
fn work<S, K, T>(shared: &Shared<'_, T, K>, step: &S)
where
    S: Step<T>,
    K: FnMut(&T) -> bool + Send,
    T: LineText,
{
    let _guard = PanicGuard(shared);
    while let Some(mut block) = take(shared) {
        let started = std::time::Instant::now();
        let Block { chunk, out, results, tally, fields, .. } = &mut block;
        if fields.is_lines() {
            for i in 0..chunk.len() {
                step(&chunk.line(i), out, results, tally);
            }
        } else {
            for i in 0..chunk.len() {
                let line = chunk.line(i);
                match fields.field(line.number, line.bytes) {
                    Field::Header => tally.headers += 1,
                    Field::Puzzle(bytes) => {
                        step(&Line { number: line.number, bytes }, out, results, tally);
                    }
                }
            }
        }
        let per_line = started.elapsed().as_nanos() as f64 / chunk.len().max(1) as f64;
        hand_in(shared, block, per_line);
    }
}

/// The next chunk to process, or `None` when there is no more work.
fn take<T, K>(shared: &Shared<'_, T, K>) -> Option<Block<T>> {
    let mut s = shared.lock();
    while !s.done && s.lines_taken - s.lines_written >= IN_FLIGHT * shared.workers * CHUNK_LINES {
        s.waiting += 1;
        s = shared.written.wait(s).unwrap_or_else(|e| e.into_inner());
        s.waiting -= 1;
    }
    if s.done {
        return None;
    }
    let lines = chunk_lines(&s);
    let Some(chunk) = s.reader.next_chunk_at_most(shared.workers, lines) else {
        s.done = true;
        wake(shared, &s);
        return None;
    };
    if s.fields.is_none() {
        match s.source.layout(&chunk) {
            Ok(f) => s.fields = f,
            Err(e) => {
                s.error = Some(e.into());
                s.done = true;
                wake(shared, &s);
                return None;
            }
        }
    }
    let fields = s.fields.unwrap_or(Fields::LINES);
    let index = s.next_taken;
    s.next_taken += 1;
    s.lines_taken += chunk.len();
    s.last_lines = chunk.len();
    let (mut out, mut results) = s.spare.pop().unwrap_or_default();
    out.clear();
    results.clear();
    Some(Block { index, chunk, out, results, tally: Tally::default(), fields })
}

/// The lines of the next chunk: about [`CHUNK_TIME`] of work at the measured time per line,
/// at most four times the last chunk (one line before anything is measured), at least one.
fn chunk_lines<T, K>(s: &State<T, K>) -> usize {
    if s.per_line <= 0.0 {
        return 1;
    }
    let by_time = (CHUNK_TIME / s.per_line) as usize;
    by_time.min(4 * s.last_lines.max(1)).clamp(1, s.max_lines)
}

/// Hands in a processed chunk (its lines took `per_line` nanoseconds each); writes it and
/// every chunk after it that is ready, unless another worker is writing (that one writes it).
fn hand_in<T: LineText, K: FnMut(&T) -> bool>(
    shared: &Shared<'_, T, K>,
    block: Block<T>,
    per_line: f64,
) {
    let mut s = shared.lock();
    // The measure follows the latest chunks (half weight each), so a run of hard lines
    // shrinks the chunks at once and easy ones grow them back.
    s.per_line = if s.per_line <= 0.0 { per_line } else { (s.per_line + per_line) / 2.0 };
    s.pending.insert(block.index, block);
    if s.writing {
        return;
    }
    s.writing = true;
    let mut ready = Vec::new();
    loop {
        let st = &mut *s;
        while let Some(block) = st.pending.remove(&st.next_written) {
            st.next_written += 1;
            st.lines_written += block.chunk.len();
            ready.push(block);
        }
        if ready.is_empty() || st.closed {
            break;
        }
        if let Some(keep) = st.keep.as_mut() {
            for block in &mut ready {
                filter(block, keep);
            }
        }
        drop(s);
        let mut result = Ok(());
        let mut stdout = std::io::stdout().lock();
        for block in &ready {
            if result.is_ok() && !block.out.is_empty() {
                result = stdout.write_all(&block.out);
            }
        }
        if result.is_ok() {
            result = stdout.flush();
        }
        drop(stdout);
        s = shared.lock();
        let st = &mut *s;
        for block in ready.drain(..) {
            add(&mut st.tally, &block.tally);
            st.progress.update(st.tally.total(), block.chunk.bytes_read);
            st.reader.recycle(block.chunk);
            st.spare.push((block.out, block.results));
        }
        if let Err(e) = result {
            // A closed pipe ends the run quietly (the counts so far are kept).
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                s.error = Some(e.into());
            }
            s.done = true;
            s.closed = true;
        }
        wake(shared, &s);
    }
    s.writing = false;
}

/// Wakes the workers waiting for chunks to be written, if any (a wake-up is a system call).
fn wake<T, K>(shared: &Shared<'_, T, K>, s: &State<'_, T, K>) {
    if s.waiting > 0 {
        shared.written.notify_all();
    }
}

/// Formats a chunk's results through the `keep` filter, in input order.
fn filter<T: LineText, K: FnMut(&T) -> bool>(block: &mut Block<T>, keep: &mut K) {
    for (text, kind) in block.results.drain(..).flatten() {
        count(&mut block.tally, kind);
        let bytes = text.bytes();
        if !bytes.is_empty() && keep(&text) {
            block.out.extend_from_slice(bytes);
            block.out.push(b'\n');
        }
    }
}

fn count(tally: &mut Tally, kind: Kind) {
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
        Kind::OverBudget => tally.over_budget += 1,
    }
}

fn add(tally: &mut Tally, more: &Tally) {
    tally.solved += more.solved;
    tally.fallback += more.fallback;
    tally.stuck += more.stuck;
    tally.no_solution += more.no_solution;
    tally.multiple += more.multiple;
    tally.invalid += more.invalid;
    tally.over_budget += more.over_budget;
    tally.headers += more.headers;
}
