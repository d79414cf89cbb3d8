//! The fast measures against plain references written straight from Berthier's definitions,
//! and against the solution (no elimination may remove a digit of a solution).
//!
//! States come from random solution grids (a shuffled pattern grid) with random givens kept:
//! the grid is then a solution of the puzzle (maybe not the only one), which is all the
//! soundness check needs.

use bitdoku_bitboard::tables::{HOUSES, PEERS};
use bitdoku_classify::chains::{ChainSearch, Kind};
use bitdoku_classify::te::{Brt, te_close};
use bitdoku_classify::{Budget, Grid};

/// A random solution grid: the pattern grid with its digits relabelled and its rows and
/// columns shuffled within bands and stacks, bands and stacks shuffled.
fn random_solution(rng: &mut fastrand::Rng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut fastrand::Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            out.extend(inner.iter().map(|i| 3 * b + i));
        }
        out
    };
    let (rows, cols) = (order(rng), order(rng));
    std::array::from_fn(|i| {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        digits[(r * 3 + r / 3 + c) % 9]
    })
}

/// A puzzle of `givens` random cells of a random solution.
fn random_puzzle(rng: &mut fastrand::Rng, givens: usize) -> ([u8; 81], [u8; 81]) {
    let sol = random_solution(rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut p = [0u8; 81];
    for &c in &cells[..givens] {
        p[c] = sol[c];
    }
    (p, sol)
}

/// Naive BRT on cell masks (a cell with one candidate is decided): ECP, naked and hidden
/// singles by whole passes; `None` on a contradiction.
fn naive_brt(mut cells: [u16; 81]) -> Option<[u16; 81]> {
    let mut done = [false; 81];
    loop {
        let mut changed = false;
        for c in 0..81 {
            if cells[c] == 0 {
                return None;
            }
            if !done[c] && cells[c].count_ones() == 1 {
                done[c] = true;
                changed = true;
                for p in PEERS[c] {
                    let p = p.index();
                    if cells[p] & cells[c] != 0 {
                        if cells[p] == cells[c] {
                            return None;
                        }
                        cells[p] &= !cells[c];
                    }
                }
            }
        }
        for h in HOUSES {
            for d in 0..9 {
                let at: Vec<usize> =
                    h.into_iter().map(|c| c.index()).filter(|&c| cells[c] >> d & 1 == 1).collect();
                if at.is_empty() {
                    return None;
                }
                if at.len() == 1 && cells[at[0]] != 1 << d {
                    cells[at[0]] = 1 << d;
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(cells);
        }
    }
}

/// Naive T&E(BRT, 1) on cell masks.
fn naive_te1(cells: [u16; 81]) -> Option<[u16; 81]> {
    let mut cells = naive_brt(cells)?;
    loop {
        let mut changed = false;
        for c in 0..81 {
            for d in 0..9 {
                if cells[c] >> d & 1 == 0 || cells[c].count_ones() == 1 {
                    continue;
                }
                let mut copy = cells;
                copy[c] = 1 << d;
                if naive_brt(copy).is_none() {
                    cells[c] &= !(1 << d);
                    cells = naive_brt(cells)?;
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(cells);
        }
    }
}

fn cells_of(values: &[u8; 81]) -> [u16; 81] {
    std::array::from_fn(|c| if values[c] > 0 { 1 << (values[c] - 1) } else { 0x1ff })
}

fn grid_cells(g: &Grid) -> [u16; 81] {
    std::array::from_fn(|c| {
        let v = g.values()[c];
        if v > 0 { 1 << (v - 1) } else { g.cell_digits()[c] }
    })
}

#[test]
fn te1_matches_naive_reference() {
    let mut rng = fastrand::Rng::with_seed(7);
    let mut compared = 0;
    for round in 0..40 {
        let (p, _) = random_puzzle(&mut rng, 20 + round % 8);
        let Some(mut g) = Grid::from_values(&p) else { continue };
        let fast = te_close(&mut Brt, &mut g, 1, None, &mut Budget::unlimited()).unwrap();
        let slow = naive_te1(cells_of(&p));
        assert_eq!(fast, slow.is_some(), "round {round}");
        if let Some(cells) = slow {
            assert_eq!(grid_cells(&g), cells, "round {round}");
            compared += 1;
        }
    }
    assert!(compared > 25, "compared {compared}");
}

/// A candidate `81 * digit + cell`.
type Cand = usize;

fn linked(a: Cand, b: Cand) -> bool {
    let (da, ca, db, cb) = (a / 81, a % 81, b / 81, b % 81);
    a != b
        && (ca == cb
            || (da == db && PEERS[ca].contains(bitdoku_bitboard::Cell::new_unchecked(cb as u8))))
}

/// The CSP variables of a grid: each undecided cell's candidates, each undecided digit's
/// places in a house.
fn variables(g: &Grid) -> Vec<Vec<Cand>> {
    let mut out = Vec::new();
    for c in 0..81 {
        let ds = g.cell_digits()[c];
        if ds != 0 {
            out.push((0..9).filter(|d| ds >> d & 1 == 1).map(|d| d * 81 + c).collect());
        }
    }
    for d in 0..9 {
        for (h, house) in HOUSES.iter().enumerate() {
            if g.placed_houses()[d] >> h & 1 == 0 {
                out.push(
                    house
                        .into_iter()
                        .filter(|c| g.has(d, c.index()))
                        .map(|c| d * 81 + c.index())
                        .collect(),
                );
            }
        }
    }
    out
}

/// Whether a whip or braid of length at most `n` for `z` exists, straight from the definition.
fn naive_chain(vars: &[Vec<Cand>], z: Cand, rs: &mut Vec<Cand>, n: usize, whip: bool) -> bool {
    let seen = |x: Cand, rs: &[Cand]| linked(x, z) || rs.iter().any(|&r| linked(x, r));
    let last = rs.last().copied().unwrap_or(z);
    for v in vars {
        if v.contains(&z) {
            continue;
        }
        let joined =
            if whip { v.iter().any(|&x| linked(x, last)) } else { v.iter().any(|&x| seen(x, rs)) };
        if !joined {
            continue;
        }
        let free: Vec<Cand> = v.iter().copied().filter(|&x| !seen(x, rs)).collect();
        if free.is_empty() {
            return true;
        }
        if free.len() == 1 && rs.len() + 1 < n && !rs.contains(&free[0]) {
            rs.push(free[0]);
            let found = naive_chain(vars, z, rs, n, whip);
            rs.pop();
            if found {
                return true;
            }
        }
    }
    false
}

#[test]
fn whips_and_braids_match_naive_reference_and_keep_the_solution() {
    let mut rng = fastrand::Rng::with_seed(11);
    let (mut fired, mut quiet) = (0, 0);
    for round in 0..12 {
        let (p, sol) = random_puzzle(&mut rng, 24 + round % 6);
        let Some(g) = Grid::from_values(&p) else { continue };
        let vars = variables(&g);
        for kind in [Kind::Whip, Kind::Braid] {
            let mut s = ChainSearch::new(kind, &g);
            for d in 0..9 {
                for (c, &want) in sol.iter().enumerate() {
                    if !g.has(d, c) {
                        continue;
                    }
                    let z = d * 81 + c;
                    for n in 1..=3u32 {
                        let fast = s.exists(z, n, &mut Budget::unlimited()).unwrap();
                        let slow =
                            naive_chain(&vars, z, &mut Vec::new(), n as usize, kind == Kind::Whip);
                        assert_eq!(fast, slow, "round {round} {kind:?} z {z} n {n}");
                        if fast {
                            assert_ne!(usize::from(want), d + 1, "eliminates the solution");
                            fired += 1;
                        } else {
                            quiet += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(fired > 100 && quiet > 100, "fired {fired} quiet {quiet}");
}

#[test]
fn trial_and_error_keeps_the_solution() {
    let mut rng = fastrand::Rng::with_seed(5);
    for round in 0..20 {
        let (p, sol) = random_puzzle(&mut rng, 18 + round % 10);
        let Some(mut g) = Grid::from_values(&p) else { continue };
        assert!(
            te_close(&mut Brt, &mut g, 2, None, &mut Budget::new(Some(200_000), None))
                .unwrap_or(true)
        );
        for (c, &want) in sol.iter().enumerate() {
            let v = g.values()[c];
            assert!(v == 0 || v == want, "round {round}: cell {c} decided wrong");
            if v == 0 {
                assert!(
                    g.has(usize::from(want) - 1, c),
                    "round {round}: solution digit of cell {c} removed"
                );
            }
        }
    }
}

/// A search capped every few nodes and resumed where it stopped, again and again, answers as
/// the uncapped search does, with the same chain (the same depth-first order).
#[test]
fn capped_searches_resume_where_they_stopped() {
    let (mut resumed, mut fired) = (0, 0);
    // The README's T&E(1) examples (W 5, W 6): real chains, hundreds of nodes per target.
    let puzzles = [
        ".7........2.57....9.......876...8.3...4....29.....35....6.91....5...2..3.9.4...6.",
        "................12..3..4.........3...1..5....65.7....4...81..5...2....9...4......",
    ];
    for (round, line) in puzzles.iter().enumerate() {
        let p: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
        let g = Grid::from_values(&p).expect("BRT keeps the puzzle consistent");
        for kind in [Kind::Whip, Kind::Braid] {
            let mut s = ChainSearch::new(kind, &g);
            for z in (0..729).filter(|&z| g.has(z / 81, z % 81)) {
                let n = 4 + (z as u32 % 4);
                let mut whole = Budget::unlimited();
                let want = s.exists(z, n, &mut whole).unwrap();
                let want_links = s.right_links();
                let (mut path, mut steps) = (Vec::new(), Budget::unlimited());
                let cap = 1 + (z as u64 % 3);
                let got = loop {
                    match s.exists_within(z, n, &mut steps, cap, &mut path).unwrap() {
                        Some(found) => break found,
                        None => resumed += 1,
                    }
                };
                assert_eq!(got, want, "round {round} {kind:?} z {z} n {n}");
                assert!(path.is_empty());
                if want {
                    assert_eq!(s.right_links(), want_links, "round {round} {kind:?} z {z}");
                    fired += 1;
                }
            }
        }
    }
    assert!(resumed > 500 && fired > 100, "resumed {resumed} fired {fired}");
}
