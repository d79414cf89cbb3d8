//! Randomised campaigns ("fuzzing") that run on stable Rust.
//!
//! Four targets, each a function from a seed and a count to a [`Report`]:
//!
//! - [`parse`]: random and damaged lines (valid 81- and 729-character puzzles with every empty
//!   marker, then byte edits, truncation, trailing text, clashing digits, non-UTF-8 bytes, NULs,
//!   random bytes) through `parse_line`. No panic; a parsed puzzle prints and parses back to
//!   the same state.
//! - [`solve_path`]: batches of such lines with mixed line endings (`\n`, `\r\n`, a lone `\r`),
//!   sometimes a byte order mark, sometimes gzip-compressed, piped through the real
//!   `bitdoku solve --json` binary. Exactly one JSON row per puzzle line, in order, with the
//!   right line number; `invalid` exactly for lines that do not parse; every solution fits its
//!   puzzle; no panic, exit status 0, 1 or 2 only.
//! - [`techniques`]: random *sound* states: a corpus puzzle, its unique solution, then random
//!   placements of solution digits and random eliminations of non-solution candidates, given
//!   either as a state with givens or as a 729-character candidate grid. Every registered
//!   technique runs in find-all mode and every step is checked against the solution; one state
//!   in 16 is also solved by the whole engine (`hodoku` preset, steps verified).
//! - [`broken_states`]: states without solution (a sound state less one of its solution's
//!   candidates), which the logic engine meets on a puzzle without solution since it counts
//!   solutions only when needed: every technique and the whole engine, no panic, and the
//!   engine's status is `no_solution`.
//!
//! Why not cargo-fuzz: libFuzzer needs a nightly toolchain, and this project builds on stable
//! only. These generators are structure-aware (they start from real puzzles), deterministic
//! per seed (a failure prints the seed that replays it), and fast enough for ten million inputs
//! in minutes on two cores.

#![deny(missing_docs)]

use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, parse_line, to_candidate_line};
use bitdoku_engine::{Engine, Options, Order, Status, Verifier};
use bitdoku_strategies::registry;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod broken;
mod stall;
pub use broken::broken_states;
pub use stall::stall;

/// What a campaign found.
#[derive(Debug, Default, Clone)]
pub struct Report {
    /// Inputs tried (lines for `parse` and `solve_path`, states for `techniques`).
    pub inputs: u64,
    /// Steps checked against the solution (`techniques` only).
    pub steps: u64,
    /// Panics caught.
    pub panics: u64,
    /// Unsound steps (an elimination of the solution's digit, a wrong placement).
    pub unsound: u64,
    /// Output lines lost, added or out of place (`solve_path` only).
    pub misaligned: u64,
    /// Other broken promises (wrong status, a solution that does not fit, a round trip that
    /// changes the puzzle).
    pub wrong: u64,
    /// Inputs over their time limit (`stall` only).
    pub slow: u64,
    /// The first few failures, each with the seed that replays it.
    pub failures: Vec<String>,
}

impl Report {
    /// Whether nothing went wrong.
    #[must_use]
    pub fn clean(&self) -> bool {
        self.panics == 0
            && self.unsound == 0
            && self.misaligned == 0
            && self.wrong == 0
            && self.slow == 0
    }

    fn fail(&mut self, what: String) {
        if self.failures.len() < 20 {
            self.failures.push(what);
        }
    }

    /// Adds another report's counts.
    pub fn merge(&mut self, other: Report) {
        self.inputs += other.inputs;
        self.steps += other.steps;
        self.panics += other.panics;
        self.unsound += other.unsound;
        self.misaligned += other.misaligned;
        self.wrong += other.wrong;
        self.slow += other.slow;
        for f in other.failures {
            self.fail(f);
        }
    }

    /// One summary line.
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "{} inputs, {} steps checked, {} panics, {} unsound, {} misaligned, {} wrong, {} slow",
            self.inputs,
            self.steps,
            self.panics,
            self.unsound,
            self.misaligned,
            self.wrong,
            self.slow
        )
    }
}

/// Puzzles with one solution, to start from.
pub struct Corpus {
    /// 81-character puzzle lines.
    pub lines: Vec<String>,
}

impl Corpus {
    /// The first `per_file` puzzles of each bundled corpus file under `datasets`.
    pub fn load(datasets: &Path, per_file: usize) -> anyhow::Result<Corpus> {
        let mut lines = Vec::new();
        for name in
            ["magictour_top1465.txt", "generated_minimal_10k.txt", "sudoku17_royle_49158.txt"]
        {
            let path = datasets.join(name);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            lines.extend(
                text.lines().filter(|l| l.len() >= 81).take(per_file).map(|l| l[..81].to_string()),
            );
        }
        Ok(Corpus { lines })
    }

