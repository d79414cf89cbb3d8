//! The registry's rows for forcing chains and nets and the nested forcing nets (HoDoKu has
//! none: orders after its last technique, scores of our choosing), in [`TechniqueId`] declaration order (one
//! file per block of ids, so that the blocks can grow independently).

use crate::forcing;
use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Hodoku, Presets, Reglib, Technique};

use TechniqueId as T;

/// The rows for forcing chains and nets.
pub(super) const FORCING: [Technique; 6] = [
    Technique {
        id: T::KrakenFish,
        name: "Kraken Fish",
        family: Family::Forcing,
        hodoku: Hodoku { order: 8450, score: 500, level: Level::Extreme },
        se: 8.0,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: true,
        find: Some(forcing::kraken_fish::find),
        find_changed: None,
        digit_local: false,
    },
    Technique {
        id: T::ForcingChain,
        name: "Forcing Chain",
        family: Family::Forcing,
        hodoku: Hodoku { order: 8500, score: 500, level: Level::Extreme },
        se: 8.0,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(forcing::forcing_chain::find),
        find_changed: None,
        digit_local: false,
    },
    Technique {
        id: T::ForcingNet,
        name: "Forcing Net",
        family: Family::Forcing,
        hodoku: Hodoku { order: 8600, score: 700, level: Level::Extreme },
        se: 8.5,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(forcing::forcing_net::find),
        find_changed: None,
        digit_local: false,
    },
    Technique {
        id: T::NestedForcingNet1,
        name: "Nested Forcing Net (level 1)",
        family: Family::Forcing,
        hodoku: Hodoku { order: 9100, score: 1000, level: Level::Extreme },
        se: 9.5,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: true,
        find: Some(forcing::nested::find_level_1),
        find_changed: None,
        digit_local: false,
    },
    Technique {
        id: T::NestedForcingNet2,
        name: "Nested Forcing Net (level 2)",
        family: Family::Forcing,
        hodoku: Hodoku { order: 9200, score: 1500, level: Level::Extreme },
        se: 10.0,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: true,
        find: Some(forcing::nested::find_level_2),
        find_changed: None,
        digit_local: false,
    },
    Technique {
        id: T::NestedForcingNet3,
        name: "Nested Forcing Net (level 3)",
        family: Family::Forcing,
        hodoku: Hodoku { order: 9300, score: 2000, level: Level::Extreme },
        se: 10.5,
        reglib: Reglib::NoCases,
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: true,
        find: Some(forcing::nested::find_level_3),
        find_changed: None,
        digit_local: false,
    },
];
