//! `solve` and `count`: the brute-force solution count of each row (the bulk shortcut on 81
//! digits, written straight into the output array for array input) or the technique engine's
//! solve, as `bitdoku solve` and `bitdoku count` take a line.

use super::{Input, Rows, each, errors_out, outcome_status, parse, pool, solutions_out, split};
use super::{RowOut, status_of};
use crate::{INVALID, SOLVED};
use bitdoku_bitboard::quick_search_masks_into;
use bitdoku_brute::Solution;
use bitdoku_engine::{Engine, Options};
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

/// Rows per block of the array fast path.
const BLOCK: usize = 256;

/// `solve(puzzles, threads, logic, order)`: `(solutions, status, errors)`.
#[pyfunction]
#[pyo3(signature = (puzzles, threads=0, logic=false, fallback=true, order=None))]
pub fn solve<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: usize,
    logic: bool,
    fallback: bool,
    order: Option<&str>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyDict>)> {
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let logic = logic || !fallback || order.is_some();
    let engine = if logic {
        let mut o = Options::new(super::order(order)?);
        o.fallback = fallback;
        o.stats = false;
        Some(Engine::new(o))
    } else {
        None
    };
    if let (Rows::Values(values), None) = (rows, &engine) {
        // The bulk path: the solution values written straight into the output array.
        let n = rows.len();
        let pool = pool(threads)?;
        let (solutions, status, errors) = py.detach(|| {
            let mut solutions = vec![0u8; n * 81];
            let mut status = vec![0u8; n];
            let errors: Vec<(usize, String)> = pool.install(|| {
                solutions
                    .par_chunks_mut(81 * BLOCK)
                    .zip(status.par_chunks_mut(BLOCK))
                    .zip(values.par_chunks(81 * BLOCK))
                    .enumerate()
                    .flat_map_iter(|(b, ((sol, st), vals))| {
                        let mut errors = Vec::new();
                        for (k, (out, s)) in sol.chunks_exact_mut(81).zip(st.iter_mut()).enumerate()
                        {
                            let row = b * BLOCK + k;
                            let mut line = [0u8; 81];
                            for (c, &x) in line.iter_mut().zip(&vals[k * 81..k * 81 + 81]) {
                                *c = b'0' + x;
                            }
                            // Only a repeated digit fails the shortcut on 81 digits.
                            match count_line(&line, row, 2) {
                                Ok((count, first)) => {
                                    *s = status_of(count);
                                    if let (1, Some(sol)) = (count, first) {
                                        out.copy_from_slice(&sol.0);
                                    }
                                }
                                Err(e) => {
                                    *s = INVALID;
                                    errors.push((row, e));
                                }
                            }
                        }
                        errors
                    })
                    .collect()
            });
            (solutions, status, errors)
        });
        let solutions = solutions.into_pyarray(py).reshape([n, 81])?.into_any();
        return Ok((solutions, status.into_pyarray(py).into_any(), errors_out(py, errors)?));
    }
    let e = engine.as_ref();
    let out = each(py, threads, rows.len(), |i| rows.with_line(i, |line| solve_line(line, i, e)))?;
    let (status, grids, errors) = split(out);
    Ok((
        solutions_out(py, rows.is_array(), grids)?,
        status.into_pyarray(py).into_any(),
        errors_out(py, errors)?,
    ))
}

/// Solves one line: brute force (`engine` `None`) or logic, as `bitdoku solve` does.
fn solve_line(line: &[u8], row: usize, engine: Option<&Engine>) -> RowOut {
    let Some(e) = engine else {
        return match count_line(line, row, 2) {
            Ok((count, first)) => {
                (status_of(count), first.filter(|_| count == 1).map(|s| s.0), None)
            }
            Err(e) => (INVALID, None, Some(e)),
        };
    };
    match parse(line, row) {
        Ok(puzzle) => {
            let out = e.solve(&puzzle.candidates());
            let status = outcome_status(out.status);
            (status, out.solution.filter(|_| status == SOLVED), None)
        }
        Err(e) => (INVALID, None, Some(e)),
    }
}

/// The brute-force count of one line's solutions up to `limit`, with the first solution, as
/// `bitdoku solve` and `count` take it: an 81-character line through the bulk shortcut, any
/// other line through the parser (whose error is the line's).
fn count_line(line: &[u8], row: usize, limit: u32) -> Result<(u32, Option<Solution>), String> {
    let mut masks = [0u128; 9];
    if quick_search_masks_into(line, &mut masks) {
        return Ok(bitdoku_brute::count_solutions_prepared(&masks, limit));
    }
    let puzzle = parse(line, row)?;
    Ok(bitdoku_brute::count_solutions(&puzzle.candidates().search_masks(), limit))
}

/// `count(puzzles, limit, threads)`: `(counts, status, errors)`.
#[pyfunction]
#[pyo3(signature = (puzzles, limit=2, threads=0))]
pub fn count<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: u32,
    threads: usize,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyDict>)> {
    if !(1..=1_000_000).contains(&limit) {
        return Err(PyValueError::new_err("limit: 1 to 1,000,000"));
    }
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let out = each(py, threads, rows.len(), |i| {
        rows.with_line(i, |line| match count_line(line, i, limit) {
            Ok((count, _)) => (count, None),
            Err(e) => (0, Some(e)),
        })
    })?;
    let mut counts = Vec::with_capacity(out.len());
    let mut status = Vec::with_capacity(out.len());
    let mut errors = Vec::new();
    for (i, (c, e)) in out.into_iter().enumerate() {
        counts.push(c);
        status.push(if e.is_some() { INVALID } else { status_of(c) });
        errors.extend(e.map(|e| (i, e)));
    }
    Ok((
        counts.into_pyarray(py).into_any(),
        status.into_pyarray(py).into_any(),
        errors_out(py, errors)?,
    ))
}
