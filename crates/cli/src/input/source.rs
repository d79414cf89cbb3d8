//! What the bulk commands read: the [`Source`] (a file or standard input, the format option and
//! the CSV column), the line layout detected from the first puzzle line, and the compression
//! detected from the first bytes. Reading and cutting into chunks is the parent module's.

use super::Chunk;
use anyhow::{Context, Result};
use bitdoku_bitboard::{ColumnError, Fields};
use std::fs::File;
use std::io::{ErrorKind, Read};
use std::path::Path;

/// How the input is compressed, from its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Compression {
    None,
    Gzip,
    Xz,
}

impl Compression {
    pub(super) fn sniff(head: &[u8]) -> Compression {
        if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
            Compression::Xz
        } else {
            Compression::None
        }
    }
}

/// Where the bulk commands read from, and how to find the puzzle in each line.
#[derive(Clone, Debug, Default)]
pub struct Source {
    /// The file; `None` or `-` for standard input.
    pub path: Option<std::path::PathBuf>,
    /// The format (`--input-format`): detected from the first line by default.
    pub format: bitdoku_bitboard::InputFormat,
    /// The CSV column holding the puzzle (`--column`): a header name or a 1-based number.
    pub column: Option<String>,
}

impl Source {
    /// A file (or standard input) in a detected format.
    pub fn auto(path: Option<&Path>) -> Source {
        Source { path: path.map(Path::to_path_buf), ..Source::default() }
    }

    /// The input's layout from the first line of `chunk` that is not blank or a comment; `None`
    /// when the chunk has no such line (the next chunk decides).
    pub fn layout(&self, chunk: &Chunk) -> Result<Option<Fields>, ColumnError> {
        let first = (0..chunk.len())
            .map(|i| chunk.line(i))
            .find(|line| !bitdoku_bitboard::is_blank_or_comment(line.bytes));
        match first {
            Some(line) => {
                Fields::detect(line.bytes, line.number, self.format, self.column.as_deref())
                    .map(Some)
            }
            None => Ok(None),
        }
    }
}

/// Whether a regular file starts like gzip or xz (then it is streamed); rewinds it.
pub(super) fn compressed_file(file: &mut File) -> Result<bool> {
    use std::io::Seek;
    let mut head = [0u8; 6];
    let mut n = 0;
    while n < head.len() {
        match file.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(anyhow::Error::new(e).context("cannot read input")),
        }
    }
    file.rewind().context("cannot read input")?;
    Ok(Compression::sniff(&head[..n]) != Compression::None)
}
