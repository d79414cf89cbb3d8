//! Which part of an input line holds the puzzle, for the file formats people have besides
//! bitdoku's own lines: the hardest lists' `PUZZLE;ER;EP;ED;...` lines (`;` or `,` after the
//! 81 characters) and CSV files with a header line (Kaggle's `quizzes,solutions`, or columns
//! named `puzzle`, `question`, ...; `0` or `.` for blanks). The format is detected from the
//! first line that is neither blank nor a comment, or forced ([`InputFormat`]); the header
//! line is then reported as [`Field::Header`] (skipped and counted by the callers, never an
//! error), and every other line gives the bytes of its puzzle field, which the ordinary line
//! parser ([`parse_line`](crate::parse_line)) reads. The CLI and the Python package share it.

use std::fmt;
use std::str::FromStr;

/// The input format asked for (`--input-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// Detect from the first line that is not blank or a comment.
    #[default]
    Auto,
    /// bitdoku's own lines: a puzzle (or 729-character grid) then optional text.
    Lines,
    /// The hardest lists' lines: the puzzle, then `;` or `,` and the ratings and more.
    List,
    /// Comma (or `;`, tab) separated values, usually with a header line naming the columns.
    Csv,
}

impl InputFormat {
    /// The names [`FromStr`] accepts, for messages.
    pub const NAMES: &'static str = "auto, lines, list, csv";
}

impl FromStr for InputFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<InputFormat, String> {
        Ok(match s {
            "auto" => InputFormat::Auto,
            "lines" => InputFormat::Lines,
            "list" => InputFormat::List,
            "csv" => InputFormat::Csv,
            _ => return Err(format!("unknown input format {s:?} (expected {})", Self::NAMES)),
        })
    }
}

/// Column names that hold the puzzle, in order of preference (compared without case).
pub const PUZZLE_COLUMNS: [&str; 7] =
    ["puzzle", "quizzes", "quiz", "question", "sudoku", "grid", "givens"];

/// What a line holds, once the format is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field<'a> {
    /// The CSV header line: skipped and counted.
    Header,
    /// The bytes to parse as a puzzle line (the whole line in the `lines` format).
    Puzzle(&'a [u8]),
}

/// The detected layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    Lines,
    List,
    Csv {
        /// 0-based column of the puzzle.
        column: usize,
        delimiter: u8,
    },
}

/// How to find the puzzle in each line of one input: made once, from the first line that is
/// not blank or a comment ([`Fields::detect`]), then applied to every line ([`Fields::field`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    layout: Layout,
    /// The line number of the header line, if there is one.
    header: Option<usize>,
}

/// A `--column` that names no column of the header, or a bad number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnError(String);

impl fmt::Display for ColumnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ColumnError {}

impl Fields {
    /// bitdoku's own lines: every line is a puzzle line as it is.
    pub const LINES: Fields = Fields { layout: Layout::Lines, header: None };

    /// The layout of an input whose first line that is not blank or a comment is `first`
    /// (line number `number`), in the format `format`; `column` (a name or a 1-based number)
    /// picks the CSV column holding the puzzle, else the first column named like
    /// [`PUZZLE_COLUMNS`], else the first column.
    pub fn detect(
        first: &[u8],
        number: usize,
        format: InputFormat,
        column: Option<&str>,
    ) -> Result<Fields, ColumnError> {
        let line = trim(strip_bom(first));
        let header = looks_like_header(line);
        let layout = match format {
            InputFormat::Lines => return Ok(Fields::LINES),
            InputFormat::Auto if !header && column.is_none() => {
                if list_line(line) {
                    Layout::List
                } else {
                    Layout::Lines
                }
            }
            InputFormat::List if column.is_none() => Layout::List,
            _ => {
                let delimiter =
                    [b',', b';', b'\t'].into_iter().find(|d| line.contains(d)).unwrap_or(b',');
                let names: Vec<String> = if header {
                    split(line, delimiter)
                        .map(|n| String::from_utf8_lossy(trim(n)).to_ascii_lowercase())
                        .collect()
                } else {
                    Vec::new()
                };
                let column = pick_column(&names, column)?;
                Layout::Csv { column, delimiter }
            }
        };
        Ok(Fields { layout, header: header.then_some(number) })
    }

