//! Soundness and semantics oracle for the singles, intersections and subsets families over
//! real puzzles.
//!
//! For a few hundred puzzles of `datasets/magictour_top1465.txt` and
//! `datasets/forum_hardest_1106.txt`, every state on the way to the solution is checked:
//! each of the 13 techniques runs in find-all mode and
//!
//! * no step may eliminate the solution's digit or place a wrong digit (solution from
//!   `bitdoku_brute`);
//! * its number of steps and the union of its placements and eliminations must equal those
//!   of a naive re-implementation written from the module docs (plain loops over cells,
//!   digits and combinations), which checks that the documented find-all semantics are the
//!   implemented ones.
//!
//! The walk then applies all steps of the first technique (in HoDoKu order) that found any,
//! so singles, intersections and subsets all get states where they fire; when none fires,
//! the solution's digit is placed in a cell with fewest candidates.

use bitdoku_bitboard::tables::{HOUSES, MINILINES};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line};
use bitdoku_strategies::TechniqueId::{self, *};
use bitdoku_strategies::registry::find_all;
use std::path::PathBuf;

const PER_FILE: usize = 60;
const TECHNIQUES: [TechniqueId; 13] = [
    FullHouse,
    NakedSingle,
    HiddenSingle,
    LockedPair,
    LockedTriple,
    LockedCandidatesPointing,
    LockedCandidatesClaiming,
    NakedPair,
    NakedTriple,
    HiddenPair,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
];

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

/// All `n`-element combinations of `items`.
fn combos<T: Copy>(items: &[T], n: usize) -> Vec<Vec<T>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        for mut rest in combos(&items[i + 1..], n - 1) {
            rest.insert(0, items[i]);
            out.push(rest);
        }
    }
    out
}

/// The effects of one technique: (steps, placements, eliminations).
type Effects = (usize, [CellSet; 9], [CellSet; 9]);

/// The naive reading of each module's find-all semantics.
fn naive(id: TechniqueId, c: &Candidates) -> Effects {
    let mut places = [CellSet::EMPTY; 9];
    let mut elims = [CellSet::EMPTY; 9];
    let mut steps = 0;
    let unsolved = |x: Cell| c.value(x).is_none();
    let house_cells = |h: CellSet| -> Vec<Cell> { h.iter().collect() };
    let size = |id: TechniqueId| match id {
        NakedPair | HiddenPair | LockedPair => 2,
        NakedTriple | HiddenTriple | LockedTriple => 3,
        _ => 4,
    };
    match id {
        FullHouse | NakedSingle | HiddenSingle => {
            for x in Cell::all().filter(|&x| unsolved(x)) {
                let ds: Vec<usize> = c.digits_at(x).iter().map(|d| d.index()).collect();
                let houses: Vec<CellSet> =
                    HOUSES.iter().copied().filter(|h| h.contains(x)).collect();
                let mut found: Vec<usize> = Vec::new();
                if id == FullHouse {
                    let last =
                        houses.iter().any(|h| h.iter().filter(|&y| unsolved(y)).count() == 1);
                    if last && ds.len() == 1 {
                        found.push(ds[0]);
                    }
                } else if id == NakedSingle {
                    if ds.len() == 1 {
                        found.push(ds[0]);
                    }
                } else {
                    for &d in &ds {
                        if houses
                            .iter()
                            .any(|h| h.iter().filter(|&y| c.has(y, digit(d))).count() == 1)
                        {
                            found.push(d);
                        }
                    }
                }
                for d in found {
                    places[d].insert(x);
                    steps += 1;
                }
            }
        }
        LockedCandidatesPointing | LockedCandidatesClaiming => {
            for (d, elim) in elims.iter_mut().enumerate() {
                for (i, &base) in HOUSES.iter().enumerate() {
                    let is_box = i >= 18;
                    if is_box != (id == LockedCandidatesPointing) {
                        continue;
                    }
                    let here: Vec<Cell> =
                        house_cells(base).into_iter().filter(|&y| c.has(y, digit(d))).collect();
                    if here.len() < 2 {
                        continue;
                    }
                    for (j, &cover) in HOUSES.iter().enumerate() {
                        if j == i || (j >= 18) == is_box || !here.iter().all(|&y| cover.contains(y))
                        {
                            continue;
                        }
                        let gone: CellSet = cover
                            .iter()
                            .filter(|&y| !base.contains(y) && c.has(y, digit(d)))
                            .collect();
                        if !gone.is_empty() {
                            *elim |= gone;
                            steps += 1;
                        }
                    }
                }
            }
        }
        LockedPair | LockedTriple => {
            let n = size(id);
            for ml in MINILINES {
                let (line, boxx) = (ml.line.cells(), ml.boxx.cells());
                let open: Vec<Cell> = ml
                    .cells
                    .iter()
                    .filter(|&y| unsolved(y) && !c.digits_at(y).is_empty())
                    .collect();
                for set in combos(&open, n) {
                    let digits = set.iter().fold(0u16, |a, &y| a | c.digits_at(y).bits());
                    if digits.count_ones() as usize != n {
                        continue;
                    }
                    let mut e = [CellSet::EMPTY; 9];
                    let (mut in_box, mut in_line) = (false, false);
                    for d in (0..9).filter(|d| digits >> d & 1 == 1) {
                        for y in
                            (line | boxx).iter().filter(|y| !set.contains(y) && c.has(*y, digit(d)))
                        {
                            e[d].insert(y);
                            in_box |= boxx.contains(y);
                            in_line |= !boxx.contains(y);
                        }
                    }
                    if in_box && in_line {
                        steps += 1;
                        for d in 0..9 {
                            elims[d] |= e[d];
                        }
                    }
                }
            }
        }
        NakedPair | NakedTriple | NakedQuad => {
            let n = size(id);
            for h in HOUSES {
                let open: Vec<Cell> = house_cells(h)
                    .into_iter()
                    .filter(|&y| unsolved(y) && !c.digits_at(y).is_empty())
                    .collect();
                for set in combos(&open, n) {
                    let digits = set.iter().fold(0u16, |a, &y| a | c.digits_at(y).bits());
                    if digits.count_ones() as usize != n {
                        continue;
                    }
                    let mut any = false;
                    for d in (0..9).filter(|d| digits >> d & 1 == 1) {
                        for y in h.iter().filter(|y| !set.contains(y) && c.has(*y, digit(d))) {
                            elims[d].insert(y);
                            any = true;
                        }
                    }
                    steps += usize::from(any);
                }
            }
        }
        HiddenPair | HiddenTriple | HiddenQuad => {
            let n = size(id);
            let mut seen: Vec<(Vec<usize>, CellSet)> = Vec::new();
            for h in HOUSES {
                let spots: [CellSet; 9] =
                    std::array::from_fn(|d| h.iter().filter(|&y| c.has(y, digit(d))).collect());
                let pool: Vec<usize> =
                    (0..9).filter(|&d| (1..=n as u32).contains(&spots[d].len())).collect();
                for ds in combos(&pool, n) {
                    let cells = ds.iter().fold(CellSet::EMPTY, |a, &d| a | spots[d]);
                    if cells.len() as usize != n {
                        continue;
                    }
                    let mut e = [CellSet::EMPTY; 9];
                    let mut any = false;
                    for d in (0..9).filter(|d| !ds.contains(d)) {
                        for y in cells.iter().filter(|&y| c.has(y, digit(d))) {
                            e[d].insert(y);
                            any = true;
                        }
                    }
                    if any && !seen.contains(&(ds.clone(), cells)) {
                        seen.push((ds, cells));
                        steps += 1;
                        for d in 0..9 {
                            elims[d] |= e[d];
                        }
                    }
                }
            }
        }
        _ => unreachable!(),
    }
    (steps, places, elims)
}

