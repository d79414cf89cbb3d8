//! Input for the bulk commands, cut into chunks of lines (memory stays flat whatever the file
//! size), each line with its 1-based number.
//!
//! Two ways in, with the same lines: a regular uncompressed file is read by the solving
//! threads themselves, one `read` per chunk straight into the chunk's buffer, and cut into
//! lines in place ([`FileReader`]: no reader thread, no copy of a line, no wake-ups).
//! Anything else (standard input, pipes, gzip and xz recognised by their magic bytes) is
//! streamed: a reader thread reads, decompresses and copies the lines into chunk buffers, at
//! most two chunks ahead of the solvers.
//!
//! Memory-mapping the file was measured and rejected: its page faults and page-table work
//! cost more than `read`'s copy.

use anyhow::{Context, Result};
use std::borrow::Cow;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel, sync_channel};
use std::thread::JoinHandle;

mod source;
pub use source::Source;
use source::{Compression, compressed_file};

/// The UTF-8 byte order mark, dropped at the start of the input.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// One input line and its 1-based number, borrowed from its chunk.
pub struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The raw bytes without the line ending (not checked as UTF-8: the bulk shortcut reads
    /// them as they are, see [`Line::text`] for the rest).
    pub bytes: &'a [u8],
}

impl<'a> Line<'a> {
    /// A line of text (a command-line argument).
    pub fn of_text(number: usize, text: &'a str) -> Line<'a> {
        Line { number, bytes: text.as_bytes() }
    }

    /// The text, lossily decoded: invalid UTF-8 becomes U+FFFD and is reported by the parser;
    /// valid text is borrowed, not copied. Decoded on each call: call it once per line.
    pub fn text(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.bytes)
    }
}

/// A chunk of lines plus how many bytes of input were consumed up to its end (for progress).
/// The lines' bytes sit in one buffer (no allocation per line).
pub struct Chunk {
    /// The lines' bytes: the streamed lines one after the other, or a file chunk's bytes as
    /// read (with the line endings; for a file chunk, bytes past the last line are stale).
    buf: Vec<u8>,
    /// Per line: its number, start and end in `buf`.
    spans: Spans,
    /// Input bytes consumed up to the end of this chunk.
    pub bytes_read: u64,
}

impl Chunk {
    fn new(lines: usize) -> Chunk {
        Chunk {
            buf: Vec::with_capacity(lines * 84),
            spans: Vec::with_capacity(lines),
            bytes_read: 0,
        }
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Line `i` (0-based within the chunk).
    pub fn line(&self, i: usize) -> Line<'_> {
        let (number, start, end) = self.spans[i];
        Line { number, bytes: &self.buf[start..end] }
    }

    /// Empties the chunk for reuse (its buffers keep their memory).
    fn clear(&mut self) {
        self.buf.clear();
        self.spans.clear();
        self.bytes_read = 0;
    }

    /// Adds a streamed line (copied).
    fn push(&mut self, number: usize, text: &[u8]) {
        let start = self.buf.len();
        self.buf.extend_from_slice(text);
        self.spans.push((number, start, self.buf.len()));
    }
}

/// Cuts `data` into lines from `*at`, adding the lines' spans to `spans` (up to `max` lines
/// in all): the same lines as [`Splitter`] gives for the same bytes, borrowed in place.
/// `*number` is the number of the last line so far. With `last`, the input ends with `data`
/// (an unfinished last line is a line); without it, a line counts only once its ending is
/// seen, and a `\r` at the very end waits for the next byte (it may begin a `\r\n`), so
/// `*at` stops at the start of the unfinished line.
fn cut(data: &[u8], at: &mut usize, number: &mut usize, spans: &mut Spans, max: usize, last: bool) {
    while spans.len() < max && *at < data.len() {
        let mut start = *at;
        if *number == 0 {
            if !last && data.len() - start < BOM.len() && BOM.starts_with(&data[start..]) {
                return;
            }
            if data[start..].starts_with(BOM) {
                start += BOM.len();
            }
        }
        // Most lines are 81 characters and `\n`: one branch-free pass over them (vectorised)
        // instead of a `memchr2` call per line. Anything else takes `memchr2`.
        let end = if plain_line(&data[start..]) {
            start + PLAIN
        } else {
            match memchr::memchr2(b'\n', b'\r', &data[start..]) {
                Some(k) if last || data[start + k] == b'\n' || start + k + 1 < data.len() => {
                    start + k
                }
                _ if !last => return,
                // The last line, without an ending.
                _ => data.len(),
            }
        };
        *number += 1;
        spans.push((*number, start, end));
        *at = (end + 1).min(data.len());
        if data.get(end) == Some(&b'\r') && data.get(*at) == Some(&b'\n') {
            *at += 1;
        }
    }
}

