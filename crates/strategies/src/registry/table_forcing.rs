//! The registry's rows for forcing chains and nets, in [`TechniqueId`] declaration order (one
//! file per block of ids, so that the blocks can grow independently).

use crate::forcing;
use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Hodoku, Presets, Reglib, Technique};

use TechniqueId as T;

/// The rows for forcing chains and nets.
pub(super) const FORCING: [Technique; 2] = [
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
    },
];
