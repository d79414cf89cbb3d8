//! Tests of the forcing search: verities on packed outcome words against the per-digit
//! intersection they replaced, on many states.

use super::*;

impl Work {
    /// The depth of literal `derived` in the outcome of assumption `lit`.
    fn depth(&self, lit: usize, derived: usize) -> u8 {
        self.depths[usize::from(self.slot[lit]) * self.n + usize::from(self.slot[derived])]
    }

    /// The verity as first written (per-digit cell sets, every digit visited).
    fn verity_reference(&mut self, branches: &[usize], kind: u64, premise: u64) {
        let cells = |o: &Outcome, word: usize| {
            CellSet::from_bits_truncate(
                u128::from(o.words[word]) | u128::from(o.words[word + 1]) << 64,
            )
        };
        let mut on = [CellSet::ALL; 9];
        let mut off = [CellSet::ALL; 9];
        let mut live = 0;
        let mut worst_broken = 0u16;
        for &b in branches {
            let o = self.outcome(b);
            if o.broken != UNREACHED {
                worst_broken = worst_broken.max(o.broken);
                continue;
            }
            live += 1;
            for d in 0..9 {
                on[d] &= cells(o, 2 * d);
                off[d] &= cells(o, 18 + 2 * d);
            }
        }
        if live == 0 {
            return;
        }
        for d in 0..9 {
            for (mask, is_on) in [(on[d], true), (off[d], false)] {
                for c in mask {
                    let lit = Lit::new(Digit::new_unchecked(d as u8), c, is_on);
                    let li = lit_index(lit);
                    let mut depth = u64::from(worst_broken);
                    for &b in branches {
                        if self.outcome(b).broken == UNREACHED {
                            depth = depth.max(u64::from(self.depth(b, li)));
                        }
                    }
                    self.offer(li, key(depth, kind, premise));
                }
            }
        }
    }
}

#[test]
fn verities_match_the_reference_on_many_states() {
    let mut work = Work::new();
    let mut rng = fastrand::Rng::with_seed(0x7e51_7e57);
    let mut offered = 0;
    for state in crate::forcing::test_states::varied(12, 5) {
        let base = Base::new(&state);
        for rules in [Rules::Chain, Rules::Net] {
            work.run_all(&base, rules);
            let cands: Vec<usize> = (0..CANDIDATES)
                .filter(|&i| base.cand[i / 81].contains(Cell::new_unchecked((i % 81) as u8)))
                .collect();
            for _ in 0..400 {
                // Any 1-9 assumptions of the state, on or off.
                let k = rng.usize(1..=9.min(cands.len().max(1)));
                let branches: Vec<usize> = (0..k)
                    .filter_map(|_| {
                        let c = *cands.get(rng.usize(..cands.len().max(1)))?;
                        Some(c * 2 + usize::from(rng.bool()))
                    })
                    .collect();
                work.best.fill(NO_KEY);
                work.verity(&branches, 2, 77);
                let new = work.best.clone();
                work.best.fill(NO_KEY);
                work.verity_reference(&branches, 2, 77);
                assert_eq!(new, work.best, "branches {branches:?}");
                offered += new.iter().filter(|&&k| k != NO_KEY).count();
            }
        }
    }
    assert!(offered > 10_000, "{offered} conclusions offered");
}

/// A net search on the state of the last chain search keeps the chain outcomes that left out
/// no net single; every outcome and depth row then equals that of a fresh net search, and
/// some are kept.
#[test]
fn net_runs_after_chain_runs_equal_fresh_net_runs() {
    let (mut reused, mut fresh) = (Work::new(), Work::new());
    let mut kept = 0;
    for state in crate::forcing::test_states::varied(12, 5) {
        let base = Base::new(&state);
        reused.run_all(&base, Rules::Chain);
        kept += reused.net_same[..reused.n].iter().filter(|&&same| same).count();
        reused.run_all(&base, Rules::Net);
        fresh.last = None;
        fresh.run_all(&base, Rules::Net);
        let n = fresh.n;
        assert_eq!(reused.n, n);
        for k in 0..n {
            let (a, b) = (&reused.outcomes[k], &fresh.outcomes[k]);
            assert_eq!((a.words, a.nonzero, a.broken), (b.words, b.nonzero, b.broken), "slot {k}");
            // Depths are meaningful where the outcome derived a literal.
            for word in 0..WORDS {
                let mut w = b.words[word];
                while w != 0 {
                    let li = word_lit(word, w.trailing_zeros());
                    w &= w - 1;
                    let col = usize::from(fresh.slot[li]);
                    assert_eq!(reused.depths[k * n + col], fresh.depths[k * n + col], "slot {k}");
                }
            }
        }
        // A second net search on the same state propagates everything again.
        reused.run_all(&base, Rules::Net);
        assert_eq!(reused.last, Some((base.cand, Rules::Net)));
    }
    assert!(kept > 1_000, "{kept} outcomes kept");
}
