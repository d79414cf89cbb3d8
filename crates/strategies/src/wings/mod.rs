//! The wings family.

use crate::registry::Technique;

/// The techniques of this family, in HoDoKu order.
pub(crate) const TECHNIQUES: &[Technique] = &[];
