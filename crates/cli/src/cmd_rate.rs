//! `bitdoku rate`: one line per puzzle line, in input order, shaped by `--format` (serate's `%`
//! conversions plus HoDoKu level and score; see `rate_format`). The default line is
//! `<puzzle> #<line> <level> (<score>) ED=<er>/<ep>/<ed>[ bf]`; `--format '%g ED=%r/%p/%d'` is
//! serate's line. `--before`/`--after` print a line around every step; `--pearl`/`--diamond`
//! stop early as serate does (ER 20.0 when the puzzle is not a pearl / diamond).
//!
//! SE conventions: a puzzle without a unique solution rates `0.0/0.0/0.0` (0.0 = error) in a
//! custom format (the default line says `error: ...`, as every bitdoku command does); a
//! solved grid rates `0.0/0.0/0.0`; a puzzle that logic cannot finish rates 20.0.

use crate::budget::{BudgetArgs, over_line};
use crate::bulk::{self, Kind};
use crate::rate_format::{self, Context, Format, Values};
use crate::{InputArg, OrderArgs};
use bitdoku_bitboard::{Candidates, Puzzle, parse_line_at};
use bitdoku_engine::{Budget, Engine, Granularity, Observer, Options, Rating, Status};
use bitdoku_se_model as se;
use bitdoku_strategies::Step;
use clap::Args;
use std::ops::ControlFlow;
use std::time::Instant;

/// Arguments of `rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArg,
    #[command(flatten)]
    order: OrderArgs,
    /// The line per puzzle. serate's conversions: %g input line, %i grid, %n line number,
    /// %r/%p/%d ER/EP/ED, %R/%P/%D their technique names, %S/%T/%U their ids, %e elapsed,
    /// %t tab, %% percent; bitdoku's: %l HoDoKu level, %L as HoDoKu prints it, %s HoDoKu score,
    /// %b " bf" when brute force was used, %c Berthier's classification as `classify` prints
    /// it (`TE=2 BxB=3`), %E the T&E depth alone, %G the guess-count rating MEAN/MAX (the
    /// brute-force solver's guesses over 256 random isomorphs). serate's own line:
    /// '%g ED=%r/%p/%d'.
    #[arg(long, value_name = "FMT", default_value = rate_format::DEFAULT)]
    format: String,
    /// A line before every step: %g %i %n %m (729-character candidates) %M (pencilmark grid) %t.
    #[arg(long, value_name = "FMT")]
    before: Option<String>,
    /// A line after every step: as --before, plus %r/%R/%S (ER so far), %s (score so far),
    /// %x (the step explained) and %k (its technique id).
    #[arg(long, value_name = "FMT")]
    after: Option<String>,
    /// Stop rating when the puzzle is not a pearl (a step harder than EP after the first
    /// placement): ER is then 20.0, as with serate --pearl.
    #[arg(long, conflicts_with = "diamond")]
    pearl: bool,
    /// Stop rating when the puzzle is not a diamond (EP above ED, or a step harder than EP
    /// later): ER is then 20.0 (and EP 0.0 when the first placement already fails).
    #[arg(long)]
    diamond: bool,
    /// Take ER/EP/ED from the technique engine's own path (each technique's fixed SE-style
    /// number) instead of the Sudoku Explainer model: faster, but only close to serate's.
    /// By default ER/EP/ED, their names and the --before/--after steps are the SE model's
    /// (serate 1.2.1.3's rules, order and difficulties); HoDoKu's level and score always come
    /// from the technique engine.
    #[arg(long)]
    approx_se: bool,
    /// Screen: keep only puzzles whose ER lies in RANGE (`10.0-` at least, `-9.0` at most,
    /// `9.0-10.5`, `11.0` exactly). A puzzle is rated until it is known to be outside, and
    /// then prints `<puzzle> #<line> out: ER<10.0 (ER=8.3 EP=8.3 ED=2.3)`: the end crossed,
    /// then what is known of each measure. A maximum stops early; a minimum on ER is known
    /// only at the end of the path (pair it with --ep/--ed minima to screen cheaply).
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true, conflicts_with_all = ["approx_se", "before", "after"])]
    er: Option<se::Range>,
    /// Screen on EP (as --er): EP is known at the first placement, so both ends stop early.
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true, conflicts_with_all = ["approx_se", "before", "after"])]
    ep: Option<se::Range>,
    /// Screen on ED (as --er): ED is known after the first step, so both ends stop at once.
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true, conflicts_with_all = ["approx_se", "before", "after"])]
    ed: Option<se::Range>,
    /// First write a comment line with the version and the options, so a batch can be
    /// reproduced.
    #[arg(long)]
    header: bool,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// serate's `--pearl` / `--diamond`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    Pearl,
    Diamond,
}

