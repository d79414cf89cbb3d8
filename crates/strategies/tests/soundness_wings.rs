//! Soundness and semantics oracle for the wings family over real puzzles.
//!
//! For a few hundred puzzles of `datasets/magictour_top1465.txt` and
//! `datasets/forum_hardest_1106.txt`, the state is reduced with local singles and locked
//! candidates (written here so the test does not depend on the other families), then every
//! wing technique runs in find-all mode and:
//!
//! * no step may eliminate the solution's digit (solution from `bitdoku_brute`);
//! * the union of its eliminations and its number of steps must equal those of a naive
//!   re-implementation written from the module docs (cell loops, no bitboard tricks beyond
//!   peers), which checks that the documented find-all semantics are the implemented ones.
//!
//! The union of the wings' (verified) eliminations is then applied and the reduction goes on;
//! when nothing applies, the solution's digit is placed in a cell with fewest candidates, so
//! every puzzle is followed down to its solution through many sparser states.

use bitdoku_bitboard::tables::{HOUSES, PEERS};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line};
use bitdoku_strategies::TechniqueId::{self, WWing, WxyzWing, XyWing, XyzWing};
use bitdoku_strategies::registry::find_all;
use std::path::PathBuf;

const PER_FILE: usize = 300;
const WINGS: [TechniqueId; 4] = [WWing, XyWing, XyzWing, WxyzWing];

fn puzzles(name: &str) -> Vec<Candidates> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| parse_line(l).ok().flatten())
        .take(PER_FILE)
        .map(|p| p.candidates())
        .collect()
}

fn digit(d: usize) -> Digit {
    Digit::new_unchecked(d as u8)
}

/// Naked singles, hidden singles and locked candidates (pointing and claiming) until nothing
/// changes.
fn reduce(c: &mut Candidates) {
    loop {
        let mut changed = false;
        for d in 0..9 {
            for cell in c.cells(digit(d)) {
                if c.has(cell, digit(d)) && c.digits_at(cell).len() == 1 {
                    c.place(cell, digit(d));
                    changed = true;
                }
            }
            for h in HOUSES {
                let m = c.cells(digit(d)) & h;
                if m.is_single() {
                    c.place(m.first().unwrap(), digit(d));
                    changed = true;
                }
            }
            for line in bitdoku_bitboard::tables::MINILINES {
                let m = c.cells(digit(d));
                let (inter, boxx, ln) =
                    (m & line.cells, m & line.boxx.cells(), m & line.line.cells());
                if !inter.is_empty() && boxx == inter {
                    changed |= c.eliminate(digit(d), ln - inter);
                }
                if !inter.is_empty() && ln == inter {
                    changed |= c.eliminate(digit(d), boxx - inter);
                }
            }
        }
        if !changed {
            return;
        }
    }
}

fn sees(a: Cell, b: Cell) -> bool {
    PEERS[a.index()].contains(b)
}

fn common_peers(cells: &[Cell]) -> CellSet {
    cells.iter().fold(CellSet::ALL, |acc, c| acc & PEERS[c.index()])
}

fn one_house(cells: &[Cell]) -> bool {
    cells.iter().all(|&a| cells.iter().all(|&b| a == b || sees(a, b)))
}

