//! `bitdoku classify`: Berthier's classification of every puzzle line (T&E depth, W and B
//! ratings for T&E(0)/T&E(1) puzzles, BxB for T&E(2), BxBB for T&E(3); see the
//! `bitdoku-classify` crate). One line per puzzle line, in input order:
//! `PUZZLE #LINE TE=1 W=3 B=3`, `PUZZLE #LINE TE=2 BxB=2`, `PUZZLE #LINE TE=3 BxBB=2`; a
//! measure cut short by the per-puzzle budget or the length limit prints as `B>7` (chains of
//! length 7 do not solve it, longer ones were not tried) and the job goes on. `--guesses`
//! appends the guess-count rating (` G=39.5/83`, as `rate --format '%G'`).

use crate::InputArg;
use crate::bulk::{self, Kind};
use bitdoku_bitboard::{Puzzle, parse_line_at};
use bitdoku_classify::chains::Kind as Kind2;
use bitdoku_classify::{Classification, Limits, Measures, Rated, classify};
use bitdoku_generate::{DEFAULT_ISOMORPHS, DEFAULT_SEED, GuessRating, guess_rating};
use clap::Args;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Arguments of `classify`.
#[derive(Args, Debug)]
pub struct ClassifyArgs {
    #[command(flatten)]
    input: InputArg,
    /// The measures to report, comma-separated: te, w, b, bxb, bxbb. W and B apply to T&E(0)
    /// and T&E(1) puzzles, BxB to T&E(2), BxBB to T&E(3).
    #[arg(long, value_name = "LIST", default_value = "te,w,b,bxb,bxbb", value_parser = Measures::parse)]
    measures: Measures,
    /// One JSON object per puzzle line instead of text.
    #[arg(long)]
    json: bool,
    /// Wall-clock budget per puzzle (e.g. `30s`, `500ms`, `2m`; a bare number is seconds);
    /// a measure cut short prints as `B>n`.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    time_limit: Option<Duration>,
    /// Deterministic budget per puzzle in work units (trials plus chain-search nodes): the
    /// same cut on every machine.
    #[arg(long, value_name = "N")]
    max_units: Option<u64>,
    /// The longest whip or braid tried (W, B), and the largest p of BxB and BxBB.
    #[arg(long, value_name = "N", default_value_t = 30)]
    max_length: u32,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
    /// After each puzzle's line, its W (`w`) or B (`b`) resolution path: one indented line per
    /// elimination, `  #K whip[n]: r1c2{n3 n7} - ... => r5c5 <> 3` (Berthier's notation), each
    /// valid on the state the ones before it left (BRT's singles in between). Adds W (B) to
    /// the measures. Several lines per puzzle; not with `--json`.
    #[arg(long, value_name = "w|b", value_parser = crate::show_chain::parse_kind, conflicts_with = "json")]
    show: Option<bitdoku_classify::chains::Kind>,
    /// With `--show`: also write each chain's diagram to DIR/line-N-K.svg.
    #[arg(long, value_name = "DIR", requires = "show")]
    svg_dir: Option<std::path::PathBuf>,
    /// Also the guess-count rating, as `rate --format '%G'` gives it: ` G=MEAN/MAX`, the
    /// brute-force solver's guesses over 256 random isomorphs (JSON: `"guesses": {"mean":
    /// 39.5, "max": 83}`). Not for candidate grids.
    #[arg(long)]
    guesses: bool,
}

/// Parses `30s`, `500ms`, `2m`, `1h` or a bare number of seconds.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = match s.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => s.split_at(i),
        None => (s, "s"),
    };
    let n: f64 = num.trim().parse().map_err(|_| format!("{s:?} is not a duration"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" | "min" => n * 60.0,
        "h" => n * 3600.0,
        _ => return Err(format!("{s:?}: unknown unit {unit:?} (ms, s, m, h)")),
    };
    Duration::try_from_secs_f64(secs).map_err(|_| format!("{s:?} is not a duration"))
}

