//! [`TechniqueId`]: the stable kebab-case identifiers of every technique, and the [`Family`] and
//! [`Level`] types. A leaf module: everything else about a technique is its row in
//! [`crate::registry`], reached through [`TechniqueId::row`].

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
    /// Simple and multi colours.
    Coloring,
    /// X-chain, XY-chain, remote pair, nice loops/AIC and their grouped forms.
    Chains,
    /// Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS chains, death blossom, Sue de Coq.
    Als,
    /// Forcing chains and nets, kraken fish.
    Forcing,
    /// The brute-force fallback.
    Fallback,
}

impl Family {
    /// Every family, in HoDoKu-ish order (the order of charts and tables).
    pub const ALL: &'static [Family] = &[
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigit,
        Family::Wings,
        Family::Uniqueness,
        Family::Coloring,
        Family::Chains,
        Family::Als,
        Family::Forcing,
        Family::Fallback,
    ];

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
            Family::Coloring => "coloring",
            Family::Chains => "chains",
            Family::Als => "als",
            Family::Forcing => "forcing",
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
    ($( $variant:ident = $name:literal, )*) => {
        /// A technique's stable identifier. Everything else about it (name, family, HoDoKu
        /// data, SE rating, reglib codes, presets, search) is its row in [`crate::registry`].
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
        }
    };
}

// One line per technique; its registry row is a constant in the technique's file, listed at
// the same position in `registry::TECHNIQUES`.
technique_ids! {
    FullHouse = "full-house",
    NakedSingle = "naked-single",
    HiddenSingle = "hidden-single",
    LockedPair = "locked-pair",
    LockedTriple = "locked-triple",
    LockedCandidatesPointing = "locked-candidates-pointing",
    LockedCandidatesClaiming = "locked-candidates-claiming",
    NakedPair = "naked-pair",
    NakedTriple = "naked-triple",
    HiddenPair = "hidden-pair",
    HiddenTriple = "hidden-triple",
    NakedQuad = "naked-quad",
    HiddenQuad = "hidden-quad",
    XWing = "x-wing",
    Swordfish = "swordfish",
    Jellyfish = "jellyfish",
    BugPlusOne = "bug-plus-one",
    Skyscraper = "skyscraper",
    TwoStringKite = "two-string-kite",
    TurbotFish = "turbot-fish",
    EmptyRectangle = "empty-rectangle",
    WWing = "w-wing",
    XyWing = "xy-wing",
    XyzWing = "xyz-wing",
    WxyzWing = "wxyz-wing",
    UniqueRectangle1 = "unique-rectangle-1",
    UniqueRectangle2 = "unique-rectangle-2",
    UniqueRectangle3 = "unique-rectangle-3",
    UniqueRectangle4 = "unique-rectangle-4",
    UniqueRectangle5 = "unique-rectangle-5",
    UniqueRectangle6 = "unique-rectangle-6",
    HiddenRectangle = "hidden-rectangle",
    AvoidableRectangle1 = "avoidable-rectangle-1",
    AvoidableRectangle2 = "avoidable-rectangle-2",
    FinnedXWing = "finned-x-wing",
    SashimiXWing = "sashimi-x-wing",
    FinnedSwordfish = "finned-swordfish",
    SashimiSwordfish = "sashimi-swordfish",
    FinnedJellyfish = "finned-jellyfish",
    SashimiJellyfish = "sashimi-jellyfish",
    SimpleColors = "simple-colors",
    MultiColors = "multi-colors",
    RemotePair = "remote-pair",
    XChain = "x-chain",
    XyChain = "xy-chain",
    Aic = "aic",
    GroupedAic = "grouped-aic",
    TemplateSet = "template-set",
    TemplateDelete = "template-delete",
    // Franken, mutant and large fish.
    Squirmbag = "squirmbag",
    Whale = "whale",
    Leviathan = "leviathan",
    FinnedSquirmbag = "finned-squirmbag",
    SashimiSquirmbag = "sashimi-squirmbag",
    FinnedWhale = "finned-whale",
    SashimiWhale = "sashimi-whale",
    FinnedLeviathan = "finned-leviathan",
    SashimiLeviathan = "sashimi-leviathan",
    FrankenXWing = "franken-x-wing",
    FrankenSwordfish = "franken-swordfish",
    FrankenJellyfish = "franken-jellyfish",
    FrankenSquirmbag = "franken-squirmbag",
    FrankenWhale = "franken-whale",
    FrankenLeviathan = "franken-leviathan",
    FinnedFrankenXWing = "finned-franken-x-wing",
    FinnedFrankenSwordfish = "finned-franken-swordfish",
    FinnedFrankenJellyfish = "finned-franken-jellyfish",
    FinnedFrankenSquirmbag = "finned-franken-squirmbag",
    FinnedFrankenWhale = "finned-franken-whale",
    FinnedFrankenLeviathan = "finned-franken-leviathan",
    MutantXWing = "mutant-x-wing",
    MutantSwordfish = "mutant-swordfish",
    MutantJellyfish = "mutant-jellyfish",
    MutantSquirmbag = "mutant-squirmbag",
    MutantWhale = "mutant-whale",
    MutantLeviathan = "mutant-leviathan",
    FinnedMutantXWing = "finned-mutant-x-wing",
    FinnedMutantSwordfish = "finned-mutant-swordfish",
    FinnedMutantJellyfish = "finned-mutant-jellyfish",
    FinnedMutantSquirmbag = "finned-mutant-squirmbag",
    FinnedMutantWhale = "finned-mutant-whale",
    FinnedMutantLeviathan = "finned-mutant-leviathan",
    // Sue de Coq, dual kite and dual empty rectangle.
    SueDeCoq = "sue-de-coq",
    DualTwoStringKite = "dual-two-string-kite",
    DualEmptyRectangle = "dual-empty-rectangle",
    // Almost locked sets.
    AlsXz = "als-xz",
    AlsXyWing = "als-xy-wing",
    AlsChain = "als-chain",
    DeathBlossom = "death-blossom",
    // Kraken fish, forcing chains and nets, nested forcing nets.
    KrakenFish = "kraken-fish",
    ForcingChain = "forcing-chain",
    ForcingNet = "forcing-net",
    NestedForcingNet1 = "nested-forcing-net-1",
    NestedForcingNet2 = "nested-forcing-net-2",
    NestedForcingNet3 = "nested-forcing-net-3",
    BruteForce = "brute-force",
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
