//! Screening filters: stop a rating as soon as the puzzle is known to lie outside a requested
//! range of ER, EP or ED (for hunts that rate millions of candidates and keep a few).
//!
//! The model applies SE's rules in increasing order of their least difficulty
//! ([`RULE_MIN`]), always the first rule that has a hint. That order is what lets the rating
//! loop decide early, without ever changing the path a full rating takes:
//!
//! * **ED** is the first step's difficulty: known after one step, so `ED` below its minimum
//!   rejects after one step. Above its maximum rejects before the first step is even found
//!   when every rule whose least difficulty is within the maximum has nothing (the step, if
//!   any, comes from a rule rated at least the next rule's least difficulty).
//! * **EP** is the highest difficulty up to the first placement: final at that placement
//!   (below the minimum rejects there), and above the maximum as soon as a step before it is.
//! * **ER** is the highest difficulty of the whole path: above the maximum as soon as one step
//!   is (or, as for ED, as soon as the rules within the maximum find nothing). ER *below* a
//!   minimum is only known at the end of the path: any later state may still need a harder
//!   rule, and the rules the model skips are exactly the ones it would never reach anyway. So
//!   a minimum on ER rejects nothing early; combine it with an ED or EP minimum (ER >= EP >=
//!   ED) to screen cheaply.
//!
//! A rejection never changes a rating: the loop is the full rating's loop, it only stops
//! sooner, and rules are skipped only when any hint they could give already rejects the
//! puzzle. Accepted puzzles therefore rate exactly as without the filter.

use std::fmt;
use std::str::FromStr;

/// The least difficulty (tenths) of any hint of each rule, in the rating order: singles and
/// direct rules, subsets, fish, wings, unique loops (4.5), BUG (5.6), aligned pair (6.2),
/// cycles and forcing X chains (6.5), aligned triplet (7.5), Nishio (7.5), multiple (8.0) and
/// dynamic forcing chains (8.5, then 9.0 to 11.0 by nesting level). Non-decreasing.
pub const RULE_MIN: [u32; 30] = [
    10, 17, 20, 23, 25, 26, 30, 32, 34, 36, 38, 40, 42, 44, 45, 50, 52, 54, 56, 62, 65, 75, 75, 80,
    85, 90, 95, 100, 105, 110,
];

/// A closed range of difficulties in tenths, `min..=max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The least difficulty kept.
    pub min: u32,
    /// The highest difficulty kept.
    pub max: u32,
}

impl Range {
    /// Every difficulty (0.0 to 20.0).
    pub const ALL: Range = Range { min: 0, max: 200 };

    /// Whether `v` (tenths) is in the range.
    pub fn contains(&self, v: u32) -> bool {
        (self.min..=self.max).contains(&v)
    }
}

/// Parses `10.0-` (at least), `-9.0` (at most), `9.0-10.5` (both ends kept) or `10.0`
/// (exactly); one decimal at most.
impl FromStr for Range {
    type Err = String;

    fn from_str(s: &str) -> Result<Range, String> {
        let tenths = |t: &str| -> Result<u32, String> {
            let t = t.trim();
            let (whole, frac) = t.split_once('.').unwrap_or((t, "0"));
            let ok = !whole.is_empty()
                && whole.bytes().all(|b| b.is_ascii_digit())
                && frac.len() == 1
                && frac.bytes().all(|b| b.is_ascii_digit());
            let v = whole
                .parse::<u32>()
                .ok()
                .filter(|_| ok)
                .map(|w| w * 10 + frac.parse::<u32>().unwrap_or(0));
            match v {
                Some(v) if v <= 200 => Ok(v),
                _ => Err(format!("{t:?} is not a difficulty from 0.0 to 20.0 (one decimal)")),
            }
        };
        let range = match s.trim().split_once('-') {
            None => {
                let v = tenths(s)?;
                Range { min: v, max: v }
            }
            Some((a, b)) if a.trim().is_empty() && b.trim().is_empty() => {
                return Err("a range needs a number: 10.0-, -9.0, 9.0-10.5 or 10.0".into());
            }
            Some((a, b)) => Range {
                min: if a.trim().is_empty() { 0 } else { tenths(a)? },
                max: if b.trim().is_empty() { 200 } else { tenths(b)? },
            },
        };
        if range.min > range.max {
            return Err(format!("empty range {s:?}: the minimum is above the maximum"));
        }
        Ok(range)
    }
}

/// The ranges a rating must lie in; `None` keeps every value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Screen {
    /// ER.
    pub er: Option<Range>,
    /// EP.
    pub ep: Option<Range>,
    /// ED.
    pub ed: Option<Range>,
}

/// One of the three measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// ER.
    Er,
    /// EP.
    Ep,
    /// ED.
    Ed,
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Measure::Er => "ER",
            Measure::Ep => "EP",
            Measure::Ed => "ED",
        })
    }
}

/// What is known of one measure when a rating stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Its exact value (tenths).
    Exact(u32),
    /// At least this (tenths).
    AtLeast(u32),
}

/// Why a puzzle was rejected, and what is known of its rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outside {
    /// The measure found outside its range.
    pub measure: Measure,
    /// Above the range's maximum (else below its minimum).
    pub above: bool,
    /// The range's end it crossed (tenths).
    pub limit: u32,
    /// What is known of ER.
    pub er: Bound,
    /// What is known of EP.
    pub ep: Bound,
    /// What is known of ED.
    pub ed: Bound,
}

fn tenths(v: u32) -> String {
    format!("{}.{}", v / 10, v % 10)
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Bound::Exact(v) => write!(f, "={}", tenths(v)),
            Bound::AtLeast(v) => write!(f, ">={}", tenths(v)),
        }
    }
}

