//! Difficulty ratings of a solution path: HoDoKu's score and level, and Sudoku-Explainer-style
//! ER/EP/ED (the hardest step overall, up to the first placement, up to the first elimination).
//!
//! Ratings are meaningful in single granularity (one step at a time, easiest first). In batch
//! granularity each step of a batch is counted, so scores are comparable but larger.

use bitdoku_bitboard::HouseKind;
use bitdoku_strategies::{Level, Step, TechniqueId};

/// A path's rating.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rating {
    /// HoDoKu score: the sum of every applied step's score.
    pub score: u32,
    /// The hardest technique's level (None before any step).
    pub hardest: Option<Level>,
    /// SE-style ER: the highest step rating on the path.
    pub er: f32,
    /// SE-style EP: the highest step rating up to and including the first placement.
    pub ep: f32,
    /// SE-style ED: the highest step rating up to and including the first elimination.
    pub ed: f32,
    /// The technique that first reached `er` (SE's `%R`).
    pub er_id: Option<TechniqueId>,
    /// The technique that first reached `ep` (SE's `%P`).
    pub ep_id: Option<TechniqueId>,
    /// The technique that first reached `ed` (SE's `%D`).
    pub ed_id: Option<TechniqueId>,
    placed: bool,
    eliminated: bool,
}

/// A step's rating on the SE scale: the technique's, except a hidden single in a box, which
/// Sudoku Explainer rates 1.2 (1.5 in a row or column only).
#[must_use]
pub fn se_rating(step: &Step) -> f32 {
    let in_box = step.evidence.base.iter().any(|h| h.kind() == HouseKind::Box);
    if step.technique == TechniqueId::HiddenSingle && in_box {
        1.2
    } else {
        step.technique.se_rating()
    }
}

impl Rating {
    /// Adds one applied step of `id` (`step` = None for the brute-force fallback).
    pub fn add(&mut self, id: TechniqueId, step: Option<&Step>) {
        let places = step.is_none_or(|s| s.placements.iter().any(|p| !p.is_empty()));
        let eliminates = step.is_some_and(|s| s.eliminations.iter().any(|e| !e.is_empty()));
        self.score = self.score.saturating_add(id.score());
        self.hardest = self.hardest.max(Some(id.level()));
        let r = step.map_or(id.se_rating(), se_rating);
        if r > self.er || self.er_id.is_none() {
            self.er = self.er.max(r);
            self.er_id = Some(id);
        }
        if !self.placed {
            self.ep = self.er;
            self.ep_id = self.er_id;
            self.placed = places;
        }
        if !self.eliminated {
            self.ed = self.er;
            self.ed_id = self.er_id;
            self.eliminated = eliminates || places;
        }
    }

    /// Whether a step that places a digit has been added (EP is final).
    #[must_use]
    pub fn placed(&self) -> bool {
        self.placed
    }

    /// Adds a batch of `steps` steps of `id` (effects not inspected: EP/ED treat the batch as
    /// both placing and eliminating). The same as `steps` calls of `add(id, None)` (at least
    /// one): after the first, EP and ED are final and ER already counts `id`, so the others
    /// only add their score.
    pub fn add_batch(&mut self, id: TechniqueId, steps: u32) {
        self.add(id, None);
        let more = steps.saturating_sub(1);
        self.score = self.score.saturating_add(id.score().saturating_mul(more));
    }

    /// HoDoKu's level: the hardest step's level, bumped while the total score exceeds that
    /// level's maximum (easy 800, medium 1000, hard 1600, unfair 1800).
    #[must_use]
    pub fn level(&self) -> Level {
        let mut level = self.hardest.unwrap_or(Level::Easy);
        while self.score > level.max_score() {
            level = match level {
                Level::Easy => Level::Medium,
                Level::Medium => Level::Hard,
                Level::Hard => Level::Unfair,
                Level::Unfair | Level::Extreme => Level::Extreme,
            };
            if level == Level::Extreme {
                break;
            }
        }
        level
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `add_batch(id, n)` is `n` (at least one) calls of `add(id, None)`, whatever came
    /// before, including a score that saturates.
    #[test]
    fn a_batch_is_its_steps_one_by_one() {
        let ids = [
            TechniqueId::NakedSingle,
            TechniqueId::HiddenSingle,
            TechniqueId::XWing,
            TechniqueId::AlsXz,
            TechniqueId::FullHouse,
        ];
        for start in [0, 1, 2, 3] {
            for n in [0, 1, 2, 7] {
                for (k, &id) in ids.iter().enumerate() {
                    let mut a = Rating::default();
                    for &before in &ids[..start] {
                        a.add(before, None);
                    }
                    if k == 4 {
                        a.score = u32::MAX - 100;
                    }
                    let mut b = a;
                    a.add_batch(id, n);
                    for _ in 0..n.max(1) {
                        b.add(id, None);
                    }
                    assert_eq!(a, b, "{id} x {n} after {start}");
                }
            }
        }
    }

    #[test]
    fn level_bumps_with_score() {
        let mut r = Rating::default();
        r.add(TechniqueId::HiddenSingle, None);
        assert_eq!(r.level(), Level::Easy);
        for _ in 0..60 {
            r.add(TechniqueId::HiddenSingle, None);
        }
        assert_eq!(r.score, 61 * 14);
        assert_eq!(r.level(), Level::Medium);
        r.add(TechniqueId::BruteForce, None);
        assert_eq!(r.level(), Level::Extreme);
        assert_eq!(r.er, 20.0);
        assert_eq!(r.ep, 1.5);
        assert_eq!(r.er_id, Some(TechniqueId::BruteForce));
        assert_eq!(r.ep_id, Some(TechniqueId::HiddenSingle));
        assert_eq!(r.ed_id, Some(TechniqueId::HiddenSingle));
        assert!(r.placed());
    }

    #[test]
    fn hidden_singles_rate_by_house() {
        use bitdoku_bitboard::{Cell, Digit, House, HouseSet};
        let mut step = Step::new(TechniqueId::HiddenSingle);
        step.place(Cell::from_rc(0, 0), Digit::from_value(1).unwrap());
        step.evidence.base = HouseSet::single(House::row(0));
        assert_eq!(se_rating(&step), 1.5);
        step.evidence.base = step.evidence.base.with(House::boxx(0));
        assert_eq!(se_rating(&step), 1.2);
        step.technique = TechniqueId::NakedSingle;
        assert_eq!(se_rating(&step), 2.3);
    }

    #[test]
    fn names_follow_the_first_technique_at_the_maximum() {
        let mut r = Rating::default();
        let elim = |id| {
            let mut s = Step::new(id);
            s.eliminate(
                bitdoku_bitboard::Digit::from_value(1).unwrap(),
                bitdoku_bitboard::CellSet::ALL,
            );
            s
        };
        r.add(TechniqueId::NakedPair, Some(&elim(TechniqueId::NakedPair)));
        r.add(TechniqueId::XWing, Some(&elim(TechniqueId::XWing)));
        r.add(TechniqueId::HiddenSingle, None);
        r.add(TechniqueId::XWing, Some(&elim(TechniqueId::XWing)));
        assert_eq!(
            (r.ed_id, r.ep_id, r.er_id),
            (Some(TechniqueId::NakedPair), Some(TechniqueId::XWing), Some(TechniqueId::XWing))
        );
        assert!(r.ed < r.ep && r.ep == r.er);
    }
}
