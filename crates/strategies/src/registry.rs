//! The registry: one row per technique, holding everything about it (see [`Technique`]).
//!
//! Names, families, HoDoKu order/score/level, SE ratings, reglib codes, preset membership, the
//! naive engine's coverage and the search function all come from this one table; the rest of
//! the workspace derives from it (presets in `engine::Order`, reglib's code map, `bitdoku
//! techniques`, the bench's chart colours by family). Adding a technique: its file (search,
//! `//!` semantics, data tests), a [`TechniqueId`] variant, and a row here, in the variant's
//! position. A variant without a row, or rows out of order, fail to compile (see `ROWS_MATCH`).
//!
//! This module imports the families; the families import only `id`, `step`, `sink` and
//! `technique`, never the registry.

use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Hodoku, Presets, Reglib, Technique};
use crate::{fish, intersections, single_digit, singles, subsets, uniqueness, wings};
use bitdoku_bitboard::Candidates;

use TechniqueId as T;

/// Every technique, in [`TechniqueId`] declaration order (so `TECHNIQUES[id as usize]` is the
/// row of `id`).
pub const TECHNIQUES: &[Technique] = &[
    Technique {
        id: T::FullHouse,
        name: "Full House",
        family: Family::Singles,
        hodoku: Hodoku { order: 100, score: 4, level: Level::Easy },
        se: 1.0,
        reglib: Reglib::Codes(&["0000"]),
        needs_uniqueness: false,
        presets: Presets { singles: true, seeds: Some(0), hodoku: true },
        naive: true,
        find: Some(singles::full_house::find),
    },
    Technique {
        id: T::NakedSingle,
        name: "Naked Single",
        family: Family::Singles,
        hodoku: Hodoku { order: 200, score: 4, level: Level::Easy },
        se: 2.3,
        reglib: Reglib::Codes(&["0003"]),
        needs_uniqueness: false,
        presets: Presets { singles: true, seeds: Some(1), hodoku: true },
        naive: true,
        find: Some(singles::naked_single::find),
    },
    Technique {
        id: T::HiddenSingle,
        name: "Hidden Single",
        family: Family::Singles,
        hodoku: Hodoku { order: 300, score: 14, level: Level::Easy },
        se: 1.5,
        reglib: Reglib::Codes(&["0002"]),
        needs_uniqueness: false,
        presets: Presets { singles: true, seeds: Some(2), hodoku: true },
        naive: true,
        find: Some(singles::hidden_single::find),
    },
    Technique {
        id: T::LockedPair,
        name: "Locked Pair",
        family: Family::Intersections,
        hodoku: Hodoku { order: 1000, score: 40, level: Level::Medium },
        se: 2.0,
        reglib: Reglib::Codes(&["0110"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(intersections::locked_subset::find_pair),
    },
    Technique {
        id: T::LockedTriple,
        name: "Locked Triple",
        family: Family::Intersections,
        hodoku: Hodoku { order: 1100, score: 60, level: Level::Medium },
        se: 2.5,
        reglib: Reglib::Codes(&["0111"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(intersections::locked_subset::find_triple),
    },
    Technique {
        id: T::LockedCandidatesPointing,
        name: "Locked Candidates (Pointing)",
        family: Family::Intersections,
        hodoku: Hodoku { order: 1200, score: 50, level: Level::Medium },
        se: 2.6,
        reglib: Reglib::Codes(&["0100"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(3), hodoku: true },
        naive: true,
        find: Some(intersections::locked_candidates::find_pointing),
    },
    Technique {
        id: T::LockedCandidatesClaiming,
        name: "Locked Candidates (Claiming)",
        family: Family::Intersections,
        hodoku: Hodoku { order: 1210, score: 50, level: Level::Medium },
        se: 2.8,
        reglib: Reglib::Codes(&["0101"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(4), hodoku: true },
        naive: true,
        find: Some(intersections::locked_candidates::find_claiming),
    },
    Technique {
        id: T::NakedPair,
        name: "Naked Pair",
        family: Family::Subsets,
        hodoku: Hodoku { order: 1300, score: 60, level: Level::Medium },
        se: 3.0,
        reglib: Reglib::Codes(&["0200"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(5), hodoku: true },
        naive: true,
        find: Some(subsets::naked_subset::find_pair),
    },
    Technique {
        id: T::NakedTriple,
        name: "Naked Triple",
        family: Family::Subsets,
        hodoku: Hodoku { order: 1400, score: 80, level: Level::Medium },
        se: 3.6,
        reglib: Reglib::Codes(&["0201"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(7), hodoku: true },
        naive: true,
        find: Some(subsets::naked_subset::find_triple),
    },
    Technique {
        id: T::HiddenPair,
        name: "Hidden Pair",
        family: Family::Subsets,
        hodoku: Hodoku { order: 1500, score: 70, level: Level::Medium },
        se: 3.4,
        reglib: Reglib::Codes(&["0210"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(6), hodoku: true },
        naive: true,
        find: Some(subsets::hidden_subset::find_pair),
    },
    Technique {
        id: T::HiddenTriple,
        name: "Hidden Triple",
        family: Family::Subsets,
        hodoku: Hodoku { order: 1600, score: 100, level: Level::Medium },
        se: 4.0,
        reglib: Reglib::Codes(&["0211"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(8), hodoku: true },
        naive: true,
        find: Some(subsets::hidden_subset::find_triple),
    },
    Technique {
        id: T::NakedQuad,
        name: "Naked Quad",
        family: Family::Subsets,
        hodoku: Hodoku { order: 2000, score: 120, level: Level::Hard },
        se: 5.0,
        reglib: Reglib::Codes(&["0202"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(subsets::naked_subset::find_quad),
    },
    Technique {
        id: T::HiddenQuad,
        name: "Hidden Quad",
        family: Family::Subsets,
        hodoku: Hodoku { order: 2100, score: 150, level: Level::Hard },
        se: 5.4,
        reglib: Reglib::Codes(&["0212"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(subsets::hidden_subset::find_quad),
    },
    Technique {
        id: T::XWing,
        name: "X-Wing",
        family: Family::Fish,
        hodoku: Hodoku { order: 2200, score: 140, level: Level::Hard },
        se: 3.2,
        reglib: Reglib::Codes(&["0300"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(9), hodoku: true },
        naive: true,
        find: Some(fish::x_wing::find),
    },
    Technique {
        id: T::Swordfish,
        name: "Swordfish",
        family: Family::Fish,
        hodoku: Hodoku { order: 2300, score: 150, level: Level::Hard },
        se: 3.8,
        reglib: Reglib::Codes(&["0301"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(10), hodoku: true },
        naive: true,
        find: Some(fish::swordfish::find),
    },
    Technique {
        id: T::Jellyfish,
        name: "Jellyfish",
        family: Family::Fish,
        hodoku: Hodoku { order: 2400, score: 160, level: Level::Hard },
        se: 5.2,
        reglib: Reglib::Codes(&["0302"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(fish::jellyfish::find),
    },
    Technique {
        id: T::BugPlusOne,
        name: "BUG+1",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 2900, score: 100, level: Level::Hard },
        se: 5.6,
        reglib: Reglib::Codes(&["0610"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::bug_plus_one::find),
    },
    Technique {
        id: T::Skyscraper,
        name: "Skyscraper",
        family: Family::SingleDigit,
        hodoku: Hodoku { order: 3000, score: 130, level: Level::Hard },
        se: 4.0,
        reglib: Reglib::Codes(&["0400"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(13), hodoku: true },
        naive: true,
        find: Some(single_digit::skyscraper::find),
    },
    Technique {
        id: T::TwoStringKite,
        name: "Two-String Kite",
        family: Family::SingleDigit,
        hodoku: Hodoku { order: 3100, score: 150, level: Level::Hard },
        se: 4.1,
        reglib: Reglib::Codes(&["0401"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(14), hodoku: true },
        naive: true,
        find: Some(single_digit::two_string_kite::find),
    },
    Technique {
        id: T::TurbotFish,
        name: "Turbot Fish",
        family: Family::SingleDigit,
        hodoku: Hodoku { order: 3120, score: 120, level: Level::Hard },
        se: 4.2,
        reglib: Reglib::Codes(&["0403"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(single_digit::turbot_fish::find),
    },
    Technique {
        id: T::EmptyRectangle,
        name: "Empty Rectangle",
        family: Family::SingleDigit,
        hodoku: Hodoku { order: 3170, score: 120, level: Level::Hard },
        se: 4.2,
        reglib: Reglib::Codes(&["0402"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(single_digit::empty_rectangle::find),
    },
    Technique {
        id: T::WWing,
        name: "W-Wing",
        family: Family::Wings,
        hodoku: Hodoku { order: 3200, score: 150, level: Level::Hard },
        se: 4.4,
        reglib: Reglib::Codes(&["0803"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(wings::w_wing::find),
    },
    Technique {
        id: T::XyWing,
        name: "XY-Wing",
        family: Family::Wings,
        hodoku: Hodoku { order: 3300, score: 160, level: Level::Hard },
        se: 4.2,
        reglib: Reglib::Codes(&["0800"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(15), hodoku: true },
        naive: true,
        find: Some(wings::xy_wing::find),
    },
    Technique {
        id: T::XyzWing,
        name: "XYZ-Wing",
        family: Family::Wings,
        hodoku: Hodoku { order: 3400, score: 180, level: Level::Hard },
        se: 4.4,
        reglib: Reglib::Codes(&["0801"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(16), hodoku: true },
        naive: true,
        find: Some(wings::xyz_wing::find),
    },
    Technique {
        id: T::WxyzWing,
        name: "WXYZ-Wing",
        family: Family::Wings,
        hodoku: Hodoku { order: 3450, score: 200, level: Level::Hard },
        se: 5.5,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(17), hodoku: false },
        naive: true,
        find: Some(wings::wxyz_wing::find),
    },
    Technique {
        id: T::UniqueRectangle1,
        name: "Unique Rectangle Type 1",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 3500, score: 100, level: Level::Hard },
        se: 4.5,
        reglib: Reglib::Codes(&["0600"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::unique_rectangle_1::find),
    },
    Technique {
        id: T::UniqueRectangle2,
        name: "Unique Rectangle Type 2",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 3600, score: 100, level: Level::Hard },
        se: 4.6,
        reglib: Reglib::Codes(&["0601"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::unique_rectangle_2::find),
    },
    Technique {
        id: T::UniqueRectangle3,
        name: "Unique Rectangle Type 3",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 3700, score: 100, level: Level::Hard },
        se: 4.6,
        reglib: Reglib::Codes(&["0602"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::unique_rectangle_3::find),
    },
    Technique {
        id: T::UniqueRectangle4,
        name: "Unique Rectangle Type 4",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 3800, score: 100, level: Level::Hard },
        se: 4.5,
        reglib: Reglib::Codes(&["0603"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::unique_rectangle_4::find),
    },
    Technique {
        id: T::UniqueRectangle5,
        name: "Unique Rectangle Type 5",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 3900, score: 100, level: Level::Hard },
        se: 4.6,
        reglib: Reglib::Codes(&["0604"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::unique_rectangle_5::find),
    },
    Technique {
        id: T::UniqueRectangle6,
        name: "Unique Rectangle Type 6",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 4000, score: 100, level: Level::Hard },
        se: 4.6,
        reglib: Reglib::Codes(&["0605"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::unique_rectangle_6::find),
    },
    Technique {
        id: T::HiddenRectangle,
        name: "Hidden Rectangle",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 4010, score: 100, level: Level::Hard },
        se: 4.6,
        reglib: Reglib::Codes(&["0606"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(uniqueness::hidden_rectangle::find),
    },
    Technique {
        id: T::AvoidableRectangle1,
        name: "Avoidable Rectangle Type 1",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 4020, score: 100, level: Level::Hard },
        se: 4.5,
        reglib: Reglib::Codes(&["0607"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: Some(18), hodoku: true },
        naive: true,
        find: Some(uniqueness::avoidable_rectangle::find_type_1),
    },
    Technique {
        id: T::AvoidableRectangle2,
        name: "Avoidable Rectangle Type 2",
        family: Family::Uniqueness,
        hodoku: Hodoku { order: 4030, score: 100, level: Level::Hard },
        se: 4.6,
        reglib: Reglib::Codes(&["0608"]),
        needs_uniqueness: true,
        presets: Presets { singles: false, seeds: Some(19), hodoku: true },
        naive: true,
        find: Some(uniqueness::avoidable_rectangle::find_type_2),
    },
    Technique {
        id: T::FinnedXWing,
        name: "Finned X-Wing",
        family: Family::Fish,
        hodoku: Hodoku { order: 4100, score: 130, level: Level::Hard },
        se: 3.4,
        reglib: Reglib::Codes(&["0310"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(11), hodoku: true },
        naive: true,
        find: Some(fish::finned_x_wing::find),
    },
    Technique {
        id: T::SashimiXWing,
        name: "Sashimi X-Wing",
        family: Family::Fish,
        hodoku: Hodoku { order: 4200, score: 150, level: Level::Hard },
        se: 3.5,
        reglib: Reglib::Codes(&["0320"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(fish::sashimi_x_wing::find),
    },
    Technique {
        id: T::FinnedSwordfish,
        name: "Finned Swordfish",
        family: Family::Fish,
        hodoku: Hodoku { order: 4300, score: 200, level: Level::Unfair },
        se: 4.0,
        reglib: Reglib::Codes(&["0311"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: Some(12), hodoku: true },
        naive: true,
        find: Some(fish::finned_swordfish::find),
    },
    Technique {
        id: T::SashimiSwordfish,
        name: "Sashimi Swordfish",
        family: Family::Fish,
        hodoku: Hodoku { order: 4400, score: 240, level: Level::Unfair },
        se: 4.1,
        reglib: Reglib::Codes(&["0321"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(fish::sashimi_swordfish::find),
    },
    Technique {
        id: T::FinnedJellyfish,
        name: "Finned Jellyfish",
        family: Family::Fish,
        hodoku: Hodoku { order: 4500, score: 250, level: Level::Unfair },
        se: 5.4,
        reglib: Reglib::Codes(&["0312"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(fish::finned_jellyfish::find),
    },
    Technique {
        id: T::SashimiJellyfish,
        name: "Sashimi Jellyfish",
        family: Family::Fish,
        hodoku: Hodoku { order: 4600, score: 260, level: Level::Unfair },
        se: 5.5,
        reglib: Reglib::Codes(&["0322"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(fish::sashimi_jellyfish::find),
    },
    Technique {
        id: T::BruteForce,
        name: "Brute Force",
        family: Family::Fallback,
        hodoku: Hodoku { order: 8900, score: 10000, level: Level::Extreme },
        se: 20.0,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: false,
        find: None,
    },
];

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

    #[test]
    fn seeds_positions_are_distinct_and_dense() {
        let mut pos: Vec<u8> = TECHNIQUES.iter().filter_map(|t| t.presets.seeds).collect();
        pos.sort_unstable();
        assert_eq!(pos, (0..pos.len() as u8).collect::<Vec<_>>());
    }
}
