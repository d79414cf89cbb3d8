//! The SVG step diagram.

use bitdoku_bitboard::{Candidates, Cell, CellSet, HouseKind, HouseSet};
use bitdoku_strategies::Step;
use std::fmt::Write as _;

/// Pixels per cell.
const CELL: f64 = 54.0;
/// Margin around the grid.
const MARGIN: f64 = 12.0;
/// Height of the legend under the grid.
const LEGEND: f64 = 96.0;

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn xy(cell: Cell) -> (f64, f64) {
    (MARGIN + cell.col() as f64 * CELL, MARGIN + cell.row() as f64 * CELL)
}

/// Shades every house of `houses` (`role` = base or cover).
fn houses(out: &mut String, houses: HouseSet, role: &str, fill: &str) {
    for h in houses.iter() {
        let n = h.number() as f64;
        let (x, y, w, hgt) = match h.kind() {
            HouseKind::Row => (0.0, n, 9.0, 1.0),
            HouseKind::Col => (n, 0.0, 1.0, 9.0),
            HouseKind::Box => {
                ((h.number() % 3) as f64 * 3.0, (h.number() / 3) as f64 * 3.0, 3.0, 3.0)
            }
        };
        let _ = writeln!(
            out,
            r#"<rect data-role="{role}" data-house="{h}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}" fill-opacity="0.35"/>"#,
            MARGIN + x * CELL,
            MARGIN + y * CELL,
            w * CELL,
            hgt * CELL
        );
    }
}

/// Tints the cells of `cells` (`role` = pattern, fin, pivot or pincer).
fn cells(out: &mut String, cells: CellSet, role: &str, fill: &str) {
    for cell in cells {
        let (x, y) = xy(cell);
        let _ = writeln!(
            out,
            r#"<rect data-role="{role}" data-cell="{cell}" x="{:.1}" y="{:.1}" width="{CELL}" height="{CELL}" fill="{fill}" fill-opacity="0.55"/>"#,
            x + 1.0,
            y + 1.0
        );
    }
}

/// The diagram of `step` on `state` (the state before the step), as a standalone SVG
/// document with a legend.
#[must_use]
pub fn step_svg(state: &Candidates, step: &Step) -> String {
    diagram(state, step, true)
}

/// [`step_svg`] without the legend, for a page that shows [`legend_svg`] once above all its
/// diagrams.
#[must_use]
pub fn step_svg_bare(state: &Candidates, step: &Step) -> String {
    diagram(state, step, false)
}

/// The legend of the diagrams, as its own SVG document.
#[must_use]
pub fn legend_svg() -> String {
    let size = 2.0 * MARGIN + 9.0 * CELL;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{LEGEND}" viewBox="0 0 {size} {LEGEND}" font-family="sans-serif" role="img" aria-label="legend">"#
    );
    out.push('\n');
    legend(&mut out, 0.0);
    out.push_str("</svg>\n");
    out
}

/// A chain drawn as nodes and links that need not follow one line: a braid's left-linking
/// candidates hang on the target or any earlier right-linking candidate. Link `(a, b,
/// strong)` joins `nodes[a]` to `nodes[b]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChainGraph {
    /// The nodes (rings).
    pub nodes: Vec<bitdoku_strategies::ChainNode>,
    /// The links: from, to, strong.
    pub links: Vec<(usize, usize, bool)>,
}

/// The diagram of a deduction found outside the registry (a whip or braid of Berthier's
/// classification) on `state`: `title`, the eliminations struck, the evidence's cells and
/// houses shaded as for a step, and `graph` drawn like a step's chain.
#[must_use]
pub fn graph_svg(
    state: &Candidates,
    title: &str,
    eliminations: &[CellSet; 9],
    evidence: &bitdoku_strategies::Evidence,
    graph: &ChainGraph,
) -> String {
    let placements = [CellSet::EMPTY; 9];
    let what = Drawn { title, placements: &placements, eliminations, evidence, step: None };
    draw(state, &what, Some(graph), true)
}

/// What a diagram shows.
struct Drawn<'a> {
    title: &'a str,
    placements: &'a [CellSet; 9],
    eliminations: &'a [CellSet; 9],
    evidence: &'a bitdoku_strategies::Evidence,
    /// The registry step, for a forcing step's proof.
    step: Option<&'a Step>,
}

fn diagram(state: &Candidates, step: &Step, with_legend: bool) -> String {
    let title = step.explain();
    let what = Drawn {
        title: &title,
        placements: &step.placements,
        eliminations: &step.eliminations,
        evidence: &step.evidence,
        step: Some(step),
    };
    draw(state, &what, None, with_legend)
}

