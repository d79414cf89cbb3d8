//! The registry's rows, one per technique, in [`TechniqueId`] declaration order (see the
//! module docs of [`crate::registry`] for what a row holds and how to add one).

use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Hodoku, Presets, Reglib, Technique};
use crate::{fish, intersections, single_digit, singles, subsets, uniqueness};

use TechniqueId as T;

/// Every technique, in [`TechniqueId`] declaration order (so `TECHNIQUES[id as usize]` is the
/// row of `id`).
pub const TECHNIQUES: &[Technique] = &concat::<COUNT>(PARTS);

/// The blocks of rows, in [`TechniqueId`] declaration order.
const PARTS: &[&[Technique]] = &[
    &EARLY,
    &super::table_mid::MID,
    &super::table_late::LATE,
    &super::table_fish::FISH,
    &super::table_sdc::SDC,
    &super::table_als::ALS,
    &super::table_forcing::FORCING,
    &super::table_late::FALLBACK,
];

/// The number of rows.
const COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < PARTS.len() {
        n += PARTS[i].len();
        i += 1;
    }
    n
};

/// The rows from full house to the empty rectangle (the first wave's techniques, continued in
/// `table_mid.rs`).
const EARLY: [Technique; 21] = [
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
        find_changed: None,
        digit_local: false,
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
        find_changed: None,
        digit_local: false,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: Some(intersections::locked_subset::find_pair_changed),
        digit_local: false,
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
        find_changed: Some(intersections::locked_subset::find_triple_changed),
        digit_local: false,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: Some(subsets::naked_subset::find_pair_changed),
        digit_local: false,
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
        find_changed: Some(subsets::naked_subset::find_triple_changed),
        digit_local: false,
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
        find_changed: Some(subsets::hidden_subset::find_pair_changed),
        digit_local: false,
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
        find_changed: Some(subsets::hidden_subset::find_triple_changed),
        digit_local: false,
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
        find_changed: Some(subsets::naked_subset::find_quad_changed),
        digit_local: false,
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
        find_changed: Some(subsets::hidden_subset::find_quad_changed),
        digit_local: false,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: None,
        digit_local: false,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: None,
        digit_local: true,
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
        find_changed: None,
        digit_local: true,
    },
];

/// The blocks of `parts` as one array of `N` rows.
const fn concat<const N: usize>(parts: &[&[Technique]]) -> [Technique; N] {
    let mut out = [parts[0][0]; N];
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[n] = parts[p][i];
            n += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(n == N, "registry table lengths");
    out
}
