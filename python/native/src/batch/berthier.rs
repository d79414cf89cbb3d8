//! `classify`: Berthier's measures of each row (T&E depth; W and B for T&E(0)/T&E(1)
//! puzzles, BxB for T&E(2), BxBB for T&E(3)), as `bitdoku classify` computes them
//! (`bitdoku_classify::classify` under one per-puzzle budget).
//!
//! A measure comes back as a number, `-1` where it was not computed (not asked for, not
//! defined at the puzzle's T&E depth, no unique solution), and, when the budget or the length
//! limit cut it short, `-1` plus the bound in the `cut` dict (`{row: {"b": 7}}` is the CLI's
//! `B>7`); such a row's status is `STUCK`. Rows take from milliseconds to seconds, so they are
//! handed to the workers one by one (not in blocks as the fast batches are).

use super::{Input, errors_out, parse, pool, status_of};
use crate::{INVALID, SOLVED, STUCK};
use bitdoku_classify::{Classification, ClassifyError, Limits, Measures, Rated};
use numpy::IntoPyArray;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// The measure names, in the order of the value arrays.
const NAMES: [&str; 5] = ["te", "w", "b", "bxb", "bxbb"];

/// One classified row.
struct Row {
    status: u8,
    values: [i16; 5],
    cut: Vec<(&'static str, u32)>,
    seconds: f64,
    error: Option<String>,
}

/// The results of `classify`: te, w, b, bxb, bxbb, cut, seconds, status, errors.
type ClassifyOut<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyDict>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyDict>,
);

/// `classify(puzzles, measures, threads, time_limit, max_units, max_length)`: Berthier's
/// measures of every row, as `bitdoku classify --measures ... --time-limit ... --max-units
/// ... --max-length ...` gives them.
#[pyfunction]
#[pyo3(signature = (puzzles, measures="te,w,b,bxb,bxbb", threads=0, time_limit=None, max_units=None, max_length=30))]
pub fn classify<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    measures: &str,
    threads: usize,
    time_limit: Option<f64>,
    max_units: Option<u64>,
    max_length: u32,
) -> PyResult<ClassifyOut<'py>> {
    let measures =
        Measures::parse(measures).map_err(|e| PyValueError::new_err(format!("measures: {e}")))?;
    let time = match time_limit {
        None => None,
        Some(s) => Some(Duration::try_from_secs_f64(s).map_err(|_| {
            PyValueError::new_err(format!("time_limit: {s} is not a number of seconds >= 0"))
        })?),
    };
    if max_length == 0 {
        return Err(PyValueError::new_err("max_length: must be 1 or more"));
    }
    let limits = Limits { max_length, units: max_units, time, ..Limits::default() };
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let pool = pool(threads)?;
    let out: Vec<Row> = py.detach(|| {
        pool.install(|| {
            (0..rows.len())
                .into_par_iter()
                .with_max_len(1)
                .map(|i| rows.with_line(i, |line| classify_line(line, i, measures, &limits)))
                .collect()
        })
    });
    let n = out.len();
    let mut values: [Vec<i16>; 5] = std::array::from_fn(|_| Vec::with_capacity(n));
    let (mut seconds, mut status) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut errors = Vec::new();
    let cut = PyDict::new(py);
    for (i, r) in out.into_iter().enumerate() {
        for (v, x) in values.iter_mut().zip(r.values) {
            v.push(x);
        }
        seconds.push(r.seconds);
        status.push(r.status);
        if !r.cut.is_empty() {
            let d = PyDict::new(py);
            for (name, bound) in r.cut {
                d.set_item(name, bound)?;
            }
            cut.set_item(i, d)?;
        }
        errors.extend(r.error.map(|e| (i, e)));
    }
    let [te, w, b, bxb, bxbb] = values.map(|v| v.into_pyarray(py).into_any());
    Ok((
        te,
        w,
        b,
        bxb,
        bxbb,
        cut,
        seconds.into_pyarray(py).into_any(),
        status.into_pyarray(py).into_any(),
        errors_out(py, errors)?,
    ))
}

/// Classifies one line as `bitdoku classify` does.
fn classify_line(line: &[u8], row: usize, measures: Measures, limits: &Limits) -> Row {
    let none =
        |status, error| Row { status, values: [-1; 5], cut: Vec::new(), seconds: 0.0, error };
    let puzzle = match parse(line, row) {
        Ok(p) => p,
        Err(e) => return none(INVALID, Some(e)),
    };
    let masks = puzzle.candidates().search_masks();
    let started = Instant::now();
    let c: Classification = match bitdoku_classify::classify(&masks, measures, limits) {
        Ok(c) => c,
        Err(ClassifyError::NoSolution) => return none(status_of(0), None),
        Err(ClassifyError::MultipleSolutions) => return none(status_of(2), None),
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut values = [-1i16; 5];
    let mut cut = Vec::new();
    for (k, r) in [c.te, c.w, c.b, c.bxb, c.bxbb].into_iter().enumerate() {
        match r {
            Some(Rated::Value(v)) => values[k] = i16::try_from(v).unwrap_or(i16::MAX),
            Some(Rated::Above(v)) => cut.push((NAMES[k], v)),
            None => {}
        }
    }
    let status = if c.complete() { SOLVED } else { STUCK };
    Row { status, values, cut, seconds, error: None }
}
