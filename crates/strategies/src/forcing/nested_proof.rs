//! Proofs of nested forcing steps: the level-`k` propagation of the assumption is re-run with
//! its inner eliminations recorded; each becomes a [`Reason::Probe`] node whose lower-level
//! proof is derived in the state it was probed in. A probe node's premises (its context) are
//! the outer literals that made that state differ from the base where the lower-level proof
//! looks: the cells and digit-house pairs whose candidate lists its singles and contradictions
//! read (its footprint, nested proofs included). Replaying the lower-level proof in the base
//! minus the context then checks the same conditions as in the state it was derived in.

use super::closure::Closure;
use super::nested::{Probe, propagate};
use super::proof::{Branch, Outcome, Proof, Reason, Tracer, contradiction_lits, derive_with};
use super::propagate::{Base, Contradiction, Lit, Propagator, Rules};
use crate::premise::Premise;
use bitdoku_bitboard::{CellSet, Digit};

/// The proof that level-`level` propagation of `assumption` (a candidate on) contradicts in
/// `base`.
pub(crate) fn derive(base: &Base, level: usize, assumption: Lit) -> Result<Proof, String> {
    let premise = Premise::On(assumption.cell(), assumption.digit());
    let conclusion = assumption.negate();
    if level == 0 {
        return derive_with(base, Rules::Net, premise, conclusion);
    }
    if !base.has(assumption) {
        return Err(format!("{assumption} is no candidate"));
    }
    // Depths for the outer propagation only (the tracer reads them).
    let mut props: Vec<Propagator> = (0..level)
        .map(|i| if i == 0 { Propagator::new() } else { Propagator::untracked() })
        .collect();
    let mut probes: Vec<Probe> = Vec::new();
    let mut leaf = Closure::new();
    if propagate(&mut props, &mut leaf, base, assumption, Some(&mut probes), None) {
        return Err(format!("{assumption} does not lead to a contradiction"));
    }
    let prop = &props[0];
    let (kind, _) = prop.contradiction.expect("a contradiction");
    let mut tracer = Tracer::new(base, prop, Rules::Net);
    for probe in &probes {
        let sub = derive(&probe.base, level - 1, probe.lit.negate())?;
        let (cells, places) = footprint(&sub);
        let mut context = Vec::new();
        for (d, place) in places.iter().enumerate() {
            let read = (cells | *place) & base.cand[d];
            for c in read - probe.base.cand[d] {
                context.push(Lit::new(Digit::new_unchecked(d as u8), c, false));
            }
        }
        debug_assert!(context.iter().all(|&l| prop.depth(l) < probe.round));
        tracer.probe(probe.lit, context, sub);
    }
    let lits = contradiction_lits(base, kind);
    let from = lits.iter().map(|&l| tracer.need(l)).collect();
    let (nodes, outcome) = tracer.finish(Outcome::Contradiction(kind, from));
    Ok(Proof {
        rules: Rules::Net,
        level: level as u8,
        premise,
        conclusion,
        branches: vec![Branch { assumption, nodes, outcome }],
    })
}

/// The cells (all digits) and per digit the cells of houses whose candidate lists `proof`
/// reads: naked singles and empty cells read a cell, hidden singles and empty houses a digit
/// in a house; nested proofs add theirs.
fn footprint(proof: &Proof) -> (CellSet, [CellSet; 9]) {
    let mut cells = CellSet::EMPTY;
    let mut places = [CellSet::EMPTY; 9];
    for b in &proof.branches {
        for n in &b.nodes {
            match n.reason {
                Reason::NakedSingle => cells |= CellSet::single(n.lit.cell()),
                Reason::HiddenSingle(h) => places[n.lit.digit().index()] |= h.cells(),
                _ => {}
            }
            if let Some(sub) = &n.sub {
                let (c, p) = footprint(sub);
                cells |= c;
                for d in 0..9 {
                    places[d] |= p[d];
                }
            }
        }
        if let Outcome::Contradiction(kind, _) = &b.outcome {
            match *kind {
                Contradiction::EmptyCell(c) => cells |= CellSet::single(c),
                Contradiction::EmptyHouse(h, d) => places[d.index()] |= h.cells(),
                Contradiction::Both(..) => {}
            }
        }
    }
    (cells, places)
}
