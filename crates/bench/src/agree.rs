//! Agreement of the bitboard and naive engines, state by state (`bench agree`).
//!
//! For every puzzle both engines start from the same grid and take batch steps side by side:
//! [`Engine::step_batch`](bitdoku_engine::Engine::step_batch) and
//! [`NaiveEngine::step`](bitdoku_naive::NaiveEngine::step), with uniqueness techniques allowed
//! iff the puzzle has exactly one solution (`count_solutions(masks, 2).0 == 1`). After each step
//! the technique that fired and the whole state (candidate masks and placed masks of all nine
//! digits) must be equal. The first difference ends that puzzle and counts one divergence; the
//! first divergence of the run is kept with everything needed to reproduce it: the puzzle line,
//! the step number, the state before the step as a 729-character line, and what each engine's
//! technique(s) found on that state.
//!
//! The initial states are compared too (state 0), so a difference in how givens are sieved
//! shows up before any technique runs.

use crate::corpus::Entry;
use crate::orders::id_strings;
use bitdoku_bitboard::{Candidates, CellSet, Puzzle, to_candidate_line};
use bitdoku_engine::{Engine, Options, Order};
use bitdoku_naive::{NaiveEngine, NaiveGrid};
use bitdoku_strategies::{TechniqueId, Union, registry};
use std::fmt;

/// The first divergence of a run.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// 1-based line of the puzzle in its file.
    pub line: usize,
    /// The puzzle as written.
    pub puzzle: String,
    /// Step number (0 = the initial state, before any technique).
    pub step: usize,
    /// Whether uniqueness techniques were allowed.
    pub unique: bool,
    /// The state before the step, as a 729-character line (a placed cell shows its value).
    pub state_before: String,
    /// The technique the bitboard engine fired (`None`: nothing applied).
    pub bitboard: Option<&'static str>,
    /// The technique the naive engine fired.
    pub naive: Option<&'static str>,
    /// Per technique involved: (id, bitboard effects, naive effects) on `state_before`, in the
    /// `r1c2=5 r3c4<>7` notation (placements, then eliminations, by digit then cell).
    pub effects: Vec<(&'static str, String, String)>,
    /// What differs in the states after the step.
    pub state_diff: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "first divergence: line {} step {} (uniqueness {})",
            self.line,
            self.step,
            if self.unique { "allowed" } else { "off" }
        )?;
        writeln!(f, "puzzle: {}", self.puzzle)?;
        writeln!(f, "state:  {}", self.state_before)?;
        writeln!(f, "bitboard fired: {}", self.bitboard.unwrap_or("nothing"))?;
        writeln!(f, "naive fired:    {}", self.naive.unwrap_or("nothing"))?;
        for (id, b, n) in &self.effects {
            writeln!(f, "{id} on this state:")?;
            writeln!(f, "  bitboard: {}", if b.is_empty() { "(nothing)" } else { b })?;
            writeln!(f, "  naive:    {}", if n.is_empty() { "(nothing)" } else { n })?;
            let (only_b, only_n) = only_in(b, n);
            writeln!(f, "  only bitboard: {only_b}")?;
            writeln!(f, "  only naive:    {only_n}")?;
        }
        write!(f, "states after the step differ in: {}", self.state_diff)
    }
}

fn only_in(a: &str, b: &str) -> (String, String) {
    let sa: Vec<&str> = a.split_whitespace().collect();
    let sb: Vec<&str> = b.split_whitespace().collect();
    let oa: Vec<&str> = sa.iter().copied().filter(|x| !sb.contains(x)).collect();
    let ob: Vec<&str> = sb.iter().copied().filter(|x| !sa.contains(x)).collect();
    let show = |v: Vec<&str>| if v.is_empty() { "-".to_string() } else { v.join(" ") };
    (show(oa), show(ob))
}

/// The totals of an agreement run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Puzzles compared.
    pub puzzles: usize,
    /// States compared (initial states included).
    pub states: u64,
    /// Puzzles with a divergence.
    pub divergences: usize,
    /// Puzzles both engines solved completely by logic.
    pub solved: usize,
    /// The first divergence.
    pub first: Option<Divergence>,
    /// Lines of every divergent puzzle (for reruns).
    pub divergent_lines: Vec<usize>,
    /// Divergences by kind: `bitboard <id> / naive <id>` (the techniques each engine fired at
    /// the divergent step, `nothing` when none applied) and how many puzzles diverged so.
    pub kinds: std::collections::BTreeMap<String, usize>,
    /// Agreed steps by the technique both engines fired (how often each was exercised).
    pub fired: std::collections::BTreeMap<&'static str, u64>,
}

impl Report {
    /// The closing line: `N puzzles, S states compared, D divergences`.
    #[must_use]
    pub fn summary_line(&self) -> String {
        format!(
            "{} puzzles, {} states compared, {} divergences",
            self.puzzles, self.states, self.divergences
        )
    }

