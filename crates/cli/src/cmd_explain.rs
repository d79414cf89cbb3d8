//! `bitdoku explain PUZZLE-or-FILE --html OUT`: one self-contained HTML page (inline CSS and
//! SVG, no network) with the rating, the techniques used and every step with its diagram, its
//! explanation and its effects; keyboard navigable. A file gives one page with an index.
//!
//! Templating: `minijinja` (a well-kept Jinja2 implementation with no build step and no
//! proc-macro code generation; the template lives in `templates/explain.html` and is compiled
//! into the binary with `include_str!`), so the page is not assembled by string concatenation.

use crate::OrderArgs;
use crate::budget::BudgetArgs;
use bitdoku_bitboard::parse_line_at;
use bitdoku_engine::{Engine, Granularity, Options};
use clap::Args;
use page::{PagePuzzle, explain_one};
use std::path::PathBuf;

/// The page's data and template, shared with the Python package (`bitdoku.explain_html`).
#[path = "explain_page.rs"]
pub mod page;

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
    for (i, line) in text.lines().enumerate() {
        if puzzles.len() >= a.limit {
            break;
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
                puzzles.push(PagePuzzle {
                    line: number,
                    puzzle: crate::json::echo(line),
                    error: Some(format!("error: {e}")),
                    ..PagePuzzle::default()
                });
                continue;
            }
        };
        puzzles.push(explain_one(&engine, number, &puzzle, &mut all_ok, se_budget));
    }
    let title = if puzzles.len() == 1 {
        format!("explanation of {}", puzzles[0].puzzle)
    } else {
        format!("explanations of {} puzzles", puzzles.len())
    };
    let page = page::render(&title, &puzzles)?;
    std::fs::write(&a.html, page)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", a.html.display()))?;
    Ok(all_ok)
}
