//! Which candidates' on potentials reach their off potentials in [`Failed`]'s graph, for
//! every position at once: the last question of [`Failed::any`] and the answers of
//! [`Failed::aim_off`].

use super::*;
use crate::dirty::peers;
use crate::grid::sees;

impl Failed {
    /// The answers of [`Failed::aim_off`] for every position at once. `(c, d)` on reaches
    /// `(c, d)` off exactly when `b` is in `through(w)` for two strong weak neighbours `w`
    /// and `b` of `(c, d)` (`b` may be `w`), that is when `(c, d)` is a weak neighbour of
    /// both (the relation is symmetric), so the candidates are marked per such pair: all of
    /// `W(w)` when `through(w)` holds `w`; for `b` of `w`'s digit, that digit in the cells
    /// that see both cells; with cell links, for `b` in `w`'s cell, the cell's other
    /// digits, and for `b` in a cell that sees `w`'s, `b`'s digit in `w`'s cell and `w`'s
    /// digit in `b`'s (a weak neighbour with another digit is in the same cell). Without
    /// cell links the weak neighbours are the digit's peers only.
    pub(super) fn fill_off_reach(&mut self) {
        let (n, words, cell_links) = (self.strong.len(), self.words, self.cell_links);
        let mut p = [0u128; 9];
        for i in 0..n {
            let w = self.strong[i] as usize;
            let (cw, dw) = (w / 9, w % 9);
            let mut seen = 0u128;
            for (jw, &word) in self.through[i * words..(i + 1) * words].iter().enumerate() {
                let mut m = word;
                while m != 0 {
                    let j = jw * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let b = self.strong[j] as usize;
                    let (cb, db) = (b / 9, b % 9);
                    if j == i {
                        p[dw] |= peers(cw);
                        if cell_links {
                            for (e, pe) in p.iter_mut().enumerate() {
                                if e != dw {
                                    *pe |= 1 << cw;
                                }
                            }
                        }
                    } else if db == dw {
                        seen |= peers(cb);
                    } else if !cell_links {
                    } else if cb == cw {
                        for (e, pe) in p.iter_mut().enumerate() {
                            if e != dw && e != db {
                                *pe |= 1 << cw;
                            }
                        }
                    } else if sees(cw, cb) {
                        p[db] |= 1 << cw;
                        p[dw] |= 1 << cb;
                    }
                }
            }
            p[dw] |= peers(cw) & seen;
        }
        self.off_reach = p;
        self.off_reach_ready = true;
    }

    /// The candidates' loop [`Failed::fill_off_reach`] replaces in [`Failed::any`] (per
    /// candidate, the strong weak neighbours' rows summed and met with the strong weak
    /// neighbours), kept to check it.
    #[cfg(test)]
    pub(super) fn any_candidate(&self, g: &Grid) -> bool {
        let (number, through, at, words) = (&self.number, &self.through, &self.at, self.words);
        for c in 0..81 {
            for d in digits(g.cand[c]) {
                let (mut reach, mut weak) = ([0u64; OFF_WORDS], [0u64; OFF_WORDS]);
                at.weak_of(c, d, true, |w| {
                    let s = number[w] as usize;
                    for j in 0..words {
                        reach[j] |= through[s * words + j];
                    }
                    weak[s / 64] |= 1 << (s % 64);
                });
                if (0..words).any(|j| reach[j] & weak[j] != 0) {
                    return true;
                }
            }
        }
        false
    }
}
