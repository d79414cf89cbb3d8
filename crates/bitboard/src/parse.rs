//! Parsing of puzzle lines: 81-character lines (any empty marker, trailing text ignored) and
//! 729-character candidate grids, with typed errors that carry the line and the column.
//!
//! The rules, from the project's interface contract:
//! - blank lines and lines starting with `#` are not puzzles (`Ok(None)`);
//! - 81 puzzle characters (`1`-`9`, or one of `. 0 _ * -` for an empty cell), then either the
//!   end of the line or a separator (whitespace, `:` or `#`) followed by anything;
//! - or 729 candidate characters: cell by cell, position `i` of a cell holds digit `i + 1`
//!   when that candidate is present and `.` or `0` when it is not;
//! - a trailing `\r` (CRLF files) is ignored.

use crate::Candidates;
use crate::cellset::CellSet;
use crate::index::{Cell, House};
use std::fmt;

/// What a parsed line holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// An 81-cell puzzle: 0 for an empty cell, 1..=9 for a given.
    Givens([u8; 81]),
    /// A 729-character pencilmark grid: no givens, `masks[d]` = cells where digit `d` is possible.
    Grid([CellSet; 9]),
}

impl Puzzle {
    /// The starting candidate state.
    pub fn candidates(&self) -> Candidates {
        match self {
            Puzzle::Givens(values) => Candidates::from_values(values),
            Puzzle::Grid(masks) => Candidates::from_masks(*masks),
        }
    }

    /// The puzzle as an 81-character line (`.` for empty; a grid prints `.` everywhere).
    #[must_use]
    pub fn to_line(&self) -> String {
        match self {
            Puzzle::Givens(values) => {
                values.iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect()
            }
            Puzzle::Grid(masks) => crate::print::to_candidate_line(&Candidates::from_masks(*masks)),
        }
    }
}

/// Why a line is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The puzzle part is neither 81 nor 729 characters long.
    WrongLength {
        /// How many puzzle characters were found.
        found: usize,
    },
    /// A character that is not allowed at this position (1-based column, in characters).
    BadCharacter {
        /// 1-based column.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A given digit is repeated in a house.
    DuplicateDigit {
        /// The digit, 1..=9.
        digit: u8,
        /// The house holding it twice.
        house: House,
    },
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::WrongLength { found } => {
                write!(f, "wrong length: {found} puzzle characters, expected 81 or 729")
            }
            ParseErrorKind::BadCharacter { column, found } => {
                write!(f, "bad character {found:?} at column {column}")
            }
            ParseErrorKind::DuplicateDigit { digit, house } => {
                write!(f, "digit {digit} repeated in {house}")
            }
        }
    }
}

/// A parse error with the 1-based line number it was found on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for ParseError {}

pub(crate) fn is_empty_marker(b: u8) -> bool {
    matches!(b, b'.' | b'0' | b'_' | b'*' | b'-')
}

fn is_puzzle_char(b: u8) -> bool {
    b.is_ascii_digit() || is_empty_marker(b)
}

pub(crate) fn is_separator(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b':' || b == b'#'
}

/// 1-based character column of byte offset `at` in `line`.
fn column_of(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// Parses one line. `Ok(None)` for a blank or comment line.
pub fn parse_line(line: &str) -> Result<Option<Puzzle>, ParseErrorKind> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let trimmed = line.trim_start();
    if trimmed.trim_end().is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let offset = line.len() - trimmed.len();
    let bytes = trimmed.as_bytes();
    let run = bytes.iter().take_while(|&&b| is_puzzle_char(b)).count();
    let ends_cleanly = run == bytes.len() || is_separator(bytes[run]);
    if !ends_cleanly {
        // A byte that is neither a puzzle character nor a separator: report its column
        // (inside a multi-byte character, step back to the character's start).
        let mut at = offset + run;
        while !line.is_char_boundary(at) {
            at -= 1;
        }
        let found = line[at..].chars().next().unwrap_or('?');
        return Err(ParseErrorKind::BadCharacter { column: column_of(line, at), found });
    }
    match run {
        81 => parse_givens(&bytes[..81]).map(Some),
        729 => parse_grid(&bytes[..729], |i| column_of(line, offset + i)).map(Some),
        _ => Err(ParseErrorKind::WrongLength { found: run }),
    }
}

