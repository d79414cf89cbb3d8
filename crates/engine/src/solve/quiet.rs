//! The engine's memory of quiet searches ([`Quiet`]): per technique of the order, the
//! candidate masks of the last state on which it found nothing.
//!
//! `Engine::search` uses them to search only what changed since: a digit-local technique runs
//! on a state whose unchanged digits have empty masks (every digit-local search skips an empty
//! digit before any work), a house- or cell-local one gets the cells that lost a candidate.
//! The steps and their order are a full search's. The slots are reused from the thread's
//! previous solve and valid per a bitset, so a solve clears no per-technique memory.

use bitdoku_bitboard::CellSet;
use std::cell::Cell;

thread_local! {
    /// Storage of finished solves on this thread (masks, validity words), reused so that a
    /// solve neither allocates nor clears a slot per technique: it only zeroes the few
    /// validity words.
    static POOL: Cell<(Vec<[CellSet; 9]>, Vec<u64>)> = const { Cell::new((Vec::new(), Vec::new())) };
}

/// Per technique of the order (by index), the candidate masks of the last state of the solve
/// on which it found nothing, for the techniques the engine narrows (see `Engine::search`).
/// Starts empty; a slot holds masks only once [`Quiet::set`] wrote it.
pub(super) struct Quiet {
    masks: Vec<[CellSet; 9]>,
    /// Bit `i`: slot `i` holds masks.
    valid: Vec<u64>,
}

impl Quiet {
    /// An empty memory for an order of `n` techniques.
    pub(super) fn new(n: usize) -> Quiet {
        let (mut masks, mut valid) = POOL.take();
        if masks.len() < n {
            masks.resize(n, [CellSet::EMPTY; 9]);
        }
        valid.clear();
        valid.resize(n.div_ceil(64), 0);
        Quiet { masks, valid }
    }

    /// The masks recorded for technique `i`, if any.
    pub(super) fn get(&self, i: usize) -> Option<&[CellSet; 9]> {
        (self.valid[i / 64] >> (i % 64) & 1 != 0).then(|| &self.masks[i])
    }

    /// Records that technique `i` found nothing on `masks`.
    pub(super) fn set(&mut self, i: usize, masks: &[CellSet; 9]) {
        self.masks[i] = *masks;
        self.valid[i / 64] |= 1 << (i % 64);
    }
}

impl Drop for Quiet {
    fn drop(&mut self) {
        // Keep the larger buffers when solves nest on one thread.
        let mine = (std::mem::take(&mut self.masks), std::mem::take(&mut self.valid));
        let pooled = POOL.take();
        POOL.set(if pooled.0.len() > mine.0.len() { pooled } else { mine });
    }
}

#[cfg(test)]
mod tests {
    use super::Quiet;
    use bitdoku_bitboard::CellSet;

    #[test]
    fn slots_start_empty_even_when_the_storage_is_reused() {
        let full = [CellSet::ALL; 9];
        {
            let mut q = Quiet::new(130);
            assert!((0..130).all(|i| q.get(i).is_none()));
            q.set(0, &full);
            q.set(64, &full);
            q.set(129, &full);
            assert_eq!(q.get(129), Some(&full));
            assert_eq!(q.get(64), Some(&full));
            assert!(q.get(1).is_none() && q.get(128).is_none());
        }
        // The next solve on this thread gets the same storage back, and sees nothing of it.
        let q = Quiet::new(70);
        assert!((0..70).all(|i| q.get(i).is_none()));
        let mut nested = Quiet::new(300);
        assert!((0..300).all(|i| nested.get(i).is_none()));
        nested.set(299, &full);
        nested.set(255, &full);
        assert_eq!(nested.get(299), Some(&full));
        assert_eq!(nested.get(255), Some(&full));
        assert!(nested.get(256).is_none() && nested.get(298).is_none());
    }
}
