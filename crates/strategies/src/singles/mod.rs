//! The singles family: placements found by looking at one house or one cell.
//!
//! Each technique reports every instance of its own pattern, whatever the others find: a full
//! house is also a naked single and usually a hidden single, and all three report it. The
//! engine's order (HoDoKu's: full house, naked single, hidden single) decides which one is
//! credited when they overlap.

use crate::{Step, TechniqueId};
use bitdoku_bitboard::{Cell, CellSet, Digit, DigitSet, HouseSet, tables};

pub mod full_house;
pub mod hidden_single;
pub mod naked_single;

/// The step placing `digit` in `cell`. Its base is every house of the cell in which `alone`
/// (the unsolved cells for a full house, the digit's candidates for a hidden single) holds
/// only that cell; `None` leaves the base empty (a naked single is about the cell itself).
pub fn placement(id: TechniqueId, cell: Cell, digit: Digit, alone: Option<CellSet>) -> Step {
    let mut step = Step::new(id);
    step.place(cell, digit);
    step.evidence.digits = DigitSet::single(digit);
    step.evidence.cells = CellSet::single(cell);
    if let Some(alone) = alone {
        step.evidence.base = tables::CELL_HOUSES[cell.index()]
            .into_iter()
            .filter(|h| (alone & h.cells()).is_single())
            .collect::<HouseSet>();
    }
    step
}

#[cfg(test)]
mod union_tests {
    use crate::{Sink, Step, TechniqueId, Union, apply_effects, registry};
    use bitdoku_bitboard::parse_line;

    /// The union of the steps pushed one by one (what a collecting sink sees).
    fn union_of(steps: &[Step]) -> Union {
        let mut u = Union::default();
        for s in steps {
            let _ = u.push(*s);
        }
        u
    }

    /// On every state of a singles-only batch path through 300 corpus puzzles (17-clue and
    /// top1465), the batch shortcut of each single (all placements at once into a union
    /// sink) gives the same placements and step count as pushing its steps one by one.
    #[test]
    fn batch_shortcut_equals_the_steps() {
        let ids = [TechniqueId::FullHouse, TechniqueId::NakedSingle, TechniqueId::HiddenSingle];
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/");
        let mut states = 0;
        let mut fired = [0; 3];
        for file in ["sudoku17_royle_49158.txt", "magictour_top1465.txt"] {
            let text = std::fs::read_to_string(format!("{root}{file}")).expect("corpus");
            for line in text.lines().take(150) {
                let mut state = parse_line(line).expect("valid").expect("puzzle").candidates();
                loop {
                    states += 1;
                    let mut applied = false;
                    for (k, &id) in ids.iter().enumerate() {
                        let t = registry::get(id).expect("registered");
                        let mut steps: Vec<Step> = Vec::new();
                        let _ = t.search(&state, &mut steps);
                        let mut fast = Union::default();
                        let _ = t.search(&state, &mut fast);
                        let slow = union_of(&steps);
                        assert_eq!(fast.steps, slow.steps, "{id} on {line}");
                        assert_eq!(fast.placements, slow.placements, "{id} on {line}");
                        assert_eq!(fast.eliminations, slow.eliminations, "{id} on {line}");
                        if fast.steps > 0 {
                            fired[k] += 1;
                            applied =
                                apply_effects(&mut state, &fast.placements, &fast.eliminations);
                            break;
                        }
                    }
                    if !applied {
                        break;
                    }
                }
            }
        }
        assert!(states > 3000, "{states}");
        assert!(fired.iter().all(|&n| n > 100), "{fired:?}");
    }
}
