//! The pencilmark grid with step markup.

use bitdoku_bitboard::{Candidates, Cell};
use bitdoku_strategies::Step;

/// The text of one cell: its value when placed, else its candidates with the markup.
fn cell_text(state: &Candidates, step: &Step, cell: Cell) -> String {
    if let Some(v) = state.value(cell) {
        return v.to_string();
    }
    let e = &step.evidence;
    let mut s = String::new();
    if e.fins.contains(cell) {
        s.push('#');
    } else if (e.cells | e.pivot | e.pincers).contains(cell) {
        s.push('*');
    }
    for d in state.digits_at(cell).iter() {
        if step.eliminations[d.index()].contains(cell) {
            s.push('-');
        }
        s.push_str(&d.to_string());
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// The pencilmark grid of `state` with `step` marked, then the step's explanation.
#[must_use]
pub fn pencilmark_grid(state: &Candidates, step: &Step) -> String {
    let mut out = bitdoku_bitboard::format_pencilmarks_with(|cell| cell_text(state, step, cell));
    out.push_str(&step.explain());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_strategies::{TechniqueId, registry};

    #[test]
    fn marks_follow_the_evidence() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let state = bitdoku_bitboard::parse_line(line).unwrap().unwrap().candidates();
        let step = registry::find_all(TechniqueId::HiddenSingle, &state)[0];
        let text = pencilmark_grid(&state, &step);
        assert_eq!(text.matches('*').count(), step.evidence.cells.len() as usize);
        assert!(text.ends_with(&format!("{}\n", step.explain())));
        assert_eq!(text.lines().count(), 14);
    }
}
