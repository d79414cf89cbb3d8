//! The bulk path's shortcut from a plain 81-character line (raw bytes, no UTF-8 decoding) to
//! the brute-force search masks, without a [`Puzzle`](crate::Puzzle) or candidate grid.
//!
//! Two steps: a scan of the 81 characters that gives the cells holding a digit and the bit
//! planes of the digits (or rejects the line), thirty-two bytes at a time with AVX2 on x86-64-v3
//! processors (chosen at run time by `bitdoku-cpu`, compiled with the rest of the function for
//! x86-64-v3), sixteen with SSE2 on other x86-64 ones and one at a time elsewhere (the three are
//! tested equal); then one loop over the givens that adds
//! each one's peers to the cells its digit can no longer take, while each digit's givens come
//! from the planes with a few ANDs. A digit given twice in a house shows
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
    let mut masks = [0; 9];
    quick_parts(line, &mut masks).map(|_| masks)
}

/// [`quick_search_masks`] into `masks` (left as they were when the answer is `false`, the
/// lines it gives `None` for). The bulk path's entry: nothing is moved per line (returning the
/// 144-byte array was a `memcpy` call per line, 0.2% of a bulk run).
pub fn quick_search_masks_into(line: &[u8], masks: &mut [u128; 9]) -> bool {
    quick_parts(line, masks).is_some()
}

/// The starting candidate state of a plain line: what [`Puzzle::candidates`](crate::Puzzle)
/// gives for the parsed puzzle (the givens placed), for the same lines as
/// [`quick_search_masks`] and `None` for the others. The logic engine's bulk path.
#[must_use]
pub fn quick_candidates(line: &[u8]) -> Option<crate::Candidates> {
    let mut masks = [0; 9];
    let placed = quick_parts(line, &mut masks)?;
    let part = |keep: u128| masks.map(|m| crate::CellSet::from_bits_truncate(m & keep));
    let givens = crate::CellSet::from_bits_truncate(placed);
    Some(crate::Candidates::from_parts(part(!placed), part(placed), givens))
}

/// [`quick_search_masks`] into `masks`, and the cells holding a given (`masks` untouched on
/// `None`). The scan has an AVX2 variant, chosen at run time (`bitdoku_cpu`).
fn quick_parts(line: &[u8], masks: &mut [u128; 9]) -> Option<u128> {
    let cells: &[u8; 81] = line.get(..81)?.try_into().ok()?;
    if line.len() > 81 && !is_separator(line[81]) {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    if bitdoku_cpu::use_v3() {
        // SAFETY: `use_v3` checked that the processor runs x86-64-v3 code.
        return unsafe { parts_v3(cells, masks) };
    }
    parts(cells, scan(cells)?, masks)
}

/// [`quick_parts`] compiled for x86-64-v3, with the AVX2 scan.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
unsafe fn parts_v3(cells: &[u8; 81], masks: &mut [u128; 9]) -> Option<u128> {
    parts(cells, scan_avx2(cells)?, masks)
}

/// The masks from the scan: each digit's givens, and the empty cells none of them sees.
#[inline(always)]
fn parts(cells: &[u8; 81], scan: Scan, out: &mut [u128; 9]) -> Option<u128> {
    let placed = scan.placed;
    // The union of the peers of each digit's givens, in one pass over the givens (one loop
    // per 64-bit half: two hard-to-predict loop exits per line rather than one per digit).
    // `scan` keeps only the cells holding `1`-`9` in `placed`, so the digit index is 0..=8;
    // masking it into 16 slots spares a bounds test per given (4-5% of this function, by
    // `examples/quick_speed.rs`).
    let mut seen = [0u128; 16];
    crate::candidates::each_bit(placed, |i| {
        seen[usize::from(cells[i].wrapping_sub(b'1')) & 15] |= PEERS[i].bits();
    });
    // Each digit's givens from the bit planes of `character - '1'` (0..=8): digit 9 is the
    // only one with bit 3; the others split on bits 2, 1, 0.
    let [p0, p1, p2, p3] = scan.planes;
    let low = placed & !p3;
    let (high4, low4) = (low & p2, low & !p2);
    let pairs = [low4 & !p1, low4 & p1, high4 & !p1, high4 & p1];
    let mut givens = [0u128; 9];
    for (k, &pair) in pairs.iter().enumerate() {
        givens[2 * k] = pair & !p0;
        givens[2 * k + 1] = pair & p0;
    }
    givens[8] = placed & p3;
    // Each digit's mask: its givens plus the empty cells none of its givens sees. A given
    // that another given of its digit sees is a repeat.
    let open = crate::CellSet::ALL.bits() & !placed;
    let mut masks = [0u128; 9];
    let mut clash = 0u128;
    for d in 0..9 {
        clash |= seen[d] & givens[d];
        masks[d] = (open & !seen[d]) | givens[d];
    }
    if clash != 0 {
        return None;
    }
    *out = masks;
    Some(placed)
}

/// What the scan of the 81 characters finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Scan {
    /// The cells holding a digit `1`-`9` (bit `i` = cell `i`).
    placed: u128,
    /// Bit `k` of every character minus `'1'` (wrapping), one plane per `k` in 0..4: for a
    /// digit cell, its digit minus one in binary.
    planes: [u128; 4],
}

/// The scan of 81 puzzle characters, or `None` when some character is neither a digit nor an
/// empty marker (`. 0 _ * -`).
fn scan(cells: &[u8; 81]) -> Option<Scan> {
    #[cfg(target_arch = "x86_64")]
    {
        scan_sse2(cells)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scan_scalar(cells)
    }
}

