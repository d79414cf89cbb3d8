//! Proofs of forcing steps, re-derived on demand from the state before the step and the step
//! (whose evidence holds only the [`Premise`]), and an independent [`replay`] that checks a
//! proof against the state alone.
//!
//! A [`Proof`] has one [`Branch`] per assumption (one for a contradiction, one per candidate
//! of the cell, per place of the digit in the house, or two for a candidate). A branch is a
//! DAG of [`Node`]s in derivation order: each node is a literal with its [`Reason`] and the
//! earlier nodes it follows from (`from`), ending in its [`Outcome`]: a contradiction (with
//! the nodes that make it) or the node of the common conclusion. Only the nodes the outcome
//! needs are kept. For a literal derived in round `r`, the reason chosen is the first that
//! fits among: same cell, then peers (an on literal of round `r - 1`), naked single, then
//! hidden single in the cell's row, column, box (premises of rounds before `r`).

use super::propagate::{Base, Contradiction, Lit, Propagator, Rules, UNREACHED};
use crate::id::TechniqueId;
use crate::premise::Premise;
use crate::step::Step;
use bitdoku_bitboard::tables::{CELL_HOUSES, PEERS};
use bitdoku_bitboard::{Candidates, CellSet, Digit, House};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Why a literal of a proof holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The branch's assumption.
    Assumption,
    /// Another digit of its cell is on.
    Cell,
    /// Its digit is on in a peer.
    Peer,
    /// Every other candidate of its cell is off.
    NakedSingle,
    /// Every other place of its digit in the house is off.
    HiddenSingle(House),
    /// A nested proof: assuming the candidate on contradicts, by the lower-level proof in the
    /// node's `sub`, in the base state minus the node's premises (which are off literals).
    Probe,
}

impl Reason {
    /// A short name: `assumption`, `cell`, `peer`, `naked single`, `hidden single in b3`.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Reason::Assumption => "assumption".into(),
            Reason::Cell => "cell".into(),
            Reason::Peer => "peer".into(),
            Reason::NakedSingle => "naked single".into(),
            Reason::HiddenSingle(h) => format!("hidden single in {h}"),
            Reason::Probe => "nested contradiction".into(),
        }
    }
}

/// One derived literal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The literal.
    pub lit: Lit,
    /// Its reason.
    pub reason: Reason,
    /// Indices of the earlier nodes it follows from.
    pub from: Vec<usize>,
    /// For [`Reason::Probe`], the lower-level proof that the candidate's "on" contradicts.
    pub sub: Option<Box<Proof>>,
}

/// How a branch ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A contradiction, made by the nodes `from`.
    Contradiction(Contradiction, Vec<usize>),
    /// The conclusion, at this node.
    Reaches(usize),
}

/// One assumption and its needed consequences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The assumption (node 0).
    pub assumption: Lit,
    /// The nodes in derivation order.
    pub nodes: Vec<Node>,
    /// The end.
    pub outcome: Outcome,
}

/// The proof of a forcing step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Chain (single-premise) or net rules.
    pub rules: Rules,
    /// Nesting level: 0 for forcing chains and nets, `k` for nested forcing nets of level `k`
    /// (whose nodes may be [`Reason::Probe`]s with proofs of level `k - 1`).
    pub level: u8,
    /// The assumptions' kind.
    pub premise: Premise,
    /// What the step concludes.
    pub conclusion: Lit,
    /// One branch per assumption.
    pub branches: Vec<Branch>,
}

/// The rules of a forcing technique, `None` for other techniques.
#[must_use]
pub fn rules_of(technique: TechniqueId) -> Option<Rules> {
    match technique {
        TechniqueId::ForcingChain => Some(Rules::Chain),
        TechniqueId::ForcingNet => Some(Rules::Net),
        t if super::nested::level_of(t).is_some() => Some(Rules::Net),
        _ => None,
    }
}

/// The single conclusion of a forcing step.
fn conclusion_of(step: &Step) -> Option<Lit> {
    let mut lits = Digit::all().flat_map(|d| {
        let on = step.placements[d.index()].iter().map(move |c| Lit::new(d, c, true));
        on.chain(step.eliminations[d.index()].iter().map(move |c| Lit::new(d, c, false)))
    });
    let first = lits.next()?;
    lits.next().is_none().then_some(first)
}

