//! The batch functions: `solve`, `count`, `rate`, `check`, `canon`, `shuffle`, `generate`
//! and the file reader, each on a numpy `(N, 81)` `uint8` array (0 = empty) or a list of
//! strings, with the GIL released and the rows spread over a rayon pool.
//!
//! A row is handled as the CLI handles a line: an array row becomes its 81 digits (`0` for
//! empty) and goes through the same parser and the same bulk shortcut as `bitdoku solve`'s
//! lines, so statuses, solutions and messages match the command line's.

use crate::{INVALID, MULTIPLE, NO_SOLUTION, SOLVED, STUCK};
use bitdoku_bitboard::{
    Field, Fields, InputFormat, Puzzle, is_blank_or_comment, parse_line, quick_search_masks,
    quick_search_masks_into, to_candidate_line,
};
use bitdoku_brute::Solution;
use bitdoku_engine::{Engine, Granularity, Options, Order, Status};
use bitdoku_generate::{Isomorph, Symmetry, Target, generate_one, minlex, puzzle_seed};
use bitdoku_se_model as se;
use bitdoku_strategies::{Family, Level, TechniqueId, registry};
use numpy::{IntoPyArray, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The puzzles of a call, held for the duration of the call.
pub enum Input<'py> {
    /// A `(N, 81)` `uint8` array (C-contiguous, values checked to be 0..=9).
    Array(PyReadonlyArray2<'py, u8>),
    /// A list (or other iterable) of strings.
    Strings(Vec<String>),
}

/// A view of the rows that worker threads can share (no Python object in it).
#[derive(Clone, Copy)]
pub enum Rows<'a> {
    /// 81 values per row.
    Values(&'a [u8]),
    /// One line per row.
    Strings(&'a [String]),
}

impl<'py> Input<'py> {
    /// Reads the `puzzles` argument: a `(N, 81)` `uint8` array or an iterable of `str`.
    pub fn from_py(puzzles: &Bound<'py, PyAny>) -> PyResult<Input<'py>> {
        if let Ok(array) = puzzles.cast::<PyArray2<u8>>() {
            let shape = array.shape();
            if shape[1] != 81 {
                return Err(PyValueError::new_err(format!(
                    "puzzles: expected an array of shape (N, 81), got ({}, {})",
                    shape[0], shape[1]
                )));
            }
            let ro = array.readonly();
            let values = ro.as_slice().map_err(|_| {
                PyValueError::new_err(
                    "puzzles: the array is not C-contiguous (np.ascontiguousarray)",
                )
            })?;
            if let Some(at) = values.iter().position(|&v| v > 9) {
                return Err(PyValueError::new_err(format!(
                    "row {}: cell {} holds {} (expected 0 for empty or a digit 1-9)",
                    at / 81,
                    at % 81,
                    values[at]
                )));
            }
            return Ok(Input::Array(ro));
        }
        if puzzles.is_instance_of::<PyString>() {
            return Err(PyValueError::new_err(
                "puzzles: expected a list of strings or a (N, 81) uint8 array, got one str \
                 (wrap it in a list)",
            ));
        }
        if puzzles.hasattr("__array_interface__")? {
            return Err(PyValueError::new_err(
                "puzzles: expected a 2-D uint8 array of shape (N, 81) \
                 (np.asarray(a, dtype=np.uint8).reshape(-1, 81))",
            ));
        }
        let mut lines = Vec::new();
        for (row, item) in puzzles.try_iter()?.enumerate() {
            let item = item?;
            let text: String = item.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "row {row}: expected a str, got {}",
                    item.get_type().name().map_or("?".to_string(), |n| n.to_string())
                ))
            })?;
            lines.push(text);
        }
        Ok(Input::Strings(lines))
    }

    /// The shareable view.
    pub fn rows(&self) -> Rows<'_> {
        match self {
            Input::Array(a) => Rows::Values(a.as_slice().expect("checked contiguous")),
            Input::Strings(s) => Rows::Strings(s),
        }
    }
}

impl Rows<'_> {
    /// The number of rows.
    pub fn len(self) -> usize {
        match self {
            Rows::Values(v) => v.len() / 81,
            Rows::Strings(s) => s.len(),
        }
    }

    /// Whether the rows came as an array (results then come back as arrays too).
    pub fn is_array(self) -> bool {
        matches!(self, Rows::Values(_))
    }

    /// Calls `f` with row `i` as a line: an array row as its 81 digits (`0` = empty).
    #[inline]
    pub fn with_line<R>(self, i: usize, f: impl FnOnce(&[u8]) -> R) -> R {
        match self {
            Rows::Values(v) => {
                let mut line = [0u8; 81];
                for (b, &x) in line.iter_mut().zip(&v[i * 81..i * 81 + 81]) {
                    *b = b'0' + x;
                }
                f(&line)
            }
            Rows::Strings(s) => f(s[i].as_bytes()),
        }
    }
}