/// The length of a plain puzzle line.
const PLAIN: usize = 81;

/// Whether `rest` starts with 81 bytes that are no line ending, then `\n` (the line `cut`
/// would find with `memchr2`).
fn plain_line(rest: &[u8]) -> bool {
    match rest.get(..=PLAIN) {
        Some(line) if line[PLAIN] == b'\n' => !has_line_ending(&line[..PLAIN]),
        _ => false,
    }
}

/// Whether the 81 bytes contain `\n` or `\r`: six 16-byte SSE2 compares (the last one
/// overlapping), no branch per byte.
#[cfg(target_arch = "x86_64")]
fn has_line_ending(line: &[u8]) -> bool {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    assert_eq!(line.len(), PLAIN);
    // SAFETY: SSE2 is part of every x86-64 CPU; each load reads 16 bytes inside `line`
    // (offsets 0, 16, 32, 48, 64 and 65; 65 + 16 = 81).
    unsafe {
        let (lf, cr) = (_mm_set1_epi8(b'\n' as i8), _mm_set1_epi8(b'\r' as i8));
        let p = line.as_ptr();
        let mut any = _mm_set1_epi8(0);
        for offset in [0, 16, 32, 48, 64, 65] {
            let v = _mm_loadu_si128(p.add(offset).cast::<__m128i>());
            any = _mm_or_si128(any, _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        }
        _mm_movemask_epi8(any) != 0
    }
}

/// Whether the 81 bytes contain `\n` or `\r` (other targets).
#[cfg(not(target_arch = "x86_64"))]
fn has_line_ending(line: &[u8]) -> bool {
    memchr::memchr2(b'\n', b'\r', line).is_some()
}

/// Per line: its number, start and end.
type Spans = Vec<(usize, usize, usize)>;

/// Cuts streamed input into lines, block by block (the blocks of the reader's buffer, so the
/// bytes are scanned once and copied once, into the chunk).
///
/// Line endings: `\n`, `\r\n` and a lone `\r` (old Mac files) all end a line; a last line
/// without an ending is a line too. A UTF-8 byte order mark at the start of the input is
/// dropped. The bytes are kept as they are; a line is decoded (lossily) only when it is parsed
/// as text ([`Line::text`]).
struct Splitter {
    /// Lines per chunk.
    max: usize,
    /// Lines so far (the number of the last line).
    number: usize,
    /// The start of a line that an earlier block began.
    carry: Vec<u8>,
    /// The last block ended with `\r`: a `\n` opening the next block belongs to it.
    skip_lf: bool,
}

impl Splitter {
    fn new(max: usize) -> Splitter {
        Splitter { max, number: 0, carry: Vec::new(), skip_lf: false }
    }

    /// Adds the lines `block` ends to `chunk` until the chunk is full; keeps an unfinished
    /// last line for the next block. Returns how many bytes of `block` it used.
    fn feed(&mut self, block: &[u8], chunk: &mut Chunk) -> usize {
        let mut at = 0;
        if std::mem::take(&mut self.skip_lf) && block.first() == Some(&b'\n') {
            at = 1;
        }
        while chunk.len() < self.max {
            let Some(k) = memchr::memchr2(b'\n', b'\r', &block[at..]) else {
                self.carry.extend_from_slice(&block[at..]);
                return block.len();
            };
            let end = at + k;
            self.push(&block[at..end], chunk);
            at = end + 1;
            if block[end] == b'\r' {
                match block.get(at) {
                    Some(b'\n') => at += 1,
                    Some(_) => {}
                    None => self.skip_lf = true,
                }
            }
        }
        at
    }

    /// The end of the input (or a read error): the unfinished last line, if any, is a line.
    fn finish(&mut self, chunk: &mut Chunk) {
        if !self.carry.is_empty() {
            self.push(&[], chunk);
        }
    }

    /// Adds one line: the carried start (if any) plus `rest`.
    fn push(&mut self, rest: &[u8], chunk: &mut Chunk) {
        let mut text = rest;
        if !self.carry.is_empty() {
            self.carry.extend_from_slice(rest);
            text = &self.carry;
        }
        if self.number == 0 {
            text = text.strip_prefix(BOM).unwrap_or(text);
        }
        self.number += 1;
        chunk.push(self.number, text);
        self.carry.clear();
    }
}

/// An opened input.
pub struct Input {
    /// Hands out the chunks, in input order.
    pub reader: Reader,
    /// Total bytes when known (a regular file).
    pub total_bytes: Option<u64>,
}

/// Hands out chunks in input order: read and cut on the calling thread, or received from the
/// streaming reader thread.
pub enum Reader {
    /// A regular file, read chunk by chunk straight into the chunks' buffers.
    File(FileReader),
    /// A streamed input, read on its own thread.
    Streamed {
        /// Chunks in input order, [`BATCH`] at a time (one wake-up of the reader thread per
        /// batch, not per chunk); the channel closes at the end (or after an error).
        chunks: Receiver<Vec<Chunk>>,
        /// The received chunks not yet handed out.
        queue: VecDeque<Chunk>,
        /// Chunks handed back to the reader thread for reuse.
        spare: Sender<Chunk>,
        /// The reader thread (its result is a read error, if any).
        thread: JoinHandle<Result<()>>,
        /// Lines per chunk the reader thread cuts next (see [`Reader::next_chunk_at_most`]).
        wanted: Arc<AtomicUsize>,
    },
}

/// Streamed chunks handed over per batch.
const BATCH: usize = 8;

impl Input {
    /// Opens `path` (`None` or `-` = standard input), cut into chunks of `lines` lines.
    pub fn open(path: Option<&Path>, lines: usize) -> Result<Input> {
        let lines = lines.max(1);
        let (source, total): (Box<dyn Read + Send>, Option<u64>) = match path {
            None => (Box::new(std::io::stdin()), None),
            Some(p) if p.as_os_str() == "-" => (Box::new(std::io::stdin()), None),
            Some(p) => {
                let f = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
                let meta = f.metadata().ok();
                if meta.as_ref().is_some_and(std::fs::Metadata::is_dir) {
                    anyhow::bail!(
                        "cannot read {}: it is a directory, not a puzzle file",
                        p.display()
                    );
                }
                let len = meta.as_ref().map(|m| m.len());
                let mut f = f;
                if meta.is_some_and(|m| m.is_file()) && !compressed_file(&mut f)? {
                    let reader = FileReader::new(f, len.unwrap_or(0), lines * 82);
                    return Ok(Input { reader: Reader::File(reader), total_bytes: len });
                }
                (Box::new(f), len)
            }
        };
        Input::stream(source, total, lines)
    }

    /// Opens `source` for streaming (also used when a file cannot be mapped).
    fn stream(source: Box<dyn Read + Send>, total: Option<u64>, lines: usize) -> Result<Input> {
        let mut raw = BufReader::with_capacity(1 << 20, source);
        let kind = Compression::sniff(raw.fill_buf().context("cannot read input")?);
        let total = if kind == Compression::None { total } else { None };
        let source: Box<dyn Read + Send> = match kind {
            Compression::None => Box::new(raw),
            Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
            Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(raw)),
        };
        let (tx, chunks) = sync_channel::<Vec<Chunk>>(2);
        let (spare, spares) = channel::<Chunk>();
        let wanted = Arc::new(AtomicUsize::new(lines));
        let want = Arc::clone(&wanted);
        let cap = lines;
        let thread = std::thread::spawn(move || -> Result<()> {
            let mut r = BufReader::with_capacity(1 << 20, source);
            let mut split = Splitter::new(lines);
            let mut bytes_read = 0u64;
            let mut batch = Vec::with_capacity(BATCH);
            loop {
                // The consumers size the chunks to the time their lines take.
                let lines = want.load(Ordering::Relaxed).clamp(1, cap);
                split.max = lines;
                // A chunk the consumer is done with, or a new one: the buffers are not
                // allocated (and their pages not faulted in) again for every chunk.
                let mut chunk = spares.try_recv().unwrap_or_else(|_| Chunk::new(lines));
                chunk.clear();
                let mut error = None;
                let mut end = false;
                while chunk.len() < lines {
                    let block = match r.fill_buf() {
                        Ok([]) => {
                            split.finish(&mut chunk);
                            end = true;
                            break;
                        }
                        Ok(block) => block,
                        Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                        Err(e) => {
                            // Keep what was decoded before the damage, the partial line too
                            // (it is reported as a bad line, so it does not vanish).
                            split.finish(&mut chunk);
                            error = Some(e);
                            break;
                        }
                    };
                    let used = split.feed(block, &mut chunk);
                    r.consume(used);
                    bytes_read += used as u64;
                }
                let done = error.is_some() || end;
                chunk.bytes_read = bytes_read;
                if chunk.len() > 0 {
                    batch.push(chunk);
                }
                if (batch.len() == BATCH || done) && !batch.is_empty() {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                    if tx.send(full).is_err() {
                        return Ok(());
                    }
                }
                if let Some(e) = error {
                    return Err(anyhow::Error::new(e)
                        .context(format!("cannot read input after line {}", split.number)));
                }
                if done {
                    return Ok(());
                }
            }
        });
        let reader = Reader::Streamed { chunks, queue: VecDeque::new(), spare, thread, wanted };
        Ok(Input { reader, total_bytes: total })
    }
}

