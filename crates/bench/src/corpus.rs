//! Corpora: reading a puzzle file (or standard input), parsing it with the parse time measured
//! apart from any solving, and taking a deterministic sample.
//!
//! Fast path: a file of 82-byte `81 characters + LF` records is viewed in place as
//! [`LineRecord`](bitdoku_bitboard::bulk::LineRecord)s and decoded with
//! [`PackedPuzzle::from_record`](bitdoku_bitboard::bulk::PackedPuzzle::from_record) (no UTF-8
//! check, no allocation per line), then checked for repeated givens. Any other shape (CRLF,
//! trailing ratings, comments, 729-character candidate grids) goes through the line parser of
//! `bitdoku-bitboard`, which names the line and column of a bad line. A bad line is an error,
//! never skipped.

use crate::rng::sample_indices;
use anyhow::{Context, Result, bail};
use bitdoku_bitboard::bulk::{PackedPuzzle, line_records};
use bitdoku_bitboard::{Candidates, Puzzle, parse_line_at};
use std::io::Read;
use std::path::Path;
use std::time::Instant;

/// One puzzle of a corpus with the line it came from.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
}

impl Entry {
    /// The starting candidate state of the bitboard engine.
    #[must_use]
    pub fn candidates(&self) -> Candidates {
        self.puzzle.candidates()
    }

    /// The search masks of the brute-force solver (`masks[d]` bit `c`: digit `d + 1` possible
    /// in cell `c`; a given is a cell whose only candidate is its digit).
    #[must_use]
    pub fn search_masks(&self) -> [u128; 9] {
        match &self.puzzle {
            Puzzle::Givens(values) => bitdoku_brute::masks_from_values(values),
            Puzzle::Grid(masks) => std::array::from_fn(|d| masks[d].bits()),
        }
    }

    /// The puzzle as written back: 81 characters, or 729 for a candidate grid.
    #[must_use]
    pub fn to_line(&self) -> String {
        self.puzzle.to_line()
    }
}

/// A parsed (and possibly sampled) corpus.
#[derive(Clone, Debug)]
pub struct Corpus {
    /// Short name: the file stem (`stdin` for standard input).
    pub name: String,
    /// The path as given.
    pub path: String,
    /// Puzzles in the file (before sampling).
    pub total: usize,
    /// The puzzles kept, in file order.
    pub entries: Vec<Entry>,
    /// Seconds spent parsing the whole file (reading excluded).
    pub parse_seconds: f64,
    /// Whether the fast 82-byte record path was used.
    pub fast_path: bool,
    /// `Some((k, seed))` when a sample of `k` puzzles was taken.
    pub sample: Option<(usize, u64)>,
}

impl Corpus {
    /// Microseconds of parsing per puzzle of the file.
    #[must_use]
    pub fn parse_us_per_puzzle(&self) -> f64 {
        if self.total == 0 { 0.0 } else { self.parse_seconds * 1e6 / self.total as f64 }
    }

    /// A one-line description: name, sample, path.
    #[must_use]
    pub fn describe(&self) -> String {
        match self.sample {
            Some((k, seed)) if k < self.total => {
                format!(
                    "{} ({} of {} puzzles, sampled with seed {seed})",
                    self.path,
                    self.entries.len(),
                    self.total
                )
            }
            _ => format!("{} ({} puzzles)", self.path, self.total),
        }
    }
}

/// Reads `path` (`-` = standard input) and parses it; `sample` keeps a deterministic sample of
/// that many puzzles (drawn with `seed`).
pub fn load(path: &str, sample: Option<usize>, seed: u64) -> Result<Corpus> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf).context("reading standard input")?;
        buf
    } else {
        std::fs::read(path).with_context(|| format!("cannot read {path}"))?
    };
    let bytes = decompress(bytes).with_context(|| format!("cannot decompress {path}"))?;
    let name = if path == "-" {
        "stdin".to_string()
    } else {
        Path::new(path)
            .file_name()
            .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned())
            .trim_end_matches(".gz")
            .trim_end_matches(".xz")
            .trim_end_matches(".txt")
            .to_string()
    };
    let mut corpus = parse_bytes(&name, &bytes).with_context(|| {
        if path == "-" { "in standard input".to_string() } else { format!("in {path}") }
    })?;
    corpus.path = path.to_string();
    if let Some(k) = sample {
        let keep = sample_indices(corpus.entries.len(), k, seed);
        corpus.entries = keep.into_iter().map(|i| corpus.entries[i]).collect();
        corpus.sample = Some((k, seed));
    }
    Ok(corpus)
}

/// Reads `path` and splits it: a deterministic sample of `k` puzzles to search on, and up to
/// `k` other puzzles of the same file, never in that sample (named `<name>-heldout`), to check
/// the result on. The held-out part is `None` when the sample takes the whole file.
pub fn load_split(path: &str, k: usize, seed: u64) -> Result<(Corpus, Option<Corpus>)> {
    let whole = load(path, None, seed)?;
    let keep = sample_indices(whole.entries.len(), k, seed);
    let mut in_sample = vec![false; whole.entries.len()];
    for &i in &keep {
        in_sample[i] = true;
    }
    let rest: Vec<Entry> =
        whole.entries.iter().zip(&in_sample).filter(|(_, s)| !**s).map(|(e, _)| *e).collect();
    let mut train = whole.clone();
    train.entries = keep.into_iter().map(|i| whole.entries[i]).collect();
    train.sample = Some((k, seed));
    if rest.is_empty() {
        return Ok((train, None));
    }
    let pick = sample_indices(rest.len(), k, seed.wrapping_add(1));
    let mut held = whole;
    held.name = format!("{}-heldout", held.name);
    held.path = format!("{path} (held out: none of the search sample)");
    held.entries = pick.into_iter().map(|i| rest[i]).collect();
    held.sample = Some((k, seed.wrapping_add(1)));
    Ok((train, Some(held)))
}

