//! The intersections family: what the meeting of a box and a line (a mini-line) forces.
//!
//! Locked candidates (pointing, claiming) confine one digit to a mini-line; locked pairs and
//! triples are naked subsets inside a mini-line that clear both of its houses.

use crate::TechniqueId;
use crate::registry::Technique;

pub mod locked_candidates;
pub mod locked_subset;

/// The techniques of this family, in HoDoKu order.
pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique { id: TechniqueId::LockedPair, find: locked_subset::find_pair },
    Technique { id: TechniqueId::LockedTriple, find: locked_subset::find_triple },
    Technique { id: TechniqueId::LockedCandidatesPointing, find: locked_candidates::find_pointing },
    Technique { id: TechniqueId::LockedCandidatesClaiming, find: locked_candidates::find_claiming },
];
