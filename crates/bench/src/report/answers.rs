//! The answers a run ends with, computed from its rows: the fastest order per corpus at each
//! logic-solve rate, the bitboard/naive ratio per order (and their geometric mean), the
//! brute-force rate, and what changed since the previous results folder, flagged when a change
//! is larger than the run's own noise (the spread of its timed passes).
//!
//! The question a user brings is "which order is fastest on my puzzles, and what do bitboards
//! buy over candidate lists?"; these sentences say it, so nobody has to dig it out of the table.

#[allow(unused_imports)]
use super::*;

/// A row of an earlier results folder (`raw.csv`), the fields a comparison needs.
#[derive(Clone, Debug, PartialEq)]
pub struct PrevRow {
    /// Corpus name.
    pub corpus: String,
    /// Engine name.
    pub engine: String,
    /// Order name.
    pub order: String,
    /// Puzzles measured (rows compare only on the same puzzles).
    pub puzzles: usize,
    /// Puzzles per second.
    pub puzzles_per_sec: f64,
}

/// An earlier results folder and its rows.
#[derive(Clone, Debug)]
pub struct Previous {
    /// The folder, as found under the output folder.
    pub folder: String,
    /// Its rows.
    pub rows: Vec<PrevRow>,
}

/// One row's change against the previous folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// Corpus, engine, order of the row.
    pub key: (String, String, String),
    /// This run's puzzles/s over the previous folder's.
    pub ratio: f64,
    /// The noise the ratio is judged against: this row's spread of timed passes (at least 1 %).
    pub noise: f64,
    /// Whether the ratio lies beyond the noise, either way.
    pub flagged: bool,
}

/// The answers of a run.
#[derive(Clone, Debug, Default)]
pub struct Answers {
    /// Plain sentences, in order.
    pub sentences: Vec<String>,
    /// Per-row changes against the previous folder (empty without one).
    pub changes: Vec<Change>,
}

/// Reads the rows of a `raw.csv` (columns found by name, so older folders with fewer columns
/// still compare).
pub fn read_raw_csv(text: &str) -> Result<Vec<PrevRow>> {
    let mut r = ::csv::Reader::from_reader(text.as_bytes());
    let headers = r.headers()?.clone();
    let col = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .with_context(|| format!("raw.csv has no `{name}` column"))
    };
    let (c, e, o, n, p) =
        (col("corpus")?, col("engine")?, col("order")?, col("puzzles")?, col("puzzles_per_sec")?);
    let mut out = Vec::new();
    for rec in r.records() {
        let rec = rec?;
        let get = |i: usize| rec.get(i).unwrap_or_default().to_string();
        out.push(PrevRow {
            corpus: get(c),
            engine: get(e),
            order: get(o),
            puzzles: get(n).parse().context("puzzles")?,
            puzzles_per_sec: get(p).parse().context("puzzles_per_sec")?,
        });
    }
    Ok(out)
}

/// The sort key of a results folder name: `YYYY-MM-DD-HHMMSS-label` (an undated time counts as
/// midnight). `None` for a name that does not start with a date.
fn folder_key(name: &str) -> Option<(String, String)> {
    let date = name.get(..10)?;
    let ok = date
        .bytes()
        .enumerate()
        .all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    if !ok {
        return None;
    }
    let time =
        name.get(11..17).filter(|t| t.bytes().all(|b| b.is_ascii_digit())).unwrap_or("000000");
    Some((date.to_string(), time.to_string()))
}

/// The newest results folder under `out` with a `raw.csv` that shares at least one row
/// (corpus, engine, order and number of puzzles) with `rows`. Unreadable folders are passed over.
#[must_use]
pub fn find_previous(out: &Path, rows: &[Row]) -> Option<Previous> {
    let mut dirs: Vec<((String, String), String, PathBuf)> = std::fs::read_dir(out)
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            Some((folder_key(&name)?, name, e.path()))
        })
        .collect();
    dirs.sort();
    for (_, name, path) in dirs.into_iter().rev() {
        let Ok(text) = std::fs::read_to_string(path.join("raw.csv")) else { continue };
        let Ok(prev) = read_raw_csv(&text) else { continue };
        if !changes(rows, &prev).is_empty() {
            return Some(Previous { folder: format!("{}/{name}", out.display()), rows: prev });
        }
    }
    None
}

