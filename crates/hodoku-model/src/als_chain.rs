//! HoDoKu 2.2.0's ALS chain search for the `hodoku` preset: a depth-first search over the
//! almost locked sets in HoDoKu's order (bitdoku's ALS layer keeps it), where a chain only
//! moves to an ALS listed later and never to one it already holds, and consecutive ALSs are
//! disjoint with one or two restricted commons (RCs). bitdoku's own ALS chain search moves
//! in both directions, so it finds chains HoDoKu's solver never sees.
//!
//! **Links.** The first link uses one RC of its pair (with two RCs each is tried in turn,
//! lower digit first). A later link keeps the RCs of its pair that differ from the RCs the
//! previous link used, and is refused when none is left; when the previous link used both
//! of its RCs, only its lower digit is compared (HoDoKu's rule, kept as is).
//!
//! **Eliminations.** From three links on, the digits common to the first and the last ALS,
//! other than the RCs the first and the last link used, go from every cell outside both ALSs
//! that sees all their cells holding the digit.
//!
//! **Choice.** One step per elimination set (a later one replaces it when its ALSs hold fewer
//! cells). Steps are sorted by most eliminations, then the index sum of the eliminations
//! (digit, then cell), otherwise in the order found (HoDoKu's further keys, fewer ALSs and
//! fewer cells, only order steps with the same eliminations, and there is one of those).
//!
//! Written from the rules of HoDoKu 2.2.0's `AlsSolver`, `RestrictedCommon` and
//! `SudokuStepFinder` (GPL, read, not copied).

use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet};
use bitdoku_strategies::als::sets::{Als, AlsLayer};
use bitdoku_strategies::{Step, TechniqueId};
use std::collections::HashMap;

/// HoDoKu's cap on the links of a chain.
const MAX_LINKS: usize = 50;

/// A link to a later ALS with its one or two RC digits (`c2` 0 when there is one).
#[derive(Clone, Copy, Debug)]
struct Link {
    to: usize,
    c1: u8,
    c2: u8,
}

/// Which RCs of a link are used: 1 the first, 2 the second, 3 both.
type Used = u8;

/// HoDoKu's comparison of the RCs used by the previous link (`p1`, `p2`; `p2` 0 for one)
/// with the RCs of the next pair (`c1`, `c2`): which of the next RCs stay (0: none).
fn next_used(p1: u8, p2: u8, c1: u8, c2: u8) -> Used {
    match (p2 == 0, c2 == 0) {
        (true, true) => u8::from(p1 != c1),
        (true, false) if p1 == c2 => 1,
        (true, false) if p1 == c1 => 2,
        (true, false) => 3,
        (false, true) => u8::from(p1 != c1 && p2 != c1),
        (false, false) if (p1 == c1 && p2 == c2) || (p1 == c2 && p2 == c1) => 0,
        (false, false) if p1 == c2 || p2 == c2 => 1,
        (false, false) if p1 == c1 || p2 == c1 => 2,
        (false, false) => 3,
    }
}

/// The RCs a link may use after `last` (`None` for the first link, tried `first_try`).
fn used(link: &Link, last: Option<(Link, Used)>, first_try: bool) -> Used {
    match last {
        None if link.c2 != 0 => {
            if first_try {
                1
            } else {
                2
            }
        }
        None => 1,
        Some((l, 1)) => next_used(l.c1, 0, link.c1, link.c2),
        Some((l, 2)) => next_used(l.c2, 0, link.c1, link.c2),
        Some((l, _)) => next_used(l.c1, l.c1, link.c1, link.c2),
    }
}

/// The digits of `link` that `u` selects.
fn digits_of(link: &Link, u: Used) -> [u8; 2] {
    match u {
        1 => [link.c1, 0],
        2 => [link.c2, 0],
        _ => [link.c1, link.c2],
    }
}

/// A chain found: sorted eliminations, the ALSs (start first) and the links used.
struct Found {
    dels: Vec<(u8, u8)>,
    alses: Vec<usize>,
    used: Vec<(Link, Used)>,
    cells: u32,
}

struct Search<'a> {
    alses: &'a [Als],
    forward: Vec<Vec<Link>>,
    in_chain: Vec<bool>,
    chain: Vec<(Link, Used)>,
    start: usize,
    found: Vec<Found>,
    seen: HashMap<Vec<(u8, u8)>, usize>,
}

