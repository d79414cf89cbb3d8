//! Replay and soundness of forcing chains and nets on real puzzles.
//!
//! Each puzzle is walked to its solution: singles and locked candidates (written here), then
//! every forcing-chain and forcing-net step of the state in find-all mode is
//!
//! * checked against the solution (no step may place a wrong digit or remove the right one),
//! * given its proof, re-derived from the state and the step alone (`forcing::derive`), and
//!   the proof is replayed (`forcing::replay`: every node's reason checked against the
//!   state, every branch's outcome, the branches against the premise); the conclusion the
//!   replay proves must be the step's one effect; chain proofs use single-premise nodes only;
//! * every forcing-chain conclusion must also be a forcing-net conclusion (nets derive more).
//!
//! When neither finds a step, the nested forcing nets of level 1 (else level 2) are checked
//! the same way (soundness, derive, replay; the proof's level and its nested sub-proofs), and
//! the walk goes on with their first step.
//!
//! Then the first chain step (else the first net step, else the first nested step) is
//! applied; when none exists the solution's digit is placed in a cell with fewest candidates,
//! so the walk visits many states. CI runs a sample (`PER_FILE` puzzles per file); `FORCING_REPLAY_ALL=1` runs every
//! puzzle of `forum_hardest_1106.txt` and `magictour_top1465.txt` (`FORCING_REPLAY_FILE=NAME`
//! keeps one of them).

use bitdoku_bitboard::tables::{HOUSES, MINILINES};
use bitdoku_bitboard::{Candidates, CellSet, Digit, parse_line};
use bitdoku_strategies::TechniqueId::{ForcingChain, ForcingNet};
use bitdoku_strategies::forcing::{self, Lit, Rules, proof::Outcome};
use bitdoku_strategies::registry::find_all;
use bitdoku_strategies::{Step, TechniqueId};
use std::path::PathBuf;

const PER_FILE: usize = 12;

fn puzzles(name: &str) -> Vec<Candidates> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all = std::env::var("FORCING_REPLAY_ALL").is_ok_and(|v| v == "1");
    let lines: Vec<Candidates> =
        text.lines().filter_map(|l| parse_line(l).ok().flatten()).map(|p| p.candidates()).collect();
    if all {
        return lines;
    }
    // An even sample over the file.
    let step = (lines.len() / PER_FILE).max(1);
    lines.into_iter().step_by(step).take(PER_FILE).collect()
}

fn digit(d: usize) -> Digit {
    Digit::new_unchecked(d as u8)
}

/// Naked and hidden singles and locked candidates until nothing changes.
fn reduce(c: &mut Candidates) {
    loop {
        let mut changed = false;
        for d in 0..9 {
            for cell in c.cells(digit(d)) {
                if c.has(cell, digit(d)) && c.digits_at(cell).len() == 1 {
                    c.place(cell, digit(d));
                    changed = true;
                }
            }
            for h in HOUSES {
                let m = c.cells(digit(d)) & h;
                if m.is_single() {
                    c.place(m.first().unwrap(), digit(d));
                    changed = true;
                }
            }
            for line in MINILINES {
                let m = c.cells(digit(d));
                let (inter, boxx, ln) =
                    (m & line.cells, m & line.boxx.cells(), m & line.line.cells());
                if !inter.is_empty() && boxx == inter {
                    changed |= c.eliminate(digit(d), ln - inter);
                }
                if !inter.is_empty() && ln == inter {
                    changed |= c.eliminate(digit(d), boxx - inter);
                }
            }
        }
        if !changed {
            return;
        }
    }
}

fn effect(step: &Step) -> Lit {
    let mut lits = Vec::new();
    for d in 0..9 {
        lits.extend(step.placements[d].iter().map(|c| Lit::new(digit(d), c, true)));
        lits.extend(step.eliminations[d].iter().map(|c| Lit::new(digit(d), c, false)));
    }
    assert_eq!(lits.len(), 1, "one effect per forcing step");
    lits[0]
}

#[derive(Default, Debug)]
struct Stats {
    states: usize,
    steps: [usize; 2],
    /// Nested steps of level 1 and 2.
    nested: [usize; 2],
    /// Nested sub-proofs replayed inside them.
    probes: usize,
    /// States where nothing at all fired (the walk guessed).
    guesses: usize,
    contradictions: usize,
    verities: usize,
    nodes: usize,
}

/// The number of nested sub-proofs in `proof`, at any depth.
fn probes(proof: &forcing::Proof) -> usize {
    proof
        .branches
        .iter()
        .flat_map(|b| &b.nodes)
        .filter_map(|n| n.sub.as_deref())
        .map(|sub| 1 + probes(sub))
        .sum()
}

/// Checks every nested step of the first level (1, then 2) that has one; returns them.
fn check_nested(c: &Candidates, solution: &[u8; 81], stats: &mut Stats) -> Vec<Step> {
    for (k, id) in forcing::nested::NESTED_IDS.into_iter().take(2).enumerate() {
        let steps = find_all(id, c);
        for s in &steps {
            let lit = effect(s);
            let right = solution[lit.cell().index()] == lit.digit().value();
            assert_eq!(lit.is_on(), right, "{id}: unsound step {}", s.explain());
            let proof = forcing::derive(c, s).unwrap_or_else(|e| panic!("{}: {e}", s.explain()));
            assert_eq!(usize::from(proof.level), k + 1);
            let proved = forcing::replay(c, &proof).unwrap_or_else(|e| {
                panic!("{}: replay: {e}\n{}", s.explain(), forcing::proof::text(&proof))
            });
            assert_eq!(proved, lit, "{}: the proof shows {proved}", s.explain());
            stats.probes += probes(&proof);
        }
        stats.nested[k] += steps.len();
        if !steps.is_empty() {
            return steps;
        }
    }
    Vec::new()
}

