//! Franken and mutant fish (sizes 2-7, finless or finned), naive style: the 27 houses are
//! lists of cells, a base or a cover is a `Vec` of house numbers, and each cell keeps a small
//! counter of how many chosen houses hold it. Re-derived from the strategies'
//! `fish/general.rs` docs and the per-technique docs (`franken_x_wing.rs`,
//! `finned_mutant_swordfish.rs`, ...).
//!
//! For a digit `d`, the *candidates* of a house are its unsolved cells that still have `d`. A
//! fish of size `n` is a *base* of `n` houses and a *cover* of `n` other houses:
//!
//! - every base and every cover house holds a base candidate (a candidate of some base
//!   house); no house is both base and cover;
//! - *endo fins*: base candidates in two base houses. A finless fish has none; a finned one at
//!   most 2, counted per overlapping pair (a cell in three base houses counts twice);
//! - *exo fins*: base candidates in no cover house. The fins (exo and endo) number 0 for a
//!   finless fish, 1 to 5 for a finned one;
//! - a finless fish takes no base house with more than `n` candidates;
//! - eliminations: the cover candidates that are not base candidates, plus the candidates in
//!   two cover houses (*cannibalism*); a finned fish keeps those that see every fin;
//! - kind: *basic* when the base is all rows and the cover all columns (or the reverse; those
//!   are in [`crate::fish`], not here); *franken* when the base is rows, or rows and boxes,
//!   and the cover columns, or columns and boxes, with at least one row in the base and one
//!   column in the cover (or the same with rows and columns swapped), and not basic;
//!   *mutant* otherwise. Each technique reports only its own kind, finned or finless.
//!
//! All instances: every digit, base set and cover set; the union of the eliminations is
//! applied (several covers of one base are several fish).
//!
//! Search (the same pruning as the definition's search): a digit with at most `n` candidates
//! is skipped, and so is one where every candidate belongs to some *template* (nine cells, one
//! per row, column and box, on the digit's placed cells and candidates): a fish only ever
//! eliminates a candidate that no template uses, so those are the *targets*. Base houses are
//! picked one by one in increasing house number; a finless base skips a house sharing a cell
//! with the base so far, a finned one allows at most two endo fins, which must have a common
//! peer among the targets. For a base, the cover is built cell by cell: the first base
//! candidate not yet decided is either covered by one of its row, column or box (each house
//! tried once: a house tried and left is banned for the rest of that branch) or, for a finned
//! fish, declared an exo fin (its three houses banned; the fins so far must still have a
//! common peer among the targets). When every base candidate is decided, the cover is filled
//! up with any houses still allowed.
//!
//! Example (franken X-Wing, top1465 #1 after its singles): 5 lies in row 7 only at r7c8, r7c9
//! (both in box 9) and in box 4 only at r5c3, r6c3 (both in column 3). Base r7 + b4, cover c3 +
//! b9: the two 5s of the base sit in c3 and b9, so the other cells of column 3 and of box 9
//! (r1c3, r2c3, r3c3, r9c7, r9c8, r9c9) lose 5.

use crate::findings::Findings;
use crate::grid::{HouseKind, NaiveGrid, houses_of};

/// HoDoKu's default caps: at most five fins in all, at most two endo fins.
const MAX_FINS: usize = 5;
const MAX_ENDO: usize = 2;

/// Franken or mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Franken,
    Mutant,
}

macro_rules! technique {
    ($name:ident, $doc:literal, $kind:expr, $n:literal, $finned:literal) => {
        #[doc = $doc]
        pub fn $name(grid: &NaiveGrid, found: &mut Findings) {
            general_fish(grid, found, $kind, $n, $finned);
        }
    };
}

