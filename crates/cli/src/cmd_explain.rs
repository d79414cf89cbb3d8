//! `bitdoku explain PUZZLE-or-FILE --html OUT`: one self-contained HTML page (inline CSS and
//! SVG, no network) with the rating, the techniques used and every step with its diagram, its
//! explanation and its effects; keyboard navigable. A file gives one page with an index.
//!
//! Templating: `minijinja` (a well-kept Jinja2 implementation with no build step and no
//! proc-macro code generation; the template lives in `templates/explain.html` and is compiled
//! into the binary with `include_str!`), so the page is not assembled by string concatenation.

use crate::OrderArgs;
use crate::budget::{BudgetArgs, over_line};
use bitdoku_bitboard::parse_line_at;
use bitdoku_engine::{Engine, Granularity, Options, Status};
use clap::Args;
use serde::Serialize;
use std::collections::BTreeMap;
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

#[derive(Serialize)]
struct PageStep {
    name: &'static str,
    explanation: String,
    effects: String,
    svg: String,
}

#[derive(Serialize)]
struct Count {
    name: &'static str,
    count: usize,
}

#[derive(Serialize, Default)]
struct PagePuzzle {
    line: usize,
    puzzle: String,
    error: Option<String>,
    status: &'static str,
    fallback: bool,
    level: &'static str,
    score: u32,
    er: String,
    ep: String,
    ed: String,
    histogram: Vec<Count>,
    steps: Vec<PageStep>,
}

const TEMPLATE: &str = include_str!("../templates/explain.html");

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
    let mut env = minijinja::Environment::new();
    env.add_template("explain", TEMPLATE)?;
    let page = env
        .get_template("explain")?
        .render(minijinja::context! { title => title, puzzles => puzzles })?;
    std::fs::write(&a.html, page)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", a.html.display()))?;
    Ok(all_ok)
}

fn explain_one(
    engine: &Engine,
    number: usize,
    puzzle: &bitdoku_bitboard::Puzzle,
    all_ok: &mut bool,
    se_budget: bitdoku_engine::Budget,
) -> PagePuzzle {
    let start = puzzle.candidates();
    let out = engine.solve(&start);
    let mut error = out.exceeded.map(|over| over_line(number, &over));
    let mut state = start;
    let mut steps = Vec::new();
    let mut histogram: BTreeMap<(u32, &'static str), usize> = BTreeMap::new();
    for step in &out.steps {
        *histogram.entry((step.technique.hodoku_order(), step.technique.name())).or_default() += 1;
        steps.push(PageStep {
            name: step.technique.name(),
            explanation: bitdoku_strategies::forcing::proof::explain(&state, step),
            effects: step.effects_text().join(" "),
            svg: bitdoku_render::step_svg(&state, step),
        });
        step.apply(&mut state);
    }
    if out.status != Status::Solved {
        *all_ok = false;
    }
    let r = &out.rating;
    let (er, ep, ed) = if out.uniqueness_allowed {
        let (se, over) = crate::cmd_rate::se_budgeted(se_budget, || {
            bitdoku_se_model::rate_state(&puzzle.candidates(), None)
        });
        if let Some(over) = over {
            error.get_or_insert(format!(
                "{} in the SE rating (ER>={:.1})",
                over_line(number, &over),
                se.er_value()
            ));
        }
        (se.er_value(), se.ep_value(), se.ed_value())
    } else {
        (r.er, r.ep, r.ed)
    };
    if let Some(e) = &error {
        // The page says so too; this is the one line a puzzle over budget gets.
        eprintln!("{e}");
        *all_ok = false;
    }
    PagePuzzle {
        line: number,
        puzzle: puzzle.to_line(),
        error,
        status: out.status.as_str(),
        fallback: out.fallback,
        level: r.level().as_str(),
        score: r.score,
        er: format!("{er:.1}"),
        ep: format!("{ep:.1}"),
        ed: format!("{ed:.1}"),
        histogram: histogram.into_iter().map(|((_, name), count)| Count { name, count }).collect(),
        steps,
    }
}
