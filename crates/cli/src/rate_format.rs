//! `rate --format` / `--before` / `--after`: serate's `%` conversions plus bitdoku's own,
//! parsed once into pieces and rendered per puzzle (or per step).
//!
//! serate's letters (Sudoku Explainer 1.2.1.3 and its SukakuExplainer successor): `%g` the
//! input line, `%i` the grid, `%n` the line number, `%r`/`%p`/`%d` ER/EP/ED, `%R`/`%P`/`%D`
//! the names of the techniques that set them, `%S`/`%T`/`%U` their short names (here the
//! technique ids), `%e` the elapsed time, `%m`/`%M` the candidates (729 characters / the
//! pencilmark grid), `%t` a tab, `%%` a percent sign. bitdoku's: `%l` the HoDoKu level
//! (`medium`), `%L` the level as HoDoKu prints it (`Medium`), `%s` the HoDoKu score, `%b`
//! HoDoKu's ` bf` marker when brute force was used, `%x` the step's explanation and `%k` its
//! technique id (per step), `%c` Berthier's classification as `classify` prints it
//! (`TE=2 BxB=3`), `%E` the T&E depth alone (`TE=2`), `%G` the guess-count rating
//! `MEAN/MAX` (the brute-force solver's guesses over [`bitdoku_generate::DEFAULT_ISOMORPHS`]
//! seeded random isomorphs of the puzzle, mean to one decimal; per puzzle; `-` for a candidate
//! grid, which has no givens). SukakuExplainer's `%l` (newline), `%s` (step text) and `%h` (HTML)
//! are not taken: the contract gives `%l`/`%s` to HoDoKu, and `%x` is the step's text.

use bitdoku_bitboard::{Candidates, format_pencilmarks, to_candidate_line, to_line};
use bitdoku_engine::Rating;
use bitdoku_generate::{DEFAULT_ISOMORPHS, DEFAULT_SEED, guess_rating};
use bitdoku_se_model::{Hint as SeHint, SeRating};
use bitdoku_strategies::{Level, Step, TechniqueId};
use std::fmt::Write as _;
use std::time::Duration;

/// Where a format is used: the per-puzzle line, or before/after each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// `--format`: once per puzzle, after rating.
    Puzzle,
    /// `--before`: before each step, on the state the step is searched on.
    Before,
    /// `--after`: after each step, on the state after it.
    After,
}

impl Context {
    fn option(self) -> &'static str {
        match self {
            Context::Puzzle => "--format",
            Context::Before => "--before",
            Context::After => "--after",
        }
    }
}

/// One conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Input,
    Grid,
    Number,
    Er,
    Ep,
    Ed,
    ErName,
    EpName,
    EdName,
    ErId,
    EpId,
    EdId,
    Elapsed,
    Level,
    LevelHodoku,
    Score,
    BruteMarker,
    CandidateLine,
    Pencilmarks,
    StepText,
    StepId,
    Guesses,
    Tab,
    Classification,
    TeDepth,
}

impl Field {
    fn from_letter(c: char) -> Option<Field> {
        Some(match c {
            'g' => Field::Input,
            'i' => Field::Grid,
            'n' => Field::Number,
            'r' => Field::Er,
            'p' => Field::Ep,
            'd' => Field::Ed,
            'R' => Field::ErName,
            'P' => Field::EpName,
            'D' => Field::EdName,
            'S' => Field::ErId,
            'T' => Field::EpId,
            'U' => Field::EdId,
            'e' => Field::Elapsed,
            'l' => Field::Level,
            'L' => Field::LevelHodoku,
            's' => Field::Score,
            'b' => Field::BruteMarker,
            'm' => Field::CandidateLine,
            'M' => Field::Pencilmarks,
            'x' => Field::StepText,
            'k' => Field::StepId,
            'G' => Field::Guesses,
            't' => Field::Tab,
            'c' => Field::Classification,
            'E' => Field::TeDepth,
            _ => return None,
        })
    }