fn check_state(c: &Candidates, solution: &[u8; 81], stats: &mut Stats) -> Vec<Step> {
    let mut out = Vec::new();
    let mut net_effects = Vec::new();
    for (k, id) in [ForcingNet, ForcingChain].into_iter().enumerate() {
        let steps = find_all(id, c);
        stats.steps[k] += steps.len();
        for s in &steps {
            let lit = effect(s);
            let right = solution[lit.cell().index()] == lit.digit().value();
            assert_eq!(lit.is_on(), right, "{id}: unsound step {}", s.explain());
            let proof = forcing::derive(c, s).unwrap_or_else(|e| panic!("{}: {e}", s.explain()));
            let proved = forcing::replay(c, &proof).unwrap_or_else(|e| {
                panic!("{}: replay: {e}\n{}", s.explain(), forcing::proof::text(&proof))
            });
            assert_eq!(proved, lit, "{}: the proof shows {proved}", s.explain());
            if id == ForcingChain {
                assert_eq!(proof.rules, Rules::Chain);
                assert!(net_effects.contains(&lit), "chain conclusion {lit} not found by nets");
            } else {
                net_effects.push(lit);
            }
            for b in &proof.branches {
                stats.nodes += b.nodes.len();
            }
            if proof.premise.is_contradiction() {
                stats.contradictions += 1;
                assert!(matches!(proof.branches[0].outcome, Outcome::Contradiction(..)));
            } else {
                stats.verities += 1;
            }
        }
        if !steps.is_empty() {
            out = steps;
        }
    }
    out
}

fn walk(file: &str, part: std::ops::Range<usize>) -> Stats {
    let mut stats = Stats::default();
    let all = puzzles(file);
    let part = part.start.min(all.len())..part.end.min(all.len());
    for &start in &all[part] {
        let (count, solution) = bitdoku_brute::solve_unique(&start.search_masks());
        assert_eq!(count, bitdoku_brute::Count::One, "{file}: puzzle without a unique solution");
        let solution = solution.unwrap().0;
        let mut c = start;
        loop {
            reduce(&mut c);
            if c.is_solved() {
                break;
            }
            stats.states += 1;
            let mut steps = check_state(&c, &solution, &mut stats);
            if steps.is_empty() {
                steps = check_nested(&c, &solution, &mut stats);
            }
            if let Some(s) = steps.first() {
                assert!(s.apply(&mut c));
            } else {
                let counts = c.counts();
                let cell = (2..=9)
                    .find_map(|n| (counts.exactly(n) & c.unsolved()).first())
                    .expect("an unsolved cell");
                stats.guesses += 1;
                c.place(cell, digit(solution[cell.index()] as usize - 1));
            }
        }
    }
    stats
}

/// Walks puzzles `part` of `file`'s sample (unless `FORCING_REPLAY_FILE` names the other
/// file) and checks what fired.
fn replay_on(file: &str, part: std::ops::Range<usize>) {
    let only = std::env::var("FORCING_REPLAY_FILE").ok();
    if only.as_deref().is_some_and(|o| o != file) {
        return;
    }
    let stats = walk(file, part);
    eprintln!("{file}: {stats:?}");
    assert!(stats.steps[0] > 0 && stats.steps[1] > 0, "{file}: forcing steps fire");
    assert!(stats.contradictions > 0 && stats.verities > 0);
    assert_eq!(stats.guesses, 0, "{file}: nets and nested nets leave nothing to guess");
    if file.starts_with("forum") {
        assert!(stats.nested[0] > 0 && stats.probes > 0, "nested steps with sub-proofs");
    }
}

// Three tests that libtest runs side by side (one test took 31 s of wall time alone, most of
// it the forum's puzzles): the forum sample in two halves, then top1465's.
#[test]
fn forcing_steps_replay_from_their_proofs_on_forum_hardest() {
    replay_on("forum_hardest_1106.txt", 0..PER_FILE / 2);
}

#[test]
fn forcing_steps_replay_from_their_proofs_on_forum_hardest_second_half() {
    replay_on("forum_hardest_1106.txt", PER_FILE / 2..usize::MAX);
}

#[test]
fn forcing_steps_replay_from_their_proofs_on_top1465() {
    replay_on("magictour_top1465.txt", 0..usize::MAX);
}

#[test]
fn proof_text_names_the_assumptions_and_the_outcome() {
    let c = puzzles("magictour_top1465.txt").remove(0);
    let mut c = c;
    reduce(&mut c);
    let steps: Vec<Step> = find_all(TechniqueId::ForcingNet, &c);
    let s = steps.first().expect("a forcing net on the first top1465 puzzle");
    let proof = forcing::derive(&c, s).unwrap();
    let text = forcing::proof::text(&proof);
    assert!(text.contains(&effect(s).to_string()), "{text}");
    for b in &proof.branches {
        assert!(text.contains(&format!("{}: ", b.assumption)), "{text}");
    }
    let _ = CellSet::EMPTY;
}