/// Parses row `row`'s line; the error names the row.
pub fn parse(line: &[u8], row: usize) -> Result<Puzzle, String> {
    match parse_line(&String::from_utf8_lossy(line)) {
        Ok(Some(p)) => Ok(p),
        Ok(None) => Err(format!("row {row}: not a puzzle (blank or a comment)")),
        Err(e) => Err(format!("row {row}: {e}")),
    }
}

/// The shared rayon pool with `threads` workers (0 = all cores), made once per size.
pub fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    if threads > 1024 {
        return Err(PyValueError::new_err("threads: at most 1024 (0 = all cores)"));
    }
    let mut pools = POOLS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let p = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("bitdoku-{i}"))
        .build()
        .map_err(|e| PyValueError::new_err(format!("threads: {e}")))?;
    let p = Arc::new(p);
    pools.insert(threads, p.clone());
    Ok(p)
}

/// Runs `f` on every row index with the GIL released, in parallel; results in row order.
fn each<T: Send>(
    py: Python<'_>,
    threads: usize,
    n: usize,
    f: impl Fn(usize) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    let pool = pool(threads)?;
    Ok(py.detach(|| pool.install(|| (0..n).into_par_iter().with_min_len(32).map(f).collect())))
}

/// The technique order: ids or a preset name (`hodoku` by default).
pub fn order(text: Option<&str>) -> PyResult<Order> {
    Order::parse(text.unwrap_or("hodoku")).map_err(|e| {
        PyValueError::new_err(format!("order: {e} ({})", bitdoku_engine::preset_names()))
    })
}

/// An engine rating like `bitdoku rate` (single steps).
pub fn engine(order_text: Option<&str>, trace: bool) -> PyResult<Engine> {
    let mut o = Options::new(order(order_text)?);
    o.granularity = Granularity::Single;
    o.trace = trace;
    o.stats = false;
    Ok(Engine::new(o))
}

/// The status code of a solution count (up to 2).
fn status_of(count: u32) -> u8 {
    match count {
        0 => NO_SOLUTION,
        1 => SOLVED,
        _ => MULTIPLE,
    }
}

/// The status code of a logic outcome.
fn outcome_status(s: Status) -> u8 {
    match s {
        Status::Solved => SOLVED,
        Status::NoSolution => NO_SOLUTION,
        Status::MultipleSolutions => MULTIPLE,
        Status::Stuck => STUCK,
    }
}

/// Grids (values 0..=9) out: a `(N, 81)` array for array input, else strings (`None` where
/// there is no grid).
fn grids_out<'py>(
    py: Python<'py>,
    as_array: bool,
    grids: Vec<Option<[u8; 81]>>,
) -> PyResult<Bound<'py, PyAny>> {
    if as_array {
        let n = grids.len();
        let mut flat = vec![0u8; n * 81];
        for (out, g) in flat.chunks_exact_mut(81).zip(&grids) {
            if let Some(g) = g {
                out.copy_from_slice(g);
            }
        }
        return Ok(flat.into_pyarray(py).reshape([n, 81])?.into_any());
    }
    let lines = grids.iter().map(|g| g.map(|g| Puzzle::Givens(g).to_line()));
    Ok(PyList::new(py, lines)?.into_any())
}

/// Solutions (and minlex forms) out: like [`grids_out`], but strings are digits only, `0` for
/// an empty cell (as `bitdoku solve` and `bitdoku canon` print them).
fn solutions_out<'py>(
    py: Python<'py>,
    as_array: bool,
    grids: Vec<Option<[u8; 81]>>,
) -> PyResult<Bound<'py, PyAny>> {
    if as_array {
        return grids_out(py, true, grids);
    }
    let digits = |g: &[u8; 81]| g.iter().map(|&v| (b'0' + v) as char).collect::<String>();
    Ok(PyList::new(py, grids.iter().map(|g| g.as_ref().map(digits)))?.into_any())
}

/// The `errors` dict: row -> message, for the rows that have one.
fn errors_out<'py>(
    py: Python<'py>,
    errors: impl IntoIterator<Item = (usize, String)>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (row, e) in errors {
        d.set_item(row, e)?;
    }
    Ok(d)
}

/// One row's status, grid and message.
type RowOut = (u8, Option<[u8; 81]>, Option<String>);