/// The ratio of every row to the same row (same corpus, engine, order and puzzle count) of an
/// earlier run.
#[must_use]
pub fn changes(rows: &[Row], prev: &[PrevRow]) -> Vec<Change> {
    rows.iter()
        .filter_map(|r| {
            let p = prev.iter().find(|p| {
                p.corpus == r.corpus
                    && p.engine == r.engine
                    && p.order == r.order
                    && p.puzzles == r.puzzles
            })?;
            let ratio = r.puzzles_per_sec / p.puzzles_per_sec.max(1e-12);
            let noise = r.spread.max(0.01);
            let flagged = ratio > 1.0 + noise || ratio < 1.0 / (1.0 + noise);
            Some(Change {
                key: (r.corpus.clone(), r.engine.clone(), r.order.clone()),
                ratio,
                noise,
                flagged,
            })
        })
        .collect()
}

/// `1234567.8` as `1,234,568`.
#[must_use]
pub fn grouped(v: f64) -> String {
    let digits = format!("{:.0}", v.abs());
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if v < 0.0 && digits != "0" { format!("-{out}") } else { out }
}

/// The rows of `engine` on `corpus` that are the fastest at their logic-solve rate or above,
/// highest rate first: no other row solves as many puzzles by logic and runs faster.
#[must_use]
pub fn fastest_by_rate<'a>(rows: &'a [Row], corpus: &str, engine: &str) -> Vec<&'a Row> {
    let mut here: Vec<&Row> =
        rows.iter().filter(|r| r.corpus == corpus && r.engine == engine).collect();
    here.sort_by(|a, b| {
        b.solved_logic.cmp(&a.solved_logic).then(b.puzzles_per_sec.total_cmp(&a.puzzles_per_sec))
    });
    let mut best = f64::NEG_INFINITY;
    let mut out = Vec::new();
    for r in here {
        if r.puzzles_per_sec > best {
            best = r.puzzles_per_sec;
            out.push(r);
        }
    }
    out
}

