//! Reading HoDoKu's regression library format (`reglib-1.3.txt`) and judging found steps
//! against a case. The library itself is GPL test data: it is read from `../shared` at test
//! time and never copied into this repository. This module only knows the line format:
//!
//! `:<code>[-variant]:<digits>:<givens with +placed>:<deleted drc>:<eliminations>:<placements>:<extra>`
//!
//! Pass rule (documented in ARCHITECTURE.md): a positive case passes when one found step has
//! exactly the expected eliminations and placements (for a Siamese fish case, one step or the
//! union of two steps of the same digit); a fail case (`-x`) passes when no step with the
//! case's digits is found.

use crate::{Step, TechniqueId, testkit};
use bitdoku_bitboard::{CellSet, Digit, DigitSet};

/// One test case.
#[derive(Clone, Debug)]
pub struct Case {
    /// 1-based line number in the file.
    pub line: usize,
    /// The 4-digit technique code (a Siamese 5-digit code is reduced to 4 digits).
    pub code: String,
    /// The `-N` variant, if any.
    pub variant: Option<u8>,
    /// A `-x` fail case: the technique must find nothing with these digits.
    pub fail: bool,
    /// A Siamese fish case (5-digit code).
    pub siamese: bool,
    /// The `<candidates>` digits.
    pub digits: DigitSet,
    /// The candidate state.
    pub state: bitdoku_bitboard::Candidates,
    /// Expected eliminations per digit.
    pub eliminations: [CellSet; 9],
    /// Expected placements per digit.
    pub placements: [CellSet; 9],
    /// The `<extra>` field (chain length), verbatim.
    pub extra: String,
}

/// Parses one line: `None` for comments, disabled (`#:`) and blank lines.
pub fn parse_case(text: &str, line: usize) -> Option<Result<Case, String>> {
    let text = text.trim_end_matches(['\r', '\n']);
    if !text.starts_with(':') {
        return None;
    }
    Some(parse_fields(text, line))
}

fn tokens(field: &str) -> Result<[CellSet; 9], String> {
    let mut out = [CellSet::EMPTY; 9];
    for tok in field.split_whitespace() {
        if tok.len() != 3 || !tok.bytes().all(|b| (b'1'..=b'9').contains(&b)) {
            return Err(format!("bad candidate token {tok:?}"));
        }
        let (d, cell) = testkit::drc(tok);
        out[d.index()].insert(cell);
    }
    Ok(out)
}

fn parse_fields(text: &str, line: usize) -> Result<Case, String> {
    let mut f: Vec<&str> = text.split(':').skip(1).collect();
    f.resize(7, "");
    let (code_full, variant) = match f[0].split_once('-') {
        Some((c, v)) => (c, Some(v)),
        None => (f[0], None),
    };
    let fail = variant == Some("x");
    let variant = match variant {
        Some("x") | None => None,
        Some(v) => Some(v.parse::<u8>().map_err(|_| format!("bad variant {v:?}"))?),
    };
    let siamese = code_full.len() == 5;
    let code = code_full.get(..4).ok_or_else(|| format!("bad code {code_full:?}"))?.to_string();
    let mut digits = DigitSet::EMPTY;
    for b in f[1].bytes() {
        digits = digits.with(Digit::from_value(b.wrapping_sub(b'0')).ok_or("bad digit")?);
    }
    if f[2].chars().filter(|c| *c != '+').count() != 81 {
        return Err("givens field is not 81 cells".into());
    }
    let mut state = testkit::state(f[2], "");
    for (d, cells) in tokens(f[3])?.iter().enumerate() {
        state.eliminate(Digit::new_unchecked(d as u8), *cells);
    }
    Ok(Case {
        line,
        code,
        variant,
        fail,
        siamese,
        digits,
        state,
        eliminations: tokens(f[4])?,
        placements: tokens(f[5])?,
        extra: f[6].to_string(),
    })
}

