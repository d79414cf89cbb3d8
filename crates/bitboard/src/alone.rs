//! [`alone_in_a_house_each`]: [`CellSet::alone_in_a_house`] for nine sets at once (every
//! digit's candidates, for the hidden singles), written lane by lane so that the compiler
//! turns it into vector instructions.
//!
//! The arithmetic is the one of [`CellSet::alone_in_a_house`]: per band (three rows, 27 bits),
//! fold the three row slices into "one or more" and "two or more" cells per column, fold
//! those across the bands for the columns, fold each 3-column chunk for the boxes, and test
//! each row slice for a single bit. Here each step runs over 12 lanes (nine sets and three
//! empty ones, so that the lanes fill whole 4-lane vectors of the x86-64-v2 baseline), and a
//! lane whose set is empty yields nothing, as in the single-set version.

use crate::CellSet;

/// Lanes: nine sets, padded to a multiple of four.
const LANES: usize = 12;
const ROW: u32 = 0x1ff;
const CHUNK_LOW: u32 = 0b001_001_001;
const DOWN: u32 = 1 | 1 << 9 | 1 << 18;

/// `sets[i].alone_in_a_house()` for each `i`: the cells of each set that are its only cell
/// in at least one of their houses.
pub fn alone_in_a_house_each(sets: &[CellSet; 9]) -> [CellSet; 9] {
    let mut bands = [[0u32; LANES]; 3];
    for (b, band) in bands.iter_mut().enumerate() {
        for (x, set) in band.iter_mut().zip(sets) {
            *x = (set.bits() >> (27 * b)) as u32 & 0x7ff_ffff;
        }
    }
    let mut col_once = [0u32; LANES];
    let mut col_twice = [0u32; LANES];
    let mut boxes = [[0u32; LANES]; 3];
    for (band, boxes) in bands.iter().zip(boxes.iter_mut()) {
        for i in 0..LANES {
            let x = band[i];
            let (r0, r1, r2) = (x & ROW, x >> 9 & ROW, x >> 18);
            let once = r0 | r1 | r2;
            let twice = (r0 & r1) | (r0 & r2) | (r1 & r2);
            col_twice[i] |= (col_once[i] & once) | twice;
            col_once[i] |= once;
            let (o0, o1, o2) = (once & CHUNK_LOW, once >> 1 & CHUNK_LOW, once >> 2 & CHUNK_LOW);
            let w = (twice | twice >> 1 | twice >> 2) & CHUNK_LOW;
            let box_twice = w | (o0 & o1) | (o0 & o2) | (o1 & o2);
            boxes[i] = ((o0 | o1 | o2) & !box_twice).wrapping_mul(0b111 * DOWN);
        }
    }
    let mut out = [0u128; 9];
    for (b, (band, boxes)) in bands.iter().zip(&boxes).enumerate() {
        let mut lone = [0u32; LANES];
        for i in 0..LANES {
            let x = band[i];
            let cols = (col_once[i] & !col_twice[i]).wrapping_mul(DOWN);
            let mut rows = 0;
            for r in 0..3 {
                let slice = x >> (9 * r) & ROW;
                // All ones when the slice has at most one cell.
                let single = u32::from(slice & slice.wrapping_sub(1) == 0).wrapping_neg();
                rows |= single & (ROW << (9 * r));
            }
            lone[i] = x & (rows | cols | boxes[i]);
        }
        for (o, &l) in out.iter_mut().zip(&lone) {
            *o |= u128::from(l) << (27 * b);
        }
    }
    out.map(CellSet::from_bits_truncate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;
    use proptest::prelude::*;

    fn set_of(cells: &[u8]) -> CellSet {
        cells.iter().map(|&i| Cell::new(i).unwrap()).collect()
    }

    proptest! {
        /// Each lane equals the single-set function, on dense and sparse sets side by side.
        #[test]
        fn each_lane_is_the_single_set_function(
            dense in proptest::array::uniform9(any::<u128>()),
            sparse in proptest::array::uniform9(proptest::collection::vec(0u8..81, 0..12)),
            pick in any::<u16>(),
        ) {
            let sets: [CellSet; 9] = std::array::from_fn(|i| {
                if pick >> i & 1 == 0 {
                    CellSet::from_bits_truncate(dense[i])
                } else {
                    set_of(&sparse[i])
                }
            });
            let got = alone_in_a_house_each(&sets);
            for i in 0..9 {
                prop_assert_eq!(got[i], sets[i].alone_in_a_house());
            }
        }
    }

    #[test]
    fn empty_and_full_sets_give_nothing() {
        assert_eq!(alone_in_a_house_each(&[CellSet::EMPTY; 9]), [CellSet::EMPTY; 9]);
        assert_eq!(alone_in_a_house_each(&[CellSet::ALL; 9]), [CellSet::EMPTY; 9]);
        let diagonal = set_of(&[0, 10, 20, 30, 40, 50, 60, 70, 80]);
        let mut sets = [CellSet::EMPTY; 9];
        sets[4] = diagonal;
        assert_eq!(alone_in_a_house_each(&sets)[4], diagonal);
    }
}
