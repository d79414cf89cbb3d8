//! The registry's rows for almost locked sets, in [`TechniqueId`] declaration order (one
//! file per block of ids, so that the blocks can grow independently).

#[allow(unused_imports)]
use crate::id::{Family, Level, TechniqueId};
use crate::technique::Technique;

/// The rows for almost locked sets.
pub(super) const ALS: [Technique; 0] = [];