impl Search<'_> {
    fn dfs(&mut self, from: usize, last: Option<(Link, Used)>) {
        if self.chain.len() >= MAX_LINKS {
            return;
        }
        let mut k = 0;
        let mut first_try = true;
        while k < self.forward[from].len() {
            let link = self.forward[from][k];
            k += 1;
            let u = used(&link, last, first_try);
            if u == 0 || self.in_chain[link.to] {
                continue;
            }
            self.chain.push((link, u));
            self.in_chain[link.to] = true;
            if self.chain.len() >= 3 {
                self.check(link.to);
            }
            self.dfs(link.to, Some((link, u)));
            self.in_chain[link.to] = false;
            self.chain.pop();
            if last.is_none() {
                if link.c2 != 0 && first_try {
                    first_try = false;
                    k -= 1;
                } else {
                    first_try = true;
                }
            }
        }
    }

    fn check(&mut self, end: usize) {
        let (a, b) = (&self.alses[self.start], &self.alses[end]);
        let (first, last) = (self.chain[0], self.chain[self.chain.len() - 1]);
        if !a.reach.intersects(b.reach) {
            return;
        }
        let [r1, r2] = digits_of(&first.0, first.1);
        let [r3, r4] = digits_of(&last.0, last.1);
        let rcs = [r1, r2, r3, r4];
        let common = Digit::all()
            .filter(|&d| a.digits.contains(d) && b.digits.contains(d))
            .filter(|d| !rcs.contains(&d.value()));
        let mut dels = Vec::new();
        for d in common {
            let set = (a.seen[d.index()] & b.seen[d.index()]) - a.cells - b.cells;
            dels.extend(set.iter().map(|c| (c.index() as u8, d.value())));
        }
        if dels.is_empty() {
            return;
        }
        let mut alses = vec![self.start];
        alses.extend(self.chain.iter().map(|(l, _)| l.to));
        let cells = alses.iter().map(|&i| self.alses[i].cells.len()).sum();
        let f = Found { dels, alses, used: self.chain.clone(), cells };
        match self.seen.get(&f.dels) {
            Some(&i) if self.found[i].cells > f.cells => self.found[i] = f,
            Some(_) => {}
            None => {
                self.seen.insert(f.dels.clone(), self.found.len());
                self.found.push(f);
            }
        }
    }
}

/// HoDoKu's ALS chain for `state` (see the module docs), if any.
#[must_use]
pub fn als_chain(state: &Candidates) -> Option<Step> {
    let layer = AlsLayer::for_state(state);
    let n = layer.alses.len();
    let mut forward = vec![Vec::new(); n];
    for (i, links) in forward.iter_mut().enumerate() {
        for &r in layer.rccs_of(i) {
            let rcc = &layer.rccs[r as usize];
            if usize::from(rcc.a) != i {
                continue;
            }
            let mut ds = rcc.digits.iter().map(Digit::value);
            let c1 = ds.next().unwrap_or(0);
            links.push(Link { to: usize::from(rcc.b), c1, c2: ds.next().unwrap_or(0) });
        }
        links.sort_by_key(|l| l.to);
    }
    let mut s = Search {
        alses: &layer.alses,
        forward,
        in_chain: vec![false; n],
        chain: Vec::new(),
        start: 0,
        found: Vec::new(),
        seen: HashMap::new(),
    };
    for i in 0..n {
        s.start = i;
        s.in_chain[i] = true;
        s.dfs(i, None);
        s.in_chain[i] = false;
    }
    let best = s.found.iter().enumerate().min_by_key(|(i, f)| {
        let sum = super::index_sum(f.dels.iter().map(|&(c, d)| (usize::from(c), d)));
        (usize::MAX - f.dels.len(), sum, *i)
    })?;
    Some(to_step(&layer.alses, best.1))
}

fn to_step(alses: &[Als], f: &Found) -> Step {
    let mut step = Step::new(TechniqueId::AlsChain);
    let mut digits = DigitSet::EMPTY;
    for &(c, d) in &f.dels {
        let digit = Digit::from_value(d).expect("digit 1-9");
        digits = digits.with(digit);
        step.eliminate(digit, CellSet::single(bitdoku_bitboard::Cell::new_unchecked(c)));
    }
    step.evidence.digits = digits;
    for (k, &i) in f.alses.iter().enumerate() {
        let links = f.used.get(k).map_or(DigitSet::EMPTY, |&(l, u)| {
            digits_of(&l, u)
                .into_iter()
                .filter_map(Digit::from_value)
                .fold(DigitSet::EMPTY, DigitSet::with)
        });
        step.evidence.cells |= alses[i].cells;
        let _ = step.evidence.als.push(alses[i].cells, alses[i].digits, links);
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_keep_the_rcs_the_previous_link_did_not_use() {
        // One RC after one RC: refused when equal.
        assert_eq!(next_used(3, 0, 3, 0), 0);
        assert_eq!(next_used(3, 0, 4, 0), 1);
        // One RC after two: the one that differs, or both.
        assert_eq!(next_used(3, 0, 3, 5), 2);
        assert_eq!(next_used(5, 0, 3, 5), 1);
        assert_eq!(next_used(4, 0, 3, 5), 3);
        // Two used before.
        assert_eq!(next_used(3, 5, 5, 3), 0);
        assert_eq!(next_used(3, 5, 3, 0), 0);
        assert_eq!(next_used(3, 5, 4, 0), 1);
        assert_eq!(next_used(3, 5, 4, 5), 1);
        assert_eq!(next_used(3, 5, 3, 4), 2);
        // A first link with two RCs tries the lower, then the higher.
        let two = Link { to: 1, c1: 2, c2: 7 };
        assert_eq!(used(&two, None, true), 1);
        assert_eq!(used(&two, None, false), 2);
        // After a link that used both, only its lower digit is compared.
        let next = Link { to: 2, c1: 7, c2: 0 };
        assert_eq!(used(&next, Some((two, 3)), true), 1);
    }
}
