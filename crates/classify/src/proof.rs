//! Whips and braids you can show: the whole chain behind an elimination, in Berthier's
//! notation, and an independent check of it.
//!
//! The search ([`ChainSearch`]) only answers whether a chain exists, and remembers the
//! right-linking candidates R1 .. R(n-1) of the one it found. [`ChainProof::build`] rebuilds
//! the rest from the state: for each Rk the CSP variable Vk where Rk was the last candidate
//! not linked to the target Z or an earlier R, a left-linking candidate Lk of Vk (linked to
//! R(k-1), or to Z for k = 1, for a whip; linked to Z or any earlier R for a braid), and the
//! last variable Vn, all of whose candidates are linked to Z or some R.
//!
//! Text (CSP-Rules' notation, with `<>` for "is not"):
//! `whip[3]: r1c2{n3 n7} - c5n7{r1 r6} - b5n1{r6c5 .} => r5c5 <> 3`. A cell variable shows
//! `rXcY{nL nR}`, a row variable `rXnD{cL cR}`, a column variable `cYnD{rL rR}`, a box
//! variable `bBnD{rLcL rRcR}`; the last variable has `.` for its missing right-linking
//! candidate.
//!
//! [`ChainProof::verify`] checks a chain against the definition on a state, written straight
//! from it and sharing nothing with the search: the tests replay every chain of a resolution
//! path that way and check each target against the solution.

use crate::brt::{CELL_HOUSE_IDX, Cand, Grid, HOUSE_BITS, PEER_BITS};
use crate::budget::{Budget, OverBudget};
use crate::chains::{ChainSearch, Kind};
use std::fmt;

/// A CSP variable of Sudoku's 2D model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variable {
    /// A cell (index 0..81): which digit it holds.
    Cell(u8),
    /// A digit (0-based) in a house (0..9 rows, 9..18 columns, 18..27 boxes): where it goes.
    House {
        /// The digit, 0-based.
        digit: u8,
        /// The house index.
        house: u8,
    },
}

impl Variable {
    /// Whether the candidate `x` (`81 * digit + cell`) belongs to the variable.
    #[must_use]
    pub fn holds(self, x: Cand) -> bool {
        let (d, c) = (x / 81, x % 81);
        match self {
            Variable::Cell(cell) => usize::from(cell) == c,
            Variable::House { digit, house } => {
                usize::from(digit) == d && HOUSE_BITS[usize::from(house)] >> c & 1 == 1
            }
        }
    }

    /// The variable's candidates in `grid`, in index order.
    #[must_use]
    pub fn candidates(self, grid: &Grid) -> Vec<Cand> {
        let cand = grid.cand();
        match self {
            Variable::Cell(cell) => (0..9)
                .filter(|&d| cand[d] >> cell & 1 == 1)
                .map(|d| d * 81 + usize::from(cell))
                .collect(),
            Variable::House { digit, house } => {
                let d = usize::from(digit);
                let mut m = cand[d] & HOUSE_BITS[usize::from(house)];
                let mut out = Vec::new();
                while m != 0 {
                    out.push(d * 81 + m.trailing_zeros() as usize);
                    m &= m - 1;
                }
                out
            }
        }
    }

    /// Whether the variable is open in `grid` (an undecided cell, or a digit not yet decided
    /// in the house).
    #[must_use]
    pub fn is_open(self, grid: &Grid) -> bool {
        match self {
            Variable::Cell(cell) => grid.unsolved() >> cell & 1 == 1,
            Variable::House { digit, house } => {
                grid.placed_houses()[usize::from(digit)] >> house & 1 == 0
            }
        }
    }

    /// The variables a candidate belongs to: its cell, then its digit in its row, column and
    /// box.
    fn of(x: Cand) -> [Variable; 4] {
        let (d, c) = (x / 81, x % 81);
        let h = CELL_HOUSE_IDX[c];
        let house = |i: usize| Variable::House { digit: d as u8, house: h[i] };
        [Variable::Cell(c as u8), house(0), house(1), house(2)]
    }

    /// Every variable of the model, cells first.
    fn all() -> impl Iterator<Item = Variable> {
        let cells = (0..81u8).map(Variable::Cell);
        let houses =
            (0..9u8).flat_map(|digit| (0..27u8).map(move |house| Variable::House { digit, house }));
        cells.chain(houses)
    }

