//! The registry's rows for forcing chains and nets, in [`TechniqueId`] declaration order (one
//! file per block of ids, so that the blocks can grow independently).

#[allow(unused_imports)]
use crate::id::{Family, Level, TechniqueId};
use crate::technique::Technique;

/// The rows for forcing chains and nets.
pub(super) const FORCING: [Technique; 0] = [];
