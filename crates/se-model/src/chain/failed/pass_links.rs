//! [`PassLinks`]: the links of a nested search's pass, with what reaches what read from
//! [`Failed`]'s strong-link graph instead of the pass's own components.
//!
//! The searches that go on read the same graph instead of their passes' components
//! ([`PassLinks`]): in the XY pass this graph, in the X pass (house links only) and the Y
//! pass (cell links only) the one built the same way from their links (`W` and `S`
//! without the cell's, or without the house's, links; both stay symmetric). In each of
//! them, an on potential other than a root's is always strong
//! (only an off potential forces one on), `u` on reaches `v` on exactly when `u ->* v`, `w`
//! off reaches what its strong neighbours reach, and a potential reaches `a` off exactly
//! when it reaches the on potential of a strong candidate in `W(a)` (or is one). Which
//! roots can lie on a cycle (`a ->+ a`), which reach their opposite (the two tests of `failed.rs`)
//! and which potentials a search follows (those that lead back to its root, or to its
//! target) are then the XY graph's answers, so the searches meet the same potentials in the
//! same order and find the same hints; the unit test also compares these answers with the
//! XY graph's.

use super::*;

/// The XY pass's links ([`Reach::build_xy_links`](super::super::reach::Reach::build_xy_links),
/// without components) with what reaches what read from [`Failed`] (after
/// [`Failed::any`] said yes and [`Failed::complete`]), for the array searches of a nested
/// XY pass. The answers are those of the XY graph's components: an on potential met from
/// the root `a` on lies in its component exactly when it reaches `a` (every potential a
/// search meets is reached from its root), that is when its row holds `a`; an off
/// potential `w` when a strong neighbour of `w` reaches `a`. A forcing search's target is
/// set by [`Failed::aim_off`] or [`Failed::aim_on`]. So the searches meet the same
/// potentials in the same order as on the XY graph's [`Reach`](super::super::reach::Reach).
///
/// `links` are the XY pass's links; the X and Y passes read their parts of them: an on
/// potential's list is the cell's other values (left out without cell links), then the
/// digit's other positions; an off potential's is the bivalue cell's other value (only it
/// without house links), then the house links (left out without cell links). The Y pass's
/// own graph kept only bivalue cells' candidates; the others' off potentials are not
/// strong there, so [`PassLinks::beside`] passes over them as the smaller graph did.
pub(in crate::chain) struct PassLinks<'a> {
    pub(in crate::chain) links: &'a super::super::reach::Reach,
    pub(in crate::chain) failed: &'a Failed,
    pub(in crate::chain) g: &'a Grid,
    pub(in crate::chain) y: bool,
    pub(in crate::chain) x: bool,
}

impl super::super::reach::Links for PassLinks<'_> {
    #[inline]
    fn succ_keys(&self, k: u16) -> &[u16] {
        let all = self.links.succ_keys(k);
        if self.y && self.x {
            return all;
        }
        let (c, _, on) = unkey(k);
        if on {
            if self.y { all } else { &all[self.g.count(c) as usize - 1..] }
        } else {
            let cell = usize::from(self.g.count(c) == 2);
            if self.y { &all[..cell] } else { &all[cell..] }
        }
    }

    #[inline]
    fn beside(&self, k: u16, src: u16) -> bool {
        let a = self.failed.number[src as usize / 2];
        if a == UNSET {
            // Only its own assumption meets the root: no cycle (never asked).
            return false;
        }
        let a = a as usize;
        self.failed.row_of(k).is_some_and(|r| r[a / 64] >> (a % 64) & 1 != 0)
    }

    #[inline]
    fn leads_to(&self, k: u16, target: u16) -> bool {
        if k == target {
            return true;
        }
        match self.failed.row_of(k) {
            Some(r) => r.iter().zip(&self.failed.aim).any(|(x, y)| x & y != 0),
            // An on potential without strong neighbours is never met but as a root; an off
            // one forces nothing.
            None => k & 1 == 1,
        }
    }
}