    /// The variable's name without its values: `r1c2`, `r1n3`, `c5n1`, `b8n4`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Variable::Cell(c) => cell_name(usize::from(c)),
            Variable::House { digit, house } => {
                let (kind, n) = match house / 9 {
                    0 => ('r', house + 1),
                    1 => ('c', house - 8),
                    _ => ('b', house - 17),
                };
                format!("{kind}{n}n{}", digit + 1)
            }
        }
    }

    /// How a candidate of the variable is written inside its braces: the digit `n3` for a
    /// cell, the column `c7` for a row, the row `r3` for a column, the cell for a box.
    fn value_name(self, x: Cand) -> String {
        let (d, c) = (x / 81, x % 81);
        match self {
            Variable::Cell(_) => format!("n{}", d + 1),
            Variable::House { house, .. } => match house / 9 {
                0 => format!("c{}", c % 9 + 1),
                1 => format!("r{}", c / 9 + 1),
                _ => cell_name(c),
            },
        }
    }
}

/// `r1c2` for cell index 1.
fn cell_name(c: usize) -> String {
    format!("r{}c{}", c / 9 + 1, c % 9 + 1)
}

/// A candidate in the effect form `r1c2=3` (for messages).
#[must_use]
pub fn candidate_name(x: Cand) -> String {
    format!("{}={}", cell_name(x % 81), x / 81 + 1)
}

/// Whether two different candidates cannot both be true: same cell, or same digit in two
/// cells that see each other.
#[must_use]
pub fn linked(a: Cand, b: Cand) -> bool {
    let (da, ca, db, cb) = (a / 81, a % 81, b / 81, b % 81);
    a != b && (ca == cb || (da == db && PEER_BITS[ca] >> cb & 1 == 1))
}

/// One CSP variable of a chain with its left- and right-linking candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The variable.
    pub variable: Variable,
    /// Its left-linking candidate (linked to the target or an earlier right-linking one).
    pub left: Cand,
    /// Its right-linking candidate; `None` for the last variable.
    pub right: Option<Cand>,
}

/// A whip or braid with its target: `links[k]` is the variable V(k+1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainProof {
    /// Whip or braid.
    pub kind: Kind,
    /// The candidate it eliminates.
    pub target: Cand,
    /// The variables in order; the last one has no right-linking candidate.
    pub links: Vec<Link>,
}

impl ChainProof {
    /// The chain's length (its number of variables).
    #[must_use]
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Whether there is no variable (never true of a built chain).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// The eliminated candidate's digit (0-based) and cell.
    #[must_use]
    pub fn target_digit_cell(&self) -> (usize, usize) {
        (self.target / 81, self.target % 81)
    }

    /// The whole chain for target `z` of `grid`, from the right-linking candidates `rights`
    /// the search found ([`ChainSearch::right_links`]); `None` if they do not make one (never
    /// for a search's answer on the same grid).
    #[must_use]
    pub fn build(grid: &Grid, kind: Kind, z: Cand, rights: &[Cand]) -> Option<ChainProof> {
        let mut asserted = vec![z];
        let dead = |asserted: &[Cand], y: Cand| asserted.iter().any(|&a| linked(a, y));
        let mut links = Vec::with_capacity(rights.len() + 1);
        for &r in rights {
            let link = Variable::of(r).into_iter().find_map(|v| {
                if !v.is_open(grid) {
                    return None;
                }
                let cands = v.candidates(grid);
                if !cands.contains(&r) || cands.iter().any(|&y| y != r && !dead(&asserted, y)) {
                    return None;
                }
                let left = left_of(kind, &asserted, &cands, Some(r))?;
                Some(Link { variable: v, left, right: Some(r) })
            })?;
            links.push(link);
            asserted.push(r);
        }
        let last = Variable::all().find_map(|v| {
            if !v.is_open(grid) {
                return None;
            }
            let cands = v.candidates(grid);
            if cands.is_empty() || cands.iter().any(|&y| !dead(&asserted, y)) {
                return None;
            }
            let left = left_of(kind, &asserted, &cands, None)?;
            Some(Link { variable: v, left, right: None })
        })?;
        links.push(last);
        Some(ChainProof { kind, target: z, links })
    }

