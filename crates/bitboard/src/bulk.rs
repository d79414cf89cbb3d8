//! Raw puzzle records for bulk reading and benchmarks, cast to and from bytes with `bytemuck`.
//!
//! A corpus file of 81-character lines with LF endings is an array of 82-byte [`LineRecord`]s;
//! when a file has exactly that shape, [`line_records`] views it as records without copying,
//! and the hot loop of a benchmark parses with [`PackedPuzzle::from_record`] (no UTF-8 check,
//! no allocation). Any other file shape falls back to the line parser.

use bytemuck::{Pod, Zeroable};

/// One `81 characters + '\n'` line of a corpus file, as bytes.
#[derive(Clone, Copy, Pod, Zeroable, Debug)]
#[repr(C)]
pub struct LineRecord {
    /// The 81 puzzle characters.
    pub cells: [u8; 81],
    /// The line end, `b'\n'` in a well-formed file.
    pub newline: u8,
}

/// A puzzle as 81 values (0 = empty, 1..=9): the compact form benches keep in memory.
#[derive(Clone, Copy, Pod, Zeroable, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct PackedPuzzle(pub [u8; 81]);

impl PackedPuzzle {
    /// Decodes a record, or `None` when a character is not a digit or an empty marker.
    #[must_use]
    pub fn from_record(record: &LineRecord) -> Option<PackedPuzzle> {
        let mut out = [0u8; 81];
        for (o, &b) in out.iter_mut().zip(&record.cells) {
            *o = match b {
                b'1'..=b'9' => b - b'0',
                b'.' | b'0' | b'_' | b'*' | b'-' => 0,
                _ => return None,
            };
        }
        Some(PackedPuzzle(out))
    }
}

/// Views `bytes` as line records when the file is a whole number of 82-byte lines that all end
/// in `'\n'`; `None` otherwise (the caller then parses line by line).
#[must_use]
pub fn line_records(bytes: &[u8]) -> Option<&[LineRecord]> {
    let records: &[LineRecord] = bytemuck::try_cast_slice(bytes).ok()?;
    records.iter().all(|r| r.newline == b'\n').then_some(records)
}

/// The bytes of packed puzzles, e.g. to write a binary cache of a corpus.
#[must_use]
pub fn packed_bytes(puzzles: &[PackedPuzzle]) -> &[u8] {
    bytemuck::cast_slice(puzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let file = line.repeat(3);
        let recs = line_records(file.as_bytes()).unwrap();
        assert_eq!(recs.len(), 3);
        let p = PackedPuzzle::from_record(&recs[2]).unwrap();
        assert_eq!(p.0[0], 4);
        assert_eq!(packed_bytes(&[p]).len(), 81);
        assert!(line_records(&file.as_bytes()[1..]).is_none());
        let crlf = file.replace('\n', "\r\n");
        assert!(line_records(crlf.as_bytes()).is_none());
    }
}
