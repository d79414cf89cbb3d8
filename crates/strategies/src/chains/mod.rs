//! Chains and loops on the shared link graph ([`links`]): X-chain, XY-chain, remote pair, nice
//! loops/AIC and grouped nice loops/AIC.
//!
//! Every technique here except the remote pair is the one breadth-first search of `search`
//! with a different choice of links (see each file's find-all semantics). The chain of each
//! step is kept in [`crate::Evidence::chain`] and explained in Eureka notation, e.g.
//! `X-Chain 5: (5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2 => r3c2<>5`.

pub mod aic;
mod batch;
pub mod grouped_aic;
pub mod links;
pub mod remote_pair;
mod search;
pub mod x_chain;
pub mod xy_chain;

pub use links::LinkGraph;
