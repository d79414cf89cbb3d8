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
}

/// Past this many puzzles, one page per puzzle plus an index.
const SPLIT: usize = 10;

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
    /// Whether the rating means something (not for a puzzle without a unique solution).
    rated: bool,
    /// The puzzle's own page when the output is split.
    href: Option<String>,
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
        puzzles.push(explain_one(&engine, number, &puzzle, &mut all_ok));
    }
    if left_out > 0 {
        eprintln!(
            "explain: stopped at {} puzzles (--limit {}); {left_out} more puzzle lines were not explained",
            puzzles.len(),
            a.limit
        );
    }
    let mut env = minijinja::Environment::new();
    env.add_template("explain", TEMPLATE)?;
    let legend = bitdoku_render::legend_svg();
    let render = |title: String, puzzles: &[PagePuzzle], index: bool| {
        env.get_template("explain")?.render(minijinja::context! {
            title => title, puzzles => puzzles, index => index, legend => legend
        })
    };
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

/// A one-puzzle page's title: what the puzzle is, not its 81 characters.
fn title_of(p: &PagePuzzle) -> String {
    match (&p.error, p.rated) {
        (Some(_), _) => format!("line {}: not a puzzle", p.line),
        (None, true) => format!(
            "explanation of a {} puzzle (score {}, {} steps)",
            p.level,
            p.score,
            p.steps.len()
        ),
        (None, false) => format!("line {}: {}", p.line, p.status.replace('_', " ")),
    }
}

fn explain_one(
    engine: &Engine,
    number: usize,
    puzzle: &bitdoku_bitboard::Puzzle,
    all_ok: &mut bool,
) -> PagePuzzle {
    let start = puzzle.candidates();
    let out = engine.solve(&start);
    let mut state = start;
    let mut steps = Vec::new();
    let mut histogram: BTreeMap<(u32, &'static str), usize> = BTreeMap::new();
    for step in &out.steps {
        *histogram.entry((step.technique.hodoku_order(), step.technique.name())).or_default() += 1;
        steps.push(PageStep {
            name: step.technique.name(),
            explanation: bitdoku_strategies::forcing::proof::explain(&state, step),
            effects: step.effects_text().join(" "),
            svg: bitdoku_render::step_svg_bare(&state, step),
        });
        step.apply(&mut state);
    }
    if out.status != Status::Solved {
        *all_ok = false;
        eprintln!("explain: line {number}: {}", out.status.as_str().replace('_', " "));
    }
    // A puzzle without a unique solution has no rating (not `easy (0)`).
    let rated = matches!(out.status, Status::Solved | Status::Stuck);
    let r = &out.rating;
    let (er, ep, ed) = if out.uniqueness_allowed {
        crate::se_values(&puzzle.candidates())
    } else {
        (r.er, r.ep, r.ed)
    };
    PagePuzzle {
        line: number,
        puzzle: puzzle.to_line(),
        error: None,
        rated,
        href: None,
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
