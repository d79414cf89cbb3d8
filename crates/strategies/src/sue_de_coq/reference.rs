//! The search by its definition, as the reference for [`super::find`]: for every line set
//! (HoDoKu's order), every box set (same order) is tested against all the conditions.

use super::{Pattern, Search, Subsets, count};
use crate::Step;
use crate::als::fixtures::sample_states;
use crate::registry::find_all;
use bitdoku_bitboard::{CellSet, House};

impl Search<'_> {
    fn intersection_reference(
        &self,
        line: House,
        boxx: House,
        inter: CellSet,
        out: &mut Vec<Step>,
    ) {
        let d = inter.iter().fold(0, |acc, c| acc | self.digits[c.index()]);
        let n = count(d).saturating_sub(inter.len());
        if n < 2 {
            return;
        }
        let boxes = Subsets::new((boxx.cells() & self.unsolved) - inter, &self.digits);
        let lines = Subsets::new((line.cells() & self.unsolved) - inter, &self.digits);
        let third = ((line.cells() & boxx.cells() & self.unsolved) - inter).first();
        let (lbit, bbit) = (lines.bit(third), boxes.bit(third));
        let p = Pattern { line, boxx, inter, inter_digits: d };
        for &mask in lines.ordered() {
            let a = lines.digits[usize::from(mask)];
            let (size, extra) = (mask.count_ones(), count(a & !d));
            if a & d == 0 || size <= extra || size - extra >= n {
                continue;
            }
            for &bmask in boxes.ordered() {
                let e = boxes.digits[usize::from(bmask)];
                let (bsize, bextra) = (bmask.count_ones(), count(e & !d));
                let fits = e & d != 0 && bsize > bextra && bsize - bextra == n - (size - extra);
                let apart = e & a & d == 0 && !(mask & lbit != 0 && bmask & bbit != 0);
                if fits && apart {
                    let sets = ((lines.cells(mask), a), (boxes.cells(bmask), e));
                    let _ = self.push(&p, sets.0, sets.1, out);
                }
            }
        }
    }
}

fn find_reference(state: &bitdoku_bitboard::Candidates) -> Vec<Step> {
    let unsolved = state.unsolved();
    let mut digits = [0u16; 81];
    for (d, mask) in state.masks().iter().enumerate() {
        for cell in *mask & unsolved {
            digits[cell.index()] |= 1 << d;
        }
    }
    let search = Search { masks: state.masks(), digits, unsolved };
    let mut out = Vec::new();
    for line in (0..9).map(House::row).chain((0..9).map(House::col)) {
        let n = line.number();
        let boxes = if line.index() < 9 {
            [n / 3 * 3, n / 3 * 3 + 1, n / 3 * 3 + 2]
        } else {
            [n / 3, 3 + n / 3, 6 + n / 3]
        };
        for b in boxes {
            let boxx = House::boxx(b);
            let cells: Vec<_> = (line.cells() & boxx.cells() & unsolved).iter().collect();
            for i1 in 0..cells.len() {
                for i2 in i1 + 1..cells.len() {
                    let pair = CellSet::single(cells[i1]).with(cells[i2]);
                    search.intersection_reference(line, boxx, pair, &mut out);
                    for &c3 in &cells[i2 + 1..] {
                        search.intersection_reference(line, boxx, pair.with(c3), &mut out);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn find_matches_the_reference_search() {
    let mut states = sample_states("magictour_top1465.txt", 60, 6);
    states.extend(sample_states("serg_benchmark.txt", 30, 4));
    let mut steps = 0;
    for state in &states {
        let expected = find_reference(state);
        assert_eq!(find_all(crate::TechniqueId::SueDeCoq, state), expected);
        steps += expected.len();
    }
    assert!(steps > 100, "{steps} steps");
}
