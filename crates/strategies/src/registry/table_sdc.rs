//! The registry's rows for Sue de Coq, dual two-string kite and dual empty rectangle, in [`TechniqueId`] declaration order (one
//! file per block of ids, so that the blocks can grow independently).
//!
//! HoDoKu 2.2.0 has no step configuration of its own for the two duals: `SolutionType`
//! maps them to the kite's (order 3100, score 150, hard) and the empty rectangle's (order
//! 3170, score 120, hard), and they are only found with the option "allow duals and Siamese",
//! off by default (so they are not in the `hodoku` preset). With that option on, HoDoKu's kite
//! and ER searches sort every dual before the single patterns, so the duals get the orders
//! just before theirs (3099, 3169): in the `all` preset a dual fires before the two single
//! patterns it joins. Sue de Coq: HoDoKu order 5300, score 250, unfair, on by default.

use crate::id::{Family, Level, TechniqueId};
use crate::technique::{Cost, Hodoku, Presets, Reglib, Technique};
use crate::{single_digit, sue_de_coq};

use TechniqueId as T;

/// The rows for Sue de Coq, dual two-string kite and dual empty rectangle.
pub(super) const SDC: [Technique; 3] = [
    Technique {
        id: T::SueDeCoq,
        name: "Sue de Coq",
        family: Family::Als,
        hodoku: Hodoku { order: 5300, score: 250, level: Level::Unfair },
        // Sudoku Explainer has no Sue de Coq. Its basic form is two naked subsets sharing the
        // intersection cells, an ALS-XZ-like deduction: rated like the ALS family's entry
        // point, above the single-chain colouring (6.5-7.0) and below nice loops/AIC.
        se: 6.6,
        reglib: Reglib::Codes(&["1101"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: true },
        naive: true,
        find: Some(sue_de_coq::find),
        find_changed: Some(sue_de_coq::find_changed),
        digit_local: false,
        cost: Cost::Wide,
    },
    Technique {
        id: T::DualTwoStringKite,
        name: "Dual Two-String Kite",
        family: Family::SingleDigit,
        hodoku: Hodoku { order: 3099, score: 150, level: Level::Hard },
        se: 4.1,
        reglib: Reglib::Codes(&["0404"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: true,
        find: Some(single_digit::dual_two_string_kite::find),
        find_changed: None,
        digit_local: true,
        cost: Cost::Light,
    },
    Technique {
        id: T::DualEmptyRectangle,
        name: "Dual Empty Rectangle",
        family: Family::SingleDigit,
        hodoku: Hodoku { order: 3169, score: 120, level: Level::Hard },
        se: 4.2,
        reglib: Reglib::Codes(&["0405"]),
        needs_uniqueness: false,
        presets: Presets { singles: false, seeds: None, hodoku: false },
        naive: true,
        find: Some(single_digit::dual_empty_rectangle::find),
        find_changed: None,
        digit_local: true,
        cost: Cost::Light,
    },
];
