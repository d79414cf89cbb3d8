//! [`Step`]: what a technique reports. Data only: the technique id, placements and
//! eliminations as one [`CellSet`] per digit, and a little [`Evidence`] for explanations.
//! [`Step::apply`] is the one generic applier every engine uses.

use crate::als_list::AlsList;
use crate::chain::Chain;
use crate::id::TechniqueId;
use crate::premise::Premise;
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet, HouseSet};
use std::fmt::Write as _;

/// The pattern that justifies a step. Every field is optional (empty when unused).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    /// The digits the pattern is about (HoDoKu's `<candidates>` field: a subset's digits, a
    /// fish's digit, a wing's digits; the placed digit for singles).
    pub digits: DigitSet,
    /// All cells of the pattern (subset cells, fish body, wing cells, rectangle corners).
    pub cells: CellSet,
    /// Base houses (fish base sets, the house of a subset or single).
    pub base: HouseSet,
    /// Cover houses (fish cover sets, the box or line that is cleared).
    pub cover: HouseSet,
    /// Fin cells (finned and sashimi fish).
    pub fins: CellSet,
    /// Pivot or stem cells (wings).
    pub pivot: CellSet,
    /// Pincer or branch cells (wings), or the strong-link ends (single-digit patterns).
    pub pincers: CellSet,
    /// The chain or loop (chains and colouring); empty for other techniques.
    pub chain: Chain,
    /// The almost locked sets (ALS techniques), with the digits that link them.
    pub als: AlsList,
    /// The assumptions of a forcing step (their consequences are re-derived on demand).
    pub forcing: Premise,
}

/// One deduction: placements and eliminations, with the evidence for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Which technique found it.
    pub technique: TechniqueId,
    /// `placements[d]`: cells where digit `d` is placed.
    pub placements: [CellSet; 9],
    /// `eliminations[d]`: cells that lose candidate `d`.
    pub eliminations: [CellSet; 9],
    /// The justifying pattern.
    pub evidence: Evidence,
}

impl Step {
    /// An empty step of technique `technique`.
    pub const fn new(technique: TechniqueId) -> Step {
        Step {
            technique,
            placements: [CellSet::EMPTY; 9],
            eliminations: [CellSet::EMPTY; 9],
            evidence: Evidence {
                digits: DigitSet::EMPTY,
                cells: CellSet::EMPTY,
                base: HouseSet::EMPTY,
                cover: HouseSet::EMPTY,
                fins: CellSet::EMPTY,
                pivot: CellSet::EMPTY,
                pincers: CellSet::EMPTY,
                chain: Chain::EMPTY,
                als: AlsList::EMPTY,
                forcing: Premise::None,
            },
        }
    }

    /// Adds eliminations of `digit` in `cells`.
    pub fn eliminate(&mut self, digit: Digit, cells: CellSet) {
        self.eliminations[digit.index()] |= cells;
    }

