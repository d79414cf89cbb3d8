//! The results of nested chain searches, remembered per thread for the puzzle being rated.
//!
//! A nested rule's search (cycles and forcing chains, multiple or dynamic forcing chains run
//! inside a dynamic propagation) is a function of the reduced grid alone: what its hints
//! rest on is kept as a trace that the propagation's start turns into candidates. SE's
//! levels search the same reduced grids again: a level runs the propagations of the level
//! below it on the same grid until its own nested rule is needed, and a step that removes
//! candidates the propagation removes anyway leaves its reduced grids as they were. The
//! first search of a grid is kept here; later ones read it. The table is emptied for each
//! puzzle and when it grows past a bound, so memory stays flat per thread. It is keyed by
//! the FxHash (`rustc-hash`) of the 243-byte identity, computed from the grid in place, and
//! each entry holds the identity itself to compare; the table is only looked up and
//! inserted into, never iterated, so the hasher changes no answer (the same holds for the
//! chain engine's sets of chain contents, hints and trace nodes).

use super::Rule;
use super::propagate::Trace;
use crate::grid::Grid;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// One hint of a nested search, in the form the propagation uses.
pub(super) struct NestedHint {
    /// The candidates it removes, in SE's order.
    pub(super) removable: Vec<(u8, u8)>,
    /// Its complexity.
    pub(super) complexity: u32,
    /// What it rests on.
    pub(super) trace: Trace,
    /// Its chains' content (equal contents are one chain, see `Chainer::chain_content`).
    pub(super) content: Vec<u16>,
}

/// A search kept: its identity (the rule and the grid's values and candidates), its result,
/// and the next search kept whose identity has the same 64-bit hash (if any).
struct Entry {
    rule: Rule,
    val: [u8; 81],
    cand: [u16; 81],
    hints: Rc<Vec<NestedHint>>,
    next: Option<Box<Entry>>,
}

impl Entry {
    fn is(&self, rule: Rule, g: &Grid) -> bool {
        self.rule == rule && self.val == g.val && self.cand == g.cand
    }
}

/// The hash of a search's identity, read from the grid in place (the table is keyed by it,
/// so a lookup copies no 243-byte key; equal hashes of different searches are chained).
fn hash_of(rule: Rule, g: &Grid) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    rule.hash(&mut h);
    g.val.hash(&mut h);
    g.cand.hash(&mut h);
    h.finish()
}

/// At most this many searches are kept (a few megabytes); past it the table starts again.
const CAPACITY: usize = 20_000;

thread_local! {
    static TABLE: std::cell::RefCell<FxHashMap<u64, Box<Entry>>> =
        std::cell::RefCell::new(FxHashMap::default());
    /// How many times the table was emptied (see [`generation`]).
    static GENERATION: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// How many times the table was emptied so far: while it stays the same, every search put
/// since is still there (a propagation that only read such searches would meet the same
/// entries again, see `Chainer::resume`).
pub(super) fn generation() -> u32 {
    GENERATION.with(|g| g.get())
}

fn emptied() {
    GENERATION.with(|g| g.set(g.get().wrapping_add(1)));
}

/// The remembered result of `rule`'s search on `g`, if any.
pub(super) fn get(rule: Rule, g: &Grid) -> Option<Rc<Vec<NestedHint>>> {
    TABLE.with(|t| {
        let t = t.borrow();
        let mut e = t.get(&hash_of(rule, g)).map(|e| &**e);
        while let Some(x) = e {
            if x.is(rule, g) {
                return Some(Rc::clone(&x.hints));
            }
            e = x.next.as_deref();
        }
        None
    })
}

/// Remembers the result of `rule`'s (complete) search on `g` (not remembered yet).
pub(super) fn put(rule: Rule, g: &Grid, hints: &Rc<Vec<NestedHint>>) {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() >= CAPACITY {
            t.clear();
            emptied();
        }
        let entry = Entry { rule, val: g.val, cand: g.cand, hints: Rc::clone(hints), next: None };
        match t.entry(hash_of(rule, g)) {
            std::collections::hash_map::Entry::Occupied(mut o) => {
                let first = o.get_mut();
                if !first.is(rule, g) {
                    let mut new = Box::new(entry);
                    new.next = first.next.take();
                    first.next = Some(new);
                }
            }
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(Box::new(entry));
            }
        }
    });
}

/// Forgets every search (a new puzzle).
pub(crate) fn forget() {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        t.clear();
        t.shrink_to(1024);
    });
    emptied();
}
