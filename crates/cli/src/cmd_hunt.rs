//! `bitdoku hunt`: the vicinity search of `bitdoku-hunt` as a command: reads the seeds, runs
//! rounds, appends each round to the output file and prints a progress line per round;
//! `--resume` picks a run up from its output file.
//!
//! The output file (hardest-lists style, one puzzle a line):
//! * `#hunt ...`: the run's settings (a resumed run must match them);
//! * `PUZZLE;ER;EP;ED;hunt rN TE=d [BxB=p]`: a puzzle meeting the targets, found in round N
//!   (the ER/EP/ED fields are empty without an SE target; no date, so a rerun writes the same
//!   bytes);
//! * `#rated PUZZLE;...`: a puzzle rated exactly but outside the targets (kept for ranking
//!   and resuming);
//! * `#over-budget PUZZLE`: a puzzle past the screens that spent the per-puzzle budget
//!   (`--budget`) before its rating was known (neither kept nor ranked; rate it on its own
//!   with a larger budget);
//! * `#round N candidates=.. unique=.. new=.. rated=.. kept=.. over-budget=..`: the end of
//!   round N.
//!
//! Everything a round decides is in the file: the seeds of round N+1 are the hardest of
//! round N's rated puzzles, and the canonical forms seen are the seeds' and the rated ones',
//! so resuming replays the file and goes on as if never stopped.

use anyhow::{Context, bail};
use bitdoku_classify::Rated;
use bitdoku_hunt::{self as hunt, Config, Found, Targets, Vicinity};
use bitdoku_se_model::Range;
use clap::Args;
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `hunt`.
#[derive(Args, Debug)]
pub struct HuntArgs {
    /// Seed puzzles, one per line (81 characters first; `PUZZLE;ER;...` lines too).
    seeds: PathBuf,
    /// Use only the first N seeds of the file.
    #[arg(long, value_name = "N")]
    first: Option<usize>,
    /// The output file (appended round by round; see --resume).
    #[arg(long, short, value_name = "FILE")]
    out: PathBuf,
    /// Go on from the output file of an interrupted run (same settings).
    #[arg(long)]
    resume: bool,
    /// The move: remove n clues, add m in cells that were empty (`-2+2`, `-1+2`, `-3+3`).
    #[arg(long, default_value = "-2+2", allow_hyphen_values = true)]
    vicinity: Vicinity,
    /// Random draws per seed and round; 0 enumerates each seed's whole neighbourhood.
    #[arg(long, default_value_t = 300)]
    per_seed: usize,
    /// Seeds kept for the next round (the hardest rated).
    #[arg(long, default_value_t = 20)]
    keep: usize,
    /// Rounds to run (in all, counting those of a resumed run).
    #[arg(long, default_value_t = 5)]
    rounds: u32,
    /// The run's random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep only minimal puzzles.
    #[arg(long)]
    minimal: bool,
    /// Target: SE's ER in RANGE (`10.5-`, `10.0-11.0`).
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true)]
    se: Option<Range>,
    /// Target: T&E depth exactly N (2 or 3 for the hardest).
    #[arg(long, value_name = "N")]
    te: Option<u32>,
    /// Target: BxB in RANGE (`5-`, `3-6`); implies T&E depth 2.
    #[arg(long, value_name = "RANGE", allow_hyphen_values = true, value_parser = hunt::parse_int_range)]
    bxb: Option<(u32, u32)>,
    /// Rate SE on T&E(0)/T&E(1) puzzles too (by default they are dropped for SE targets of
    /// 10.0 or more: none of the serate-rated T&E(1) puzzles at hand rates above 9.4).
    #[arg(long)]
    no_te_screen: bool,
    /// Deterministic work per puzzle: nodes of the SE model (as `rate --budget`) and work
    /// units of the BxB search (as `classify --budget`); a puzzle over it is listed as
    /// `#over-budget` and the hunt goes on. 0: no limit.
    #[arg(long, value_name = "NODES", default_value_t = crate::budget::DEFAULT_NODES)]
    budget: u64,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::parse_threads)]
    threads: usize,
}

/// The `#hunt` line: the settings a resumed run must share.
fn settings(a: &HuntArgs, cfg: &Config) -> String {
    let range = |r: Option<Range>| {
        r.map_or("-".to_string(), |r| {
            format!("{}.{}-{}.{}", r.min / 10, r.min % 10, r.max / 10, r.max % 10)
        })
    };
    format!(
        "#hunt seeds={} first={} vicinity={} per-seed={} keep={} seed={} minimal={} se={} te={} bxb={} te-screen={} budget={}",
        a.seeds.display(),
        a.first.map_or("all".into(), |n| n.to_string()),
        cfg.vicinity,
        cfg.per_seed,
        cfg.keep,
        cfg.seed,
        cfg.minimal,
        range(cfg.targets.se),
        cfg.targets.te.map_or("-".into(), |t| t.to_string()),
        cfg.targets.bxb.map_or("-".into(), |(lo, hi)| format!("{lo}-{hi}")),
        cfg.te_screen,
        cfg.budget.map_or("none".into(), |n| n.to_string()),
    )
}