pub fn run(a: ClassifyArgs) -> anyhow::Result<bool> {
    let limits = Limits {
        max_length: a.max_length,
        units: a.max_units,
        time: a.time_limit,
        ..Limits::default()
    };
    let (mut measures, json) = (a.measures, a.json);
    match a.show {
        Some(Kind2::Whip) => measures.w = true,
        Some(Kind2::Braid) => measures.b = true,
        None => {}
    }
    if let Some(dir) = &a.svg_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let show = a.show.map(|k| (k, a.svg_dir.as_deref()));
    let tally = bulk::run(&a.input.source(), a.threads, |line| {
        let text = line.text();
        let puzzle = match parse_line_at(&text, line.number) {
            Ok(None) => return None,
            Ok(Some(p)) => p,
            Err(e) => {
                let msg = e.to_string();
                return Some((error_line(json, line.number, None, "invalid", &msg), Kind::Invalid));
            }
        };
        let (mut text, kind) = one(&puzzle, line.number, measures, &limits, json, a.guesses);
        if let Some((k, dir)) = show {
            text.push_str(&path_lines(&puzzle, line.number, k, dir, &limits));
        }
        Some((text, kind))
    })?;
    Ok(tally.all_solved())
}

/// The line of one puzzle.
fn one(
    puzzle: &Puzzle,
    number: usize,
    measures: Measures,
    limits: &Limits,
    json: bool,
    guesses: bool,
) -> (String, Kind) {
    let start = puzzle.candidates();
    let masks = start.search_masks();
    let grid = puzzle.to_line();
    let started = Instant::now();
    let c = match classify(&masks, measures, limits) {
        Ok(c) => c,
        Err(e) => {
            let (status, kind) = match e {
                bitdoku_classify::ClassifyError::NoSolution => ("no_solution", Kind::NoSolution),
                bitdoku_classify::ClassifyError::MultipleSolutions => {
                    ("multiple_solutions", Kind::Multiple)
                }
            };
            let msg = format!("line {number}: {e}");
            return (error_line(json, number, Some(&grid), status, &msg), kind);
        }
    };
    let elapsed = started.elapsed();
    let kind = if c.complete() { Kind::Solved } else { Kind::Stuck };
    let g = match puzzle {
        Puzzle::Givens(values) if guesses => {
            Some(guess_rating(values, DEFAULT_ISOMORPHS, DEFAULT_SEED))
        }
        _ => None,
    };
    let text = if json {
        json_line(&grid, number, &c, elapsed, g)
    } else {
        let mut t = text_line(&grid, number, &c);
        if let Some(g) = g {
            write!(t, " G={g}").expect("string");
        }
        t
    };
    (text, kind)
}

/// The `--show` lines of a puzzle: its W or B resolution path, one chain a line (each line
/// starts with a newline). Nothing for a puzzle without a unique solution; a note when the
/// rating is not defined (T&E depth 2 or more) or not reached within the limits.
fn path_lines(
    puzzle: &Puzzle,
    number: usize,
    kind: Kind2,
    svg_dir: Option<&std::path::Path>,
    limits: &Limits,
) -> String {
    use bitdoku_classify::rating::rating_path;
    use bitdoku_classify::{Budget, Grid, te};
    let start = puzzle.candidates();
    let (1, Some(sol)) = bitdoku_brute::count_solutions(&start.search_masks(), 2) else {
        return String::new();
    };
    let Some(grid) = Grid::from_candidates(&start) else { return String::new() };
    let mut budget = Budget::new(limits.units, limits.time);
    let depth = te::te_depth(&mut grid.clone(), &sol.0, 2, &mut budget);
    if depth != Rated::Value(0) && depth != Rated::Value(1) {
        return "\n  (no whip or braid path: the T&E depth is 2 or more)".to_string();
    }
    let skip = te::solution_masks(&sol.0);
    let mut g = grid.clone();
    let (rated, path) = rating_path(&mut g, kind, limits.max_length, Some(&skip), &mut budget);
    let mut out = String::new();
    let mut replay = grid;
    for (k, p) in path.iter().enumerate() {
        write!(out, "\n  #{} {p}", k + 1).expect("string");
        if let Some(dir) = svg_dir {
            let f = dir.join(format!("line-{number}-{}.svg", k + 1));
            let picture = crate::show_chain::svg(&replay, start.givens(), p);
            if let Err(e) = std::fs::write(&f, picture) {
                write!(out, "\n  (cannot write {}: {e})", f.display()).expect("string");
            }
        }
        let (d, c) = p.target_digit_cell();
        if !replay.eliminate(d, c) {
            break;
        }
    }
    if let Rated::Above(n) = rated {
        write!(out, "\n  (not solved by chains of length at most {n})").expect("string");
    }
    out
}

