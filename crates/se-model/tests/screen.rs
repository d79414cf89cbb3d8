//! Screening filters against full ratings, on a sample of bundled puzzles and many ranges: a
//! puzzle whose full rating lies in the ranges is kept with exactly that rating; any other is
//! rejected, with facts that the full rating confirms, after no more steps than the full
//! rating (one step for an ED outside its range); and the work saved is real.

use bitdoku_bitboard::{Candidates, parse_line_at};
use bitdoku_se_model::{self as se, Bound, Measure, Range, Screen};
use std::path::Path;

fn sample(file: &str, skip: usize, take: usize) -> Vec<Candidates> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets").join(file);
    let text = std::fs::read_to_string(path).expect("bundled corpus");
    text.lines()
        .skip(skip)
        .take(take)
        .enumerate()
        .map(|(i, l)| parse_line_at(l, i + 1).unwrap().unwrap().candidates())
        .collect()
}

fn confirms(b: Bound, full: u32) -> bool {
    match b {
        Bound::Exact(v) => v == full,
        Bound::AtLeast(v) => full >= v,
    }
}

/// Ranges around the values met: below, above, within, each end open.
fn ranges() -> Vec<Option<Range>> {
    let mut out = vec![None];
    for (min, max) in [(0, 30), (0, 75), (0, 90), (0, 105), (23, 200), (40, 200), (85, 200)] {
        out.push(Some(Range { min, max }));
    }
    out.extend([Some(Range { min: 90, max: 100 }), Some(Range { min: 12, max: 12 })]);
    out
}

#[test]
fn screens_keep_exactly_the_puzzles_in_range_and_stop_early_on_the_others() {
    let mut set = sample("magictour_top1465.txt", 0, 40);
    set.extend(sample("generated_minimal_10k.txt", 0, 40));
    let (mut kept, mut rejected, mut early) = (0, 0, 0);
    for (i, start) in set.iter().enumerate() {
        let full = se::rate_state(start, None);
        let value = |m: Measure| match m {
            Measure::Er => full.er,
            Measure::Ep => full.ep,
            Measure::Ed => full.ed,
        };
        // Each measure alone over all ranges, then a few combinations.
        let mut screens = Vec::new();
        for r in ranges() {
            screens.push(Screen { er: r, ..Screen::default() });
            screens.push(Screen { ep: r, ..Screen::default() });
            screens.push(Screen { ed: r, ..Screen::default() });
        }
        let rs = ranges();
        screens.push(Screen { er: rs[5], ep: rs[1], ed: rs[3] });
        screens.push(Screen { er: rs[6], ed: rs[2], ep: None });
        for screen in screens.iter().filter(|s| !s.is_open()) {
            let out = se::rate_state_screened(start, None, screen);
            let inside =
                [(Measure::Er, screen.er), (Measure::Ep, screen.ep), (Measure::Ed, screen.ed)]
                    .iter()
                    .all(|&(m, r)| r.is_none_or(|r| r.contains(value(m))));
            match out.outside {
                None => {
                    assert!(inside, "puzzle {i} kept outside {screen:?}: {full:?}");
                    assert_eq!(out.rating, full, "puzzle {i} kept with another rating");
                    kept += 1;
                }
                Some(o) => {
                    assert!(!inside, "puzzle {i} rejected inside {screen:?}: {full:?} {o}");
                    let r = [
                        (Measure::Er, screen.er),
                        (Measure::Ep, screen.ep),
                        (Measure::Ed, screen.ed),
                    ]
                    .into_iter()
                    .find(|&(m, _)| m == o.measure)
                    .and_then(|(_, r)| r)
                    .expect("the rejecting measure has a range");
                    let v = value(o.measure);
                    assert!(if o.above { v > r.max } else { v < r.min }, "puzzle {i}: {o}");
                    assert!(confirms(o.er, full.er) && confirms(o.ep, full.ep), "{i}: {o}");
                    assert!(confirms(o.ed, full.ed), "puzzle {i}: {o} against {full:?}");
                    assert!(out.rating.steps <= full.steps);
                    if o.measure == Measure::Ed {
                        assert!(out.rating.steps <= 1, "ED decides at the first step");
                    }
                    if out.rating.steps < full.steps {
                        early += 1;
                    }
                    rejected += 1;
                }
            }
        }
    }
    assert!(
        kept > 300 && rejected > 300 && early > 300,
        "{kept} kept, {rejected} rejected, {early} early"
    );
}

/// A hard puzzle (forum_hardest_1905_11plus's first, 11.1/11.1/11.1) rejected for its ED stops after one
/// step; rejected for an ER maximum below its first step's rule, it stops before any step.
#[test]
fn a_hard_puzzle_rejected_by_ed_or_er_max_stops_before_its_path() {
    let start = &sample("forum_hardest_1905_11plus.txt", 0, 1)[0];
    let full = se::rate_state(start, None);
    assert!(full.steps > 5, "{full:?}");
    let ed = Screen { ed: Some(Range { min: full.ed + 1, max: 200 }), ..Screen::default() };
    let out = se::rate_state_screened(start, None, &ed);
    assert_eq!(out.rating.steps, 1);
    assert_eq!(out.outside.map(|o| o.ed), Some(Bound::Exact(full.ed)));
    let er = Screen { er: Some(Range { min: 0, max: 50 }), ..Screen::default() };
    let out = se::rate_state_screened(start, None, &er);
    assert_eq!(out.rating.steps, 0, "{out:?}");
    assert!(out.outside.is_some_and(|o| o.measure == Measure::Er && o.above));
}