/// The assumptions of a premise in `base`.
#[must_use]
pub fn assumptions(base: &Base, premise: Premise) -> Vec<Lit> {
    match premise {
        Premise::None => Vec::new(),
        Premise::On(c, d) => vec![Lit::new(d, c, true)],
        Premise::Off(c, d) => vec![Lit::new(d, c, false)],
        Premise::Candidate(c, d) => vec![Lit::new(d, c, true), Lit::new(d, c, false)],
        Premise::Cell(c) => Digit::all()
            .filter(|d| base.cand[d.index()].contains(c))
            .map(|d| Lit::new(d, c, true))
            .collect(),
        Premise::House(h, d) => {
            (base.cand[d.index()] & h.cells()).iter().map(|c| Lit::new(d, c, true)).collect()
        }
    }
}

/// Re-derives the proof of forcing step `step` from `state`, the state before it.
pub fn derive(state: &Candidates, step: &Step) -> Result<Proof, String> {
    let conclusion = conclusion_of(step).ok_or("a forcing step has one effect")?;
    let premise = step.evidence.forcing;
    let base = Base::new(state);
    if let Some(level) = super::nested::level_of(step.technique) {
        return match premise {
            Premise::On(c, d) if conclusion == Lit::new(d, c, false) => {
                super::nested_proof::derive(&base, level, Lit::new(d, c, true))
            }
            _ => Err("a nested forcing step eliminates its assumption".into()),
        };
    }
    let rules = rules_of(step.technique).ok_or("not a forcing technique")?;
    // A forcing chain found by another search (HoDoKu's tables, with group nodes) may need
    // more than single-premise inferences to be retraced: then the net's propagation proves
    // it (a stronger but still replayable proof).
    derive_with(&base, rules, premise, conclusion).or_else(|chain_error| {
        if rules == Rules::Chain {
            derive_with(&base, Rules::Net, premise, conclusion).map_err(|_| chain_error)
        } else {
            Err(chain_error)
        }
    })
}

/// The level-0 proof of `conclusion` from `premise` in `base`.
pub(crate) fn derive_with(
    base: &Base,
    rules: Rules,
    premise: Premise,
    conclusion: Lit,
) -> Result<Proof, String> {
    let mut prop = Propagator::new();
    let mut branches = Vec::new();
    for assumption in assumptions(base, premise) {
        if !base.has(assumption) {
            return Err(format!("{assumption} is no candidate"));
        }
        prop.run(base, rules, assumption);
        let mut tracer = Tracer::new(base, &prop, rules);
        let outcome = match prop.contradiction {
            Some((kind, _)) => {
                let lits = contradiction_lits(base, kind);
                Outcome::Contradiction(kind, lits.iter().map(|&l| tracer.need(l)).collect())
            }
            None if prop.holds(conclusion) => Outcome::Reaches(tracer.need(conclusion)),
            None => return Err(format!("{assumption} does not lead to {conclusion}")),
        };
        let (nodes, outcome) = tracer.finish(outcome);
        branches.push(Branch { assumption, nodes, outcome });
    }
    if premise.is_contradiction()
        && !matches!(branches.first().map(|b| &b.outcome), Some(Outcome::Contradiction(..)))
    {
        return Err("the assumption does not contradict".into());
    }
    Ok(Proof { rules, level: 0, premise, conclusion, branches })
}

/// The literals that make a contradiction.
pub(crate) fn contradiction_lits(base: &Base, kind: Contradiction) -> Vec<Lit> {
    match kind {
        Contradiction::Both(c, d) => vec![Lit::new(d, c, true), Lit::new(d, c, false)],
        Contradiction::EmptyCell(c) => Digit::all()
            .filter(|d| base.cand[d.index()].contains(c))
            .map(|d| Lit::new(d, c, false))
            .collect(),
        Contradiction::EmptyHouse(h, d) => {
            (base.cand[d.index()] & h.cells()).iter().map(|c| Lit::new(d, c, false)).collect()
        }
    }
}

/// Walks back from the needed literals, choosing one reason per literal.
pub(crate) struct Tracer<'a> {
    base: &'a Base,
    prop: &'a Propagator,
    rules: Rules,
    /// Literal -> (reason, premises), filled by `need`.
    index: BTreeMap<Lit, (Reason, Vec<Lit>)>,
    /// Literals proved off by nested proofs: their premises (context) and proofs.
    probes: BTreeMap<Lit, (Vec<Lit>, Box<Proof>)>,
}

