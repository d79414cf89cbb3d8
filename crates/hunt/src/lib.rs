//! Vicinity search for the hardest puzzles (`bitdoku hunt`): from seed puzzles, draw (or
//! enumerate) their {-n+m} neighbourhoods ([`vicinity`]), keep the unique (optionally
//! minimal) ones, drop those whose canonical (minlex) form was seen before, screen with the
//! cheapest measure that can reject, rate the survivors exactly, and take the best `keep` of
//! each round as the next round's seeds.
//!
//! It is a library (not only a command) because the round is the part worth testing and
//! reusing: the enumeration against a plain one, the screens against full ratings, a whole
//! round's reproducibility; the command only reads and writes files.
//!
//! Screens, cheapest first:
//! * the T&E depth: an exact measure, and for `--te N` the target itself; for SE targets of
//!   10.0 or more, puzzles of T&E depth 0 or 1 are dropped (T&E(BRT, 1) needs only singles
//!   inside one trial, which SE's dynamic forcing chains (8.5+) find; in the serate references
//!   bundled and shared, no T&E(1) puzzle rates above 9.4, see `tests/screens.rs`);
//! * the SE model with the target range as a screen (`se_model::Screen`): a maximum stops a
//!   rating early; a puzzle kept by it is rated exactly.
//!
//! Bounded: a rating (SE model, BxB) runs under a deterministic per-puzzle budget
//! ([`Config::budget`]); a puzzle that spends it is reported in [`RoundResult::over_budget`]
//! instead of holding the round, and the result stays independent of the machine.
//!
//! Reproducible: round `r`'s draws for seed `i` come from a generator seeded with
//! (`seed`, `r`, `i`), candidates are deduplicated in seed order, and rating runs in parallel
//! but is collected in order, so the result does not depend on the threads.

#![deny(missing_docs)]

pub mod vicinity;

pub use bitdoku_classify::OverBudget;
use bitdoku_classify::{Budget, Grid, Rated, te};
use bitdoku_se_model::{self as se, Range, Screen};
use rayon::prelude::*;
use std::cmp::Ordering;
use std::collections::HashSet;
pub use vicinity::{Vicinity, enumerate, is_minimal, is_unique, sample_one};

/// What the hunt keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// SE's ER range.
    pub se: Option<Range>,
    /// T&E depth (exactly).
    pub te: Option<u32>,
    /// BxB range (T&E(2) puzzles).
    pub bxb: Option<(u32, u32)>,
}

/// Parses an integer range: `5-` (at least), `-6`, `3-6`, `5` (exactly).
pub fn parse_int_range(s: &str) -> Result<(u32, u32), String> {
    let num = |t: &str, empty: u32| -> Result<u32, String> {
        let t = t.trim();
        if t.is_empty() {
            return Ok(empty);
        }
        t.parse().map_err(|_| format!("{t:?} is not a whole number"))
    };
    let (min, max) = match s.split_once('-') {
        Some((a, b)) => (num(a, 0)?, num(b, u32::MAX)?),
        None => {
            let v = num(s, u32::MAX)?;
            (v, v)
        }
    };
    if min > max || s.trim().is_empty() || s.trim() == "-" {
        return Err(format!("{s:?} is not a range like 5-, -6, 3-6 or 5"));
    }
    Ok((min, max))
}

/// How a round draws and keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The move.
    pub vicinity: Vicinity,
    /// Draws per seed and round; 0 enumerates each seed's whole neighbourhood.
    pub per_seed: usize,
    /// Seeds kept for the next round.
    pub keep: usize,
    /// Keep only minimal puzzles.
    pub minimal: bool,
    /// The random seed of the run.
    pub seed: u64,
    /// Drop T&E(0)/T&E(1) puzzles before rating SE (on by default for SE targets of 10.0+).
    pub te_screen: bool,
    /// What to keep.
    pub targets: Targets,
    /// Deterministic work allowed per puzzle (`None`: no limit): nodes of the SE model
    /// (as `rate --budget`) and work units of the BxB search (as `classify --budget`). A
    /// puzzle that spends it is neither kept nor ranked; the round counts it and the output
    /// file lists it, so that one puzzle cannot hold a hunt.
    pub budget: Option<u64>,
}

/// A puzzle's measures (those the targets ask for).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rating {
    /// ER, EP, ED in tenths.
    pub se: Option<(u32, u32, u32)>,
    /// T&E depth (`None` when not computed).
    pub te: Option<Rated>,
    /// BxB.
    pub bxb: Option<Rated>,
}

/// A rated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The puzzle as drawn (81 values, 0 = empty).
    pub puzzle: [u8; 81],
    /// Its minlex form.
    pub canon: [u8; 81],
    /// Its measures.
    pub rating: Rating,
    /// The round it was found in (0 for seeds).
    pub round: u32,
}

