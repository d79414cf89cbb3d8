//! [`Technique`]: the registry row type. A leaf module: it knows the id, the family and level
//! types and the sink, nothing of the families, so the families never import the registry.

use crate::id::{Family, Level, TechniqueId};
use crate::sink::Sink;
use bitdoku_bitboard::{Candidates, CellSet};
use std::ops::ControlFlow;

/// The one signature of every technique: read a state, push every step found to the sink,
/// stop when the sink says so. A technique never mutates the state and never guesses, and it
/// only pushes steps that change the state (see [`crate::Step::changes`]).
pub type FindFn = fn(&Candidates, &mut dyn Sink) -> ControlFlow<()>;

/// The search of a technique after it found nothing on an earlier state, given the cells
/// whose candidates changed since (see [`Technique::find_changed`]).
pub type ChangedFindFn = fn(&Candidates, CellSet, &mut dyn Sink) -> ControlFlow<()>;

/// HoDoKu 2.2.0's data for a technique: its place in the default order, the score added per
/// use, and its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hodoku {
    /// Position in HoDoKu's default order (techniques HoDoKu lacks get a place near their kin).
    pub order: u32,
    /// Points added to a puzzle's score per use.
    pub score: u32,
    /// Difficulty level.
    pub level: Level,
}

/// Which cases of HoDoKu's regression library test a technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reglib {
    /// The four-digit technique codes (e.g. `"0300"` for X-Wing).
    Codes(&'static [&'static str]),
    /// HoDoKu has no cases for it (say so explicitly; its data tests carry the load).
    NoCases,
}

/// Which presets hold a technique (`all` holds every registered technique).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Presets {
    /// In `singles`.
    pub singles: bool,
    /// Position in `seeds` (the seed articles' order), if in it.
    pub seeds: Option<u8>,
    /// In `hodoku` (HoDoKu's default steps, sorted by [`Hodoku::order`]).
    pub hodoku: bool,
}

/// How a technique's work grows with the state, for callers that bound their effort (the fuzz
/// target skips the classes that may explode on states with many open cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Polynomial and small on any state: singles, intersections, subsets, basic and finned
    /// fish up to jellyfish, wings, single-digit patterns, uniqueness, colourings, chains.
    Light,
    /// Bounded per call but large: forcing chains and nets, kraken fish, templates. Pointless
    /// on a puzzle with several solutions (they then find little but cost as much).
    Heavy,
    /// Grows with the state's freedom (the number of candidates and of their combinations):
    /// the ALS family (with Sue de Coq, which searches ALS pairs), franken and mutant fish,
    /// squirmbag, whale, leviathan and their finned and sashimi forms.
    Wide,
    /// A nested forcing net of level `k`: about `n^(k + 1)` propagations for `n` candidates.
    Nested(u8),
}

impl Cost {
    /// Whether the search may take far longer than a light technique's on a state with many
    /// open cells: true for every class but [`Cost::Light`].
    #[must_use]
    pub const fn may_explode(self) -> bool {
        !matches!(self, Cost::Light)
    }
}

/// One registry row: everything about a technique.
#[derive(Clone, Copy)]
pub struct Technique {
    /// Its stable identifier (kebab-case name via [`TechniqueId::as_str`]).
    pub id: TechniqueId,
    /// The community's full name, for explanations (e.g. `Two-String Kite`, `BUG+1`).
    pub name: &'static str,
    /// Its family (one folder of this crate; the family decides the chart colour).
    pub family: Family,
    /// HoDoKu's order, score and level.
    pub hodoku: Hodoku,
    /// Approximate Sudoku Explainer rating (SE 1.2.1 / SukakuExplainer scale).
    pub se: f32,
    /// HoDoKu regression-library codes, or an explicit "no cases".
    pub reglib: Reglib,
    /// Whether it assumes the puzzle has exactly one solution (the engine then runs it only
    /// after proving that).
    pub needs_uniqueness: bool,
    /// Preset membership.
    pub presets: Presets,
    /// Whether the naive engine (`crates/naive`) has a twin under the same id.
    pub naive: bool,
    /// Its search; `None` only for `brute-force`, the engine's fallback, which is no
    /// technique the engine can call.
    pub find: Option<FindFn>,
    /// For a *house-local* technique (each instance depends only on the candidates of one
    /// house, or of a mini-line's line and box) or a *cell-local* one (each instance depends
    /// only on the candidates of its own cells and eliminates outside them only what those
    /// cells decide: XY-, XYZ- and WXYZ-Wing), the search that skips the instances which cannot have
    /// appeared since an empty search. `find_changed(state, changed, sink)` may
    /// be called only when `find` found nothing on an earlier state from which `state`
    /// follows by removing candidates, `changed` holding every cell that lost one since; it
    /// pushes exactly what `find` pushes on `state`, in the same order, searching only where
    /// a new instance can be: a house or mini-line with a changed cell, or with a changed
    /// cell that can take part (a naked subset's cells, a locked subset's), or a set of cells
    /// with a changed one. With `changed` = every cell it is `find`. The engine calls it (see
    /// `Engine::search`); `None` for the other techniques.
    pub find_changed: Option<ChangedFindFn>,
    /// Whether it is *digit-local*: what it finds for a digit depends only on that digit's
    /// candidates (and placed cells), its steps only eliminate or place that digit, and its
    /// search skips a digit whose candidate mask is empty before doing any work, without
    /// changing the order of the other digits' steps. On a state where only some digits'
    /// masks changed since it found nothing, the engine then searches a state that keeps only
    /// those digits' masks (see `Engine::search`). Hidden single, locked candidates, every
    /// fish (basic, finned, sashimi, franken, mutant; kraken fish is a forcing technique),
    /// the single-digit patterns but the templates (which exclude other digits' template
    /// cells), the colourings, and the X-chain (house links of one digit; its canonical order
    /// sorts by length and effects, then by search order, which is digit-major).
    pub digit_local: bool,
    /// How its work grows with the state (see [`Cost`]).
    pub cost: Cost,
}

impl Technique {
    /// Runs the search (nothing for a row without one).
    pub fn search(&self, state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
        match self.find {
            Some(find) => find(state, sink),
            None => ControlFlow::Continue(()),
        }
    }
}

impl std::fmt::Debug for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Technique").field(&self.id).finish()
    }
}
