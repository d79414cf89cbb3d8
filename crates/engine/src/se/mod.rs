//! A model of Sudoku Explainer 1.2.1's rating (serate's ER/EP/ED).
//!
//! Sudoku Explainer rates a puzzle by solving it with its own rule set, always applying the
//! first hint of the first rule (in its fixed rule order) that has one, and keeping the
//! highest rule difficulty seen: ER over the whole path, EP up to the first placement, ED for
//! the first step. This module reproduces that rule set and order, with SE's difficulties:
//! singles and "direct" rules (1.0-2.5), locked candidates, subsets and fish (2.6-5.4), XY-
//! and XYZ-wings, and SE's chaining family: cycles and forcing X/XY chains (6.5-7.x plus a
//! length increment), Nishio (7.5+), multiple (8.0+), dynamic (8.5+), dynamic plus (9.0+)
//! and nested forcing chains (9.5+, 10.0+). What is not modelled yet is listed in
//! `docs/se-rating.md`.
//!
//! The model works on its own cell-major grid: SE's visiting orders decide which hint comes
//! first, and they are simplest to keep in SE's own shape. It is a rating model, not a set of
//! techniques: `bitdoku rate --se` uses it; the solving engine does not.

mod chain;
mod grid;
mod nested;
mod rules;
mod unique;

pub use chain::length_tenths;
use chain::{Chainer, Rule};
use grid::Grid;

/// One applied step of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Difficulty in tenths (SE's rating x 10).
    pub diff: u32,
    /// SE's name of the rule.
    pub name: &'static str,
    /// Candidates removed: (cell 0-80, digit 1-9).
    pub remove: Vec<(u8, u8)>,
    /// The placement, for singles and direct rules.
    pub place: Option<(u8, u8)>,
    /// Chain complexity (0 for non-chaining rules).
    pub complexity: u32,
}

impl Hint {
    fn place(diff: u32, name: &'static str, c: usize, d: u8) -> Hint {
        Hint { diff, name, remove: Vec::new(), place: Some((c as u8, d)), complexity: 0 }
    }

    fn remove(diff: u32, name: &'static str, remove: Vec<(u8, u8)>) -> Hint {
        Hint { diff, name, remove, place: None, complexity: 0 }
    }

    fn apply(&self, g: &mut Grid) {
        for &(c, d) in &self.remove {
            g.remove(c as usize, d);
        }
        if let Some((c, d)) = self.place {
            g.place(c as usize, d);
        }
    }
}

/// SE's early exits (`serate --pearl` / `--diamond`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Stop (ER 20.0) when a step after the first placement is harder than EP.
    Pearl,
    /// As pearl, and also when the first placement is harder than ED.
    Diamond,
}

/// A puzzle's SE rating.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeRating {
    /// ER in tenths (200 = no logical solution found).
    pub er: u32,
    /// EP in tenths.
    pub ep: u32,
    /// ED in tenths.
    pub ed: u32,
    /// The rule that set ER (first reached).
    pub er_name: &'static str,
    /// The rule that set EP.
    pub ep_name: &'static str,
    /// The rule that set ED.
    pub ed_name: &'static str,
    /// Steps applied.
    pub steps: u32,
}

/// The rules in SE's order; each returns the hint SE would apply.
const RULES: usize = 30;

fn find(g: &Grid, rule: usize) -> Option<Hint> {
    match rule {
        0 => rules::hidden_single(g),
        1 => rules::locking(g, true),
        2 => rules::hidden_set(g, 2, true),
        3 => rules::naked_single(g),
        4 => rules::hidden_set(g, 3, true),
        5 => rules::locking(g, false),
        6 => rules::naked_set(g, 2),
        7 => rules::fish(g, 2),
        8 => rules::hidden_set(g, 2, false),
        9 => rules::naked_set(g, 3),
        10 => rules::fish(g, 3),
        11 => rules::hidden_set(g, 3, false),
        12 => rules::xy_wing(g, false),
        13 => rules::xy_wing(g, true),
        14 => unique::unique_loop(g),
        15 => rules::naked_set(g, 4),
        16 => rules::fish(g, 4),
        17 => rules::hidden_set(g, 4, false),
        18 => unique::bug(g),
        19 => unique::aligned_pair(g),
        20 => chained(0, Rule::CYCLES, g),
        21 => unique::aligned_triplet(g),
        22 => chained(1, Rule::NISHIO, g),
        23 => chained(2, Rule::MULTIPLE, g),
        24 => chained(3, Rule::dynamic(0), g),
        25 => chained(4, Rule::dynamic(1), g),
        26 => chained(5, Rule::dynamic(2), g),
        27 => chained(6, Rule::dynamic(3), g),
        28 => chained(7, Rule::dynamic(4), g),
        29 => chained(8, Rule::dynamic(5), g),
        _ => None,
    }
}