technique!(franken_x_wing, "Franken X-Wing.", Kind::Franken, 2, false);
technique!(franken_swordfish, "Franken Swordfish.", Kind::Franken, 3, false);
technique!(franken_jellyfish, "Franken Jellyfish.", Kind::Franken, 4, false);
technique!(franken_squirmbag, "Franken Squirmbag.", Kind::Franken, 5, false);
technique!(franken_whale, "Franken Whale.", Kind::Franken, 6, false);
technique!(franken_leviathan, "Franken Leviathan.", Kind::Franken, 7, false);
technique!(finned_franken_x_wing, "Finned Franken X-Wing.", Kind::Franken, 2, true);
technique!(finned_franken_swordfish, "Finned Franken Swordfish.", Kind::Franken, 3, true);
technique!(finned_franken_jellyfish, "Finned Franken Jellyfish.", Kind::Franken, 4, true);
technique!(finned_franken_squirmbag, "Finned Franken Squirmbag.", Kind::Franken, 5, true);
technique!(finned_franken_whale, "Finned Franken Whale.", Kind::Franken, 6, true);
technique!(finned_franken_leviathan, "Finned Franken Leviathan.", Kind::Franken, 7, true);
technique!(mutant_x_wing, "Mutant X-Wing.", Kind::Mutant, 2, false);
technique!(mutant_swordfish, "Mutant Swordfish.", Kind::Mutant, 3, false);
technique!(mutant_jellyfish, "Mutant Jellyfish.", Kind::Mutant, 4, false);
technique!(mutant_squirmbag, "Mutant Squirmbag.", Kind::Mutant, 5, false);
technique!(mutant_whale, "Mutant Whale.", Kind::Mutant, 6, false);
technique!(mutant_leviathan, "Mutant Leviathan.", Kind::Mutant, 7, false);
technique!(finned_mutant_x_wing, "Finned Mutant X-Wing.", Kind::Mutant, 2, true);
technique!(finned_mutant_swordfish, "Finned Mutant Swordfish.", Kind::Mutant, 3, true);
technique!(finned_mutant_jellyfish, "Finned Mutant Jellyfish.", Kind::Mutant, 4, true);
technique!(finned_mutant_squirmbag, "Finned Mutant Squirmbag.", Kind::Mutant, 5, true);
technique!(finned_mutant_whale, "Finned Mutant Whale.", Kind::Mutant, 6, true);
technique!(finned_mutant_leviathan, "Finned Mutant Leviathan.", Kind::Mutant, 7, true);

/// The house kinds a base and a cover may use, one pair per pass of the search.
fn passes(kind: Kind) -> Vec<(Vec<HouseKind>, Vec<HouseKind>)> {
    use HouseKind::{Box, Column, Row};
    match kind {
        Kind::Franken => {
            vec![(vec![Row, Box], vec![Column, Box]), (vec![Column, Box], vec![Row, Box])]
        }
        Kind::Mutant => vec![(vec![Row, Column, Box], vec![Row, Column, Box])],
    }
}

/// The kind of a fish with these base and cover houses; `None` for a basic fish.
fn classify(grid: &NaiveGrid, base: &[usize], cover: &[usize]) -> Option<Kind> {
    let count = |houses: &[usize], kind: HouseKind| {
        houses.iter().filter(|&&h| grid.house(h).kind == kind).count()
    };
    let (base_rows, base_cols, base_boxes) =
        (count(base, HouseKind::Row), count(base, HouseKind::Column), count(base, HouseKind::Box));
    let (cover_rows, cover_cols, cover_boxes) = (
        count(cover, HouseKind::Row),
        count(cover, HouseKind::Column),
        count(cover, HouseKind::Box),
    );
    let (nb, nc) = (base.len(), cover.len());
    if (base_rows == nb && cover_cols == nc) || (base_cols == nb && cover_rows == nc) {
        return None;
    }
    let rows_to_cols = base_rows > 0
        && base_rows + base_boxes == nb
        && cover_cols > 0
        && cover_cols + cover_boxes == nc;
    let cols_to_rows = base_cols > 0
        && base_cols + base_boxes == nb
        && cover_rows > 0
        && cover_rows + cover_boxes == nc;
    if rows_to_cols || cols_to_rows { Some(Kind::Franken) } else { Some(Kind::Mutant) }
}

/// The targets of `digit`: its candidates that lie in no template. A template picks, row by
/// row, the cell where the digit is placed or else one of its candidates, never twice in a
/// column or a box; the walk stops as soon as every candidate and placed cell is in some
/// template found so far.
fn targets(grid: &NaiveGrid, digit: u8) -> [bool; 81] {
    let mut allowed: Vec<Vec<usize>> = Vec::with_capacity(9);
    let mut open = 0;
    for r in 0..9 {
        let row = &grid.row(r).cells;
        let placed: Vec<usize> =
            row.iter().copied().filter(|&c| grid.cell(c).value() == digit).collect();
        let cands: Vec<usize> = row.iter().copied().filter(|&c| grid.has(c, digit)).collect();
        open += placed.len() + cands.len();
        allowed.push(if placed.is_empty() { cands } else { placed });
    }
    let mut in_some = [false; 81];
    let mut covered = 0;
    let mut picked = Vec::with_capacity(9);
    walk(grid, &allowed, &mut picked, &mut in_some, &mut covered, open);
    let mut out = [false; 81];
    for (c, t) in out.iter_mut().enumerate() {
        *t = grid.has(c, digit) && !in_some[c];
    }
    out
}

