//! [`NaiveEngine`]: the solve loop of the seed articles, with the order as data.
//!
//! The seed articles (003 in C++, 002's `CalcEnum` in Java) run their techniques in a fixed
//! order and restart from the top after any progress. This engine does the same in *batch
//! granularity*: one [`NaiveEngine::step`] runs the techniques of the order one after the
//! other; the first one that finds anything applies the union of everything it found (all its
//! instances, see [`crate::Findings::apply`]) and the step ends. Given a state and an order, the
//! next state is fully determined, which is what lets this engine be compared state by state
//! with the bitboard engine.

use crate::findings::Findings;
use crate::grid::NaiveGrid;
use crate::{
    als, avoidable_rectangles, chains, duals, fish, forcing, general_fish, grouped_chains,
    intersections, kraken_fish, nested, single_digit, singles, subsets, sue_de_coq, templates,
    unique_rectangles, wings,
};

/// A technique: finds all its instances on a grid and records their effects.
pub type FindFn = fn(&NaiveGrid, &mut Findings);

/// A registered technique.
#[derive(Clone, Copy)]
pub struct Technique {
    /// Its identifier (the project's kebab-case id).
    pub id: &'static str,
    /// Whether it assumes the puzzle has exactly one solution.
    pub uniqueness: bool,
    /// Its search.
    pub find: FindFn,
}

impl std::fmt::Debug for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Technique").field(&self.id).finish()
    }
}

const fn t(id: &'static str, find: FindFn) -> Technique {
    Technique { id, uniqueness: false, find }
}

const fn u(id: &'static str, find: FindFn) -> Technique {
    Technique { id, uniqueness: true, find }
}

/// Every technique of this crate, in HoDoKu's order.
pub const TECHNIQUES: &[Technique] = &[
    t("full-house", singles::full_house),
    t("naked-single", singles::naked_single),
    t("hidden-single", singles::hidden_single),
    t("locked-pair", intersections::locked_pair),
    t("locked-triple", intersections::locked_triple),
    t("locked-candidates-pointing", intersections::pointing),
    t("locked-candidates-claiming", intersections::claiming),
    t("naked-pair", subsets::naked_pair),
    t("naked-triple", subsets::naked_triple),
    t("hidden-pair", subsets::hidden_pair),
    t("hidden-triple", subsets::hidden_triple),
    t("naked-quad", subsets::naked_quad),
    t("hidden-quad", subsets::hidden_quad),
    t("x-wing", fish::x_wing),
    t("swordfish", fish::swordfish),
    t("jellyfish", fish::jellyfish),
    t("squirmbag", fish::squirmbag),
    t("whale", fish::whale),
    t("leviathan", fish::leviathan),
    u("bug-plus-one", unique_rectangles::bug_plus_one),
    t("skyscraper", single_digit::skyscraper),
    t("dual-two-string-kite", duals::dual_two_string_kite),
    t("two-string-kite", single_digit::two_string_kite),
    t("turbot-fish", single_digit::turbot_fish),
    t("dual-empty-rectangle", duals::dual_empty_rectangle),
    t("empty-rectangle", single_digit::empty_rectangle),
    t("w-wing", wings::w_wing),
    t("xy-wing", wings::xy_wing),
    t("xyz-wing", wings::xyz_wing),
    t("wxyz-wing", wings::wxyz_wing),
    u("unique-rectangle-1", unique_rectangles::unique_rectangle_1),
    u("unique-rectangle-2", unique_rectangles::unique_rectangle_2),
    u("unique-rectangle-3", unique_rectangles::unique_rectangle_3),
    u("unique-rectangle-4", unique_rectangles::unique_rectangle_4),
    u("unique-rectangle-5", unique_rectangles::unique_rectangle_5),
    u("unique-rectangle-6", unique_rectangles::unique_rectangle_6),
    u("hidden-rectangle", unique_rectangles::hidden_rectangle),
    u("avoidable-rectangle-1", avoidable_rectangles::avoidable_rectangle_1),
    u("avoidable-rectangle-2", avoidable_rectangles::avoidable_rectangle_2),
    t("finned-x-wing", fish::finned_x_wing),
    t("sashimi-x-wing", fish::sashimi_x_wing),
    t("finned-swordfish", fish::finned_swordfish),
    t("sashimi-swordfish", fish::sashimi_swordfish),
    t("finned-jellyfish", fish::finned_jellyfish),
    t("sashimi-jellyfish", fish::sashimi_jellyfish),
    t("finned-squirmbag", fish::finned_squirmbag),
    t("sashimi-squirmbag", fish::sashimi_squirmbag),
    t("finned-whale", fish::finned_whale),
    t("sashimi-whale", fish::sashimi_whale),
    t("finned-leviathan", fish::finned_leviathan),
    t("sashimi-leviathan", fish::sashimi_leviathan),
    t("sue-de-coq", sue_de_coq::sue_de_coq),
    t("simple-colors", chains::simple_colors),
    t("multi-colors", chains::multi_colors),
    t("remote-pair", chains::remote_pair),
    t("x-chain", chains::x_chain),
    t("xy-chain", chains::xy_chain),
    t("aic", chains::aic),
    t("grouped-aic", grouped_chains::grouped_aic),
    t("als-xz", als::als_xz),
    t("als-xy-wing", als::als_xy_wing),
    t("als-chain", als::als_chain),
    t("death-blossom", als::death_blossom),
    t("franken-x-wing", general_fish::franken_x_wing),
    t("franken-swordfish", general_fish::franken_swordfish),
    t("franken-jellyfish", general_fish::franken_jellyfish),
    t("franken-squirmbag", general_fish::franken_squirmbag),
    t("franken-whale", general_fish::franken_whale),
    t("franken-leviathan", general_fish::franken_leviathan),
    t("finned-franken-x-wing", general_fish::finned_franken_x_wing),
    t("finned-franken-swordfish", general_fish::finned_franken_swordfish),
    t("finned-franken-jellyfish", general_fish::finned_franken_jellyfish),
    t("finned-franken-squirmbag", general_fish::finned_franken_squirmbag),
    t("finned-franken-whale", general_fish::finned_franken_whale),
    t("finned-franken-leviathan", general_fish::finned_franken_leviathan),
    t("mutant-x-wing", general_fish::mutant_x_wing),
    t("mutant-swordfish", general_fish::mutant_swordfish),
    t("mutant-jellyfish", general_fish::mutant_jellyfish),
    t("mutant-squirmbag", general_fish::mutant_squirmbag),
    t("mutant-whale", general_fish::mutant_whale),
    t("mutant-leviathan", general_fish::mutant_leviathan),
    t("finned-mutant-x-wing", general_fish::finned_mutant_x_wing),
    t("finned-mutant-swordfish", general_fish::finned_mutant_swordfish),
    t("finned-mutant-jellyfish", general_fish::finned_mutant_jellyfish),
    t("finned-mutant-squirmbag", general_fish::finned_mutant_squirmbag),
    t("finned-mutant-whale", general_fish::finned_mutant_whale),
    t("finned-mutant-leviathan", general_fish::finned_mutant_leviathan),
    t("kraken-fish", kraken_fish::kraken_fish),
    t("forcing-chain", forcing::forcing_chain),
    t("forcing-net", forcing::forcing_net),
    t("template-set", templates::template_set),
    t("template-delete", templates::template_delete),
    t("nested-forcing-net-1", nested::nested_forcing_net_1),
    t("nested-forcing-net-2", nested::nested_forcing_net_2),
    t("nested-forcing-net-3", nested::nested_forcing_net_3),
];