/// The bytes themselves, or their gzip / xz decompression when they start with that format's
/// magic bytes (as `bitdoku` reads its input). Decompression is not part of the parse time.
pub fn decompress(bytes: Vec<u8>) -> Result<Vec<u8>> {
    use std::io::Read as _;
    let mut out = Vec::new();
    if bytes.starts_with(&[0x1f, 0x8b]) {
        flate2::read::MultiGzDecoder::new(&bytes[..]).read_to_end(&mut out)?;
    } else if bytes.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
        liblzma::read::XzDecoder::new_multi_decoder(&bytes[..]).read_to_end(&mut out)?;
    } else {
        return Ok(bytes);
    }
    Ok(out)
}

/// Parses a corpus held in memory (the parse time covers exactly this call).
pub fn parse_bytes(name: &str, bytes: &[u8]) -> Result<Corpus> {
    let started = Instant::now();
    let (entries, fast_path) = match fast_parse(bytes) {
        Some(entries) => (entries, true),
        None => (slow_parse(bytes)?, false),
    };
    let parse_seconds = started.elapsed().as_secs_f64();
    if entries.is_empty() {
        bail!("no puzzle found");
    }
    Ok(Corpus {
        name: name.to_string(),
        path: name.to_string(),
        total: entries.len(),
        entries,
        parse_seconds,
        fast_path,
        sample: None,
    })
}

/// The 82-byte record path; `None` when the file does not have that shape or a record is not
/// a clean puzzle (the line parser then reports the precise error).
fn fast_parse(bytes: &[u8]) -> Option<Vec<Entry>> {
    let records = line_records(bytes)?;
    let mut out = Vec::with_capacity(records.len());
    for (i, rec) in records.iter().enumerate() {
        let PackedPuzzle(values) = PackedPuzzle::from_record(rec)?;
        if repeats_a_digit(&values) {
            return None;
        }
        out.push(Entry { line: i + 1, puzzle: Puzzle::Givens(values) });
    }
    Some(out)
}

/// Whether a given digit appears twice in a row, column or box: one 9-bit "seen" mask per
/// house, as 27 `u16`s.
fn repeats_a_digit(values: &[u8; 81]) -> bool {
    let mut seen = [0u16; 27];
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let bit = 1u16 << v;
        let (r, c) = (i / 9, i % 9);
        for h in [r, 9 + c, 18 + r / 3 * 3 + c / 3] {
            if seen[h] & bit != 0 {
                return true;
            }
            seen[h] |= bit;
        }
    }
    false
}

fn slow_parse(bytes: &[u8]) -> Result<Vec<Entry>> {
    let text = std::str::from_utf8(bytes).context("the input is not UTF-8 text")?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(puzzle) = parse_line_at(line, i + 1)? {
            out.push(Entry { line: i + 1, puzzle });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_split_never_shares_a_line() {
        let path = std::env::temp_dir().join(format!("bench-split-{}.txt", std::process::id()));
        let text: String = (0..10).map(|_| format!("{P}\n")).collect();
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        let (train, held) = load_split(&path, 4, 7).unwrap();
        let held = held.unwrap();
        assert_eq!((train.entries.len(), held.entries.len()), (4, 4));
        assert!(held.name.ends_with("-heldout"));
        assert!(train.entries.iter().all(|t| held.entries.iter().all(|h| h.line != t.line)));
        let (all, none) = load_split(&path, 10, 7).unwrap();
        assert_eq!(all.entries.len(), 10);
        assert!(none.is_none());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn fast_and_slow_paths_agree() {
        let clean = format!("{P}\n{P}\n");
        let fast = parse_bytes("x", clean.as_bytes()).unwrap();
        assert!(fast.fast_path);
        let messy = format!("# comment\r\n{P} 7.1\r\n\r\n{P}\r\n");
        let slow = parse_bytes("x", messy.as_bytes()).unwrap();
        assert!(!slow.fast_path);
        assert_eq!(fast.entries.len(), 2);
        assert_eq!(slow.entries.len(), 2);
        assert_eq!(slow.entries[0].line, 2);
        assert_eq!(fast.entries[1].to_line(), slow.entries[1].to_line());
    }

    #[test]
    fn bad_lines_are_errors_with_line_numbers() {
        let bad = format!("{P}\n{}\n", &P[..80]);
        let err = parse_bytes("x", bad.as_bytes()).unwrap_err();
        assert!(format!("{err:#}").contains("line 2"), "{err:#}");
        let dup = format!("{P}\n44{}\n", &P[2..]);
        let err = parse_bytes("x", dup.as_bytes()).unwrap_err();
        assert!(format!("{err:#}").contains("repeated"), "{err:#}");
        assert!(parse_bytes("x", b"\n# nothing\n").is_err());
    }

    #[test]
    fn gzip_and_xz_corpora_read_like_plain_ones() {
        use std::io::Write as _;
        let plain =
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
                .to_vec();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&plain).unwrap();
        let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 6);
        xz.write_all(&plain).unwrap();
        assert_eq!(decompress(gz.finish().unwrap()).unwrap(), plain);
        assert_eq!(decompress(xz.finish().unwrap()).unwrap(), plain);
        assert_eq!(decompress(plain.clone()).unwrap(), plain);
        assert!(decompress(vec![0x1f, 0x8b, 1, 2, 3]).is_err());
    }
}
