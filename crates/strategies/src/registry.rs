//! The registry: every implemented technique with its one signature, [`FindFn`]. Each family
//! module lists its own techniques; this file chains them.

use crate::id::TechniqueId;
use crate::sink::Sink;
use crate::{fish, intersections, single_digit, singles, subsets, uniqueness, wings};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// The one signature of every technique: read a state, push every step found to the sink,
/// stop when the sink says so. A technique never mutates the state and never guesses, and it
/// only pushes steps that change the state (see [`crate::Step::changes`]).
pub type FindFn = fn(&Candidates, &mut dyn Sink) -> ControlFlow<()>;

/// A registered technique.
#[derive(Clone, Copy)]
pub struct Technique {
    /// Its identifier (name, family, score and level hang off it).
    pub id: TechniqueId,
    /// Its search.
    pub find: FindFn,
}

impl std::fmt::Debug for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Technique").field(&self.id).finish()
    }
}

/// Every implemented technique, family by family.
pub fn all() -> impl Iterator<Item = &'static Technique> {
    singles::TECHNIQUES
        .iter()
        .chain(intersections::TECHNIQUES)
        .chain(subsets::TECHNIQUES)
        .chain(fish::TECHNIQUES)
        .chain(single_digit::TECHNIQUES)
        .chain(wings::TECHNIQUES)
        .chain(uniqueness::TECHNIQUES)
}

/// The registered technique with this id, if it is implemented.
pub fn get(id: TechniqueId) -> Option<&'static Technique> {
    all().find(|t| t.id == id)
}

/// Runs technique `id` in find-all mode and returns its steps (empty if not implemented).
pub fn find_all(id: TechniqueId, state: &Candidates) -> Vec<crate::Step> {
    let mut steps = Vec::new();
    if let Some(t) = get(id) {
        let _ = (t.find)(state, &mut steps);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_registered_once_and_belong_to_their_family_module() {
        let mut seen = std::collections::HashSet::new();
        for t in all() {
            assert!(seen.insert(t.id), "{} registered twice", t.id);
            assert_ne!(t.id, TechniqueId::BruteForce);
        }
    }
}