/// The ids of every implemented technique, in HoDoKu's order.
#[must_use]
pub fn implemented() -> &'static [&'static str] {
    const IDS: [&str; TECHNIQUES.len()] = {
        let mut ids = [""; TECHNIQUES.len()];
        let mut i = 0;
        while i < TECHNIQUES.len() {
            ids[i] = TECHNIQUES[i].id;
            i += 1;
        }
        ids
    };
    &IDS
}

/// The technique with this id, if implemented.
#[must_use]
pub fn technique(id: &str) -> Option<&'static Technique> {
    TECHNIQUES.iter().find(|t| t.id == id)
}

/// Runs one technique on a grid and returns what it found (without applying it).
#[must_use]
pub fn find(id: &str, grid: &NaiveGrid) -> Option<Findings> {
    let t = technique(id)?;
    let mut found = Findings::new();
    (t.find)(grid, &mut found);
    Some(found)
}

/// A technique order, ready to solve with.
#[derive(Clone, Debug)]
pub struct NaiveEngine {
    order: Vec<&'static Technique>,
}

impl NaiveEngine {
    /// An engine running `order` (technique ids). An id this crate does not implement is an
    /// error that lists every such id. When `allow_uniqueness` is false, the uniqueness
    /// techniques of the order (rectangles, BUG+1) are left out: the caller passes true only
    /// for puzzles known to have exactly one solution.
    pub fn new(order: &[&str], allow_uniqueness: bool) -> Result<NaiveEngine, String> {
        let mut unknown = Vec::new();
        let mut techniques = Vec::new();
        for &id in order {
            match technique(id.trim()) {
                Some(t) if t.uniqueness && !allow_uniqueness => {}
                Some(t) => techniques.push(t),
                None => unknown.push(id.trim()),
            }
        }
        if unknown.is_empty() {
            Ok(NaiveEngine { order: techniques })
        } else {
            Err(format!(
                "the naive engine does not implement: {} (implemented: {})",
                unknown.join(", "),
                implemented().join(", ")
            ))
        }
    }