/// [`scan`] sixteen characters at a time: subtracting `'0'` puts the characters `0`-`9` at
/// 0..=9 (an unsigned minimum with 9 tells them apart), the other empty markers are four
/// compares; shifting each byte's bit `k` to its top bit and taking the byte signs gives the
/// planes. Six loads cover the 81 bytes (the last one overlaps the fifth: bytes 65-80), so
/// nothing is copied.
#[cfg(target_arch = "x86_64")]
fn scan_sse2(cells: &[u8; 81]) -> Option<Scan> {
    use std::arch::x86_64::{
        __m128i, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_slli_epi16, _mm_sub_epi8,
    };
    let (mut placed, mut valid, mut planes) = (0u128, 0u128, [0u128; 4]);
    // SAFETY: SSE2 is part of every x86-64 target; each load reads 16 bytes at an offset of at
    // most 65 into the 81-byte array.
    unsafe {
        let zero = _mm_set1_epi8(b'0' as i8);
        let one = _mm_set1_epi8(1);
        let nine = _mm_set1_epi8(9);
        let markers = [b'.', b'_', b'*', b'-'].map(|m| _mm_set1_epi8(m as i8));
        for at in [0, 16, 32, 48, 64, 65] {
            let v = _mm_loadu_si128(cells.as_ptr().add(at).cast::<__m128i>());
            let x = _mm_sub_epi8(v, zero);
            let decimal = _mm_cmpeq_epi8(_mm_min_epu8(x, nine), x);
            let digit = _mm_andnot_si128(_mm_cmpeq_epi8(v, zero), decimal);
            let ok =
                markers.iter().fold(decimal, |acc, &m| _mm_or_si128(acc, _mm_cmpeq_epi8(v, m)));
            placed |= u128::from(_mm_movemask_epi8(digit) as u16) << at;
            valid |= u128::from(_mm_movemask_epi8(ok) as u16) << at;
            // A 16-bit shift left by 7 - k brings bit k of both bytes to their top bits.
            let y = _mm_sub_epi8(x, one);
            let sign = |shifted: __m128i| u128::from(_mm_movemask_epi8(shifted) as u16) << at;
            planes[0] |= sign(_mm_slli_epi16::<7>(y));
            planes[1] |= sign(_mm_slli_epi16::<6>(y));
            planes[2] |= sign(_mm_slli_epi16::<5>(y));
            planes[3] |= sign(_mm_slli_epi16::<4>(y));
        }
    }
    (valid == crate::CellSet::ALL.bits()).then_some(Scan { placed, planes })
}

/// [`scan_sse2`] thirty-two characters at a time (x86-64-v3 processors, through
/// [`parts_v3`]): three loads cover the 81 bytes (the last one overlaps the second: bytes
/// 49-80), and each plane takes three mask extractions instead of six.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn scan_avx2(cells: &[u8; 81]) -> Option<Scan> {
    use std::arch::x86_64::{
        __m256i, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8,
        _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_slli_epi16,
        _mm256_sub_epi8,
    };
    let (mut placed, mut valid, mut planes) = (0u128, 0u128, [0u128; 4]);
    let zero = _mm256_set1_epi8(b'0' as i8);
    let one = _mm256_set1_epi8(1);
    let nine = _mm256_set1_epi8(9);
    let markers = [b'.', b'_', b'*', b'-'].map(|m| _mm256_set1_epi8(m as i8));
    for at in [0, 32, 49] {
        // SAFETY: each load reads 32 bytes at an offset of at most 49 into the 81-byte array.
        let v = unsafe { _mm256_loadu_si256(cells.as_ptr().add(at).cast::<__m256i>()) };
        let x = _mm256_sub_epi8(v, zero);
        let decimal = _mm256_cmpeq_epi8(_mm256_min_epu8(x, nine), x);
        let digit = _mm256_andnot_si256(_mm256_cmpeq_epi8(v, zero), decimal);
        let ok =
            markers.iter().fold(decimal, |acc, &m| _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, m)));
        placed |= u128::from(_mm256_movemask_epi8(digit) as u32) << at;
        valid |= u128::from(_mm256_movemask_epi8(ok) as u32) << at;
        let y = _mm256_sub_epi8(x, one);
        let sign = |shifted: __m256i| u128::from(_mm256_movemask_epi8(shifted) as u32) << at;
        planes[0] |= sign(_mm256_slli_epi16::<7>(y));
        planes[1] |= sign(_mm256_slli_epi16::<6>(y));
        planes[2] |= sign(_mm256_slli_epi16::<5>(y));
        planes[3] |= sign(_mm256_slli_epi16::<4>(y));
    }
    (valid == crate::CellSet::ALL.bits()).then_some(Scan { placed, planes })
}

/// [`scan`] one character at a time (the path of other architectures; tested against the
/// SSE2 and AVX2 ones on x86-64).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn scan_scalar(cells: &[u8; 81]) -> Option<Scan> {
    let (mut placed, mut planes) = (0u128, [0u128; 4]);
    for (i, &b) in cells.iter().enumerate() {
        match b {
            b'1'..=b'9' => placed |= 1 << i,
            _ if is_empty_marker(b) => {}
            _ => return None,
        }
        let y = b.wrapping_sub(b'1');
        for (k, plane) in planes.iter_mut().enumerate() {
            *plane |= u128::from(y >> k & 1) << i;
        }
    }
    Some(Scan { placed, planes })
}

#[cfg(test)]
mod tests;