fn value(r: Option<Rated>) -> Option<u32> {
    match r {
        Some(Rated::Value(v)) => Some(v),
        _ => None,
    }
}

impl Found {
    /// Whether it meets every target.
    pub fn meets(&self, t: &Targets) -> bool {
        let se = t.se.is_none_or(|r| self.rating.se.is_some_and(|(er, ..)| r.contains(er)));
        let te = t.te.is_none_or(|d| value(self.rating.te) == Some(d));
        let bxb = t
            .bxb
            .is_none_or(|(lo, hi)| value(self.rating.bxb).is_some_and(|b| (lo..=hi).contains(&b)));
        se && te && bxb
    }

    /// Hardest first: ER, EP, ED, then T&E depth, then BxB; ties by minlex form.
    pub fn harder(&self, other: &Found) -> Ordering {
        let key = |f: &Found| {
            let te = match f.rating.te {
                Some(Rated::Value(v)) => v,
                Some(Rated::Above(v)) => v + 1,
                None => 0,
            };
            (f.rating.se.unwrap_or((0, 0, 0)), te, value(f.rating.bxb).unwrap_or(0))
        };
        key(other).cmp(&key(self)).then(self.canon.cmp(&other.canon))
    }
}

/// Counts of one round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundStats {
    /// Neighbours drawn (or visited).
    pub candidates: u64,
    /// Of them, unique (and minimal, if asked).
    pub unique: u64,
    /// Of them, canonically new (not a seed, not seen before, not twice in the round).
    pub new: u64,
    /// Of them, past the screens and rated exactly.
    pub rated: u64,
    /// Of them, meeting the targets.
    pub kept: u64,
    /// Past the screens, but over the per-puzzle budget before their rating was known.
    pub over_budget: u64,
}

/// The generator of round `round`, seed `index`.
fn rng_for(seed: u64, round: u32, index: usize) -> fastrand::Rng {
    let mut x = seed ^ 0x9e37_79b9_7f4a_7c15;
    for v in [u64::from(round), index as u64] {
        x = (x ^ v).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x ^= x >> 31;
    }
    fastrand::Rng::with_seed(x)
}

/// The unique (minimal if asked) neighbours of one seed for a round.
fn neighbours(seed: &[u8; 81], cfg: &Config, round: u32, index: usize) -> (u64, Vec<[u8; 81]>) {
    let mut out = Vec::new();
    let mut drawn = 0u64;
    if cfg.per_seed == 0 {
        enumerate(seed, cfg.vicinity, &mut |p| {
            drawn += 1;
            out.push(p);
        });
    } else {
        let mut rng = rng_for(cfg.seed, round, index);
        for _ in 0..cfg.per_seed {
            drawn += 1;
            if let Some(p) = sample_one(seed, cfg.vicinity, &mut rng) {
                out.push(p);
            }
        }
    }
    if cfg.minimal {
        out.retain(is_minimal);
    }
    (drawn, out)
}

/// The unique solution of `values`.
fn solution(values: &[u8; 81]) -> Option<[u8; 81]> {
    match bitdoku_brute::count_solutions(&bitdoku_brute::masks_from_values(values), 2) {
        (1, Some(s)) => Some(s.0),
        _ => None,
    }
}

/// The T&E depth of a unique puzzle, up to `max`.
pub fn te_depth(values: &[u8; 81], max: u32) -> Option<Rated> {
    let sol = solution(values)?;
    let mut g = Grid::from_values(values)?;
    Some(te::te_depth(&mut g, &sol, max, &mut Budget::unlimited()))
}

/// Whether the cheap screens let a unique puzzle through to the exact rating.
pub fn passes_screens(values: &[u8; 81], cfg: &Config) -> bool {
    let t = &cfg.targets;
    let need = t.te.or(t.bxb.map(|_| 2)).or(cfg.te_screen.then_some(2));
    let Some(min_depth) = need else { return true };
    match te_depth(values, min_depth) {
        Some(Rated::Value(d)) => match t.te.or(t.bxb.map(|_| 2)) {
            Some(want) => d == want,
            None => d >= min_depth,
        },
        // Deeper than asked: only an SE or "at least" screen lets it through.
        Some(Rated::Above(_)) => t.te.is_none() && t.bxb.is_none(),
        None => false,
    }
}

