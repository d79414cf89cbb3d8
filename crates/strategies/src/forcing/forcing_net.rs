//! Forcing Net: contradiction and verity forcing nets.
//!
//! Propagation ([`super::propagate`], [`Rules::Net`]): as for forcing chains, and a cell with
//! one candidate not yet off (naked single) or a digit with one place not yet off in a house
//! (hidden single) turns it on, whatever number of eliminations made it so. The consequences
//! of an assumption form a net (a literal may need several earlier ones).
//!
//! **Find-all semantics.** Those of [`super::forcing_chain`] with these rules: for every
//! candidate `X`, propagate `X` on and `X` off to a fixpoint or the first contradiction; the
//! conclusions are the negation of each contradicting assumption and every literal common to
//! the non-contradicting branches of a cell (2+ candidates), of a digit in a house (2+
//! places) or of a candidate (on and off). Net rules derive a superset of chain rules, so
//! this is a superset of the forcing-chain conclusions. One step per conclusion with the
//! premise of the smallest key (proof depth, kind, premise), pushed in key order. Example:
//! `Forcing Net: each candidate of r5c5 leads to r1c1<>3 => r1c1<>3`.

use super::propagate::Rules;
use crate::TechniqueId;
use crate::id::{Family, Level};
use crate::sink::Sink;
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Forcing Net's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::ForcingNet,
    name: "Forcing Net",
    family: Family::Forcing,
    hodoku: Hodoku {
        order: 8600,
        score: 700,
        level: Level::Extreme,
        choice: HodokuChoice::Replaced,
    },
    se: 8.5,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Heavy,
};

/// Pushes every forcing-net step (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    super::search::find(state, sink, Rules::Net, TechniqueId::ForcingNet)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::ForcingNet;
    use crate::testkit::{EMPTY, check_not_applicable, check_step, state};
    use bitdoku_bitboard::Candidates;

    fn grid(line: &str) -> Candidates {
        crate::testkit::grid_with_singles_placed(line)
    }

    /// magictour top1465 line 61 after singles and locked candidates (no forcing chain).
    const TOP61: [&str; 9] = [
        "...4.6....2.456....2.456.....3.............8.........9.2.45..........7..1........",
        ".......8..2..5.7.9.23.5.7.9...4.........567..1.........23.5...9.23.56..9.23.56...",
        "1...........45.7.9..345.7.9.2...6.......567...2..567....345...9..3.56.89..3456.8.",
        ".2..........4..789...4..789....5......34..7.9..34..78......6...1..........3....8.",
        ".....67.9..3......1.........2...6.89.....67.9.2...678..2..5.7.9...4......2..5..8.",
        "...4.67.9...456789...456789.2...6.891.........234.678..23...7.9.23....89.23....8.",
        "....5.....2.4.67.9.2.4.67.91..........34.6..9..34.6..........8..23..6....234.67..",
        "..34.67.9...4.6789...4.6789.....6.89.2.........3456.8.1..........3.56.....34567..",
        "..34.6...1.........2.4.6.8.......7....3456.....3456.8..2345.....23.56...........9",
    ];

    #[test]
    fn house_verity_net() {
        let g = grid(&TOP61.concat());
        let s = check_step(ForcingNet, &g, "r8c2<>9");
        assert_eq!(s.explain(), "Forcing Net: each place of 9 in r4 leads to r8c2<>9 => r8c2<>9");
        let proof = crate::forcing::derive(&g, &s).unwrap();
        // A net: some node needs more than one premise.
        assert!(proof.branches.iter().any(|b| b.nodes.iter().any(|n| n.from.len() > 1)));
        assert_eq!(crate::forcing::replay(&g, &proof).unwrap().to_string(), "r8c2<>9");
    }

    #[test]
    fn nothing_on_an_empty_grid() {
        check_not_applicable(ForcingNet, &state(EMPTY, ""));
    }
}
