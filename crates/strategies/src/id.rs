//! [`TechniqueId`]: the stable kebab-case identifiers of every technique, with family, HoDoKu
//! order/score/level and an SE-scale rating. One exhaustive match per property, no `_` arm.

use std::fmt;
use std::str::FromStr;

/// A family of techniques (one folder of this crate each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Full house, naked single, hidden single.
    Singles,
    /// Locked candidates, locked pair/triple.
    Intersections,
    /// Naked and hidden subsets.
    Subsets,
    /// Basic, finned and sashimi fish.
    Fish,
    /// Skyscraper, two-string kite, turbot fish, empty rectangle.
    SingleDigit,
    /// XY-, XYZ-, WXYZ- and W-Wing.
    Wings,
    /// Unique/hidden/avoidable rectangles, BUG+1 (only for puzzles with one solution).
    Uniqueness,
    /// The brute-force fallback.
    Fallback,
}

impl Family {
    /// The family's folder-style name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Intersections => "intersections",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::SingleDigit => "single-digit",
            Family::Wings => "wings",
            Family::Uniqueness => "uniqueness",
            Family::Fallback => "fallback",
        }
    }
}

/// HoDoKu's difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Intersections and small subsets.
    Medium,
    /// Fish, wings, uniqueness.
    Hard,
    /// Finned fish of size 3+, chains.
    Unfair,
    /// Forcing chains, brute force.
    Extreme,
}

impl Level {
    /// Lower-case name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The highest total score a puzzle of this level may have before it is bumped up.
    #[must_use]
    pub const fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }
}

macro_rules! technique_ids {
    ($( $variant:ident = $name:literal, $family:ident, $order:literal, $score:literal, $level:ident, $se:literal; )*) => {
        /// A technique's stable identifier.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum TechniqueId {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        impl TechniqueId {
            /// Every identifier, in declaration order.
            pub const ALL: &'static [TechniqueId] = &[$(TechniqueId::$variant),*];

            /// The kebab-case name used in the CLI, JSON and presets.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(TechniqueId::$variant => $name,)* }
            }

            /// The family.
            #[must_use]
            pub const fn family(self) -> Family {
                match self { $(TechniqueId::$variant => Family::$family,)* }
            }

            /// Position in HoDoKu 2.2.0's default order (WXYZ-Wing, absent from HoDoKu, right
            /// after XYZ-Wing).
            #[must_use]
            pub const fn hodoku_order(self) -> u32 {
                match self { $(TechniqueId::$variant => $order,)* }
            }

            /// HoDoKu score added to a puzzle's rating per use.
            #[must_use]
            pub const fn score(self) -> u32 {
                match self { $(TechniqueId::$variant => $score,)* }
            }

            /// HoDoKu level.
            #[must_use]
            pub const fn level(self) -> Level {
                match self { $(TechniqueId::$variant => Level::$level,)* }
            }

            /// Approximate Sudoku Explainer rating (SE 1.2.1 / SukakuExplainer scale).
            #[must_use]
            pub const fn se_rating(self) -> f32 {
                match self { $(TechniqueId::$variant => $se,)* }
            }
        }
    };
}

technique_ids! {
    FullHouse = "full-house", Singles, 100, 4, Easy, 1.0;
    NakedSingle = "naked-single", Singles, 200, 4, Easy, 2.3;
    HiddenSingle = "hidden-single", Singles, 300, 14, Easy, 1.5;
    LockedPair = "locked-pair", Intersections, 1000, 40, Medium, 2.0;
    LockedTriple = "locked-triple", Intersections, 1100, 60, Medium, 2.5;
    LockedCandidatesPointing = "locked-candidates-pointing", Intersections, 1200, 50, Medium, 2.6;
    LockedCandidatesClaiming = "locked-candidates-claiming", Intersections, 1210, 50, Medium, 2.8;
    NakedPair = "naked-pair", Subsets, 1300, 60, Medium, 3.0;
    NakedTriple = "naked-triple", Subsets, 1400, 80, Medium, 3.6;
    HiddenPair = "hidden-pair", Subsets, 1500, 70, Medium, 3.4;
    HiddenTriple = "hidden-triple", Subsets, 1600, 100, Medium, 4.0;
    NakedQuad = "naked-quad", Subsets, 2000, 120, Hard, 5.0;
    HiddenQuad = "hidden-quad", Subsets, 2100, 150, Hard, 5.4;
    XWing = "x-wing", Fish, 2200, 140, Hard, 3.2;
    Swordfish = "swordfish", Fish, 2300, 150, Hard, 3.8;
    Jellyfish = "jellyfish", Fish, 2400, 160, Hard, 5.2;
    BugPlusOne = "bug-plus-one", Uniqueness, 2900, 100, Hard, 5.6;
    Skyscraper = "skyscraper", SingleDigit, 3000, 130, Hard, 4.0;
    TwoStringKite = "two-string-kite", SingleDigit, 3100, 150, Hard, 4.1;
    TurbotFish = "turbot-fish", SingleDigit, 3120, 120, Hard, 4.2;
    EmptyRectangle = "empty-rectangle", SingleDigit, 3170, 120, Hard, 4.2;
    WWing = "w-wing", Wings, 3200, 150, Hard, 4.4;
    XyWing = "xy-wing", Wings, 3300, 160, Hard, 4.2;
    XyzWing = "xyz-wing", Wings, 3400, 180, Hard, 4.4;
    WxyzWing = "wxyz-wing", Wings, 3450, 200, Hard, 5.5;
    UniqueRectangle1 = "unique-rectangle-1", Uniqueness, 3500, 100, Hard, 4.5;
    UniqueRectangle2 = "unique-rectangle-2", Uniqueness, 3600, 100, Hard, 4.6;
    UniqueRectangle3 = "unique-rectangle-3", Uniqueness, 3700, 100, Hard, 4.6;
    UniqueRectangle4 = "unique-rectangle-4", Uniqueness, 3800, 100, Hard, 4.5;
    UniqueRectangle5 = "unique-rectangle-5", Uniqueness, 3900, 100, Hard, 4.6;
    UniqueRectangle6 = "unique-rectangle-6", Uniqueness, 4000, 100, Hard, 4.6;
    HiddenRectangle = "hidden-rectangle", Uniqueness, 4010, 100, Hard, 4.6;
    AvoidableRectangle1 = "avoidable-rectangle-1", Uniqueness, 4020, 100, Hard, 4.5;
    AvoidableRectangle2 = "avoidable-rectangle-2", Uniqueness, 4030, 100, Hard, 4.6;
    FinnedXWing = "finned-x-wing", Fish, 4100, 130, Hard, 3.4;
    SashimiXWing = "sashimi-x-wing", Fish, 4200, 150, Hard, 3.5;
    FinnedSwordfish = "finned-swordfish", Fish, 4300, 200, Unfair, 4.0;
    SashimiSwordfish = "sashimi-swordfish", Fish, 4400, 240, Unfair, 4.1;
    FinnedJellyfish = "finned-jellyfish", Fish, 4500, 250, Unfair, 5.4;
    SashimiJellyfish = "sashimi-jellyfish", Fish, 4600, 260, Unfair, 5.5;
    BruteForce = "brute-force", Fallback, 8900, 10000, Extreme, 20.0;
}