    /// Adds a placement.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.placements[digit.index()].insert(cell);
    }

    /// Whether the step places or eliminates nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.placements.iter().chain(&self.eliminations).all(|m| m.is_empty())
    }

    /// Number of placements plus eliminations.
    #[must_use]
    pub fn effect_count(&self) -> u32 {
        self.placements.iter().chain(&self.eliminations).map(|m| m.len()).sum()
    }

    /// Whether the step changes `state`: it removes a present candidate or places a digit
    /// in a cell that still has it as a candidate.
    #[must_use]
    pub fn changes(&self, state: &Candidates) -> bool {
        (0..9).any(|d| {
            let m = state.masks()[d];
            m.intersects(self.eliminations[d]) || m.intersects(self.placements[d])
        })
    }

    /// Applies the step: eliminations first, then placements in digit order then cell order.
    /// A placement whose candidate is already gone (only possible on a broken state) is
    /// skipped, so the result is deterministic whatever the state. Returns whether anything
    /// changed.
    pub fn apply(&self, state: &mut Candidates) -> bool {
        apply_effects(state, &self.placements, &self.eliminations)
    }

    /// The step in the `r1c2=5`, `r3c4<>7` notation, placements first.
    pub fn effects_text(&self) -> Vec<String> {
        let mut out = self.placements_text();
        out.extend(self.eliminations_text());
        out
    }

    /// The placements as `r1c2=5`, digit by digit, cells in order.
    #[must_use]
    pub fn placements_text(&self) -> Vec<String> {
        Digit::all()
            .flat_map(|d| self.placements[d.index()].iter().map(move |cell| format!("{cell}={d}")))
            .collect()
    }

    /// The eliminations as `r3c4<>7`, digit by digit, cells in order.
    #[must_use]
    pub fn eliminations_text(&self) -> Vec<String> {
        Digit::all()
            .flat_map(|d| {
                self.eliminations[d.index()].iter().map(move |cell| format!("{cell}<>{d}"))
            })
            .collect()
    }

    /// A one-line human explanation: the technique's name, the pattern in words, then the
    /// effects, e.g. `Hidden Single: in b8, 4 fits only in r9c6 => r9c6=4` or
    /// `X-Wing on 5: base r1 r5, cover c2 c7 => r3c2<>5, r8c7<>5`.
    #[must_use]
    pub fn explain(&self) -> String {
        use crate::Family;
        let e = &self.evidence;
        let id = self.technique;
        let mut s = String::from(id.name());
        let first_place =
            Digit::all().find_map(|d| self.placements[d.index()].first().map(|c| (c, d)));
        match (id, first_place) {
            (TechniqueId::FullHouse, Some((cell, d))) => {
                let _ = write!(s, ": {cell} is the last empty cell of {}, so it holds {d}", e.base);
            }
            (TechniqueId::NakedSingle, Some((cell, d))) => {
                let _ = write!(s, ": {cell} has {d} as its only candidate");
            }
            (TechniqueId::HiddenSingle, Some((cell, d))) => {
                let _ = write!(s, ": in {}, {d} fits only in {cell}", e.base);
            }
            (TechniqueId::SueDeCoq, _) if e.als.len() == 3 => {
                // `Sue de Coq: r1c1 r1c2 {1234} in r1 b1, line set r1c5 {125}, box set ...`.
                let [c, l, b] = [0, 1, 2].map(|i| e.als.entries()[i]);
                let _ = write!(
                    s,
                    ": {} {{{}}} in {}, line set {} {{{}}}, box set {} {{{}}}",
                    c.cells(),
                    c.digits(),
                    e.base,
                    l.cells(),
                    l.digits(),
                    b.cells(),
                    b.digits()
                );
            }
            _ if e.forcing.is_some() => {
                // `Forcing Chain: r1c2=5 leads to a contradiction => r1c2<>5`; verities:
                // `Forcing Net: each candidate of r1c2 leads to r3c4<>5 => r3c4<>5`.
                let outcome = self.effects_text().join(", ");
                if e.forcing.is_contradiction() {
                    let _ = write!(s, ": {} leads to a contradiction", e.forcing);
                } else {
                    let verb = match e.forcing {
                        Premise::Candidate(..) => "lead",
                        _ => "leads",
                    };
                    let _ = write!(s, ": {} {verb} to {outcome}", e.forcing);
                }
            }
            _ if !e.als.is_empty() => {
                // `ALS-XZ: (r2c1 r2c5 {147}) -4- (r6c5 r9c5 {467}), z 7 => ...`; a death
                // blossom: `stem r5c5, 1: (r1c5 r2c5 {156}), 2: (...)`.
                let _ = write!(s, ": ");
                if e.pivot.is_empty() {
                    let _ = write!(s, "{}", e.als);
                } else {
                    let _ = write!(s, "stem {}", e.pivot);
                    for a in e.als.entries() {
                        let _ = write!(s, ", {}: ({} {{{}}})", a.links(), a.cells(), a.digits());
                    }
                }
                if !e.digits.is_empty() {
                    let _ = write!(s, ", z {}", e.digits);
                }
            }
            _ if !e.chain.is_empty() => {
                // Eureka notation: `X-Chain 5: (5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2 => r3c2<>5`.
                if !e.digits.is_empty() {
                    let _ = write!(s, " {}", e.digits);
                }
                let _ = write!(s, ": {}", e.chain);
            }
            _ => {
                let fish = id.family() == Family::Fish || id == TechniqueId::KrakenFish;
                let single_digit = id.family() == Family::SingleDigit || fish;
                if !e.digits.is_empty() {
                    let on = if single_digit { " on " } else { " " };
                    let _ = write!(s, "{on}{}", e.digits);
                }
                let mut parts: Vec<String> = Vec::new();
                if !e.base.is_empty() {
                    parts.push(format!("{} {}", if fish { "base" } else { "in" }, e.base));
                }
                if !e.cover.is_empty() {
                    parts.push(format!("cover {}", e.cover));
                }
                if !e.cells.is_empty() {
                    parts.push(format!("cells {}", e.cells));
                }
                if !e.pivot.is_empty() {
                    parts.push(format!("pivot {}", e.pivot));
                }
                if !e.pincers.is_empty() {
                    let word = if single_digit { "ends" } else { "pincers" };
                    parts.push(format!("{word} {}", e.pincers));
                }
                if !e.fins.is_empty() {
                    parts.push(format!("fins {}", e.fins));
                }
                if !parts.is_empty() {
                    let _ = write!(s, ": {}", parts.join(", "));
                }
            }
        }
        let _ = write!(s, " => {}", self.effects_text().join(", "));
        s
    }
}

/// Applies placements and eliminations given as one mask per digit, with the rules of
/// [`Step::apply`]. Used for single steps and for the union of a batch.
pub fn apply_effects(
    state: &mut Candidates,
    placements: &[CellSet; 9],
    eliminations: &[CellSet; 9],
) -> bool {
    let any_elims = eliminations.iter().any(|e| !e.is_empty());
    apply_with(state, any_elims, |d| eliminations[d], |d| placements[d])
}

