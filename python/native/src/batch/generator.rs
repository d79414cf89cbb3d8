//! `generate`: minimal unique puzzles as `bitdoku generate` makes them, with its targets
//! (level, score, SE range, required and forbidden techniques) checked as the CLI checks them.

use super::each;
use crate::{SOLVED, STUCK};
use bitdoku_engine::{Engine, Granularity, Options};
use bitdoku_generate::{Symmetry, Target, generate_one};
use bitdoku_strategies::{Level, TechniqueId, registry};
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::{Duration, Instant};

/// The HoDoKu level named `text`.
fn level(text: &str) -> PyResult<Level> {
    [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme]
        .into_iter()
        .find(|l| l.as_str() == text)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "level {text:?}: expected easy, medium, hard, unfair or extreme"
            ))
        })
}

/// Technique ids the engine can run.
fn ids(what: &str, list: Option<Vec<String>>) -> PyResult<Vec<TechniqueId>> {
    list.unwrap_or_default()
        .iter()
        .map(|s| {
            let id: TechniqueId = s
                .trim()
                .parse()
                .map_err(|_| PyValueError::new_err(format!("{what}: unknown technique {s:?}")))?;
            if registry::get(id).is_none() {
                return Err(PyValueError::new_err(format!(
                    "{what}: {s} is not a technique the engine can run"
                )));
            }
            Ok(id)
        })
        .collect()
}

/// The results of `generate`: puzzles, solutions, status, tries.
type GenerateOut<'py> =
    (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>);

/// `generate(count, seed, ...)`: minimal unique puzzles as `bitdoku generate` makes them
/// (puzzle `i` depends only on `(seed, i)`), `(puzzles, solutions, status, tries)` with
/// `(count, 81)` arrays; a row whose target was not met within `timeout` has status `STUCK`
/// and zeros.
#[pyfunction]
#[pyo3(signature = (count, seed=1, threads=0, symmetry="none", givens_max=None, level=None,
    score=None, se=None, require=None, forbid=None, order=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    count: usize,
    seed: u64,
    threads: usize,
    symmetry: &str,
    givens_max: Option<usize>,
    level: Option<&str>,
    score: Option<(u32, u32)>,
    se: Option<(f32, f32)>,
    require: Option<Vec<String>>,
    forbid: Option<Vec<String>>,
    order: Option<&str>,
    timeout: Option<f64>,
) -> PyResult<GenerateOut<'py>> {
    let symmetry = Symmetry::parse(symmetry).ok_or_else(|| {
        PyValueError::new_err(format!("symmetry {symmetry:?}: expected one of {}", Symmetry::NAMES))
    })?;
    let order = super::order(order)?;
    let target = Target {
        level: level.map(self::level).transpose()?,
        score,
        se,
        require: ids("require", require)?,
        forbid: ids("forbid", forbid)?,
    };
    for (name, range) in [("score", score.map(|(a, b)| (a as f32, b as f32))), ("se", se)] {
        if range.is_some_and(|(a, b)| a > b) {
            return Err(PyValueError::new_err(format!(
                "{name}: the range is empty (minimum above maximum)"
            )));
        }
    }
    for id in &target.require {
        if target.forbid.contains(id) {
            return Err(PyValueError::new_err(format!("{id} is both required and forbidden")));
        }
        if !order.ids().contains(id) {
            return Err(PyValueError::new_err(format!(
                "require {id}: the order {} does not contain it",
                order.name()
            )));
        }
    }
    if givens_max.is_some_and(|m| m < 17) {
        return Err(PyValueError::new_err(
            "givens_max below 17: no puzzle with fewer than 17 clues has a unique solution",
        ));
    }
    let options = bitdoku_generate::Options { symmetry, givens_max, target };
    let mut eo = Options::new(order);
    eo.trace = true;
    eo.granularity = Granularity::Single;
    eo.stats = false;
    let engine = Engine::new(eo);
    let deadline = timeout.map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let out = each(py, threads, count, |i| {
        generate_one(seed, i as u64, &options, Some(&engine), deadline)
    })?;
    let mut puzzles = vec![0u8; count * 81];
    let mut solutions = vec![0u8; count * 81];
    let mut status = Vec::with_capacity(count);
    let mut tries = Vec::with_capacity(count);
    for (i, r) in out.into_iter().enumerate() {
        match r {
            Ok(g) => {
                puzzles[i * 81..i * 81 + 81].copy_from_slice(&g.puzzle);
                solutions[i * 81..i * 81 + 81].copy_from_slice(&g.solution);
                status.push(SOLVED);
                tries.push(g.tries);
            }
            Err(t) => {
                status.push(STUCK);
                tries.push(t);
            }
        }
    }
    Ok((
        puzzles.into_pyarray(py).reshape([count, 81])?.into_any(),
        solutions.into_pyarray(py).reshape([count, 81])?.into_any(),
        status.into_pyarray(py).into_any(),
        tries.into_pyarray(py).into_any(),
    ))
}
