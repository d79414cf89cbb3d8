//! Technique orders as data: a list of ids, parsed from `a,b,c` or a preset name.
//!
//! Presets:
//! - `singles`: full house, naked single, hidden single;
//! - `seeds`: the techniques of the seed articles (singles, locked candidates, pairs and
//!   triples, X-Wing, Swordfish and their finned forms, skyscraper, two-string kite, XY-,
//!   XYZ- and WXYZ-Wing, avoidable rectangles);
//! - `hodoku`: HoDoKu 2.2.0's default order restricted to what bitdoku implements, with
//!   WXYZ-Wing right after XYZ-Wing;
//! - `all`: every implemented technique but the nested forcing nets, in HoDoKu order;
//! - `complete`: `all` followed by the nested forcing nets, levels 1 to 3: every puzzle with
//!   a unique solution is meant to finish without the brute-force fallback.
//!
//! Group names, usable inside lists (and alone) like presets: `franken-fish` (every franken
//! fish id, finned or not, sizes 2-7) and `mutant-fish` (every mutant fish id), each in HoDoKu
//! order; ids already listed are not repeated.
//!
//! Ids of techniques that are not implemented yet are dropped from presets; in an explicit
//! list they are an error.

use bitdoku_strategies::{Technique, TechniqueId, forcing, registry};
use std::fmt;

/// An ordered list of techniques with the name it was given by, and the model that chooses
/// among the steps they find.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    name: String,
    ids: Vec<TechniqueId>,
    step_choice: StepChoice,
}

/// Which model chooses the step to apply when a technique finds several, in single
/// granularity (batch granularity applies them all). Part of an order: the `hodoku` preset
/// carries [`StepChoice::Hodoku`], every other order [`StepChoice::Finder`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepChoice {
    /// The finder's first step, in its documented find-all order.
    #[default]
    Finder,
    /// HoDoKu 2.2.0's choice (`bitdoku-hodoku-model`): singles from its queues, the first step
    /// of its own search order, its own searches for the techniques whose registry rows say
    /// the model replaces their finder, and the brute force one cell at a time.
    Hodoku,
}

/// Why an order could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// Not a preset and not a technique id.
    Unknown(String),
    /// A known id whose technique is not implemented.
    NotImplemented(TechniqueId),
    /// The brute-force fallback is not a technique of an order.
    BruteForce,
    /// An id listed twice.
    Duplicate(TechniqueId),
    /// No technique at all.
    Empty,
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderError::Unknown(s) => {
                write!(f, "unknown technique or preset {s:?} (presets: {})", preset_names())
            }
            OrderError::NotImplemented(id) => write!(f, "technique {id} is not implemented yet"),
            OrderError::BruteForce => {
                write!(f, "brute-force is the fallback, not a technique (see --no-fallback)")
            }
            OrderError::Duplicate(id) => write!(f, "technique {id} is listed twice"),
            OrderError::Empty => write!(f, "the order lists no technique"),
        }
    }
}

impl std::error::Error for OrderError {}

/// A named order. Its members and their order come from the registry rows, through `key`.
#[derive(Clone, Copy)]
pub struct Preset {
    /// The name (`--preset NAME`).
    pub name: &'static str,
    /// What it holds, for `bitdoku techniques`.
    pub description: &'static str,
    /// A row's sort key in this preset, `None` when the row is not in it.
    key: fn(&Technique) -> Option<u32>,
    /// The step choice its orders carry.
    pub step_choice: StepChoice,
}

/// The group names of an order list (see the module docs) and the word their ids contain.
pub const GROUPS: &[(&str, &str)] = &[("franken-fish", "franken"), ("mutant-fish", "mutant")];

