//! The step observer: it sees every step of a single-granularity solve, in order, with the
//! rating so far, and `Break` stops the logic without the fallback.

use bitdoku_bitboard::{Candidates, parse_line};
use bitdoku_engine::{Engine, Granularity, Observer, Options, Order, Rating, Status};
use bitdoku_strategies::Step;
use std::ops::ControlFlow;

const PUZZLE: &str =
    ".7.....86.6.......1.4.3....9....28....7....3.83...7.91.....8.5....2...4......63.8";

#[derive(Default)]
struct Record {
    befores: usize,
    steps: Vec<Step>,
    scores: Vec<u32>,
    stop_after: Option<usize>,
}

impl Observer for Record {
    fn before(&mut self, _: &Candidates) {
        self.befores += 1;
    }
    fn after(&mut self, _: &Candidates, step: &Step, rating: &Rating) -> ControlFlow<()> {
        self.steps.push(*step);
        self.scores.push(rating.score);
        if self.stop_after == Some(self.steps.len()) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

fn engine() -> Engine {
    let mut o = Options::new(Order::preset("hodoku").unwrap());
    o.granularity = Granularity::Single;
    o.trace = true;
    Engine::new(o)
}

#[test]
fn sees_every_traced_step_with_the_running_rating() {
    let start = parse_line(PUZZLE).unwrap().unwrap().candidates();
    let plain = engine().solve(&start);
    let mut rec = Record::default();
    let watched = engine().solve_observed(&start, Some(&mut rec));
    assert_eq!(rec.steps, plain.steps);
    assert_eq!(rec.befores, rec.steps.len());
    assert_eq!(*rec.scores.last().unwrap(), plain.rating.score);
    assert_eq!(watched.rating, plain.rating);
    assert!(!watched.stopped);
}

#[test]
fn break_stops_without_fallback() {
    let start = parse_line(PUZZLE).unwrap().unwrap().candidates();
    let mut rec = Record { stop_after: Some(3), ..Record::default() };
    let out = engine().solve_observed(&start, Some(&mut rec));
    assert!(out.stopped);
    assert_eq!(out.status, Status::Stuck);
    assert!(!out.fallback);
    assert_eq!(out.steps.len(), 3);
}
