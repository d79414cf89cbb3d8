//! The registry's rows for almost locked sets, in [`TechniqueId`] declaration order (one file
//! per block of ids, so that the blocks can grow independently).

use crate::als;
use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Cost, Hodoku, Presets, Reglib, Technique};

use TechniqueId as T;

/// The rows for almost locked sets.
pub(super) const ALS: [Technique; 4] = [
    Technique {
        id: T::AlsXz,
        name: "ALS-XZ",
        family: Family::Als,
        hodoku: Hodoku { order: 5700, score: 300, level: Level::Unfair },
        se: 7.5,
        reglib: Reglib::Codes(&["0901"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(als::als_xz::find),
        find_changed: None,
        digit_local: false,
        cost: Cost::Wide,
    },
    Technique {
        id: T::AlsXyWing,
        name: "ALS-XY-Wing",
        family: Family::Als,
        hodoku: Hodoku { order: 5800, score: 320, level: Level::Unfair },
        se: 8.0,
        reglib: Reglib::Codes(&["0902"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(als::als_xy_wing::find),
        find_changed: None,
        digit_local: false,
        cost: Cost::Wide,
    },
    Technique {
        id: T::AlsChain,
        name: "ALS Chain",
        family: Family::Als,
        hodoku: Hodoku { order: 5900, score: 340, level: Level::Unfair },
        se: 8.2,
        reglib: Reglib::Codes(&["0903"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(als::als_chain::find),
        find_changed: None,
        digit_local: false,
        cost: Cost::Wide,
    },
    Technique {
        id: T::DeathBlossom,
        name: "Death Blossom",
        family: Family::Als,
        hodoku: Hodoku { order: 6000, score: 360, level: Level::Unfair },
        se: 8.5,
        reglib: Reglib::Codes(&["0904"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: true,
        find: Some(als::death_blossom::find),
        find_changed: None,
        digit_local: false,
        cost: Cost::Wide,
    },
];