    /// The repository's `datasets` folder (from this crate's manifest).
    #[must_use]
    pub fn default_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datasets")
    }
}

const ODD_BYTES: &[u8] = b"0123456789._*-#: \t\x00\xff\xc3\xa9xX+";

/// One random input line (no line terminator inside).
fn random_line(rng: &mut fastrand::Rng, corpus: &Corpus) -> Vec<u8> {
    let base = &corpus.lines[rng.usize(..corpus.lines.len())];
    let marker = [b'.', b'0', b'_', b'*', b'-'][rng.usize(..5)];
    let mut line: Vec<u8> =
        base.bytes().map(|b| if b.is_ascii_digit() && b != b'0' { b } else { marker }).collect();
    if rng.u8(..4) == 0 {
        if let Ok(Some(p)) = parse_line(base) {
            line = to_candidate_line(&p.candidates()).into_bytes();
        }
    }
    match rng.u8(..10) {
        0..=2 => {}
        3 => return if rng.bool() { Vec::new() } else { b"# a comment".to_vec() },
        4 => {
            return (0..rng.usize(..200))
                .map(|_| rng.u8(..))
                .filter(|&b| b != b'\n' && b != b'\r')
                .collect();
        }
        _ => {
            for _ in 0..rng.usize(1..5) {
                match rng.u8(..7) {
                    0 if !line.is_empty() => {
                        let i = rng.usize(..line.len());
                        line[i] = ODD_BYTES[rng.usize(..ODD_BYTES.len())];
                    }
                    1 if !line.is_empty() => {
                        line.remove(rng.usize(..line.len()));
                    }
                    2 => {
                        let i = rng.usize(..=line.len());
                        line.insert(i, ODD_BYTES[rng.usize(..ODD_BYTES.len())]);
                    }
                    3 => line.truncate(rng.usize(..=line.len())),
                    4 => {
                        let sep = [b' ', b'\t', b':', b'#'][rng.usize(..4)];
                        line.push(sep);
                        line.extend_from_slice(b"ED=7.1/1.2/1.2 name");
                    }
                    5 if line.len() >= 81 => {
                        // A clash: copy a digit to another cell of the same row.
                        let r = rng.usize(..9);
                        let (a, b) = (r * 9 + rng.usize(..9), r * 9 + rng.usize(..9));
                        line[b] = line[a];
                    }
                    _ => line.extend(
                        (0..rng.usize(..20)).map(|_| ODD_BYTES[rng.usize(..ODD_BYTES.len())]),
                    ),
                }
            }
        }
    }
    line
}

/// Splits input bytes into lines the way `bitdoku` documents it: `\n`, `\r\n` and a lone `\r`
/// end a line; a byte order mark at the start is dropped. An independent model of the reader.
fn model_lines(bytes: &[u8]) -> Vec<String> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut out = Vec::new();
    let mut cur = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => out.push(std::mem::take(&mut cur)),
            b'\r' => {
                out.push(std::mem::take(&mut cur));
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            b => cur.push(b),
        }
        i += 1;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out.into_iter().map(|l| String::from_utf8_lossy(&l).into_owned()).collect()
}

/// The parsing target: `count` random lines through `parse_line`.
pub fn parse(corpus: &Corpus, seed: u64, count: u64) -> Report {
    let mut report = Report::default();
    for i in 0..count {
        let input_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i;
        let mut rng = fastrand::Rng::with_seed(input_seed);
        let bytes = random_line(&mut rng, corpus);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        report.inputs += 1;
        match catch_unwind(|| round_trip(&text)) {
            Err(_) => {
                report.panics += 1;
                report.fail(format!("parse panic, seed {input_seed}: {text:?}"));
            }
            Ok(false) => {
                report.wrong += 1;
                report.fail(format!("parse round trip, seed {input_seed}: {text:?}"));
            }
            Ok(true) => {}
        }
    }
    report
}

/// A parsed line prints and parses back to the same state.
fn round_trip(text: &str) -> bool {
    match parse_line(text) {
        Ok(Some(p)) => match parse_line(&p.to_line()) {
            Ok(Some(q)) => q.candidates() == p.candidates(),
            _ => false,
        },
        Ok(None) | Err(_) => true,
    }
}

