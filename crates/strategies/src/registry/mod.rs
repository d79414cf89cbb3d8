//! The registry: one row per technique, holding everything about it (see [`Technique`]).
//!
//! The rows are in `table.rs`, `table_late.rs` and one `table_*.rs` per later block of ids (joined
//! into one array in declaration order, see `PARTS` in `table.rs`). Names, families, HoDoKu order/score/level, SE ratings, reglib
//! codes, preset membership, the
//! naive engine's coverage and the search function all come from this one table; the rest of
//! the workspace derives from it (presets in `engine::Order`, reglib's code map, `bitdoku
//! techniques`, the bench's chart colours by family). Adding a technique: its file (search,
//! `//!` semantics, data tests), a [`TechniqueId`] variant, and a row here, in the variant's
//! position. A variant without a row, or rows out of order, fail to compile (see `ROWS_MATCH`).
//!
//! This module imports the families; the families import only `id`, `step`, `sink` and
//! `technique`, never the registry.

use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Cost, Reglib, Technique};
use bitdoku_bitboard::Candidates;

mod table;
mod table_als;
mod table_fish;
mod table_forcing;
mod table_late;
mod table_mid;
mod table_sdc;

pub use table::TECHNIQUES;

/// Compile-time guard: one row per id, in declaration order.
const ROWS_MATCH: () = {
    assert!(TECHNIQUES.len() == TechniqueId::ALL.len(), "one registry row per TechniqueId");
    let mut i = 0;
    while i < TECHNIQUES.len() {
        assert!(TECHNIQUES[i].id as usize == i, "registry rows must follow TechniqueId order");
        i += 1;
    }
};

impl TechniqueId {
    /// This id's registry row.
    #[must_use]
    pub const fn row(self) -> &'static Technique {
        let () = ROWS_MATCH;
        &TECHNIQUES[self as usize]
    }

    /// The community's full name, for explanations (e.g. `Two-String Kite`, `BUG+1`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The family.
    #[must_use]
    pub const fn family(self) -> Family {
        self.row().family
    }

    /// Position in HoDoKu 2.2.0's default order (WXYZ-Wing, absent from HoDoKu, right after
    /// XYZ-Wing).
    #[must_use]
    pub const fn hodoku_order(self) -> u32 {
        self.row().hodoku.order
    }

    /// HoDoKu score added to a puzzle's rating per use.
    #[must_use]
    pub const fn score(self) -> u32 {
        self.row().hodoku.score
    }

    /// HoDoKu level.
    #[must_use]
    pub const fn level(self) -> Level {
        self.row().hodoku.level
    }

    /// Approximate Sudoku Explainer rating (SE 1.2.1 / SukakuExplainer scale).
    #[must_use]
    pub const fn se_rating(self) -> f32 {
        self.row().se
    }

    /// How the technique's work grows with the state (see [`Cost`]).
    #[must_use]
    pub const fn cost(self) -> Cost {
        self.row().cost
    }

    /// Whether the technique assumes the puzzle has exactly one solution.
    #[must_use]
    pub const fn needs_uniqueness(self) -> bool {
        self.row().needs_uniqueness
    }
}

/// Every implemented technique (a row with a search), in declaration order.
pub fn all() -> impl Iterator<Item = &'static Technique> {
    TECHNIQUES.iter().filter(|t| t.find.is_some())
}

/// The registered technique with this id, if it is implemented.
pub fn get(id: TechniqueId) -> Option<&'static Technique> {
    Some(id.row()).filter(|t| t.find.is_some())
}

/// The technique HoDoKu's four-digit reglib `code` tests, if one has it.
pub fn by_reglib_code(code: &str) -> Option<TechniqueId> {
    TECHNIQUES.iter().find_map(|t| match t.reglib {
        Reglib::Codes(codes) if codes.contains(&code) => Some(t.id),
        _ => None,
    })
}

/// Runs technique `id` in find-all mode and returns its steps (empty if not implemented).
pub fn find_all(id: TechniqueId, state: &Candidates) -> Vec<crate::Step> {
    let mut steps = Vec::new();
    if let Some(t) = get(id) {
        let _ = t.search(state, &mut steps);
    }
    steps
}

#[cfg(test)]
mod house_local_tests;
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_in_id_order_and_only_brute_force_has_no_search() {
        for (i, t) in TECHNIQUES.iter().enumerate() {
            assert_eq!(t.id as usize, i);
            assert_eq!(t.find.is_none(), t.id == TechniqueId::BruteForce, "{}", t.id);
        }
        assert!(get(TechniqueId::BruteForce).is_none());
    }

    #[test]
    fn uniqueness_flag_matches_the_uniqueness_family() {
        for t in TECHNIQUES {
            assert_eq!(t.needs_uniqueness, t.family == Family::Uniqueness, "{}", t.id);
        }
    }

    #[test]
    fn reglib_codes_are_unique_four_digit_codes() {
        let mut seen = std::collections::HashSet::new();
        for t in TECHNIQUES {
            if let Reglib::Codes(codes) = t.reglib {
                assert!(!codes.is_empty(), "{}: use Reglib::NoCases", t.id);
                for c in codes {
                    assert!(c.len() == 4 && c.bytes().all(|b| b.is_ascii_digit()), "{c}");
                    assert!(seen.insert(*c), "{c} mapped twice");
                    assert_eq!(by_reglib_code(c), Some(t.id));
                }
            }
        }
    }

    /// The cost classes reproduce the rule the fuzz target used before they were row data:
    /// the ALS family and every franken, mutant, squirmbag, whale, leviathan or nested id may
    /// explode on a free state (skipped above 50 open cells), and nested nets of level 2 or
    /// more are skipped above 20.
    #[test]
    fn cost_classes_match_the_fuzz_rule() {
        for t in TECHNIQUES {
            let id = t.id.as_str();
            let heavy = t.family == Family::Als
                || ["franken", "mutant", "squirmbag", "whale", "leviathan", "nested"]
                    .iter()
                    .any(|k| id.contains(k));
            let wide_or_nested = matches!(t.cost, Cost::Wide | Cost::Nested(_));
            assert_eq!(wide_or_nested, heavy, "{id}: cost {:?}", t.cost);
            let level = crate::forcing::nested::level_of(t.id);
            let nested = match t.cost {
                Cost::Nested(k) => Some(usize::from(k)),
                _ => None,
            };
            assert_eq!(nested, level, "{id}: cost {:?}", t.cost);
            assert_eq!(t.cost.may_explode(), t.cost != Cost::Light, "{id}");
        }
        let heavy: Vec<_> =
            TECHNIQUES.iter().filter(|t| t.cost == Cost::Heavy).map(|t| t.id).collect();
        use TechniqueId as T;
        assert_eq!(
            heavy,
            [T::TemplateSet, T::TemplateDelete, T::KrakenFish, T::ForcingChain, T::ForcingNet]
        );
    }

    #[test]
    fn seeds_positions_are_distinct_and_dense() {
        let mut pos: Vec<u8> = TECHNIQUES.iter().filter_map(|t| t.presets.seeds).collect();
        pos.sort_unstable();
        assert_eq!(pos, (0..pos.len() as u8).collect::<Vec<_>>());
    }
}
