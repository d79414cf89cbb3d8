//! The shortcut against the full parser: on every line, `quick_search_masks` gives the parsed
//! puzzle's search masks exactly when the parser accepts an 81-character line that does not
//! start with whitespace, and `None` otherwise; the AVX2, SSE2 and one-at-a-time scans agree.

use super::*;
use crate::{House, Puzzle, parse_line};

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// What the shortcut must give: the parser's masks for a plain line, `None` for the rest
/// (the parser decodes lossily, as the CLI does for the lines it parses).
fn expected(line: &[u8]) -> Option<[u128; 9]> {
    if line.first().is_some_and(u8::is_ascii_whitespace) {
        return None; // the parser skips leading whitespace; the shortcut defers
    }
    match parse_line(&String::from_utf8_lossy(line)) {
        Ok(Some(p @ Puzzle::Givens(_))) => Some(p.candidates().search_masks()),
        _ => None,
    }
}

/// Checks one line: the shortcut against the parser, the two scans against each other.
fn check(line: &[u8]) -> Option<[u128; 9]> {
    let quick = quick_search_masks(line);
    assert_eq!(quick, expected(line), "{:?}", String::from_utf8_lossy(line));
    // The candidate state of the same lines is the parsed puzzle's, givens placed.
    let parsed = match parse_line(&String::from_utf8_lossy(line)) {
        Ok(Some(p @ Puzzle::Givens(_))) if quick.is_some() => Some(p.candidates()),
        _ => None,
    };
    assert_eq!(quick_candidates(line), parsed, "{:?}", String::from_utf8_lossy(line));
    if let Some(cells) = line.get(..81) {
        let cells: &[u8; 81] = cells.try_into().unwrap();
        assert_eq!(scan(cells), scan_scalar(cells), "{cells:?}");
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2.
            assert_eq!(unsafe { scan_avx2(cells) }, scan_scalar(cells), "{cells:?}");
        }
    }
    quick
}

fn corpus() -> impl Iterator<Item = &'static str> {
    include_str!("../../../../datasets/generated_minimal_10k.txt").lines()
}

#[test]
fn plain_lines_give_the_parsed_masks() {
    for line in corpus().take(2000) {
        assert!(check(line.as_bytes()).is_some(), "{line}");
    }
    // Every empty marker, and a mix of them.
    for m in [".", "0", "_", "*", "-"] {
        assert!(check(P.replace('.', m).as_bytes()).is_some(), "{m}");
    }
    let mut rng = fastrand::Rng::with_seed(11);
    for line in corpus().take(300) {
        let mixed: Vec<u8> =
            line.bytes().map(|b| if b == b'.' { b".0_*-"[rng.usize(..5)] } else { b }).collect();
        assert!(check(&mixed).is_some());
    }
}

#[test]
fn separators_comments_and_line_ends() {
    for suffix in [
        &b"\r"[..],
        b"\r\n",
        b"\n",
        b" # hard",
        b"\t#12",
        b":1:foo",
        b"#x",
        b"   ",
        b" \xff\xfe not UTF-8",
        b"\r\r",
    ] {
        let line = [P.as_bytes(), suffix].concat();
        assert!(check(&line).is_some(), "{suffix:?}");
    }
    // Every byte right after the 81 characters, then a tail.
    for b in 0..=255u8 {
        check(&[P.as_bytes(), &[b]].concat());
        check(&[P.as_bytes(), &[b], b"tail"].concat());
    }
    for line in [&b""[..], b"#", b"# comment", b"   ", b"\r", b"  # indented", b"\t\r\n"] {
        assert_eq!(check(line), None);
    }
    let indented = [b"  ", P.as_bytes()].concat();
    assert_eq!(check(&indented), None);
}

#[test]
fn short_long_and_grid_lines_defer() {
    for n in 0..81 {
        assert_eq!(check(&P.as_bytes()[..n]), None, "{n}");
        assert_eq!(check(&[&P.as_bytes()[..n], b" # cut"].concat()), None, "{n}");
    }
    for extra in ["1", ".", "12345", "x"] {
        assert_eq!(check(format!("{P}{extra}").as_bytes()), None, "{extra}");
    }
    assert_eq!(check("123456789".repeat(81).as_bytes()), None);
    assert_eq!(check(format!("{} x", "123456789".repeat(81)).as_bytes()), None);
}

