//! `guesses`: the guess-count rating of each row, as `bitdoku rate --format '%G'` prints it:
//! the mean and the largest number of guesses the brute-force solver needs over seeded random
//! isomorphs of the puzzle's minlex form (`bitdoku_generate::guess_rating`). Candidate grids
//! are refused (the CLI's `%G` prints `-` for them: they have no givens).

use super::{Input, each, errors_out, parse};
use crate::{INVALID, MULTIPLE, NO_SOLUTION, SOLVED};
use bitdoku_bitboard::Puzzle;
use bitdoku_brute::{count_solutions, masks_from_values};
use bitdoku_generate::guess_rating;
use numpy::IntoPyArray;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The largest number of isomorphs a call accepts (a puzzle then takes seconds).
const MAX_ISOMORPHS: u32 = 1 << 20;

/// One row: status, mean, max and message.
type Row = (u8, f64, u64, Option<String>);

fn rate_row(line: &[u8], row: usize, isomorphs: u32, seed: u64) -> Row {
    let values = match parse(line, row) {
        Ok(Puzzle::Givens(v)) => v,
        Ok(Puzzle::Grid(_)) => {
            let msg = format!(
                "row {row}: the guess-count rating takes 81-character puzzles (clues), not candidate grids"
            );
            return (INVALID, 0.0, 0, Some(msg));
        }
        Err(e) => return (INVALID, 0.0, 0, Some(e)),
    };
    // Rated whatever the number of solutions, as the CLI's `%G` does (the solver counts to
    // 2 on every isomorph); the status says how many there are.
    let status = match count_solutions(&masks_from_values(&values), 2).0 {
        0 => NO_SOLUTION,
        1 => SOLVED,
        _ => MULTIPLE,
    };
    let g = guess_rating(&values, isomorphs, seed);
    (status, g.mean, g.max, None)
}

/// `(mean, max, status, errors)`.
type GuessesOut<'py> =
    (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyDict>);

/// `guesses(puzzles, isomorphs, seed, threads)`: `(mean, max, status, errors)`.
#[pyfunction]
#[pyo3(signature = (puzzles, isomorphs=bitdoku_generate::DEFAULT_ISOMORPHS, seed=bitdoku_generate::DEFAULT_SEED, threads=0))]
pub fn guesses<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    isomorphs: u32,
    seed: u64,
    threads: usize,
) -> PyResult<GuessesOut<'py>> {
    if !(1..=MAX_ISOMORPHS).contains(&isomorphs) {
        return Err(PyValueError::new_err(format!("isomorphs: 1 to {MAX_ISOMORPHS}")));
    }
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let out = each(py, threads, rows.len(), |i| {
        rows.with_line(i, |line| rate_row(line, i, isomorphs, seed))
    })?;
    let n = out.len();
    let (mut mean, mut max, mut status) =
        (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
    let mut errors = Vec::new();
    for (i, (s, m, x, e)) in out.into_iter().enumerate() {
        status.push(s);
        mean.push(m);
        max.push(x);
        errors.extend(e.map(|e| (i, e)));
    }
    Ok((
        mean.into_pyarray(py).into_any(),
        max.into_pyarray(py).into_any(),
        status.into_pyarray(py).into_any(),
        errors_out(py, errors)?,
    ))
}
