//! The registry's rows for franken, mutant and large fish, in [`TechniqueId`] declaration order (one
//! file per block of ids, so that the blocks can grow independently).

#[allow(unused_imports)]
use crate::id::{Family, Level, TechniqueId};
use crate::technique::Technique;

/// The rows for franken, mutant and large fish.
pub(super) const FISH: [Technique; 0] = [];
