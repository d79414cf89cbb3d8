//! Streaming input: lines are read in chunks (memory stays flat whatever the file size), each
//! with its 1-based line number, on a reader thread that runs ahead of the solver by at most
//! two chunks. Gzip and xz input (files or standard input) is recognised by its magic bytes
//! and decompressed on the fly.

use anyhow::{Context, Result};
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::sync::mpsc::{Receiver, sync_channel};
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
    /// The text without its line ending (lossily decoded: invalid UTF-8 becomes U+FFFD and
    /// is reported by the parser; valid text is borrowed, not copied).
    pub text: Cow<'a, str>,
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
        Line { number, text: String::from_utf8_lossy(&self.buf[start..end]) }
    }

    fn push(&mut self, number: usize, text: &[u8]) {
        self.buf.extend_from_slice(text);
        self.ends.push((number, self.buf.len()));
    }
}

/// Splits one `read_until(b'\n')` piece into lines and appends them with their numbers.
///
/// Line endings: `\n`, `\r\n` and a lone `\r` (old Mac files) all end a line. A UTF-8 byte
/// order mark at the start of the input is dropped. The text is decoded lossily when a line is
/// read: invalid UTF-8 becomes U+FFFD, which the parser reports as a bad character of that line
/// only.
fn push_lines(piece: &[u8], number: &mut usize, chunk: &mut Chunk) {
    let mut body = piece.strip_suffix(b"\n").unwrap_or(piece);
    body = body.strip_suffix(b"\r").unwrap_or(body);
    if *number == 0 {
        body = body.strip_prefix(b"\xef\xbb\xbf").unwrap_or(body);
    }
    for part in body.split(|&b| b == b'\r') {
        *number += 1;
        chunk.push(*number, part);
    }
}

/// An input opened for streaming.
pub struct Input {
    /// Chunks in input order; the channel closes at the end (or after an error).
    pub chunks: Receiver<Chunk>,
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
        let reader = std::thread::spawn(move || -> Result<()> {
            let mut r = BufReader::with_capacity(1 << 20, source);
            let mut buf = Vec::with_capacity(1024);
            let mut number = 0usize;
            let mut bytes_read = 0u64;
            loop {
                let mut chunk = Chunk::new();
                let mut error = None;
                while chunk.len() < CHUNK_LINES {
                    buf.clear();
                    match r.read_until(b'\n', &mut buf) {
                        Ok(0) => break,
                        Ok(n) => {
                            bytes_read += n as u64;
                            push_lines(&buf, &mut number, &mut chunk);
                        }
                        Err(e) => {
                            // Keep what was decoded before the damage, the partial line too
                            // (it is reported as a bad line, so it does not vanish).
                            if !buf.is_empty() {
                                push_lines(&buf, &mut number, &mut chunk);
                            }
                            error = Some(e);
                            break;
                        }
                    }
                }
                let done = error.is_some() || chunk.len() < CHUNK_LINES;
                chunk.bytes_read = bytes_read;
                if chunk.len() > 0 && tx.send(chunk).is_err() {
                    return Ok(());
                }
                if let Some(e) = error {
                    return Err(anyhow::Error::new(e)
                        .context(format!("cannot read input after line {number}")));
                }
                if done {
                    return Ok(());
                }
            }
        });
        Ok(Input { chunks: rx, total_bytes: total, reader })
    }

    /// Waits for the reader thread and reports a read error.
    pub fn finish(self) -> Result<()> {
        drop(self.chunks);
        self.reader.join().map_err(|_| anyhow::anyhow!("input reader panicked"))?
    }
}