    /// Whether the field means something in `ctx`.
    fn allowed(self, ctx: Context) -> bool {
        match self {
            Field::StepText | Field::StepId => ctx == Context::After,
            Field::EpName | Field::EdName | Field::EpId | Field::EdId | Field::Ep | Field::Ed => {
                ctx == Context::Puzzle
            }
            Field::Elapsed
            | Field::BruteMarker
            | Field::Level
            | Field::LevelHodoku
            | Field::Guesses
            | Field::Classification
            | Field::TeDepth => ctx == Context::Puzzle,
            Field::Er | Field::ErName | Field::ErId | Field::Score => ctx != Context::Before,
            _ => true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field(Field),
}

/// A parsed format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pieces: Vec<Piece>,
}

/// bitdoku's default `rate` line: `PUZZLE #LINE level (score) ED=er/ep/ed[ bf]`.
pub const DEFAULT: &str = "%i #%n %l (%s) ED=%r/%p/%d%b";

/// The letters, for error messages and help.
pub const LETTERS: &str = "g i n r p d R P D S T U e l L s b m M x k G t %";

impl Format {
    /// Parses `text` for `ctx`: unknown letters, a trailing `%` and letters that mean nothing
    /// in `ctx` are errors.
    pub fn parse(text: &str, ctx: Context) -> Result<Format, String> {
        let mut pieces = Vec::new();
        let mut lit = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                lit.push(c);
                continue;
            }
            let opt = ctx.option();
            let Some(letter) = chars.next() else {
                return Err(format!("{opt} {text:?}: a lone % at the end (write %% for %)"));
            };
            if letter == '%' {
                lit.push('%');
                continue;
            }
            let Some(field) = Field::from_letter(letter) else {
                return Err(format!(
                    "{opt} {text:?}: unknown conversion %{letter} (known: {LETTERS})"
                ));
            };
            if !field.allowed(ctx) {
                return Err(format!("{opt} {text:?}: %{letter} has no meaning in {opt}"));
            }
            if !lit.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut lit)));
            }
            pieces.push(Piece::Field(field));
        }
        if !lit.is_empty() {
            pieces.push(Piece::Text(lit));
        }
        Ok(Format { pieces })
    }

    /// Whether the format shows anything only the technique engine knows (HoDoKu level and
    /// score, the brute-force marker).
    pub fn needs_engine(&self) -> bool {
        self.pieces.iter().any(|p| {
            matches!(
                p,
                Piece::Field(Field::Level | Field::LevelHodoku | Field::Score | Field::BruteMarker)
            )
        })
    }

    /// Whether the format shows anything only the Sudoku Explainer model knows (ER, EP, ED,
    /// their names and ids): without it, `rate` does not run the model.
    pub fn needs_se(&self) -> bool {
        self.pieces.iter().any(|p| {
            matches!(
                p,
                Piece::Field(
                    Field::Er
                        | Field::Ep
                        | Field::Ed
                        | Field::ErName
                        | Field::EpName
                        | Field::EdName
                        | Field::ErId
                        | Field::EpId
                        | Field::EdId
                )
            )
        })
    }

    /// Whether the format is empty (then it prints no line).
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Renders the format into `out`.
    pub fn render(&self, v: &Values<'_>, out: &mut String) {
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Field(f) => v.write(*f, out),
            }
        }
    }
}

/// What a format can show.
pub struct Values<'a> {
    /// The input line as read.
    pub input: &'a str,
    /// The 1-based line number.
    pub number: usize,
    /// The state (the puzzle for `--format`).
    pub state: &'a Candidates,
    /// The input was a candidate grid (for `--format`; `%G` is not defined for one).
    pub grid: bool,
    /// The rating so far (all zero for an error).
    pub rating: &'a Rating,
    /// The error that replaced the rating (no solution, multiple solutions).
    pub error: Option<&'a str>,
    /// Time spent rating.
    pub elapsed: Duration,
    /// Whether brute force finished the puzzle.
    pub fallback: bool,
    /// The step just taken (`--after`).
    pub step: Option<&'a Step>,
    /// The SE model's rating (so far, per step): ER/EP/ED and their names come from it.
    pub se: Option<&'a SeRating>,
    /// The SE model's step just taken (`--after`).
    pub se_step: Option<&'a SeHint>,
}

