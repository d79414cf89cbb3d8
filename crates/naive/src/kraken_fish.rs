//! Kraken Fish the way a tabling solver adds it on top of its forcing chains: enumerate the
//! finned row/column fish with nested loops over lines, and ask the forcing-chain closure of
//! each fin (and of each body candidate of a cover line) what it turns off.
//!
//! Re-derived from the find-all definition in the `//!` docs of `bitdoku-strategies`'
//! `forcing/kraken_fish.rs` (batch union only: which candidates go, not which steps say so):
//!
//! - **The fish.** For a digit `d`, sizes `n` = 2, 3, 4 and both orientations: `n` base lines
//!   (rows, or columns) each holding `d` somewhere, and `n` cover lines of the other kind taken
//!   among the cross lines the base candidates use. The base candidates in the cover lines are
//!   the *body*, the others the *fins*. Every base line needs a body candidate; there must be
//!   one or two fins (at most two: the cross lines used may then exceed `n` by two at most).
//! - **What a start turns off.** A candidate "on" is followed with the forcing-chain rules of
//!   [`crate::forcing`] (single premise: a naked single only in a cell that had two
//!   candidates, a hidden single only in a house that had two places of the digit). When its
//!   closure contradicts, the start cannot hold, so it "turns off" every candidate.
//! - **Type 1.** A candidate `T` of `d` in a cover line, outside the base lines, that every
//!   fin turns off goes. The fish counts as kraken only when at least one such `T` is not
//!   seen by every fin (otherwise it is the plain finned fish); then all such `T` go.
//! - **Type 2.** For one cover line, a candidate `X` (any digit) that every fin and every body
//!   candidate of that line turn off goes, except, for the digit `d`, the starts themselves
//!   (those fins and body candidates) and the type-1 targets (candidates of `d` in the cover
//!   lines outside the base lines, which only type 1 may remove).
//!
//! Example: 5 in rows 1 and 5 only at c2 and c7, plus the fin r1c9; the fin on forces 5 out
//! of r7c9 and into r7c8 (row 7 holds 5 only in those two cells), which sees r9c7: r9c7
//! loses 5.
//!
//! All instances: every digit, orientation, size, base and cover; the union is applied. The
//! closures are computed once per candidate and grid, the first time a fish asks.

use crate::combos::combinations;
use crate::findings::Findings;
use crate::fish::cell_at;
use crate::forcing::closure;
use crate::grid::NaiveGrid;

/// The largest fish searched.
const MAX_SIZE: usize = 4;
/// The most fins a fish may have.
const MAX_FINS: usize = 2;

/// What each candidate "on" turns off (`off[cell][digit]`), by `cell * 9 + digit - 1`,
/// worked out the first time it is asked.
struct Offs {
    tables: Vec<Option<Box<[[bool; 10]; 81]>>>,
}

impl Offs {
    fn new() -> Offs {
        Offs { tables: vec![None; 729] }
    }

    /// Whether `digit` in `start` "on" turns off `other` in `cell` (always, when the start
    /// contradicts).
    fn turns_off(
        &mut self,
        grid: &NaiveGrid,
        (start, digit): (usize, u8),
        (cell, other): (usize, u8),
    ) -> bool {
        let table = self.tables[start * 9 + digit as usize - 1].get_or_insert_with(|| {
            let cl = closure(grid, true, (start, digit, true));
            if cl.broken { Box::new([[true; 10]; 81]) } else { Box::new(cl.off) }
        });
        table[cell][other as usize]
    }
}