/// The implemented ids of group `name`, in HoDoKu order; `None` if it names no group.
fn group(name: &str) -> Option<Vec<TechniqueId>> {
    let (_, word) = GROUPS.iter().find(|(g, _)| *g == name)?;
    let mut rows: Vec<&Technique> =
        registry::all().filter(|t| t.id.as_str().split('-').any(|w| w == *word)).collect();
    rows.sort_by_key(|t| t.hodoku.order);
    Some(rows.into_iter().map(|t| t.id).collect())
}

/// Every preset, the one place their names are written.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "singles",
        description: "full house, naked single, hidden single",
        key: |t| t.presets.singles.then_some(t.hodoku.order),
        step_choice: StepChoice::Finder,
    },
    Preset {
        name: "seeds",
        description: "the techniques of the seed articles, in their order",
        key: |t| t.presets.seeds.map(u32::from),
        step_choice: StepChoice::Finder,
    },
    Preset {
        name: "hodoku",
        description: "HoDoKu 2.2.0's default steps in its order, restricted to what exists (no WXYZ-Wing: HoDoKu has none)",
        key: |t| t.presets.hodoku.then_some(t.hodoku.order),
        step_choice: StepChoice::Hodoku,
    },
    Preset {
        name: "all",
        description: "every implemented technique but the nested forcing nets, in HoDoKu order",
        key: |t| forcing::nested::level_of(t.id).is_none().then_some(t.hodoku.order),
        step_choice: StepChoice::Finder,
    },
    Preset {
        name: "complete",
        description: "every implemented technique in HoDoKu order, nested forcing nets last (never needs the fallback)",
        key: |t| Some(t.hodoku.order),
        step_choice: StepChoice::Finder,
    },
];

