//! The single-digit family: patterns of one digit built from strong links (conjugate pairs),
//! in HoDoKu's order: [`skyscraper`], [`two_string_kite`], [`turbot_fish`],
//! [`empty_rectangle`]; their duals ([`dual_two_string_kite`], [`dual_empty_rectangle`]: two
//! kites or ERs of one digit sharing their box, as one step; off in HoDoKu's default
//! steps); and the exhaustive single-digit check, templates ([`template_set`],
//! [`template_delete`]; off in HoDoKu's default steps).
//!
//! Skyscraper, two-string kite and turbot fish are all the same short X-chain
//! `e1 = i1 - i2 = e2` on four distinct cells (`=` a strong link: the two cells are the only
//! candidates of a house; `-` a weak link: the cells see each other): one of the two ends
//! `e1`, `e2` holds the digit, so every candidate that sees both ends goes. They differ only
//! in the houses of the links, and this crate classifies each chain into exactly one of them:
//!
//! | technique | strong links | weak link `i1 - i2` |
//! |---|---|---|
//! | skyscraper | two parallel lines (two rows or two columns) | the crossing line (`e1`, `e2` not in one crossing line) |
//! | two-string kite | one row and one column | the box |
//! | turbot fish | every other chain | any house |
//!
//! The empty rectangle replaces one strong link with a box whose candidates lie on one row
//! and one column of the box.
//!
//! Shared rules, for every technique of the family: strong links come from the digit's
//! candidate mask alone (a house with exactly two candidate cells, see `links.rs`); no other
//! digit is looked at. Every instance is reported (find-all), one [`Step`] per instance, with
//! `evidence.digits` = the digit, `evidence.cells` = the pattern cells, `evidence.pincers` =
//! the two chain ends and `evidence.base` = the houses of the strong links (the empty
//! rectangle's variants of the last two are in its doc); a step is pushed only when it
//! eliminates at least one candidate. Instances with the same eliminations are all reported
//! (no de-duplication; HoDoKu keeps one step per elimination set).

use crate::{Step, TechniqueId};
use bitdoku_bitboard::{CellSet, Digit, DigitSet, HouseSet};

pub mod dual_empty_rectangle;
pub mod dual_two_string_kite;
pub mod empty_rectangle;
pub(crate) mod links;
pub mod skyscraper;
pub mod template_delete;
pub mod template_set;
mod templates;
pub mod turbot_fish;
pub mod two_string_kite;

/// A single-digit step: eliminate `digit` from `elims`, with the pattern as evidence.
fn pattern_step(
    id: TechniqueId,
    digit: Digit,
    elims: CellSet,
    cells: CellSet,
    pincers: CellSet,
    base: HouseSet,
) -> Step {
    let mut step = Step::new(id);
    step.eliminate(digit, elims);
    step.evidence.digits = DigitSet::single(digit);
    step.evidence.cells = cells;
    step.evidence.pincers = pincers;
    step.evidence.base = base;
    step
}

/// The dual of two single-digit steps `a` and `b`: both eliminations, the unions of their
/// cells, pincers, bases and digits.
fn dual_of(id: TechniqueId, a: &Step, b: &Step) -> Step {
    let mut step = Step::new(id);
    step.eliminations = std::array::from_fn(|d| a.eliminations[d] | b.eliminations[d]);
    step.evidence.digits = a.evidence.digits | b.evidence.digits;
    step.evidence.cells = a.evidence.cells | b.evidence.cells;
    step.evidence.pincers = a.evidence.pincers | b.evidence.pincers;
    step.evidence.base = a.evidence.base.iter().chain(b.evidence.base.iter()).collect();
    step
}

/// Test positions drawn as pictures of one digit's candidates.
#[cfg(test)]
pub(crate) mod picture {
    use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit};

    /// A state where `digit` is a candidate exactly in the cells drawn `x` (or as the digit
    /// itself) in `text`: 81 cell characters row by row, `.` for no candidate; spaces, `|`
    /// and newlines are ignored. Every other digit is a candidate everywhere, so only
    /// `digit` can form a single-digit pattern.
    pub(crate) fn state(digit: u8, text: &str) -> Candidates {
        let marks: Vec<char> =
            text.chars().filter(|c| !c.is_whitespace() && *c != '|' && *c != '-').collect();
        assert_eq!(marks.len(), 81, "a picture has 81 cells");
        let d = Digit::from_value(digit).expect("digit 1-9");
        let mut masks = [CellSet::ALL; 9];
        masks[d.index()] = CellSet::EMPTY;
        let own = char::from(b'0' + digit);
        for (i, &m) in marks.iter().enumerate() {
            assert!(matches!(m, '.' | 'x' | 'X') || m == own, "bad picture character {m:?}");
            if m != '.' {
                masks[d.index()].insert(Cell::new(i as u8).expect("cell"));
            }
        }
        Candidates::from_masks(masks)
    }
}
