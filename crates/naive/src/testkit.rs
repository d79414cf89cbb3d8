//! Test helpers: build a grid from a givens line plus deleted candidates, then compare what a
//! technique finds with the expected effects written as `r1c2<>5 r3c4=7`.

use crate::{Findings, NaiveGrid, find};

/// A grid from 81 characters (`.`/`0` empty, a digit a given, `+d` a placed non-given digit)
/// after the sieve, minus the deleted candidates given as `drc` triples (`436` = r3c6<>4).
#[track_caller]
pub fn grid(givens: &str, deleted: &str) -> NaiveGrid {
    let mut values = [0u8; 81];
    let mut given = [false; 81];
    let mut i = 0;
    let mut plus = false;
    for ch in givens.chars() {
        if ch == '+' {
            plus = true;
            continue;
        }
        if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
            values[i] = d as u8;
            given[i] = !plus;
        }
        plus = false;
        i += 1;
    }
    assert_eq!(i, 81, "givens line must have 81 cells");
    let sieved = NaiveGrid::from_values(&values);
    let mut cands = [0u16; 81];
    for (c, bits) in cands.iter_mut().enumerate() {
        for &d in sieved.cell(c).candidates().as_slice() {
            *bits |= 1 << (d - 1);
        }
    }
    for tok in deleted.split_whitespace() {
        let b = tok.as_bytes();
        let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
        cands[r * 9 + c] &= !(1 << (d - 1));
    }
    NaiveGrid::from_parts(&values, &given, &cands)
}

/// A grid from a 729-character candidate line (no solved cells).
#[track_caller]
pub fn pencil(line: &str) -> NaiveGrid {
    let b = line.as_bytes();
    assert_eq!(b.len(), 729);
    let mut masks = [0u128; 9];
    for cell in 0..81 {
        for d in 0..9 {
            if b[cell * 9 + d].is_ascii_digit() && b[cell * 9 + d] != b'0' {
                masks[d] |= 1 << cell;
            }
        }
    }
    NaiveGrid::from_candidates(&masks)
}

/// A grid with no solved cell where `digit` is a candidate exactly at the non-`.` characters
/// of `rows` (nine words of nine characters, row 1 first) and every other digit is a
/// candidate everywhere (so it forms no pattern). Letters are notes for the reader.
#[track_caller]
pub fn picture(digit: u8, rows: &str) -> NaiveGrid {
    let chars: Vec<char> = rows.split_whitespace().flat_map(str::chars).collect();
    assert_eq!(chars.len(), 81, "picture needs 81 cells");
    let mut cands = [0x1ffu16; 81];
    for (c, &ch) in chars.iter().enumerate() {
        if ch == '.' {
            cands[c] &= !(1 << (digit - 1));
        }
    }
    NaiveGrid::from_parts(&[0; 81], &[false; 81], &cands)
}

/// A grid with no solved cell where the listed cells (`"r1c2"`) have the listed candidates
/// (`"47"`) and every other cell has all nine.
#[track_caller]
pub fn with_cells(cells: &[(&str, &str)]) -> NaiveGrid {
    let mut cands = [0x1ffu16; 81];
    for (rc, digits) in cells {
        let b = rc.as_bytes();
        let index = (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize;
        cands[index] = 0;
        for ch in digits.chars().filter_map(|ch| ch.to_digit(10)) {
            cands[index] |= 1 << (ch - 1);
        }
    }
    NaiveGrid::from_parts(&[0; 81], &[false; 81], &cands)
}

fn parse_effects(text: &str) -> Findings {
    let mut f = Findings::new();
    for tok in text.split_whitespace() {
        let (cell, digit, place) = match tok.split_once("<>") {
            Some((c, d)) => (c, d, false),
            None => {
                let (c, d) = tok.split_once('=').expect("effect");
                (c, d, true)
            }
        };
        let b = cell.as_bytes();
        let index = (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize;
        let digit: u8 = digit.parse().expect("digit");
        if place { f.placements.push((index, digit)) } else { f.eliminations.push((index, digit)) }
    }
    f
}

/// Asserts that technique `id` finds exactly `expected` (union of all instances).
#[track_caller]
pub fn check(id: &str, grid: &NaiveGrid, expected: &str) {
    let found = find(id, grid).expect("technique implemented");
    assert_eq!(found.to_text(), parse_effects(expected).to_text(), "{id}");
}

/// Asserts that technique `id` finds nothing.
#[track_caller]
pub fn check_none(id: &str, grid: &NaiveGrid) {
    check(id, grid, "");
}
