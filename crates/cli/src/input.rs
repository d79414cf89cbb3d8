//! Streaming input: lines are read in chunks (memory stays flat whatever the file size), each
//! with its 1-based line number, on a reader thread that runs ahead of the solver by at most
//! two chunks. Gzip and xz input (files or standard input) is recognised by its magic bytes
//! and decompressed on the fly.

use anyhow::{Context, Result};
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind, Read};
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender, channel, sync_channel};
use std::thread::JoinHandle;

/// How the input is compressed, from its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Compression {
    None,
    Gzip,
    Xz,
}

impl Compression {
    fn sniff(head: &[u8]) -> Compression {
        if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
            Compression::Xz
        } else {
            Compression::None
        }
    }
}

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

/// A chunk of lines plus how many bytes of input were consumed so far (for progress). The
/// lines' bytes sit in one buffer (no allocation per line).
pub struct Chunk {
    /// The lines' texts, one after the other.
    buf: Vec<u8>,
    /// Per line: its number and the end of its text in `buf` (it starts where the previous
    /// one ends).
    ends: Vec<(usize, usize)>,
    pub bytes_read: u64,
}

impl Chunk {
    fn new() -> Chunk {
        Chunk {
            buf: Vec::with_capacity(CHUNK_LINES * 84),
            ends: Vec::with_capacity(CHUNK_LINES),
            bytes_read: 0,
        }
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Line `i` (0-based within the chunk).
    pub fn line(&self, i: usize) -> Line<'_> {
        let start = if i == 0 { 0 } else { self.ends[i - 1].1 };
        let (number, end) = self.ends[i];
        Line { number, bytes: &self.buf[start..end] }
    }

    /// The chunk emptied for reuse (its buffers keep their memory).
    fn cleared(mut self) -> Chunk {
        self.buf.clear();
        self.ends.clear();
        self.bytes_read = 0;
        self
    }

    fn push(&mut self, number: usize, text: &[u8]) {
        self.buf.extend_from_slice(text);
        self.ends.push((number, self.buf.len()));
    }
}

/// Cuts the input into lines, block by block (the blocks of the reader's buffer, so the bytes
/// are scanned once and copied once, into the chunk).
///
/// Line endings: `\n`, `\r\n` and a lone `\r` (old Mac files) all end a line; a last line
/// without an ending is a line too. A UTF-8 byte order mark at the start of the input is
/// dropped. The bytes are kept as they are; a line is decoded (lossily) only when it is parsed
/// as text ([`Line::text`]).
#[derive(Default)]
struct Splitter {
    /// Lines so far (the number of the last line).
    number: usize,
    /// The start of a line that an earlier block began.
    carry: Vec<u8>,
    /// The last block ended with `\r`: a `\n` opening the next block belongs to it.
    skip_lf: bool,
}

impl Splitter {
    /// Adds the lines `block` ends to `chunk` until the chunk is full; keeps an unfinished
    /// last line for the next block. Returns how many bytes of `block` it used.
    fn feed(&mut self, block: &[u8], chunk: &mut Chunk) -> usize {
        let mut at = 0;
        if std::mem::take(&mut self.skip_lf) && block.first() == Some(&b'\n') {
            at = 1;
        }
        while chunk.len() < CHUNK_LINES {
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
            text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
        }
        self.number += 1;
        chunk.push(self.number, text);
        self.carry.clear();
    }
}

/// An input opened for streaming.
pub struct Input {
    /// Chunks in input order; the channel closes at the end (or after an error).
    pub chunks: Receiver<Chunk>,
    /// Chunks handed back for reuse ([`Input::recycle`]).
    spare: Sender<Chunk>,
    /// Total bytes when known (a regular file).
    pub total_bytes: Option<u64>,
    reader: JoinHandle<Result<()>>,
}

/// Lines per chunk: big enough to keep every worker busy, small enough for flat memory.
pub const CHUNK_LINES: usize = 8192;