    /// Whether lines are taken as they are (no field is cut out).
    pub fn is_lines(&self) -> bool {
        self.layout == Layout::Lines
    }

    /// The format detected, for messages: `lines`, `list` or `csv`.
    pub fn name(&self) -> &'static str {
        match self.layout {
            Layout::Lines => "lines",
            Layout::List => "list",
            Layout::Csv { .. } => "csv",
        }
    }

    /// The part of line `number` (its bytes without the line ending) to parse as a puzzle.
    /// A row without the puzzle column gives the whole line (so the parser's error names it).
    #[inline]
    pub fn field<'a>(&self, number: usize, line: &'a [u8]) -> Field<'a> {
        if self.header == Some(number) {
            return Field::Header;
        }
        match self.layout {
            Layout::Lines => Field::Puzzle(line),
            Layout::List => {
                let end = line.iter().position(|&b| b == b';' || b == b',');
                Field::Puzzle(end.map_or(line, |e| &line[..e]))
            }
            Layout::Csv { column, delimiter } => {
                if is_blank_or_comment(line) {
                    return Field::Puzzle(line);
                }
                let line = strip_bom(line);
                Field::Puzzle(split(line, delimiter).nth(column).map_or(line, trim))
            }
        }
    }
}

/// Whether the line is blank or a `#` comment (not a row).
pub fn is_blank_or_comment(line: &[u8]) -> bool {
    let t = trim(line);
    t.is_empty() || t[0] == b'#'
}

fn strip_bom(line: &[u8]) -> &[u8] {
    line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line)
}

/// The bytes without leading and trailing ASCII whitespace and surrounding double quotes.
fn trim(field: &[u8]) -> &[u8] {
    let field = field.trim_ascii();
    match field {
        [b'"', inner @ .., b'"'] => inner.trim_ascii(),
        _ => field,
    }
}

/// The fields of a CSV row: split at `delimiter` outside double quotes.
fn split(line: &[u8], delimiter: u8) -> impl Iterator<Item = &[u8]> {
    let mut quoted = false;
    line.split(move |&b| {
        if b == b'"' {
            quoted = !quoted;
        }
        b == delimiter && !quoted
    })
}

/// A header line: it starts with a letter (a column name) and either has a delimiter or is
/// one of the puzzle column names. A first line such as `abc` is no header (it is reported as
/// a bad puzzle line, not skipped).
fn looks_like_header(line: &[u8]) -> bool {
    let first = trim(split(line, b',').next().unwrap_or(line));
    if !first.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    line.iter().any(|b| matches!(b, b',' | b';' | b'\t'))
        || PUZZLE_COLUMNS.iter().any(|n| first.eq_ignore_ascii_case(n.as_bytes()))
}

/// A hardest-list line: 81 puzzle characters, then `;` or `,`.
fn list_line(line: &[u8]) -> bool {
    line.len() > 81
        && matches!(line[81], b';' | b',')
        && line[..81].iter().all(|&b| b.is_ascii_digit() || crate::parse::is_empty_marker(b))
}

