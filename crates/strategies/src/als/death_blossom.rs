//! Death Blossom: a stem cell and, for each of its candidates d, an almost locked set (a
//! petal) holding d whose d-cells all see the stem. Whatever the stem holds, the petal of that
//! digit loses it and is locked, so it holds every other digit of its own. For every digit z
//! that all petals hold and the stem does not, one petal holds z: every cell that sees all
//! z-cells of all petals loses z.
//!
//! ```text
//!   Death Blossom: stem r5c5, 1: (r1c5 r2c5 {156}), 2: (r5c1 {25}), z 5 => r1c1<>5
//! ```
//!
//! Rating: HoDoKu score 360 (unfair; off in HoDoKu's default set), SE 8.5.
//!
//! # Find-all semantics
//!
//! Candidate steps: one per stem and choice of pairwise disjoint petals (one per stem candidate, none
//! holding the stem, the petal of d joined to the stem by d) whose eliminations are not
//! empty: for every digit z held by every petal and not by the stem, the cells outside the
//! petals that see every z-cell of every petal. Stems in cell order, petals chosen for the
//! stem's digits in ascending order, each among the ALSs in HoDoKu's order (see
//! [`super::sets`]). A choice is abandoned as soon as no digit can still eliminate anything.
//! Only the first step of each elimination set is pushed.
//! Evidence: the stem as `pivot`, the petals (each linked to the stem by its digit).

use super::sets::{Als, AlsLayer};
use super::{als_step, is_empty};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, Cell, CellSet, DigitSet};
use std::ops::ControlFlow;

/// Death Blossom's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::DeathBlossom,
    name: "Death Blossom",
    family: Family::Als,
    hodoku: Hodoku { order: 6000, score: 360, level: Level::Unfair, choice: HodokuChoice::First },
    se: 8.5,
    reglib: Reglib::Codes(&["0904"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Wide,
};

/// Pushes every death blossom of `state` (disjoint petals; see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(state, &AlsLayer::for_state(state), sink)
}

/// The same with overlapping petals allowed.
pub fn find_overlapping(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(state, &AlsLayer::build(state, true), sink)
}

struct Blossom<'a> {
    layer: &'a AlsLayer,
    stem: Cell,
    /// `petals[k]`: the ALS indices that can be the petal of the k-th stem digit.
    petals: Vec<(usize, Vec<usize>)>,
    chosen: Vec<usize>,
    /// Elimination sets pushed so far (unless the sink keeps only the union).
    seen: std::collections::HashSet<[u128; 9]>,
}

fn search(state: &Candidates, layer: &AlsLayer, sink: &mut dyn Sink) -> ControlFlow<()> {
    // `by_stem[cell * 9 + d]`: the ALSs that can be the petal of digit d for stem `cell` (its
    // d-cells all see the cell, which is outside it: the ALS's `seen[d]`), in ALS order.
    let mut by_stem: Vec<Vec<usize>> = vec![Vec::new(); 81 * 9];
    for (i, a) in layer.alses.iter().enumerate() {
        for d in a.digits.iter() {
            for cell in a.seen[d.index()] {
                by_stem[cell.index() * 9 + d.index()].push(i);
            }
        }
    }
    for stem in state.unsolved() {
        let digits = state.digits_at(stem);
        if digits.len() < 2 {
            continue;
        }
        let mut petals = Vec::with_capacity(digits.len() as usize);
        for d in digits.iter() {
            let list = std::mem::take(&mut by_stem[stem.index() * 9 + d.index()]);
            if list.is_empty() {
                break;
            }
            petals.push((d.index(), list));
        }
        if petals.len() != digits.len() as usize {
            continue;
        }
        let mut b = Blossom { layer, stem, petals, chosen: Vec::new(), seen: Default::default() };
        let zs = DigitSet::from_bits(0x1ff & !digits.bits());
        let mut open = [CellSet::ALL; 9];
        b.grow(0, zs, CellSet::single(stem), &mut open, sink)?;
    }
    ControlFlow::Continue(())
}

impl Blossom<'_> {
    /// Chooses the petal of the `k`-th stem digit; `zs` are the digits every petal so far holds
    /// (none of the stem's), `open[z]` the cells that still see every z-cell chosen so far.
    fn grow(
        &mut self,
        k: usize,
        zs: DigitSet,
        used: CellSet,
        open: &mut [CellSet; 9],
        sink: &mut dyn Sink,
    ) -> ControlFlow<()> {
        if k == self.petals.len() {
            return self.emit(zs, used, open, sink);
        }
        let overlap = self.layer.overlap();
        for p in 0..self.petals[k].1.len() {
            let i = self.petals[k].1[p];
            let a: &Als = &self.layer.alses[i];
            if !overlap && a.cells.intersects(used) {
                continue;
            }
            let z2 = DigitSet::from_bits(zs.bits() & a.digits.bits());
            let mut next = *open;
            let mut alive = false;
            for z in z2.iter() {
                next[z.index()] &= a.seen[z.index()] - a.cells;
                alive |= !next[z.index()].is_empty();
            }
            if !alive {
                continue;
            }
            self.chosen.push(i);
            let flow = self.grow(k + 1, z2, used | a.cells, &mut next, sink);
            self.chosen.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    fn emit(
        &mut self,
        zs: DigitSet,
        used: CellSet,
        open: &[CellSet; 9],
        sink: &mut dyn Sink,
    ) -> ControlFlow<()> {
        let mut elims = [CellSet::EMPTY; 9];
        for z in zs.iter() {
            elims[z.index()] = open[z.index()] - used;
        }
        if is_empty(&elims) {
            return ControlFlow::Continue(());
        }
        if !sink.union_only() && !self.seen.insert(elims.map(|m| m.bits())) {
            return ControlFlow::Continue(());
        }
        let petals: Vec<(&Als, DigitSet)> = self
            .chosen
            .iter()
            .zip(&self.petals)
            .map(|(&i, &(d, _))| {
                (
                    &self.layer.alses[i],
                    DigitSet::single(bitdoku_bitboard::Digit::new_unchecked(d as u8)),
                )
            })
            .collect();
        let mut step = als_step(TechniqueId::DeathBlossom, elims, &petals);
        step.evidence.pivot = CellSet::single(self.stem);
        step.evidence.cells |= CellSet::single(self.stem);
        sink.push(step)
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::pencil;
    use crate::TechniqueId::DeathBlossom;
    use crate::testkit::{check_not_applicable, check_step};

    /// Stem r5c5 {1,2}. Petal of 1: r1c5 {1,5} + r2c5 {1,6} (column 5, digits 156; both 1s
    /// see the stem). Petal of 2: r5c1 {2,5} (row 5). Both petals hold 5 and the stem does not;
    /// the 5s are r1c5 and r5c1, and r1c1 sees both.
    #[test]
    fn two_petals() {
        let s = pencil("r5c5=12 r1c5=15 r2c5=16 r5c1=25", "");
        let step = check_step(DeathBlossom, &s, "r1c1<>5");
        assert_eq!(step.evidence.als.len(), 2);
    }

    /// A solved grid has no stem.
    #[test]
    fn none_on_a_solved_grid() {
        let s = crate::testkit::state(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            "",
        );
        check_not_applicable(DeathBlossom, &s);
    }
}
