//! Small pieces of the solve loop: the steps the engine makes itself (HoDoKu's singles, the
//! brute-force fill).

use bitdoku_bitboard::{Candidates, Cell, Digit};
use bitdoku_strategies::{Step, Technique, TechniqueId};

pub(super) fn is_single(id: TechniqueId) -> bool {
    matches!(id, TechniqueId::FullHouse | TechniqueId::NakedSingle | TechniqueId::HiddenSingle)
}

/// The step of single technique `t` placing `digit` (1-9) in `cell` (0-80), with the evidence
/// its finder gives it (the houses in which the cell is alone).
pub(super) fn hodoku_single(t: &Technique, state: &Candidates, cell: usize, digit: u8) -> Step {
    let cell = Cell::new(cell as u8).expect("cell index");
    let digit = Digit::from_value(digit).expect("digit");
    let alone = match t.id {
        TechniqueId::FullHouse => Some(state.unsolved()),
        TechniqueId::HiddenSingle => Some(state.cells(digit)),
        _ => None,
    };
    bitdoku_strategies::singles::placement(t.id, cell, digit, alone)
}

/// The `brute-force` step that fills the remaining cells from the solution.
pub(super) fn fallback_step(state: &Candidates, values: &[u8; 81]) -> Step {
    let mut step = Step::new(TechniqueId::BruteForce);
    for cell in state.unsolved() {
        let d = Digit::from_value(values[cell.index()]).expect("solution digit");
        step.place(cell, d);
    }
    step.evidence.cells = state.unsolved();
    step
}