/// [`apply_effects`] of a batch's union, leaving the union clear (every mask empty, no steps)
/// for the next batch. Each mask is cleared as it is read, so no separate clearing pass (a
/// `memset` call per batch) is needed.
pub fn apply_union(state: &mut Candidates, union: &mut crate::sink::Union) -> bool {
    let crate::sink::Union { placements, eliminations, steps } = union;
    *steps = 0;
    // Eliminations are read (and cleared) only when there are some: otherwise all are empty.
    let any_elims = eliminations.iter().any(|e| !e.is_empty());
    apply_with(
        state,
        any_elims,
        |d| std::mem::take(&mut eliminations[d]),
        |d| std::mem::take(&mut placements[d]),
    )
}

/// The rules of [`Step::apply`] with the masks of digit `d` given by `elims(d)` (asked only
/// when `any_elims`) and `places(d)`.
fn apply_with(
    state: &mut Candidates,
    any_elims: bool,
    mut elims: impl FnMut(usize) -> CellSet,
    mut places: impl FnMut(usize) -> CellSet,
) -> bool {
    let mut changed = false;
    // A batch of singles has no eliminations: one test instead of nine masks.
    if any_elims {
        for d in Digit::all() {
            changed |= state.eliminate(d, elims(d.index()));
        }
    }
    for d in Digit::all() {
        for cell in places(d.index()) {
            if state.has(cell, d) {
                state.place(cell, d);
                changed = true;
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `apply_union` changes the state as `apply_effects` does and leaves the union clear, with
    /// and without eliminations.
    #[test]
    fn apply_union_applies_then_clears() {
        let d = |v| Digit::from_value(v).unwrap();
        let mut with_elims = crate::sink::Union::default();
        with_elims.placements[4] = CellSet::single(Cell::from_rc(0, 0));
        with_elims.placements[6] = CellSet::single(Cell::from_rc(8, 8));
        with_elims.eliminations[2] = CellSet::single(Cell::from_rc(3, 3));
        with_elims.steps = 3;
        let mut places_only = crate::sink::Union::default();
        places_only.placements[0] = CellSet::single(Cell::from_rc(4, 4));
        places_only.steps = 1;
        for mut union in [with_elims, places_only] {
            let (mut a, mut b) = (Candidates::new(), Candidates::new());
            let _ = b.eliminate(d(9), CellSet::single(Cell::from_rc(8, 8)));
            let _ = a.eliminate(d(9), CellSet::single(Cell::from_rc(8, 8)));
            let expected = apply_effects(&mut a, &union.placements, &union.eliminations);
            assert!(expected);
            assert_eq!(apply_union(&mut b, &mut union), expected);
            assert_eq!(a, b);
            assert_eq!(union.steps, 0);
            assert!(union.placements.iter().chain(&union.eliminations).all(|m| m.is_empty()));
            // A clear union changes nothing.
            assert!(!apply_union(&mut b, &mut union));
            assert_eq!(a, b);
        }
    }

    #[test]
    fn apply_and_text() {
        let mut c = Candidates::new();
        let mut s = Step::new(TechniqueId::NakedSingle);
        let five = Digit::from_value(5).unwrap();
        s.place(Cell::from_rc(0, 0), five);
        s.eliminate(Digit::from_value(7).unwrap(), CellSet::single(Cell::from_rc(8, 8)));
        assert!(s.changes(&c));
        assert_eq!(s.effects_text(), ["r1c1=5", "r9c9<>7"]);
        assert!(s.apply(&mut c));
        assert_eq!(c.value(Cell::from_rc(0, 0)), Some(five));
        assert!(!s.changes(&c));
        assert!(!s.apply(&mut c));
        assert_eq!(
            s.explain(),
            "Naked Single: r1c1 has 5 as its only candidate => r1c1=5, r9c9<>7"
        );
        let mut h = Step::new(TechniqueId::HiddenSingle);
        h.place(Cell::from_rc(8, 5), Digit::from_value(4).unwrap());
        h.evidence.base = HouseSet::single(bitdoku_bitboard::House::boxx(7));
        assert_eq!(h.explain(), "Hidden Single: in b8, 4 fits only in r9c6 => r9c6=4");
        let mut x = Step::new(TechniqueId::XWing);
        x.evidence.digits = DigitSet::single(five);
        x.evidence.base = [0, 4].into_iter().map(bitdoku_bitboard::House::row).collect();
        x.evidence.cover = [1, 6].into_iter().map(bitdoku_bitboard::House::col).collect();
        x.eliminate(five, CellSet::single(Cell::from_rc(2, 1)));
        assert_eq!(x.explain(), "X-Wing on 5: base r1 r5, cover c2 c7 => r3c2<>5");
    }
}
