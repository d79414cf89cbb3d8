//! [`Chain`]: the nodes and links of a chain or loop, kept inside a step's evidence so that
//! explanations (Eureka notation), JSON and diagrams can show the proof. Fixed size (no heap),
//! so [`crate::Step`] stays `Copy`.

use bitdoku_bitboard::{Cell, CellSet, Digit};
use std::fmt;

/// The most nodes a stored chain holds (a loop stores its first node once).
pub const MAX_CHAIN_NODES: usize = 32;

/// One node: a digit in one cell, or in a group of 2-3 cells of one mini-line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainNode {
    digit: u8,
    cells: [u8; 3],
    len: u8,
}

impl ChainNode {
    /// A node for `digit` in `cells` (1 to 3 cells; extra cells are dropped).
    #[must_use]
    pub fn new(digit: Digit, cells: CellSet) -> ChainNode {
        let mut node = ChainNode { digit: digit.index() as u8, cells: [0; 3], len: 0 };
        for cell in cells.iter().take(3) {
            node.cells[node.len as usize] = cell.index() as u8;
            node.len += 1;
        }
        node
    }

    /// The node's digit.
    #[must_use]
    pub fn digit(&self) -> Digit {
        Digit::new_unchecked(self.digit)
    }

    /// The node's cells.
    pub fn cells(&self) -> CellSet {
        self.cells[..self.len as usize].iter().map(|&i| Cell::new_unchecked(i)).collect()
    }

    /// Whether the node is a group (more than one cell).
    #[must_use]
    pub fn is_group(&self) -> bool {
        self.len > 1
    }
}

impl fmt::Display for ChainNode {
    /// Eureka: `(5)r1c2`, a group in a row `(5)r1c23`, in a column `(5)r23c1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({})", self.digit().value())?;
        let cells: Vec<Cell> = self.cells().iter().collect();
        let Some(first) = cells.first() else { return Ok(()) };
        let one_row = cells.iter().all(|c| c.row() == first.row());
        if one_row {
            write!(f, "r{}c", first.row() + 1)?;
            for c in &cells {
                write!(f, "{}", c.col() + 1)?;
            }
        } else {
            f.write_str("r")?;
            for c in &cells {
                write!(f, "{}", c.row() + 1)?;
            }
            write!(f, "c{}", first.col() + 1)?;
        }
        Ok(())
    }
}

/// A chain (or a loop) of nodes; link `i` joins node `i` and node `i + 1` (for a loop, the
/// last link joins the last node back to the first). Empty for techniques that are no chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    nodes: [ChainNode; MAX_CHAIN_NODES],
    strong: u32,
    len: u8,
    closed: bool,
}

impl Default for Chain {
    fn default() -> Chain {
        Chain::EMPTY
    }
}

impl Chain {
    /// No chain.
    pub const EMPTY: Chain = Chain {
        nodes: [ChainNode { digit: 0, cells: [0; 3], len: 0 }; MAX_CHAIN_NODES],
        strong: 0,
        len: 0,
        closed: false,
    };

    /// Appends a node; `strong_from_previous` tells the link from the previous node (ignored for
    /// the first). Returns `false` (and stores nothing) when the chain is full.
    pub fn push(&mut self, node: ChainNode, strong_from_previous: bool) -> bool {
        let n = self.len as usize;
        if n == MAX_CHAIN_NODES {
            return false;
        }
        if n > 0 && strong_from_previous {
            self.strong |= 1 << (n - 1);
        }
        self.nodes[n] = node;
        self.len += 1;
        true
    }

    /// Closes the chain into a loop: the last node links back to the first.
    pub fn close(&mut self, strong: bool) {
        if self.len > 0 {
            if strong {
                self.strong |= 1 << (self.len - 1);
            }
            self.closed = true;
        }
    }

    /// The nodes in order.
    #[must_use]
    pub fn nodes(&self) -> &[ChainNode] {
        &self.nodes[..self.len as usize]
    }

    /// Whether link `i` (node `i` to node `i + 1`, or the closing link) is strong.
    #[must_use]
    pub fn is_strong(&self, i: usize) -> bool {
        i < 32 && self.strong & (1 << i) != 0
    }

    /// Number of links (inferences): nodes - 1, plus one for a loop.
    #[must_use]
    pub fn link_count(&self) -> usize {
        match self.len {
            0 => 0,
            n => n as usize - 1 + usize::from(self.closed),
        }
    }

    /// Whether it is a loop.
    #[must_use]
    pub fn is_loop(&self) -> bool {
        self.closed
    }

    /// Whether there is no chain.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether any node is a group.
    #[must_use]
    pub fn has_group(&self) -> bool {
        self.nodes().iter().any(ChainNode::is_group)
    }

    /// Every cell of every node.
    pub fn cells(&self) -> CellSet {
        self.nodes().iter().fold(CellSet::EMPTY, |acc, n| acc | n.cells())
    }
}

impl fmt::Display for Chain {
    /// Eureka notation: `(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2`; a loop repeats its first node.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.nodes().iter().enumerate() {
            if i > 0 {
                f.write_str(if self.is_strong(i - 1) { "=" } else { "-" })?;
            }
            write!(f, "{node}")?;
        }
        if self.closed && self.len > 0 {
            let i = self.len as usize - 1;
            f.write_str(if self.is_strong(i) { "=" } else { "-" })?;
            write!(f, "{}", self.nodes[0])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(d: u8, cells: &[(usize, usize)]) -> ChainNode {
        let set = cells.iter().map(|&(r, c)| Cell::from_rc(r, c)).collect();
        ChainNode::new(Digit::from_value(d).unwrap(), set)
    }

    #[test]
    fn eureka_text() {
        let mut c = Chain::EMPTY;
        c.push(node(5, &[(0, 1)]), false);
        c.push(node(5, &[(0, 6)]), true);
        c.push(node(5, &[(3, 6)]), false);
        c.push(node(5, &[(3, 1)]), true);
        assert_eq!(c.to_string(), "(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2");
        assert_eq!(c.link_count(), 3);
        c.close(false);
        assert_eq!(c.to_string(), "(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c2-(5)r1c2");
        assert_eq!(c.link_count(), 4);
        assert!(!c.has_group());
        let g = node(3, &[(1, 3), (1, 4)]);
        assert_eq!(g.to_string(), "(3)r2c45");
        assert_eq!(node(3, &[(1, 3), (2, 3)]).to_string(), "(3)r23c4");
        assert!(g.is_group());
    }
}
