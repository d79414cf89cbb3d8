//! Data-driven test helpers shared by every technique's tests: build a candidate state from a
//! givens line plus deleted candidates, then `check` (the union of everything the technique
//! finds equals the expected effects), `check_step` (one found step has exactly these effects)
//! or `check_not_applicable` (it finds nothing).
//!
//! Effects are written as in step notation: `r1c2<>5 r3c4=7`. The soundness tests' shared
//! harness (corpora with solutions, the thinned walk) is in [`soundness`].

pub mod soundness;

use crate::{Step, TechniqueId, registry};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line};

/// Every step technique `id` finds on `state`, through its registry row. An id without a
/// registered search fails the test here, so a technique that was never registered cannot
/// pass a must-not-fire test by finding nothing.
#[track_caller]
fn find_registered(id: TechniqueId, state: &Candidates) -> Vec<Step> {
    let Some(t) = registry::get(id) else { panic!("{id} has no registered search") };
    let mut steps = Vec::new();
    let _ = t.search(state, &mut steps);
    steps
}

/// An empty grid as an 81-character givens line, the usual starting point of a test position.
pub const EMPTY: &str =
    ".................................................................................";

/// A state from an 81-character givens line (any empty marker; a digit preceded by `+` is a
/// placed, non-given value) and deleted candidates as space-separated `drc` triples
/// (digit, row, column, all 1-based; e.g. `436` = r3c6<>4).
#[track_caller]
pub fn state(givens: &str, deleted: &str) -> Candidates {
    let plain: String = givens.chars().filter(|&c| c != '+').collect();
    let Ok(Some(puzzle)) = parse_line(&plain) else { panic!("bad givens line {givens:?}") };
    let mut c = puzzle.candidates();
    // Re-place the `+` cells as non-givens.
    let mut index = 0;
    let mut plus = false;
    let mut placed_only = CellSet::EMPTY;
    for ch in givens.chars() {
        if ch == '+' {
            plus = true;
            continue;
        }
        if plus {
            placed_only.insert(Cell::new(index).expect("81 cells"));
        }
        plus = false;
        index += 1;
    }
    c = Candidates::from_parts(*c.masks(), *c.placed_masks(), c.givens() - placed_only);
    for tok in deleted.split_whitespace() {
        let (d, cell) = drc(tok);
        c.eliminate(d, CellSet::single(cell));
    }
    c
}

