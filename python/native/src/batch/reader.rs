//! `read_bytes`: the puzzles of a file's bytes under the CLI's line rules and input formats
//! (plain lines, hardest lists, CSV with a header), with their line numbers.

use super::errors_out;
use bitdoku_bitboard::{
    Field, Fields, InputFormat, Puzzle, is_blank_or_comment, parse_line, quick_search_masks,
};
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

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
