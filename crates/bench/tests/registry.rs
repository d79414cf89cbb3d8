//! The guard of "a technique is its file": every place outside the technique's file that must
//! know a technique does, and a failure says what to add where. The places (see
//! `docs/adding-a-technique.md`):
//!
//! - the naive engine's map (`crates/naive/src/engine.rs`, `TECHNIQUES`): a row with
//!   `naive: true` has a twin under the same id, with the same uniqueness flag, and a row with
//!   `naive: false` has none (so `bench agree` can trust the flag);
//! - HoDoKu's regression library: a row's `reglib` codes are not also listed as planned in
//!   `reglib::NOT_IMPLEMENTED`, and no planned code names an id that is registered;
//! - the explanation (`Step::explain` in `crates/strategies/src/step.rs`) and the fuzz target's
//!   cost limits read the row (its family, its evidence, its `cost`), so they need no entry;
//!   `testkit::check_step` fails for a technique whose steps explain no evidence.

use bitdoku_naive::NaiveEngine;
use bitdoku_strategies::registry::TECHNIQUES;
use bitdoku_strategies::reglib::NOT_IMPLEMENTED;
use bitdoku_strategies::{Reglib, TechniqueId};

#[test]
fn naive_engine_covers_exactly_the_techniques_the_registry_says() {
    for t in TECHNIQUES {
        let twin = bitdoku_naive::technique(t.id.as_str());
        match (t.naive, twin) {
            (true, None) => panic!(
                "{}: its row says `naive: true` but crates/naive has no twin: add one to \
                 `TECHNIQUES` in crates/naive/src/engine.rs, or set `naive: false` in its row",
                t.id
            ),
            (false, Some(_)) => panic!(
                "{}: crates/naive has a twin but its row says `naive: false`: set `naive: true` \
                 in its row",
                t.id
            ),
            (true, Some(twin)) => assert_eq!(
                twin.uniqueness, t.needs_uniqueness,
                "{}: the naive twin's uniqueness flag differs from the row's \
                 `needs_uniqueness`: use `u(..)` in crates/naive/src/engine.rs for a \
                 uniqueness technique and `t(..)` otherwise",
                t.id
            ),
            (false, None) => {}
        }
        let accepted = NaiveEngine::new(&[t.id.as_str()], true).is_ok();
        assert_eq!(accepted, t.naive, "{}: NaiveEngine::new disagrees with the row", t.id);
    }
    for &id in bitdoku_naive::implemented() {
        assert!(
            id.parse::<TechniqueId>().is_ok(),
            "the naive engine has a twin `{id}` that no TechniqueId names: add the id and its \
             row, or rename the twin"
        );
    }
}

#[test]
fn reglib_codes_are_claimed_once() {
    for &(code, planned) in NOT_IMPLEMENTED {
        if let Some(t) = TECHNIQUES.iter().find(|t| t.id.as_str() == planned) {
            panic!(
                "{planned} is registered but reglib code {code} is still planned for it: move \
                 {code} from `reglib::NOT_IMPLEMENTED` (crates/strategies/src/reglib.rs) into \
                 its row's `reglib: Reglib::Codes(..)` (row of {})",
                t.id
            );
        }
        for t in TECHNIQUES {
            if let Reglib::Codes(codes) = t.reglib {
                assert!(
                    !codes.contains(&code),
                    "reglib code {code} is in {}'s row and in `reglib::NOT_IMPLEMENTED`: remove \
                     it from NOT_IMPLEMENTED",
                    t.id
                );
            }
        }
    }
}