/// Deleted-candidate tokens (for [`state`]) that leave `keep` as the only candidates of the
/// cell `rc` (`"11"` = r1c1).
#[track_caller]
pub fn only(rc: &str, keep: &[u8]) -> String {
    (1..=9u8)
        .filter(|d| !keep.contains(d))
        .map(|d| format!("{d}{rc}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A state from a 729-character candidate line.
#[track_caller]
pub fn grid(line: &str) -> Candidates {
    let Ok(Some(p)) = parse_line(line) else { panic!("bad candidate grid") };
    p.candidates()
}

/// A 729-character grid whose one-candidate cells are placed (for grids printed from states,
/// where placed cells show as one candidate).
#[track_caller]
pub fn grid_with_singles_placed(line: &str) -> Candidates {
    let mut c = grid(line);
    for cell in Cell::all() {
        let ds = c.digits_at(cell);
        if let (1, Some(d)) = (ds.len(), ds.first()) {
            c.place(cell, d);
        }
    }
    c
}

/// Parses a `drc` triple.
#[track_caller]
pub fn drc(tok: &str) -> (Digit, Cell) {
    let b = tok.as_bytes();
    assert_eq!(b.len(), 3, "bad drc token {tok:?}");
    let d = Digit::from_value(b[0] - b'0').expect("digit");
    let cell = Cell::from_rc((b[1] - b'1') as usize, (b[2] - b'1') as usize);
    (d, cell)
}

/// Parses `r1c2<>5 r3c4=7` into (placements, eliminations).
#[track_caller]
pub fn effects(text: &str) -> ([CellSet; 9], [CellSet; 9]) {
    let mut places = [CellSet::EMPTY; 9];
    let mut elims = [CellSet::EMPTY; 9];
    for tok in text.split([' ', ',']).filter(|t| !t.is_empty()) {
        let (cell, rest, target) = if let Some((c, d)) = tok.split_once("<>") {
            (c, d, &mut elims)
        } else if let Some((c, d)) = tok.split_once('=') {
            (c, d, &mut places)
        } else {
            panic!("bad effect {tok:?}")
        };
        let b = cell.as_bytes();
        assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "bad cell {cell:?}");
        let cell = Cell::from_rc((b[1] - b'1') as usize, (b[3] - b'1') as usize);
        let d = Digit::from_value(rest.parse().expect("digit")).expect("digit 1-9");
        target[d.index()].insert(cell);
    }
    (places, elims)
}

fn union(steps: &[Step]) -> ([CellSet; 9], [CellSet; 9]) {
    let mut p = [CellSet::EMPTY; 9];
    let mut e = [CellSet::EMPTY; 9];
    for s in steps {
        for d in 0..9 {
            p[d] |= s.placements[d];
            e[d] |= s.eliminations[d];
        }
    }
    (p, e)
}

fn show(p: &[CellSet; 9], e: &[CellSet; 9]) -> String {
    let mut s = Step::new(TechniqueId::BruteForce);
    s.placements = *p;
    s.eliminations = *e;
    s.effects_text().join(" ")
}

fn sanity(id: TechniqueId, state: &Candidates, steps: &[Step]) {
    for s in steps {
        assert_eq!(s.technique, id, "step reported under the wrong id");
        assert!(s.changes(state), "{id} reported a step that changes nothing: {}", s.explain());
        for d in 0..9 {
            assert!(
                s.eliminations[d].is_subset(state.masks()[d]),
                "{id} eliminates absent candidates: {}",
                s.explain()
            );
        }
        let text = s.explain();
        let shown = text.strip_prefix(id.name()).and_then(|t| t.split(" => ").next());
        assert!(
            shown.is_some_and(|t| !t.is_empty()),
            "{id}: `Step::explain` shows no evidence ({text:?}): fill the step's evidence in \
             its search, or add an arm for {id} to `Step::explain` in \
             crates/strategies/src/step.rs"
        );
    }
}

/// Asserts that the union of all steps `id` finds on `state` is exactly `expected`.
#[track_caller]
pub fn check(id: TechniqueId, state: &Candidates, expected: &str) {
    let steps = find_registered(id, state);
    sanity(id, state, &steps);
    let (p, e) = union(&steps);
    let (xp, xe) = effects(expected);
    assert_eq!(
        show(&p, &e),
        show(&xp, &xe),
        "{id}: found steps:\n{}",
        steps.iter().map(Step::explain).collect::<Vec<_>>().join("\n")
    );
}

/// Asserts that one step `id` finds on `state` has exactly the effects `expected`, and returns it.
#[track_caller]
pub fn check_step(id: TechniqueId, state: &Candidates, expected: &str) -> Step {
    let steps = find_registered(id, state);
    sanity(id, state, &steps);
    let (xp, xe) = effects(expected);
    steps.iter().copied().find(|s| s.placements == xp && s.eliminations == xe).unwrap_or_else(
        || {
            panic!(
                "{id}: no step with effects {expected}; found:\n{}",
                steps.iter().map(Step::explain).collect::<Vec<_>>().join("\n")
            )
        },
    )
}

/// Asserts that `id` finds nothing on `state`.
#[track_caller]
pub fn check_not_applicable(id: TechniqueId, state: &Candidates) {
    let steps = find_registered(id, state);
    assert!(
        steps.is_empty(),
        "{id} must not fire, but found:\n{}",
        steps.iter().map(Step::explain).collect::<Vec<_>>().join("\n")
    );
}