    /// Adds another report's totals (the first divergence is kept if this one has none).
    pub fn merge(&mut self, other: Report) {
        self.puzzles += other.puzzles;
        self.states += other.states;
        self.divergences += other.divergences;
        self.solved += other.solved;
        self.divergent_lines.extend(other.divergent_lines);
        for (k, n) in other.kinds {
            *self.kinds.entry(k).or_default() += n;
        }
        for (k, n) in other.fired {
            *self.fired.entry(k).or_default() += n;
        }
        if self.first.is_none() {
            self.first = other.first;
        }
    }

    /// The divergence kinds, most frequent first, one per line.
    #[must_use]
    pub fn kinds_text(&self) -> String {
        let mut v: Vec<(&String, &usize)> = self.kinds.iter().collect();
        v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        v.iter().map(|(k, n)| format!("{n:>6}  {k}\n")).collect()
    }

    /// The agreed steps per technique, one per line, by id.
    #[must_use]
    pub fn fired_text(&self) -> String {
        self.fired.iter().map(|(k, n)| format!("{n:>8}  {k}\n")).collect()
    }
}

/// `(candidates, placed)` masks of a bitboard state.
fn bb_masks(s: &Candidates) -> ([u128; 9], [u128; 9]) {
    (
        std::array::from_fn(|d| s.masks()[d].bits()),
        std::array::from_fn(|d| s.placed_masks()[d].bits()),
    )
}

fn naive_masks(g: &NaiveGrid) -> ([u128; 9], [u128; 9]) {
    (g.candidate_masks(), g.placed_masks())
}

fn cell_name(c: u32) -> String {
    format!("r{}c{}", c / 9 + 1, c % 9 + 1)
}

/// Effects as text: placements `r1c2=5` then eliminations `r3c4<>7`, each by digit then cell;
/// only those that change `state` (present candidates).
fn effects_text(state: &[u128; 9], placements: &[u128; 9], eliminations: &[u128; 9]) -> String {
    let mut out = Vec::new();
    for (d, &p) in placements.iter().enumerate() {
        let mut m = p & state[d];
        while m != 0 {
            out.push(format!("{}={}", cell_name(m.trailing_zeros()), d + 1));
            m &= m - 1;
        }
    }
    for (d, &e) in eliminations.iter().enumerate() {
        let mut m = e & state[d];
        while m != 0 {
            out.push(format!("{}<>{}", cell_name(m.trailing_zeros()), d + 1));
            m &= m - 1;
        }
    }
    out.join(" ")
}

fn diff_text(a: &([u128; 9], [u128; 9]), b: &([u128; 9], [u128; 9])) -> String {
    let mut out = Vec::new();
    for d in 0..9 {
        let only_b = a.0[d] & !b.0[d];
        let only_n = b.0[d] & !a.0[d];
        for (m, who) in [(only_b, "bitboard"), (only_n, "naive")] {
            let mut m = m;
            while m != 0 {
                out.push(format!(
                    "candidate {} at {} only in {who}",
                    d + 1,
                    cell_name(m.trailing_zeros())
                ));
                m &= m - 1;
            }
        }
        let pb = a.1[d] ^ b.1[d];
        let mut m = pb;
        while m != 0 {
            let c = m.trailing_zeros();
            let who = if a.1[d] >> c & 1 == 1 { "bitboard" } else { "naive" };
            out.push(format!("{}={} placed only in {who}", cell_name(c), d + 1));
            m &= m - 1;
        }
    }
    if out.is_empty() { "nothing (only the technique differs)".to_string() } else { out.join("; ") }
}

/// The two engines for one order.
pub struct Pair {
    engine: Engine,
    naive_unique: NaiveEngine,
    naive_plain: NaiveEngine,
}

impl Pair {
    /// Sets up both engines; fails when the naive engine does not implement the order. Ids
    /// whose registry row says `naive: false` (techniques still without a naive twin) are
    /// dropped from both engines' orders, so `--order all` compares the rest.
    pub fn new(order: &Order) -> Result<Pair, String> {
        let twins: Vec<_> = order.ids().iter().copied().filter(|id| id.row().naive).collect();
        let order = &Order::from_ids(order.name(), twins);
        let ids = id_strings(order);
        Ok(Pair {
            engine: Engine::new(Options::new(order.clone())),
            naive_unique: NaiveEngine::new(&ids, true)?,
            naive_plain: NaiveEngine::new(&ids, false)?,
        })
    }

