//! Printing: the 81-character line, a 9x9 grid, the 729-character candidate line, and the
//! forum/HoDoKu-style pencilmark grid.

use crate::Candidates;
use crate::index::{Cell, Digit};

/// The values as an 81-character line, `.` for unsolved cells.
#[must_use]
pub fn to_line(c: &Candidates) -> String {
    c.values().iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect()
}

/// The state as a 729-character candidate line: a placed cell shows only its value.
#[must_use]
pub fn to_candidate_line(c: &Candidates) -> String {
    let mut out = String::with_capacity(729);
    for cell in Cell::all() {
        let value = c.value(cell);
        for d in Digit::all() {
            let present = value.map_or(c.has(cell, d), |v| v == d);
            out.push(if present { (b'1' + d.index() as u8) as char } else { '.' });
        }
    }
    out
}

/// The values as a 9x9 grid with box separators.
///
/// ```text
/// 4 . . | . . . | 8 . 5
/// ...
/// ------+-------+------
/// ```
#[must_use]
pub fn format_grid(c: &Candidates) -> String {
    let v = c.values();
    let mut out = String::new();
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str("------+-------+------\n");
        }
        for col in 0..9 {
            if col == 3 || col == 6 {
                out.push_str("| ");
            }
            let x = v[r * 9 + col];
            out.push(if x == 0 { '.' } else { (b'0' + x) as char });
            if col < 8 {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}

/// The pencilmark grid in the forum style HoDoKu uses (`.---`, `:---+`, `'---` borders, cells
/// separated by spaces, columns padded to the widest cell of the column). A placed cell shows
/// its value.
#[must_use]
pub fn format_pencilmarks(c: &Candidates) -> String {
    format_pencilmarks_with(|cell| match c.value(cell) {
        Some(v) => v.to_string(),
        None => {
            let s = c.digits_at(cell).to_string();
            if s.is_empty() { "-".to_string() } else { s }
        }
    })
}

/// The same grid layout with each cell's text given by `text` (for marked-up grids).
#[must_use]
pub fn format_pencilmarks_with(text: impl Fn(Cell) -> String) -> String {
    let text: Vec<String> = Cell::all().map(text).collect();
    let width: Vec<usize> =
        (0..9).map(|col| (0..9).map(|r| text[r * 9 + col].len()).max().unwrap_or(1)).collect();
    let border = |left: char, mid: char, right: char| {
        let mut s = String::new();
        s.push(left);
        for stack in 0..3 {
            let w: usize = (0..3).map(|k| width[stack * 3 + k]).sum::<usize>() + 4;
            s.push_str(&"-".repeat(w));
            s.push(if stack < 2 { mid } else { right });
        }
        s.push('\n');
        s
    };
    let mut out = border('.', '.', '.');
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(&border(':', '+', ':'));
        }
        out.push('|');
        for col in 0..9 {
            out.push(' ');
            out.push_str(&format!("{:<w$}", text[r * 9 + col], w = width[col]));
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, parse_line};

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn line_round_trip() {
        let Some(p) = parse_line(P).unwrap() else { panic!() };
        assert_eq!(to_line(&p.candidates()), P);
        assert_eq!(p.to_line(), P);
    }

    #[test]
    fn candidate_line_round_trip() {
        let Some(p) = parse_line(P).unwrap() else { panic!() };
        let line = to_candidate_line(&p.candidates());
        assert_eq!(line.len(), 729);
        let Some(Puzzle::Grid(m)) = parse_line(&line).unwrap() else { panic!() };
        // Placed cells come back as single-candidate cells, all others identical.
        let back = Candidates::from_masks(m);
        assert_eq!(to_candidate_line(&back), line);
    }

    #[test]
    fn grids_have_expected_shape() {
        let Some(p) = parse_line(P).unwrap() else { panic!() };
        let c = p.candidates();
        let g = format_grid(&c);
        assert_eq!(g.lines().count(), 11);
        assert!(g.starts_with("4 . . | . . . | 8 . 5\n"));
        let pm = format_pencilmarks(&c);
        assert_eq!(pm.lines().count(), 13);
        assert!(pm.starts_with(".-"));
        assert!(pm.lines().nth(4).unwrap().starts_with(":-"));
        assert!(pm.lines().all(|l| l.len() == pm.lines().next().unwrap().len()));
    }
}
