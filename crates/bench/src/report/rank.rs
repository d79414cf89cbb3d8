//! Ranking orders by the geometric mean of speed ratios, and engine speed ratios.

#[allow(unused_imports)]
use super::*;

/// Geometric mean of positive values (0 when there is none).
#[must_use]
pub fn geomean(values: &[f64]) -> f64 {
    let v: Vec<f64> = values.iter().copied().filter(|x| *x > 0.0).collect();
    if v.is_empty() { 0.0 } else { (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp() }
}

/// An order's rank entry: its speed ratio against the engine's first order, per corpus, and
/// their geometric mean.
#[derive(Clone, Debug, PartialEq)]
pub struct Rank {
    /// Order name.
    pub order: String,
    /// (corpus, puzzles/s of this order / puzzles/s of the first order).
    pub ratios: Vec<(String, f64)>,
    /// Geometric mean of the ratios.
    pub geomean: f64,
    /// Mean % solved without fallback over the corpora.
    pub logic_pct: f64,
}

/// Ranks the orders of `engine` by the geometric mean of their speed ratios against the first
/// order measured (ratios > 1: faster than the first order), best first.
#[must_use]
pub fn rank_orders(rows: &[Row], engine: &str) -> Vec<Rank> {
    let mine: Vec<&Row> = rows.iter().filter(|r| r.engine == engine).collect();
    let Some(first) = mine.first().map(|r| r.order.clone()) else { return Vec::new() };
    let mut orders: Vec<String> = Vec::new();
    for r in &mine {
        if !orders.contains(&r.order) {
            orders.push(r.order.clone());
        }
    }
    let pps = |order: &str, corpus: &str| {
        mine.iter().find(|r| r.order == order && r.corpus == corpus).map(|r| r.puzzles_per_sec)
    };
    let mut ranks: Vec<Rank> = orders
        .iter()
        .map(|o| {
            let here: Vec<&&Row> = mine.iter().filter(|r| &r.order == o).collect();
            let ratios: Vec<(String, f64)> = here
                .iter()
                .filter_map(|r| {
                    pps(&first, &r.corpus)
                        .map(|base| (r.corpus.clone(), r.puzzles_per_sec / base.max(1e-12)))
                })
                .collect();
            let g = geomean(&ratios.iter().map(|x| x.1).collect::<Vec<_>>());
            let logic_pct =
                here.iter().map(|r| r.solved_logic_pct).sum::<f64>() / here.len().max(1) as f64;
            Rank { order: o.clone(), ratios, geomean: g, logic_pct }
        })
        .collect();
    ranks.sort_by(|a, b| b.geomean.total_cmp(&a.geomean));
    ranks
}

/// (corpus, order, bitboard puzzles/s, naive puzzles/s) for every pair measured by both.
#[must_use]
pub fn engine_ratios(rows: &[Row]) -> Vec<(String, String, f64, f64)> {
    let mut out = Vec::new();
    for b in rows.iter().filter(|r| r.engine == "bitboard") {
        if let Some(n) =
            rows.iter().find(|r| r.engine == "naive" && r.corpus == b.corpus && r.order == b.order)
        {
            out.push((b.corpus.clone(), b.order.clone(), b.puzzles_per_sec, n.puzzles_per_sec));
        }
    }
    out
}

/// The bitboard/naive ratio a row could reach at most: the naive row's time over the time of
/// the brute-force work both engines share, the uniqueness count on the puzzles they count (the
/// fallback takes the counted solution): the corpus's `brute` row, which counts every puzzle,
/// times the naive row's [`Row::counted_share`]. `None` without a naive or `brute` row, or when
/// no puzzle was counted (then nothing bounds the ratio).
#[must_use]
pub fn shared_work_ceiling(rows: &[Row], corpus: &str, order: &str) -> Option<f64> {
    let naive =
        rows.iter().find(|r| r.engine == "naive" && r.corpus == corpus && r.order == order)?;
    let brute = rows.iter().find(|r| r.engine == "brute" && r.corpus == corpus)?;
    (naive.counted_share > 0.0)
        .then(|| brute.puzzles_per_sec / (naive.puzzles_per_sec.max(1e-12) * naive.counted_share))
}
