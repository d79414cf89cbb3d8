//! The bitboard core of bitdoku: every fact about a Sudoku grid as 81-bit cell masks.
//!
//! Candidates are stored **digit-major**: one [`CellSet`] (an 81-bit mask in a `u128`) per
//! digit. A technique is then a handful of mask intersections against the const tables of
//! [`tables`] (houses, peers, mini-lines, bands and stacks) instead of loops over cell objects.
//!
//! ```text
//!  bit index = 9 * row + col                         (row, col 0-based)
//!
//!          c0  c1  c2   c3  c4  c5   c6  c7  c8
//!    r0     0   1   2 |  3   4   5 |  6   7   8      band 0 = bits  0..27
//!    r1     9  10  11 | 12  13  14 | 15  16  17
//!    r2    18  19  20 | 21  22  23 | 24  25  26
//!          -----------+------------+-----------
//!    r3    27  28  29 | 30  31  32 | 33  34  35      band 1 = bits 27..54
//!    r4    36  ...                         44
//!    r5    45  ...                         53
//!          -----------+------------+-----------
//!    r6    54  ...                         62      band 2 = bits 54..81
//!    r7    63  ...                         71
//!    r8    72  ...                         80
//!
//!  bits 81..127 of the u128 are padding and are always zero (an invariant every
//!  constructor and operation of CellSet keeps).
//! ```
//!
//! This crate knows nothing about solving techniques; it has one dependency (`bytemuck`, for
//! casting raw puzzle records to and from bytes).
#![deny(missing_docs)]

mod alone;
pub mod budget;
pub mod bulk;
mod candidates;
mod cellset;
pub mod combinations;
mod digitset;
mod fields;
mod index;
mod parse;
mod print;
mod quick;
pub mod tables;

pub use alone::alone_in_a_house_each;
pub use candidates::{Candidates, CountPlanes};
pub use cellset::{CellIter, CellSet};
pub use digitset::DigitSet;
pub use fields::{ColumnError, Field, Fields, InputFormat, PUZZLE_COLUMNS, is_blank_or_comment};
pub use index::{Cell, Digit, House, HouseKind, HouseSet};
pub use parse::{ParseError, ParseErrorKind, Puzzle, parse_line, parse_line_at};
pub use print::{
    format_grid, format_pencilmarks, format_pencilmarks_with, to_candidate_line, to_line,
};
pub use quick::{quick_candidates, quick_search_masks, quick_search_masks_into};