/// Per-row results split: statuses, grids, and (row, message) errors.
type Split = (Vec<u8>, Vec<Option<[u8; 81]>>, Vec<(usize, String)>);

/// Splits per-row results into the status array, the grids and the errors.
fn split(rows: Vec<RowOut>) -> Split {
    let mut status = Vec::with_capacity(rows.len());
    let mut grids = Vec::with_capacity(rows.len());
    let mut errors = Vec::new();
    for (i, (s, g, e)) in rows.into_iter().enumerate() {
        status.push(s);
        grids.push(g);
        if let Some(e) = e {
            errors.push((i, e));
        }
    }
    (status, grids, errors)
}

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
        let mut o = Options::new(self::order(order)?);
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
    let mut o = Options::new(self::order(order)?);
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
    let order = self::order(order)?;
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

/// The results of `read_bytes`: puzzles, line numbers, errors, headers, format name.
type ReadOut<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyDict>, u64, &'static str);

/// `read_bytes(data, input_format, column, as_strings)`: the puzzles of a file's bytes (the
/// CLI's line rules and formats: plain lines, hardest lists, CSV with a header), with their
/// 1-based line numbers; bad lines in `errors` (line -> message), the header line counted.
#[pyfunction]
#[pyo3(signature = (data, input_format="auto", column=None, as_strings=false))]
pub fn read_bytes<'py>(
    py: Python<'py>,
    data: &[u8],
    input_format: &str,
    column: Option<&str>,
    as_strings: bool,
) -> PyResult<ReadOut<'py>> {
    let format: InputFormat = input_format.parse().map_err(PyValueError::new_err)?;
    let result = py.detach(|| read(data, format, column, as_strings));
    let (values, strings, numbers, errors, headers, name) =
        result.map_err(PyValueError::new_err)?;
    let n = numbers.len();
    let puzzles = if as_strings {
        PyList::new(py, strings)?.into_any()
    } else {
        values.into_pyarray(py).reshape([n, 81])?.into_any()
    };
    Ok((puzzles, numbers.into_pyarray(py).into_any(), errors_out(py, errors)?, headers, name))
}

/// What [`read`] gives: values, strings, line numbers, errors, headers, format name.
type Read = (Vec<u8>, Vec<String>, Vec<u64>, Vec<(usize, String)>, u64, &'static str);

/// Cuts `data` into lines (`\n`, `\r\n` or `\r`; a UTF-8 byte order mark dropped) and reads
/// the puzzle of each.
fn read(
    data: &[u8],
    format: InputFormat,
    column: Option<&str>,
    as_strings: bool,
) -> Result<Read, String> {
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    let mut lines = Vec::new();
    let mut at = 0;
    while at < data.len() {
        let end = data[at..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(data.len(), |k| at + k);
        lines.push(&data[at..end]);
        at = end + 1;
        if data.get(end) == Some(&b'\r') && data.get(at) == Some(&b'\n') {
            at += 1;
        }
    }
    let mut fields = Fields::LINES;
    if let Some((i, first)) = lines.iter().enumerate().find(|(_, l)| !is_blank_or_comment(l)) {
        fields = Fields::detect(first, i + 1, format, column).map_err(|e| e.to_string())?;
    }
    let (mut values, mut strings, mut numbers, mut errors) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut headers = 0;
    for (i, line) in lines.iter().enumerate() {
        let number = i + 1;
        let bytes = match fields.field(number, line) {
            Field::Header => {
                headers += 1;
                continue;
            }
            Field::Puzzle(b) => b,
        };
        if as_strings {
            if is_blank_or_comment(bytes) {
                continue;
            }
            numbers.push(number as u64);
            strings.push(String::from_utf8_lossy(bytes).into_owned());
            continue;
        }
        if quick_search_masks(bytes).is_some() {
            values
                .extend(bytes[..81].iter().map(|&b| if b.is_ascii_digit() { b - b'0' } else { 0 }));
            numbers.push(number as u64);
            continue;
        }
        match parse_line(&String::from_utf8_lossy(bytes)) {
            Ok(None) => {}
            Ok(Some(Puzzle::Givens(v))) => {
                values.extend_from_slice(&v);
                numbers.push(number as u64);
            }
            Ok(Some(Puzzle::Grid(_))) => errors.push((
                number,
                format!("line {number}: a candidate grid (read it with as_strings=True)"),
            )),
            Err(e) => errors.push((number, format!("line {number}: {e}"))),
        }
    }
    Ok((values, strings, numbers, errors, headers, fields.name()))
}
