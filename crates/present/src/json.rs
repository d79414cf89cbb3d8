//! The JSON rows of `--json` output, as serde types (serialised with serde_json, one object
//! per line). Field names are the contract (README, CONTRACT.md); key order is serde's.

use bitdoku_strategies::Step;
use serde::Serialize;

/// One puzzle line of `solve --json`.
#[derive(Serialize, Debug)]
pub struct Row {
    /// 1-based input line number.
    pub line: usize,
    /// The puzzle as read (81 or 729 characters), or the bad line (cut to [`ECHO_LIMIT`]).
    pub puzzle: String,
    /// solved, stuck, no_solution, multiple_solutions or invalid.
    pub status: &'static str,
    /// The 81-digit solution, when solved.
    pub solution: Option<String>,
    /// Whether the brute-force fallback finished the solve.
    pub fallback: bool,
    /// Logic engine only: whether uniqueness techniques were allowed (exactly one solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uniqueness: Option<bool>,
    /// Logic engine only: the order's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// Logic engine only: the granularity of the path the rating belongs to (`single` rates
    /// like `bitdoku rate` and HoDoKu; `batch` counts every step of each batch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub granularity: Option<&'static str>,
    /// Logic engine only: the rating of the path.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingFields>,
    /// When stuck: the 81-character state where logic stalled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// The steps (with `--trace`).
    pub steps: Vec<StepRow>,
    /// When invalid: the message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Row {
    /// A row with the fields every mode has; the logic fields empty.
    pub fn new(
        line: usize,
        puzzle: String,
        status: &'static str,
        solution: Option<String>,
        fallback: bool,
    ) -> Row {
        Row {
            line,
            puzzle,
            status,
            solution,
            fallback,
            uniqueness: None,
            order: None,
            granularity: None,
            rating: None,
            state: None,
            steps: Vec::new(),
            error: None,
        }
    }
}

