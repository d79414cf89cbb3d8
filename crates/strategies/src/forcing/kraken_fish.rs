//! Kraken Fish: basic fish (rows and columns, sizes 2-4) whose fins are resolved by forcing
//! chains (single-premise propagation, [`Rules::Chain`]), HoDoKu's two types.
//!
//! A fish on digit `d`: `n` base lines (rows, or columns), `n` cover lines of the other kind,
//! each cover line holding at least one base candidate, and every base line at least one in
//! the cover (the body); fins are the base candidates outside the cover lines. If no fin
//! holds `d`, the `n` base lines place `d` in `n` distinct cover lines, once in each.
//!
//! * **Type 1** (at least one fin): a candidate `T` of `d` in a cover line, outside the base
//!   lines, that every fin "on" turns off by a forcing chain (a fin seeing `T` does it in one
//!   step). Either a fin holds `d` and `T` is off, or the fish holds and `T` is off.
//! * **Type 2** (at least one fin): for one cover line, a candidate `X` (any digit, not one
//!   of the chains' starts) that every body candidate of that line and every fin "on" turns
//!   off by a forcing chain. Either a fin holds `d` or one body candidate of the line does.
//!
//! **Find-all semantics.** For every digit, both orientations, sizes 2 to 4 (base lines with
//! at least one candidate, cover lines drawn from the columns/rows of the base candidates,
//! at most 2 fins: more fins multiply the fish to try for few
//! extra steps): one step per fish of type 1 with its targets, and one per fish and cover
//! line of type 2 with its eliminations, pushed by (size, digit, orientation, base, cover,
//! type, cover line). A start literal whose chain contradicts implies every elimination
//! (it cannot hold). Off in the default presets, as in HoDoKu (order 8450, score 500).
//! Example: `Kraken Fish on 5: base r1 r5, cover c2 c7, fins r1c9 => r3c2<>5`.

use super::closure::Closure;
use super::propagate::{Base, Lit, Rules};
use crate::id::TechniqueId;
use crate::id::{Family, Level};
use crate::sink::Sink;
use crate::step::Step;
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet, House, HouseSet};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The largest fish searched.
const MAX_SIZE: usize = 4;
/// The most fins a fish may have.
const MAX_FINS: u32 = 2;

/// What each candidate "on" turns off, by candidate index (every candidate when it
/// contradicts), computed when first needed; per thread.
struct Tables {
    closure: Box<Closure>,
    off: Vec<[CellSet; 9]>,
    /// Per digit, the candidates whose row of `off` is filled.
    done: [CellSet; 9],
}

impl Tables {
    /// What `d` in `c` "on" turns off.
    fn off(&mut self, base: &Base, d: Digit, c: bitdoku_bitboard::Cell) -> &[CellSet; 9] {
        let lit = Lit::new(d, c, true);
        if !self.done[d.index()].contains(c) {
            self.done[d.index()].insert(c);
            // Only the answer and what turns off are read: the work-list closure gives both
            // (the same as a round-by-round propagation, see `closure.rs`).
            let ok = self.closure.holds(base, Rules::Chain, lit);
            self.off[lit.candidate()] = if ok { self.closure.off } else { [CellSet::ALL; 9] };
        }
        &self.off[lit.candidate()]
    }
}

thread_local! {
    static TABLES: RefCell<Option<Tables>> = const { RefCell::new(None) };
}

/// Kraken Fish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::KrakenFish,
    name: "Kraken Fish",
    family: Family::Forcing,
    hodoku: Hodoku { order: 8450, score: 500, level: Level::Extreme, choice: HodokuChoice::First },
    se: 8.0,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Heavy,
};

/// Pushes every kraken fish step (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let base = Base::new(state);
    if base.unsolved.is_empty() {
        return ControlFlow::Continue(());
    }
    TABLES.with(|cell| {
        let mut slot = cell.borrow_mut();
        let t = slot.get_or_insert_with(|| Tables {
            closure: Box::new(Closure::new()),
            off: vec![[CellSet::EMPTY; 9]; 729],
            done: [CellSet::EMPTY; 9],
        });
        t.done = [CellSet::EMPTY; 9];
        search(&base, t, sink)
    })
}

