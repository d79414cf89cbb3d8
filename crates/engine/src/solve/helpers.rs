//! Small pieces of the solve loop: which techniques may search digit by digit, and the steps
//! the engine makes itself (HoDoKu's singles, the brute-force fill).

use bitdoku_bitboard::{Candidates, Cell, Digit};
use bitdoku_strategies::{Family, Step, Technique, TechniqueId};

/// Whether technique `t` is digit-local: what it finds for a digit depends only on that
/// digit's candidates and placed cells, and its steps only place or eliminate that digit.
/// Such a technique searches each digit on its own, so on a state where only some digits'
/// masks changed since it last found nothing, only those digits need a search. Hidden
/// single, locked candidates, every fish (basic, finned, sashimi, franken, mutant; kraken
/// fish is a forcing technique), the single-digit patterns but the templates (which exclude
/// other digits' template cells), the colourings, and the X-chain (house links of one digit;
/// its canonical order sorts by length and effects, then by search order, which is
/// digit-major, so dropping the digits that find nothing keeps the others' order).
pub(super) fn digit_local(t: &Technique) -> bool {
    use TechniqueId as T;
    match t.family {
        Family::Fish | Family::Coloring => true,
        Family::SingleDigit => !matches!(t.id, T::TemplateSet | T::TemplateDelete),
        _ => matches!(
            t.id,
            T::HiddenSingle | T::LockedCandidatesPointing | T::LockedCandidatesClaiming | T::XChain
        ),
    }
}

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