impl<'a> Tracer<'a> {
    /// A tracer over the finished propagation `prop` in `base`.
    pub(crate) fn new(base: &'a Base, prop: &'a Propagator, rules: Rules) -> Tracer<'a> {
        Tracer { base, prop, rules, index: BTreeMap::new(), probes: BTreeMap::new() }
    }

    /// Declares `lit` a literal proved by the nested `proof`, given the `context` literals.
    pub(crate) fn probe(&mut self, lit: Lit, context: Vec<Lit>, proof: Proof) {
        self.probes.insert(lit, (context, Box::new(proof)));
    }

    /// Records `lit` and (recursively) its premises; returns a placeholder (the literal's
    /// encoded index), remapped by `finish`.
    pub(crate) fn need(&mut self, lit: Lit) -> usize {
        let mut stack = vec![lit];
        while let Some(l) = stack.pop() {
            if self.index.contains_key(&l) {
                continue;
            }
            let (reason, from) = self.reason(l);
            stack.extend(from.iter().copied());
            self.index.insert(l, (reason, from));
        }
        lit.candidate() * 2 + usize::from(lit.is_on())
    }

    fn reason(&self, lit: Lit) -> (Reason, Vec<Lit>) {
        if let Some((context, _)) = self.probes.get(&lit) {
            return (Reason::Probe, context.clone());
        }
        let r = self.prop.depth(lit);
        if r == 0 {
            return (Reason::Assumption, Vec::new());
        }
        let (d, c) = (lit.digit(), lit.cell());
        let at = |l: Lit| self.prop.depth(l) == r - 1;
        let before = |l: Lit| self.prop.depth(l) < r;
        if !lit.is_on() {
            for e in Digit::all().filter(|&e| e != d) {
                let p = Lit::new(e, c, true);
                if self.base.has(p) && at(p) {
                    return (Reason::Cell, vec![p]);
                }
            }
            for p in PEERS[c.index()] & self.base.cand[d.index()] {
                let p = Lit::new(d, p, true);
                if at(p) {
                    return (Reason::Peer, vec![p]);
                }
            }
            unreachable!("an off literal of round {r} has an on parent of round {}", r - 1);
        }
        let naked: Vec<Lit> = Digit::all()
            .filter(|&e| e != d && self.base.cand[e.index()].contains(c))
            .map(|e| Lit::new(e, c, false))
            .collect();
        if (self.rules == Rules::Net || naked.len() == 1) && naked.iter().all(|&l| before(l)) {
            return (Reason::NakedSingle, naked);
        }
        for h in CELL_HOUSES[c.index()] {
            let others: Vec<Lit> = (self.base.cand[d.index()] & h.cells())
                .iter()
                .filter(|&x| x != c)
                .map(|x| Lit::new(d, x, false))
                .collect();
            if (self.rules == Rules::Net || others.len() == 1) && others.iter().all(|&l| before(l))
            {
                return (Reason::HiddenSingle(h), others);
            }
        }
        unreachable!("an on literal of round {r} is a single")
    }

    /// Orders the nodes by (depth, literal) and remaps indices.
    pub(crate) fn finish(mut self, outcome: Outcome) -> (Vec<Node>, Outcome) {
        let mut lits: Vec<Lit> = self.index.keys().copied().collect();
        lits.sort_by_key(|&l| (self.prop.depth(l), l));
        debug_assert!(lits.iter().all(|&l| self.prop.depth(l) != UNREACHED));
        let pos: BTreeMap<usize, usize> = lits
            .iter()
            .enumerate()
            .map(|(i, &l)| (l.candidate() * 2 + usize::from(l.is_on()), i))
            .collect();
        let key = |l: Lit| pos[&(l.candidate() * 2 + usize::from(l.is_on()))];
        let nodes = lits
            .iter()
            .map(|&l| {
                let (reason, from) = &self.index[&l];
                let sub = self.probes.remove(&l).map(|(_, p)| p);
                Node { lit: l, reason: *reason, from: from.iter().map(|&f| key(f)).collect(), sub }
            })
            .collect();
        let outcome = match outcome {
            Outcome::Contradiction(k, from) => {
                Outcome::Contradiction(k, from.iter().map(|f| pos[f]).collect())
            }
            Outcome::Reaches(i) => Outcome::Reaches(pos[&i]),
        };
        (nodes, outcome)
    }
}

