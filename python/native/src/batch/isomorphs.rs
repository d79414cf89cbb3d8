//! `canon` and `shuffle`: isomorphs of each row, its minlex form (as `bitdoku canon`) or a
//! seeded random isomorph (as `bitdoku shuffle --seed`).

use super::{Input, each, errors_out, grids_out, parse, solutions_out, split};
use crate::{INVALID, SOLVED};
use bitdoku_bitboard::{Puzzle, parse_line, to_candidate_line};
use bitdoku_generate::{Isomorph, minlex, puzzle_seed};
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// `canon(puzzles, threads)`: the minlex form of each puzzle, `(forms, status, errors)`.
#[pyfunction]
#[pyo3(signature = (puzzles, threads=0))]
pub fn canon<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: usize,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyDict>)> {
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let out = each(py, threads, rows.len(), |i| {
        rows.with_line(i, |line| match parse(line, i) {
            Ok(Puzzle::Givens(v)) => (SOLVED, Some(minlex(&v)), None),
            Ok(Puzzle::Grid(_)) => (
                INVALID,
                None,
                Some(format!(
                    "row {i}: canon takes 81-character puzzles (clues), not candidate grids"
                )),
            ),
            Err(e) => (INVALID, None, Some(e)),
        })
    })?;
    let (status, grids, errors) = split(out);
    // As strings: `0` for empty cells, as `bitdoku canon` (and minlex custom) writes them.
    let forms = if rows.is_array() {
        grids_out(py, true, grids)?
    } else {
        solutions_out(py, false, grids)?
    };
    Ok((forms, status.into_pyarray(py).into_any(), errors_out(py, errors)?))
}

/// `shuffle(puzzles, seed, threads)`: a random isomorph of each row, seeded per row as
/// `bitdoku shuffle --seed` seeds line `row + 1`; `(puzzles, status, errors)`.
#[pyfunction]
#[pyo3(signature = (puzzles, seed=1, threads=0))]
pub fn shuffle<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    seed: u64,
    threads: usize,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyDict>)> {
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let out = each(py, threads, rows.len(), |i| {
        rows.with_line(i, |line| {
            let puzzle = match parse(line, i) {
                Ok(p) => p,
                Err(e) => return (INVALID, None, Some(e)),
            };
            let mut rng = fastrand::Rng::with_seed(puzzle_seed(seed, i as u64 + 1));
            let t = Isomorph::random(&mut rng);
            match puzzle {
                Puzzle::Givens(v) => (SOLVED, Some(Puzzle::Givens(t.apply(&v)).to_line()), None),
                Puzzle::Grid(m) => (
                    SOLVED,
                    Some(to_candidate_line(&bitdoku_bitboard::Candidates::from_masks(
                        t.apply_masks(&m),
                    ))),
                    None,
                ),
            }
        })
    })?;
    let mut status = Vec::with_capacity(out.len());
    let mut lines = Vec::with_capacity(out.len());
    let mut errors = Vec::new();
    for (i, (s, l, e)) in out.into_iter().enumerate() {
        status.push(s);
        lines.push(l);
        errors.extend(e.map(|e| (i, e)));
    }
    let puzzles = if rows.is_array() {
        let grids = lines
            .iter()
            .map(|l| {
                l.as_deref().and_then(|l| match parse_line(l) {
                    Ok(Some(Puzzle::Givens(v))) => Some(v),
                    _ => None,
                })
            })
            .collect();
        grids_out(py, true, grids)?
    } else {
        PyList::new(py, lines)?.into_any()
    };
    Ok((puzzles, status.into_pyarray(py).into_any(), errors_out(py, errors)?))
}
