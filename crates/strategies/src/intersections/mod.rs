//! The intersections family: what the meeting of a box and a line (a mini-line) forces.
//!
//! Locked candidates (pointing, claiming) confine one digit to a mini-line; locked pairs and
//! triples are naked subsets inside a mini-line that clear both of its houses.

pub mod locked_candidates;
pub mod locked_subset;