/// Checks `proof` against `state` alone (every node's reason, every outcome, that the
/// branches are exactly the premise's assumptions) and returns what it proves: the negation
/// of a contradicting assumption, or the common conclusion of a verity.
pub fn replay(state: &Candidates, proof: &Proof) -> Result<Lit, String> {
    replay_base(&Base::new(state), proof)
}

/// [`replay`] on a base state.
fn replay_base(base: &Base, proof: &Proof) -> Result<Lit, String> {
    let expected = assumptions(base, proof.premise);
    let got: Vec<Lit> = proof.branches.iter().map(|b| b.assumption).collect();
    if expected.is_empty() || expected != got {
        return Err(format!("branches {got:?} are not the premise's {expected:?}"));
    }
    let single = |from: &[usize]| proof.rules == Rules::Net || from.len() == 1;
    for (bi, b) in proof.branches.iter().enumerate() {
        let mut seen: BTreeMap<Lit, usize> = BTreeMap::new();
        for (i, n) in b.nodes.iter().enumerate() {
            let err = |why: &str| Err(format!("branch {bi} node {i} ({}): {why}", n.lit));
            if !base.has(n.lit) {
                return err("no candidate");
            }
            if n.from.iter().any(|&f| f >= i) {
                return err("refers to a later node");
            }
            let from: Vec<Lit> = n.from.iter().map(|&f| b.nodes[f].lit).collect();
            let ok = match n.reason {
                Reason::Assumption => i == 0 && n.lit == b.assumption && from.is_empty(),
                Reason::Cell => {
                    matches!(from[..], [p] if p.is_on() && !n.lit.is_on()
                        && p.cell() == n.lit.cell() && p.digit() != n.lit.digit())
                }
                Reason::Peer => {
                    matches!(from[..], [p] if p.is_on() && !n.lit.is_on()
                        && p.digit() == n.lit.digit() && PEERS[p.cell().index()].contains(n.lit.cell()))
                }
                Reason::NakedSingle => {
                    let c = n.lit.cell();
                    let others: Vec<Lit> = Digit::all()
                        .filter(|&e| e != n.lit.digit() && base.cand[e.index()].contains(c))
                        .map(|e| Lit::new(e, c, false))
                        .collect();
                    n.lit.is_on() && single(&n.from) && same_set(&from, &others)
                }
                Reason::HiddenSingle(h) => {
                    let d = n.lit.digit();
                    let others: Vec<Lit> = (base.cand[d.index()] & h.cells())
                        .iter()
                        .filter(|&x| x != n.lit.cell())
                        .map(|x| Lit::new(d, x, false))
                        .collect();
                    n.lit.is_on()
                        && h.cells().contains(n.lit.cell())
                        && single(&n.from)
                        && same_set(&from, &others)
                }
                Reason::Probe => replay_probe(base, proof, n, &from)?,
            };
            if !ok {
                return err(&format!("reason {} does not hold", n.reason.text()));
            }
            seen.insert(n.lit, i);
        }
        match &b.outcome {
            Outcome::Reaches(i) => {
                if b.nodes.get(*i).map(|n| n.lit) != Some(proof.conclusion) {
                    return Err(format!("branch {bi} does not reach {}", proof.conclusion));
                }
            }
            Outcome::Contradiction(kind, from) => {
                let lits: Vec<Lit> =
                    from.iter().filter_map(|&f| b.nodes.get(f).map(|n| n.lit)).collect();
                let placed = |h: House, d: Digit| !(base.cand[d.index()] & h.cells()).is_empty();
                let ok = from.len() == lits.len()
                    && match *kind {
                        Contradiction::Both(..) | Contradiction::EmptyCell(..) => {
                            same_set(&lits, &contradiction_lits(base, *kind))
                        }
                        Contradiction::EmptyHouse(h, d) => {
                            placed(h, d) && same_set(&lits, &contradiction_lits(base, *kind))
                        }
                    }
                    && !lits.is_empty();
                if !ok {
                    return Err(format!("branch {bi}: contradiction {kind} not shown"));
                }
            }
        }
    }
    match proof.premise {
        Premise::On(..) | Premise::Off(..) => {
            if !matches!(proof.branches[0].outcome, Outcome::Contradiction(..)) {
                return Err("the assumption does not contradict".into());
            }
            Ok(proof.branches[0].assumption.negate())
        }
        _ => Ok(proof.conclusion),
    }
}