/// (steps, eliminations) of the naive reading of each module's find-all semantics.
fn naive(id: TechniqueId, c: &Candidates) -> (usize, [CellSet; 9]) {
    let unsolved: Vec<Cell> = Cell::all().filter(|&x| !c.digits_at(x).is_empty()).collect();
    let ds = |x: Cell| -> Vec<usize> { c.digits_at(x).iter().map(|d| d.index()).collect() };
    let mut elims = [CellSet::EMPTY; 9];
    let mut steps = 0;
    let mut add = |z: usize, t: CellSet| {
        let t = t & c.cells(digit(z));
        if !t.is_empty() {
            elims[z] |= t;
            steps += 1;
        }
    };
    match id {
        XyWing | XyzWing => {
            let n = if id == XyWing { 2 } else { 3 };
            let bivalue: Vec<(Cell, Vec<usize>)> =
                unsolved.iter().map(|&x| (x, ds(x))).filter(|(_, d)| d.len() == 2).collect();
            for &p in &unsolved {
                let pd = ds(p);
                if pd.len() != n {
                    continue;
                }
                for (a, ad) in &bivalue {
                    for (b, bd) in &bivalue {
                        let (a, b) = (*a, *b);
                        if !sees(p, a) || !sees(p, b) {
                            continue;
                        }
                        // a = {x,z}, b = {y,z}, x < y.
                        let Some(&z) = ad.iter().find(|d| bd.contains(d)) else { continue };
                        let x = ad.iter().copied().find(|&d| d != z).unwrap();
                        let y = bd.iter().copied().find(|&d| d != z).unwrap();
                        if x >= y {
                            continue;
                        }
                        let ok = if id == XyWing {
                            pd == [x, y] && z != x && z != y
                        } else {
                            let mut want = vec![x, y, z];
                            want.sort();
                            pd == want
                        };
                        if ok {
                            let mut cells = vec![a, b];
                            if id == XyzWing {
                                cells.push(p);
                            }
                            add(z, common_peers(&cells));
                        }
                    }
                }
            }
        }
        WWing => {
            for (i, &c1) in unsolved.iter().enumerate() {
                for &c2 in &unsolved[i + 1..] {
                    let d = ds(c1);
                    if d.len() != 2 || ds(c2) != d || sees(c1, c2) {
                        continue;
                    }
                    for (x, y) in [(d[0], d[1]), (d[1], d[0])] {
                        let linked = HOUSES.iter().any(|&h| {
                            let ends: Vec<Cell> = (c.cells(digit(x)) & h).iter().collect();
                            ends.len() == 2
                                && ((sees(ends[0], c1) && sees(ends[1], c2))
                                    || (sees(ends[1], c1) && sees(ends[0], c2)))
                        });
                        if linked {
                            add(y, common_peers(&[c1, c2]));
                        }
                    }
                }
            }
        }
        WxyzWing => {
            let pool: Vec<(Cell, u16)> = unsolved
                .iter()
                .map(|&x| (x, c.digits_at(x).bits()))
                .filter(|&(_, m)| (2..=4).contains(&m.count_ones()))
                .collect();
            let n = pool.len();
            for i in 0..n {
                for j in i + 1..n {
                    if (pool[i].1 | pool[j].1).count_ones() > 4 {
                        continue;
                    }
                    for k in j + 1..n {
                        if (pool[i].1 | pool[j].1 | pool[k].1).count_ones() > 4 {
                            continue;
                        }
                        for l in k + 1..n {
                            let s = [pool[i].0, pool[j].0, pool[k].0, pool[l].0];
                            let m = [pool[i].1, pool[j].1, pool[k].1, pool[l].1];
                            if (m[0] | m[1] | m[2] | m[3]).count_ones() != 4 {
                                continue;
                            }
                            let pairs_ok =
                                (0..4).all(|a| (a + 1..4).all(|b| (m[a] | m[b]).count_ones() >= 3));
                            let triples_ok = (0..4).all(|skip| {
                                let t = (0..4).filter(|&q| q != skip).fold(0, |acc, q| acc | m[q]);
                                t.count_ones() == 4
                            });
                            if !pairs_ok || !triples_ok {
                                continue;
                            }
                            let holders = |d: usize| -> Vec<Cell> {
                                (0..4).filter(|&q| m[q] >> d & 1 == 1).map(|q| s[q]).collect()
                            };
                            let unrestricted: Vec<usize> =
                                (0..9).filter(|&d| !one_house(&holders(d))).collect();
                            if let [z] = unrestricted[..] {
                                add(z, common_peers(&holders(z)));
                            }
                        }
                    }
                }
            }
        }
        _ => unreachable!(),
    }
    (steps, elims)
}

#[test]
fn wings_never_remove_the_solution_and_match_their_documented_semantics() {
    let mut fired = [0usize; 4];
    let mut states = 0;
    for file in ["magictour_top1465.txt", "forum_hardest_1106.txt"] {
        for start in puzzles(file) {
            let (count, solution) = bitdoku_brute::solve_unique(&start.search_masks());
            assert_eq!(
                count,
                bitdoku_brute::Count::One,
                "{file}: puzzle without a unique solution"
            );
            let solution = solution.unwrap().0;
            let mut c = start;
            loop {
                reduce(&mut c);
                if c.is_solved() {
                    break;
                }
                states += 1;
                let mut union = [CellSet::EMPTY; 9];
                for (k, &id) in WINGS.iter().enumerate() {
                    let steps = find_all(id, &c);
                    fired[k] += steps.len();
                    if id == WxyzWing {
                        // Documented claim: every WXYZ-Wing lies within two houses.
                        for s in &steps {
                            let cells = s.evidence.cells;
                            let bent = HOUSES
                                .iter()
                                .any(|&h1| HOUSES.iter().any(|&h2| cells.is_subset(h1 | h2)));
                            assert!(bent, "not within two houses: {}", s.explain());
                        }
                    }
                    let mut mine = [CellSet::EMPTY; 9];
                    for s in &steps {
                        for (d, m) in s.eliminations.iter().enumerate() {
                            for cell in *m {
                                assert_ne!(
                                    solution[cell.index()],
                                    d as u8 + 1,
                                    "{id} removes the solution digit: {}",
                                    s.explain()
                                );
                            }
                            mine[d] |= *m;
                        }
                    }
                    let (n, expected) = naive(id, &c);
                    assert_eq!(
                        (steps.len(), mine),
                        (n, expected),
                        "{id}: fast and naive differ on {c:?}"
                    );
                    for d in 0..9 {
                        union[d] |= mine[d];
                    }
                }
                let mut changed = false;
                for (d, m) in union.iter().enumerate() {
                    changed |= c.eliminate(digit(d), *m);
                }
                if !changed {
                    // Stalled: place the solution's digit in the first cell with the fewest
                    // candidates, so the run visits the later, sparser states too.
                    let cell = Cell::all()
                        .filter(|&x| !c.digits_at(x).is_empty())
                        .min_by_key(|&x| c.digits_at(x).len())
                        .unwrap();
                    c.place(cell, digit(usize::from(solution[cell.index()] - 1)));
                }
            }
        }
    }
    eprintln!("{states} states; steps w/xy/xyz/wxyz: {fired:?}");
    assert!(fired.iter().all(|&n| n > 0), "every wing should fire somewhere: {fired:?}");
}