/// `ER>10.5 (ER>=10.7 EP>=10.7 ED=8.3)`: the reason (the range's end crossed), then what is
/// known of each measure.
impl fmt::Display for Outside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.above { '>' } else { '<' };
        write!(
            f,
            "{}{side}{} (ER{} EP{} ED{})",
            self.measure,
            tenths(self.limit),
            self.er,
            self.ep,
            self.ed
        )
    }
}

/// Where the rating loop stands, as the screen sees it.
pub(crate) struct Progress {
    /// The highest difficulty so far.
    pub er: u32,
    /// EP when the first placement was made (else 0).
    pub ep: u32,
    /// ED after the first step (else 0).
    pub ed: u32,
    /// Whether the path is complete (solved, or no rule had a hint: ER is final).
    pub done: bool,
}

impl Screen {
    /// Whether the screen keeps every rating (no range given).
    pub fn is_open(&self) -> bool {
        self.er.is_none() && self.ep.is_none() && self.ed.is_none()
    }

    /// The highest difficulty the next step may have without rejecting the puzzle.
    pub(crate) fn ceiling(&self, p: &Progress) -> u32 {
        let max = |r: Option<Range>| r.map_or(u32::MAX, |r| r.max);
        let mut c = max(self.er);
        if p.ep == 0 {
            c = c.min(max(self.ep));
        }
        if p.ed == 0 {
            c = c.min(max(self.ed));
        }
        c
    }

    /// What is known when the rating stops at `p`; `next` is a least difficulty of the step
    /// not taken (when the rules within the ceiling found nothing).
    fn known(p: &Progress, next: Option<u32>) -> (Bound, Bound, Bound) {
        let er = match next {
            Some(n) => Bound::AtLeast(n.max(p.er)),
            None if p.done => Bound::Exact(p.er),
            None => Bound::AtLeast(p.er),
        };
        let ep = if p.ep != 0 {
            Bound::Exact(p.ep)
        } else {
            match er {
                Bound::Exact(v) | Bound::AtLeast(v) => Bound::AtLeast(v),
            }
        };
        let ed = if p.ed != 0 { Bound::Exact(p.ed) } else { Bound::AtLeast(next.unwrap_or(0)) };
        (er, ep, ed)
    }

    /// The rejection when the rules within the ceiling found nothing and the next step would
    /// be at least `next` (tenths; 200 when no rule has one).
    pub(crate) fn above(&self, p: &Progress, next: u32) -> Outside {
        let (er, ep, ed) = Screen::known(p, Some(next));
        let over = |r: Option<Range>| r.filter(|r| next > r.max);
        let (measure, range) = if let Some(r) = over(self.ed).filter(|_| p.ed == 0) {
            (Measure::Ed, r)
        } else if let Some(r) = over(self.ep).filter(|_| p.ep == 0) {
            (Measure::Ep, r)
        } else {
            (Measure::Er, over(self.er).unwrap_or(Range::ALL))
        };
        Outside { measure, above: true, limit: range.max, er, ep, ed }
    }

    /// The rejection that `p` already proves, if any.
    pub(crate) fn check(&self, p: &Progress) -> Option<Outside> {
        let reject = |measure, value: u32, r: Range| {
            let (er, ep, ed) = Screen::known(p, None);
            let above = value > r.max;
            let limit = if above { r.max } else { r.min };
            Some(Outside { measure, above, limit, er, ep, ed })
        };
        let ranges = [
            (Measure::Ed, self.ed, p.ed),
            (Measure::Ep, self.ep, p.ep),
            (Measure::Er, self.er, p.er),
        ];
        if p.done {
            // Every value is final (a measure never reached stays 0.0, as serate prints it).
            for (m, r, v) in ranges {
                if let Some(r) = r.filter(|r| !r.contains(v)) {
                    return reject(m, v, r);
                }
            }
            return None;
        }
        // ED and EP are final once set; before the first placement EP is at least ER so far;
        // ER is at least ER so far.
        for (m, r, v) in ranges {
            let Some(r) = r else { continue };
            let final_value = m != Measure::Er && v != 0;
            if final_value && !r.contains(v) {
                return reject(m, v, r);
            }
            if (m == Measure::Er || (m == Measure::Ep && v == 0)) && p.er > r.max {
                return reject(m, p.er, r);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_both_ends_one_end_or_one_value() {
        assert_eq!("10.0-".parse(), Ok(Range { min: 100, max: 200 }));
        assert_eq!("-9".parse(), Ok(Range { min: 0, max: 90 }));
        assert_eq!("9.0-10.5".parse(), Ok(Range { min: 90, max: 105 }));
        assert_eq!("11.1".parse(), Ok(Range { min: 111, max: 111 }));
        for bad in ["", "-", "abc", "10.55", "9.0-8.0", "21", "1.2.3", "+3"] {
            assert!(bad.parse::<Range>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn rule_minima_never_decrease() {
        assert!(RULE_MIN.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn rejections_say_what_is_known() {
        let s = Screen { ed: Some("9.0-".parse().unwrap()), ..Screen::default() };
        let p = Progress { er: 85, ep: 0, ed: 85, done: false };
        assert_eq!(s.check(&p).unwrap().to_string(), "ED<9.0 (ER>=8.5 EP>=8.5 ED=8.5)");
        let s = Screen { er: Some("-9.0".parse().unwrap()), ..Screen::default() };
        let p = Progress { er: 75, ep: 75, ed: 23, done: false };
        assert_eq!(s.ceiling(&p), 90);
        assert_eq!(s.above(&p, 95).to_string(), "ER>9.0 (ER>=9.5 EP=7.5 ED=2.3)");
    }
}