    /// Checks the chain against the definition on `grid` (the state it eliminates from):
    /// the target is a candidate; each variable is open, holds its left- and right-linking
    /// candidates; each left-linking candidate is linked to the previous right-linking one (or
    /// the target) for a whip, to the target or some earlier right-linking one for a braid;
    /// each right-linking candidate is linked to neither; every other candidate of a variable
    /// is linked to the target or an earlier right-linking candidate, and so is every
    /// candidate of the last variable. The message says which condition fails.
    pub fn verify(&self, grid: &Grid) -> Result<(), String> {
        let has = |x: Cand| grid.has(x / 81, x % 81);
        if !has(self.target) {
            return Err(format!("target {} is not a candidate", candidate_name(self.target)));
        }
        if self.links.is_empty() {
            return Err("no variable".into());
        }
        let mut asserted = vec![self.target];
        let n = self.links.len();
        for (k, link) in self.links.iter().enumerate() {
            let at = format!("variable {} ({})", k + 1, link.variable.name());
            if !link.variable.is_open(grid) {
                return Err(format!("{at} is decided"));
            }
            let cands = link.variable.candidates(grid);
            if !cands.contains(&link.left) {
                return Err(format!("{at}: left-linking candidate not in it"));
            }
            let prev = *asserted.last().expect("the target");
            let left_ok = match self.kind {
                Kind::Whip => linked(prev, link.left),
                Kind::Braid => asserted.iter().any(|&a| linked(a, link.left)),
            };
            if !left_ok {
                return Err(format!("{at}: left-linking candidate not linked"));
            }
            match (link.right, k + 1 == n) {
                (None, true) => {}
                (Some(_), true) => return Err(format!("{at}: the last variable has a right")),
                (None, false) => return Err(format!("{at}: no right-linking candidate")),
                (Some(r), false) => {
                    if !cands.contains(&r) || r == link.left {
                        return Err(format!("{at}: right-linking candidate not in it"));
                    }
                    if asserted.iter().any(|&a| a == r || linked(a, r)) {
                        return Err(format!("{at}: right-linking candidate linked before"));
                    }
                }
            }
            for &y in &cands {
                if Some(y) != link.right && !asserted.iter().any(|&a| linked(a, y)) {
                    return Err(format!(
                        "{at}: candidate {} is not linked to the target or an earlier right",
                        candidate_name(y)
                    ));
                }
            }
            if let Some(r) = link.right {
                asserted.push(r);
            }
        }
        Ok(())
    }
}

/// A left-linking candidate among `cands` (not `right`): linked to the last asserted
/// candidate for a whip; for a braid, linked to the latest asserted candidate that any is
/// linked to.
fn left_of(kind: Kind, asserted: &[Cand], cands: &[Cand], right: Option<Cand>) -> Option<Cand> {
    let others = || cands.iter().copied().filter(move |&y| Some(y) != right);
    match kind {
        Kind::Whip => {
            let prev = *asserted.last()?;
            others().find(|&y| linked(prev, y))
        }
        Kind::Braid => asserted.iter().rev().find_map(|&a| others().find(|&y| linked(a, y))),
    }
}

impl fmt::Display for ChainProof {
    /// `whip[3]: r1c2{n3 n7} - c5n7{r1 r6} - b5n1{r6c5 .} => r5c5 <> 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            Kind::Whip => "whip",
            Kind::Braid => "braid",
        };
        write!(f, "{kind}[{}]: ", self.links.len())?;
        for (k, link) in self.links.iter().enumerate() {
            if k > 0 {
                f.write_str(" - ")?;
            }
            let v = link.variable;
            let right = link.right.map_or_else(|| ".".to_string(), |r| v.value_name(r));
            write!(f, "{}{{{} {right}}}", v.name(), v.value_name(link.left))?;
        }
        let (d, c) = self.target_digit_cell();
        write!(f, " => {} <> {}", cell_name(c), d + 1)
    }
}

/// Searches `kind` chains of length at most `limit` for target `z` of `grid` (whose search
/// buffers `search` hold) and returns the whole chain found, if any.
pub fn find(
    grid: &Grid,
    search: &mut ChainSearch,
    z: Cand,
    limit: u32,
    budget: &mut Budget,
) -> Result<Option<ChainProof>, OverBudget> {
    if search.lower_bound(z, limit).is_none() || !search.exists(z, limit, budget)? {
        return Ok(None);
    }
    Ok(ChainProof::build(grid, search.kind(), z, &search.right_links()))
}

/// The shortest `kind` chain of `grid` (up to length `max`): the first target, in candidate
/// order, of the smallest length that has one. `skip` are candidates not to try (the
/// solution's, which no chain eliminates). `Ok(None)`: no chain of length at most `max`.
pub fn shortest(
    grid: &Grid,
    kind: Kind,
    max: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
) -> Result<Option<ChainProof>, OverBudget> {
    let mut search = ChainSearch::new(kind, grid);
    for m in 1..=max {
        for d in 0..9 {
            let mut todo = grid.cand()[d] & !skip.map_or(0, |s| s[d]);
            while todo != 0 {
                let c = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                budget.spend(1)?;
                if let Some(p) = find(grid, &mut search, d * 81 + c, m, budget)? {
                    return Ok(Some(p));
                }
            }
        }
    }
    Ok(None)
}