/// The whole-program target: `batches` inputs of `lines_per_batch` random lines each through
/// `bitdoku solve --json --threads 2` (the binary at `bitdoku`).
pub fn solve_path(
    corpus: &Corpus,
    bitdoku: &Path,
    seed: u64,
    batches: u64,
    lines_per_batch: usize,
) -> Report {
    let mut report = Report::default();
    for b in 0..batches {
        let batch_seed = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ b;
        let mut rng = fastrand::Rng::with_seed(batch_seed);
        let mut bytes = Vec::new();
        if rng.u8(..8) == 0 {
            bytes.extend_from_slice(b"\xef\xbb\xbf");
        }
        for _ in 0..lines_per_batch {
            bytes.extend(random_line(&mut rng, corpus));
            bytes.extend_from_slice([&b"\n"[..], b"\r\n", b"\r"][rng.usize(..3)]);
        }
        let expected = model_lines(&bytes);
        let input = if rng.u8(..4) == 0 {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(&bytes).expect("gzip in memory");
            gz.finish().expect("gzip in memory")
        } else {
            bytes
        };
        report.inputs += lines_per_batch as u64;
        if let Err(e) = check_solve_batch(bitdoku, &input, &expected, &mut report) {
            report.wrong += 1;
            report.fail(format!("solve batch seed {batch_seed}: {e}"));
        }
    }
    report
}