/// One row of the template walk; returns `true` once every open cell is in some template.
fn walk(
    grid: &NaiveGrid,
    allowed: &[Vec<usize>],
    picked: &mut Vec<usize>,
    in_some: &mut [bool; 81],
    covered: &mut usize,
    open: usize,
) -> bool {
    let row = picked.len();
    if row == 9 {
        for &c in picked.iter() {
            if !in_some[c] {
                in_some[c] = true;
                *covered += 1;
            }
        }
        return *covered == open;
    }
    for &cell in &allowed[row] {
        let me = grid.cell(cell);
        let clash = picked.iter().any(|&p| {
            let other = grid.cell(p);
            other.col == me.col || other.boxx == me.boxx
        });
        if clash {
            continue;
        }
        picked.push(cell);
        let done = walk(grid, allowed, picked, in_some, covered, open);
        picked.pop();
        if done {
            return true;
        }
    }
    false
}

fn general_fish(grid: &NaiveGrid, found: &mut Findings, kind: Kind, n: usize, finned: bool) {
    for digit in 1..=9u8 {
        let count = (0..81).filter(|&c| grid.has(c, digit)).count();
        if count <= n {
            continue;
        }
        let in_no_template = targets(grid, digit);
        let targets: Vec<usize> = (0..81).filter(|&c| in_no_template[c]).collect();
        if targets.is_empty() {
            continue;
        }
        // The candidates of every house.
        let cells: Vec<Vec<usize>> = (0..27).map(|h| grid.cells_with(h, digit)).collect();
        for (base_kinds, cover_kinds) in passes(kind) {
            let base_pool: Vec<usize> = (0..27)
                .filter(|&h| base_kinds.contains(&grid.house(h).kind) && !cells[h].is_empty())
                .filter(|&h| finned || cells[h].len() <= n)
                .collect();
            let cover_ok: Vec<bool> = (0..27)
                .map(|h| cover_kinds.contains(&grid.house(h).kind) && !cells[h].is_empty())
                .collect();
            let mut search = Search {
                grid,
                found: &mut *found,
                kind,
                n,
                finned,
                digit,
                targets: &targets,
                cells: &cells,
                cover_ok,
                base: Vec::with_capacity(n),
                in_base: [0; 81],
                base_cells: Vec::new(),
                endo: Vec::new(),
                order: Vec::new(),
                avail: [false; 27],
                cover: Vec::with_capacity(n),
                in_cover: [0; 81],
                fins: Vec::new(),
            };
            search.bases(&base_pool, 0, 0);
        }
    }
}

/// One digit's search: the base so far and, once the base is complete, the cover so far.
struct Search<'a> {
    grid: &'a NaiveGrid,
    found: &'a mut Findings,
    kind: Kind,
    n: usize,
    finned: bool,
    digit: u8,
    /// The target cells (candidates in no template), as a list.
    targets: &'a [usize],
    cells: &'a [Vec<usize>],
    cover_ok: Vec<bool>,
    /// Base houses, and per cell how many of them hold it.
    base: Vec<usize>,
    in_base: [u8; 81],
    /// The base candidates (each once) and the endo fins among them.
    base_cells: Vec<usize>,
    endo: Vec<usize>,
    /// The base candidates in cell order (the order they are decided in).
    order: Vec<usize>,
    /// The houses the cover may use for the current base.
    avail: [bool; 27],
    /// Cover houses, and per cell how many of them hold it.
    cover: Vec<usize>,
    in_cover: [u8; 81],
    /// The declared exo fins.
    fins: Vec<usize>,
}