/// Reads a regular file on the solving threads: each chunk is one `read` of about
/// `bytes` bytes into the chunk's own buffer, cut into lines in place; the unfinished line at
/// its end opens the next chunk.
pub struct FileReader {
    file: File,
    /// The file's size when opened (only sizes the chunks; reading goes on to the real end).
    size: u64,
    /// Bytes read so far.
    read: u64,
    /// The number of the last line handed out.
    number: usize,
    /// Bytes per chunk.
    bytes: usize,
    /// Written chunks, for reuse.
    spare: Vec<Chunk>,
    /// The unfinished line at the end of the last chunk.
    carry: Vec<u8>,
    /// The file is read to its end (or to a read error).
    end: bool,
    error: Option<std::io::Error>,
}

impl FileReader {
    /// Reads `file` (`size` bytes long when opened) in chunks of about `bytes` bytes.
    fn new(file: File, size: u64, bytes: usize) -> FileReader {
        FileReader {
            file,
            size,
            read: 0,
            number: 0,
            bytes: bytes.max(1),
            spare: Vec::new(),
            carry: Vec::new(),
            end: false,
            error: None,
        }
    }

    fn next_chunk(&mut self, workers: usize, max_lines: usize) -> Option<Chunk> {
        if self.end && self.carry.is_empty() {
            return None;
        }
        let mut chunk = self.spare.pop().unwrap_or_else(|| Chunk::new(0));
        chunk.spans.clear();
        // The buffer keeps its length from chunk to chunk (no zeroing); only `..filled` counts.
        let mut filled = self.carry.len();
        grow(&mut chunk.buf, filled);
        chunk.buf[..filled].copy_from_slice(&self.carry);
        self.carry.clear();
        // Near the end, smaller chunks, so the workers finish together.
        let left = self.size.saturating_sub(self.read) as usize;
        // A chunk of at most `max_lines` lines reads little more than they take (an 81-character
        // line and its ending), so what is left over for the next chunk stays small.
        let cap = max_lines.saturating_mul(PLAIN + 3).max(PLAIN + 3);
        let mut want = self.bytes.min((left / (4 * workers.max(1))).max(4096)).min(cap).max(1);
        let mut at = 0;
        loop {
            if !self.end {
                grow(&mut chunk.buf, filled + want);
                let n = self.fill(&mut chunk.buf[filled..filled + want]);
                filled += n;
                self.read += n as u64;
            }
            let data = &chunk.buf[..filled];
            cut(data, &mut at, &mut self.number, &mut chunk.spans, max_lines.max(1), self.end);
            if !chunk.spans.is_empty() || self.end {
                break;
            }
            // A line longer than the buffer: read on.
            want = want.max(filled);
        }
        self.carry.extend_from_slice(&chunk.buf[at..filled]);
        chunk.bytes_read = self.read - self.carry.len() as u64;
        if chunk.spans.is_empty() {
            self.spare.push(chunk);
            return None;
        }
        Some(chunk)
    }

