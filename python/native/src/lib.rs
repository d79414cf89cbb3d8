//! `bitdoku._bitdoku`: the native module of the `bitdoku` Python package (python/bitdoku),
//! batch functions on the workspace crates for numpy `(N, 81)` `uint8` arrays or lists of
//! strings.
//!
//! Every batch runs with the GIL released, on a rayon pool of `threads` workers (0 = all
//! cores). One result per row, in row order; a row that is not a puzzle, or has no unique
//! solution, gets a status code and (in the `errors` dict) a message naming the row, never an
//! exception that loses the other rows. Arguments that cannot be rows at all (an array of the
//! wrong shape or type, a value above 9, a list item that is not a string) raise `ValueError`
//! naming the row. The Python side (`bitdoku/__init__.py`) turns the tuples returned here into
//! named results and documents them; `_bitdoku.pyi` types this module.
#![deny(missing_docs)]

mod batch;
mod single;

use pyo3::prelude::*;

/// Status code: solved (one solution; for `check`, solved by logic).
pub const SOLVED: u8 = 0;
/// Status code: no solution.
pub const NO_SOLUTION: u8 = 1;
/// Status code: two or more solutions.
pub const MULTIPLE: u8 = 2;
/// Status code: not a puzzle (a parse error; see `errors`).
pub const INVALID: u8 = 3;
/// Status code: logic stalled (logic solving without fallback, `check`, `rate` at ER 20.0),
/// or `generate` found nothing within the timeout.
pub const STUCK: u8 = 4;

/// The native module.
#[pymodule]
fn _bitdoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("SOLVED", SOLVED)?;
    m.add("NO_SOLUTION", NO_SOLUTION)?;
    m.add("MULTIPLE", MULTIPLE)?;
    m.add("INVALID", INVALID)?;
    m.add("STUCK", STUCK)?;
    m.add_function(wrap_pyfunction!(batch::solve, m)?)?;
    m.add_function(wrap_pyfunction!(batch::count, m)?)?;
    m.add_function(wrap_pyfunction!(batch::rate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::guesses, m)?)?;
    m.add_function(wrap_pyfunction!(batch::check, m)?)?;
    m.add_function(wrap_pyfunction!(batch::classify, m)?)?;
    m.add_function(wrap_pyfunction!(batch::canon, m)?)?;
    m.add_function(wrap_pyfunction!(batch::shuffle, m)?)?;
    m.add_function(wrap_pyfunction!(batch::generate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::read_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(single::hint, m)?)?;
    m.add_function(wrap_pyfunction!(single::steps, m)?)?;
    m.add_function(wrap_pyfunction!(single::explain_html, m)?)?;
    m.add_function(wrap_pyfunction!(single::svg, m)?)?;
    Ok(())
}