#[test]
fn a_bad_byte_anywhere_defers() {
    let allowed = |b: u8| b.is_ascii_digit() || b".0_*-".contains(&b);
    let mut rng = fastrand::Rng::with_seed(3);
    for line in corpus().take(40) {
        for pos in 0..81 {
            for _ in 0..8 {
                let b = rng.u8(..);
                let mut bad = line.as_bytes().to_vec();
                bad[pos] = b;
                let quick = check(&bad);
                if !allowed(b) {
                    assert_eq!(quick, None, "{pos} {b}");
                }
            }
        }
    }
    // Every byte value at every position of one line.
    for pos in 0..81 {
        for b in 0..=255u8 {
            let mut bad = P.as_bytes().to_vec();
            bad[pos] = b;
            check(&bad);
        }
    }
}

#[test]
fn a_repeat_in_every_kind_of_house_defers() {
    let mut rng = fastrand::Rng::with_seed(5);
    let houses: Vec<House> = House::all().collect();
    for (n, line) in corpus().take(3000).enumerate() {
        let house = houses[n % 27];
        let cells: Vec<usize> = house.cells().iter().map(|c| c.index()).collect();
        let a = cells[rng.usize(..9)];
        let b = loop {
            let b = cells[rng.usize(..9)];
            if b != a {
                break b;
            }
        };
        let mut bytes = line.as_bytes().to_vec();
        let digit = b'1' + rng.u8(..9);
        bytes[a] = digit;
        bytes[b] = digit;
        assert_eq!(check(&bytes), None, "{house} {}", String::from_utf8_lossy(&bytes));
        assert!(parse_line(std::str::from_utf8(&bytes).unwrap()).is_err());
    }
}

#[test]
fn random_lines_agree_with_the_parser() {
    let mut rng = fastrand::Rng::with_seed(9);
    let alphabet = b"123456789........0_*-x\xff ";
    let (mut some, mut none) = (0, 0);
    for _ in 0..40_000 {
        let mut line = [b'.'; 81];
        for _ in 0..rng.usize(..40) {
            line[rng.usize(..81)] = alphabet[rng.usize(..alphabet.len())];
        }
        match check(&line) {
            Some(_) => some += 1,
            None => none += 1,
        }
    }
    // Both outcomes are exercised.
    assert!(some > 1000 && none > 1000, "{some} {none}");
    // Arbitrary bytes: the two scans agree (the shortcut almost always defers).
    for _ in 0..20_000 {
        let line: Vec<u8> = (0..81).map(|_| rng.u8(..)).collect();
        check(&line);
    }
}

/// The x86-64-v3 variant (AVX2 scan, the rest compiled for x86-64-v3) gives what the portable
/// path gives, masks and given cells, on plain lines and on lines it must refuse.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_v3_path_equals_the_portable_path() {
    if !bitdoku_cpu::use_v3() {
        return; // nothing to compare on this processor
    }
    let mut lines: Vec<Vec<u8>> = corpus().take(1000).map(|l| l.as_bytes().to_vec()).collect();
    let mut rng = fastrand::Rng::with_seed(5);
    for line in corpus().take(200) {
        // A repeated digit, a bad character, a candidate-grid character.
        let mut bad = line.as_bytes().to_vec();
        bad[rng.usize(..81)] = b"1x+"[rng.usize(..3)];
        lines.push(bad);
    }
    for line in &lines {
        let cells: &[u8; 81] = line[..81].try_into().unwrap();
        let (mut portable, mut v3) = ([0u128; 9], [0u128; 9]);
        let a = scan(cells).and_then(|s| parts(cells, s, &mut portable));
        // SAFETY: `use_v3` said the processor runs x86-64-v3 code.
        let b = unsafe { parts_v3(cells, &mut v3) };
        assert_eq!((a, portable), (b, v3), "{:?}", String::from_utf8_lossy(line));
    }
}
