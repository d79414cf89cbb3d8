//! The screens never reject a puzzle that the full rating would keep, on samples: the T&E
//! screen (T&E depth 0 or 1 dropped for SE targets of 10.0 or more) against serate's own
//! ratings and against the SE model on drawn neighbours of forum seeds; the SE screen (a
//! maximum on ER) against full ratings. And a round is reproducible whatever the threads.

use bitdoku_bitboard::Candidates;
use bitdoku_classify::Rated;
use bitdoku_hunt::{
    Config, Found, OverBudget, Targets, Vicinity, passes_screens, rate, round, sample_one, te_depth,
};
use bitdoku_se_model::{self as se, Range};
use std::collections::HashSet;
use std::path::Path;

fn values(line: &str) -> [u8; 81] {
    std::array::from_fn(|i| match line.as_bytes()[i] {
        b @ b'1'..=b'9' => b - b'0',
        _ => 0,
    })
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

fn config(targets: Targets, te_screen: bool) -> Config {
    Config {
        vicinity: Vicinity { remove: 2, add: 2 },
        per_seed: 40,
        keep: 4,
        minimal: false,
        seed: 3,
        te_screen,
        targets,
        budget: None,
    }
}

fn se_10() -> Targets {
    Targets { se: Some(Range { min: 100, max: 200 }), ..Targets::default() }
}

/// serate's ratings (`PUZZLE ED=er/ep/ed`): every puzzle of ER 10.0+ passes the T&E screen;
/// the T&E(1) puzzles all rate below 10.0.
#[test]
fn te_screen_keeps_every_serate_10_plus_puzzle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<_> = [
        "datasets/reference/se/forum_hardest_1106.se.txt",
        "datasets/reference/se/forum_hardest_1905_11plus.se.txt",
    ]
    .iter()
    .map(|f| root.join(f))
    .collect();
    let shared = root.join("../shared/reference/se/magictour_top1465_1-200.se.txt");
    if shared.exists() {
        files.push(shared);
    } else {
        assert!(std::env::var_os("CI").is_none(), "{} is missing", shared.display());
    }
    let cfg = config(se_10(), true);
    let (mut hard, mut te1) = (0, 0);
    for f in files {
        for l in lines(&f) {
            let er: f32 =
                l.split("ED=").nth(1).unwrap().split('/').next().unwrap().parse().unwrap();
            let v = values(&l);
            let pass = passes_screens(&v, &cfg);
            if er >= 10.0 {
                assert!(pass, "{l}");
                hard += 1;
            }
            if !pass {
                te1 += 1;
                assert!(er < 10.0, "{l}");
            }
        }
    }
    assert!(hard >= 11, "{hard} puzzles of ER 10+");
    if std::env::var_os("CI").is_some() {
        assert!(te1 > 100, "{te1} puzzles screened out");
    }
}

/// Neighbours of forum seeds that the T&E screen drops rate below 10.0 in the SE model; an
/// ER maximum screen rejects only puzzles whose full rating is above it and keeps the others
/// with their full rating.
#[test]
fn screens_reject_no_neighbour_the_full_rating_keeps() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/forum_hardest_1905_11plus.txt");
    let seeds = lines(&path);
    let mut rng = fastrand::Rng::with_seed(5);
    let v = Vicinity { remove: 2, add: 2 };
    let te = config(se_10(), true);
    let max = config(Targets { se: Some(Range { min: 0, max: 95 }), ..Targets::default() }, false);
    let (mut dropped, mut checked, mut rejected) = (0, 0, 0);
    for s in seeds.iter().step_by(997).take(12) {
        let seed = values(s);
        for _ in 0..20 {
            let Some(p) = sample_one(&seed, v, &mut rng) else { continue };
            let full = se::rate_state(&Candidates::from_values(&p), None);
            if !passes_screens(&p, &te) {
                assert!(full.er < 100, "T&E screen dropped an ER {} puzzle", full.er);
                assert!(matches!(te_depth(&p, 2), Some(Rated::Value(0 | 1))));
                dropped += 1;
            }
            match rate(&p, &max, 1).expect("no budget") {
                None => {
                    assert!(full.er > 95);
                    rejected += 1;
                }
                Some(f) => {
                    assert_eq!(f.rating.se, Some((full.er, full.ep, full.ed)));
                }
            }
            checked += 1;
            if checked >= 40 {
                break;
            }
        }
        if checked >= 40 {
            break;
        }
    }
    assert!(checked >= 30 && dropped >= 10 && rejected >= 1, "{checked} {dropped} {rejected}");
}

/// Two runs of a round, on one thread and on two, give the same rated puzzles and counts.
#[test]
fn a_round_is_reproducible_whatever_the_threads() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/forum_hardest_1905_11plus.txt");
    let cfg = config(Targets { te: Some(2), ..Targets::default() }, false);
    let seeds: Vec<Found> =
        lines(&path).iter().take(3).map(|l| rate(&values(l), &cfg, 0).unwrap().unwrap()).collect();
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let mut seen: HashSet<[u8; 81]> = seeds.iter().map(|f| f.canon).collect();
            round(&seeds, &mut seen, 1, &cfg)
        })
    };
    let a = run(1);
    let b = run(2);
    assert_eq!(a, b);
    assert!(a.stats.unique > 0, "{:?}", a.stats);
    assert!(
        a.rated.iter().all(|f| f.meets(&cfg.targets) == (f.rating.te == Some(Rated::Value(2))))
    );
}

/// A puzzle that spends the per-puzzle budget is reported as such, not rated: the SE model on
/// an SE 11+ seed under a budget of 1,000 nodes, and a BxB search under 10 work units.
#[test]
fn a_puzzle_over_budget_is_reported_not_rated() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/forum_hardest_1905_11plus.txt");
    let seed = values(&lines(&path)[0]);
    let se = Config { budget: Some(1_000), ..config(se_10(), false) };
    assert_eq!(rate(&seed, &se, 0), Err(OverBudget));
    let bxb = Config {
        budget: Some(10),
        ..config(Targets { bxb: Some((1, 30)), ..Targets::default() }, false)
    };
    assert_eq!(rate(&seed, &bxb, 0), Err(OverBudget));
    let roomy = Config {
        budget: Some(u64::MAX / 2),
        ..config(Targets { te: Some(2), ..Targets::default() }, false)
    };
    assert!(rate(&seed, &roomy, 0).expect("within budget").is_some());
}
