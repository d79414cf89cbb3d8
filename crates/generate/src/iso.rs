//! Isomorphs: the transformations that map a Sudoku grid to an equivalent one (relabel the
//! digits, permute the rows inside each band and the bands, the columns inside each stack and
//! the stacks, transpose). There are 9! x 3,359,232 of them (1,296^2 x 2 cell arrangements).

use bitdoku_bitboard::CellSet;

/// One transformation. Cell `(r, c)` of the result is cell `(rows[r], cols[c])` of the
/// source (after transposing the source when `transpose` is set), and digit `d` (1..=9)
/// becomes `digits[d - 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isomorph {
    /// Source row of each result row (bands stay bands).
    pub rows: [u8; 9],
    /// Source column of each result column (stacks stay stacks).
    pub cols: [u8; 9],
    /// Transpose the source first.
    pub transpose: bool,
    /// New value of each digit 1..=9 (a permutation of 1..=9).
    pub digits: [u8; 9],
}

/// A uniformly random line permutation that keeps bands (or stacks) together.
fn band_permutation(rng: &mut fastrand::Rng) -> [u8; 9] {
    let mut bands = [0u8, 1, 2];
    rng.shuffle(&mut bands);
    let mut out = [0u8; 9];
    for (i, &b) in bands.iter().enumerate() {
        let mut inner = [0u8, 1, 2];
        rng.shuffle(&mut inner);
        for (j, &k) in inner.iter().enumerate() {
            out[i * 3 + j] = b * 3 + k;
        }
    }
    out
}

impl Isomorph {
    /// The identity.
    pub const IDENTITY: Isomorph = Isomorph {
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
        digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A uniformly random isomorph.
    pub fn random(rng: &mut fastrand::Rng) -> Isomorph {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        Isomorph {
            rows: band_permutation(rng),
            cols: band_permutation(rng),
            transpose: rng.bool(),
            digits,
        }
    }

    /// The source cell of result cell `cell`.
    fn source(&self, cell: usize) -> usize {
        let (r, c) = (usize::from(self.rows[cell / 9]), usize::from(self.cols[cell % 9]));
        if self.transpose { c * 9 + r } else { r * 9 + c }
    }

    /// Applies it to a grid of values (0 = empty).
    #[must_use]
    pub fn apply(&self, values: &[u8; 81]) -> [u8; 81] {
        std::array::from_fn(|cell| match values[self.source(cell)] {
            0 => 0,
            v => self.digits[usize::from(v) - 1],
        })
    }

    /// Applies it to a candidate grid (one cell set per digit).
    pub fn apply_masks(&self, masks: &[CellSet; 9]) -> [CellSet; 9] {
        let mut out = [CellSet::EMPTY; 9];
        for (d, mask) in masks.iter().enumerate() {
            let to = usize::from(self.digits[d]) - 1;
            for cell in 0..81 {
                let src = self.source(cell);
                if mask.bits() >> src & 1 == 1 {
                    out[to] |= CellSet::from_bits_truncate(1u128 << cell);
                }
            }
        }
        out
    }
}

/// The map notation: `t=T,r=RRRRRRRRR,c=CCCCCCCCC,d=DDDDDDDDD`, one token. `T` is `1` when
/// the source is transposed first, else `0`; the `r` digits are [`Isomorph::rows`] and the `c`
/// digits [`Isomorph::cols`] (source row / column 0-8 of each result row / column); the `d`
/// digits are [`Isomorph::digits`] (the new value of digit 1, 2, ... 9). The identity is
/// `t=0,r=012345678,c=012345678,d=123456789`.
impl std::fmt::Display for Isomorph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits =
            |xs: &[u8; 9]| -> String { xs.iter().map(|&x| char::from(b'0' + x)).collect() };
        write!(
            f,
            "t={},r={},c={},d={}",
            u8::from(self.transpose),
            digits(&self.rows),
            digits(&self.cols),
            digits(&self.digits)
        )
    }
}

impl std::str::FromStr for Isomorph {
    type Err = String;

    /// Reads the notation [`Isomorph`]'s `Display` writes, checking that rows keep bands,
    /// columns keep stacks and digits are a permutation.
    fn from_str(text: &str) -> Result<Isomorph, String> {
        let fields: Vec<&str> = text.trim().split(',').collect();
        let [t, r, c, d] = fields[..] else {
            return Err(format!("expected t=..,r=..,c=..,d=.., got {text:?}"));
        };
        let nine = |field: &str, name: &str, lo: u8| -> Result<[u8; 9], String> {
            let body = field
                .strip_prefix(name)
                .and_then(|x| x.strip_prefix('='))
                .ok_or_else(|| format!("expected {name}=..., got {field:?}"))?;
            let bytes = body.as_bytes();
            if bytes.len() != 9 || bytes.iter().any(|b| !(b'0' + lo..=b'8' + lo).contains(b)) {
                return Err(format!("{name}= needs 9 digits {lo}-{}, got {body:?}", 8 + lo));
            }
            let out: [u8; 9] = std::array::from_fn(|i| bytes[i] - b'0');
            if out.iter().fold(0u16, |m, &x| m | 1 << x).count_ones() != 9 {
                return Err(format!("{name}= is not a permutation: {body:?}"));
            }
            Ok(out)
        };
        let transpose = match t {
            "t=0" => false,
            "t=1" => true,
            _ => return Err(format!("expected t=0 or t=1, got {t:?}")),
        };
        let rows = nine(r, "r", 0)?;
        let cols = nine(c, "c", 0)?;
        let digits = nine(d, "d", 1)?;
        for (name, lines) in [("r", rows), ("c", cols)] {
            let keeps = (0..3).all(|b| {
                let band = lines[3 * b] / 3;
                lines[3 * b..3 * b + 3].iter().all(|&x| x / 3 == band)
            });
            if !keeps {
                return Err(format!("{name}= must keep each band (stack) of 3 together"));
            }
        }
        Ok(Isomorph { rows, cols, transpose, digits })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_notation_reads_back_and_rejects_bad_maps() {
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..100 {
            let t = Isomorph::random(&mut rng);
            assert_eq!(t.to_string().parse::<Isomorph>(), Ok(t));
        }
        assert_eq!(Isomorph::IDENTITY.to_string(), "t=0,r=012345678,c=012345678,d=123456789");
        for bad in [
            "t=2,r=012345678,c=012345678,d=123456789",
            "t=0,r=312045678,c=012345678,d=123456789",
            "t=0,r=012345678,c=012345678,d=123456780",
            "t=0,r=012345678,c=012345678,d=113456789",
            "t=0,r=012345678,c=012345678",
        ] {
            assert!(bad.parse::<Isomorph>().is_err(), "{bad}");
        }
    }

    #[test]
    fn identity_changes_nothing_and_random_keeps_validity() {
        let grid: [u8; 81] = std::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9) as u8 + 1);
        assert!(bitdoku_brute::is_valid_solution(&grid));
        assert_eq!(Isomorph::IDENTITY.apply(&grid), grid);
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..200 {
            let t = Isomorph::random(&mut rng);
            assert!(bitdoku_brute::is_valid_solution(&t.apply(&grid)));
        }
    }
}
