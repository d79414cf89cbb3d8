//! The end of an order search: the baseline and the winner measured side by side, interleaved,
//! on every search corpus and on the held-out ones (other puzzles of the same file, other
//! corpora) that the search never saw, and the answers and tables read from those rows: how
//! far an order tuned on one corpus carries.

use super::{Found, Sample, SearchOptions, geomean};
use crate::engines::{EngineKind, Runner};
use crate::measure::{Row, TechRow, tech_rows, timed, warm_up};
use anyhow::{Result, anyhow};
use bitdoku_engine::{Granularity, Order};

/// The final measurement: rows per search corpus then per held-out one (baseline, winner).
pub(super) struct Evaluation {
    /// Per search corpus then per held-out one: baseline, then winner.
    pub(super) rows: Vec<Row>,
    /// Geometric mean of puzzles/s over the search corpora: baseline, winner.
    pub(super) geomean: (f64, f64),
    /// Puzzles/s on each held-out corpus: (name, baseline, winner).
    pub(super) holdout: Vec<(String, f64, f64)>,
    /// The technique rows of both warm-ups.
    pub(super) techs: Vec<TechRow>,
}

/// Measures the baseline and `winner` on `samples` and `holdouts`: a validating warm-up each,
/// then interleaved timed passes (B W B W ...), the best pass of each counting.
pub(super) fn final_measurement(
    winner: &Order,
    samples: &[Sample],
    holdouts: &[Sample],
    opts: &SearchOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<Evaluation> {
    let base_runner = Runner::new(EngineKind::Bitboard, Some(&opts.baseline), Granularity::Batch)
        .map_err(|e| anyhow!(e))?;
    let win_runner = Runner::new(EngineKind::Bitboard, Some(winner), Granularity::Batch)
        .map_err(|e| anyhow!(e))?;
    let mut rows = Vec::new();
    let mut techs = Vec::new();
    let mut pps = [Vec::new(), Vec::new()];
    let mut holdout_pps = Vec::new();
    for (k, sample) in samples.iter().chain(holdouts).enumerate() {
        progress(&format!("final measurement on {}", sample.corpus.name));
        let (c, refs) = (&sample.corpus, &sample.references);
        let base_profile = warm_up(&base_runner, c, refs, opts.threads)?;
        let win_profile = warm_up(&win_runner, c, refs, opts.threads)?;
        // Interleaved final measurement: B W B W ..., the best pass of each counts.
        let mut best: [Option<crate::measure::Timed>; 2] = [None, None];
        for _ in 0..opts.repeats.max(1) + 2 {
            for (k, r) in [&base_runner, &win_runner].into_iter().enumerate() {
                let t = timed(r, c, opts.threads)?;
                if best[k].as_ref().is_none_or(|b| t.seconds < b.seconds) {
                    best[k] = Some(t);
                }
            }
        }
        let [Some(tb), Some(tw)] = best else { return Err(anyhow!("no final measurement")) };
        let (rb, rw) = (
            Row::new(&base_runner, c, &tb, opts.threads),
            Row::new(&win_runner, c, &tw, opts.threads),
        );
        if k < samples.len() {
            pps[0].push(rb.puzzles_per_sec);
            pps[1].push(rw.puzzles_per_sec);
        } else {
            holdout_pps.push((c.name.clone(), rb.puzzles_per_sec, rw.puzzles_per_sec));
        }
        rows.push(rb);
        rows.push(rw);
        techs.extend(tech_rows(&base_runner, c, &base_profile));
        techs.extend(tech_rows(&win_runner, c, &win_profile));
    }
    let geomean = (geomean(&pps[0]), geomean(&pps[1]));
    Ok(Evaluation { rows, geomean, holdout: holdout_pps, techs })
}

/// The answers of a search: the winner against the baseline on the search corpora, on held-out
/// puzzles of the same kind and on every other corpus measured, with the logic-solve counts
/// wherever the winner solves fewer (the search only guarantees them on its own corpora).
#[must_use]
pub fn answers(found: &Found, baseline: &str) -> Vec<String> {
    let pair = |name: &str| -> Option<(&Row, &Row)> {
        let mut it = found.rows.iter().filter(|r| r.corpus == name);
        Some((it.next()?, it.next()?))
    };
    let describe = |name: &str| -> String {
        let Some((b, w)) = pair(name) else { return format!("{name}: not measured") };
        let mut s = format!(
            "{name} {:.2}x ({} vs {} puzzles/s",
            w.puzzles_per_sec / b.puzzles_per_sec.max(1e-12),
            crate::report::grouped(w.puzzles_per_sec),
            crate::report::grouped(b.puzzles_per_sec)
        );
        if w.solved_logic < b.solved_logic {
            s.push_str(&format!(
                "; but it solves {} of {} by logic, the baseline {}",
                w.solved_logic, w.puzzles, b.solved_logic
            ));
        } else {
            s.push_str(&format!(
                ", logic {:.1}% vs {:.1}%",
                w.solved_logic_pct, b.solved_logic_pct
            ));
        }
        s.push(')');
        s
    };
    let holdout: Vec<&str> = found.holdout.iter().map(|h| h.0.as_str()).collect();
    let train: Vec<String> = crate::report::corpora_of(&found.rows)
        .into_iter()
        .filter(|c| !holdout.contains(&c.as_str()))
        .collect();
    let mut out = vec![format!(
        "The searched order runs {:.2}x as fast as {baseline} on the puzzles it was tuned on: {}.",
        found.geomean.1 / found.geomean.0.max(1e-12),
        train.iter().map(|c| describe(c)).collect::<Vec<_>>().join("; ")
    )];
    let same: Vec<&str> = holdout.iter().copied().filter(|h| h.ends_with("-heldout")).collect();
    let other: Vec<&str> = holdout.iter().copied().filter(|h| !h.ends_with("-heldout")).collect();
    if !same.is_empty() {
        out.push(format!(
            "On held-out puzzles of the same kind (never seen by the search): {}.",
            same.iter().map(|c| describe(c)).collect::<Vec<_>>().join("; ")
        ));
    }
    if !other.is_empty() {
        let g = geomean(
            &found
                .holdout
                .iter()
                .filter(|h| other.contains(&h.0.as_str()))
                .map(|h| h.2 / h.1.max(1e-12))
                .collect::<Vec<_>>(),
        );
        out.push(format!(
            "On the other corpora: {}; geometric mean {g:.2}x.",
            other.iter().map(|c| describe(c)).collect::<Vec<_>>().join("; ")
        ));
    }
    out
}

/// The side-by-side tables of baseline and winner (markdown), one per corpus (rows come in
/// baseline, winner pairs).
#[must_use]
pub fn side_by_side(rows: &[Row]) -> String {
    let mut out = String::new();
    for pair in rows.chunks(2) {
        if let [b, _] = pair {
            out.push_str(&format!("Corpus `{}`:\n\n", b.corpus));
        }
        out.push_str(&pair_table(pair));
        out.push('\n');
    }
    out
}

/// One corpus's table.
fn pair_table(rows: &[Row]) -> String {
    let [b, w] = rows else { return String::new() };
    let line = |name: &str, x: String, y: String| vec![name.to_string(), x, y];
    let ratio = w.puzzles_per_sec / b.puzzles_per_sec.max(1e-12);
    let cells = vec![
        line("puzzles", b.puzzles.to_string(), w.puzzles.to_string()),
        line(
            "puzzles/s",
            format!("{:.0}", b.puzzles_per_sec),
            format!("{:.0} ({ratio:.3}x)", w.puzzles_per_sec),
        ),
        line("us/puzzle", format!("{:.2}", b.us_per_puzzle), format!("{:.2}", w.us_per_puzzle)),
        line("p50 us", format!("{:.2}", b.p50_us), format!("{:.2}", w.p50_us)),
        line("p99 us", format!("{:.2}", b.p99_us), format!("{:.2}", w.p99_us)),
        line("max us", format!("{:.1}", b.max_us), format!("{:.1}", w.max_us)),
        line(
            "solved by logic",
            format!("{} ({:.2}%)", b.solved_logic, b.solved_logic_pct),
            format!("{} ({:.2}%)", w.solved_logic, w.solved_logic_pct),
        ),
        line(
            "guesses/puzzle",
            format!("{:.2}", b.guesses_per_puzzle),
            format!("{:.2}", w.guesses_per_puzzle),
        ),
        line(
            "techniques",
            b.order_ids.split(',').count().to_string(),
            w.order_ids.split(',').count().to_string(),
        ),
    ];
    crate::report::markdown_table(&["", &format!(">baseline ({})", b.order), ">searched"], &cells)
}
