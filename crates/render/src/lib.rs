//! Pictures of a step on the state before it, drawn from the step's evidence alone, so every
//! family draws with the same code:
//!
//! - [`pencilmark_grid`]: the forum's pencilmark grid with step markup (HoDoKu's
//!   "PM grid with step" convention): `*` before a pattern cell, `#` before a fin cell, `-`
//!   before each deleted candidate, then the step's explanation.
//! - [`step_svg`]: a self-contained SVG diagram: the candidate grid, givens (black, bold) and
//!   placed digits (blue) told apart, base houses shaded blue and cover houses shaded orange,
//!   pattern cells outlined, fins and the pivot/pincers tinted, eliminated candidates struck
//!   through in red, placements circled in green, a forcing step's proof (every candidate its
//!   branches set on or off, ringed), and a legend ([`step_svg_bare`] leaves the legend out
//!   for a page that shows [`legend_svg`] once).
//! - [`graph_svg`]: the same diagram for a deduction outside the registry whose chain is a
//!   graph rather than a line ([`ChainGraph`]: the whips and braids of `bitdoku-classify`).
//!
//! Every highlighted cell carries a `data-role` attribute (`pattern`, `fin`, `pivot`, `pincer`,
//! `base`, `cover`) and every effect a `data-effect` (`eliminate`, `place`), so tests (and
//! page scripts) can check the picture against the evidence.
#![deny(missing_docs)]

mod grid;
mod svg;

pub use grid::pencilmark_grid;
pub use svg::{ChainGraph, graph_svg, legend_svg, step_svg, step_svg_bare};