/// One puzzle line of `hint --json`.
#[derive(Serialize, Debug)]
pub struct HintRow {
    /// 1-based input line number; `None` (left out) for a one-puzzle call such as the Python
    /// package's `hint`, whose object is otherwise the CLI's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The puzzle as read, or the bad line (cut to [`ECHO_LIMIT`]).
    pub puzzle: String,
    /// step, solved, no_solution, no_step or invalid.
    pub status: &'static str,
    /// The next step (`null` when there is none).
    pub step: Option<StepRow>,
    /// The message of an invalid line, a contradiction or a stall.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One puzzle of `generate --json`.
#[derive(Serialize, Debug)]
pub struct GeneratedRow {
    /// 0-based index of the puzzle in the run.
    pub index: u64,
    /// The 81-character puzzle.
    pub puzzle: String,
    /// Its 81-digit solution.
    pub solution: String,
    /// The number of givens.
    pub givens: usize,
    /// The candidate puzzles tried for this one.
    pub tries: u64,
    /// With an engine: the rating and solve path.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub rated: Option<GeneratedRating>,
}

/// The rating part of a [`GeneratedRow`].
#[derive(Serialize, Debug)]
pub struct GeneratedRating {
    /// HoDoKu-style score and level, SE-style ER/EP/ED.
    #[serde(flatten)]
    pub rating: RatingFields,
    /// Whether the brute-force fallback finished the solve.
    pub fallback: bool,
    /// The steps of the solve path.
    pub steps: Vec<StepRow>,
}

/// HoDoKu score and level, SE-style ER/EP/ED.
#[derive(Serialize, Debug)]
pub struct RatingFields {
    /// HoDoKu-style score.
    pub score: u32,
    /// HoDoKu-style level.
    pub level: &'static str,
    /// SE-style ER (one decimal).
    pub er: f64,
    /// SE-style EP.
    pub ep: f64,
    /// SE-style ED.
    pub ed: f64,
}

/// One decimal, as SE prints ratings (`7.1`, not `7.099999904632568`).
pub fn one_decimal(x: f32) -> f64 {
    (f64::from(x) * 10.0).round() / 10.0
}

/// One step.
#[derive(Serialize, Debug)]
pub struct StepRow {
    /// The technique id.
    pub technique: &'static str,
    /// `r1c2=5`, ...
    pub placements: Vec<String>,
    /// `r3c4<>7`, ...
    pub eliminations: Vec<String>,
    /// The one-line explanation.
    pub explanation: String,
    /// The pattern's cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
    /// The chain or loop of a chain technique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chain: Option<ChainRow>,
    /// The almost locked sets of an ALS technique, in pattern order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub als: Vec<AlsRow>,
    /// The proof of a forcing step (re-derived from the state before it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofRow>,
}

/// A forcing step's proof: one branch per assumption, each a DAG of nodes in derivation
/// order (`from` holds indices of earlier nodes of the same branch).
#[derive(Serialize, Debug)]
pub struct ProofRow {
    /// `chain` (single-premise inferences) or `net`.
    pub rules: &'static str,
    /// Nesting level: 0 for forcing chains and nets, `k` for a nested forcing net of level
    /// `k` (nodes with reason `nested contradiction` then carry a `proof` of level `k - 1`).
    pub level: u8,
    /// `contradiction`, `cell`, `house` or `candidate` (the last three are verities).
    pub kind: &'static str,
    /// The premise in words.
    pub premise: String,
    /// What the step concludes (`r1c2=5` or `r1c2<>5`).
    pub conclusion: String,
    /// One branch per assumption.
    pub branches: Vec<BranchRow>,
    /// The proof in words.
    pub text: String,
}

/// One assumption and its consequences.
#[derive(Serialize, Debug)]
pub struct BranchRow {
    /// The assumption (node 0).
    pub assumption: String,
    /// The nodes.
    pub nodes: Vec<ProofNodeRow>,
    /// `{"contradiction": text, "from": [...]}` or `{"reaches": index}`.
    pub outcome: OutcomeRow,
}

/// One literal of a proof.
#[derive(Serialize, Debug)]
pub struct ProofNodeRow {
    /// `r1c2=5` or `r1c2<>5`.
    pub literal: String,
    /// `assumption`, `cell`, `peer`, `naked single`, `hidden single in b3`.
    pub reason: String,
    /// The earlier nodes it follows from.
    pub from: Vec<usize>,
    /// For a `nested contradiction`: the lower-level proof that the candidate cannot be on,
    /// in the base state minus the `from` literals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<Box<ProofRow>>,
}

/// How a branch ends.
#[derive(Serialize, Debug)]
pub struct OutcomeRow {
    /// The contradiction, if the branch ends in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<String>,
    /// The nodes that make the contradiction.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<usize>,
    /// The node holding the conclusion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reaches: Option<usize>,
}

impl From<&bitdoku_strategies::forcing::Proof> for ProofRow {
    fn from(p: &bitdoku_strategies::forcing::Proof) -> ProofRow {
        use bitdoku_strategies::Premise;
        use bitdoku_strategies::forcing::{Rules, proof::Outcome};
        ProofRow {
            rules: if p.rules == Rules::Chain { "chain" } else { "net" },
            level: p.level,
            kind: match p.premise {
                Premise::Cell(_) => "cell",
                Premise::House(..) => "house",
                Premise::Candidate(..) => "candidate",
                _ => "contradiction",
            },
            premise: p.premise.to_string(),
            conclusion: p.conclusion.to_string(),
            branches: p
                .branches
                .iter()
                .map(|b| BranchRow {
                    assumption: b.assumption.to_string(),
                    nodes: b
                        .nodes
                        .iter()
                        .map(|n| ProofNodeRow {
                            literal: n.lit.to_string(),
                            reason: n.reason.text(),
                            from: n.from.clone(),
                            proof: n.sub.as_deref().map(|sub| Box::new(ProofRow::from(sub))),
                        })
                        .collect(),
                    outcome: match &b.outcome {
                        Outcome::Contradiction(k, from) => OutcomeRow {
                            contradiction: Some(k.to_string()),
                            from: from.clone(),
                            reaches: None,
                        },
                        Outcome::Reaches(i) => {
                            OutcomeRow { contradiction: None, from: Vec::new(), reaches: Some(*i) }
                        }
                    },
                })
                .collect(),
            text: bitdoku_strategies::forcing::proof::text(p),
        }
    }
}

impl StepRow {
    /// The row of `step` applied to `state` (the state before it): a forcing step also gets
    /// its proof.
    pub fn with_state(step: &Step, state: &bitdoku_bitboard::Candidates) -> StepRow {
        let mut row = StepRow::from(step);
        if step.evidence.forcing.is_some() {
            row.proof =
                bitdoku_strategies::forcing::derive(state, step).ok().map(|p| ProofRow::from(&p));
        }
        row
    }
}

/// One almost locked set in JSON.
#[derive(Serialize, Debug)]
pub struct AlsRow {
    /// Its cells.
    pub cells: Vec<String>,
    /// Its digits (one more than it has cells).
    pub digits: Vec<u8>,
    /// The digits linking it to the next ALS (restricted commons) or, in a death blossom, to
    /// the stem; empty for the last ALS of a chain.
    pub links: Vec<u8>,
}

/// A chain in JSON: `nodes[i]` and `nodes[i + 1]` are joined by `links[i]` (`"strong"` or
/// `"weak"`); a loop has one more link, from the last node back to the first.
#[derive(Serialize, Debug)]
pub struct ChainRow {
    /// The nodes: a digit and its cell, or its 2-3 cells for a group node.
    pub nodes: Vec<ChainNodeRow>,
    /// The link types.
    pub links: Vec<&'static str>,
    /// Whether the chain closes into a loop.
    #[serde(rename = "loop")]
    pub is_loop: bool,
    /// The chain in Eureka notation.
    pub eureka: String,
}

/// One chain node.
#[derive(Serialize, Debug)]
pub struct ChainNodeRow {
    /// The digit.
    pub digit: u8,
    /// Its cells.
    pub cells: Vec<String>,
}

impl From<&bitdoku_strategies::Chain> for ChainRow {
    fn from(chain: &bitdoku_strategies::Chain) -> ChainRow {
        ChainRow {
            nodes: chain
                .nodes()
                .iter()
                .map(|n| ChainNodeRow {
                    digit: n.digit().value(),
                    cells: n.cells().iter().map(|c| c.to_string()).collect(),
                })
                .collect(),
            links: (0..chain.link_count())
                .map(|i| if chain.is_strong(i) { "strong" } else { "weak" })
                .collect(),
            is_loop: chain.is_loop(),
            eureka: chain.to_string(),
        }
    }
}

impl From<&Step> for StepRow {
    fn from(step: &Step) -> StepRow {
        StepRow {
            technique: step.technique.as_str(),
            placements: step.placements_text(),
            eliminations: step.eliminations_text(),
            explanation: step.explain(),
            cells: step.evidence.cells.iter().map(|c| c.to_string()).collect(),
            chain: (!step.evidence.chain.is_empty()).then(|| ChainRow::from(&step.evidence.chain)),
            als: step
                .evidence
                .als
                .entries()
                .iter()
                .map(|a| AlsRow {
                    cells: a.cells().iter().map(|c| c.to_string()).collect(),
                    digits: a.digits().iter().map(|d| d.value()).collect(),
                    links: a.links().iter().map(|d| d.value()).collect(),
                })
                .collect(),
            proof: None,
        }
    }
}

/// The longest part of a bad input line echoed back in JSON (a damaged file can hold a line
/// of hundreds of megabytes).
pub const ECHO_LIMIT: usize = 1024;

/// `text` cut to [`ECHO_LIMIT`] bytes (at a character boundary), with a note when cut.
pub fn echo(text: &str) -> String {
    if text.len() <= ECHO_LIMIT {
        return text.to_string();
    }
    let mut end = ECHO_LIMIT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} more bytes)", &text[..end], text.len() - end)
}

/// One JSON line.
pub fn line<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_cuts_long_lines_at_a_character_boundary() {
        let long = "é".repeat(1000);
        let cut = echo(&long);
        assert!(cut.len() < 1100 && cut.ends_with("more bytes)"));
        assert_eq!(echo("short"), "short");
    }

    #[test]
    fn ratings_print_with_one_decimal() {
        assert_eq!(serde_json::to_string(&one_decimal(7.1)).unwrap(), "7.1");
        assert_eq!(serde_json::to_string(&one_decimal(20.0)).unwrap(), "20.0");
    }
}
