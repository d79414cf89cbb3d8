//! The data of an explanation page (one puzzle's rating, technique counts and steps with
//! their diagrams) and its rendering with the `templates/explain.html` template (minijinja).
//! Used by `bitdoku explain` and by the Python package's `explain_html`, so both write the
//! same page.

use bitdoku_bitboard::budget::Budget;
use bitdoku_engine::{Engine, Status};
use serde::Serialize;
use std::collections::BTreeMap;

/// One step of the path: its technique, text, effects and diagram.
#[derive(Serialize)]
pub struct PageStep {
    /// The technique's name.
    pub name: &'static str,
    /// The step explained (a forcing step with its proof).
    pub explanation: String,
    /// Its placements and eliminations.
    pub effects: String,
    /// Its diagram (SVG markup, without the legend).
    pub svg: String,
}

/// How often a technique was used.
#[derive(Serialize)]
pub struct Count {
    /// The technique's name.
    pub name: &'static str,
    /// Its steps on the path.
    pub count: usize,
}

/// One puzzle of the page (an `error` for a bad line).
#[derive(Serialize, Default)]
pub struct PagePuzzle {
    /// 1-based input line.
    pub line: usize,
    /// The puzzle (81 or 729 characters), or the bad line.
    pub puzzle: String,
    /// The error line, for a bad line or a budget that ran out.
    pub error: Option<String>,
    /// Whether the rating means something (not for a puzzle without a unique solution).
    pub rated: bool,
    /// The puzzle's own page when the output is split.
    pub href: Option<String>,
    /// The solve's status (`solved`, `stuck`, ...).
    pub status: &'static str,
    /// Whether the brute-force fallback finished the solve.
    pub fallback: bool,
    /// HoDoKu level of the path.
    pub level: &'static str,
    /// HoDoKu score of the path.
    pub score: u32,
    /// ER (one decimal).
    pub er: String,
    /// EP.
    pub ep: String,
    /// ED.
    pub ed: String,
    /// Steps per technique, in HoDoKu order.
    pub histogram: Vec<Count>,
    /// The path.
    pub steps: Vec<PageStep>,
}

/// The page template.
pub const TEMPLATE: &str = include_str!("../templates/explain.html");

/// The page for `puzzles` under `title` (the diagrams' legend once at the top); `index`
/// makes it an index of one-puzzle pages (each puzzle's `href`).
pub fn render(
    title: &str,
    puzzles: &[PagePuzzle],
    index: bool,
) -> Result<String, minijinja::Error> {
    let mut env = minijinja::Environment::new();
    // Text from data (puzzle lines, errors, explanations, paths) is escaped; the markup the
    // code builds (the SVG diagrams and the legend) is marked `safe` in the template.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
    env.add_template("explain", TEMPLATE)?;
    let legend = bitdoku_render::legend_svg();
    env.get_template("explain")?.render(minijinja::context! {
        title => title, puzzles => puzzles, index => index, legend => legend
    })
}

/// One explained puzzle: its page data and what a front end should report about it.
pub struct Explained {
    /// The page data.
    pub page: PagePuzzle,
    /// One line per problem, in order: logic did not solve the puzzle
    /// (`explain: line N: stuck`), a budget ran out (`error: line N: ...`, also on the page).
    /// Empty when all went well. The CLI prints them on standard error; a library never does.
    pub problems: Vec<String>,
}

/// Solves `puzzle` with `engine` (tracing) and gathers its page data; a puzzle that logic does
/// not solve, or whose solve or SE rating (under `se_budget`) ran out of budget, comes back
/// with its [`Explained::problems`].
pub fn explain_one(
    engine: &Engine,
    number: usize,
    puzzle: &bitdoku_bitboard::Puzzle,
    se_budget: Budget,
) -> Explained {
    let mut problems = Vec::new();
    let start = puzzle.candidates();
    let out = engine.solve(&start);
    let mut error = out.exceeded.map(|over| format!("error: line {number}: {over}"));
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
        problems.push(format!("explain: line {number}: {}", out.status.as_str().replace('_', " ")));
    }
    // A puzzle without a unique solution has no rating (not `easy (0)`).
    let rated = matches!(out.status, Status::Solved | Status::Stuck);
    let r = &out.rating;
    let (er, ep, ed) = if out.uniqueness_allowed {
        let (se, over) = bitdoku_se_model::rate_within(se_budget, || {
            bitdoku_se_model::rate_state(&puzzle.candidates(), None)
        });
        if let Some(over) = over {
            error.get_or_insert(format!(
                "error: line {number}: {over} in the SE rating (ER>={:.1})",
                se.er_value()
            ));
        }
        (se.er_value(), se.ep_value(), se.ed_value())
    } else {
        (r.er, r.ep, r.ed)
    };
    if let Some(e) = &error {
        // The page says so too; this is the one line a puzzle over budget gets.
        problems.push(e.clone());
    }
    let page = PagePuzzle {
        line: number,
        puzzle: puzzle.to_line(),
        error,
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
    };
    Explained { page, problems }
}

/// A one-puzzle page's title: what the puzzle is, not its 81 characters.
pub fn title_of(p: &PagePuzzle) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_data_is_escaped_and_the_diagrams_are_not() {
        let p = PagePuzzle {
            line: 1,
            puzzle: "<b>&".into(),
            error: Some("error: \"<script>\"".into()),
            steps: vec![PageStep {
                name: "Naked Single",
                explanation: "r1c1<>5".into(),
                effects: "r1c1=4".into(),
                svg: "<svg data-role=\"x\"></svg>".into(),
            }],
            ..PagePuzzle::default()
        };
        let html = render("a <title>", std::slice::from_ref(&p), false).unwrap();
        assert!(html.contains("&lt;b&gt;&amp;") && !html.contains("<b>&"), "puzzle");
        assert!(html.contains("&quot;&lt;script&gt;&quot;") && !html.contains("<script>\""));
        assert!(html.contains("a &lt;title&gt;"), "title");
        let ok = PagePuzzle { error: None, ..p };
        let html = render("t", std::slice::from_ref(&ok), false).unwrap();
        assert!(html.contains("r1c1&lt;&gt;5"), "explanation");
        assert!(html.contains("<svg data-role=\"x\"></svg>"), "the diagram stays markup");
    }
}