fn values_of(text: &str, number: usize) -> anyhow::Result<[u8; 81]> {
    let b = text.as_bytes();
    if b.len() < 81 {
        bail!("line {number}: a puzzle needs 81 characters, found {}", b.len());
    }
    let mut v = [0u8; 81];
    for (i, &c) in b[..81].iter().enumerate() {
        v[i] = match c {
            b'1'..=b'9' => c - b'0',
            b'.' | b'0' | b'-' | b'_' => 0,
            _ => bail!(
                "line {number}, column {}: {:?} is not a digit or an empty cell",
                i + 1,
                c as char
            ),
        };
    }
    Ok(v)
}

fn line_of(v: &[u8; 81]) -> String {
    v.iter().map(|&d| if d == 0 { '.' } else { (b'0' + d) as char }).collect()
}

/// `PUZZLE;ER;EP;ED;hunt rN TE=d BxB=p`.
fn entry(f: &Found) -> String {
    let t = |v: u32| format!("{}.{}", v / 10, v % 10);
    let se =
        f.rating.se.map_or(";;".into(), |(er, ep, ed)| format!("{};{};{}", t(er), t(ep), t(ed)));
    let mut source = format!("hunt r{}", f.round);
    let rated = |r: Rated| match r {
        Rated::Value(v) => v.to_string(),
        Rated::Above(v) => format!(">{v}"),
    };
    if let Some(te) = f.rating.te {
        source.push_str(&format!(" TE={}", rated(te)));
    }
    if let Some(b) = f.rating.bxb {
        source.push_str(&format!(" BxB={}", rated(b)));
    }
    format!("{};{se};{source}", line_of(&f.puzzle))
}

/// Reads an entry back (the inverse of [`entry`]).
fn parse_entry(text: &str, number: usize) -> anyhow::Result<Found> {
    let puzzle = values_of(text, number)?;
    let fields: Vec<&str> = text.split(';').collect();
    if fields.len() != 5 {
        bail!("line {number}: expected PUZZLE;ER;EP;ED;SOURCE");
    }
    let tenths = |s: &str| -> anyhow::Result<u32> {
        let (w, f) =
            s.split_once('.').with_context(|| format!("line {number}: bad rating {s:?}"))?;
        Ok(w.parse::<u32>()? * 10 + f.parse::<u32>()?)
    };
    let mut rating = hunt::Rating::default();
    if !fields[1].is_empty() {
        rating.se = Some((tenths(fields[1])?, tenths(fields[2])?, tenths(fields[3])?));
    }
    let mut round = 0;
    let rated = |s: &str| -> anyhow::Result<Rated> {
        Ok(match s.strip_prefix('>') {
            Some(v) => Rated::Above(v.parse()?),
            None => Rated::Value(s.parse()?),
        })
    };
    for tok in fields[4].split_whitespace() {
        if let Some(r) = tok.strip_prefix('r') {
            round = r.parse().with_context(|| format!("line {number}: bad round {tok:?}"))?;
        } else if let Some(v) = tok.strip_prefix("TE=") {
            rating.te = Some(rated(v)?);
        } else if let Some(v) = tok.strip_prefix("BxB=") {
            rating.bxb = Some(rated(v)?);
        }
    }
    Ok(Found { puzzle, canon: bitdoku_generate::minlex(&puzzle), rating, round })
}

