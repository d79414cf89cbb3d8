//! The tests of [`Failed`]: the no-hint test, the level-3 test and [`PassLinks`] against
//! the XY graph's (and the X and Y passes' graphs') answers on reduced grids of a hard
//! puzzle.

use super::super::reach::Links;
use super::multiple::{Group, groups, multiple_may_hint, reach_meet};
use super::*;

/// [`PassLinks`] and the aims answer as a pass's graph's components (`reach`, built
/// with bits) for every candidate as root (of a bivalue cell only, with
/// `bivalue_only`: the Y pass starts only there) and every potential the root reaches.
fn links_equal_the_graph(
    failed: &mut Failed,
    reach: &super::super::reach::Reach,
    g: &Grid,
    bivalue_only: bool,
) -> usize {
    let mut trivial = 0;
    let round = (bivalue_only, failed.cell_links, failed.house_links);
    let keys: Vec<u16> = (0..81)
        .flat_map(|c| digits(g.cand[c]).flat_map(move |d| [key(c, d, false), key(c, d, true)]))
        .collect();
    for c in 0..81 {
        if bivalue_only && g.count(c) != 2 {
            continue;
        }
        for d in digits(g.cand[c]) {
            let (on, off) = (key(c, d, true), key(c, d, false));
            // A cycle of the pass's graph through `on` (`reach`) whose only on potential
            // is `on` (a component of one strong candidate) gives the search nothing.
            let (got, want) = (failed.on_cycle(c, d), reach.on_cycle(on));
            assert!(!got || want, "{round:?} {c} {d}");
            if want && !got {
                let mut fast = super::super::fast::Fast::new();
                fast.arrays();
                let mut found = Vec::new();
                fast.cycles(reach, on, u32::MAX, &mut found);
                assert!(found.is_empty(), "{round:?} {c} {d}");
                trivial += 1;
            }
            for (root, target) in [(on, off), (off, on)] {
                let want = reach.reaches(root, target);
                let got = if root == on { failed.aim_off(c, d) } else { failed.aim_on(c, d) };
                assert_eq!(got, want, "{round:?} {c} {d} {root}");
                let links = PassLinks { links: reach, failed, g, y: true, x: true };
                for &k in keys.iter().filter(|&&k| k != root && reach.reaches(root, k)) {
                    let want = k == target || reach.reaches(k, target);
                    // The searches read the aim only after a yes (`aim_off` aims only
                    // then).
                    if got || root == off {
                        assert_eq!(links.leads_to(k, target), want, "{round:?} {root} {k}");
                    }
                    if root == on {
                        assert_eq!(links.beside(k, on), reach.beside(k, on), "{round:?} {k}");
                    }
                }
            }
        }
    }
    trivial
}

/// The tests (no-hint and level 3) equal the XY graph's on reduced grids of a hard
/// puzzle: every candidate kept with a fixed probability, a few hundred draws.
#[test]
fn failed_literals_equal_the_xy_graph() {
    let puzzle =
        b"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let values: [u8; 81] = std::array::from_fn(|i| puzzle[i].saturating_sub(b'0') % 10);
    let start = Grid::from_values(&values);
    let mut failed = Failed::default();
    let mut reach = super::super::reach::Reach::default();
    let mut seed = 0x9e37_79b9_u64;
    let (mut yes, mut no) = (0, 0);
    let (mut multiple_yes, mut multiple_no) = (0, 0);
    let mut links_checked = 0;
    // Roots on a cycle of the graph that the strong-link graph skips (see `on_cycle`).
    let mut trivial = 0;
    for round in 0..400 {
        let mut g = start.clone();
        // From 0 to about 30% of the candidates removed.
        let keep = 70 + (round % 31) as u64;
        for c in 0..81 {
            for d in digits(start.cand[c]) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 100 >= keep && g.count(c) > 1 {
                    g.remove(c, d);
                }
            }
        }
        reach.build_xy(&g);
        let want = reach.any_forcing();
        assert_eq!(failed.any(&g), want, "round {round}");
        if want {
            yes += 1;
            if round % 8 == 0 {
                failed.complete();
                trivial += links_equal_the_graph(&mut failed, &reach, &g, false);
                // The X pass's and the Y pass's graphs, as the searches build them.
                let mut fast = super::super::fast::Fast::new();
                fast.prepare(&g);
                for (y, x) in [(false, true), (true, false)] {
                    let mut pass = super::super::reach::Reach::default();
                    pass.build_over(&fast, &g, y, x, true, true, !x);
                    let mut failed = Failed::default();
                    failed.pass(&g, y, x);
                    trivial += links_equal_the_graph(&mut failed, &pass, &g, !x);
                    // The pass's part of the XY links read from the grid is the
                    // tables' links (in the Y pass, those between bivalue cells).
                    let mut xy = super::super::reach::Reach::default();
                    xy.build_links(&g, true, true, false);
                    let links = PassLinks { links: &xy, failed: &failed, g: &g, y, x };
                    for c in (0..81).filter(|&c| x || g.count(c) == 2) {
                        for d in digits(g.cand[c]) {
                            for k in [key(c, d, false), key(c, d, true)] {
                                let got: Vec<u16> = links
                                    .succ_keys(k)
                                    .iter()
                                    .copied()
                                    .filter(|&o| x || g.count(unkey(o).0) == 2)
                                    .collect();
                                assert_eq!(got, pass.succ_keys(k), "{k}");
                            }
                        }
                    }
                }
                links_checked += 1;
            }
        } else {
            no += 1;
            // Built afresh (`any` may have answered from its memory), then the
            // candidates' loop `fill_off_reach` replaces says no too.
            assert!(!failed.any_built(&g), "round {round}");
            assert!(!failed.any_candidate(&g), "round {round}");
        }
        let want = multiple_may_hint(&reach, &g);
        // The width the grid takes, then the wider ones.
        for width in [0, 8, 24] {
            let got = match width {
                0 => failed.multiple_may_hint(&g),
                8 => failed.multiple_may_hint_in::<8>(&g),
                _ => failed.multiple_may_hint_in::<24>(&g),
            };
            assert_eq!(got, want, "multiple, round {round}, width {width}");
            // Every cell's and house's answer (what `Chainer::closures_meet` would say)
            // is the XY graph's: whether its assumptions reach a common component.
            for c in 0..81 {
                if g.count(c) <= 2 {
                    assert_eq!(failed.cell_meets(&g, c), None, "round {round} {c}");
                }
            }
            for (group, keys) in groups(&g) {
                let want = Some(reach_meet(&reach, &keys));
                match group {
                    Group::Cell(c) => {
                        assert_eq!(failed.cell_meets(&g, c), want, "round {round} {c}");
                    }
                    Group::House(r, d) => {
                        let got = failed.house_meets(&g, r, d);
                        assert_eq!(got, want, "round {round} {r} {d}");
                    }
                }
            }
        }
        if want { multiple_yes += 1 } else { multiple_no += 1 }
    }
    assert!(yes > 20 && no > 20, "{yes} {no}");
    assert!(links_checked >= 5, "{links_checked}");
    assert!(trivial > 0, "{trivial}");
    assert!(multiple_yes > 20 && multiple_no > 20, "{multiple_yes} {multiple_no}");
}
