//! `bitdoku hint`: the next logical step (the easiest technique of the order that applies)
//! for each puzzle line or 729-character candidate grid, with a short explanation.
//!
//! The input is read like `solve` reads it (a file, standard input, gzip/xz, line numbers,
//! one output line per puzzle line in input order); a single puzzle can also be given on the
//! command line. With `--json` every output line is one JSON object.

use crate::budget::{BudgetArgs, over_line};
use crate::bulk::{self, Kind, Processed};
use crate::input::Line;
use crate::{OrderArgs, json};
use bitdoku_bitboard::{parse_line, parse_line_at};
use bitdoku_engine::{Engine, Granularity, Options};
use clap::Args;

/// Arguments of `hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// A puzzle (81 characters) or candidate grid (729 characters), or a file of such lines,
    /// or `-`/nothing for standard input.
    input: Option<String>,
    #[command(flatten)]
    order: OrderArgs,
    /// One JSON object per puzzle line: {"line", "puzzle", "status", "step", "error"}.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
    /// Print the pencilmark grid with the step marked (`*` pattern cell, `#` fin, `-` before
    /// a deleted candidate), then the step.
    #[arg(long)]
    grid: bool,
    /// After the step, the proof of a forcing step: one line per assumption with its
    /// consequences, nested proofs indented below (several lines per puzzle then). The JSON
    /// output always carries the proof.
    #[arg(long)]
    proof: bool,
    /// Write the step's diagram as SVG to FILE (a single puzzle given as the argument).
    #[arg(long, value_name = "FILE", conflicts_with = "svg_dir")]
    svg: Option<std::path::PathBuf>,
    /// Write one diagram per puzzle line to DIR/line-N.svg.
    #[arg(long, value_name = "DIR")]
    svg_dir: Option<std::path::PathBuf>,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Instead of the order's next step, the next step of Berthier's W (`w`, whips) or B
    /// (`b`, braids) resolution: BRT's singles, then the shortest whip or braid, printed in
    /// Berthier's notation (`whip[3]: r1c2{n3 n7} - ... => r5c5 <> 3`); `--svg` draws it,
    /// `--json` gives it as {"line", "puzzle", "status", "singles", "chain", "error"}.
    #[arg(long, value_name = "w|b", value_parser = crate::show_chain::parse_kind)]
    measure: Option<bitdoku_classify::chains::Kind>,
    /// With `--measure`: the longest chain tried.
    #[arg(long, value_name = "N", default_value_t = 30, requires = "measure")]
    max_length: u32,
}

