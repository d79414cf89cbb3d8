//! Soundness of the single-digit patterns on real candidate states: no skyscraper, kite,
//! turbot fish or empty rectangle may ever remove a candidate that is the solution's digit.
//!
//! States come from the thinned walk of `testkit::soundness` over
//! `datasets/magictour_top1465.txt` (rounds of dropping about one wrong candidate in ten,
//! running the four techniques, checking every step against the solution and applying it).
//! The random drops create the sparse digit layers in which these patterns appear.

use bitdoku_strategies::TechniqueId;
use bitdoku_strategies::testkit::soundness::thinned_walk;

const TECHNIQUES: [TechniqueId; 4] = [
    TechniqueId::Skyscraper,
    TechniqueId::TwoStringKite,
    TechniqueId::TurbotFish,
    TechniqueId::EmptyRectangle,
];

#[test]
fn single_digit_patterns_never_remove_a_solution_digit() {
    let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
    let walk = thinned_walk(
        "magictour_top1465.txt",
        &TECHNIQUES,
        30,
        &mut || rng.u8(..10) == 0,
        &mut |step| {
            assert!(step.placements.iter().all(|p| p.is_empty()), "{}", step.explain());
            assert_eq!(step.evidence.digits.len(), 1, "{}", step.explain());
        },
    );
    let (states, hits) = (walk.states, walk.hits);
    eprintln!("{states} states; hits {hits:?} (skyscraper, kite, turbot, ER)");
    assert!(states > 1000);
    assert!(hits.iter().all(|&h| h > 200), "too few pattern hits to mean anything: {hits:?}");
}
