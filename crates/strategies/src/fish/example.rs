//! Test pictures for the large, franken and mutant fish, one family of pictures per kind,
//! built for any size `n` (cells 1-based, `x` body, `f` fin, `e` the cell that must lose the
//! digit; replacing `e` by `.` leaves nothing to eliminate):
//!
//! * basic / finned / sashimi (n = 5-7): rows 1..n-1 and 9 hold the digit in columns 1..n-1
//!   and 9; `e` = r8c1 (basic) or r8c9 (fin r9c8 in box 9; sashimi: row 9 keeps only c9);
//! * franken: rows 1..n-1 in columns 1..n-1, box 9 in r7c9 r8c9; cover = columns 1..n-1 and
//!   9; `e` = r9c1 (finned: fin r7c8, `e` = r7c1);
//! * mutant: the same rows, column 9 in r7c9 r8c9; cover = columns 1..n-1 and box 9; `e` =
//!   r9c1 r9c8 (finned: fin r1c7, `e` = r9c7 only).

use bitdoku_bitboard::Candidates;

/// A picture from a cell → character map (`.` elsewhere).
fn draw(cell: impl Fn(usize, usize) -> char) -> String {
    (1..=9).map(|r| (1..=9).map(|c| cell(r, c)).collect::<String>()).collect::<Vec<_>>().join(" ")
}

/// Rows (or columns) 1..n-1 and 9.
fn lines(n: usize, i: usize) -> bool {
    i < n || i == 9
}

/// The basic fish of size `n`.
pub(super) fn basic(n: usize) -> String {
    draw(|r, c| match (r, c) {
        (8, 1) => 'e',
        _ if lines(n, r) && lines(n, c) => 'x',
        _ => '.',
    })
}

/// Its base, as displayed.
pub(super) fn base_rows(n: usize) -> String {
    (1..=9).filter(|&r| lines(n, r)).map(|r| format!("r{r}")).collect::<Vec<_>>().join(" ")
}

/// The finned fish of size `n`.
pub(super) fn finned(n: usize) -> String {
    draw(|r, c| match (r, c) {
        (8, 9) => 'e',
        (9, 8) => 'f',
        _ if lines(n, r) && lines(n, c) => 'x',
        _ => '.',
    })
}

/// The sashimi fish of size `n`.
pub(super) fn sashimi(n: usize) -> String {
    draw(|r, c| match (r, c) {
        (8, 9) => 'e',
        (9, 8) => 'f',
        (9, 9) => 'x',
        _ if r < n && lines(n, c) => 'x',
        _ => '.',
    })
}

/// The franken fish of size `n`.
pub(super) fn franken(n: usize, finned: bool) -> String {
    draw(|r, c| match (r, c) {
        (7 | 8, 9) => 'x',
        (7, 8) if finned => 'f',
        (7, 1) if finned => 'e',
        (9, 1) if !finned => 'e',
        _ if r < n && c < n => 'x',
        _ => '.',
    })
}

/// Its cover, as displayed.
pub(super) fn franken_cover(n: usize) -> String {
    (1..=9).filter(|&c| lines(n, c)).map(|c| format!("c{c}")).collect::<Vec<_>>().join(" ")
}

/// The mutant fish of size `n`.
pub(super) fn mutant(n: usize, finned: bool) -> String {
    draw(|r, c| match (r, c) {
        (7 | 8, 9) => 'x',
        (1, 7) if finned => 'f',
        (9, 7) if finned => 'e',
        (9, 1 | 8) if !finned => 'e',
        _ if r < n && c < n => 'x',
        _ => '.',
    })
}

/// Its cover, as displayed.
pub(super) fn mutant_cover(n: usize) -> String {
    let cols = (1..n).map(|c| format!("c{c}")).collect::<Vec<_>>().join(" ");
    format!("{cols} b9")
}

/// Asserts that `id` finds a step on `state` with the eliminations `effects` and this cover
/// (other base/cover pairs may eliminate the same, so the step need not be the first).
pub(super) fn has_cover(id: crate::TechniqueId, state: &Candidates, effects: &str, cover: &str) {
    let steps = crate::registry::find_all(id, state);
    let shown: Vec<String> = steps.iter().map(crate::Step::explain).collect();
    assert!(
        steps.iter().any(|s| s.evidence.cover.to_string() == cover
            && s.effects_text().join(" ") == effects),
        "{id}: no step with cover {cover} and {effects}; found:\n{}",
        shown.join("\n")
    );
}

/// The must-not-fire half of a test: with the example's digit free in every cell, every
/// candidate lies in some template of the digit, so no fish of any kind, size or fin count
/// eliminates anything (`picture` only names the example).
pub(super) fn check_broken(id: crate::TechniqueId, picture: &str) {
    let words = picture.split_whitespace().count();
    let all = vec!["x".repeat(9); words].join(" ");
    crate::testkit::check_not_applicable(id, &super::search::picture(4, &all));
}