#[test]
fn basic_techniques_never_break_the_solution_and_match_their_documented_semantics() {
    let mut fired = [0usize; 13];
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
            while !c.is_solved() {
                states += 1;
                let mut first: Option<Effects> = None;
                for (k, &id) in TECHNIQUES.iter().enumerate() {
                    let steps = find_all(id, &c);
                    fired[k] += steps.len();
                    let mut mine: Effects = (steps.len(), [CellSet::EMPTY; 9], [CellSet::EMPTY; 9]);
                    for s in &steps {
                        for d in 0..9 {
                            for cell in s.eliminations[d] {
                                assert_ne!(
                                    solution[cell.index()],
                                    d as u8 + 1,
                                    "{id} removes the solution: {}",
                                    s.explain()
                                );
                            }
                            for cell in s.placements[d] {
                                assert_eq!(
                                    solution[cell.index()],
                                    d as u8 + 1,
                                    "{id} places a wrong digit: {}",
                                    s.explain()
                                );
                            }
                            mine.1[d] |= s.placements[d];
                            mine.2[d] |= s.eliminations[d];
                        }
                    }
                    assert_eq!(mine, naive(id, &c), "{id}: fast and naive differ on {c:?}");
                    if first.is_none() && mine.0 > 0 {
                        first = Some(mine);
                    }
                }
                if let Some((_, places, elims)) = first {
                    bitdoku_strategies::apply_effects(&mut c, &places, &elims);
                } else {
                    let cell = Cell::all()
                        .filter(|&x| !c.digits_at(x).is_empty())
                        .min_by_key(|&x| c.digits_at(x).len())
                        .unwrap();
                    c.place(cell, digit(usize::from(solution[cell.index()] - 1)));
                }
            }
        }
    }
    eprintln!(
        "{states} states; steps per technique: {:?}",
        TECHNIQUES.iter().zip(fired).collect::<Vec<_>>()
    );
    assert!(fired.iter().all(|&n| n > 0), "every technique should fire somewhere: {fired:?}");
}
