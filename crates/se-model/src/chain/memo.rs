//! The results of nested chain searches, remembered per thread for the puzzle being rated.
//!
//! A nested rule's search (cycles and forcing chains, multiple or dynamic forcing chains run
//! inside a dynamic propagation) is a function of the reduced grid alone: what its hints
//! rest on is kept as a trace that the propagation's start turns into candidates. SE's
//! levels search the same reduced grids again: a level runs the propagations of the level
//! below it on the same grid until its own nested rule is needed, and a step that removes
//! candidates the propagation removes anyway leaves its reduced grids as they were. The
//! first search of a grid is kept here; later ones read it. The table is emptied for each
//! puzzle and when it grows past a bound, so memory stays flat per thread. It is a
//! `hashbrown::HashTable` keyed by the FxHash (`rustc-hash`) of the 243-byte identity,
//! computed from the grid in place, and each entry holds the identity itself to compare (a
//! library table rather than a chained map of our own); the table is only looked up and
//! inserted into, never iterated, so the hasher changes no answer (the same holds for the
//! chain engine's sets of chain contents, hints and trace nodes).

use super::Rule;
use super::propagate::Trace;
use crate::grid::Grid;
use hashbrown::HashTable;
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

/// A search kept: its identity (the rule and the grid's values and candidates), the hash of
/// the identity, and its result. Boxed in the table, so growing the table moves pointers,
/// not 250-byte entries.
struct Entry {
    rule: Rule,
    val: [u8; 81],
    cand: [u16; 81],
    hash: u64,
    hints: Rc<Vec<NestedHint>>,
}

impl Entry {
    fn is(&self, rule: Rule, g: &Grid) -> bool {
        self.rule == rule && self.val == g.val && self.cand == g.cand
    }
}

/// The hash of a search's identity, read from the grid in place (a lookup copies no
/// 243-byte key: `hashbrown::HashTable` takes the hash and compares entries in place).
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
    static TABLE: std::cell::RefCell<HashTable<Box<Entry>>> =
        const { std::cell::RefCell::new(HashTable::new()) };
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
    TABLE
        .with(|t| t.borrow().find(hash_of(rule, g), |e| e.is(rule, g)).map(|e| Rc::clone(&e.hints)))
}

/// Remembers the result of `rule`'s (complete) search on `g` (not remembered yet).
pub(super) fn put(rule: Rule, g: &Grid, hints: &Rc<Vec<NestedHint>>) {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() >= CAPACITY {
            t.clear();
            emptied();
        }
        let hash = hash_of(rule, g);
        let entry = Entry { rule, val: g.val, cand: g.cand, hash, hints: Rc::clone(hints) };
        t.insert_unique(hash, Box::new(entry), |e| e.hash);
    });
}

/// Forgets every search (a new puzzle).
pub(crate) fn forget() {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        t.clear();
        t.shrink_to(1024, |e| e.hash);
    });
    emptied();
}
