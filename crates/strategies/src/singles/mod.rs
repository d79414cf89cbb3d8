//! The singles family: placements found by looking at one house or one cell.
//!
//! Each technique reports every instance of its own pattern, whatever the others find: a full
//! house is also a naked single and usually a hidden single, and all three report it. The
//! engine's order (HoDoKu's: full house, naked single, hidden single) decides which one is
//! credited when they overlap.

use crate::TechniqueId;
use crate::registry::Technique;

pub mod full_house;
pub mod hidden_single;
pub mod naked_single;

/// The techniques of this family, in HoDoKu order.
pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique { id: TechniqueId::FullHouse, find: full_house::find },
    Technique { id: TechniqueId::NakedSingle, find: naked_single::find },
    Technique { id: TechniqueId::HiddenSingle, find: hidden_single::find },
];