fn check_solve_batch(
    bitdoku: &Path,
    input: &[u8],
    expected: &[String],
    report: &mut Report,
) -> anyhow::Result<()> {
    let mut child = Command::new(bitdoku)
        .args(["solve", "--json", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output()?;
    let _ = writer.join();
    let err = String::from_utf8_lossy(&out.stderr);
    if err.contains("panicked") || !matches!(out.status.code(), Some(0..=2)) {
        report.panics += 1;
        anyhow::bail!("status {:?}: {err}", out.status);
    }
    let rows: Vec<&str> = std::str::from_utf8(&out.stdout)?.lines().collect();
    let puzzle_lines: Vec<(usize, &String)> = expected
        .iter()
        .enumerate()
        .filter(|(_, l)| !matches!(parse_line(l), Ok(None)))
        .map(|(i, l)| (i + 1, l))
        .collect();
    if rows.len() != puzzle_lines.len() {
        report.misaligned += 1;
        anyhow::bail!("{} output rows for {} puzzle lines", rows.len(), puzzle_lines.len());
    }
    for (row, (number, line)) in rows.iter().zip(puzzle_lines) {
        let v: serde_json::Value = serde_json::from_str(row)?;
        if v["line"].as_u64() != Some(number as u64) {
            report.misaligned += 1;
            anyhow::bail!("row {row} where line {number} was expected");
        }
        let parsed = parse_line(line);
        let status = v["status"].as_str().unwrap_or("");
        match parsed {
            Err(_) if status != "invalid" => anyhow::bail!("line {number} should be invalid"),
            Ok(Some(p)) => {
                let state = p.candidates();
                let (count, sol) = bitdoku_brute::count_solutions(&state.search_masks(), 2);
                let want = match count {
                    0 => "no_solution",
                    1 => "solved",
                    _ => "multiple_solutions",
                };
                if status != want {
                    anyhow::bail!("line {number}: status {status}, expected {want}");
                }
                if let Some(sol) = sol.filter(|_| count == 1) {
                    let digits: String = sol.0.iter().map(|&d| (b'0' + d) as char).collect();
                    if v["solution"].as_str() != Some(digits.as_str()) {
                        anyhow::bail!("line {number}: wrong solution");
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// A random sound state derived from a corpus puzzle, with its solution.
fn sound_state(rng: &mut fastrand::Rng, corpus: &Corpus) -> Option<(Candidates, [u8; 81])> {
    let line = &corpus.lines[rng.usize(..corpus.lines.len())];
    let mut state = parse_line(line).ok()??.candidates();
    let (count, sol) = bitdoku_brute::count_solutions(&state.search_masks(), 2);
    if count != 1 {
        return None;
    }
    let sol = sol?.0;
    for _ in 0..rng.usize(..25) {
        let cell = Cell::new_unchecked(rng.u8(..81));
        let digit = Digit::new_unchecked(sol[cell.index()] - 1);
        if state.cells(digit).contains(cell) {
            state.place(cell, digit);
        }
    }
    for _ in 0..rng.usize(..60) {
        let cell = Cell::new_unchecked(rng.u8(..81));
        let digit = Digit::new_unchecked(rng.u8(..9));
        if sol[cell.index()] != digit.value() && state.cells(digit).contains(cell) {
            state.eliminate(digit, CellSet::single(cell));
        }
    }
    if rng.u8(..3) == 0 {
        state = parse_line(&to_candidate_line(&state)).ok()??.candidates();
    }
    Some((state, sol))
}

/// Whether `t` is left out on `state` in find-all mode, by its row's cost class
/// ([`bitdoku_strategies::Cost`]). The wide ones (the ALS family, the franken, mutant and
/// size 5-7 fish) and nested forcing grow with the state's freedom (thousands of ALSs, millions
/// of fish instances in find-all mode on a sparse random state): they run on mid-solve states
/// only (at most 50 open cells). Nested forcing nets cost about n^(k+1) propagations for n
/// candidates at level k: level 1 is heavy, levels 2-3 run on nearly solved states only (20
/// open cells).
fn too_costly(t: &bitdoku_strategies::Technique, state: &Candidates) -> bool {
    use bitdoku_strategies::Cost;
    let open = state.unsolved().len();
    match t.cost {
        Cost::Light | Cost::Heavy => false,
        Cost::Nested(k) if k >= 2 => open > 20,
        Cost::Wide | Cost::Nested(_) => open > 50,
    }
}

/// The technique target: `count` random sound states, every registered technique on each.
pub fn techniques(corpus: &Corpus, seed: u64, count: u64) -> Report {
    let mut report = Report::default();
    let mut options = Options::new(Order::parse("hodoku").expect("preset"));
    options.verify = true;
    options.fallback = false;
    let engine = Engine::new(options);
    let mut i = 0u64;
    while report.inputs < count {
        let input_seed = seed.wrapping_mul(0x94d0_49bb_1331_11eb) ^ i;
        i += 1;
        let mut rng = fastrand::Rng::with_seed(input_seed);
        let Some((state, sol)) = sound_state(&mut rng, corpus) else { continue };
        report.inputs += 1;
        let verifier = Verifier::new(Some(sol));
        let run = catch_unwind(AssertUnwindSafe(|| {
            let mut found = Vec::new();
            for t in registry::all() {
                if too_costly(t, &state) {
                    continue;
                }
                for step in registry::find_all(t.id, &state) {
                    found.push((t.id, verifier.check(&state, &step)));
                }
            }
            // The option searches reglib uses (ALS nodes in chains, overlapping ALSs), on one
            // state in eight with at most 45 open cells (their cost grows fast with the
            // number of ALSs, and reglib-like states are mid-solve).
            let options = rng.u8(..8) == 0 && state.unsolved().len() <= 45;
            let option_searches =
                if options { bitdoku_strategies::reglib::OPTION_SEARCHES } else { &[] };
            for &(_, _, search) in option_searches {
                let mut steps = Vec::new();
                let _ = search(&state, &mut steps);
                for step in steps {
                    found.push((step.technique, verifier.check(&state, &step)));
                }
            }
            let whole = (rng.u8(..16) == 0).then(|| engine.solve(&state));
            (found, whole)
        }));
        match run {
            Err(_) => {
                report.panics += 1;
                report.fail(format!("technique panic, seed {input_seed}"));
            }
            Ok((found, whole)) => {
                for (id, bad) in found {
                    report.steps += 1;
                    if let Some(bad) = bad {
                        report.unsound += 1;
                        report.fail(format!(
                            "{id} unsound, seed {input_seed}: {bad}\nstate {}",
                            to_candidate_line(&state)
                        ));
                    }
                }
                if let Some(out) = whole {
                    report.steps += out.verified_steps;
                    report.unsound += out.unsound.len() as u64;
                    if let Some(u) = out.unsound.first() {
                        report.fail(format!("engine unsound, seed {input_seed}: {u}"));
                    }
                    if out.status == Status::Solved && out.solution != Some(sol) {
                        report.wrong += 1;
                        report.fail(format!("engine wrong solution, seed {input_seed}"));
                    }
                }
            }
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus() -> Corpus {
        Corpus::load(&Corpus::default_dir(), 300).expect("bundled datasets")
    }

    #[test]
    fn short_parse_campaign_is_clean() {
        let r = parse(&corpus(), 1, 20_000);
        assert!(r.clean(), "{}\n{:?}", r.summary(), r.failures);
        assert_eq!(r.inputs, 20_000);
    }

    /// 30 sound states per test, in two tests that libtest runs side by side (about 0.2 s of
    /// CPU per state: the 300 states this test once took cost a minute of CPU). CI's fuzz
    /// phase runs the same target on 250 more states (`fuzz --states 250 --seed 7`), and the
    /// long campaigns are in `results/` (see the README's fuzz section).
    fn short_technique_campaign(seed: u64) {
        let r = techniques(&corpus(), seed, 30);
        assert!(r.clean(), "{}\n{:?}", r.summary(), r.failures);
        assert!(r.steps > 1000, "{}", r.summary());
    }

    #[test]
    fn short_technique_campaign_is_clean() {
        short_technique_campaign(2);
    }

    #[test]
    fn short_technique_campaign_is_clean_on_other_states() {
        short_technique_campaign(3);
    }

    #[test]
    fn line_model_splits_every_ending() {
        let lines = model_lines(b"\xef\xbb\xbfa\rb\r\nc\nd");
        assert_eq!(lines, ["a", "b", "c", "d"]);
    }

    #[test]
    fn a_campaign_that_finds_nothing_wrong_still_counts() {
        let mut a = Report { inputs: 3, ..Report::default() };
        a.merge(Report { inputs: 2, unsound: 1, ..Report::default() });
        assert_eq!(a.inputs, 5);
        assert!(!a.clean());
    }
}