/// Rates a puzzle exactly for the targets: `Ok(None)` when an SE screen (the ER range's
/// maximum) rejected it before the end of its path, `Err` when it spent `cfg.budget` first.
pub fn rate(values: &[u8; 81], cfg: &Config, round: u32) -> Result<Option<Found>, OverBudget> {
    let t = &cfg.targets;
    let mut rating = Rating::default();
    if t.te.is_some() || t.bxb.is_some() || cfg.te_screen {
        rating.te = te_depth(values, t.te.unwrap_or(2).max(2));
    }
    if let Some((_, hi)) = t.bxb
        && rating.te == Some(Rated::Value(2))
    {
        let Some(sol) = solution(values) else { return Ok(None) };
        let Some(mut g) = Grid::from_values(values) else { return Ok(None) };
        let max = hi.min(30);
        let mut budget = Budget::new(cfg.budget, None);
        let bxb = bitdoku_classify::bxb::bxb(&mut g, 1, &sol, max, &mut budget);
        if budget.is_spent() {
            return Err(OverBudget);
        }
        rating.bxb = Some(bxb);
    }
    if let Some(range) = t.se {
        let start = bitdoku_bitboard::Candidates::from_values(values);
        let limit = bitdoku_bitboard::budget::Budget { time: None, nodes: cfg.budget };
        let out = {
            let _scope = bitdoku_bitboard::budget::Scope::enter(limit);
            let out = se::rate_state_screened(
                &start,
                None,
                &Screen { er: Some(range), ..Screen::default() },
            );
            if bitdoku_bitboard::budget::exceeded().is_some() {
                return Err(OverBudget);
            }
            out
        };
        match out.outside {
            None => {}
            // Rated to the end (below the minimum): an exact rating, kept for ranking.
            Some(o) if matches!(o.er, se::Bound::Exact(_)) => {}
            Some(_) => return Ok(None),
        }
        rating.se = Some((out.rating.er, out.rating.ep, out.rating.ed));
    }
    Ok(Some(Found { puzzle: *values, canon: bitdoku_generate::minlex(values), rating, round }))
}

/// What one round produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundResult {
    /// The rated puzzles, in draw order (seed by seed).
    pub rated: Vec<Found>,
    /// The puzzles that spent the per-puzzle budget, in draw order.
    pub over_budget: Vec<[u8; 81]>,
    /// The counts.
    pub stats: RoundStats,
}

/// One round. `seen` holds the minlex forms to skip; the new ones that reach rating are
/// added to it.
pub fn round(
    seeds: &[Found],
    seen: &mut HashSet<[u8; 81]>,
    round: u32,
    cfg: &Config,
) -> RoundResult {
    let drawn: Vec<(u64, Vec<[u8; 81]>)> =
        seeds.par_iter().enumerate().map(|(i, s)| neighbours(&s.puzzle, cfg, round, i)).collect();
    let mut stats = RoundStats::default();
    let mut fresh: Vec<[u8; 81]> = Vec::new();
    let mut in_round: HashSet<[u8; 81]> = HashSet::new();
    let canon: Vec<Vec<[u8; 81]>> =
        drawn.par_iter().map(|(_, ps)| ps.iter().map(bitdoku_generate::minlex).collect()).collect();
    for ((n, ps), cs) in drawn.iter().zip(&canon) {
        stats.candidates += n;
        stats.unique += ps.len() as u64;
        for (p, c) in ps.iter().zip(cs) {
            if !seen.contains(c) && in_round.insert(*c) {
                fresh.push(*p);
            }
        }
    }
    stats.new = fresh.len() as u64;
    let outcomes: Vec<Result<Option<Found>, OverBudget>> = fresh
        .par_iter()
        .map(|p| if passes_screens(p, cfg) { rate(p, cfg, round) } else { Ok(None) })
        .collect();
    let mut result = RoundResult::default();
    for (p, o) in fresh.iter().zip(outcomes) {
        match o {
            Ok(Some(f)) => result.rated.push(f),
            Ok(None) => {}
            Err(OverBudget) => result.over_budget.push(*p),
        }
    }
    for f in &result.rated {
        seen.insert(f.canon);
    }
    stats.rated = result.rated.len() as u64;
    stats.kept = result.rated.iter().filter(|f| f.meets(&cfg.targets)).count() as u64;
    stats.over_budget = result.over_budget.len() as u64;
    result.stats = stats;
    result
}

/// The next round's seeds: the hardest `keep` of the round's rated puzzles, topped up with
/// the hardest current seeds when the round rated fewer.
pub fn next_seeds(current: &[Found], rated: &[Found], keep: usize) -> Vec<Found> {
    let mut next: Vec<Found> = rated.to_vec();
    next.sort_by(Found::harder);
    next.truncate(keep);
    if next.len() < keep {
        let mut old = current.to_vec();
        old.sort_by(Found::harder);
        let have: HashSet<[u8; 81]> = next.iter().map(|f| f.canon).collect();
        next.extend(old.into_iter().filter(|f| !have.contains(&f.canon)).take(keep - next.len()));
    }
    next
}