/// The parsed formats and options of a run.
struct Plan {
    line: Format,
    default_line: bool,
    before: Option<Format>,
    after: Option<Format>,
    want: Option<Want>,
    se: bool,
    /// The screening ranges (`--er`, `--ep`, `--ed`).
    screen: se::Screen,
    /// The SE model's budget per puzzle (the engine carries its own).
    se_budget: Budget,
}

pub fn run(a: RateArgs) -> anyhow::Result<bool> {
    let usage = |e: String| anyhow::anyhow!(e);
    let plan = Plan {
        line: Format::parse(&a.format, Context::Puzzle).map_err(usage)?,
        default_line: a.format == rate_format::DEFAULT,
        before: step_format(a.before.as_deref(), Context::Before).map_err(usage)?,
        after: step_format(a.after.as_deref(), Context::After).map_err(usage)?,
        want: if a.diamond {
            Some(Want::Diamond)
        } else if a.pearl {
            Some(Want::Pearl)
        } else {
            None
        },
        se: !a.approx_se,
        screen: se::Screen { er: a.er, ep: a.ep, ed: a.ed },
        se_budget: a.budget.resolve(true),
    };
    let order = a.order.resolve()?;
    if a.header {
        outln!("{}", header(&a, &order.to_list()));
    }
    let mut o = Options::new(order);
    o.budget = a.budget.for_engine(&o.order);
    o.granularity = Granularity::Single;
    let engine = Engine::new(o);
    let tally = bulk::run(&a.input.source(), a.threads, |line| {
        let text = line.text();
        let puzzle = match parse_line_at(&text, line.number) {
            Ok(None) => return None,
            Ok(Some(p)) => p,
            Err(e) => return Some((format!("error: {e}"), Kind::Invalid)),
        };
        let start = puzzle.candidates();
        let grid = matches!(puzzle, Puzzle::Grid(_));
        if plan.se {
            return Some(rate_se(&engine, &plan, &text, line.number, &start, grid));
        }
        Some(rate_one(&engine, &plan, &text, line.number, &start, grid))
    })?;
    Ok(tally.all_solved())
}

/// A per-step format; an empty one prints nothing (serate's default).
fn step_format(text: Option<&str>, ctx: Context) -> Result<Option<Format>, String> {
    Ok(text.map(|t| Format::parse(t, ctx)).transpose()?.filter(|f| !f.is_empty()))
}

/// The `--header` line: `# bitdoku VERSION rate --order IDS --format '...' ...`.
fn header(a: &RateArgs, order: &str) -> String {
    let mut h = format!(
        "# bitdoku {} rate --order {order} --format '{}'",
        env!("CARGO_PKG_VERSION"),
        a.format
    );
    for (name, value) in [("--before", &a.before), ("--after", &a.after)] {
        if let Some(v) = value {
            h.push_str(&format!(" {name} '{v}'"));
        }
    }
    if a.pearl {
        h.push_str(" --pearl");
    }
    if a.diamond {
        h.push_str(" --diamond");
    }
    if a.approx_se {
        h.push_str(" --approx-se");
    }
    for (name, range) in [("--er", a.er), ("--ep", a.ep), ("--ed", a.ed)] {
        if let Some(r) = range {
            let t = |v: u32| format!("{}.{}", v / 10, v % 10);
            h.push_str(&format!(" {name} {}-{}", t(r.min), t(r.max)));
        }
    }
    h
}