    /// Reads until `buf` is full or the file ends (then, or after a read error, `end` is set).
    fn fill(&mut self, buf: &mut [u8]) -> usize {
        let mut n = 0;
        while n < buf.len() {
            match self.file.read(&mut buf[n..]) {
                Ok(0) => {
                    self.end = true;
                    break;
                }
                Ok(k) => n += k,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => {
                    // Keep what was read, the partial line too (it is reported as a bad line,
                    // so it does not vanish); the error comes after the summary.
                    self.error = Some(e);
                    self.end = true;
                    break;
                }
            }
        }
        n
    }
}

/// Makes `buf` at least `len` bytes long.
fn grow(buf: &mut Vec<u8>, len: usize) {
    if buf.len() < len {
        buf.resize(len, 0);
    }
}

impl Reader {
    /// The next chunk (`None` at the end of the input). `workers` is the number of threads
    /// sharing the chunks: near the end of a file the chunks get smaller, so the threads
    /// finish together.
    #[cfg(test)]
    pub fn next_chunk(&mut self, workers: usize) -> Option<Chunk> {
        self.next_chunk_at_most(workers, usize::MAX)
    }

    /// The next chunk of at most `max_lines` lines (a streamed input applies the
    /// limit to the chunks its reader thread cuts from now on).
    pub fn next_chunk_at_most(&mut self, workers: usize, max_lines: usize) -> Option<Chunk> {
        match self {
            Reader::File(f) => f.next_chunk(workers, max_lines),
            Reader::Streamed { chunks, queue, wanted, .. } => {
                wanted.store(max_lines, Ordering::Relaxed);
                if queue.is_empty() {
                    queue.extend(chunks.recv().ok()?);
                }
                queue.pop_front()
            }
        }
    }

    /// Takes back a chunk whose results are written, for reuse.
    pub fn recycle(&mut self, chunk: Chunk) {
        match self {
            Reader::File(f) => f.spare.push(chunk),
            // The reader thread may be gone (end of input): then the chunk is just dropped.
            Reader::Streamed { spare, .. } => {
                let _ = spare.send(chunk);
            }
        }
    }

    /// Waits for the reader thread (if any) and reports a read error.
    pub fn finish(self) -> Result<()> {
        match self {
            Reader::File(f) => match f.error {
                None => Ok(()),
                Some(e) => Err(anyhow::Error::new(e)
                    .context(format!("cannot read input after line {}", f.number))),
            },
            Reader::Streamed { chunks, thread, .. } => {
                drop(chunks);
                thread.join().map_err(|_| anyhow::anyhow!("input reader panicked"))?
            }
        }
    }
}

#[cfg(test)]
#[path = "input_tests.rs"]
mod tests;
