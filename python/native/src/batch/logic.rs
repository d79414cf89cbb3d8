//! `rate` and `check`: the technique engine's single-step path on each row, with the SE
//! model beside it for `rate` (as `bitdoku rate`'s default line) and every step verified
//! against the brute-force solution for `check` (as `bitdoku check`).

use super::{Input, each, engine, errors_out, outcome_status, parse, status_of};
use crate::{INVALID, SOLVED, STUCK};
use bitdoku_engine::{Engine, Granularity, Options};
use bitdoku_se_model as se;
use bitdoku_strategies::Family;
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// One rated row.
struct Rated {
    status: u8,
    level: &'static str,
    score: u32,
    se: [u32; 3],
    fallback: bool,
    error: Option<String>,
}

/// The results of `rate`: level, score, er, ep, ed, fallback, status, errors.
type RateOut<'py> = (
    Bound<'py, PyList>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyDict>,
);

/// `rate(puzzles, threads, order)`: HoDoKu level and score from the technique engine, SE's
/// ER/EP/ED from the SE model, as `bitdoku rate` prints them.
#[pyfunction]
#[pyo3(signature = (puzzles, threads=0, order=None))]
pub fn rate<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: usize,
    order: Option<&str>,
) -> PyResult<RateOut<'py>> {
    let engine = engine(order, false)?;
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let out =
        each(py, threads, rows.len(), |i| rows.with_line(i, |line| rate_line(&engine, line, i)))?;
    let n = out.len();
    let (mut score, mut er, mut ep, mut ed, mut fallback, mut status) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    let mut errors = Vec::new();
    let mut levels = Vec::with_capacity(n);
    for (i, r) in out.into_iter().enumerate() {
        levels.push(r.level);
        score.push(r.score);
        er.push(f64::from(r.se[0]) / 10.0);
        ep.push(f64::from(r.se[1]) / 10.0);
        ed.push(f64::from(r.se[2]) / 10.0);
        fallback.push(r.fallback);
        status.push(r.status);
        errors.extend(r.error.map(|e| (i, e)));
    }
    Ok((
        PyList::new(py, levels)?,
        score.into_pyarray(py).into_any(),
        er.into_pyarray(py).into_any(),
        ep.into_pyarray(py).into_any(),
        ed.into_pyarray(py).into_any(),
        fallback.into_pyarray(py).into_any(),
        status.into_pyarray(py).into_any(),
        errors_out(py, errors)?,
    ))
}

/// Rates one line as `bitdoku rate` does by default (SE model plus the engine's HoDoKu level).
fn rate_line(engine: &Engine, line: &[u8], row: usize) -> Rated {
    let none =
        |status, error| Rated { status, level: "", score: 0, se: [0; 3], fallback: false, error };
    let start = match parse(line, row) {
        Ok(p) => p.candidates(),
        Err(e) => return none(INVALID, Some(e)),
    };
    let (count, _) = bitdoku_brute::count_solutions(&start.search_masks(), 2);
    if count != 1 {
        return none(status_of(count), None);
    }
    let r = se::rate_state(&start, None);
    let out = engine.solve_observed(&start, None);
    Rated {
        status: if r.er == 200 { STUCK } else { SOLVED },
        level: out.rating.level().as_str(),
        score: out.rating.score,
        se: [r.er, r.ep, r.ed],
        fallback: out.fallback,
        error: None,
    }
}

/// The results of `check`: status, verified steps, problems, errors.
type CheckOut<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyDict>, Bound<'py, PyDict>);

/// `check(puzzles, threads, order)`: `(status, verified steps, problems, errors)`; every step
/// checked against the brute-force solutions, as `bitdoku check` does.
#[pyfunction]
#[pyo3(signature = (puzzles, threads=0, order=None))]
pub fn check<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: usize,
    order: Option<&str>,
) -> PyResult<CheckOut<'py>> {
    let mut o = Options::new(super::order(order)?);
    o.granularity = Granularity::Single;
    o.verify = true;
    o.fallback = false;
    o.trace = true;
    o.stats = false;
    let engine = Engine::new(o);
    let input = Input::from_py(puzzles)?;
    let rows = input.rows();
    let out = each(py, threads, rows.len(), |i| {
        rows.with_line(i, |line| {
            let puzzle = match parse(line, i) {
                Ok(p) => p,
                Err(e) => return (INVALID, 0u64, Vec::new(), Some(e)),
            };
            let out = engine.solve(&puzzle.candidates());
            let mut problems: Vec<String> = out.unsound.iter().map(|u| u.to_string()).collect();
            if !out.uniqueness_allowed {
                for s in out.steps.iter().filter(|s| s.technique.family() == Family::Uniqueness) {
                    problems
                        .push(format!("uniqueness step on a non-unique puzzle: {}", s.explain()));
                }
            }
            (outcome_status(out.status), out.verified_steps, problems, None)
        })
    })?;
    let problems = PyDict::new(py);
    let mut status = Vec::with_capacity(out.len());
    let mut steps = Vec::with_capacity(out.len());
    let mut errors = Vec::new();
    for (i, (s, k, p, e)) in out.into_iter().enumerate() {
        status.push(s);
        steps.push(k);
        if !p.is_empty() {
            problems.set_item(i, p)?;
        }
        errors.extend(e.map(|e| (i, e)));
    }
    Ok((
        status.into_pyarray(py).into_any(),
        steps.into_pyarray(py).into_any(),
        problems,
        errors_out(py, errors)?,
    ))
}
