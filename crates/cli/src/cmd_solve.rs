//! `bitdoku solve`: brute force by default, the logic engine with `--logic` (or any logic
//! option); one output line per puzzle line, in input order.

use crate::budget::{BudgetArgs, over_line};
use crate::bulk::{self, Kind, Processed};
use crate::input::Line;
use crate::{InputArg, OrderArgs, json, parse_granularity};
use bitdoku_bitboard::{Puzzle, parse_line_at, to_line};
use bitdoku_engine::{Engine, Granularity, Options, Outcome, Status};
use clap::Args;

/// Arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArg,
    /// One JSON object per puzzle line instead of the solution.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
    /// Solve with the technique engine; fall back to search only when logic stalls.
    #[arg(long)]
    logic: bool,
    /// Forbid the brute-force fallback (implies --logic).
    #[arg(long)]
    no_fallback: bool,
    /// Record every step: `steps` in the JSON output; in plain output, a tab after the solution
    /// then the steps' explanations joined by "; " (implies --logic and single granularity).
    #[arg(long)]
    trace: bool,
    #[command(flatten)]
    order: OrderArgs,
    /// single (one step, then restart) or batch (all steps of the first productive technique).
    /// Default: batch, or single with --trace or --rate (so the JSON rating is `rate`'s).
    #[arg(long, value_parser = parse_granularity)]
    granularity: Option<Granularity>,
    /// With --json: add the rating fields (`score`, `level`, `er`, `ep`, `ed`): HoDoKu's score
    /// and level of the path, ER/EP/ED from the Sudoku Explainer model `rate` uses (the
    /// costly part: up to seconds per hard puzzle). Implies single granularity and --logic.
    #[arg(long, requires = "json")]
    rate: bool,
    /// With --trace (plain output): after each puzzle's line, the pencilmark grid of every
    /// step with the step marked (`*` pattern, `#` fin, `-` deleted), a blank line between.
    /// The output then has several lines per puzzle.
    #[arg(long, requires = "trace", conflicts_with = "json")]
    grid: bool,
    /// With --trace: write every step's diagram to DIR/line-N-step-K.svg.
    #[arg(long, value_name = "DIR", requires = "trace")]
    svg_dir: Option<std::path::PathBuf>,
    /// With --json: ER/EP/ED from the engine's own path (each technique's fixed SE-style
    /// number) instead of the Sudoku Explainer model `rate` uses: faster, approximate.
    /// Implies --rate.
    #[arg(long)]
    approx_se: bool,
    #[command(flatten)]
    budget: BudgetArgs,
    /// With --json: add a `classification` object with Berthier's measures of each puzzle
    /// (comma-separated: te, w, b, bxb, bxbb; as `bitdoku classify --json` gives them, e.g.
    /// `{"te":1,"w":3,"b":3}`), under the per-puzzle budget (`--time-limit`, `--budget` as
    /// work units). Without it no classification work is done.
    #[arg(long, value_name = "LIST", requires = "json", value_parser = bitdoku_classify::Measures::parse)]
    classify: Option<bitdoku_classify::Measures>,
}

/// What a trace also draws, and how the JSON rating is made.
#[derive(Clone, Copy)]
struct Pictures<'a> {
    grid: bool,
    svg_dir: Option<&'a std::path::Path>,
    /// ER/EP/ED from the Sudoku Explainer model (`rate`'s numbers) rather than the path's.
    se_model: bool,
    /// Rating fields in the JSON row (`--rate`).
    rate: bool,
    /// The SE model's budget (the engine carries its own).
    budget: bitdoku_engine::Budget,
    /// `--classify`: the measures and their limits.
    classify: Option<(bitdoku_classify::Measures, bitdoku_classify::Limits)>,
}

