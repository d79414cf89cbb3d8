//! The bulk path's shortcut from a plain 81-character line (raw bytes, no UTF-8 decoding) to
//! the brute-force search masks, without a [`Puzzle`](crate::Puzzle) or candidate grid.
//!
//! Two steps: a scan of the 81 characters that gives the cells holding a digit (or rejects
//! the line), sixteen bytes at a time with SSE2 on x86-64 and one at a time elsewhere (the two
//! are tested equal); then one loop over the givens that files each under its digit and adds
//! its peers to the cells that digit can no longer take. A digit given twice in a house shows
//! as a given inside its own digit's peer union; such lines (and every line that is not plain)
//! go back to the caller, which parses them with the full parser for the error message.

use crate::parse::{is_empty_marker, is_separator};
use crate::tables::PEERS;

/// The brute-force search masks (as [`Candidates::search_masks`](crate::Candidates::search_masks)
/// of the parsed puzzle) of a line that is exactly 81 puzzle characters (`1`-`9` or an empty
/// marker), optionally followed by a separator (whitespace, `:` or `#`) and anything, with no
/// digit repeated in a house. The line is raw bytes: a plain line is ASCII, and the bytes after
/// the separator are not looked at. `None` for every other line (blank, comment, leading
/// whitespace, candidate grid, too short, bad character, repeated digit): the caller then
/// parses it with [`parse_line_at`](crate::parse_line_at), which gives the same puzzle or the
/// error.
#[must_use]
pub fn quick_search_masks(line: &[u8]) -> Option<[u128; 9]> {
    let cells: &[u8; 81] = line.get(..81)?.try_into().ok()?;
    if line.len() > 81 && !is_separator(line[81]) {
        return None;
    }
    let placed = placed_cells(cells)?;
    // Each digit's givens and the union of their peers, in one pass over the givens (one
    // loop per 64-bit half, so two hard-to-predict exits per line rather than one per digit).
    // `placed_cells` keeps only the cells holding `1`-`9`, so `d` is 0..=8.
    let (mut low, mut high, mut seen) = ([0u64; 9], [0u64; 9], [0u128; 9]);
    let mut rest = placed as u64;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let d = usize::from(cells[i].wrapping_sub(b'1'));
        low[d] |= 1 << i;
        seen[d] |= PEERS[i].bits();
    }
    let mut rest = (placed >> 64) as u64;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let d = usize::from(cells[64 + i].wrapping_sub(b'1'));
        high[d] |= 1 << i;
        seen[d] |= PEERS[64 + i].bits();
    }
    // Each digit's mask: its givens plus the empty cells none of its givens sees. A given
    // that another given of its digit sees is a repeat.
    let open = crate::CellSet::ALL.bits() & !placed;
    let mut masks = [0u128; 9];
    let mut clash = 0u128;
    for d in 0..9 {
        let givens = u128::from(low[d]) | u128::from(high[d]) << 64;
        clash |= seen[d] & givens;
        masks[d] = (open & !seen[d]) | givens;
    }
    (clash == 0).then_some(masks)
}

/// The cells (bit `i` = cell `i`) holding a digit `1`-`9`, or `None` when some character is
/// neither a digit nor an empty marker (`. 0 _ * -`).
fn placed_cells(cells: &[u8; 81]) -> Option<u128> {
    #[cfg(target_arch = "x86_64")]
    {
        placed_cells_sse2(cells)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        placed_cells_scalar(cells)
    }
}

/// [`placed_cells`] sixteen characters at a time: subtracting `'0'` puts the characters
/// `0`-`9` at 0..=9 (an unsigned minimum with 9 tells them apart), the other empty markers are
/// four compares. Six loads cover the 81 bytes (the last one overlaps the fifth: bytes 65-80),
/// so nothing is copied.
#[cfg(target_arch = "x86_64")]
fn placed_cells_sse2(cells: &[u8; 81]) -> Option<u128> {
    use std::arch::x86_64::{
        __m128i, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_sub_epi8,
    };
    let (mut digits, mut valid) = (0u128, 0u128);
    // SAFETY: SSE2 is part of every x86-64 target; each load reads 16 bytes at an offset of at
    // most 65 into the 81-byte array.
    unsafe {
        let zero = _mm_set1_epi8(b'0' as i8);
        let nine = _mm_set1_epi8(9);
        let markers = [b'.', b'_', b'*', b'-'].map(|m| _mm_set1_epi8(m as i8));
        for at in [0, 16, 32, 48, 64, 65] {
            let v = _mm_loadu_si128(cells.as_ptr().add(at).cast::<__m128i>());
            let x = _mm_sub_epi8(v, zero);
            let decimal = _mm_cmpeq_epi8(_mm_min_epu8(x, nine), x);
            let digit = _mm_andnot_si128(_mm_cmpeq_epi8(v, zero), decimal);
            let ok =
                markers.iter().fold(decimal, |acc, &m| _mm_or_si128(acc, _mm_cmpeq_epi8(v, m)));
            digits |= u128::from(_mm_movemask_epi8(digit) as u16) << at;
            valid |= u128::from(_mm_movemask_epi8(ok) as u16) << at;
        }
    }
    (valid == crate::CellSet::ALL.bits()).then_some(digits)
}

/// [`placed_cells`] one character at a time (the path of other architectures; tested against
/// the SSE2 one on x86-64).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn placed_cells_scalar(cells: &[u8; 81]) -> Option<u128> {
    let mut digits = 0u128;
    for (i, &b) in cells.iter().enumerate() {
        match b {
            b'1'..=b'9' => digits |= 1 << i,
            _ if is_empty_marker(b) => {}
            _ => return None,
        }
    }
    Some(digits)
}

#[cfg(test)]
mod tests;
