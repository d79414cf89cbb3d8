//! Forcing Chain: contradiction and verity forcing chains with single-premise inferences.
//!
//! Propagation ([`super::propagate`], [`Rules::Chain`]): a candidate on turns off the other
//! candidates of its cell and its digit in its peers (weak links); a candidate off turns on
//! the other candidate of a bivalue cell or the other place of a digit with two places in a
//! house (strong links of the state). Every derived literal follows from one earlier literal,
//! so each consequence is the end of a chain from the assumption.
//!
//! **Find-all semantics.** For every candidate `X` of the state, propagate `X` on and `X` off
//! to a fixpoint (or the first contradiction: a candidate on and off, a cell with every
//! candidate off, a house with every place of an unplaced digit off). The conclusions are:
//! `X` off when `X` on contradicts; `X` on when `X` off contradicts; a literal derived in
//! every non-contradicting branch of an unsolved cell with 2+ candidates (each candidate on),
//! of a digit with 2+ places in a house (each place on), or of a candidate (on and off), with
//! at least one branch not contradicting. One step per conclusion (a placement or an
//! elimination), with the premise of the smallest key (proof depth, kind, premise; see
//! `search`), pushed in key order. Example: `Forcing Chain: r1c2=5 leads to a contradiction
//! => r1c2<>5`.

use super::propagate::Rules;
use crate::TechniqueId;
use crate::id::{Family, Level};
use crate::sink::Sink;
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Forcing Chain's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::ForcingChain,
    name: "Forcing Chain",
    family: Family::Forcing,
    hodoku: Hodoku {
        order: 8500,
        score: 500,
        level: Level::Extreme,
        choice: HodokuChoice::Replaced,
    },
    se: 8.0,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Heavy,
};

/// Pushes every forcing-chain step (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    super::search::find(state, sink, Rules::Chain, TechniqueId::ForcingChain)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::ForcingChain;
    use crate::testkit::{EMPTY, check_not_applicable, check_step, state};
    use bitdoku_bitboard::Candidates;

    fn grid(line: &str) -> Candidates {
        crate::testkit::grid_with_singles_placed(line)
    }

    /// magictour top1465 line 1 after singles and locked candidates.
    const TOP1: [&str; 9] = [
        "...4.........56..912...6.8.....5.789..3......1...5.789.2..5...9.2..567...2..567.9",
        "123...7....3.5...912............6...12.4..7.91..45.7.9.......8..23.5.7...2345.7.9",
        ".23..678...3.56..9.2...6.8....45.789.2.4..789...45.789.2345...9.23.567..1........",
        "123..6.....34.6...12.4.6.....34..78.....5....1.34.678.1234.............9.234..78.",
        "123.............8.12.45...9..34..7.91..4..7.91.34..7.9.....6...123.5.7...2345.7..",
        "1.3..6.........7..1..456..9.2.......1..4.6.891.34.6.891.345....1.3.5..8...345..8.",
        ".....6.8....4.6......4.6.8.1...........4.6..9.2.............7....3.56.....3.56..9",
        "....5....12...6.....3............789.....6789.....678912......9...4......2...6.89",
        "........912.4.6.........7....345..8....4.6.8...3456.8.12.......12...6.8..2...6.8.",
    ];
    /// Line 61 after singles and locked candidates: nets work there, chains do not.
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
    fn contradiction_and_verity_chains() {
        let g = grid(&TOP1.concat());
        let s = check_step(ForcingChain, &g, "r5c3<>1");
        assert_eq!(s.explain(), "Forcing Chain: r5c3=1 leads to a contradiction => r5c3<>1");
        let s = check_step(ForcingChain, &g, "r7c5=9");
        assert_eq!(s.explain(), "Forcing Chain: each candidate of r7c9 leads to r7c5=9 => r7c5=9");
        let proof = crate::forcing::derive(&g, &s).unwrap();
        assert_eq!(crate::forcing::replay(&g, &proof).unwrap().to_string(), "r7c5=9");
    }

    #[test]
    fn no_chain_where_only_nets_work_nor_on_an_empty_grid() {
        check_not_applicable(ForcingChain, &grid(&TOP61.concat()));
        check_not_applicable(ForcingChain, &state(EMPTY, ""));
    }
}
