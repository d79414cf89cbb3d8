//! The registry's claims about the naive engine hold: a row with `naive: true` is accepted by
//! `NaiveEngine`, and a row with `naive: false` is refused (so the flag is exact, and `bench
//! agree` can trust it).

use bitdoku_naive::NaiveEngine;
use bitdoku_strategies::registry::TECHNIQUES;

#[test]
fn naive_engine_covers_exactly_the_techniques_the_registry_says() {
    for t in TECHNIQUES {
        let accepted = NaiveEngine::new(&[t.id.as_str()], true).is_ok();
        assert_eq!(
            accepted, t.naive,
            "{}: naive flag {} but the naive engine says {accepted}",
            t.id, t.naive
        );
    }
}