/// Kraken Fish, types 1 and 2.
pub fn kraken_fish(grid: &NaiveGrid, found: &mut Findings) {
    // Every candidate of the grid, as (cell, digit).
    let mut all: Vec<(usize, u8)> = Vec::new();
    for c in 0..81 {
        for &d in grid.cell(c).candidates().as_slice() {
            all.push((c, d));
        }
    }
    if all.is_empty() {
        return;
    }
    let mut offs = Offs::new();
    for n in 2..=MAX_SIZE {
        for digit in 1..=9u8 {
            for rows in [true, false] {
                let has: [[bool; 9]; 9] = std::array::from_fn(|l| {
                    std::array::from_fn(|x| grid.has(cell_at(rows, l, x), digit))
                });
                let lines: Vec<usize> = (0..9).filter(|&l| has[l].iter().any(|&h| h)).collect();
                for pick in combinations(lines.len(), n) {
                    let base: Vec<usize> = pick.iter().map(|&i| lines[i]).collect();
                    let used: Vec<usize> =
                        (0..9).filter(|&x| base.iter().any(|&l| has[l][x])).collect();
                    // Each cross line left out of the cover holds a fin.
                    if used.len() <= n || used.len() > n + MAX_FINS {
                        continue;
                    }
                    for cover_pick in combinations(used.len(), n) {
                        let cover: Vec<usize> = cover_pick.iter().map(|&i| used[i]).collect();
                        let fish =
                            Fish { grid, digit, rows, has: &has, base: &base, cover: &cover };
                        fish.check(&all, &mut offs, found);
                    }
                }
            }
        }
    }
}

/// One base set with one cover choice.
struct Fish<'a> {
    grid: &'a NaiveGrid,
    digit: u8,
    rows: bool,
    has: &'a [[bool; 9]; 9],
    base: &'a [usize],
    cover: &'a [usize],
}