fn draw(state: &Candidates, what: &Drawn, graph: Option<&ChainGraph>, with_legend: bool) -> String {
    let size = 2.0 * MARGIN + 9.0 * CELL;
    let legend_h = if with_legend { LEGEND } else { 0.0 };
    let e = what.evidence;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{}" viewBox="0 0 {size} {}" font-family="sans-serif" role="img" aria-label="{}">"#,
        size + legend_h,
        size + legend_h,
        esc(what.title)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(what.title));
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{size}" height="{}" fill="#ffffff"/>"##,
        size + legend_h
    );
    houses(&mut out, e.base, "base", "#9ecae9");
    houses(&mut out, e.cover, "cover", "#ffbf79");
    let special = e.fins | e.pivot | e.pincers;
    cells(&mut out, e.cells - special, "pattern", "#fff3a0");
    cells(&mut out, e.pivot, "pivot", "#8cd17d");
    cells(&mut out, e.pincers - e.pivot, "pincer", "#b6e3a8");
    cells(&mut out, e.fins, "fin", "#d4a6c8");
    // Grid lines: thin for cells, thick for boxes.
    for i in 0..=9 {
        let p = MARGIN + i as f64 * CELL;
        let w = if i % 3 == 0 { 2.5 } else { 0.8 };
        let end = MARGIN + 9.0 * CELL;
        let _ = writeln!(
            out,
            r##"<line x1="{p}" y1="{MARGIN}" x2="{p}" y2="{end}" stroke="#333" stroke-width="{w}"/>"##
        );
        let _ = writeln!(
            out,
            r##"<line x1="{MARGIN}" y1="{p}" x2="{end}" y2="{p}" stroke="#333" stroke-width="{w}"/>"##
        );
    }
    for cell in Cell::all() {
        let (x, y) = xy(cell);
        if let Some(v) = state.value(cell) {
            let given = state.givens().contains(cell);
            let (color, weight, kind) =
                if given { ("#111111", "bold", "given") } else { ("#1f5fbf", "normal", "placed") };
            let _ = writeln!(
                out,
                r#"<text data-value="{kind}" data-cell="{cell}" x="{:.1}" y="{:.1}" font-size="34" font-weight="{weight}" fill="{color}" text-anchor="middle">{v}</text>"#,
                x + CELL / 2.0,
                y + CELL * 0.72
            );
            continue;
        }
        for d in state.digits_at(cell).iter() {
            let k = d.index();
            let cx = x + (k % 3) as f64 * CELL / 3.0 + CELL / 6.0;
            let cy = y + (k / 3) as f64 * CELL / 3.0 + CELL / 6.0;
            let eliminated = what.eliminations[k].contains(cell);
            let placed = what.placements[k].contains(cell);
            if placed {
                let _ = writeln!(
                    out,
                    r##"<circle data-effect="place" data-cell="{cell}" data-digit="{d}" cx="{cx:.1}" cy="{cy:.1}" r="8.5" fill="#59a14f" fill-opacity="0.35" stroke="#2e7d32" stroke-width="1.5"/>"##
                );
            }
            let color = if eliminated {
                "#d62728"
            } else if placed {
                "#1b5e20"
            } else {
                "#555555"
            };
            let _ = writeln!(
                out,
                r#"<text x="{cx:.1}" y="{:.1}" font-size="13" fill="{color}" text-anchor="middle">{d}</text>"#,
                cy + 4.5
            );
            if eliminated {
                let _ = writeln!(
                    out,
                    r##"<line data-effect="eliminate" data-cell="{cell}" data-digit="{d}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#d62728" stroke-width="2"/>"##,
                    cx - 7.0,
                    cy + 6.0,
                    cx + 7.0,
                    cy - 6.0
                );
            }
        }
    }
    let c = &e.chain;
    let line_links = (0..c.link_count()).map(|i| (i, (i + 1) % c.nodes().len(), c.is_strong(i)));
    chain(&mut out, c.nodes(), line_links);
    if let Some(g) = graph {
        chain(&mut out, &g.nodes, g.links.iter().copied());
    }
    if let Some(step) = what.step {
        forcing(&mut out, state, step);
    }
    if with_legend {
        legend(&mut out, size);
    }
    out.push_str("</svg>\n");
    out
}

/// The pencil-mark position of `digit` in `cell`.
fn mark_xy(cell: Cell, digit: usize) -> (f64, f64) {
    let (x, y) = xy(cell);
    (
        x + (digit % 3) as f64 * CELL / 3.0 + CELL / 6.0,
        y + (digit / 3) as f64 * CELL / 3.0 + CELL / 6.0,
    )
}

