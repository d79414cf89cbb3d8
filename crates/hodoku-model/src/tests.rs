//! Tests of HoDoKu's singles queues, search order and deletion order.

use super::*;
use bitdoku_bitboard::parse_line;

#[test]
fn house_cells_follow_hodoku_order() {
    assert_eq!(house_cells(0), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(house_cells(10), [1, 10, 19, 28, 37, 46, 55, 64, 73]);
    assert_eq!(house_cells(22), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    assert_eq!(houses(80), [8, 17, 26]);
}

#[test]
fn loading_queues_singles_in_the_givens_order() {
    // r1c1..r1c8 = 1..8: r1c9 becomes a naked single (and a full house), queued once
    // when its candidates drop to one.
    let line = format!("12345678.{}", ".".repeat(72));
    let start = parse_line(&line).unwrap().unwrap().candidates();
    let mut h = HodokuSingles::new(&start);
    assert!(h.agrees_with(&start));
    assert_eq!(h.full_house(), Some((8, 9)));
    assert_eq!(h.naked_single(), Some((8, 9)));
    assert_eq!(h.naked_single(), None);
    // The 9 of row 1 was queued as a hidden single too.
    assert_eq!(h.hidden_single(), Some((8, 9)));
}

fn elims(id: TechniqueId, cells: &[(usize, u8)]) -> Step {
    let mut step = Step::new(id);
    for &(c, d) in cells {
        let cell = bitdoku_bitboard::CellSet::single(Cell::new(c as u8).unwrap());
        step.eliminate(Digit::from_value(d).unwrap(), cell);
    }
    step
}

#[test]
fn sorted_techniques_rank_by_eliminations_then_index_sum() {
    let state = Candidates::from_values(&[0; 81]);
    // Turbot fish and the chain techniques HoDoKu sorts rank the same way (those whose row
    // says the model's own search replaces the finder rank its steps by this key too).
    for id in std::iter::once(TechniqueId::TurbotFish).chain(SORTED_CHAINS) {
        assert!(ranked(id) || own_search(id), "{id}");
        let one_early = elims(id, &[(3, 5)]);
        let one_late = elims(id, &[(40, 5)]);
        let two = elims(id, &[(70, 1), (80, 2)]);
        let key = |s: &Step| order_key(s, &state);
        assert!(key(&two) < key(&one_early), "{id}: more eliminations first");
        assert!(key(&one_early) < key(&one_late), "{id}: then the smaller index sum");
    }
}

#[test]
fn x_and_xy_chains_longer_than_twenty_links_are_not_findable() {
    use bitdoku_strategies::{Chain, ChainNode};
    let chain_of = |nodes: usize| {
        let mut chain = Chain::EMPTY;
        for i in 0..nodes {
            let cell = bitdoku_bitboard::CellSet::single(Cell::new(i as u8).unwrap());
            chain.push(ChainNode::new(Digit::from_value(1).unwrap(), cell), i % 2 == 1);
        }
        chain
    };
    for id in [TechniqueId::XChain, TechniqueId::XyChain, TechniqueId::Aic] {
        let mut step = elims(id, &[(80, 1)]);
        step.evidence.chain = chain_of(21);
        assert!(findable(&step), "{id}: 20 links");
        step.evidence.chain = chain_of(22);
        assert_eq!(findable(&step), id == TechniqueId::Aic, "{id}: 21 links");
    }
}

#[test]
fn nice_loops_delete_digit_by_digit() {
    // Cells ascending for most steps; HoDoKu sorts a nice loop's or AIC's candidates by
    // digit first.
    let cells = [(3, 5), (10, 2), (3, 2)];
    assert_eq!(deletion_order(&elims(TechniqueId::XyWing, &cells)), [(3, 2), (3, 5), (10, 2)]);
    for id in [TechniqueId::Aic, TechniqueId::GroupedAic] {
        assert_eq!(deletion_order(&elims(id, &cells)), [(3, 2), (10, 2), (3, 5)]);
    }
    assert_eq!(index_sum([(10, 2), (3, 5)]), 10 + 2 + 3 * 81 + 5);
}

#[test]
fn stays_in_step_with_the_candidates() {
    let line = ".7.....86.6.......1.4.3....9....28....7....3.83...7.91.....8.5....2...4......63.8";
    let mut state = parse_line(line).unwrap().unwrap().candidates();
    let mut h = HodokuSingles::new(&state);
    while let Some((cell, digit)) = h.naked_single().or_else(|| h.hidden_single()) {
        let mut step = Step::new(TechniqueId::NakedSingle);
        step.place(Cell::new(cell as u8).unwrap(), Digit::from_value(digit).unwrap());
        step.apply(&mut state);
        h.apply(&step);
        assert!(h.agrees_with(&state));
    }
    assert!(state.unsolved().len() < 60);
}

#[test]
fn chains_that_come_back_to_a_cell_are_not_findable() {
    use bitdoku_strategies::{Chain, ChainNode};
    // An XY-chain r1c1 -> r1c2 -> r1c1 again: a lasso HoDoKu's search never builds.
    let mut chain = Chain::EMPTY;
    for (i, (cell, d)) in
        [(0u8, 1u8), (0, 2), (1, 2), (1, 3), (0, 3), (0, 1)].into_iter().enumerate()
    {
        let cells = bitdoku_bitboard::CellSet::single(Cell::new(cell).unwrap());
        chain.push(ChainNode::new(Digit::from_value(d).unwrap(), cells), i % 2 == 1);
    }
    let mut step = elims(TechniqueId::XyChain, &[(80, 1)]);
    step.evidence.chain = chain;
    assert!(!findable(&step));
    step.technique = TechniqueId::Aic;
    assert!(findable(&step));
}

#[test]
fn avoidable_rectangle_one_needs_a_bivalue_corner() {
    // r1c1 = 1, r1c4 = 2 and r2c4 = 1 solved (no givens): r2c1 may not be 2.
    let digit = |d: u8| Digit::from_value(d).unwrap();
    let cell = |c: u8| Cell::new(c).unwrap();
    let mut state = Candidates::from_values(&[0; 81]);
    for (c, d) in [(0u8, 1u8), (3, 2), (12, 1)] {
        let mut step = Step::new(TechniqueId::NakedSingle);
        step.place(cell(c), digit(d));
        step.apply(&mut state);
    }
    let ar = TechniqueId::AvoidableRectangle1;
    assert!(!bitdoku_strategies::registry::find_all(ar, &state).is_empty());
    // r2c1 holds many candidates: HoDoKu's search does not take it.
    assert!(own_step(ar, &state).is_none());
    for d in [3u8, 4, 6, 7, 8, 9] {
        state.eliminate(digit(d), bitdoku_bitboard::CellSet::single(cell(9)));
    }
    let step = own_step(ar, &state).expect("r2c1 {2, 5} is bivalue");
    assert!(step.eliminations[digit(2).index()].contains(cell(9)));
}

/// Every row that says this model replaces its finder has a search here, and every row that
/// says its steps are ranked gets a key of its own (not the default one).
#[test]
fn rows_declaring_the_model_are_served_by_it() {
    for t in bitdoku_strategies::registry::all() {
        match t.hodoku.choice {
            HodokuChoice::Replaced => assert!(
                own_step_search(t.id).is_some(),
                "{}: its row says HodokuChoice::Replaced; add its search to own_step_search",
                t.id
            ),
            HodokuChoice::Queue => assert!(
                matches!(
                    t.id,
                    TechniqueId::FullHouse | TechniqueId::NakedSingle | TechniqueId::HiddenSingle
                ),
                "{}: only the three singles come from HoDoKu's queues",
                t.id
            ),
            HodokuChoice::Ranked | HodokuChoice::First => {
                assert!(own_step_search(t.id).is_none(), "{}: own search without Replaced", t.id)
            }
        }
    }
}