impl Values<'_> {
    fn write(&self, f: Field, out: &mut String) {
        let r = self.rating;
        let name = |id: Option<TechniqueId>| {
            self.error
                .map_or_else(|| id.map_or("none", TechniqueId::name).to_string(), str::to_string)
        };
        let short = |id: Option<TechniqueId>| {
            self.error.map_or_else(
                || id.map_or("none", TechniqueId::as_str).to_string(),
                |_| "error".into(),
            )
        };
        if let (Some(se), None) = (self.se, self.error) {
            let tenths = |t: u32| format!("{}.{}", t / 10, t % 10);
            let done = match f {
                Field::Er => Some(tenths(se.er)),
                Field::Ep => Some(tenths(se.ep)),
                Field::Ed => Some(tenths(se.ed)),
                Field::ErName | Field::ErId => Some(se.er_name.to_string()),
                Field::EpName | Field::EpId => Some(se.ep_name.to_string()),
                Field::EdName | Field::EdId => Some(se.ed_name.to_string()),
                Field::StepText => Some(self.se_step.map_or(String::new(), SeHint::explain)),
                Field::StepId => Some(self.se_step.map_or(String::new(), |h| h.name.to_string())),
                _ => None,
            };
            if let Some(text) = done {
                out.push_str(&text);
                return;
            }
        }
        let _ = match f {
            Field::Input => write!(out, "{}", self.input),
            Field::Grid => write!(out, "{}", to_line(self.state)),
            Field::Number => write!(out, "{}", self.number),
            Field::Er => write!(out, "{}", se_tenths(r.er)),
            Field::Ep => write!(out, "{}", se_tenths(r.ep)),
            Field::Ed => write!(out, "{}", se_tenths(r.ed)),
            Field::ErName => write!(out, "{}", name(r.er_id)),
            Field::EpName => write!(out, "{}", name(r.ep_id)),
            Field::EdName => write!(out, "{}", name(r.ed_id)),
            Field::ErId => write!(out, "{}", short(r.er_id)),
            Field::EpId => write!(out, "{}", short(r.ep_id)),
            Field::EdId => write!(out, "{}", short(r.ed_id)),
            Field::Elapsed => write!(out, "{}", se_elapsed(self.elapsed)),
            Field::Level if self.error.is_some() => write!(out, "error"),
            Field::LevelHodoku if self.error.is_some() => write!(out, "Error"),
            Field::Level => write!(out, "{}", r.level().as_str()),
            Field::LevelHodoku => write!(out, "{}", hodoku_level(r.level())),
            Field::Score => write!(out, "{}", r.score),
            Field::BruteMarker => write!(out, "{}", if self.fallback { " bf" } else { "" }),
            Field::CandidateLine => write!(out, "{}", to_candidate_line(self.state)),
            Field::Pencilmarks => write!(out, "{}", format_pencilmarks(self.state).trim_end()),
            Field::StepText => write!(out, "{}", self.step.map_or(String::new(), Step::explain)),
            Field::StepId => write!(out, "{}", self.step.map_or("", |s| s.technique.as_str())),
            // The rating draws isomorphs of the givens' minlex form: a candidate grid has no
            // givens (its candidates are the puzzle), so it gets none.
            Field::Guesses if self.grid => write!(out, "-"),
            Field::Guesses => {
                let g = guess_rating(&self.state.values(), DEFAULT_ISOMORPHS, DEFAULT_SEED);
                write!(out, "{g}")
            }
            Field::Tab => write!(out, "\t"),
            Field::Classification | Field::TeDepth if self.error.is_some() => {
                write!(out, "error")
            }
            Field::Classification => {
                write!(out, "{}", classification(self.state, "te,w,b,bxb,bxbb"))
            }
            Field::TeDepth => write!(out, "{}", classification(self.state, "te")),
        };
    }
}