/// Parses one line and attaches the 1-based line number to an error.
pub fn parse_line_at(line: &str, line_number: usize) -> Result<Option<Puzzle>, ParseError> {
    parse_line(line).map_err(|kind| ParseError { line: line_number, kind })
}

fn parse_givens(bytes: &[u8]) -> Result<Puzzle, ParseErrorKind> {
    let mut values = [0u8; 81];
    for (i, &b) in bytes.iter().enumerate() {
        values[i] = if is_empty_marker(b) { 0 } else { b - b'0' };
    }
    // The bulk scan accepts exactly the lines without a repeated digit (tested against this
    // parser) and is several times cheaper than the per-cell check, which runs only for the
    // lines it turns down, to name the house.
    if crate::quick::quick_search_masks(bytes).is_none() {
        check_duplicates(&values)?;
    }
    Ok(Puzzle::Givens(values))
}

/// Whether some digit repeats in a house: one branch-free pass keeping a 9-bit "seen" mask per
/// row, column and box (value `v` is bit `v`; an empty cell's bit 0 is masked out), so the
/// unpredictable "is this cell empty" branch of the per-house loop is gone. On a clash, the
/// per-house loop below names the first house in `House::all()` order, as before. Measured
/// on the bulk path: the per-house loop was ~1 us of the ~1.2 us per line (PERFORMANCE.md).
fn check_duplicates(values: &[u8; 81]) -> Result<(), ParseErrorKind> {
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    let mut clash = 0u16;
    for (i, &v) in values.iter().enumerate() {
        let bit = (1u16 << v) & !1;
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        clash |= (rows[r] | cols[c] | boxes[b]) & bit;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    if clash == 0 { Ok(()) } else { first_duplicate(values) }
}

/// The first repeated digit, house by house (the error message's house).
fn first_duplicate(values: &[u8; 81]) -> Result<(), ParseErrorKind> {
    for house in House::all() {
        let mut seen = 0u16;
        for cell in house.cells() {
            let v = values[cell.index()];
            if v == 0 {
                continue;
            }
            if seen >> v & 1 == 1 {
                return Err(ParseErrorKind::DuplicateDigit { digit: v, house });
            }
            seen |= 1 << v;
        }
    }
    Ok(())
}

fn parse_grid(bytes: &[u8], column: impl Fn(usize) -> usize) -> Result<Puzzle, ParseErrorKind> {
    let mut masks = [CellSet::EMPTY; 9];
    for (i, &b) in bytes.iter().enumerate() {
        let (cell, pos) = (i / 9, i % 9);
        match b {
            b'.' | b'0' => {}
            _ if b == b'1' + pos as u8 => {
                masks[pos].insert(Cell::new_unchecked(cell as u8));
            }
            _ => return Err(ParseErrorKind::BadCharacter { column: column(i), found: b as char }),
        }
    }
    Ok(Puzzle::Grid(masks))
}

#[cfg(test)]
mod tests {

    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The one-pass duplicate check agrees with the per-house loop on every kind of grid:
    /// valid ones, and ones with a digit copied into random cells.
    #[test]
    fn one_pass_duplicate_check_agrees_with_the_house_loop() {
        let Puzzle::Givens(base) = parse_givens(P.as_bytes()).unwrap() else { panic!() };
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..20_000 {
            let mut v = base;
            for _ in 0..rng.usize(..4) {
                v[rng.usize(..81)] = rng.u8(..10);
            }
            assert_eq!(check_duplicates(&v), first_duplicate(&v), "{v:?}");
        }
    }

    #[test]
    fn every_empty_marker() {
        for m in ['.', '0', '_', '*', '-'] {
            let line = P.replace('.', &m.to_string());
            let Some(Puzzle::Givens(v)) = parse_line(&line).unwrap() else { panic!() };
            assert_eq!(v[0], 4);
            assert_eq!(v[1], 0);
            assert_eq!(v.iter().filter(|&&x| x != 0).count(), 17);
        }
    }

    #[test]
    fn trailing_text_and_crlf() {
        for suffix in ["\r", "\r\n", " 7.2 ED", "\t#12", ":1:foo", "#x", "   "] {
            let line = format!("{P}{suffix}");
            assert!(matches!(parse_line(&line), Ok(Some(Puzzle::Givens(_)))), "{suffix:?}");
        }
    }

    #[test]
    fn blank_and_comment_lines() {
        for line in ["", "   ", "\r", "# comment", "  # indented comment", "\t\r\n"] {
            assert_eq!(parse_line(line), Ok(None), "{line:?}");
        }
    }

    #[test]
    fn wrong_length() {
        assert_eq!(parse_line(&P[..80]), Err(ParseErrorKind::WrongLength { found: 80 }));
        assert_eq!(parse_line(&format!("{P}1")), Err(ParseErrorKind::WrongLength { found: 82 }));
        assert_eq!(
            parse_line(&format!("{} rest", &P[..40])),
            Err(ParseErrorKind::WrongLength { found: 40 })
        );
    }

    #[test]
    fn bad_character_names_column() {
        let mut line = P.to_string();
        line.replace_range(9..10, "x");
        assert_eq!(parse_line(&line), Err(ParseErrorKind::BadCharacter { column: 10, found: 'x' }));
        let mut line = P.to_string();
        line.replace_range(0..1, "é");
        assert_eq!(parse_line(&line), Err(ParseErrorKind::BadCharacter { column: 1, found: 'é' }));
        // Leading whitespace is skipped but columns stay those of the raw line.
        let line = format!("  {}", P.replacen('5', "y", 1));
        assert_eq!(parse_line(&line), Err(ParseErrorKind::BadCharacter { column: 11, found: 'y' }));
    }

    #[test]
    fn duplicate_digit_names_house() {
        let line = format!("44{}", &P[2..]);
        assert_eq!(
            parse_line(&line),
            Err(ParseErrorKind::DuplicateDigit { digit: 4, house: House::row(0) })
        );
        let err = parse_line_at(&line, 7).unwrap_err();
        assert_eq!(err.to_string(), "line 7: digit 4 repeated in r1");
    }

    #[test]
    fn candidate_grid_729() {
        let full = "123456789".repeat(81);
        let Some(Puzzle::Grid(m)) = parse_line(&full).unwrap() else { panic!() };
        assert!(m.iter().all(|&x| x == CellSet::ALL));
        // Cell 0 keeps only 3 and 9, written with '0' and '.' as absent markers.
        let grid = format!("0.3.....9{}", "123456789".repeat(80));
        let Some(Puzzle::Grid(m)) = parse_line(&format!("{grid}\r\n")).unwrap() else { panic!() };
        let c0 = Cell::new(0).unwrap();
        let c = Candidates::from_masks(m);
        assert_eq!(c.digits_at(c0).to_string(), "39");
        assert_eq!(crate::to_candidate_line(&c), grid.replace('0', "."));
        // A digit in the wrong position is a bad character.
        let bad = format!("2........{}", "123456789".repeat(80));
        assert_eq!(parse_line(&bad), Err(ParseErrorKind::BadCharacter { column: 1, found: '2' }));
        let bad = format!("{}_{}", &full[..100], &full[101..]);
        assert_eq!(parse_line(&bad), Err(ParseErrorKind::BadCharacter { column: 101, found: '_' }));
    }

    #[test]
    fn never_panics_on_junk() {
        for line in ["\u{0}", "::::", "#", "1", "ü".repeat(100).as_str(), "\r\r"] {
            let _ = parse_line(line);
        }
    }
}
