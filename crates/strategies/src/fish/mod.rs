//! The fish family: X-Wing, Swordfish and Jellyfish (fish of size 2, 3, 4), each basic,
//! finned or sashimi, with rows as base (columns as cover) or columns as base (rows as cover).
//! Franken and mutant fish (boxes as base or cover) are not part of this family.
//!
//! One search (`search.rs`, plus `fins.rs` for the finned and sashimi forms, both on the line
//! masks of `lines.rs`) serves all nine techniques; each technique file fixes the size and the
//! kind and carries its own tests. The exact find-all semantics, shared by all nine (the
//! technique files repeat the part that concerns them):
//!
//! For every digit `d` and both orientations, a *base* is a set of `n` lines (rows, or
//! columns) and a *cover* a set of `n` cross lines (columns, or rows). "Candidates" below are
//! the unsolved cells that still have `d`.
//!
//! * **Basic fish** (`x-wing`, `swordfish`, `jellyfish`; n = 2, 3, 4): every base line has
//!   between 2 and `n` candidates, and the base's candidates lie in exactly `n` cross lines,
//!   which are the cover. It eliminates `d` from every candidate of the cover lines outside
//!   the base lines. A base line with a single candidate is not allowed (HoDoKu's rule).
//! * **Finned fish** (n = 2, 3, 4): every base line has at least one candidate; the cover is
//!   any `n` of the cross lines that hold base candidates (so every cover line holds at least
//!   one); the *fins* are the base candidates outside the cover lines, at least one, all in
//!   one box. It eliminates `d` from the candidates in the cover lines, outside the base
//!   lines, inside the fins' box: exactly the cover candidates outside the base that see
//!   every fin (a cell outside the base lines and in a cover line can only see a fin through
//!   its box). The fish is *sashimi* when some base line has at most one candidate in the
//!   cover lines (its body would not make a basic fish without the fins), else *finned*:
//!   `finned-*` and `sashimi-*` report disjoint instance sets.
//! * One step per (digit, orientation, base set, cover set) that eliminates at least one
//!   candidate; nothing is de-duplicated across orientations or base sets. Two finned fish on
//!   the same base with different covers (HoDoKu's *Siamese* fish) are two steps; their union
//!   is HoDoKu's merged step.
//! * HoDoKu caps fins at 5; the cap never binds here: fins lie in at most two cross lines of
//!   the fin box, and in at most two base lines of it (if all three lines of the box's band
//!   were base lines, no cell of the box would be left to eliminate).
//!
//! Evidence: `digits` = {d}; `base` / `cover` = the lines; `cells` = the body (base candidates
//! in the cover); `fins` = the fins (empty for a basic fish).

#[cfg(test)]
mod example;
pub(crate) mod finned_franken_jellyfish;
pub(crate) mod finned_franken_leviathan;
pub(crate) mod finned_franken_squirmbag;
pub(crate) mod finned_franken_swordfish;
pub(crate) mod finned_franken_whale;
pub(crate) mod finned_franken_x_wing;
pub(crate) mod finned_jellyfish;
pub(crate) mod finned_leviathan;
pub(crate) mod finned_mutant_jellyfish;
pub(crate) mod finned_mutant_leviathan;
pub(crate) mod finned_mutant_squirmbag;
pub(crate) mod finned_mutant_swordfish;
pub(crate) mod finned_mutant_whale;
pub(crate) mod finned_mutant_x_wing;
pub(crate) mod finned_squirmbag;
pub(crate) mod finned_swordfish;
pub(crate) mod finned_whale;
pub(crate) mod finned_x_wing;
pub(crate) mod fins;
pub(crate) mod franken_jellyfish;
pub(crate) mod franken_leviathan;
pub(crate) mod franken_squirmbag;
pub(crate) mod franken_swordfish;
pub(crate) mod franken_whale;
pub(crate) mod franken_x_wing;
pub(crate) mod general;
pub(crate) mod jellyfish;
pub(crate) mod leviathan;
pub(crate) mod lines;
pub(crate) mod mutant_jellyfish;
pub(crate) mod mutant_leviathan;
pub(crate) mod mutant_squirmbag;
pub(crate) mod mutant_swordfish;
pub(crate) mod mutant_whale;
pub(crate) mod mutant_x_wing;
pub(crate) mod sashimi_jellyfish;
pub(crate) mod sashimi_leviathan;
pub(crate) mod sashimi_squirmbag;
pub(crate) mod sashimi_swordfish;
pub(crate) mod sashimi_whale;
pub(crate) mod sashimi_x_wing;
pub(crate) mod search;
pub(crate) mod squirmbag;
pub(crate) mod swordfish;
pub(crate) mod whale;
pub(crate) mod x_wing;