/// Berthier's measures of `state` as `classify` prints them (`TE=1 W=2 B=2`), each puzzle
/// with `classify`'s default limits and a one-minute budget (a cut measure prints as `B>n`).
fn classification(state: &Candidates, measures: &str) -> String {
    let limits = bitdoku_classify::Limits {
        time: Some(Duration::from_secs(60)),
        ..bitdoku_classify::Limits::default()
    };
    let measures = bitdoku_classify::Measures::parse(measures).expect("measure names");
    match bitdoku_classify::classify(&state.search_masks(), measures, &limits) {
        Ok(c) => crate::cmd_classify::measures_text(&c),
        Err(_) => "error".into(),
    }
}

/// A rating as serate prints it: rounded half up to tenths (`(int)((x + 0.05) * 10)`).
#[must_use]
pub fn se_tenths(x: f32) -> String {
    let w = ((f64::from(x) + 0.05) * 10.0).floor() as i64;
    format!("{}.{}", w / 10, w % 10)
}

/// Elapsed time as serate prints it: `1.23s` under a minute, then `4m05s`, `2h07m`, `1d03h`
/// (truncated, not rounded).
#[must_use]
pub fn se_elapsed(d: Duration) -> String {
    let centis = d.as_millis() / 10;
    let (secs, cs) = (centis / 100, centis % 100);
    if secs < 60 {
        format!("{secs}.{cs:02}s")
    } else if secs < 3600 {
        format!("{}m{:02}s", secs / 60, secs % 60)
    } else if secs < 86_400 {
        format!("{}h{:02}m", secs / 3600, secs % 3600 / 60)
    } else {
        format!("{}d{:02}h", secs / 86_400, secs % 86_400 / 3600)
    }
}

/// The level as HoDoKu's `/bs` output names it.
fn hodoku_level(l: Level) -> &'static str {
    match l {
        Level::Easy => "Easy",
        Level::Medium => "Medium",
        Level::Hard => "Hard",
        Level::Unfair => "Unfair",
        Level::Extreme => "Extreme",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_literals_letters_and_percent() {
        let f = Format::parse("%g ED=%r/%p/%d 100%%", Context::Puzzle).unwrap();
        assert_eq!(f.pieces.len(), 8);
        assert_eq!(f.pieces[7], Piece::Text(" 100%".into()));
        assert!(Format::parse("", Context::Puzzle).unwrap().is_empty());
    }

    #[test]
    fn rejects_unknown_trailing_and_misplaced_letters() {
        let e = Format::parse("%g %q", Context::Puzzle).unwrap_err();
        assert!(e.contains("unknown conversion %q"), "{e}");
        assert!(Format::parse("50%", Context::Puzzle).unwrap_err().contains("lone %"));
        assert!(Format::parse("%x", Context::Puzzle).unwrap_err().contains("no meaning"));
        assert!(Format::parse("%r", Context::Before).unwrap_err().contains("--before"));
        assert!(Format::parse("%x %r %m", Context::After).is_ok());
        assert!(Format::parse(DEFAULT, Context::Puzzle).is_ok());
        assert!(Format::parse("%g ED=%r/%p/%d", Context::Puzzle).is_ok());
        assert!(Format::parse("%g %G", Context::Puzzle).is_ok());
        assert!(Format::parse("%G", Context::After).unwrap_err().contains("no meaning"));
    }

    #[test]
    fn ratings_round_like_serate() {
        assert_eq!(se_tenths(0.0), "0.0");
        assert_eq!(se_tenths(1.2), "1.2");
        assert_eq!(se_tenths(4.2), "4.2");
        assert_eq!(se_tenths(7.05), "7.1");
        assert_eq!(se_tenths(20.0), "20.0");
        assert_eq!(se_tenths(11.94), "11.9");
    }

    #[test]
    fn elapsed_like_serate() {
        assert_eq!(se_elapsed(Duration::from_millis(7)), "0.00s");
        assert_eq!(se_elapsed(Duration::from_millis(1234)), "1.23s");
        assert_eq!(se_elapsed(Duration::from_secs(65)), "1m05s");
        assert_eq!(se_elapsed(Duration::from_secs(2 * 3600 + 7 * 60 + 5)), "2h07m");
        assert_eq!(se_elapsed(Duration::from_secs(86_400 + 3 * 3600)), "1d03h");
    }
}
