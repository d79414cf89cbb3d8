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