pub fn run(a: SolveArgs) -> anyhow::Result<bool> {
    let rate = a.json && (a.rate || a.approx_se);
    let logic =
        a.logic || a.no_fallback || a.trace || rate || a.order.given() || a.granularity.is_some();
    let mut se_budget = bitdoku_engine::Budget::NONE;
    let engine = if logic {
        let order = a.order.resolve()?;
        let mut o = Options::new(order);
        o.budget = a.budget.for_engine(&o.order);
        o.fallback = !a.no_fallback;
        o.trace = a.trace;
        // Nothing prints the per-technique counters.
        o.stats = false;
        // `--json` is an output format: it changes neither the path nor the work done. A
        // rating (`--rate`) is `rate`'s, taken on the single-step path.
        o.granularity = a.granularity.unwrap_or(if a.trace || rate {
            Granularity::Single
        } else {
            Granularity::Batch
        });
        se_budget = a.budget.resolve(true);
        Some(Engine::new(o))
    } else {
        None
    };
    let json = a.json;
    if let Some(dir) = &a.svg_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let pictures = Pictures {
        grid: a.grid,
        svg_dir: a.svg_dir.as_deref(),
        se_model: !a.approx_se,
        rate,
        budget: se_budget,
        classify: a.classify.map(|m| {
            let b = a.budget.resolve(false);
            let limits = bitdoku_classify::Limits {
                units: b.nodes,
                time: b.time,
                ..bitdoku_classify::Limits::default()
            };
            (m, limits)
        }),
    };
    // A puzzle on the command line (not a file of that name), as `hint` and `explain` take.
    if let Some(arg) = a.input.file.as_deref().filter(|p| p.as_os_str() != "-" && !p.exists())
        && let Some(text) = arg.to_str()
        && matches!(bitdoku_bitboard::parse_line(text), Ok(Some(_)))
    {
        let mut out = Vec::new();
        let kind = solve_line(&Line::of_text(1, text), &mut out, engine.as_ref(), json, pictures);
        std::io::Write::write_all(&mut std::io::stdout().lock(), &out)?;
        return Ok(matches!(kind, Some(Kind::Solved | Kind::Fallback)));
    }
    let tally = bulk::run_into(&a.input.source(), a.threads, |line, out| {
        solve_line(line, out, engine.as_ref(), json, pictures)
    })?;
    Ok(tally.all_solved())
}

/// Solves one line and appends its output line (and newline) to `out`. On the bulk path a
/// solution is written as its 81 digits straight into `out` (nothing allocated or moved per
/// line).
fn solve_line(
    line: &Line,
    out: &mut Vec<u8>,
    engine: Option<&Engine>,
    as_json: bool,
    pictures: Pictures,
) -> Option<Kind> {
    // The bulk path: a plain 81-character line goes straight to the search masks.
    if engine.is_none() && !as_json {
        // The masks are written in place: returning the 144-byte array was a `memcpy` call
        // per line (0.2-0.4% of a bulk run).
        let mut masks = [0u128; 9];
        if bitdoku_bitboard::quick_search_masks_into(line.bytes, &mut masks) {
            // The prepared search skips clearing the givens from their peers (already done)
            // and returns the solution only when it is unique.
            let (count, first) = bitdoku_brute::count_solutions_prepared(&masks, 2);
            let status = status_of(count);
            match &first {
                Some(solution) if count == 1 => push_digits(out, &solution.0),
                _ => push_failure(out, status, line.number),
            }
            return Some(kind_of(status));
        }
    }
    // The logic engine's bulk path (plain output, no trace or pictures): a plain line goes
    // straight to its starting candidates, without the parser's `Puzzle`.
    if let Some(e) = engine
        .filter(|e| !as_json && !e.options().trace && !pictures.grid && pictures.svg_dir.is_none())
        && let Some(start) = bitdoku_bitboard::quick_candidates(line.bytes)
    {
        let outcome = e.solve(&start);
        if let Some(over) = &outcome.exceeded {
            push_line(out, over_line(line.number, over).as_bytes());
            return Some(Kind::OverBudget);
        }
        push_line(out, plain_outcome(&outcome, line.number).as_bytes());
        return Some(outcome_kind(&outcome));
    }
    let (text, kind) = solve_parsed(line, engine, as_json, pictures)?;
    if !text.is_empty() {
        push_line(out, text.as_bytes());
    }
    Some(kind)
}

/// Appends a solution's digits (values 1..=9) and a newline.
fn push_digits(out: &mut Vec<u8>, values: &[u8; 81]) {
    let start = out.len();
    out.resize(start + 82, b'\n');
    for (byte, &v) in out[start..start + 81].iter_mut().zip(values) {
        *byte = b'0' + v;
    }
}

/// Appends a line and a newline.
fn push_line(out: &mut Vec<u8>, text: &[u8]) {
    out.extend_from_slice(text);
    out.push(b'\n');
}