/// The centre of a chain node: its digit's pencil mark, averaged over a group's cells.
fn node_xy(node: &bitdoku_strategies::ChainNode) -> (f64, f64) {
    let cells = node.cells();
    let n = cells.len().max(1) as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(sx, sy), c| {
        let (x, y) = mark_xy(c, node.digit().index());
        (sx + x, sy + y)
    });
    (sx / n, sy / n)
}

/// A chain or loop: a ring round each node's candidates (`data-role="chain-node"`), a solid
/// line per strong link and a dashed one per weak link (`data-link`), with an arrow head.
/// `links` are (from, to, strong) over `nodes`.
fn chain(
    out: &mut String,
    nodes: &[bitdoku_strategies::ChainNode],
    links: impl Iterator<Item = (usize, usize, bool)>,
) {
    if nodes.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#6a3d9a"/></marker></defs>"##
    );
    for node in nodes {
        for cell in node.cells().iter() {
            let (cx, cy) = mark_xy(cell, node.digit().index());
            let _ = writeln!(
                out,
                r##"<circle data-role="chain-node" data-cell="{cell}" data-digit="{}" cx="{cx:.1}" cy="{cy:.1}" r="8" fill="none" stroke="#6a3d9a" stroke-width="1.6"/>"##,
                node.digit()
            );
        }
    }
    for (a, b, strong) in links {
        let ((x1, y1), (x2, y2)) = (node_xy(&nodes[a]), node_xy(&nodes[b]));
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        // Stop short of the rings so the digits stay readable.
        let (ux, uy) = (dx / len * 8.0, dy / len * 8.0);
        let (kind, dash) =
            if strong { ("strong", "") } else { ("weak", r#" stroke-dasharray="5 4""#) };
        let _ = writeln!(
            out,
            r##"<line data-link="{kind}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#6a3d9a" stroke-width="1.8"{dash} marker-end="url(#arrow)"/>"##,
            x1 + ux,
            y1 + uy,
            x2 - ux,
            y2 - uy
        );
    }
}

/// A forcing step's proof (re-derived from the state before the step): a ring round every
/// candidate its branches set on (green, `data-role="forcing-on"`) or off (red, dashed,
/// `data-role="forcing-off"`), so the diagram shows the chains and not only their target.
fn forcing(out: &mut String, state: &Candidates, step: &Step) {
    use bitdoku_strategies::forcing::proof;
    if !step.evidence.forcing.is_some() || proof::rules_of(step.technique).is_none() {
        return;
    }
    let Ok(p) = proof::derive(state, step) else { return };
    let mut seen = std::collections::BTreeSet::new();
    for branch in &p.branches {
        for node in &branch.nodes {
            let lit = node.lit;
            if !seen.insert((lit.candidate(), lit.is_on())) {
                continue;
            }
            let (cx, cy) = mark_xy(lit.cell(), lit.digit().index());
            let (role, color, dash) = if lit.is_on() {
                ("forcing-on", "#2e7d32", "")
            } else {
                ("forcing-off", "#d62728", r#" stroke-dasharray="3 2""#)
            };
            let _ = writeln!(
                out,
                r##"<circle data-role="{role}" data-cell="{}" data-digit="{}" cx="{cx:.1}" cy="{cy:.1}" r="7.5" fill="none" stroke="{color}" stroke-width="1.4"{dash}/>"##,
                lit.cell(),
                lit.digit()
            );
        }
    }
}

fn legend(out: &mut String, top: f64) {
    let items = [
        ("#9ecae9", "base house"),
        ("#ffbf79", "cover house"),
        ("#fff3a0", "pattern cell"),
        ("#d4a6c8", "fin"),
        ("#8cd17d", "pivot"),
        ("#b6e3a8", "pincer"),
        ("#6a3d9a", "chain: solid = strong link, dashed = weak"),
        ("#2e7d32", "forcing: ring = set on"),
        ("#d62728", "forcing: dashed ring = set off"),
    ];
    for (i, (fill, label)) in items.iter().enumerate() {
        let x = MARGIN + (i % 3) as f64 * 170.0;
        let y = top + 6.0 + (i / 3) as f64 * 22.0;
        let _ = writeln!(out, r#"<rect x="{x}" y="{y}" width="14" height="14" fill="{fill}"/>"#);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="13">{label}</text>"#,
            x + 20.0,
            y + 12.0
        );
    }
    let y = top + 84.0;
    let _ = writeln!(
        out,
        r##"<text x="{MARGIN}" y="{y}" font-size="13"><tspan fill="#d62728">red struck: eliminated</tspan>   <tspan fill="#2e7d32">green circle: placed</tspan>   <tspan font-weight="bold">bold: given</tspan>   <tspan fill="#1f5fbf">blue: solved</tspan></text>"##
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_strategies::Family;

    /// Every family's steps along real solution paths (the `all` preset, single steps, on the
    /// state before each step): the highlighted cells, effects and chain links are the evidence.
    #[test]
    fn highlighted_cells_equal_the_evidence_for_every_family() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../datasets/magictour_top1465.txt"
        ))
        .expect("bundled corpus");
        let mut o = bitdoku_engine::Options::new(bitdoku_engine::Order::parse("all").unwrap());
        o.trace = true;
        o.granularity = bitdoku_engine::Granularity::Single;
        let engine = bitdoku_engine::Engine::new(o);
        let mut families_seen = std::collections::BTreeSet::new();
        // Families with a technique in `all` (a family whose rows are still to come is not).
        let present: Vec<Family> = Family::ALL
            .iter()
            .copied()
            .filter(|&f| f != Family::Fallback)
            .filter(|&f| bitdoku_strategies::registry::all().any(|t| t.family == f))
            .collect();
        let wanted = present.len();
        // Colouring first fires on puzzle 250 of the `all` path (the 250 puzzles before it
        // took 15 s of CPU): the first 60 puzzles, then from puzzle 240 on, stopping once every
        // family is seen.
        let lines: Vec<&str> = text.lines().collect();
        for line in lines[..60].iter().chain(&lines[240..400]) {
            if families_seen.len() == wanted {
                break;
            }
            let start = bitdoku_bitboard::parse_line(line).unwrap().unwrap().candidates();
            let out = engine.solve(&start);
            let mut state = start;
            for step in &out.steps {
                let family = step.technique.family();
                if family != Family::Fallback {
                    families_seen.insert(family);
                    check(&state, step);
                }
                step.apply(&mut state);
            }
        }
        for f in &present {
            assert!(families_seen.contains(f), "{f:?} never drawn");
        }
    }

    fn check(state: &Candidates, step: &Step) {
        let id = step.technique;
        let svg = step_svg(state, step);
        let e = &step.evidence;
        let roles = |role: &str| -> CellSet {
            svg.lines()
                .filter(|l| l.contains(&format!("data-role=\"{role}\"")))
                .filter_map(|l| l.split("data-cell=\"").nth(1)?.split('"').next())
                .map(|s| Cell::all().find(|c| c.to_string() == s).expect("cell"))
                .collect()
        };
        let special = e.fins | e.pivot | e.pincers;
        assert_eq!(roles("pattern"), e.cells - special, "{id}");
        assert_eq!(roles("fin"), e.fins, "{id}");
        assert_eq!(roles("pivot"), e.pivot, "{id}");
        assert_eq!(roles("pincer"), e.pincers - e.pivot, "{id}");
        let struck = svg.matches("data-effect=\"eliminate\"").count() as u32;
        let gone: u32 = (0..9).map(|d| (step.eliminations[d] & state.masks()[d]).len()).sum();
        assert_eq!(struck, gone, "{id}");
        let placed = svg.matches("data-effect=\"place\"").count() as u32;
        assert_eq!(placed, step.placements.iter().map(|m| m.len()).sum::<u32>(), "{id}");
        assert_eq!(svg.matches("data-role=\"base\"").count(), e.base.iter().count(), "{id}");
        assert_eq!(svg.matches("data-role=\"cover\"").count(), e.cover.iter().count(), "{id}");
        let c = &e.chain;
        let strong = (0..c.link_count()).filter(|&i| c.is_strong(i)).count();
        assert_eq!(svg.matches("data-link=\"strong\"").count(), strong, "{id}");
        assert_eq!(svg.matches("data-link=\"weak\"").count(), c.link_count() - strong, "{id}");
        let rings: usize = c.nodes().iter().map(|n| n.cells().len() as usize).sum();
        assert_eq!(svg.matches("data-role=\"chain-node\"").count(), rings, "{id}");
        // A forcing step draws its proof's candidates, not only the target.
        if e.forcing.is_some() && bitdoku_strategies::forcing::proof::rules_of(id).is_some() {
            let proof = bitdoku_strategies::forcing::proof::derive(state, step).expect("proof");
            let lits: std::collections::BTreeSet<_> = proof
                .branches
                .iter()
                .flat_map(|b| b.nodes.iter().map(|n| (n.lit.candidate(), n.lit.is_on())))
                .collect();
            let drawn = svg.matches("data-role=\"forcing-on\"").count()
                + svg.matches("data-role=\"forcing-off\"").count();
            assert_eq!(drawn, lits.len(), "{id}");
            assert!(drawn > 1, "{id}: more than the target");
        }
        // The bare diagram is the same picture without the legend.
        let bare = step_svg_bare(state, step);
        assert!(svg.contains("red struck: eliminated") && !bare.contains("red struck: eliminated"));
        assert_eq!(bare.matches("data-effect=").count(), svg.matches("data-effect=").count());
    }
}