impl TechniqueId {
    /// Whether the technique assumes the puzzle has exactly one solution.
    #[must_use]
    pub const fn needs_uniqueness(self) -> bool {
        matches!(self.family(), Family::Uniqueness)
    }
}

impl TechniqueId {
    /// The community's full name, for explanations (e.g. `Two-String Kite`, `BUG+1`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        use TechniqueId as T;
        match self {
            T::FullHouse => "Full House",
            T::NakedSingle => "Naked Single",
            T::HiddenSingle => "Hidden Single",
            T::LockedPair => "Locked Pair",
            T::LockedTriple => "Locked Triple",
            T::LockedCandidatesPointing => "Locked Candidates (Pointing)",
            T::LockedCandidatesClaiming => "Locked Candidates (Claiming)",
            T::NakedPair => "Naked Pair",
            T::NakedTriple => "Naked Triple",
            T::HiddenPair => "Hidden Pair",
            T::HiddenTriple => "Hidden Triple",
            T::NakedQuad => "Naked Quad",
            T::HiddenQuad => "Hidden Quad",
            T::XWing => "X-Wing",
            T::Swordfish => "Swordfish",
            T::Jellyfish => "Jellyfish",
            T::BugPlusOne => "BUG+1",
            T::Skyscraper => "Skyscraper",
            T::TwoStringKite => "Two-String Kite",
            T::TurbotFish => "Turbot Fish",
            T::EmptyRectangle => "Empty Rectangle",
            T::WWing => "W-Wing",
            T::XyWing => "XY-Wing",
            T::XyzWing => "XYZ-Wing",
            T::WxyzWing => "WXYZ-Wing",
            T::UniqueRectangle1 => "Unique Rectangle Type 1",
            T::UniqueRectangle2 => "Unique Rectangle Type 2",
            T::UniqueRectangle3 => "Unique Rectangle Type 3",
            T::UniqueRectangle4 => "Unique Rectangle Type 4",
            T::UniqueRectangle5 => "Unique Rectangle Type 5",
            T::UniqueRectangle6 => "Unique Rectangle Type 6",
            T::HiddenRectangle => "Hidden Rectangle",
            T::AvoidableRectangle1 => "Avoidable Rectangle Type 1",
            T::AvoidableRectangle2 => "Avoidable Rectangle Type 2",
            T::FinnedXWing => "Finned X-Wing",
            T::SashimiXWing => "Sashimi X-Wing",
            T::FinnedSwordfish => "Finned Swordfish",
            T::SashimiSwordfish => "Sashimi Swordfish",
            T::FinnedJellyfish => "Finned Jellyfish",
            T::SashimiJellyfish => "Sashimi Jellyfish",
            T::BruteForce => "Brute Force",
        }
    }
}

impl fmt::Display for TechniqueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown technique name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTechnique(pub String);

impl fmt::Display for UnknownTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown technique {:?}", self.0)
    }
}

impl std::error::Error for UnknownTechnique {}

impl FromStr for TechniqueId {
    type Err = UnknownTechnique;
    fn from_str(s: &str) -> Result<TechniqueId, UnknownTechnique> {
        let s = s.trim();
        TechniqueId::ALL
            .iter()
            .copied()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| UnknownTechnique(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_kebab_case() {
        for &t in TechniqueId::ALL {
            assert_eq!(t.as_str().parse::<TechniqueId>(), Ok(t));
            assert!(
                t.as_str()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            );
        }
        assert!("x-wings".parse::<TechniqueId>().is_err());
    }

    #[test]
    fn hodoku_orders_are_unique() {
        let mut orders: Vec<u32> = TechniqueId::ALL.iter().map(|t| t.hodoku_order()).collect();
        orders.sort_unstable();
        orders.dedup();
        assert_eq!(orders.len(), TechniqueId::ALL.len());
    }
}