/// Where diagrams go.
#[derive(Clone, Copy)]
enum SvgOut<'a> {
    None,
    File(&'a std::path::Path),
    Dir(&'a std::path::Path),
}

pub fn run(a: HintArgs) -> anyhow::Result<bool> {
    crate::progress::set_noun(crate::progress::Noun::Hint);
    let mut o = Options::new(a.order.resolve()?);
    o.budget = a.budget.for_engine(&o.order);
    o.granularity = Granularity::Single;
    let engine = Engine::new(o);
    let json = a.json;
    let grid = View {
        grid: a.grid,
        proof: a.proof,
        measure: a.measure.map(|k| (k, a.max_length, a.budget.resolve(false))),
    };
    if let Some(dir) = &a.svg_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let svg = match (&a.svg, &a.svg_dir) {
        (Some(f), _) => SvgOut::File(f),
        (None, Some(d)) => SvgOut::Dir(d),
        (None, None) => SvgOut::None,
    };
    let path = match a.input.as_deref() {
        None | Some("-") => None,
        Some(arg) if std::path::Path::new(arg).exists() => Some(std::path::PathBuf::from(arg)),
        Some(arg) => {
            // Not a file: it must be a puzzle itself.
            return match parse_line(arg) {
                Ok(Some(_)) => {
                    let line = Line::of_text(1, arg);
                    let (text, kind) =
                        hint_line(&line, &engine, json, grid, svg)?.expect("a puzzle line");
                    outln!("{text}");
                    Ok(kind == Kind::Solved)
                }
                Ok(None) | Err(_) => {
                    anyhow::bail!("cannot open {arg:?}: no such file, and it is not a puzzle line")
                }
            };
        }
    };
    if matches!(svg, SvgOut::File(_)) {
        anyhow::bail!(
            "--svg FILE takes one puzzle given as the argument; use --svg-dir DIR for a file"
        );
    }
    let failed = std::sync::Mutex::new(None);
    let tally = bulk::run(&crate::input::Source::auto(path.as_deref()), a.threads, |line| {
        hint_line(line, &engine, json, grid, svg).unwrap_or_else(|e| {
            failed.lock().expect("not poisoned").get_or_insert(e.to_string());
            Some((format!("error: line {}: {e}", line.number), Kind::Invalid))
        })
    })?;
    if let Some(e) = failed.into_inner().expect("not poisoned") {
        anyhow::bail!("{e}");
    }
    Ok(tally.all_solved())
}

/// What plain output shows besides the explanation.
#[derive(Clone, Copy)]
pub(crate) struct View {
    /// The pencilmark grid (before the explanation).
    grid: bool,
    /// A forcing step's proof (after it).
    proof: bool,
    /// `--measure`: whips or braids instead of the order, the longest, the budget.
    measure: Option<(bitdoku_classify::chains::Kind, u32, bitdoku_engine::Budget)>,
}

fn hint_line(
    line: &Line,
    engine: &Engine,
    as_json: bool,
    view: View,
    svg: SvgOut,
) -> anyhow::Result<Processed> {
    let row = |status: &'static str, step: Option<json::StepRow>, error: Option<String>, puzzle| {
        let row = json::HintRow { line: Some(line.number), puzzle, status, step, error };
        serde_json::to_string(&row).expect("plain data")
    };
    let svg_path = match svg {
        SvgOut::None => None,
        SvgOut::File(f) => Some(f.to_path_buf()),
        SvgOut::Dir(d) => Some(d.join(format!("line-{}.svg", line.number))),
    };
    let puzzle = match parse_line_at(&line.text(), line.number) {
        Ok(None) => return Ok(None),
        Ok(Some(p)) => p,
        Err(e) => {
            let text = if as_json {
                row("invalid", None, Some(e.to_string()), json::echo(&line.text()))
            } else {
                format!("error: {e}")
            };
            return Ok(Some((text, Kind::Invalid)));
        }
    };
    let state = puzzle.candidates();
    let shown = puzzle.to_line();
    if state.is_solved() {
        let text =
            if as_json { row("solved", None, None, shown) } else { "already solved".to_string() };
        return Ok(Some((text, Kind::Solved)));
    }
    let (count, solution) = bitdoku_brute::count_solutions(&state.search_masks(), 2);
    if count == 0 {
        let msg = "no solution (the grid contradicts itself)";
        let text = if as_json {
            row("no_solution", None, Some(msg.to_string()), shown)
        } else {
            format!("error: {msg}")
        };
        return Ok(Some((text, Kind::NoSolution)));
    }
    if let Some((kind, max, budget)) = view.measure {
        let sol = solution.filter(|_| count == 1).map(|s| s.0);
        let m = crate::show_chain::Measured { kind, max_length: max, budget, solution: sol };
        return crate::show_chain::hint_line(line.number, &state, shown, &m, as_json, svg_path);
    }
    let hint = match engine.hint_budgeted(&state, count == 1) {
        Ok(hint) => hint,
        Err(over) => {
            let msg = over_line(line.number, &over);
            let text = if as_json { row("over_budget", None, Some(msg), shown) } else { msg };
            return Ok(Some((text, Kind::OverBudget)));
        }
    };
    if let Some(step) = &hint {
        let picture = || bitdoku_render::step_svg(&state, step);
        match svg {
            SvgOut::None => {}
            SvgOut::File(f) => std::fs::write(f, picture())
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", f.display()))?,
            SvgOut::Dir(d) => {
                let f = d.join(format!("line-{}.svg", line.number));
                std::fs::write(&f, picture())
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", f.display()))?;
            }
        }
    }
    Ok(Some(match hint {
        Some(step) if as_json => {
            let step = json::StepRow::with_state(&step, &state);
            (row("step", Some(step), None, shown), Kind::Solved)
        }
        Some(step) => {
            let mut text = if view.grid {
                bitdoku_render::pencilmark_grid(&state, &step).trim_end().to_string()
            } else {
                step.explain()
            };
            if view.proof {
                let proved = bitdoku_strategies::forcing::proof::explain(&state, &step);
                if let Some((_, proof)) = proved.split_once('\n') {
                    text.push('\n');
                    text.push_str(proof);
                }
            }
            (text, Kind::Solved)
        }
        None => {
            let msg = format!(
                "no logical step: no technique of order {} applies{}",
                engine.options().order,
                if count > 1 { " (the puzzle has several solutions)" } else { "" }
            );
            // A puzzle with several solutions and no step is counted as such in the summary
            // (the line still says that no technique applies, which is the hint's answer).
            let (status, kind) = if count > 1 {
                ("multiple_solutions", Kind::Multiple)
            } else {
                ("no_step", Kind::Stuck)
            };
            let text = if as_json { row(status, None, Some(msg), shown) } else { msg };
            (text, kind)
        }
    }))
}