/// Checks a [`Reason::Probe`] node: its premises are off literals (earlier nodes), and its
/// lower-level proof, replayed in the base minus them, refutes the node's candidate on.
fn replay_probe(base: &Base, proof: &Proof, n: &Node, from: &[Lit]) -> Result<bool, String> {
    let Some(sub) = &n.sub else { return Ok(false) };
    let assumed = n.lit.negate();
    if n.lit.is_on()
        || proof.level == 0
        || u32::from(sub.level) + 1 != u32::from(proof.level)
        || sub.premise != Premise::On(assumed.cell(), assumed.digit())
        || from.iter().any(|l| l.is_on())
    {
        return Ok(false);
    }
    let mut cand = base.cand;
    for l in from {
        cand[l.digit().index()].remove(l.cell());
    }
    let got = replay_base(&Base::from_masks(cand), sub).map_err(|e| format!("nested: {e}"))?;
    Ok(got == n.lit)
}

fn same_set(a: &[Lit], b: &[Lit]) -> bool {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a.dedup();
    a == b
}

/// The proof in words, one line per branch: for chains the path from the assumption to the
/// outcome, for nets every node with its reason and premises.
#[must_use]
pub fn text(proof: &Proof) -> String {
    let mut s = String::new();
    let what = if proof.premise.is_contradiction() {
        format!("{} leads to a contradiction, so {}", proof.premise, proof.conclusion)
    } else {
        let verb = if matches!(proof.premise, Premise::Candidate(..)) { "lead" } else { "leads" };
        format!("{} {verb} to {}", proof.premise, proof.conclusion)
    };
    let _ = writeln!(s, "{what}");
    for b in &proof.branches {
        let _ = write!(s, "  {}: ", b.assumption);
        let end = match &b.outcome {
            Outcome::Reaches(i) => vec![*i],
            Outcome::Contradiction(_, from) => from.clone(),
        };
        if proof.rules == Rules::Chain {
            let paths: Vec<String> = end.iter().map(|&i| path(b, i)).collect();
            let _ = write!(s, "{}", paths.join(" ; "));
        } else {
            let parts: Vec<String> = b
                .nodes
                .iter()
                .enumerate()
                .skip(1)
                .map(|(i, n)| {
                    let from: Vec<String> = n.from.iter().map(|f| format!("#{f}")).collect();
                    format!("#{i} {} ({} of {})", n.lit, n.reason.text(), from.join(" "))
                })
                .collect();
            let _ = write!(s, "#0 {}; {}", b.assumption, parts.join("; "));
        }
        if let Outcome::Contradiction(kind, _) = &b.outcome {
            let _ = write!(s, " => {kind}");
        }
        s.push('\n');
        for (i, n) in b.nodes.iter().enumerate() {
            if let Some(sub) = &n.sub {
                let _ = write!(s, "    #{i} {}, level {}: ", n.lit, sub.level);
                for (j, line) in text(sub).lines().enumerate() {
                    if j > 0 {
                        s.push_str("    ");
                    }
                    s.push_str(line);
                    s.push('\n');
                }
            }
        }
    }
    s
}

/// The chain from a branch's assumption to node `i` (single-premise nodes).
fn path(b: &Branch, mut i: usize) -> String {
    let mut lits = vec![b.nodes[i].lit];
    while let Some(&f) = b.nodes[i].from.first() {
        i = f;
        lits.push(b.nodes[i].lit);
    }
    lits.reverse();
    lits.iter().map(ToString::to_string).collect::<Vec<_>>().join(" -> ")
}

/// The step's one-line explanation, followed for a forcing step by its proof (re-derived from
/// `state`, the state before the step), one line per branch.
#[must_use]
pub fn explain(state: &Candidates, step: &Step) -> String {
    let mut s = step.explain();
    if step.evidence.forcing.is_some() && rules_of(step.technique).is_some() {
        match derive(state, step) {
            Ok(p) => {
                s.push('\n');
                s.push_str(text(&p).trim_end());
            }
            Err(e) => {
                let _ = write!(s, " (no proof on this state: {e})");
            }
        }
    }
    s
}

/// The cells a premise is about (the cell, or the places of the digit in the house).
pub fn premise_cells(state: &Candidates, premise: Premise) -> CellSet {
    match premise {
        Premise::None => CellSet::EMPTY,
        Premise::On(c, _) | Premise::Off(c, _) | Premise::Candidate(c, _) | Premise::Cell(c) => {
            CellSet::single(c)
        }
        Premise::House(h, d) => state.cells(d) & h.cells(),
    }
}