impl Search<'_> {
    /// Whether some target sees every cell of `a` and `b` (not being one of them).
    fn common_target(&self, a: &[usize], b: &[usize]) -> bool {
        self.targets.iter().any(|&t| a.iter().chain(b).all(|&f| self.grid.sees(t, f)))
    }

    /// Adds houses of `pool[from..]` to the base until it has `n` houses.
    fn bases(&mut self, pool: &[usize], from: usize, endo_count: usize) {
        for i in from..pool.len() {
            if pool.len() - i < self.n - self.base.len() {
                return;
            }
            let h = pool[i];
            let overlap: Vec<usize> =
                self.cells[h].iter().copied().filter(|&c| self.in_base[c] > 0).collect();
            let mut count = endo_count;
            if !overlap.is_empty() {
                if !self.finned {
                    continue;
                }
                count += overlap.len();
                if count > MAX_ENDO {
                    continue;
                }
                let new_endo: Vec<usize> =
                    overlap.iter().copied().filter(|c| !self.endo.contains(c)).collect();
                if !self.common_target(&self.endo, &new_endo) {
                    continue;
                }
            }
            // Add the house.
            let endo_len = self.endo.len();
            let cells_len = self.base_cells.len();
            for &c in &overlap {
                if !self.endo.contains(&c) {
                    self.endo.push(c);
                }
            }
            for &c in &self.cells[h] {
                if self.in_base[c] == 0 {
                    self.base_cells.push(c);
                }
                self.in_base[c] += 1;
            }
            self.base.push(h);
            if self.base.len() == self.n {
                self.covers();
            } else {
                self.bases(pool, i + 1, count);
            }
            // Take it back.
            self.base.pop();
            for &c in &self.cells[h] {
                self.in_base[c] -= 1;
            }
            self.base_cells.truncate(cells_len);
            self.endo.truncate(endo_len);
        }
    }

    /// Every cover of the complete base.
    fn covers(&mut self) {
        let mut avail = [false; 27];
        for (h, a) in avail.iter_mut().enumerate() {
            *a = self.cover_ok[h]
                && !self.base.contains(&h)
                && self.cells[h].iter().any(|&c| self.in_base[c] > 0);
        }
        if avail.iter().filter(|&&a| a).count() < self.n {
            return;
        }
        self.avail = avail;
        self.order = self.base_cells.clone();
        self.order.sort_unstable();
        self.decide([false; 27]);
    }

    fn add_cover(&mut self, h: usize) {
        self.cover.push(h);
        for &c in &self.cells[h] {
            self.in_cover[c] += 1;
        }
    }

    fn remove_cover(&mut self) {
        let h = self.cover.pop().expect("a cover house");
        for &c in &self.cells[h] {
            self.in_cover[c] -= 1;
        }
    }

    /// Decides the first base candidate that is neither covered nor a fin yet.
    fn decide(&mut self, banned: [bool; 27]) {
        let is_open = |s: &Self, c: usize| s.in_cover[c] == 0 && !s.fins.contains(&c);
        let Some(cell) = self.order.iter().copied().find(|&c| is_open(self, c)) else {
            let pool: Vec<usize> = (0..27)
                .filter(|&h| self.avail[h] && !self.cover.contains(&h) && !banned[h])
                .collect();
            self.complete(&pool, 0);
            return;
        };
        let fin_count = self.fin_count(&self.fins);
        if self.cover.len() == self.n {
            // No house left to pick: every open candidate is an exo fin.
            if !self.finned {
                return;
            }
            let open: Vec<usize> =
                self.order.iter().copied().filter(|&c| is_open(self, c)).collect();
            let fins_len = self.fins.len();
            self.fins.extend_from_slice(&open);
            if self.fin_count(&self.fins) <= MAX_FINS {
                self.leaf();
            }
            self.fins.truncate(fins_len);
            return;
        }
        let houses = houses_of(cell);
        let mut banned_here = banned;
        for &h in &houses {
            if !self.avail[h] || self.cover.contains(&h) || banned_here[h] {
                continue;
            }
            self.add_cover(h);
            self.decide(banned_here);
            self.remove_cover();
            banned_here[h] = true;
        }
        if self.finned && fin_count < MAX_FINS {
            self.fins.push(cell);
            if self.common_target(&self.fins, &self.endo) {
                for &h in &houses {
                    banned_here[h] = true;
                }
                self.decide(banned_here);
            }
            self.fins.pop();
        }
    }

    /// How many distinct cells `exo` and the endo fins hold together.
    fn fin_count(&self, exo: &[usize]) -> usize {
        exo.len() + self.endo.iter().filter(|c| !exo.contains(c)).count()
    }

    /// Fills the cover up with houses of `pool[from..]` (every base candidate is decided).
    fn complete(&mut self, pool: &[usize], from: usize) {
        if self.cover.len() == self.n {
            self.leaf();
            return;
        }
        for i in from..pool.len() {
            if pool.len() - i < self.n - self.cover.len() {
                return;
            }
            self.add_cover(pool[i]);
            self.complete(pool, i + 1);
            self.remove_cover();
        }
    }

    /// A complete base and cover: checks the kind and the fins, records the eliminations.
    fn leaf(&mut self) {
        if classify(self.grid, &self.base, &self.cover) != Some(self.kind) {
            return;
        }
        let mut fins = self.fins.clone();
        for &c in &self.endo {
            if !fins.contains(&c) {
                fins.push(c);
            }
        }
        if fins.is_empty() == self.finned {
            return;
        }
        for c in 0..81 {
            if !self.grid.has(c, self.digit) {
                continue;
            }
            let outside_base = self.in_cover[c] >= 1 && self.in_base[c] == 0;
            let cannibal = self.in_cover[c] >= 2;
            if (outside_base || cannibal) && fins.iter().all(|&f| self.grid.sees(c, f)) {
                self.found.eliminate(self.grid, c, self.digit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{check, check_none, grid, picture};

    /// Top1465 #1 after its singles (the first state where the singles stop): a state where
    /// fish of every kind and size fire. The expected effects are the union of all instances,
    /// as the bitboard engine's find-all gives them on the same state (`bench agree --order
    /// singles,<id>` compares exactly this step).
    const TOP1: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.+7......";

    /// Every finned fish of sizes 3-7 and every franken or mutant fish of sizes 5-7 on TOP1.
    const TOP1_ALL: &str = "r1c2<>1 r2c2<>1 r4c2<>1 r1c2<>2 r2c2<>2 r3c2<>2 r4c2<>2 r9c7<>3 r9c8<>3 r9c9<>3 r1c3<>5 r2c3<>5 r3c3<>5 r9c7<>5 r9c8<>5 r9c9<>5 r7c5<>8 r7c8<>8 r7c9<>8 r1c3<>9 r2c3<>9 r3c3<>9";

    const SIZES: [&str; 6] =
        ["x-wing", "swordfish", "jellyfish", "squirmbag", "whale", "leviathan"];

    #[test]
    fn small_franken_and_mutant_fish_on_top1() {
        let g = grid(TOP1, "");
        // 5: row 7 only in r7c8, r7c9 (box 9) and box 4 only in r5c3, r6c3 (column 3): base
        // r7 b4, cover c3 b9; the rest of column 3 and of box 9 loses 5.
        check("franken-x-wing", &g, "r1c3<>5 r2c3<>5 r3c3<>5 r9c7<>5 r9c8<>5 r9c9<>5");
        check("finned-franken-x-wing", &g, TOP1_ALL);
        check(
            "mutant-x-wing",
            &g,
            "r1c2<>2 r2c2<>2 r3c2<>2 r4c2<>2 r9c7<>3 r9c8<>3 r9c9<>3 \
             r1c3<>5 r2c3<>5 r3c3<>5 r9c7<>5 r9c8<>5 r9c9<>5",
        );
        check("mutant-swordfish", &g, "r1c3<>5 r2c3<>5 r3c3<>5 r9c7<>5 r9c8<>5 r9c9<>5");
        check(
            "franken-jellyfish",
            &g,
            "r9c7<>3 r9c8<>3 r9c9<>3 r7c5<>8 r7c8<>8 r7c9<>8 r1c3<>9 r2c3<>9 r3c3<>9",
        );
        check(
            "mutant-jellyfish",
            &g,
            "r9c7<>3 r9c8<>3 r9c9<>3 r1c3<>5 r2c3<>5 r3c3<>5 r9c7<>5 r9c8<>5 r9c9<>5 \
             r7c5<>8 r7c8<>8 r7c9<>8 r1c3<>9 r2c3<>9 r3c3<>9",
        );
        for kind in ["finned-franken", "finned-mutant"] {
            for name in SIZES {
                check(&format!("{kind}-{name}"), &g, TOP1_ALL);
            }
        }
        for kind in ["franken", "mutant"] {
            for name in &SIZES[3..] {
                check(&format!("{kind}-{name}"), &g, TOP1_ALL);
            }
        }
    }

    #[test]
    fn franken_swordfish() {
        // Top1465 #2 after its singles: 8 leaves r2c7, r3c7-9, r7c7, r9c7.
        let g = grid(
            "7.8...3.....2.1...5.........4.....263...8.......1...9+3.9.6....4....7.5...........",
            "",
        );
        check("franken-swordfish", &g, "r2c7<>8 r3c7<>8 r3c8<>8 r3c9<>8 r7c7<>8 r9c7<>8");
    }

    #[test]
    fn franken_swordfish_on_top1() {
        // No finless franken swordfish on TOP1 (the bitboard engine finds none either).
        check_none("franken-swordfish", &grid(TOP1, ""));
    }

    #[test]
    fn digit_free_everywhere_makes_no_fish() {
        // Every candidate lies in some template: no fish of any kind eliminates anything.
        let all = ["xxxxxxxxx"; 9].join(" ");
        let g = picture(4, &all);
        for name in SIZES {
            for kind in ["franken", "finned-franken", "mutant", "finned-mutant"] {
                check_none(&format!("{kind}-{name}"), &g);
            }
        }
    }
}