/// [`solve_line`] for the lines the bulk shortcut does not take.
fn solve_parsed(
    line: &Line,
    engine: Option<&Engine>,
    as_json: bool,
    pictures: Pictures,
) -> Processed {
    let puzzle = match parse_line_at(&line.text(), line.number) {
        Ok(None) => return None,
        Ok(Some(p)) => p,
        Err(e) => {
            let msg = e.to_string();
            let text = if as_json {
                let mut row =
                    json::Row::new(line.number, json::echo(&line.text()), "invalid", None, false);
                row.error = Some(msg);
                json::line(&row)
            } else {
                format!("error: {msg}")
            };
            return Some((text, Kind::Invalid));
        }
    };
    let (mut text, kind) = match engine {
        None => brute(line.number, &puzzle, as_json),
        Some(e) => logic(line.number, &puzzle, e, as_json, pictures),
    };
    if let (true, Some((measures, limits))) = (as_json, &pictures.classify) {
        // The row is one JSON object: the classification goes in as its last key.
        let masks = puzzle.candidates().search_masks();
        let c = crate::cmd_classify::classification_json(&masks, *measures, limits);
        if text.ends_with('}') {
            text.pop();
            text.push_str(",\"classification\":");
            text.push_str(&c);
            text.push('}');
        }
    }
    Some((text, kind))
}

fn digits(values: &[u8; 81]) -> String {
    let bytes: Vec<u8> = values.iter().map(|&v| b'0' + v).collect();
    String::from_utf8(bytes).expect("ASCII digits")
}

/// Brute force on search masks: the status and, when unique, the solution (values 1..=9).
fn search(masks: &[u128; 9]) -> (Status, Option<[u8; 81]>) {
    let (count, first) = bitdoku_brute::count_solutions(masks, 2);
    let status = status_of(count);
    (status, (count == 1).then(|| first.expect("solution").0))
}

/// The status of a solution count (counted up to 2).
fn status_of(count: u32) -> Status {
    match count {
        0 => Status::NoSolution,
        1 => Status::Solved,
        _ => Status::MultipleSolutions,
    }
}

/// The tally kind of a brute-force status.
fn kind_of(status: Status) -> Kind {
    match status {
        Status::Solved => Kind::Solved,
        Status::NoSolution => Kind::NoSolution,
        _ => Kind::Multiple,
    }
}

fn brute(number: usize, puzzle: &Puzzle, as_json: bool) -> (String, Kind) {
    let (status, values) = search(&puzzle.candidates().search_masks());
    let solution = values.map(|v| digits(&v));
    let text = if as_json {
        json::line(&row(number, puzzle, status, solution, false))
    } else {
        plain(status, solution, None, number)
    };
    (text, kind_of(status))
}

/// The tally kind of a logic outcome.
fn outcome_kind(out: &Outcome) -> Kind {
    if out.exceeded.is_some() {
        return Kind::OverBudget;
    }
    match out.status {
        Status::Solved if out.fallback => Kind::Fallback,
        Status::Solved => Kind::Solved,
        Status::Stuck => Kind::Stuck,
        Status::NoSolution => Kind::NoSolution,
        Status::MultipleSolutions => Kind::Multiple,
    }
}

/// The plain output of a logic outcome (before any trace or pictures).
fn plain_outcome(out: &Outcome, number: usize) -> String {
    let solution = match out.status {
        Status::Solved => out.solution.map(|v| digits(&v)),
        _ => None,
    };
    let stuck = (out.status == Status::Stuck).then(|| to_line(&out.final_state));
    plain(out.status, solution, stuck, number)
}

fn plain(
    status: Status,
    solution: Option<String>,
    stuck_state: Option<String>,
    number: usize,
) -> String {
    match status {
        Status::Solved => solution.unwrap_or_default(),
        Status::NoSolution | Status::MultipleSolutions => plain_failure(status, number),
        Status::Stuck => format!("error: stuck: {}", stuck_state.unwrap_or_default()),
    }
}

/// Appends [`plain_failure`]'s line (and newline) without building a `String`: on files of
/// puzzles with several solutions the formatting and allocation per line were 1-2% of the run.
fn push_failure(out: &mut Vec<u8>, status: Status, number: usize) {
    out.extend_from_slice(b"error: line ");
    out.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
    out.extend_from_slice(match status {
        Status::NoSolution => b": no solution\n".as_slice(),
        _ => b": multiple solutions\n".as_slice(),
    });
}

/// The plain output of a puzzle brute force cannot solve uniquely, with its line number as
/// every other error line has.
fn plain_failure(status: Status, number: usize) -> String {
    match status {
        Status::NoSolution => format!("error: line {number}: no solution"),
        _ => format!("error: line {number}: multiple solutions"),
    }
}

