//! Soundness of Sue de Coq and the dual single-digit patterns on real candidate states: no
//! step may remove a candidate that is the solution's digit.
//!
//! States come from the thinned walk of `testkit::soundness` over
//! `datasets/magictour_top1465.txt` (rounds of dropping about one wrong candidate in ten,
//! running the three techniques, checking every step against the solution and applying it).

use bitdoku_strategies::TechniqueId;
use bitdoku_strategies::testkit::soundness::thinned_walk;

const TECHNIQUES: [TechniqueId; 3] =
    [TechniqueId::SueDeCoq, TechniqueId::DualTwoStringKite, TechniqueId::DualEmptyRectangle];

#[test]
fn sue_de_coq_and_duals_never_remove_a_solution_digit() {
    let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
    let walk = thinned_walk(
        "magictour_top1465.txt",
        &TECHNIQUES,
        30,
        &mut || rng.u8(..10) == 0,
        &mut |step| assert!(step.placements.iter().all(|p| p.is_empty()), "{}", step.explain()),
    );
    let (states, hits) = (walk.states, walk.hits);
    eprintln!("{states} states; hits {hits:?} (sue de coq, dual kite, dual ER)");
    assert!(states > 1000);
    assert!(hits.iter().all(|&h| h > 30), "too few pattern hits to mean anything: {hits:?}");
}