impl Input {
    /// Opens `path` (`None` or `-` = standard input).
    pub fn open(path: Option<&Path>) -> Result<Input> {
        let (source, total): (Box<dyn Read + Send>, Option<u64>) = match path {
            None => (Box::new(std::io::stdin()), None),
            Some(p) if p.as_os_str() == "-" => (Box::new(std::io::stdin()), None),
            Some(p) => {
                let f = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
                let len = f.metadata().ok().map(|m| m.len());
                (Box::new(f), len)
            }
        };
        let mut raw = BufReader::with_capacity(1 << 20, source);
        let kind = Compression::sniff(raw.fill_buf().context("cannot read input")?);
        let total = if kind == Compression::None { total } else { None };
        let source: Box<dyn Read + Send> = match kind {
            Compression::None => Box::new(raw),
            Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
            Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(raw)),
        };
        let (tx, rx) = sync_channel::<Chunk>(2);
        let (spare, spares) = channel::<Chunk>();
        let reader = std::thread::spawn(move || -> Result<()> {
            let mut r = BufReader::with_capacity(1 << 20, source);
            let mut split = Splitter::default();
            let mut bytes_read = 0u64;
            loop {
                // A chunk the consumer is done with, or a new one: the buffers are not
                // allocated (and their pages not faulted in) again for every chunk.
                let mut chunk = spares.try_recv().map_or_else(|_| Chunk::new(), Chunk::cleared);
                let mut error = None;
                let mut end = false;
                while chunk.len() < CHUNK_LINES {
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
                if chunk.len() > 0 && tx.send(chunk).is_err() {
                    return Ok(());
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
        Ok(Input { chunks: rx, spare, total_bytes: total, reader })
    }

    /// Hands a processed chunk back to the reader for reuse.
    pub fn recycle(&self, chunk: Chunk) {
        // The reader may be gone (end of input): then the chunk is just dropped.
        let _ = self.spare.send(chunk);
    }

    /// Waits for the reader thread and reports a read error.
    pub fn finish(self) -> Result<()> {
        drop(self.chunks);
        self.reader.join().map_err(|_| anyhow::anyhow!("input reader panicked"))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines as the reader cut them before (one `read_until(b'\n')` piece at a time, each
    /// piece's body split at `\r`): the reference for [`Splitter`].
    fn reference(data: &[u8]) -> Vec<(usize, Vec<u8>)> {
        let mut lines = Vec::new();
        for piece in data.split_inclusive(|&b| b == b'\n') {
            let mut body = piece.strip_suffix(b"\n").unwrap_or(piece);
            body = body.strip_suffix(b"\r").unwrap_or(body);
            if lines.is_empty() {
                body = body.strip_prefix(b"\xef\xbb\xbf").unwrap_or(body);
            }
            for part in body.split(|&b| b == b'\r') {
                lines.push((lines.len() + 1, part.to_vec()));
            }
        }
        lines
    }

    /// The splitter's lines when the input arrives in blocks of the given sizes.
    fn split(data: &[u8], sizes: &mut impl FnMut() -> usize) -> Vec<(usize, Vec<u8>)> {
        let (mut s, mut chunk) = (Splitter::default(), Chunk::new());
        let mut at = 0;
        while at < data.len() {
            let end = (at + sizes()).min(data.len());
            let mut block = &data[at..end];
            // A full chunk stops early: feed the rest again, as the reader does.
            while !block.is_empty() {
                let used = s.feed(block, &mut chunk);
                block = &block[used..];
            }
            at = end;
        }
        s.finish(&mut chunk);
        (0..chunk.len())
            .map(|i| {
                let line = chunk.line(i);
                (line.number, line.bytes.to_vec())
            })
            .collect()
    }

    #[test]
    fn block_splitting_cuts_lines_as_read_until_did() {
        let mut rng = fastrand::Rng::with_seed(1);
        let alphabet: &[&[u8]] =
            &[b"a", b"5", b"\r", b"\n", b"\r\n", b"\xef\xbb\xbf", b"\xef", b"\xff"];
        for case in 0..20_000 {
            let data: Vec<u8> = (0..rng.usize(..24))
                .flat_map(|_| alphabet[rng.usize(..alphabet.len())].iter().copied())
                .collect();
            let max = 1 + case % 9;
            let got = split(&data, &mut || rng.usize(1..=max));
            assert_eq!(got, reference(&data), "{data:?}");
        }
        // Full chunks: the lines go on in the next chunk with the right numbers.
        let data = "x\r\n".repeat(CHUNK_LINES + 5);
        let (mut s, mut chunk) = (Splitter::default(), Chunk::new());
        let used = s.feed(data.as_bytes(), &mut chunk);
        assert_eq!((chunk.len(), used), (CHUNK_LINES, 3 * CHUNK_LINES));
        let mut next = Chunk::new();
        assert_eq!(s.feed(&data.as_bytes()[used..], &mut next), 15);
        assert_eq!((next.len(), next.line(0).number), (5, CHUNK_LINES + 1));
    }
}