pub fn run(a: HuntArgs) -> anyhow::Result<bool> {
    if a.se.is_none() && a.te.is_none() && a.bxb.is_none() {
        bail!("no target: give --se, --te and/or --bxb");
    }
    let targets = Targets { se: a.se, te: a.te, bxb: a.bxb };
    let cfg = Config {
        vicinity: a.vicinity,
        per_seed: a.per_seed,
        keep: a.keep.max(1),
        minimal: a.minimal,
        seed: a.seed,
        te_screen: !a.no_te_screen && a.se.is_some_and(|r| r.min >= 100),
        targets,
        budget: (a.budget > 0).then_some(a.budget),
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(a.threads).build()?;
    pool.install(|| hunt_in_pool(&a, &cfg))
}

fn hunt_in_pool(a: &HuntArgs, cfg: &Config) -> anyhow::Result<bool> {
    let text = std::fs::read_to_string(&a.seeds)
        .with_context(|| format!("cannot read the seeds {}", a.seeds.display()))?;
    let mut seeds_in = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if a.first.is_some_and(|n| seeds_in.len() >= n) {
            break;
        }
        let v = values_of(line, i + 1)?;
        if !hunt::is_unique(&v) {
            bail!("seed line {}: the puzzle does not have exactly one solution", i + 1);
        }
        seeds_in.push(v);
    }
    if seeds_in.is_empty() {
        bail!("no seed puzzle in {}", a.seeds.display());
    }
    // The seeds' own ratings rank them against what the rounds find.
    let mut seeds: Vec<Found> = {
        use rayon::prelude::*;
        seeds_in
            .par_iter()
            .map(|v| {
                hunt::rate(
                    v,
                    &Config {
                        targets: Targets {
                            se: cfg.targets.se.map(|r| Range { max: 200, ..r }),
                            ..cfg.targets
                        },
                        ..*cfg
                    },
                    0,
                )
                .ok()
                .flatten()
                .unwrap_or(Found {
                    puzzle: *v,
                    canon: bitdoku_generate::minlex(v),
                    rating: hunt::Rating::default(),
                    round: 0,
                })
            })
            .collect()
    };
    let mut seen: HashSet<[u8; 81]> = seeds.iter().map(|f| f.canon).collect();
    let header = settings(a, cfg);
    let mut done_rounds = 0u32;
    let mut kept_total = 0u64;
    if a.resume && a.out.exists() {
        let old = std::fs::read_to_string(&a.out)?;
        let mut lines = old.lines();
        if lines.next() != Some(header.as_str()) {
            bail!(
                "{} was written with other settings (its first line is not {header:?})",
                a.out.display()
            );
        }
        let mut round: Vec<Found> = Vec::new();
        let mut keep_bytes = header.len() + 1;
        let mut pos = header.len() + 1;
        for (i, line) in lines.enumerate() {
            pos += line.len() + 1;
            if let Some(rest) = line.strip_prefix("#round ") {
                let r: u32 = rest
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .parse()
                    .context("bad #round line")?;
                seeds = hunt::next_seeds(&seeds, &round, cfg.keep);
                kept_total += round.iter().filter(|f| f.meets(&cfg.targets)).count() as u64;
                round.clear();
                done_rounds = r;
                keep_bytes = pos;
            } else if line.starts_with("#over-budget ") {
                // Not rated: nothing a later round depends on.
            } else {
                let body = line.strip_prefix("#rated ").unwrap_or(line);
                let f = parse_entry(body, i + 2)?;
                seen.insert(f.canon);
                round.push(f);
            }
        }
        // Lines of a round cut short are dropped: the round runs again.
        let file = std::fs::OpenOptions::new().write(true).open(&a.out)?;
        file.set_len(keep_bytes.min(old.len()) as u64)?;
        eprintln!("resuming after round {done_rounds} ({kept_total} kept so far)");
    } else {
        if a.out.exists() {
            bail!("{} exists: remove it, or go on with --resume", a.out.display());
        }
        std::fs::write(&a.out, format!("{header}\n"))?;
    }
    let mut out = std::fs::OpenOptions::new().append(true).open(&a.out)?;
    for r in done_rounds + 1..=a.rounds {
        let started = Instant::now();
        let hunt::RoundResult { rated, over_budget, stats } =
            hunt::round(&seeds, &mut seen, r, cfg);
        let mut text = String::new();
        for f in &rated {
            if !f.meets(&cfg.targets) {
                text.push_str("#rated ");
            }
            text.push_str(&entry(f));
            text.push('\n');
        }
        for p in &over_budget {
            text.push_str(&format!("#over-budget {}\n", line_of(p)));
        }
        text.push_str(&format!(
            "#round {r} candidates={} unique={} new={} rated={} kept={} over-budget={}\n",
            stats.candidates, stats.unique, stats.new, stats.rated, stats.kept, stats.over_budget
        ));
        out.write_all(text.as_bytes())?;
        out.flush()?;
        kept_total += stats.kept;
        let mut best = rated.clone();
        best.sort_by(Found::harder);
        let best: Vec<String> = best
            .iter()
            .take(3)
            .map(|f| entry(f).split_once(';').map_or(String::new(), |(_, r)| r.to_string()))
            .collect();
        let over = match stats.over_budget {
            0 => String::new(),
            n => format!(", {n} over budget"),
        };
        eprintln!(
            "round {r}: {} candidates, {} unique, {} new, {} rated{over}, {} kept ({} in all); best {}; {:.1}s",
            stats.candidates,
            stats.unique,
            stats.new,
            stats.rated,
            stats.kept,
            kept_total,
            if best.is_empty() { "-".into() } else { best.join(" | ") },
            started.elapsed().as_secs_f64()
        );
        seeds = hunt::next_seeds(&seeds, &rated, cfg.keep);
    }
    Ok(true)
}
