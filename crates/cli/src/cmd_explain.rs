//! `bitdoku explain PUZZLE-or-FILE --html OUT`: one self-contained HTML page (inline CSS and
//! SVG, no network) with the rating, the techniques used and every step with its diagram, its
//! explanation and its effects; keyboard navigable. A file gives one page with an index, or,
//! past [`SPLIT`] puzzles, an index page that links to one page per puzzle (in a folder next
//! to it), so no page grows to hundreds of megabytes. The diagrams' legend is shown once per
//! page; invalid and unsolved lines, and the `--limit` cut, are reported on standard error.
//!
//! Templating: `minijinja` (a well-kept Jinja2 implementation with no build step and no
//! proc-macro code generation; the template lives in `templates/explain.html` and is compiled
//! into the binary with `include_str!`), so the page is not assembled by string concatenation.

use crate::OrderArgs;
use crate::budget::BudgetArgs;
use bitdoku_bitboard::parse_line_at;
use bitdoku_engine::{Engine, Granularity, Options};
use bitdoku_present::page;
use clap::Args;
use page::{PagePuzzle, explain_one, title_of};
use std::path::PathBuf;

/// Arguments of `explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// A puzzle (81 or 729 characters) or a file of puzzles.
    input: String,
    /// Where to write the page.
    #[arg(long, value_name = "FILE")]
    html: PathBuf,
    #[command(flatten)]
    order: OrderArgs,
    /// At most this many puzzles of a file.
    #[arg(long, default_value_t = 100)]
    limit: usize,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// Past this many puzzles, one page per puzzle plus an index.
const SPLIT: usize = 10;

pub fn run(a: ExplainArgs) -> anyhow::Result<bool> {
    let mut o = Options::new(a.order.resolve()?);
    o.budget = a.budget.for_engine(&o.order);
    o.trace = true;
    o.granularity = Granularity::Single;
    let engine = Engine::new(o);
    let path = std::path::Path::new(&a.input);
    let text = if path.exists() {
        let bytes =
            std::fs::read(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", a.input))?;
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        a.input.clone()
    };
    let mut puzzles = Vec::new();
    let mut all_ok = true;
    let se_budget = a.budget.resolve(true);
    let mut left_out = 0usize;
    for (i, line) in text.lines().enumerate() {
        if puzzles.len() >= a.limit {
            let t = line.trim_start();
            left_out += usize::from(!t.is_empty() && !t.starts_with('#'));
            continue;
        }
        let number = i + 1;
        let puzzle = match parse_line_at(line, number) {
            Ok(None) => continue,
            Ok(Some(p)) => p,
            Err(e) => {
                if !path.exists() {
                    anyhow::bail!(
                        "cannot open {:?}: no such file, and it is not a puzzle ({e})",
                        a.input
                    );
                }
                all_ok = false;
                eprintln!("error: {e}");
                puzzles.push(PagePuzzle {
                    line: number,
                    puzzle: crate::json::echo(line),
                    error: Some(format!("error: {e}")),
                    ..PagePuzzle::default()
                });
                continue;
            }
        };
        let explained = explain_one(&engine, number, &puzzle, se_budget);
        for problem in &explained.problems {
            eprintln!("{problem}");
        }
        all_ok &= explained.problems.is_empty();
        puzzles.push(explained.page);
    }
    if left_out > 0 {
        eprintln!(
            "explain: stopped at {} puzzles (--limit {}); {left_out} more puzzle lines were not explained",
            puzzles.len(),
            a.limit
        );
    }
    let render =
        |title: String, puzzles: &[PagePuzzle], index: bool| page::render(&title, puzzles, index);
    let write = |path: &std::path::Path, page: String| {
        std::fs::write(path, page)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
    };
    if puzzles.len() <= SPLIT {
        let title = match puzzles.as_slice() {
            [p] => title_of(p),
            _ => format!("explanations of {} puzzles", puzzles.len()),
        };
        write(&a.html, render(title, &puzzles, false)?)?;
        return Ok(all_ok);
    }
    // One page per puzzle in `<OUT stem>-pages/`, and the index at OUT.
    let stem =
        a.html.file_stem().map_or_else(|| "explain".into(), |s| s.to_string_lossy().into_owned());
    let folder_name = format!("{stem}-pages");
    let folder = a.html.with_file_name(&folder_name);
    std::fs::create_dir_all(&folder)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", folder.display()))?;
    for p in &mut puzzles {
        let name = format!("line-{}.html", p.line);
        let one = std::slice::from_ref(p);
        write(&folder.join(&name), render(title_of(p), one, false)?)?;
        p.href = Some(format!("{folder_name}/{name}"));
    }
    let title = format!("explanations of {} puzzles", puzzles.len());
    write(&a.html, render(title, &puzzles, true)?)?;
    eprintln!(
        "explain: {} puzzles: an index at {} and one page per puzzle in {}",
        puzzles.len(),
        a.html.display(),
        folder.display()
    );
    Ok(all_ok)
}