/// The technique a 4-digit HoDoKu code stands for, if bitdoku has one (from the registry rows'
/// [`Reglib`](crate::Reglib) codes).
pub fn technique_for(code: &str) -> Option<TechniqueId> {
    crate::registry::by_reglib_code(code)
}

/// Every code of HoDoKu's library that no registry row claims yet, with the id it will get
/// (CONTRACT.md's names). A code in neither place is a test failure (`codes_are_all_accounted_for`).
pub const NOT_IMPLEMENTED: &[(&str, &str)] = &[];

/// Variants of claimed codes whose cases need a search option bitdoku does not have yet, with
/// the label they are reported under (none today: every option variant of the library has a
/// search in [`OPTION_SEARCHES`]).
pub const WAITING: &[(&str, u8, &str)] = &[];

/// Variants whose cases ask for a search option bitdoku has as a separate search
/// (REGLIB-FORMAT.md): HoDoKu's "ALS nodes in chains" for `0709-2`, `0710-3/-4` and
/// `0711-3/-4`, and "allow overlapping ALSs" for `0902-2`, `0903-2` and `0904-2`. The
/// registered techniques keep HoDoKu's defaults (no ALS nodes, disjoint ALSs).
pub const OPTION_SEARCHES: &[(&str, u8, crate::FindFn)] = &[
    ("0709", 2, crate::chains::grouped_aic::find_with_als),
    ("0710", 3, crate::chains::grouped_aic::find_with_als),
    ("0710", 4, crate::chains::grouped_aic::find_with_als),
    ("0711", 3, crate::chains::grouped_aic::find_with_als),
    ("0711", 4, crate::chains::grouped_aic::find_with_als),
    ("0902", 2, crate::als::als_xy_wing::find_overlapping),
    ("0903", 2, crate::als::als_chain::find_overlapping),
    ("0904", 2, crate::als::death_blossom::find_overlapping),
];

/// The label of a case that waits for a missing search option (see [`WAITING`]).
#[must_use]
pub fn waiting(case: &Case) -> Option<&'static str> {
    WAITING
        .iter()
        .find(|(code, variant, _)| *code == case.code && Some(*variant) == case.variant)
        .map(|(_, _, label)| *label)
}

/// Cases that fail for a reason recorded here, by line of `reglib-1.3.txt` (md5
/// `1cec564c5143b596351054c591144fd8`) and code. They are reported as known gaps, not hidden:
/// a listed case that starts passing fails the test suite, so the list stays current.
pub const KNOWN_GAPS: &[(usize, &str, &str)] = &[
    (
        1159,
        "0706",
        "continuous loop: HoDoKu's 11-link loop is not the shortest walk between any of its \
         weakly linked nodes, and the shortest-walk loops bitdoku finds eliminate a different set",
    ),
    (
        1253,
        "0709",
        "continuous grouped loop with ALS nodes (option search): HoDoKu's loop is not found; \
         not yet analysed whether it is the shortest-walk limitation of line 1159",
    ),
];

/// The recorded reason when `case` is a [`KNOWN_GAPS`] entry.
#[must_use]
pub fn known_gap(case: &Case) -> Option<&'static str> {
    KNOWN_GAPS
        .iter()
        .find(|(line, code, _)| *line == case.line && *code == case.code)
        .map(|(_, _, why)| *why)
}

/// The row name of a case: [`waiting`]'s label, else [`code_name`].
#[must_use]
pub fn case_name(case: &Case) -> &'static str {
    waiting(case).unwrap_or_else(|| code_name(&case.code))
}

/// A name for any code of the library: the registered technique's id, else the planned id
/// from [`NOT_IMPLEMENTED`], else `unknown`. Used to label skipped techniques.
pub fn code_name(code: &str) -> &'static str {
    if let Some(id) = technique_for(code) {
        return id.as_str();
    }
    NOT_IMPLEMENTED.iter().find(|(c, _)| *c == code).map_or("unknown", |(_, name)| name)
}

/// The verdict on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The expected step was found (or, for a fail case, nothing was).
    Pass,
    /// Why not.
    Fail(String),
}

