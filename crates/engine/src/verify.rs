//! Soundness checking, like HoDoKu's `/bt`: every step is checked before it is applied.
//!
//! For a puzzle with one solution a step is unsound when it eliminates the solution's digit or
//! places a different one. For a puzzle with several solutions a step is unsound when it
//! removes a candidate that some solution of the current state uses, or places a digit that
//! some solution does not: each effect is checked by a brute-force count on the state with
//! that candidate forced (or removed).

use bitdoku_bitboard::{Candidates, Digit};
use bitdoku_strategies::{Step, TechniqueId};
use std::fmt;

/// An unsound step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsound {
    /// The technique that produced it.
    pub technique: TechniqueId,
    /// The wrong effect, e.g. `r1c2<>5`.
    pub effect: String,
    /// The whole step explained.
    pub step: String,
}

impl fmt::Display for Unsound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "INVALID {}: {} in step {}", self.technique, self.effect, self.step)
    }
}

/// Checks steps against the solution (or all solutions).
#[derive(Clone, Debug)]
pub struct Verifier {
    solution: Option<[u8; 81]>,
}

impl Verifier {
    /// `solution` is the unique solution, or `None` for a puzzle with several.
    pub fn new(solution: Option<[u8; 81]>) -> Verifier {
        Verifier { solution }
    }

    /// The first wrong effect of `step` on `state`, if any.
    pub fn check(&self, state: &Candidates, step: &Step) -> Option<Unsound> {
        let bad =
            |effect: String| Unsound { technique: step.technique, effect, step: step.explain() };
        for d in Digit::all() {
            for cell in step.eliminations[d.index()] & state.cells(d) {
                let wrong = match &self.solution {
                    Some(s) => s[cell.index()] == d.value(),
                    None => has_solution_with(state, cell.index(), d, true),
                };
                if wrong {
                    return Some(bad(format!("{cell}<>{d}")));
                }
            }
            for cell in step.placements[d.index()] {
                let wrong = match &self.solution {
                    Some(s) => s[cell.index()] != d.value(),
                    None => has_solution_with(state, cell.index(), d, false),
                };
                if wrong {
                    return Some(bad(format!("{cell}={d}")));
                }
            }
        }
        None
    }
}

/// Whether `state` has a solution with digit `d` in `cell` (`forced`) or without it.
fn has_solution_with(state: &Candidates, cell: usize, d: Digit, forced: bool) -> bool {
    let mut masks = state.search_masks();
    let bit = 1u128 << cell;
    if forced {
        for (e, m) in masks.iter_mut().enumerate() {
            if e != d.index() {
                *m &= !bit;
            }
        }
        if masks[d.index()] & bit == 0 {
            return false;
        }
    } else {
        masks[d.index()] &= !bit;
    }
    bitdoku_brute::count_solutions(&masks, 1).0 > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_bitboard::{Cell, CellSet};

    #[test]
    fn flags_wrong_elimination_and_placement() {
        let mut values = [0u8; 81];
        values[1] = 2;
        let state = Candidates::from_values(&values);
        let mut solution = [0u8; 81];
        solution[0] = 1;
        let v = Verifier::new(Some(solution));
        let one = Digit::from_value(1).unwrap();
        let mut step = Step::new(TechniqueId::NakedSingle);
        step.eliminate(one, CellSet::single(Cell::from_rc(0, 0)));
        assert_eq!(v.check(&state, &step).unwrap().effect, "r1c1<>1");
        let mut step = Step::new(TechniqueId::NakedSingle);
        step.place(Cell::from_rc(0, 0), Digit::from_value(3).unwrap());
        assert_eq!(v.check(&state, &step).unwrap().effect, "r1c1=3");
        // Empty grid, many solutions: eliminating any candidate is unsound.
        let v = Verifier::new(None);
        let mut step = Step::new(TechniqueId::NakedSingle);
        step.eliminate(one, CellSet::single(Cell::from_rc(4, 4)));
        assert!(v.check(&Candidates::new(), &step).is_some());
    }
}
