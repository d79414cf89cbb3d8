//! Markdown and plain-text tables, and the table printed on standard output.

#[allow(unused_imports)]
use super::*;

/// A markdown table; columns whose header starts with `>` are right-aligned (the `>` is
/// dropped). Pipes in cells are escaped.
#[must_use]
pub fn markdown_table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let names: Vec<&str> = headers.iter().map(|h| h.trim_start_matches('>')).collect();
    let _ = writeln!(out, "| {} |", names.join(" | "));
    let rules: Vec<&str> =
        headers.iter().map(|h| if h.starts_with('>') { "---:" } else { "---" }).collect();
    let _ = writeln!(out, "|{}|", rules.join("|"));
    for r in rows {
        let cells: Vec<String> = r.iter().map(|c| c.replace('|', "\\|")).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out
}

/// A plain text table with columns padded to their widest cell (numbers right-aligned).
#[must_use]
pub fn text_table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let names: Vec<&str> = headers.iter().map(|h| h.trim_start_matches('>')).collect();
    let widths: Vec<usize> = (0..names.len())
        .map(|i| rows.iter().map(|r| r[i].len()).chain([names[i].len()]).max().unwrap_or(0))
        .collect();
    let fmt_row = |cells: Vec<&str>| -> String {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if headers[i].starts_with('>') {
                    format!("{c:>w$}", w = widths[i])
                } else {
                    format!("{c:<w$}", w = widths[i])
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = fmt_row(names.clone());
    out.push_str(&fmt_row(
        widths
            .iter()
            .map(|&w| "-".repeat(w))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect(),
    ));
    for r in rows {
        out.push_str(&fmt_row(r.iter().map(String::as_str).collect()));
    }
    out
}

/// The headers of the main table (`>`: right-aligned).
pub const MAIN_HEADERS: &[&str] = &[
    "corpus",
    "engine",
    "order",
    ">puzzles",
    ">puzzles/s",
    ">us/puzzle",
    ">p50 us",
    ">p90 us",
    ">p99 us",
    ">max us",
    ">logic %",
    ">guesses/puzzle",
];

/// The cells of a row in the main table.
#[must_use]
pub fn main_cells(r: &Row) -> Vec<String> {
    vec![
        r.corpus.clone(),
        r.engine.clone(),
        r.order.clone(),
        r.puzzles.to_string(),
        f(r.puzzles_per_sec, 0),
        f(r.us_per_puzzle, 2),
        f(r.p50_us, 2),
        f(r.p90_us, 2),
        f(r.p99_us, 2),
        f(r.max_us, 1),
        f(r.solved_logic_pct, 1),
        f(r.guesses_per_puzzle, 2),
    ]
}

/// The table printed on the terminal at the end of a run.
#[must_use]
pub fn stdout_table(rows: &[Row]) -> String {
    text_table(MAIN_HEADERS, &rows.iter().map(main_cells).collect::<Vec<_>>())
}