/// Judges the steps a technique found in find-all mode on `case.state`.
pub fn judge(case: &Case, steps: &[Step]) -> Verdict {
    if case.fail {
        let hit = steps.iter().find(|s| case.digits.is_empty() || s.evidence.digits == case.digits);
        return match hit {
            None => Verdict::Pass,
            Some(s) => Verdict::Fail(format!("fail case, but found {}", s.explain())),
        };
    }
    let exact =
        |p: &[CellSet; 9], e: &[CellSet; 9]| *p == case.placements && *e == case.eliminations;
    if steps.iter().any(|s| exact(&s.placements, &s.eliminations)) {
        return Verdict::Pass;
    }
    if case.siamese {
        for (i, a) in steps.iter().enumerate() {
            for b in &steps[i + 1..] {
                let e: [CellSet; 9] =
                    std::array::from_fn(|d| a.eliminations[d] | b.eliminations[d]);
                if a.evidence.digits == b.evidence.digits && exact(&a.placements, &e) {
                    return Verdict::Pass;
                }
            }
        }
    }
    let mut expected = Step::new(TechniqueId::BruteForce);
    expected.placements = case.placements;
    expected.eliminations = case.eliminations;
    let found: Vec<String> = steps.iter().take(6).map(Step::explain).collect();
    Verdict::Fail(format!(
        "expected {}; found {} step(s): {}",
        expected.effects_text().join(" "),
        steps.len(),
        if found.is_empty() { "none".to_string() } else { found.join(" | ") }
    ))
}

/// Runs one case with the registered technique: `None` when bitdoku has no such technique or
/// the case [`waiting`] for a search option.
pub fn run_case(case: &Case) -> Option<Verdict> {
    if waiting(case).is_some() {
        return None;
    }
    let id = technique_for(&case.code)?;
    crate::registry::get(id)?;
    let option = OPTION_SEARCHES
        .iter()
        .find(|(code, variant, _)| *code == case.code && Some(*variant) == case.variant);
    let mut steps = match option {
        Some(&(_, _, search)) => {
            let mut steps = Vec::new();
            let _ = search(&case.state, &mut steps);
            steps
        }
        None => crate::registry::find_all(id, &case.state),
    };
    if case.siamese {
        // HoDoKu searches finned and sashimi fish in one pass and may merge one of each.
        if let Some(sibling) = fish_sibling(id) {
            steps.extend(crate::registry::find_all(sibling, &case.state));
        }
    }
    Some(judge(case, &steps))
}

/// The sashimi fish of the same size for a finned fish, and the other way round; the finless
/// franken or mutant fish of the same size for a finned one (HoDoKu searches both in one pass).
fn fish_sibling(id: TechniqueId) -> Option<TechniqueId> {
    use TechniqueId::*;
    Some(match id {
        FinnedXWing => SashimiXWing,
        SashimiXWing => FinnedXWing,
        FinnedSwordfish => SashimiSwordfish,
        SashimiSwordfish => FinnedSwordfish,
        FinnedJellyfish => SashimiJellyfish,
        SashimiJellyfish => FinnedJellyfish,
        FinnedFrankenXWing => FrankenXWing,
        FinnedFrankenSwordfish => FrankenSwordfish,
        FinnedFrankenJellyfish => FrankenJellyfish,
        FinnedMutantJellyfish => MutantJellyfish,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_placement_case() {
        // A made-up case in the library's layout (not taken from the library).
        let line = ":0003:5:12345678.........................................................................:::919:";
        let case = parse_case(line, 3).unwrap().unwrap();
        assert_eq!(case.code, "0003");
        assert!(!case.fail && !case.siamese);
        assert_eq!(case.digits.to_string(), "5");
        assert_eq!(case.placements[8].len(), 1);
        assert!(parse_case("# comment", 1).is_none());
        assert!(parse_case("#:0003:...", 1).is_none());
        assert!(parse_case(":0003:5:123:::919:", 1).unwrap().is_err());
    }
}
