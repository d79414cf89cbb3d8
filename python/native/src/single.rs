//! The one-puzzle functions for notebooks: the next step (`hint`), the whole logical path
//! (`steps`), an explanation page (`explain_html`) and a step's diagram (`svg`). Steps are the
//! CLI's JSON rows and the page is the CLI's `bitdoku explain` page, both from
//! `bitdoku-present`, so both give the same fields and the same page.

use crate::batch::engine;
use bitdoku_bitboard::{Candidates, Puzzle, parse_line};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use bitdoku_present::{json, page};

/// Parses the one puzzle of a call; a bad one is a `ValueError`.
fn puzzle(text: &str) -> PyResult<Puzzle> {
    match parse_line(text) {
        Ok(Some(p)) => Ok(p),
        Ok(None) => Err(PyValueError::new_err("puzzle: blank (no puzzle)")),
        Err(e) => Err(PyValueError::new_err(format!("puzzle: {e}"))),
    }
}

/// `hint(puzzle, order)`: the `bitdoku hint --json` object as JSON text, the same
/// `present::json::HintRow` without `line`: `puzzle`, `status` (`step`, `solved`,
/// `no_solution`, `no_step`), `step` (the step row or null), `error`.
#[pyfunction]
#[pyo3(signature = (puzzle, order=None))]
pub fn hint(py: Python<'_>, puzzle: &str, order: Option<&str>) -> PyResult<String> {
    let engine = engine(order, false)?;
    let p = self::puzzle(puzzle)?;
    Ok(py.detach(|| {
        let state = p.candidates();
        let shown = p.to_line();
        let row = |status: &'static str, step: Option<json::StepRow>, error: Option<String>| {
            let row = json::HintRow { line: None, puzzle: shown.clone(), status, step, error };
            serde_json::to_string(&row).expect("plain data")
        };
        if state.is_solved() {
            return row("solved", None, None);
        }
        let (count, _) = bitdoku_brute::count_solutions(&state.search_masks(), 2);
        if count == 0 {
            let msg = "no solution (the grid contradicts itself)".to_string();
            return row("no_solution", None, Some(msg));
        }
        match engine.hint(&state, count == 1) {
            Some(step) => row("step", Some(json::StepRow::with_state(&step, &state)), None),
            None => {
                let msg = format!(
                    "no logical step: no technique of order {} applies{}",
                    engine.options().order,
                    if count > 1 { " (the puzzle has several solutions)" } else { "" }
                );
                row("no_step", None, Some(msg))
            }
        }
    }))
}

/// `steps(puzzle, order, fallback)`: the logical path as the `steps` of
/// `bitdoku solve --json --trace`, with the status: JSON text of
/// `{"status", "solution", "fallback", "steps"}`.
#[pyfunction]
#[pyo3(signature = (puzzle, order=None))]
pub fn steps(py: Python<'_>, puzzle: &str, order: Option<&str>) -> PyResult<String> {
    let engine = engine(order, true)?;
    let p = self::puzzle(puzzle)?;
    Ok(py.detach(|| {
        let out = engine.solve(&p.candidates());
        let mut state = p.candidates();
        let steps: Vec<json::StepRow> = out
            .steps
            .iter()
            .map(|step| {
                let r = json::StepRow::with_state(step, &state);
                step.apply(&mut state);
                r
            })
            .collect();
        let solution = out
            .solution
            .filter(|_| out.status == bitdoku_engine::Status::Solved)
            .map(|v| v.iter().map(|&d| (b'0' + d) as char).collect::<String>());
        serde_json::json!({
            "puzzle": p.to_line(),
            "status": out.status.as_str(),
            "solution": solution,
            "fallback": out.fallback,
            "steps": steps,
        })
        .to_string()
    }))
}

/// `explain_html(puzzles, order, title)`: the `bitdoku explain` page for the puzzles (a bad
/// line is shown as an error on the page, as the CLI does).
#[pyfunction]
#[pyo3(signature = (puzzles, order=None))]
pub fn explain_html(py: Python<'_>, puzzles: Vec<String>, order: Option<&str>) -> PyResult<String> {
    let engine = engine(order, true)?;
    let page = py.detach(|| {
        let pages: Vec<page::PagePuzzle> = puzzles
            .iter()
            .enumerate()
            .filter_map(|(i, text)| match parse_line(text) {
                Ok(None) => None,
                // The page shows a puzzle's problems; nothing is printed.
                Ok(Some(p)) => Some(
                    page::explain_one(&engine, i + 1, &p, bitdoku_bitboard::budget::Budget::NONE)
                        .page,
                ),
                Err(e) => Some(page::PagePuzzle {
                    line: i + 1,
                    puzzle: json::echo(text),
                    error: Some(format!("error: row {i}: {e}")),
                    ..page::PagePuzzle::default()
                }),
            })
            .collect();
        let title = match pages.as_slice() {
            [p] => page::title_of(p),
            _ => format!("explanations of {} puzzles", pages.len()),
        };
        page::render(&title, &pages, false)
    });
    page.map_err(|e| PyValueError::new_err(format!("explain_html: {e}")))
}

/// `svg(puzzle, step, order)`: the diagram of the next step (`step` `None`) or of step
/// `step` (0-based) of the logical path, on the state before it.
#[pyfunction]
#[pyo3(signature = (puzzle, step=None, order=None))]
pub fn svg(
    py: Python<'_>,
    puzzle: &str,
    step: Option<usize>,
    order: Option<&str>,
) -> PyResult<String> {
    let engine = engine(order, true)?;
    let p = self::puzzle(puzzle)?;
    let start: Candidates = p.candidates();
    let picture = py.detach(|| match step {
        None => {
            let (count, _) = bitdoku_brute::count_solutions(&start.search_masks(), 2);
            engine
                .hint(&start, count == 1)
                .map(|s| bitdoku_render::step_svg(&start, &s))
                .ok_or_else(|| "no logical step applies".to_string())
        }
        Some(k) => {
            let out = engine.solve(&start);
            let mut state = start;
            for s in out.steps.iter().take(k) {
                s.apply(&mut state);
            }
            out.steps
                .get(k)
                .map(|s| bitdoku_render::step_svg(&state, s))
                .ok_or_else(|| format!("step {k}: the logical path has {} steps", out.steps.len()))
        }
    });
    picture.map_err(|e| PyValueError::new_err(format!("svg: {e}")))
}
