//! [`Premise`]: what a forcing step assumed, kept in its evidence (fixed size, so a
//! [`crate::Step`] stays `Copy`). The consequences of the assumptions are not stored: they are
//! re-derived on demand from the state before the step (`forcing::proof`).

use bitdoku_bitboard::{Cell, Digit, House};
use std::fmt;

/// The assumptions of a forcing step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Premise {
    /// Not a forcing step.
    #[default]
    None,
    /// Contradiction: `digit` in `cell` (on) leads to a contradiction, so it is false.
    On(Cell, Digit),
    /// Contradiction: removing `digit` from `cell` leads to a contradiction, so it is true.
    Off(Cell, Digit),
    /// Verity: every candidate of the cell leads to the conclusion.
    Cell(Cell),
    /// Verity: every place of the digit in the house leads to the conclusion.
    House(House, Digit),
    /// Verity: both `digit` in `cell` and `digit` not in `cell` lead to the conclusion.
    Candidate(Cell, Digit),
}

impl Premise {
    /// Whether there is a premise (the step is a forcing step).
    #[must_use]
    pub fn is_some(&self) -> bool {
        *self != Premise::None
    }

    /// Whether it is a contradiction premise (one assumption that fails).
    #[must_use]
    pub fn is_contradiction(&self) -> bool {
        matches!(self, Premise::On(..) | Premise::Off(..))
    }
}

impl fmt::Display for Premise {
    /// `r1c2=5`, `r1c2<>5`, `each candidate of r1c2`, `each place of 5 in b1`, `both r1c2=5
    /// and r1c2<>5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Premise::None => Ok(()),
            Premise::On(c, d) => write!(f, "{c}={d}"),
            Premise::Off(c, d) => write!(f, "{c}<>{d}"),
            Premise::Cell(c) => write!(f, "each candidate of {c}"),
            Premise::House(h, d) => write!(f, "each place of {d} in {h}"),
            Premise::Candidate(c, d) => write!(f, "both {c}={d} and {c}<>{d}"),
        }
    }
}
