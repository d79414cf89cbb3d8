//! Whips and braids shown: the chain a W or B step uses, as text (Berthier's notation), as
//! a JSON object and as a diagram drawn like the chains of `hint --svg`. Used by
//! `hint --measure w|b` (the next step of the W or B resolution: BRT's singles, then the
//! shortest chain) and `classify --show w|b` (the whole resolution path, one chain a line).
//!
//! Kept apart from `cmd_hint.rs`, `json.rs` and the explain page so that those stay as they
//! are; the chain itself comes from `bitdoku_classify::proof`.

use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, House};
use bitdoku_classify::chains::Kind;
use bitdoku_classify::proof::{self, ChainProof, Variable, linked};
use bitdoku_classify::{Budget, Grid, OverBudget};
use bitdoku_render::{ChainGraph, graph_svg};
use bitdoku_strategies::{ChainNode, Evidence};
use serde::Serialize;

/// Parses `w` (whips) or `b` (braids) for `--measure` and `--show`.
pub fn parse_kind(s: &str) -> Result<Kind, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "w" | "whip" | "whips" => Ok(Kind::Whip),
        "b" | "braid" | "braids" => Ok(Kind::Braid),
        _ => Err(format!("{s:?}: expected w (whips) or b (braids)")),
    }
}

/// The next W or B step of a state: BRT's singles, then the shortest chain.
pub struct NextChain {
    /// The state after BRT (the chain's state).
    pub grid: Grid,
    /// Cells BRT decided (naked and hidden singles) before the chain.
    pub singles: u32,
    /// The shortest chain; `None` when BRT solves the state or no chain of length at most
    /// the limit exists.
    pub proof: Option<ChainProof>,
}

/// Closes `state` under BRT and finds its shortest `kind` chain (up to `max_length`).
/// `solution`: the unique solution, if known (its candidates are not tried). `None` when
/// BRT meets a contradiction.
pub fn next_chain(
    state: &Candidates,
    solution: Option<&[u8; 81]>,
    kind: Kind,
    max_length: u32,
    budget: &mut Budget,
) -> Option<Result<NextChain, OverBudget>> {
    let grid = Grid::from_candidates(state)?;
    let before = Cell::all().filter(|&c| state.value(c).is_some()).count() as u32;
    let singles = 81 - grid.unsolved().count_ones() - before;
    if grid.is_solved() {
        return Some(Ok(NextChain { grid, singles, proof: None }));
    }
    let skip = solution.map(bitdoku_classify::te::solution_masks);
    Some(proof::shortest(&grid, kind, max_length, skip.as_ref(), budget).map(|proof| NextChain {
        grid,
        singles,
        proof,
    }))
}

/// What `hint --measure` asks for.
pub struct Measured {
    /// Whips or braids.
    pub kind: Kind,
    /// The longest chain tried.
    pub max_length: u32,
    /// The per-puzzle budget (`--budget` nodes are chain-search units here).
    pub budget: bitdoku_engine::Budget,
    /// The unique solution, when there is one.
    pub solution: Option<[u8; 81]>,
}

/// `hint --measure`'s row.
#[derive(Serialize)]
struct HintChainRow {
    line: usize,
    puzzle: String,
    /// step, solved (BRT solves it), no_step (no chain within the limit), over_budget.
    status: &'static str,
    /// Cells BRT decided before the chain.
    singles: u32,
    chain: Option<ChainRow>,
    error: Option<String>,
}

/// The output of `hint --measure` for one valid puzzle with a solution (`shown`: the
/// puzzle as echoed), writing the diagram to `svg` when asked and a chain was found.
pub fn hint_line(
    number: usize,
    state: &Candidates,
    shown: String,
    m: &Measured,
    as_json: bool,
    svg_path: Option<std::path::PathBuf>,
) -> anyhow::Result<crate::bulk::Processed> {
    use crate::bulk::Kind as Out;
    let name = match m.kind {
        Kind::Whip => "whip",
        Kind::Braid => "braid",
    };
    let mut budget = Budget::new(m.budget.nodes, m.budget.time);
    let row = |status, singles, chain: Option<&ChainProof>, error: Option<String>| {
        let r = HintChainRow {
            line: number,
            puzzle: shown.clone(),
            status,
            singles,
            chain: chain.map(ChainRow::of),
            error,
        };
        serde_json::to_string(&r).expect("plain data")
    };
    let Some(found) = next_chain(state, m.solution.as_ref(), m.kind, m.max_length, &mut budget)
    else {
        let msg = "no solution (BRT meets a contradiction)".to_string();
        let text = if as_json { row("no_solution", 0, None, Some(msg)) } else { msg };
        return Ok(Some((text, Out::NoSolution)));
    };
    let next = match found {
        Ok(n) => n,
        Err(OverBudget) => {
            let msg = format!("error: line {number}: budget reached before a {name} was found");
            let text = if as_json { row("over_budget", 0, None, Some(msg)) } else { msg };
            return Ok(Some((text, Out::OverBudget)));
        }
    };
    let singles = next.singles;
    Ok(Some(match &next.proof {
        Some(p) => {
            if let Some(f) = &svg_path {
                std::fs::write(f, svg(&next.grid, state.givens(), p))
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", f.display()))?;
            }
            let text = if as_json {
                row("step", singles, Some(p), None)
            } else if singles > 0 {
                format!("after {singles} singles: {p}")
            } else {
                p.to_string()
            };
            (text, Out::Solved)
        }
        None if next.grid.is_solved() => {
            let text = if as_json {
                row("solved", singles, None, None)
            } else {
                format!("BRT solves it ({singles} singles), no {name} needed")
            };
            (text, Out::Solved)
        }
        None => {
            let msg = format!("no {name} of length at most {}", m.max_length);
            let text = if as_json { row("no_step", singles, None, Some(msg)) } else { msg };
            (text, Out::Stuck)
        }
    }))
}

