//! The batch functions: `solve`, `count`, `rate`, `guesses`, `check`, `classify`, `canon`,
//! `shuffle`, `generate` and the file reader, each on a numpy `(N, 81)` `uint8` array (0 = empty) or a
//! list of strings, with the GIL released and the rows spread over a rayon pool.
//!
//! A row is handled as the CLI handles a line: an array row becomes its 81 digits (`0` for
//! empty) and goes through the same parser and the same bulk shortcut as `bitdoku solve`'s
//! lines, so statuses, solutions and messages match the command line's.
//!
//! This file holds what every batch shares: the rows of a call ([`Input`], [`Rows`]), the
//! parser's row messages, the thread pools, the engine options, status codes and the
//! conversions of results to numpy arrays, lists and the `errors` dict. Each function lives
//! with its kind: `solutions.rs` (solve, count: the brute-force count and the logic solve),
//! `logic.rs` (rate, check: the engine's single-step path, with the SE model for `rate`),
//! `berthier.rs` (classify: Berthier's T&E depth, W, B, BxB and BxBB), `guess_counts.rs` (the
//! guess-count rating over random isomorphs),
//! `isomorphs.rs` (canon, shuffle), `generator.rs` (generate) and `reader.rs` (read_bytes).

mod berthier;
mod generator;
mod guess_counts;
mod isomorphs;
mod logic;
mod reader;
mod solutions;

pub use berthier::classify;
pub use generator::generate;
pub use guess_counts::guesses;
pub use isomorphs::{canon, shuffle};
pub use logic::{check, rate};
pub use reader::read_bytes;
pub use solutions::{count, solve};

use crate::{MULTIPLE, NO_SOLUTION, SOLVED, STUCK};
use bitdoku_bitboard::{Puzzle, parse_line};
use bitdoku_engine::{Engine, Granularity, Options, Order, Status};
use numpy::{IntoPyArray, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

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