/// The JSON row with the fields every mode has.
fn row(
    number: usize,
    puzzle: &Puzzle,
    status: Status,
    solution: Option<String>,
    fallback: bool,
) -> json::Row {
    json::Row::new(number, puzzle.to_line(), status.as_str(), solution, fallback)
}

fn logic(
    number: usize,
    puzzle: &Puzzle,
    engine: &Engine,
    as_json: bool,
    pictures: Pictures,
) -> (String, Kind) {
    let out: Outcome = engine.solve(&puzzle.candidates());
    let mut grids = String::new();
    if pictures.grid || pictures.svg_dir.is_some() {
        let mut state = puzzle.candidates();
        for (k, step) in out.steps.iter().enumerate() {
            if pictures.grid {
                grids.push('\n');
                grids.push_str(bitdoku_render::pencilmark_grid(&state, step).trim_end());
                grids.push('\n');
            }
            if let Some(dir) = pictures.svg_dir {
                let file = dir.join(format!("line-{number}-step-{}.svg", k + 1));
                if let Err(e) = std::fs::write(&file, bitdoku_render::step_svg(&state, step)) {
                    eprintln!("bitdoku: cannot write {}: {e}", file.display());
                }
            }
            step.apply(&mut state);
        }
    }
    let kind = outcome_kind(&out);
    let solution = match out.status {
        Status::Solved => out.solution.map(|v| digits(&v)),
        _ => None,
    };
    if !as_json {
        let mut text = match &out.exceeded {
            Some(over) => over_line(number, over),
            None => plain_outcome(&out, number),
        };
        if engine.options().trace {
            // The trace stays on the puzzle's line (tab-separated, steps joined by "; ") so the
            // output keeps one line per puzzle line; `cut -f1` gives the plain output back.
            text.push('\t');
            for (i, step) in out.steps.iter().enumerate() {
                if i > 0 {
                    text.push_str("; ");
                }
                text.push_str(&step.explain());
            }
        }
        if pictures.grid {
            text.push_str(grids.trim_end());
        }
        return (text, kind);
    }
    let r = &out.rating;
    let mut kind = kind;
    let mut row = row(number, puzzle, out.status, solution, out.fallback);
    row.uniqueness = Some(out.uniqueness_allowed);
    row.order = Some(engine.options().order.name().to_string());
    row.granularity = Some(match engine.options().granularity {
        Granularity::Single => "single",
        Granularity::Batch => "batch",
    });
    if let Some(over) = &out.exceeded {
        row.status = "over_budget";
        row.error = Some(over_line(number, over));
    }
    if pictures.rate {
        let (er, ep, ed) = if pictures.se_model && out.uniqueness_allowed {
            let start = puzzle.candidates();
            let (se, over) = bitdoku_se_model::rate_within(pictures.budget, || {
                bitdoku_se_model::rate_state(&start, None)
            });
            if let (Some(over), None) = (&over, &out.exceeded) {
                row.status = "over_budget";
                row.error = Some(format!(
                    "{} in the SE rating (ER>={})",
                    over_line(number, over),
                    json::one_decimal(se.er_value())
                ));
                kind = Kind::OverBudget;
            }
            (se.er_value(), se.ep_value(), se.ed_value())
        } else {
            (r.er, r.ep, r.ed)
        };
        row.rating = Some(json::RatingFields {
            score: r.score,
            level: r.level().as_str(),
            er: json::one_decimal(er),
            ep: json::one_decimal(ep),
            ed: json::one_decimal(ed),
        });
    }
    row.state = (out.status == Status::Stuck).then(|| to_line(&out.final_state));
    let mut state = puzzle.candidates();
    row.steps = out
        .steps
        .iter()
        .map(|step| {
            let r = json::StepRow::with_state(step, &state);
            step.apply(&mut state);
            r
        })
        .collect();
    (json::line(&row), kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushed_failure_lines_equal_the_formatted_ones() {
        for status in [Status::NoSolution, Status::MultipleSolutions] {
            for number in [0, 1, 9, 10, 1_000_000, usize::MAX] {
                let mut out = b"x\n".to_vec();
                push_failure(&mut out, status, number);
                assert_eq!(out, format!("x\n{}\n", plain_failure(status, number)).into_bytes());
            }
        }
    }
}