impl Fish<'_> {
    /// The base line of a cell (its row when rows are the base).
    fn line_of(&self, cell: usize) -> usize {
        if self.rows { cell / 9 } else { cell % 9 }
    }

    /// The cross line of a cell (its column when rows are the base).
    fn cross_of(&self, cell: usize) -> usize {
        if self.rows { cell % 9 } else { cell / 9 }
    }

    /// Finds the fins, then both types' eliminations.
    fn check(&self, all: &[(usize, u8)], offs: &mut Offs, found: &mut Findings) {
        let (grid, d) = (self.grid, self.digit);
        let mut body: Vec<usize> = Vec::new();
        let mut fins: Vec<usize> = Vec::new();
        for &l in self.base {
            let mut any = false;
            for x in (0..9).filter(|&x| self.has[l][x]) {
                let c = cell_at(self.rows, l, x);
                if self.cover.contains(&x) {
                    body.push(c);
                    any = true;
                } else {
                    fins.push(c);
                }
            }
            if !any {
                return;
            }
        }
        if fins.is_empty() || fins.len() > MAX_FINS {
            return;
        }
        // What every fin turns off.
        let by_fins: Vec<(usize, u8)> = all
            .iter()
            .copied()
            .filter(|&cand| fins.iter().all(|&f| offs.turns_off(grid, (f, d), cand)))
            .collect();
        if by_fins.is_empty() {
            return;
        }
        // A candidate of `d` in a cover line outside the base lines (a type-1 target).
        let is_target = |c: usize, e: u8| {
            e == d
                && self.cover.contains(&self.cross_of(c))
                && !self.base.contains(&self.line_of(c))
        };
        // Type 1.
        let targets: Vec<usize> =
            by_fins.iter().filter(|&&(c, e)| is_target(c, e)).map(|&(c, _)| c).collect();
        if targets.iter().any(|&t| !fins.iter().all(|&f| grid.sees(f, t))) {
            for &t in &targets {
                found.eliminate(grid, t, d);
            }
        }
        // Type 2, one cover line at a time.
        for &x in self.cover {
            let line_body: Vec<usize> =
                body.iter().copied().filter(|&c| self.cross_of(c) == x).collect();
            for &(c, e) in &by_fins {
                if e == d && (fins.contains(&c) || line_body.contains(&c) || is_target(c, e)) {
                    continue;
                }
                if line_body.iter().all(|&b| offs.turns_off(grid, (b, d), (c, e))) {
                    found.eliminate(grid, c, e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, picture};
    use crate::{NaiveEngine, NaiveGrid, find};

    /// A placement of 5 (one per row, column and box) inside the picture below.
    const FIVES: [&str; 9] =
        ["r1c2", "r2c5", "r3c8", "r4c3", "r5c7", "r6c6", "r7c9", "r8c1", "r9c4"];

    /// The example of the module docs: rows 1 and 5 hold 5 only in c2 and c7, plus the fin
    /// r1c9; row 7 holds 5 only in r7c8 and r7c9, so the fin on puts 5 in r7c8, which sees
    /// r9c7 (type 1). Other fish of the picture add more: r2c5 and r5c7 keep only 5 (type 2:
    /// every fin and every body candidate of a cover line turns their other digits off), and
    /// five more candidates of 5 go. Everything removed agrees with the placement `FIVES`.
    #[test]
    fn fires_on_a_picture_consistent_with_a_placement() {
        let g = picture(
            5,
            ".x....x.x ...xx.... x......x. ..x.xx.x. .x....x.. ..x..x... .......xx x..x..... .x.x..x..",
        );
        let others = |cell: &str| -> String {
            (1..=9).filter(|&d| d != 5).map(|d| format!("{cell}<>{d} ")).collect()
        };
        let expected = format!(
            "{}{}r1c7<>5 r2c4<>5 r4c5<>5 r4c8<>5 r5c2<>5 r9c7<>5",
            others("r2c5"),
            others("r5c7")
        );
        check("kraken-fish", &g, &expected);
        let found = find("kraken-fish", &g).expect("implemented");
        for &(cell, digit) in &found.eliminations {
            let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
            assert_eq!(digit == 5, !FIVES.contains(&name.as_str()), "{name}<>{digit}");
        }
    }

    /// The first state of top1465 line 2 where singles, locked candidates, naked and hidden
    /// pairs are stuck: kraken fish remove candidates, none of them the solution's.
    #[test]
    fn fires_on_a_stuck_state_and_keeps_the_solution() {
        let line =
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
        let values: [u8; 81] =
            std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
        let order = [
            "full-house",
            "naked-single",
            "hidden-single",
            "locked-candidates-pointing",
            "locked-candidates-claiming",
            "naked-pair",
            "hidden-pair",
        ];
        let engine = NaiveEngine::new(&order, false).expect("implemented");
        let mut g = NaiveGrid::from_values(&values);
        while engine.step(&mut g).is_some() {}
        let found = find("kraken-fish", &g).expect("implemented");
        assert_eq!(found.to_text(), EXPECTED_LINE_2);
        let solution = bitdoku_brute::solve_unique(&bitdoku_brute::masks_from_values(&values))
            .1
            .expect("unique")
            .0;
        for &(cell, digit) in &found.eliminations {
            assert_ne!(solution[cell], digit, "r{}c{}<>{digit}", cell / 9 + 1, cell % 9 + 1);
        }
    }

    const EXPECTED_LINE_2: &str = "r9c2<>2";

    /// The X-Wing r1 r5 / c2 c7 with the fins r1c1 and r1c8: r1c8 sees the target r3c7,
    /// r1c1 reaches neither r3c7 nor r7c2 (no strong link of 5 leads there; no cell has two
    /// candidates), and nothing else in the picture is forced either.
    #[test]
    fn nothing_without_a_chain() {
        let g = picture(
            5,
            "xx....xx. x.xxxx.xx x.xxxxxxx x.xxxx.xx .x....x.. x.xxxx.xx xxxxxx.xx x.xxxx.xx x.xxxx.xx",
        );
        check_none("kraken-fish", &g);
    }

    /// Every candidate of a solved grid with a deadly rectangle opened up is in a solution:
    /// nothing can go. Nor on an empty grid.
    #[test]
    fn nothing_when_every_candidate_is_in_a_solution() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut values: [u8; 81] = std::array::from_fn(|i| solved.as_bytes()[i] - b'0');
        // r1c4 r1c5 / r4c4 r4c5 hold 6 7 / 7 6: both ways fit.
        for cell in [3, 4, 30, 31] {
            values[cell] = 0;
        }
        check_none("kraken-fish", &NaiveGrid::from_values(&values));
        check_none("kraken-fish", &NaiveGrid::new());
    }
}