/// The 0-based puzzle column: `column` as a header name or a 1-based number, else the first
/// known puzzle column of the header, else the first column.
fn pick_column(names: &[String], column: Option<&str>) -> Result<usize, ColumnError> {
    if let Some(c) = column {
        let c = c.trim();
        if let Some(i) = names.iter().position(|n| n.eq_ignore_ascii_case(c)) {
            return Ok(i);
        }
        return match c.parse::<usize>() {
            Ok(n) if n >= 1 && (names.is_empty() || n <= names.len()) => Ok(n - 1),
            _ if names.is_empty() => Err(ColumnError(format!(
                "--column {c:?}: the input has no header line, so give a column number (1 = first)"
            ))),
            _ => Err(ColumnError(format!(
                "--column {c:?}: no such column; the header has {}",
                names.join(", ")
            ))),
        };
    }
    Ok(PUZZLE_COLUMNS.iter().find_map(|want| names.iter().position(|n| n == want)).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const Z: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";

    fn auto(first: &str) -> Fields {
        Fields::detect(first.as_bytes(), 1, InputFormat::Auto, None).unwrap()
    }

    #[test]
    fn plain_lines_stay_lines() {
        for first in [P, &format!("{P} # name"), &format!("{P}\t7.1"), "abc", &"1".repeat(729)] {
            let f = auto(first);
            assert!(f.is_lines(), "{first}");
            assert_eq!(f.field(1, first.as_bytes()), Field::Puzzle(first.as_bytes()));
        }
    }

    #[test]
    fn hardest_list_lines_give_the_puzzle() {
        for sep in [";", ","] {
            let line = format!("{P}{sep}11.9{sep}11.9{sep}11.3{sep}source{sep}2024");
            let f = auto(&line);
            assert_eq!(f.name(), "list");
            assert_eq!(f.field(1, line.as_bytes()), Field::Puzzle(P.as_bytes()));
            assert_eq!(f.field(2, P.as_bytes()), Field::Puzzle(P.as_bytes()));
        }
    }

    #[test]
    fn kaggle_csv_skips_the_header_and_takes_the_quizzes() {
        let f =
            Fields::detect(b"\xef\xbb\xbfquizzes,solutions", 3, InputFormat::Auto, None).unwrap();
        assert_eq!(f.name(), "csv");
        assert_eq!(f.field(3, b"quizzes,solutions"), Field::Header);
        let row = format!(
            "{Z},864371259325849761971265843436192587198657432257483916689734125713528694542916378"
        );
        assert_eq!(f.field(4, row.as_bytes()), Field::Puzzle(Z.as_bytes()));
        assert_eq!(f.field(5, b""), Field::Puzzle(b""));
    }

    #[test]
    fn the_puzzle_column_is_found_by_name_or_given() {
        let header = b"id,\"Puzzle\" ,solution,clues,difficulty";
        let f = Fields::detect(header, 1, InputFormat::Auto, None).unwrap();
        let row = format!("0,\"{P}\",x,24,2.2");
        assert_eq!(f.field(2, row.as_bytes()), Field::Puzzle(P.as_bytes()));
        let f = Fields::detect(header, 1, InputFormat::Auto, Some("solution")).unwrap();
        assert_eq!(f.field(2, row.as_bytes()), Field::Puzzle(b"x"));
        let f = Fields::detect(header, 1, InputFormat::Auto, Some("4")).unwrap();
        assert_eq!(f.field(2, row.as_bytes()), Field::Puzzle(b"24"));
        let e = Fields::detect(header, 1, InputFormat::Auto, Some("answer")).unwrap_err();
        assert!(e.to_string().contains("no such column"), "{e}");
        assert!(Fields::detect(header, 1, InputFormat::Auto, Some("9")).is_err());
    }

    #[test]
    fn a_row_without_the_column_gives_the_whole_line() {
        let f = Fields::detect(b"id;question", 1, InputFormat::Auto, None).unwrap();
        assert_eq!(f.field(2, b"17"), Field::Puzzle(b"17"));
        let row = format!("17;{P}");
        assert_eq!(f.field(2, row.as_bytes()), Field::Puzzle(P.as_bytes()));
    }

    #[test]
    fn forced_formats() {
        let line = format!("{P};1.2");
        let f = Fields::detect(line.as_bytes(), 1, InputFormat::Lines, None).unwrap();
        assert!(f.is_lines());
        let f = Fields::detect(P.as_bytes(), 1, InputFormat::List, None).unwrap();
        assert_eq!(f.field(1, line.as_bytes()), Field::Puzzle(P.as_bytes()));
        // CSV without a header: the column by number.
        let row = format!("7,{P}");
        let f = Fields::detect(row.as_bytes(), 1, InputFormat::Csv, Some("2")).unwrap();
        assert_eq!(f.field(1, row.as_bytes()), Field::Puzzle(P.as_bytes()));
        assert!(Fields::detect(row.as_bytes(), 1, InputFormat::Csv, Some("x")).is_err());
        assert_eq!("csv".parse::<InputFormat>(), Ok(InputFormat::Csv));
        assert!("tsv".parse::<InputFormat>().is_err());
    }

    #[test]
    fn a_single_puzzle_column_with_its_name() {
        let f = auto("puzzle");
        assert_eq!(f.field(1, b"puzzle"), Field::Header);
        assert_eq!(f.field(2, P.as_bytes()), Field::Puzzle(P.as_bytes()));
    }
}