/// The preset names, comma-separated (for messages).
#[must_use]
pub fn preset_names() -> String {
    PRESETS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

impl Order {
    /// A preset by name.
    pub fn preset(name: &str) -> Option<Order> {
        let preset = PRESETS.iter().find(|p| p.name == name)?;
        let mut keyed: Vec<(u32, TechniqueId)> =
            registry::all().filter_map(|t| (preset.key)(t).map(|k| (k, t.id))).collect();
        keyed.sort_by_key(|&(key, _)| key);
        let ids = keyed.into_iter().map(|(_, id)| id).collect();
        Some(Order { name: name.to_string(), ids, step_choice: preset.step_choice })
    }

    /// A preset name or a comma-separated list of ids and presets. A preset inside a list
    /// stands for its techniques, minus those already listed before it (so
    /// `singles,x-wing` is the singles then X-Wing); an id listed twice is an error.
    pub fn parse(text: &str) -> Result<Order, OrderError> {
        let text = text.trim();
        if let Some(order) = Order::preset(text) {
            return Ok(order);
        }
        let mut ids = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if let Some(preset) = Order::preset(part) {
                ids.extend(
                    preset.ids.iter().copied().filter(|id| !ids.contains(id)).collect::<Vec<_>>(),
                );
                continue;
            }
            if let Some(group) = group(part) {
                ids.extend(group.into_iter().filter(|id| !ids.contains(id)).collect::<Vec<_>>());
                continue;
            }
            let id: TechniqueId =
                part.parse().map_err(|_| OrderError::Unknown(part.to_string()))?;
            if id == TechniqueId::BruteForce {
                return Err(OrderError::BruteForce);
            }
            if registry::get(id).is_none() {
                return Err(OrderError::NotImplemented(id));
            }
            if ids.contains(&id) {
                return Err(OrderError::Duplicate(id));
            }
            ids.push(id);
        }
        if ids.is_empty() {
            return Err(OrderError::Empty);
        }
        Ok(Order { name: text.to_string(), ids, step_choice: StepChoice::Finder })
    }

    /// A list of ids under a given name (a label: whatever it says, the step choice is
    /// [`StepChoice::Finder`]; see [`Order::with_step_choice`]).
    pub fn from_ids(name: &str, ids: Vec<TechniqueId>) -> Order {
        Order { name: name.to_string(), ids, step_choice: StepChoice::Finder }
    }

    /// The same order with another step choice.
    #[must_use]
    pub fn with_step_choice(self, step_choice: StepChoice) -> Order {
        Order { step_choice, ..self }
    }

    /// The model that chooses among a technique's steps in single granularity.
    #[must_use]
    pub fn step_choice(&self) -> StepChoice {
        self.step_choice
    }

    /// The name: the preset name or the list as given.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The ids in order.
    #[must_use]
    pub fn ids(&self) -> &[TechniqueId] {
        &self.ids
    }

    /// The ids joined with commas.
    #[must_use]
    pub fn to_list(&self) -> String {
        self.ids.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(",")
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_hodoku_preset_carries_hodoku_step_choice() {
        assert_eq!(Order::parse("hodoku").unwrap().step_choice(), StepChoice::Hodoku);
        assert_eq!(Order::preset("hodoku").unwrap().step_choice(), StepChoice::Hodoku);
        for text in ["all", "complete", "singles", "singles,hodoku", "hodoku,wxyz-wing", "x-wing"] {
            assert_eq!(Order::parse(text).unwrap().step_choice(), StepChoice::Finder, "{text}");
        }
        // A label is a name, not a model switch (the bench's `hodoku=x-wing`).
        let labelled = Order::from_ids("hodoku", vec![TechniqueId::XWing]);
        assert_eq!(labelled.step_choice(), StepChoice::Finder);
        let asked = labelled.with_step_choice(StepChoice::Hodoku);
        assert_eq!(asked.step_choice(), StepChoice::Hodoku);
    }

    #[test]
    fn presets_parse_and_are_implemented() {
        for p in PRESETS {
            let o = Order::parse(p.name).unwrap();
            assert_eq!(o.name(), p.name);
            assert!(o.ids().iter().all(|&t| registry::get(t).is_some()));
        }
    }

    #[test]
    fn lists_and_errors() {
        assert!(matches!(Order::parse("no-such"), Err(OrderError::Unknown(_))));
        // A preset inside a list expands to its techniques (regression: it was "unknown").
        let o = Order::parse("singles,x-wing").unwrap();
        assert_eq!(o.ids.len(), Order::preset("singles").unwrap().ids.len() + 1);
        assert_eq!(o.ids.last(), Some(&TechniqueId::XWing));
        assert_eq!(Order::parse("brute-force"), Err(OrderError::BruteForce));
        assert_eq!(Order::parse(" , "), Err(OrderError::Empty));
        if registry::get(TechniqueId::NakedSingle).is_some() {
            let o = Order::parse("naked-single").unwrap();
            assert_eq!(o.ids(), &[TechniqueId::NakedSingle]);
            assert_eq!(
                Order::parse("naked-single,naked-single"),
                Err(OrderError::Duplicate(TechniqueId::NakedSingle))
            );
        }
    }

    #[test]
    fn franken_and_mutant_groups_expand_in_lists() {
        let o = Order::parse("singles,franken-fish").unwrap();
        let franken: Vec<TechniqueId> = o.ids()[3..].to_vec();
        assert_eq!(franken.len(), 12, "6 sizes, finless and finned");
        assert_eq!(franken[0], TechniqueId::FrankenXWing);
        assert!(franken.iter().all(|t| t.as_str().contains("franken")));
        assert!(franken.windows(2).all(|w| w[0].hodoku_order() < w[1].hodoku_order()));
        let m = Order::parse("mutant-fish").unwrap();
        assert_eq!(m.ids().len(), 12);
        assert!(m.ids().contains(&TechniqueId::FinnedMutantWhale));
        assert!(!m.ids().iter().any(|t| t.as_str().contains("franken")));
        // An id the group also holds is not repeated.
        let both = Order::parse("finned-franken-x-wing,franken-fish").unwrap();
        assert_eq!(both.ids().len(), 12);
        assert_eq!(both.ids()[0], TechniqueId::FinnedFrankenXWing);
    }
}
