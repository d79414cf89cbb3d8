//! The SVG charts of a run: throughput, latency curves, time share per family.

#[allow(unused_imports)]
use super::*;
use bitdoku_strategies::Family;

pub(crate) fn engine_color(engine: &str, k: usize) -> String {
    let base = match engine {
        "bitboard" => ["#1f4e79", "#2e75b6", "#5b9bd5", "#9dc3e6", "#4e79a7", "#76b7b2"],
        "naive" => ["#c55a11", "#ed7d31", "#f4b183", "#f8cbad", "#f28e2b", "#edc948"],
        _ => ["#595959", "#7f7f7f", "#a5a5a5", "#bfbfbf", "#595959", "#7f7f7f"],
    };
    base[k % base.len()].to_string()
}

/// Latency curves: one colour per order (shared by both logic engines, which differ by dash),
/// black for brute force.
pub(crate) fn order_color(rows: &[Row], r: &Row) -> String {
    if r.engine == "brute" {
        return "#222222".to_string();
    }
    let mut orders: Vec<&str> = Vec::new();
    for x in rows.iter().filter(|x| x.engine != "brute") {
        if !orders.contains(&x.order.as_str()) {
            orders.push(&x.order);
        }
    }
    let k = orders.iter().position(|o| *o == r.order).unwrap_or(0);
    svg::PALETTE[k % svg::PALETTE.len()].to_string()
}

pub(crate) fn corpora_of(rows: &[Row]) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for r in rows {
        if !v.contains(&r.corpus) {
            v.push(r.corpus.clone());
        }
    }
    v
}

pub(crate) fn series_label(r: &Row) -> String {
    if r.engine == "brute" { "brute".to_string() } else { format!("{} {}", r.engine, r.order) }
}

pub(crate) fn order_index(rows: &[Row], r: &Row) -> usize {
    let mut orders: Vec<&str> = Vec::new();
    for x in rows.iter().filter(|x| x.engine == r.engine) {
        if !orders.contains(&x.order.as_str()) {
            orders.push(&x.order);
        }
    }
    orders.iter().position(|o| *o == r.order).unwrap_or(0)
}

/// `throughput.svg`: puzzles/s per engine and order, one panel per corpus.
#[must_use]
pub fn throughput_svg(rows: &[Row]) -> String {
    let panels: Vec<Panel<Bar>> = corpora_of(rows)
        .into_iter()
        .map(|c| Panel {
            items: rows
                .iter()
                .filter(|r| r.corpus == c)
                .map(|r| Bar {
                    label: series_label(r),
                    value: r.puzzles_per_sec,
                    color: engine_color(&r.engine, order_index(rows, r)),
                })
                .collect(),
            title: c,
        })
        .collect();
    svg::log_bar_chart("Throughput per engine and order", "puzzles/s", &panels)
}

/// `latency.svg`: percentile curves, one panel per corpus.
#[must_use]
pub fn latency_svg(rows: &[Row]) -> String {
    let panels: Vec<Panel<Series>> = corpora_of(rows)
        .into_iter()
        .map(|c| Panel {
            items: rows
                .iter()
                .filter(|r| r.corpus == c)
                .map(|r| Series {
                    label: series_label(r),
                    color: order_color(rows, r),
                    dash: match r.engine.as_str() {
                        "naive" => "7,4".to_string(),
                        "brute" => "2,3".to_string(),
                        _ => String::new(),
                    },
                    points: r.curve.clone(),
                })
                .collect(),
            title: c,
        })
        .collect();
    svg::percentile_chart(
        "Latency per puzzle (timed pass; solid: bitboard, dashed: naive, dotted: brute)",
        &panels,
    )
}

/// The families in drawing order, with their colours.
#[must_use]
pub fn family_legend() -> Vec<(String, String)> {
    Family::ALL
        .iter()
        .map(|&f| (f.as_str().to_string(), family_color(f).to_string()))
        .chain(std::iter::once(("other".to_string(), OTHER_COLOR.to_string())))
        .collect()
}

/// The colour of time spent outside technique calls (`other`).
pub const OTHER_COLOR: &str = "#bab0ac";

/// A family's chart colour. The match is exhaustive: a new family does not compile until it
/// has a colour, so it can never vanish from the time-share chart.
#[must_use]
pub fn family_color(family: Family) -> &'static str {
    match family {
        Family::Singles => "#4e79a7",
        Family::Intersections => "#f28e2b",
        Family::Subsets => "#e15759",
        Family::Fish => "#76b7b2",
        Family::SingleDigit => "#59a14f",
        Family::Wings => "#edc948",
        Family::Uniqueness => "#b07aa1",
        Family::Coloring => "#ff9da7",
        Family::Chains => "#d37295",
        Family::Als => "#d7b5a6",
        Family::Forcing => "#a0cbe8",
        Family::Fallback => "#9c755f",
    }
}

/// `timeshare.svg`: time share per family for every logic (engine, order), one panel per corpus.
#[must_use]
pub fn timeshare_svg(techs: &[TechRow]) -> String {
    let legend = family_legend();
    let mut corpora: Vec<String> = Vec::new();
    for t in techs {
        if !corpora.contains(&t.corpus) {
            corpora.push(t.corpus.clone());
        }
    }
    let panels: Vec<Panel<Stack>> = corpora
        .into_iter()
        .map(|c| {
            let mut keys: Vec<(String, String)> = Vec::new();
            for t in techs.iter().filter(|t| t.corpus == c) {
                let k = (t.engine.clone(), t.order.clone());
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
            let items = keys
                .into_iter()
                .map(|(e, o)| {
                    let segments = legend
                        .iter()
                        .map(|(fam, _)| {
                            let share: f64 = techs
                                .iter()
                                .filter(|t| {
                                    t.corpus == c
                                        && t.engine == e
                                        && t.order == o
                                        && &t.family == fam
                                })
                                .map(|t| t.time_share)
                                .sum();
                            (fam.clone(), share)
                        })
                        .filter(|(_, s)| *s > 0.0)
                        .collect();
                    Stack { label: format!("{e} {o}"), segments }
                })
                .collect();
            Panel { title: c, items }
        })
        .collect();
    svg::stacked_chart("Share of solve time per technique family (warm-up pass)", &legend, &panels)
}