/// The candidates of `within` that every start (a candidate of digit `d`) turns off; stops
/// early once nothing is left.
fn common(
    t: &mut Tables,
    base: &Base,
    d: Digit,
    starts: CellSet,
    mut within: [CellSet; 9],
) -> [CellSet; 9] {
    for c in starts {
        let o = t.off(base, d, c);
        let mut any = false;
        for (w, o) in within.iter_mut().zip(o) {
            *w &= *o;
            any |= !w.is_empty();
        }
        if !any {
            break;
        }
    }
    within
}

fn search(base: &Base, t: &mut Tables, sink: &mut dyn Sink) -> ControlFlow<()> {
    for n in 2..=MAX_SIZE {
        for d in Digit::all() {
            let cand = base.cand[d.index()];
            for rows in [true, false] {
                let line = |i: usize| if rows { House::row(i) } else { House::col(i) };
                let cross = |i: usize| if rows { House::col(i) } else { House::row(i) };
                let lines: Vec<usize> =
                    (0..9).filter(|&i| !(cand & line(i).cells()).is_empty()).collect();
                subsets(&lines, n, &mut |b| {
                    let mut body_lines = CellSet::EMPTY;
                    for &i in b {
                        body_lines |= line(i).cells();
                    }
                    let bc = cand & body_lines;
                    let crosses: Vec<usize> =
                        (0..9).filter(|&j| !(bc & cross(j).cells()).is_empty()).collect();
                    if crosses.len() > n + MAX_FINS as usize {
                        return ControlFlow::Continue(());
                    }
                    subsets(&crosses, n, &mut |c| {
                        fish(base, t, d, (b, c), (&line, &cross), bc, sink)
                    })
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Calls `f` with every `n`-subset of `items`, in lexicographic order, until it breaks.
fn subsets(
    items: &[usize],
    n: usize,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn rec(
        items: &[usize],
        n: usize,
        chosen: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == n {
            return f(chosen);
        }
        let need = n - chosen.len();
        for (k, &x) in items.iter().enumerate() {
            if items.len() - k < need {
                break;
            }
            chosen.push(x);
            let r = rec(&items[k + 1..], n, chosen, f);
            chosen.pop();
            r?;
        }
        ControlFlow::Continue(())
    }
    rec(items, n, &mut Vec::with_capacity(n), f)
}

/// Checks one fish (base lines `b`, cover lines `c`) and pushes its steps.
fn fish(
    base: &Base,
    t: &mut Tables,
    d: Digit,
    (b, c): (&[usize], &[usize]),
    (line, cross): (&dyn Fn(usize) -> House, &dyn Fn(usize) -> House),
    bc: CellSet,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    let mut cover = CellSet::EMPTY;
    for &j in c {
        cover |= cross(j).cells();
    }
    let body = bc & cover;
    let fins = bc - cover;
    if fins.is_empty()
        || fins.len() > MAX_FINS
        || b.iter().any(|&i| (body & line(i).cells()).is_empty())
    {
        return ControlFlow::Continue(());
    }
    // What every fin turns off: both types need it, and most fish stop here.
    let by_fins = common(t, base, d, fins, base.cand);
    if by_fins.iter().all(|m| m.is_empty()) {
        return ControlFlow::Continue(());
    }
    let cand = base.cand[d.index()];
    let mut evidence_step = Step::new(TechniqueId::KrakenFish);
    let e = &mut evidence_step.evidence;
    e.digits = DigitSet::single(d);
    e.base = b.iter().fold(HouseSet::EMPTY, |s, &i| s.with(line(i)));
    e.cover = c.iter().fold(HouseSet::EMPTY, |s, &j| s.with(cross(j)));
    e.fins = fins;
    // Type 1.
    let targets = (cand & cover) - bc;
    let elim = targets & by_fins[d.index()];
    // Targets every fin sees are the plain finned fish's: kraken only when a chain is needed.
    let plain =
        fins.iter().fold(CellSet::ALL, |m, f| m & bitdoku_bitboard::tables::PEERS[f.index()]);
    if !(elim - plain).is_empty() {
        let mut step = evidence_step;
        step.eliminate(d, elim);
        step.evidence.cells = body;
        sink.push(step)?;
    }
    // Type 2.
    for &j in c {
        let line_body = body & cross(j).cells();
        let m = common(t, base, d, line_body, by_fins);
        let members = line_body | fins;
        let mut step = evidence_step;
        let mut any = false;
        for e in Digit::all() {
            let mut elim = m[e.index()];
            if e == d {
                elim -= members;
                // Type 1's targets of the fish digit are reported there.
                elim -= cover - bc;
            }
            if !elim.is_empty() {
                step.eliminate(e, elim);
                any = true;
            }
        }
        if any {
            step.evidence.cells = members;
            sink.push(step)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::KrakenFish;
    use crate::registry::find_all;
    use crate::testkit::{EMPTY, check_not_applicable, check_step, grid, state};

    /// magictour top1465 line 2 during a solve with singles, intersections, pairs, triples and
    /// (finned) X-Wings/Swordfish, before a type 1 kraken fish.
    const TYPE1: [&str; 9] = [
        "......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5...9",
        "...4.6..9..3..6.....34.6..9.2.........3456..91...........4.67.9...45678.....5.78.",
        "....5....123..6...1234.6..9......78...34.6..9......78.12.4.6..91..4.6...12......9",
        "1......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6...",
        "..3......12...67..12...67.9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7..",
        ".2...6.8..2..5678..2..567..1.........2.456....2.4567.....4..78.........9..3......",
        "12.....8.........9123.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....",
        "12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....89",
        "12.4.6.8.123.5678.1234567....345..8912.45...9.2345..8912...67.91.3..678.12....789",
    ];

    /// The same puzzle, before a type 2 kraken fish.
    const TYPE2: [&str; 9] = [
        "......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5...9",
        "...4.6..9..3..6.....34.6..9.2.........3456..91...........4.67.9...45678.....5.789",
        "....5....123..6...1234.6..9......78...34.6..9......78.12.4.6..91..4.6...12......9",
        "1......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6...",
        "..3......12...67..12...67.9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7..",
        ".2...6.8..2..5678..2..567..1.........2.456....2.4567.....4..78.........9..3......",
        "12.....8.........9123.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....",
        "12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....89",
        "12.4.6.8.123.5678.1234567....345..8912.45...9.2345..8912...67.91.3..678.12....789",
    ];

    /// The solution of top1465 line 2.
    fn solution() -> [u8; 81] {
        let p = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
        let start = bitdoku_bitboard::parse_line(p).unwrap().unwrap().candidates();
        bitdoku_brute::solve_unique(&start.search_masks()).1.unwrap().0
    }

    fn sound(line: &str) {
        let solution = solution();
        for s in find_all(KrakenFish, &grid(line)) {
            for d in bitdoku_bitboard::Digit::all() {
                for c in s.eliminations[d.index()] {
                    assert_ne!(solution[c.index()], d.value(), "unsound: {}", s.explain());
                }
            }
        }
    }

    #[test]
    fn type_1_every_fin_removes_the_target_by_a_chain() {
        let g = grid(&TYPE1.concat());
        let s = check_step(KrakenFish, &g, "r9c2<>2");
        assert_eq!(
            s.explain(),
            "Kraken Fish on 2: base c1 c5 c7, cover r6 r7 r9, cells r6c1 r6c5 r7c1 r7c5 r7c7 r9c1 \
             r9c5 r9c7, fins r3c7 r8c1 => r9c2<>2"
        );
        sound(&TYPE1.concat());
    }

    #[test]
    fn type_2_a_cover_line_and_the_fins_remove_one_candidate() {
        let g = grid(&TYPE2.concat());
        let s = check_step(KrakenFish, &g, "r2c9<>9");
        assert_eq!(
            s.explain(),
            "Kraken Fish on 5: base r2 r3, cover c1 c5, cells r2c5 r2c8 r2c9, fins r2c8 r2c9 => \
             r2c9<>9"
        );
        sound(&TYPE2.concat());
    }

    /// Every candidate of a grid with a deadly rectangle opened up is in a solution: nothing
    /// can be removed.
    #[test]
    fn nothing_when_every_candidate_is_in_a_solution() {
        let mut givens: Vec<u8> =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
                .bytes()
                .collect();
        for i in [0, 1, 27, 28] {
            givens[i] = b'.';
        }
        check_not_applicable(KrakenFish, &state(std::str::from_utf8(&givens).unwrap(), ""));
        check_not_applicable(KrakenFish, &state(EMPTY, ""));
    }
}