thread_local! {
    /// One chaining engine per chaining rule and thread, reused from step to step (their
    /// tables are sized once).
    static CHAINERS: std::cell::RefCell<Vec<Chainer>> = std::cell::RefCell::new(
        [
            Rule::CYCLES,
            Rule::NISHIO,
            Rule::MULTIPLE,
            Rule::dynamic(0),
            Rule::dynamic(1),
            Rule::dynamic(2),
            Rule::dynamic(3),
            Rule::dynamic(4),
            Rule::dynamic(5),
        ]
            .into_iter()
            .map(Chainer::new)
            .collect(),
    );
}

fn chained(slot: usize, rule: Rule, g: &Grid) -> Option<Hint> {
    CHAINERS.with(|c| {
        let mut c = c.borrow_mut();
        debug_assert_eq!(c[slot].rule(), rule);
        c[slot].first(g)
    })
}

/// The first hint SE would apply on `g`.
fn next_hint(g: &Grid) -> Option<Hint> {
    if let Ok(o) = std::env::var("SE_ORDER") {
        let first: Vec<usize> = o.split(',').map(|x| x.parse().unwrap()).collect();
        return first.iter().copied().chain(5..RULES).find_map(|r| find(g, r));
    }
    if std::env::var_os("SE_PROF").is_some() {
        return (0..RULES).find_map(|r| {
            let t = std::time::Instant::now();
            let h = find(g, r);
            PROF.with(|p| {
                let mut p = p.borrow_mut();
                p[r].0 += t.elapsed().as_nanos() as u64;
                p[r].1 += 1;
            });
            h
        });
    }
    (0..RULES).find_map(|r| find(g, r))
}

thread_local! {
    /// Temporary profile: nanoseconds and calls per rule.
    pub static PROF: std::cell::RefCell<[(u64, u64); RULES]> = const { std::cell::RefCell::new([(0, 0); RULES]) };
}

/// Prints the temporary profile.
pub fn print_prof() {
    PROF.with(|p| {
        for (i, (ns, n)) in p.borrow().iter().enumerate() {
            if *n > 0 {
                eprintln!("rule {i:2}: {:8.3} s {n:8} calls", *ns as f64 / 1e9);
            }
        }
    });
}

/// Rates a puzzle given as 81 values (0 = empty) the way serate does. The caller checks that
/// the puzzle has a unique solution (serate prints 0.0 otherwise).
pub fn rate(values: &[u8; 81], want: Option<Want>) -> SeRating {
    rate_traced(values, want, |_| {})
}

/// As [`rate`], calling `each` with every applied hint.
pub fn rate_traced(values: &[u8; 81], want: Option<Want>, each: impl FnMut(&Hint)) -> SeRating {
    run(Grid::from_values(values), want, each)
}

/// Rates a pencilmark state: `values` (0 = empty) and each empty cell's candidates (bit
/// `d - 1` for digit `d`), as a 729-character candidate grid gives them.
pub fn rate_candidates(values: &[u8; 81], cand: &[u16; 81], want: Option<Want>) -> SeRating {
    run(Grid::from_parts(values, cand), want, |_| {})
}

fn run(mut g: Grid, want: Option<Want>, mut each: impl FnMut(&Hint)) -> SeRating {
    let mut r = SeRating::default();
    let mut er_name = "";
    while !g.solved() {
        let Some(h) = next_hint(&g) else {
            r.er = 200;
            break;
        };
        if h.diff > r.er {
            r.er = h.diff;
            er_name = h.name;
            r.er_name = h.name;
        }
        h.apply(&mut g);
        each(&h);
        r.steps += 1;
        if r.ep == 0 {
            if r.ed == 0 {
                r.ed = r.er;
                r.ed_name = er_name;
            }
            if h.place.is_some() {
                if want == Some(Want::Diamond) && r.er > r.ed {
                    r.er = 200;
                    break;
                }
                r.ep = r.er;
                r.ep_name = er_name;
            }
        } else if want.is_some() && r.er > r.ep {
            r.er = 200;
            break;
        }
    }
    if r.er == 200 {
        r.er_name = "none";
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_se_steps() {
        // complexity - 2 above 4, 6, 8, 12, 16, 24 ... adds 0.1 each.
        assert_eq!(length_tenths(6), 0);
        assert_eq!(length_tenths(7), 1);
        assert_eq!(length_tenths(8), 1);
        assert_eq!(length_tenths(9), 2);
        assert_eq!(length_tenths(10), 2);
        assert_eq!(length_tenths(11), 3);
        assert_eq!(length_tenths(14), 3);
        assert_eq!(length_tenths(15), 4);
    }
}