/// Rates one puzzle: the per-step lines (if any), then the puzzle's line.
fn rate_one(
    engine: &Engine,
    plan: &Plan,
    input: &str,
    number: usize,
    start: &Candidates,
    grid: bool,
) -> (String, Kind) {
    let started = Instant::now();
    let mut watch = Watch { plan, input, number, text: String::new(), placed: false, beyond: None };
    let watching = plan.before.is_some() || plan.after.is_some() || plan.want.is_some();
    let out = engine.solve_observed(start, if watching { Some(&mut watch) } else { None });
    if let Some(over) = &out.exceeded {
        let mut text = watch.text;
        text.push_str(&over_line(number, over));
        return (text, Kind::OverBudget);
    }
    let elapsed = started.elapsed();
    let (error, kind) = match out.status {
        Status::NoSolution => (Some("no solution"), Kind::NoSolution),
        Status::MultipleSolutions => (Some("multiple solutions"), Kind::Multiple),
        Status::Stuck if !out.stopped => (Some("stuck"), Kind::Stuck),
        _ if out.fallback => (None, Kind::Fallback),
        _ => (None, Kind::Solved),
    };
    let mut text = watch.text;
    if let (Some(e), true) = (error, plan.default_line) {
        text.push_str(&format!("{} error: {e}", bitdoku_bitboard::to_line(start)));
        return (text, kind);
    }
    let rating = match (error, watch.beyond) {
        (Some(_), _) => Rating::default(),
        (None, Some(r)) => r,
        (None, None) => out.rating,
    };
    let values = Values {
        input,
        number,
        state: start,
        grid,
        rating: &rating,
        error,
        elapsed,
        fallback: out.fallback,
        step: None,
        se: None,
        se_step: None,
    };
    plan.line.render(&values, &mut text);
    (text, kind)
}

/// Rates one puzzle with the SE model (`--se`).
fn rate_se(
    engine: &Engine,
    plan: &Plan,
    input: &str,
    number: usize,
    start: &Candidates,
    grid: bool,
) -> (String, Kind) {
    let started = Instant::now();
    let (count, _) = bitdoku_engine::count_solutions(&start.search_masks(), 2);
    let (error, kind) = match count {
        0 => (Some("no solution"), Kind::NoSolution),
        1 => (None, Kind::Solved),
        _ => (Some("multiple solutions"), Kind::Multiple),
    };
    let mut text = String::new();
    if let (Some(e), true) = (error, plan.default_line) {
        text.push_str(&format!("{} error: {e}", bitdoku_bitboard::to_line(start)));
        return (text, kind);
    }
    let want = plan.want.map(|w| match w {
        Want::Pearl => se::Want::Pearl,
        Want::Diamond => se::Want::Diamond,
    });
    let steps = plan.before.is_some() || plan.after.is_some();
    // The model runs only when something shows its numbers (`rate --format '%l %s'` does not).
    let needed = steps || plan.want.is_some() || plan.line.needs_se() || !plan.screen.is_open();
    let mut outside = None;
    let (se_rating, over) = se::rate_within(plan.se_budget, || match error {
        Some(_) => se::SeRating::default(),
        None if !needed => se::SeRating::default(),
        None if steps => se::rate_state_traced(start, want, |before, after, hint, so_far| {
            let mut line = |f: &Format, state: &Candidates, r: Option<&se::SeRating>, h| {
                let v = Values {
                    input,
                    number,
                    state,
                    grid: false,
                    rating: &Rating::default(),
                    error: None,
                    elapsed: std::time::Duration::ZERO,
                    fallback: false,
                    step: None,
                    se: r,
                    se_step: h,
                };
                f.render(&v, &mut text);
                text.push('\n');
            };
            if let Some(f) = plan.before.as_ref() {
                line(f, before, None, None);
            }
            if let Some(f) = plan.after.as_ref() {
                line(f, after, Some(so_far), Some(hint));
            }
        }),
        None if !plan.screen.is_open() => {
            let screened = se::rate_state_screened(start, want, &plan.screen);
            outside = screened.outside;
            screened.rating
        }
        None => se::rate_state(start, want),
    });
    if let (Some(o), None) = (outside, &over) {
        text.push_str(&format!("{} #{number} out: {o}", bitdoku_bitboard::to_line(start)));
        return (text, Kind::Solved);
    }
    if let Some(over) = over {
        text.push_str(&over_line(number, &over));
        text.push_str(&format!(" (ER>={})", rate_format::se_tenths(se_rating.er_value())));
        return (text, Kind::OverBudget);
    }
    let (rating, fallback) = if error.is_none() && plan.line.needs_engine() {
        let out = engine.solve_observed(start, None);
        if let Some(over) = &out.exceeded {
            text.push_str(&over_line(number, over));
            return (text, Kind::OverBudget);
        }
        (out.rating, out.fallback)
    } else {
        (Rating::default(), false)
    };
    let kind = if se_rating.er == 200 && error.is_none() {
        Kind::Stuck
    } else if kind == Kind::Solved && fallback {
        // The line says ` bf`: the summary counts it "with fallback" too.
        Kind::Fallback
    } else {
        kind
    };
    let elapsed = started.elapsed();
    let values = Values {
        input,
        number,
        state: start,
        grid,
        rating: &rating,
        error,
        elapsed,
        fallback,
        step: None,
        se: needed.then_some(&se_rating),
        se_step: None,
    };
    plan.line.render(&values, &mut text);
    (text, kind)
}