/// The measures in order, with their names.
fn named(c: &Classification) -> [(&'static str, Option<Rated>); 5] {
    [("TE", c.te), ("W", c.w), ("B", c.b), ("BxB", c.bxb), ("BxBB", c.bxbb)]
}

/// `PUZZLE #LINE TE=1 W=3 B=3`.
fn text_line(grid: &str, number: usize, c: &Classification) -> String {
    format!("{grid} #{number} {}", measures_text(c))
}

/// The measures as `TE=1 W=3 B=3` (a cut one as `B>7`).
pub fn measures_text(c: &Classification) -> String {
    let mut s = String::new();
    for (name, r) in named(c) {
        let sep = if s.is_empty() { "" } else { " " };
        match r {
            Some(Rated::Value(v)) => write!(s, "{sep}{name}={v}").expect("string"),
            Some(Rated::Above(v)) => write!(s, "{sep}{name}>{v}").expect("string"),
            None => {}
        }
    }
    s
}

/// One JSON object: exact values as numbers, cut-short ones as strings `">n"`.
fn json_line(
    grid: &str,
    number: usize,
    c: &Classification,
    elapsed: Duration,
    guesses: Option<GuessRating>,
) -> String {
    let mut o = serde_json::Map::new();
    o.insert("line".into(), number.into());
    o.insert("puzzle".into(), grid.into());
    let status = if c.complete() { "classified" } else { "over_budget" };
    o.insert("status".into(), status.into());
    for (name, r) in named(c) {
        let key = name.to_ascii_lowercase();
        match r {
            Some(Rated::Value(v)) => o.insert(key, v.into()),
            Some(Rated::Above(v)) => o.insert(key, format!(">{v}").into()),
            None => None,
        };
    }
    if let Some(g) = guesses {
        // The mean to one decimal, exactly as the text line and `rate`'s %G print it.
        let mean: f64 = format!("{:.1}", g.mean).parse().expect("a formatted number");
        o.insert("guesses".into(), serde_json::json!({ "mean": mean, "max": g.max }));
    }
    o.insert("seconds".into(), elapsed.as_secs_f64().into());
    serde_json::Value::Object(o).to_string()
}

/// The `classification` object `solve --json --classify` adds: the measures asked for that
/// apply (exact values as numbers, cut-short ones as strings `">n"`), or `{"error": ...}`
/// for a puzzle without a unique solution.
pub fn classification_json(masks: &[u128; 9], measures: Measures, limits: &Limits) -> String {
    match classify(masks, measures, limits) {
        Ok(c) => {
            // Written by hand to keep the measures in their order (te, w, b, bxb, bxbb).
            let fields: Vec<String> = named(&c)
                .iter()
                .filter_map(|&(name, r)| {
                    let key = name.to_ascii_lowercase();
                    match r? {
                        Rated::Value(v) => Some(format!("\"{key}\":{v}")),
                        Rated::Above(v) => Some(format!("\"{key}\":\">{v}\"")),
                    }
                })
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Err(e) => serde_json::json!({ "error": e.to_string() }).to_string(),
    }
}

/// An error line: `error: line N: ...`, or a JSON object with the status and the message.
fn error_line(json: bool, number: usize, grid: Option<&str>, status: &str, msg: &str) -> String {
    if !json {
        return format!("error: {msg}");
    }
    serde_json::json!({"line": number, "puzzle": grid, "status": status, "error": msg}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("ten").is_err());
        assert!(parse_duration("3 weeks").is_err());
    }
}
