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
    let text: Vec<String> = Cell::all().map(|cell| cell_text(state, step, cell)).collect();
    let width: Vec<usize> =
        (0..9).map(|col| (0..9).map(|r| text[r * 9 + col].len()).max().unwrap_or(1)).collect();
    let border = |left: char, mid: char, right: char| {
        let mut s = String::from(left);
        for stack in 0..3 {
            let w: usize = (0..3).map(|k| width[stack * 3 + k]).sum::<usize>() + 4;
            s.push_str(&"-".repeat(w));
            s.push(if stack < 2 { mid } else { right });
        }
        s.push('\n');
        s
    };
    let mut out = border('.', '.', '.');
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(&border(':', '+', ':'));
        }
        out.push('|');
        for col in 0..9 {
            out.push(' ');
            out.push_str(&format!("{:<w$}", text[r * 9 + col], w = width[col]));
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
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
