//! A dynamic level's propagations, and how a level takes over those of the level below:
//! each candidate's propagation (assumed on, and off) is computed once per search; a
//! level that searches the grid the level below searched completely takes over its node
//! arena, chain identities and propagations ([`Chainer::take_over`]) and goes on from
//! where each stopped ([`Chainer::resume`], which says why the result is the same).

use super::*;

/// The result of propagating one assumption.
pub(super) struct Outcome {
    pub(super) on: PotSet,
    pub(super) off: PotSet,
    pub(super) absurd: Option<(u32, u32)>,
    /// The level whose propagation this is: a lower level's propagation is the start of a
    /// higher level's, which goes on from where it stopped (see [`Chainer::resume`]).
    pub(super) level: u32,
    /// Whether it ended at a call of the nested rules that found nothing (or, at level 0,
    /// without calling them): a higher level's goes on from there.
    pub(super) quiet: bool,
    /// The nested-search memo's generation when the propagation started.
    pub(super) generation: u32,
}

impl Chainer {
    /// Takes over the propagations of `lower`'s last search if it was a complete dynamic
    /// search of `g` at a lower level (the same propagation rules): its nodes, chain
    /// identities and cached outcomes become this search's (each goes on at this level
    /// when first asked, see [`Chainer::resume`]); `lower` gets this engine's old ones,
    /// which its next search recycles. Returns whether it did.
    pub(super) fn take_over(&mut self, lower: &mut Chainer, g: &Grid) -> bool {
        let same_kind = |r: Rule| r.dynamic && r.multiple && !r.nishio;
        if !(same_kind(self.rule) && same_kind(lower.rule) && lower.rule.level < self.rule.level)
            || propagate::first_new_stage(lower.rule.level, self.rule.level).is_none()
            || lower.searched.as_ref() != Some(g)
        {
            return false;
        }
        lower.searched = None;
        std::mem::swap(&mut self.nodes, &mut lower.nodes);
        std::mem::swap(&mut self.pool, &mut lower.pool);
        std::mem::swap(&mut self.chain_ids, &mut lower.chain_ids);
        std::mem::swap(&mut self.on_cache, &mut lower.on_cache);
        std::mem::swap(&mut self.off_cache, &mut lower.off_cache);
        std::mem::swap(&mut self.outcomes, &mut lower.outcomes);
        true
    }

    /// The propagation from candidate `k` (an on key) assumed true, computed once per search
    /// and shared by binary, cell and house chains: returns its index in the cache.
    pub(super) fn on_outcome(&mut self, g: &Grid, k: u16) -> usize {
        let i = (k / 2) as usize;
        self.on_cache[i] = self.outcome(g, k, self.on_cache[i]);
        i
    }

    /// The propagation from candidate `k` (an on key) assumed false, kept as
    /// [`Chainer::on_outcome`]'s (only the next level reads it again): its index in
    /// `outcomes`.
    pub(super) fn off_outcome(&mut self, g: &Grid, k: u16) -> usize {
        let i = (k / 2) as usize;
        self.off_cache[i] = self.outcome(g, k ^ 1, self.off_cache[i]);
        self.off_cache[i] as usize
    }

    /// The index in `outcomes` of this level's propagation from the potential `root` on
    /// `g`: `at` if it is one (NONE: none yet), else a new one, going on from a lower
    /// level's at `at` when that one can be resumed ([`Chainer::resume`]).
    pub(super) fn outcome(&mut self, g: &Grid, root: u16, at: u32) -> u32 {
        if at != NONE {
            let o = &self.outcomes[at as usize];
            if o.level == self.rule.level || o.absurd.is_some() {
                return at;
            }
            if let Some(stage) = propagate::first_new_stage(o.level, self.rule.level)
                && o.quiet
                && o.generation == memo::generation()
            {
                self.resume(g, at as usize, stage);
                return at;
            }
        }
        let generation = memo::generation();
        let mut on = self.take_set();
        let mut off = self.take_set();
        let n = self.node(root, &[]);
        Self::insert(if root & 1 == 1 { &mut on } else { &mut off }, root, n);
        let absurd = self.propagate(g, &mut on, &mut off);
        self.detach(&mut on);
        self.detach(&mut off);
        self.outcomes.push(Outcome {
            on,
            off,
            absurd,
            level: self.rule.level,
            quiet: self.quiet,
            generation,
        });
        (self.outcomes.len() - 1) as u32
    }

    /// Goes on with a lower level's propagation `outcomes[at]` (on `g`, the search's grid)
    /// at this level, from where it stopped.
    ///
    /// A level's propagation is a lower level's until the lower one stops: both apply the
    /// same links, and the nested rules in the same order (basic rules first, then forcing
    /// chains and multiple forcing chains, see [`nested_rule`]); the lower level stops at a
    /// call of its nested rules that finds nothing (`quiet`), where the higher one asks
    /// the same rules again (they find nothing on the same reduced grid) and then its own.
    /// So the higher level's propagation is the lower one's followed by what comes after:
    /// the same potentials in the same order, with the same parents. The reduced grid there
    /// is `g` less every off potential (each was removed when it left the queue, and both
    /// queues were empty). The nested searches of the lower level's part were put in the
    /// memo and are still there if it was not emptied since (`generation`), so the higher
    /// level would only have read them: no budget is counted and the memo is unchanged. A
    /// contradiction ends both alike. Chain identities are numbers given in order of first
    /// use and only compared for equality, so taking them over from the lower level's search
    /// keeps equal chains equal and distinct ones distinct.
    pub(super) fn resume(&mut self, g: &Grid, at: usize, stage: usize) {
        let (mut on, mut off) = (self.take_bare(), self.take_bare());
        let o = &mut self.outcomes[at];
        std::mem::swap(&mut o.on, &mut on);
        std::mem::swap(&mut o.off, &mut off);
        self.attach(&mut on);
        self.attach(&mut off);
        let mut reduced = g.clone();
        for &n in &off.list {
            let (c, d, _) = unkey(self.key_of(n));
            reduced.remove(c, d);
        }
        let absurd = self.propagate_on(g, reduced, &mut on, &mut off, Some(stage));
        self.detach(&mut on);
        self.detach(&mut off);
        let quiet = self.quiet;
        let level = self.rule.level;
        let o = &mut self.outcomes[at];
        std::mem::swap(&mut o.on, &mut on);
        std::mem::swap(&mut o.off, &mut off);
        o.absurd = absurd;
        o.level = level;
        o.quiet = quiet;
        // The two empty sets swapped in above go back to the spares.
        self.spare.push(on);
        self.spare.push(off);
    }
}