/// The observer of one puzzle's solve: per-step lines and serate's early exits.
struct Watch<'a> {
    plan: &'a Plan,
    input: &'a str,
    number: usize,
    text: String,
    /// Whether a placement was seen (EP is final).
    placed: bool,
    /// The rating reported when an early exit stopped the solve (ER 20.0).
    beyond: Option<Rating>,
}

impl Watch<'_> {
    fn line(&mut self, f: &Format, state: &Candidates, rating: &Rating, step: Option<&Step>) {
        let v = Values {
            input: self.input,
            number: self.number,
            state,
            grid: false,
            rating,
            error: None,
            elapsed: std::time::Duration::ZERO,
            fallback: false,
            step,
            se: None,
            se_step: None,
        };
        f.render(&v, &mut self.text);
        self.text.push('\n');
    }

    /// serate's rule: with --diamond the first placement must not raise ER above ED; after the
    /// first placement, with --pearl or --diamond, no step may raise ER above EP.
    fn beyond(&self, step: &Step, r: &Rating) -> Option<Rating> {
        let want = self.plan.want?;
        let places = step.placements.iter().any(|p| !p.is_empty());
        let mut out = *r;
        out.er = 20.0;
        out.er_id = None;
        if !self.placed {
            if places && want == Want::Diamond && r.er > r.ed {
                out.ep = 0.0;
                out.ep_id = None;
                return Some(out);
            }
            None
        } else {
            (r.er > r.ep).then_some(out)
        }
    }
}

impl Observer for Watch<'_> {
    fn before(&mut self, state: &Candidates) {
        if let Some(f) = self.plan.before.as_ref() {
            self.line(f, state, &Rating::default(), None);
        }
    }

    fn after(&mut self, state: &Candidates, step: &Step, rating: &Rating) -> ControlFlow<()> {
        if let Some(f) = self.plan.after.as_ref() {
            let mut next = *state;
            step.apply(&mut next);
            self.line(f, &next, rating, Some(step));
        }
        if let Some(r) = self.beyond(step, rating) {
            self.beyond = Some(r);
            return ControlFlow::Break(());
        }
        self.placed |= step.placements.iter().any(|p| !p.is_empty());
        ControlFlow::Continue(())
    }
}