/// The answers of a run, against an earlier folder when one is given.
#[must_use]
pub fn answers(rows: &[Row], previous: Option<&Previous>) -> Answers {
    let mut sentences = Vec::new();
    let logic_engine =
        if rows.iter().any(|r| r.engine == "bitboard") { "bitboard" } else { "naive" };
    for c in corpora_of(rows) {
        let best = fastest_by_rate(rows, &c, logic_engine);
        if best.is_empty() {
            continue;
        }
        let parts: Vec<String> = best
            .iter()
            .map(|r| {
                format!(
                    "{} at {:.1}% solved by logic ({} puzzles/s)",
                    r.order,
                    r.solved_logic_pct,
                    grouped(r.puzzles_per_sec)
                )
            })
            .collect();
        let tail = if best.len() == 1 {
            " (no other order solves as many puzzles by logic faster)"
        } else {
            "; every other order is slower than one of these at the same or a higher rate"
        };
        sentences.push(format!(
            "Fastest order on {c} ({logic_engine} engine): {}{tail}.",
            parts.join("; ")
        ));
    }
    let ratios = engine_ratios(rows);
    if !ratios.is_empty() {
        let mut orders: Vec<String> = Vec::new();
        for (_, o, _, _) in &ratios {
            if !orders.contains(o) {
                orders.push(o.clone());
            }
        }
        let per: Vec<String> = orders
            .iter()
            .map(|o| {
                let g = geomean(
                    &ratios
                        .iter()
                        .filter(|x| &x.1 == o)
                        .map(|(_, _, b, n)| b / n.max(1e-12))
                        .collect::<Vec<_>>(),
                );
                format!("{o} {g:.1}x")
            })
            .collect();
        let all = geomean(&ratios.iter().map(|(_, _, b, n)| b / n.max(1e-12)).collect::<Vec<_>>());
        sentences.push(format!(
            "Bitboards over candidate lists (bitboard/naive puzzles/s, same order and puzzles, \
             geometric mean over the corpora): {}; geometric mean of all {} pairs {all:.1}x.",
            per.join(", "),
            ratios.len()
        ));
    }
    let brute: Vec<String> = rows
        .iter()
        .filter(|r| r.engine == "brute")
        .map(|r| format!("{} puzzles/s on {}", grouped(r.puzzles_per_sec), r.corpus))
        .collect();
    if !brute.is_empty() {
        sentences
            .push(format!("Brute force (counting solutions up to two): {}.", brute.join(", ")));
    }
    let mut found = Vec::new();
    match previous {
        Some(p) => {
            found = changes(rows, &p.rows);
            let g = geomean(&found.iter().map(|c| c.ratio).collect::<Vec<_>>());
            let flagged: Vec<String> = found
                .iter()
                .filter(|c| c.flagged)
                .map(|c| {
                    format!(
                        "{} {} on {} {:.2}x (noise {:.0}%)",
                        c.key.1,
                        c.key.2,
                        c.key.0,
                        c.ratio,
                        100.0 * c.noise
                    )
                })
                .collect();
            sentences.push(format!(
                "Since {} ({} rows on the same puzzles): geometric mean {g:.2}x as fast; {}.",
                p.folder,
                found.len(),
                if flagged.is_empty() {
                    "no row moved beyond this run's noise (the spread of its timed passes)"
                        .to_string()
                } else {
                    format!(
                        "{} beyond this run's noise (the spread of the row's timed passes): {}",
                        flagged.len(),
                        flagged.join(", ")
                    )
                }
            ));
        }
        None => sentences.push(
            "No earlier results folder measured the same puzzles, so there is nothing to compare \
             against yet."
                .to_string(),
        ),
    }
    Answers { sentences, changes: found }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(corpus: &str, engine: &str, order: &str, pps: f64, logic: usize) -> Row {
        Row {
            corpus: corpus.into(),
            engine: engine.into(),
            order: order.into(),
            order_ids: String::new(),
            granularity: "batch".into(),
            threads: 1,
            puzzles: 10,
            solved_logic: logic,
            fallback: 10 - logic,
            no_solution: 0,
            multiple_solutions: 0,
            solved_logic_pct: 10.0 * logic as f64,
            guesses_per_puzzle: 0.0,
            counted_share: 1.0,
            seconds: 10.0 / pps,
            puzzles_per_sec: pps,
            us_per_puzzle: 1e6 / pps,
            p50_us: 1.0,
            p90_us: 1.0,
            p99_us: 1.0,
            max_us: 1.0,
            parse_us_per_puzzle: 0.1,
            spread: 0.05,
            curve: Vec::new(),
        }
    }

    #[test]
    fn frontier_keeps_only_undominated_orders() {
        let rows = vec![
            row("c", "bitboard", "singles", 1000.0, 0),
            row("c", "bitboard", "seeds", 500.0, 5),
            row("c", "bitboard", "slowseeds", 100.0, 5),
            row("c", "bitboard", "hodoku", 50.0, 10),
            row("c", "bitboard", "all", 40.0, 10),
            row("c", "bitboard", "dominated", 30.0, 2),
        ];
        let names: Vec<&str> =
            fastest_by_rate(&rows, "c", "bitboard").iter().map(|r| r.order.as_str()).collect();
        assert_eq!(names, ["hodoku", "seeds", "singles"]);
    }

    #[test]
    fn sentences_and_changes() {
        let rows = vec![
            row("c", "bitboard", "seeds", 1000.0, 10),
            row("c", "naive", "seeds", 100.0, 10),
            row("c", "brute", "-", 12345.0, 0),
        ];
        let a = answers(&rows, None);
        let text = a.sentences.join("\n");
        assert!(text.contains("Fastest order on c (bitboard engine): seeds at 100.0%"), "{text}");
        assert!(text.contains("seeds 10.0x; geometric mean of all 1 pairs 10.0x"), "{text}");
        assert!(text.contains("12,345 puzzles/s on c"), "{text}");
        assert!(text.contains("nothing to compare"), "{text}");
        let prev = Previous {
            folder: "results/x".into(),
            rows: read_raw_csv(&rows_csv(&[
                row("c", "bitboard", "seeds", 500.0, 10),
                row("c", "naive", "seeds", 98.0, 10),
            ]))
            .unwrap(),
        };
        let a = answers(&rows, Some(&prev));
        assert_eq!(a.changes.len(), 2);
        assert!(a.changes[0].flagged && (a.changes[0].ratio - 2.0).abs() < 1e-9);
        assert!(!a.changes[1].flagged, "2% is inside the 5% spread");
        let last = a.sentences.last().unwrap();
        assert!(last.contains("Since results/x (2 rows") && last.contains("1 beyond"), "{last}");
        // A different puzzle count does not compare.
        let mut other = rows.clone();
        other[0].puzzles = 11;
        assert_eq!(changes(&other, &prev.rows).len(), 1);
    }

    #[test]
    fn numbers_and_folder_names() {
        assert_eq!(grouped(1_234_567.8), "1,234,568");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(grouped(0.2), "0");
        assert_eq!(folder_key("2026-11-26-204628-x"), Some(("2026-11-26".into(), "204628".into())));
        assert_eq!(folder_key("2026-11-26-bars"), Some(("2026-11-26".into(), "000000".into())));
        assert_eq!(folder_key("notes"), None);
    }
}