/// The grid as a bitboard state for drawing: the grid's candidates and decided cells, with
/// `givens` (the puzzle's) shown as givens.
pub fn drawn_state(grid: &Grid, givens: CellSet) -> Candidates {
    let g = grid.to_candidates();
    Candidates::from_parts(*g.masks(), *g.placed_masks(), givens)
}

fn node(x: usize) -> ChainNode {
    let cell = Cell::new_unchecked((x % 81) as u8);
    ChainNode::new(Digit::new_unchecked((x / 81) as u8), CellSet::single(cell))
}

/// The chain as nodes and links: the target, then per variable its left-linking candidate
/// (a dashed, weak link from the candidate it is linked to: the previous right-linking
/// candidate for a whip, the latest one linked for a braid) and its right-linking candidate
/// (a solid link inside the variable, whose other candidates are all linked out).
pub fn graph(p: &ChainProof) -> ChainGraph {
    let mut g = ChainGraph { nodes: vec![node(p.target)], links: Vec::new() };
    // Node index of the target and of each right-linking candidate.
    let mut asserted: Vec<(usize, usize)> = vec![(p.target, 0)];
    for link in &p.links {
        let from = match p.kind {
            Kind::Whip => asserted.last().map(|&(_, i)| i),
            Kind::Braid => {
                asserted.iter().rev().find(|&&(a, _)| linked(a, link.left)).map(|&(_, i)| i)
            }
        }
        .unwrap_or(0);
        g.nodes.push(node(link.left));
        let left = g.nodes.len() - 1;
        g.links.push((from, left, false));
        if let Some(r) = link.right {
            g.nodes.push(node(r));
            let right = g.nodes.len() - 1;
            g.links.push((left, right, true));
            asserted.push((r, right));
        }
    }
    g
}

/// The chain's diagram on `grid` (its state), with `givens` shown as givens: the target
/// struck, cell variables outlined as pattern cells, the houses of house variables shaded
/// as base houses, the chain drawn like a step's chain.
pub fn svg(grid: &Grid, givens: CellSet, p: &ChainProof) -> String {
    let state = drawn_state(grid, givens);
    let (d, c) = p.target_digit_cell();
    let mut eliminations = [CellSet::EMPTY; 9];
    eliminations[d] = CellSet::single(Cell::new_unchecked(c as u8));
    let mut evidence = Evidence::default();
    for link in &p.links {
        match link.variable {
            Variable::Cell(cell) => {
                evidence.cells |= CellSet::single(Cell::new_unchecked(cell));
            }
            Variable::House { house, .. } => {
                if let Some(h) = House::new(house) {
                    evidence.base = evidence.base.with(h);
                }
            }
        }
    }
    graph_svg(&state, &p.to_string(), &eliminations, &evidence, &graph(p))
}

/// One variable of a chain in JSON.
#[derive(Serialize)]
pub struct LinkRow {
    /// `r1c2`, `r1n3`, `c5n1`, `b8n4`.
    pub variable: String,
    /// The left-linking candidate, `r1c2=3`.
    pub left: String,
    /// The right-linking candidate (`null` for the last variable).
    pub right: Option<String>,
}

/// A chain in JSON.
#[derive(Serialize)]
pub struct ChainRow {
    /// `whip` or `braid`.
    pub kind: &'static str,
    /// Its number of variables.
    pub length: usize,
    /// The eliminated candidate, `r5c5<>3`.
    pub eliminates: String,
    /// The whole chain in Berthier's notation.
    pub text: String,
    /// The variables in order.
    pub variables: Vec<LinkRow>,
}

impl ChainRow {
    /// The row of `p`.
    pub fn of(p: &ChainProof) -> ChainRow {
        let (d, c) = p.target_digit_cell();
        ChainRow {
            kind: match p.kind {
                Kind::Whip => "whip",
                Kind::Braid => "braid",
            },
            length: p.len(),
            eliminates: format!("{}<>{}", Cell::new_unchecked(c as u8), d + 1),
            text: p.to_string(),
            variables: p
                .links
                .iter()
                .map(|l| LinkRow {
                    variable: l.variable.name(),
                    left: proof::candidate_name(l.left),
                    right: l.right.map(proof::candidate_name),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whip_graph_and_picture_follow_the_chain() {
        let p = bitdoku_bitboard::parse_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap()
        .unwrap();
        let state = p.candidates();
        let (_, sol) = bitdoku_brute::count_solutions(&state.search_masks(), 2);
        let sol = sol.unwrap().0;
        let next = next_chain(&state, Some(&sol), Kind::Whip, 12, &mut Budget::unlimited())
            .expect("no contradiction")
            .expect("no budget");
        let proof = next.proof.expect("a whip");
        proof.verify(&next.grid).expect("valid");
        let g = graph(&proof);
        // Target, then left and right per variable but the last.
        assert_eq!(g.nodes.len(), 2 * proof.len());
        assert_eq!(g.links.len(), 2 * proof.len() - 1);
        assert_eq!(g.links.iter().filter(|l| l.2).count(), proof.len() - 1);
        let picture = svg(&next.grid, state.givens(), &proof);
        assert_eq!(picture.matches("data-effect=\"eliminate\"").count(), 1);
        assert_eq!(picture.matches("data-link=\"weak\"").count(), proof.len());
        assert!(picture.contains("whip["));
        let row = ChainRow::of(&proof);
        assert_eq!(row.variables.len(), proof.len());
        assert!(row.variables.last().unwrap().right.is_none());
    }
}