    /// The ids this engine runs, in order.
    #[must_use]
    pub fn order(&self) -> Vec<&'static str> {
        self.order.iter().map(|t| t.id).collect()
    }

    /// One batch step: the first technique of the order that changes the grid applies the
    /// union of all its findings. Returns the id that fired, or None when no technique applies.
    pub fn step(&self, grid: &mut NaiveGrid) -> Option<&'static str> {
        self.step_asking(grid, &mut || true)
    }

    /// [`NaiveEngine::step`] for an engine built with the uniqueness techniques, where
    /// `unique` says whether they may run: it is asked each time the order reaches one, so a
    /// caller can count the solutions only then (as the bitboard engine does). The same step as
    /// the engine built with `allow_uniqueness` equal to the answer.
    pub fn step_asking(
        &self,
        grid: &mut NaiveGrid,
        unique: &mut dyn FnMut() -> bool,
    ) -> Option<&'static str> {
        for t in &self.order {
            if t.uniqueness && !unique() {
                continue;
            }
            let mut found = Findings::new();
            (t.find)(grid, &mut found);
            if !found.is_empty() {
                found.apply(grid);
                return Some(t.id);
            }
        }
        None
    }

    /// [`NaiveEngine::solve`] with [`NaiveEngine::step_asking`].
    pub fn solve_asking(
        &self,
        grid: &mut NaiveGrid,
        unique: &mut dyn FnMut() -> bool,
    ) -> Vec<&'static str> {
        let mut fired = Vec::new();
        while !grid.is_solved() {
            match self.step_asking(grid, unique) {
                Some(id) => fired.push(id),
                None => break,
            }
        }
        fired
    }

    /// Repeats [`NaiveEngine::step`] until the grid is solved or no technique applies; returns
    /// the ids fired, in order.
    pub fn solve(&self, grid: &mut NaiveGrid) -> Vec<&'static str> {
        self.solve_asking(grid, &mut || true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::grid;

    #[test]
    fn unknown_ids_are_listed() {
        let err =
            NaiveEngine::new(&["naked-single", "x-wings", "kraken-fishes"], true).unwrap_err();
        assert!(err.contains("x-wings, kraken-fishes"), "{err}");
        assert_eq!(implemented().len(), TECHNIQUES.len());
        assert!(implemented().contains(&"wxyz-wing"));
    }

    #[test]
    fn uniqueness_techniques_only_when_allowed() {
        let order = ["hidden-single", "avoidable-rectangle-1", "avoidable-rectangle-2"];
        assert_eq!(NaiveEngine::new(&order, false).unwrap().order(), ["hidden-single"]);
        assert_eq!(NaiveEngine::new(&order, true).unwrap().order(), order);
    }

    #[test]
    fn a_step_applies_every_instance_of_the_first_productive_technique() {
        // r1c7, r1c8, r1c9 are three naked singles 8 in one row: the batch places them in
        // cell order; the first clears 8 from the others, which are then skipped.
        let mut g = grid(
            "123456...........7.......9.......................................................",
            "",
        );
        let engine = NaiveEngine::new(&["x-wing", "naked-single", "hidden-single"], false).unwrap();
        assert_eq!(engine.step(&mut g), Some("naked-single"));
        assert_eq!(g.cell(6).value(), 8);
        assert!(!g.cell(7).is_solved() && g.cell(7).candidates().is_empty());
        assert_eq!(engine.step(&mut NaiveGrid::new()), None);
    }

    /// An easy puzzle (singles solve it), as values.
    fn easy() -> [u8; 81] {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10)
    }

    #[test]
    fn solve_with_singles() {
        let values = easy();
        let mut g = NaiveGrid::from_values(&values);
        let engine =
            NaiveEngine::new(&["full-house", "naked-single", "hidden-single"], false).unwrap();
        let fired = engine.solve(&mut g);
        assert!(g.is_solved());
        assert!(
            fired.iter().all(|id| ["full-house", "naked-single", "hidden-single"].contains(id))
        );
        assert_eq!(
            g.values().iter().map(|v| char::from(b'0' + v)).collect::<String>(),
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
        );
    }

    /// `solve_asking` asks only when the order reaches a uniqueness technique, and then solves
    /// as the engine built with the answer does.
    #[test]
    fn asks_only_at_a_uniqueness_technique() {
        let values = easy();
        // Singles solve it before the rectangles are reached: never asked.
        let order = ["full-house", "naked-single", "avoidable-rectangle-1", "hidden-single"];
        let engine = NaiveEngine::new(&order, true).unwrap();
        let mut asked = 0;
        let mut g = NaiveGrid::from_values(&values);
        let fired = engine.solve_asking(&mut g, &mut || {
            asked += 1;
            true
        });
        assert!(g.is_solved());
        assert!(!fired.is_empty());
        // With the rectangle first, it is asked at every step; "no" solves as the engine
        // without uniqueness techniques.
        let order = ["avoidable-rectangle-1", "full-house", "naked-single", "hidden-single"];
        let engine = NaiveEngine::new(&order, true).unwrap();
        let without = NaiveEngine::new(&order, false).unwrap();
        let (mut a, mut b) = (NaiveGrid::from_values(&values), NaiveGrid::from_values(&values));
        let mut asked_first = 0;
        let fired_a = engine.solve_asking(&mut a, &mut || {
            asked_first += 1;
            false
        });
        assert_eq!(fired_a, without.solve(&mut b));
        assert_eq!(a.values(), b.values());
        assert_eq!(asked, 0);
        assert_eq!(asked_first, fired_a.len());
    }
}
