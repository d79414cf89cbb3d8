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

fn is_empty_marker(b: u8) -> bool {
    matches!(b, b'.' | b'0' | b'_' | b'*' | b'-')
}

fn is_puzzle_char(b: u8) -> bool {
    b.is_ascii_digit() || is_empty_marker(b)
}

fn is_separator(b: u8) -> bool {
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

/// The bulk path's shortcut: the brute-force search masks (as
/// [`Candidates::search_masks`](crate::Candidates::search_masks) of the parsed puzzle) of a
/// line that is exactly 81 puzzle characters, optionally followed by a separator and a comment,
/// with no digit repeated in a house; built in one pass without a [`Puzzle`] or candidate grid.
/// `None` for every other line (blank, comment, candidate grid, too short, bad character,
/// repeated digit): the caller then parses with [`parse_line_at`], which gives the same
/// puzzle or the error.
#[must_use]
pub fn quick_search_masks(line: &str) -> Option<[u128; 9]> {
    let bytes = line.as_bytes();
    if bytes.len() < 81 || (bytes.len() > 81 && !is_separator(bytes[81])) {
        return None;
    }
    // The givens by digit, then each digit's mask: its givens plus the empty cells none of
    // its givens sees.
    let givens = givens_by_digit(bytes[..81].try_into().expect("81 bytes"))?;
    let placed = givens.iter().fold(0, |a, &g| a | g);
    let open = crate::CellSet::ALL.bits() & !placed;
    let mut masks = [0u128; 9];
    for (d, m) in masks.iter_mut().enumerate() {
        let mut seen = 0u128;
        let mut rest = givens[d];
        while rest != 0 {
            seen |= crate::tables::PEERS[rest.trailing_zeros() as usize].bits();
            rest &= rest - 1;
        }
        if seen & givens[d] != 0 {
            return None; // a repeated digit
        }
        *m = (open & !seen) | givens[d];
    }
    Some(masks)
}

/// The cells of each digit among 81 puzzle characters (bit `i` = cell `i`), or `None` when a
/// character is neither a digit nor an empty marker. On x86-64 sixteen characters are compared
/// at a time (SSE2, part of the x86-64 baseline); elsewhere one at a time.
fn givens_by_digit(cells: &[u8; 81]) -> Option<[u128; 9]> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
            _mm_set1_epi8,
        };
        let mut buf = [b'.'; 96];
        buf[..81].copy_from_slice(cells);
        let mut givens = [0u128; 9];
        let mut valid = 0u128;
        // SAFETY: SSE2 is part of every x86-64 target; the loads read 16 bytes inside `buf`.
        unsafe {
            let markers = [b'.', b'0', b'_', b'*', b'-'].map(|m| _mm_set1_epi8(m as i8));
            for chunk in 0..6 {
                let v = _mm_loadu_si128(buf.as_ptr().add(chunk * 16).cast::<__m128i>());
                let mut any = markers.iter().fold(_mm_cmpeq_epi8(v, markers[0]), |acc, &m| {
                    _mm_or_si128(acc, _mm_cmpeq_epi8(v, m))
                });
                for (d, g) in givens.iter_mut().enumerate() {
                    let eq = _mm_cmpeq_epi8(v, _mm_set1_epi8((b'1' + d as u8) as i8));
                    any = _mm_or_si128(any, eq);
                    *g |= u128::from(_mm_movemask_epi8(eq) as u16) << (chunk * 16);
                }
                valid |= u128::from(_mm_movemask_epi8(any) as u16) << (chunk * 16);
            }
        }
        let all = crate::CellSet::ALL.bits();
        (valid & all == all).then_some(givens.map(|g| g & all))
    }
    #[cfg(not(target_arch = "x86_64"))]
    givens_by_digit_scalar(cells)
}

/// [`givens_by_digit`] one character at a time (the path of other architectures; tested
/// against the SSE2 one on x86-64).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn givens_by_digit_scalar(cells: &[u8; 81]) -> Option<[u128; 9]> {
    let mut givens = [0u128; 9];
    for (i, &b) in cells.iter().enumerate() {
        match b {
            b'1'..=b'9' => givens[(b - b'1') as usize] |= 1u128 << i,
            _ if is_empty_marker(b) => {}
            _ => return None,
        }
    }
    Some(givens)
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
    check_duplicates(&values)?;
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

    #[test]
    fn quick_masks_equal_the_parsed_puzzles_or_defer() {
        let corpus = include_str!("../../../datasets/generated_minimal_10k.txt");
        for line in corpus.lines().take(2000) {
            let quick = quick_search_masks(line).expect("plain line");
            let parsed = parse_line(line).unwrap().unwrap().candidates().search_masks();
            assert_eq!(quick, parsed, "{line}");
        }
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let with_comment = format!("{p} # hard");
        let with_crlf = format!("{p}\r");
        assert!(quick_search_masks(&with_comment).is_some());
        assert!(quick_search_masks(&with_crlf).is_some());
        // Everything else goes to the full parser.
        let clash = format!("44{}", &p[2..]);
        for other in [
            "",
            "# comment",
            &p[..80],
            &format!(" {p}"),
            &format!("{p}x"),
            &format!("{p}1"),
            &clash,
            &"123456789".repeat(81),
        ] {
            assert!(quick_search_masks(other).is_none(), "{other:?}");
        }
        assert!(parse_line(&clash).is_err());
        // Random lines of digits, markers and the odd bad character: the shortcut gives the
        // parsed puzzle's masks exactly when the parser accepts a plain line.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let alphabet = b"123456789........0_*-x";
        for _ in 0..20_000 {
            let clues = (x % 40) as usize;
            let mut line = [b'.'; 81];
            for _ in 0..clues {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                line[(x % 81) as usize] = alphabet[((x >> 8) % alphabet.len() as u64) as usize];
            }
            let line = std::str::from_utf8(&line).unwrap();
            match (quick_search_masks(line), parse_line(line)) {
                (Some(q), Ok(Some(p))) => assert_eq!(q, p.candidates().search_masks(), "{line}"),
                (None, Err(_)) => {}
                (q, p) => panic!("{line}: quick {:?} parse {:?}", q.is_some(), p.is_ok()),
            }
        }
        // The SSE2 and the one-at-a-time digit scans agree, bad characters included.
        for line in corpus.lines().take(500).chain([&format!("{}x", &p[..80])[..]]) {
            let cells: &[u8; 81] = line.as_bytes()[..81].try_into().unwrap();
            assert_eq!(givens_by_digit(cells), givens_by_digit_scalar(cells), "{line}");
        }
    }

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
