//! Per-family time of the bitboard and naive engines (`families.csv`).

#[allow(unused_imports)]
use super::*;

/// Per-family time of the bitboard and naive engines for one (corpus, order).
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyRow {
    /// Corpus.
    pub corpus: String,
    /// Order.
    pub order: String,
    /// Family name (`other` = time outside technique calls).
    pub family: String,
    /// Bitboard nanoseconds (warm-up, with per-call clocks).
    pub bitboard_nanos: u64,
    /// Naive nanoseconds.
    pub naive_nanos: u64,
    /// Calls to the family's techniques, bitboard.
    pub bitboard_calls: u64,
    /// Calls, naive.
    pub naive_calls: u64,
}

impl FamilyRow {
    /// naive time / bitboard time (how many times faster the bitboard family is).
    #[must_use]
    pub fn ratio(&self) -> f64 {
        if self.bitboard_nanos == 0 {
            0.0
        } else {
            self.naive_nanos as f64 / self.bitboard_nanos as f64
        }
    }
}

/// Groups the technique rows of both logic engines by family, for every (corpus, order) that
/// both engines measured.
#[must_use]
pub fn family_rows(techs: &[TechRow]) -> Vec<FamilyRow> {
    let mut map: BTreeMap<(String, String, String), FamilyRow> = BTreeMap::new();
    let mut order_of_keys: Vec<(String, String, String)> = Vec::new();
    for t in techs.iter().filter(|t| t.engine == "bitboard" || t.engine == "naive") {
        let key = (t.corpus.clone(), t.order.clone(), t.family.clone());
        let row = map.entry(key.clone()).or_insert_with(|| {
            order_of_keys.push(key);
            FamilyRow {
                corpus: t.corpus.clone(),
                order: t.order.clone(),
                family: t.family.clone(),
                bitboard_nanos: 0,
                naive_nanos: 0,
                bitboard_calls: 0,
                naive_calls: 0,
            }
        });
        if t.engine == "bitboard" {
            row.bitboard_nanos += t.nanos;
            row.bitboard_calls += t.calls;
        } else {
            row.naive_nanos += t.nanos;
            row.naive_calls += t.calls;
        }
    }
    let both: Vec<(String, String)> = {
        let mut v = Vec::new();
        for (c, o, _) in &order_of_keys {
            let has =
                |e: &str| techs.iter().any(|t| &t.corpus == c && &t.order == o && t.engine == e);
            if has("bitboard") && has("naive") && !v.contains(&(c.clone(), o.clone())) {
                v.push((c.clone(), o.clone()));
            }
        }
        v
    };
    order_of_keys
        .into_iter()
        .filter(|(c, o, _)| both.contains(&(c.clone(), o.clone())))
        .filter_map(|k| map.remove(&k))
        .filter(|r| r.bitboard_calls + r.naive_calls > 0 || r.family == "other")
        .collect()
}

/// `families.csv`.
#[must_use]
pub fn families_csv(rows: &[FamilyRow]) -> String {
    let mut out = csv_line(
        &[
            "corpus",
            "order",
            "family",
            "bitboard_nanos",
            "naive_nanos",
            "bitboard_calls",
            "naive_calls",
            "naive_over_bitboard",
        ]
        .map(String::from),
    );
    for r in rows {
        out.push_str(&csv_line(&[
            r.corpus.clone(),
            r.order.clone(),
            r.family.clone(),
            r.bitboard_nanos.to_string(),
            r.naive_nanos.to_string(),
            r.bitboard_calls.to_string(),
            r.naive_calls.to_string(),
            f(r.ratio(), 2),
        ]));
    }
    out
}