    /// Runs one puzzle side by side; returns the number of states compared, whether both
    /// solved it, and the divergence if any. Each agreed step is counted under its technique
    /// in `fired`.
    pub fn run(
        &self,
        entry: &Entry,
        fired: &mut std::collections::BTreeMap<&'static str, u64>,
    ) -> (u64, bool, Option<Divergence>) {
        let mut state = entry.candidates();
        let mut grid = match &entry.puzzle {
            Puzzle::Givens(values) => NaiveGrid::from_values(values),
            Puzzle::Grid(masks) => {
                NaiveGrid::from_candidates(&std::array::from_fn(|d| masks[d].bits()))
            }
        };
        let unique = bitdoku_brute::count_solutions(&entry.search_masks(), 2).0 == 1;
        let naive = if unique { &self.naive_unique } else { &self.naive_plain };
        let mut states = 1;
        let diverge = |step: usize,
                       before: &Candidates,
                       bb: Option<(TechniqueId, Union)>,
                       nv: Option<&'static str>,
                       before_grid: &NaiveGrid,
                       after: (&Candidates, &NaiveGrid)| {
            let mut ids: Vec<&'static str> = Vec::new();
            if let Some((id, _)) = &bb {
                ids.push(id.as_str());
            }
            if let Some(n) = nv {
                if !ids.contains(&n) {
                    ids.push(n);
                }
            }
            let cand: [u128; 9] = std::array::from_fn(|d| before.masks()[d].bits());
            let effects = ids
                .iter()
                .map(|&id| {
                    let b = id.parse::<TechniqueId>().ok().map_or_else(String::new, |t| {
                        let mut u = Union::default();
                        if let Some(tech) = registry::get(t) {
                            let _ = tech.search(before, &mut u);
                        }
                        effects_text(
                            &cand,
                            &u.placements.map(CellSet::bits),
                            &u.eliminations.map(CellSet::bits),
                        )
                    });
                    let n = bitdoku_naive::find(id, before_grid).map_or_else(String::new, |f| {
                        let mut p = [0u128; 9];
                        let mut e = [0u128; 9];
                        for &(c, d) in &f.placements {
                            p[d as usize - 1] |= 1 << c;
                        }
                        for &(c, d) in &f.eliminations {
                            e[d as usize - 1] |= 1 << c;
                        }
                        effects_text(&naive_masks(before_grid).0, &p, &e)
                    });
                    (id, b, n)
                })
                .collect();
            Divergence {
                line: entry.line,
                puzzle: entry.to_line(),
                step,
                unique,
                state_before: to_candidate_line(before),
                bitboard: bb.map(|(id, _)| id.as_str()),
                naive: nv,
                effects,
                state_diff: diff_text(&bb_masks(after.0), &naive_masks(after.1)),
            }
        };
        if bb_masks(&state) != naive_masks(&grid) {
            let d = diverge(0, &state, None, None, &grid, (&state, &grid));
            return (states, false, Some(d));
        }
        let mut step = 0;
        while !(state.is_solved() && grid.is_solved()) {
            step += 1;
            let before = state;
            let before_grid = grid.clone();
            let bb = self.engine.step_batch(&mut state, unique);
            let nv = naive.step(&mut grid);
            states += 1;
            let same_id = bb.as_ref().map(|(id, _)| id.as_str()) == nv;
            if !same_id || bb_masks(&state) != naive_masks(&grid) {
                let d = diverge(step, &before, bb, nv, &before_grid, (&state, &grid));
                return (states, false, Some(d));
            }
            let Some(id) = nv else { break };
            *fired.entry(id).or_default() += 1;
        }
        (states, state.is_solved(), None)
    }
}

/// Runs the agreement over `entries` with `order`. Fails when the naive engine does not
/// implement a technique of the order.
pub fn run(entries: &[Entry], order: &Order) -> Result<Report, String> {
    let pair = Pair::new(order)?;
    let mut report = Report::default();
    for e in entries {
        let (states, solved, div) = pair.run(e, &mut report.fired);
        report.puzzles += 1;
        report.states += states;
        report.solved += usize::from(solved);
        if let Some(d) = div {
            let kind = format!(
                "bitboard {} / naive {}",
                d.bitboard.unwrap_or("nothing"),
                d.naive.unwrap_or("nothing")
            );
            *report.kinds.entry(kind).or_default() += 1;
            report.divergences += 1;
            report.divergent_lines.push(e.line);
            if report.first.is_none() {
                report.first = Some(d);
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::parse_bytes;

    #[test]
    fn effects_and_diffs_are_readable() {
        let mut state = [0u128; 9];
        state[4] = 1 << 10 | 1 << 3;
        let mut p = [0u128; 9];
        p[4] = 1 << 10;
        let mut e = [0u128; 9];
        e[4] = 1 << 3 | 1 << 5; // r1c6 is not a candidate: not shown
        assert_eq!(effects_text(&state, &p, &e), "r2c2=5 r1c4<>5");
        let a = (state, [0u128; 9]);
        let mut b = a;
        b.0[4] &= !(1 << 3);
        b.1[0] |= 1;
        assert_eq!(
            diff_text(&a, &b),
            "r1c1=1 placed only in naive; candidate 5 at r1c4 only in bitboard"
        );
        assert_eq!(only_in("a b c", "b d"), ("a c".to_string(), "d".to_string()));
    }

    #[test]
    fn singles_agree_on_an_easy_puzzle() {
        let text =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
        let corpus = parse_bytes("t", text.as_bytes()).unwrap();
        let report = run(&corpus.entries, &Order::parse("singles").unwrap()).unwrap();
        assert_eq!(
            report.divergences,
            0,
            "{}",
            report.first.map(|d| d.to_string()).unwrap_or_default()
        );
        assert_eq!(report.solved, 1);
        assert!(report.states > 2);
        assert_eq!(
            report.summary_line(),
            format!("1 puzzles, {} states compared, 0 divergences", report.states)
        );
    }
}
