//! The registry's rows for Sue de Coq, dual two-string kite and dual empty rectangle, in [`TechniqueId`] declaration order (one
//! file per block of ids, so that the blocks can grow independently).

#[allow(unused_imports)]
use crate::id::{Family, Level, TechniqueId};
use crate::technique::Technique;

/// The rows for Sue de Coq, dual two-string kite and dual empty rectangle.
pub(super) const SDC: [Technique; 0] = [];
