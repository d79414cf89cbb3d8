//! The registry: one row per technique, holding everything about it (see [`Technique`]).
//!
//! Each row is a constant in the technique's own file, beside its search (`ROW`, or
//! `ROW_PAIR`, `ROW_LEVEL_1`, ... in a file that serves several ids); [`TECHNIQUES`] lists
//! them, one line per id, in [`TechniqueId`] declaration order. Names, families, HoDoKu
//! order/score/level, SE ratings, reglib codes, preset membership, the naive engine's
//! coverage, the cost class and the search function all come from these rows; the rest of the
//! workspace derives from them (presets in `engine::Order`, reglib's code map, `bitdoku
//! techniques`, the bench's chart colours by family, the fuzz target's cost limits). Adding a
//! technique (see `docs/adding-a-technique.md`): its file (search, row, `//!` semantics, data
//! tests), a [`TechniqueId`] variant, and its line here, in the variant's position. A variant
//! without a line, or lines out of order, fail to compile (see `ROWS_MATCH`).
//!
//! Where the data come from: HoDoKu's order, score, level and default (on/off) are those of
//! HoDoKu 2.2.0's defaults; techniques HoDoKu lacks get an order near their kin (the forcing
//! chains and nets, which HoDoKu has not, order after its last technique, with scores of our
//! choosing). The SE ratings of the techniques SE lacks are ours (a franken fish rates as the
//! basic fish of its size plus 0.2, a mutant plus 0.4).
//!
//! This module imports the families; the families import only `id`, `step`, `sink` and
//! `technique`, never the registry.

use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{
    als, chains, coloring, fish, forcing, intersections, single_digit, singles, subsets,
    sue_de_coq, uniqueness, wings,
};
use bitdoku_bitboard::Candidates;

/// Every technique, one row per id, in [`TechniqueId`] declaration order (so
/// `TECHNIQUES[id as usize]` is the row of `id`).
pub const TECHNIQUES: &[Technique] = &[
    singles::full_house::ROW,
    singles::naked_single::ROW,
    singles::hidden_single::ROW,
    intersections::locked_subset::ROW_PAIR,
    intersections::locked_subset::ROW_TRIPLE,
    intersections::locked_candidates::ROW_POINTING,
    intersections::locked_candidates::ROW_CLAIMING,
    subsets::naked_subset::ROW_PAIR,
    subsets::naked_subset::ROW_TRIPLE,
    subsets::hidden_subset::ROW_PAIR,
    subsets::hidden_subset::ROW_TRIPLE,
    subsets::naked_subset::ROW_QUAD,
    subsets::hidden_subset::ROW_QUAD,
    fish::x_wing::ROW,
    fish::swordfish::ROW,
    fish::jellyfish::ROW,
    uniqueness::bug_plus_one::ROW,
    single_digit::skyscraper::ROW,
    single_digit::two_string_kite::ROW,
    single_digit::turbot_fish::ROW,
    single_digit::empty_rectangle::ROW,
    wings::w_wing::ROW,
    wings::xy_wing::ROW,
    wings::xyz_wing::ROW,
    wings::wxyz_wing::ROW,
    uniqueness::unique_rectangle_1::ROW,
    uniqueness::unique_rectangle_2::ROW,
    uniqueness::unique_rectangle_3::ROW,
    uniqueness::unique_rectangle_4::ROW,
    uniqueness::unique_rectangle_5::ROW,
    uniqueness::unique_rectangle_6::ROW,
    uniqueness::hidden_rectangle::ROW,
    uniqueness::avoidable_rectangle::ROW_TYPE_1,
    uniqueness::avoidable_rectangle::ROW_TYPE_2,
    fish::finned_x_wing::ROW,
    fish::sashimi_x_wing::ROW,
    fish::finned_swordfish::ROW,
    fish::sashimi_swordfish::ROW,
    fish::finned_jellyfish::ROW,
    fish::sashimi_jellyfish::ROW,
    coloring::simple_colors::ROW,
    coloring::multi_colors::ROW,
    chains::remote_pair::ROW,
    chains::x_chain::ROW,
    chains::xy_chain::ROW,
    chains::aic::ROW,
    chains::grouped_aic::ROW,
    single_digit::template_set::ROW,
    single_digit::template_delete::ROW,
    fish::squirmbag::ROW,
    fish::whale::ROW,
    fish::leviathan::ROW,
    fish::finned_squirmbag::ROW,
    fish::sashimi_squirmbag::ROW,
    fish::finned_whale::ROW,
    fish::sashimi_whale::ROW,
    fish::finned_leviathan::ROW,
    fish::sashimi_leviathan::ROW,
    fish::franken_x_wing::ROW,
    fish::franken_swordfish::ROW,
    fish::franken_jellyfish::ROW,
    fish::franken_squirmbag::ROW,
    fish::franken_whale::ROW,
    fish::franken_leviathan::ROW,
    fish::finned_franken_x_wing::ROW,
    fish::finned_franken_swordfish::ROW,
    fish::finned_franken_jellyfish::ROW,
    fish::finned_franken_squirmbag::ROW,
    fish::finned_franken_whale::ROW,
    fish::finned_franken_leviathan::ROW,
    fish::mutant_x_wing::ROW,
    fish::mutant_swordfish::ROW,
    fish::mutant_jellyfish::ROW,
    fish::mutant_squirmbag::ROW,
    fish::mutant_whale::ROW,
    fish::mutant_leviathan::ROW,
    fish::finned_mutant_x_wing::ROW,
    fish::finned_mutant_swordfish::ROW,
    fish::finned_mutant_jellyfish::ROW,
    fish::finned_mutant_squirmbag::ROW,
    fish::finned_mutant_whale::ROW,
    fish::finned_mutant_leviathan::ROW,
    sue_de_coq::ROW,
    single_digit::dual_two_string_kite::ROW,
    single_digit::dual_empty_rectangle::ROW,
    als::als_xz::ROW,
    als::als_xy_wing::ROW,
    als::als_chain::ROW,
    als::death_blossom::ROW,
    forcing::kraken_fish::ROW,
    forcing::forcing_chain::ROW,
    forcing::forcing_net::ROW,
    forcing::nested::ROW_LEVEL_1,
    forcing::nested::ROW_LEVEL_2,
    forcing::nested::ROW_LEVEL_3,
    BRUTE_FORCE,
];

/// The brute-force fallback's row, always last: the engine's fallback, no technique it can
/// call (so no search).
const BRUTE_FORCE: Technique = Technique {
    id: TechniqueId::BruteForce,
    name: "Brute Force",
    family: Family::Fallback,
    hodoku: Hodoku {
        order: 8900,
        score: 10000,
        level: Level::Extreme,
        choice: HodokuChoice::First,
    },
    se: 20.0,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: false,
    find: None,
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

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
