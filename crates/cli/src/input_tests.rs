//! Tests of the input: line cutting (streamed, in place) and the two readers.

use super::*;

/// The lines as the reader cut them before (one `read_until(b'\n')` piece at a time, each
/// piece's body split at `\r`): the reference for [`Splitter`] and [`cut`].
fn reference(data: &[u8]) -> Vec<(usize, Vec<u8>)> {
    let mut lines = Vec::new();
    for piece in data.split_inclusive(|&b| b == b'\n') {
        let mut body = piece.strip_suffix(b"\n").unwrap_or(piece);
        body = body.strip_suffix(b"\r").unwrap_or(body);
        if lines.is_empty() {
            body = body.strip_prefix(BOM).unwrap_or(body);
        }
        for part in body.split(|&b| b == b'\r') {
            lines.push((lines.len() + 1, part.to_vec()));
        }
    }
    lines
}

fn lines_of(chunk: &Chunk) -> Vec<(usize, Vec<u8>)> {
    (0..chunk.len())
        .map(|i| {
            let line = chunk.line(i);
            (line.number, line.bytes.to_vec())
        })
        .collect()
}

/// The splitter's lines when the input arrives in blocks of the given sizes.
fn split(data: &[u8], sizes: &mut impl FnMut() -> usize) -> Vec<(usize, Vec<u8>)> {
    let (mut s, mut chunk) = (Splitter::new(LINES), Chunk::new(LINES));
    let mut at = 0;
    while at < data.len() {
        let end = (at + sizes()).min(data.len());
        let mut block = &data[at..end];
        // A full chunk stops early: feed the rest again, as the reader does.
        while !block.is_empty() {
            let used = s.feed(block, &mut chunk);
            block = &block[used..];
        }
        at = end;
    }
    s.finish(&mut chunk);
    lines_of(&chunk)
}

const LINES: usize = 4096;

fn random_inputs(cases: usize) -> Vec<Vec<u8>> {
    let mut rng = fastrand::Rng::with_seed(1);
    let alphabet: &[&[u8]] =
        &[b"a", b"5", b"\r", b"\n", b"\r\n", b"\xef\xbb\xbf", b"\xef", b"\xff"];
    (0..cases)
        .map(|_| {
            (0..rng.usize(..24))
                .flat_map(|_| alphabet[rng.usize(..alphabet.len())].iter().copied())
                .collect()
        })
        .collect()
}

#[test]
fn block_splitting_cuts_lines_as_read_until_did() {
    let mut rng = fastrand::Rng::with_seed(2);
    for (case, data) in random_inputs(20_000).iter().enumerate() {
        let max = 1 + case % 9;
        let got = split(data, &mut || rng.usize(1..=max));
        assert_eq!(got, reference(data), "{data:?}");
    }
    // Full chunks: the lines go on in the next chunk with the right numbers.
    let data = "x\r\n".repeat(LINES + 5);
    let (mut s, mut chunk) = (Splitter::new(LINES), Chunk::new(LINES));
    let used = s.feed(data.as_bytes(), &mut chunk);
    assert_eq!((chunk.len(), used), (LINES, 3 * LINES));
    let mut next = Chunk::new(LINES);
    assert_eq!(s.feed(&data.as_bytes()[used..], &mut next), 15);
    assert_eq!((next.len(), next.line(0).number), (5, LINES + 1));
}

/// [`cut`] on whole inputs, at most `max` lines at a time, and on growing prefixes (the
/// input not known to end there): the same lines.
#[test]
fn cutting_in_place_gives_the_streamed_lines() {
    let mut cases = random_inputs(20_000);
    let edge: &[&[u8]] = &[b"", b"\xef\xbb\xbf", b"\xef\xbb", b"ab", b"a\r", b"\r\n\r\n"];
    cases.extend(edge.iter().map(|e| e.to_vec()));
    for (case, data) in cases.iter().enumerate() {
        let (mut at, mut number, mut spans) = (0, 0, Spans::new());
        while at < data.len() {
            let before = spans.len();
            cut(data, &mut at, &mut number, &mut spans, before + 1 + case % 5, true);
            assert!(spans.len() > before);
        }
        let got: Vec<_> = spans.iter().map(|&(n, a, b)| (n, data[a..b].to_vec())).collect();
        assert_eq!(got, reference(data), "{data:?}");
        // Growing prefixes: a line is cut only once its ending is known.
        let (mut at, mut number, mut spans) = (0, 0, Spans::new());
        for end in 0..=data.len() {
            cut(&data[..end], &mut at, &mut number, &mut spans, usize::MAX, false);
        }
        cut(data, &mut at, &mut number, &mut spans, usize::MAX, true);
        let got: Vec<_> = spans.iter().map(|&(n, a, b)| (n, data[a..b].to_vec())).collect();
        assert_eq!(got, reference(data), "{data:?}");
    }
}

/// Every line a reader hands out, recycling the chunks.
fn read_all(mut reader: Reader) -> Vec<(usize, Vec<u8>)> {
    let mut lines = Vec::new();
    while let Some(chunk) = reader.next_chunk(2) {
        lines.extend(lines_of(&chunk));
        reader.recycle(chunk);
    }
    reader.finish().unwrap();
    lines
}

#[test]
fn files_read_in_place_and_streams_give_the_same_lines() {
    let dir = std::env::temp_dir().join(format!("bitdoku-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut big = "1.3.5.7.9\r\nabc\n\n# comment\rx".repeat(3000).into_bytes();
    big.extend_from_slice(b"\xef\xbb\xbflast");
    let long = "9".repeat(20_000) + "\n" + &"8".repeat(9_000);
    let mut cases = random_inputs(300);
    cases.extend([b"\xef\xbb\xbfone\ntwo".to_vec(), big, long.into_bytes(), Vec::new()]);
    for (k, data) in cases.iter().enumerate() {
        let path = dir.join(format!("{k}.txt"));
        std::fs::write(&path, data).unwrap();
        let want = reference(data);
        let input = Input::open(Some(&path), 7).unwrap();
        assert!(matches!(input.reader, Reader::File(_)), "a regular file is read in place");
        assert_eq!(read_all(input.reader), want, "{data:?}");
        // Tiny reads: lines cut across reads, `\r` and `\n` in different reads.
        for bytes in [1, 2, 3, 5, 64] {
            let file = File::open(&path).unwrap();
            let reader = FileReader::new(file, data.len() as u64, bytes);
            assert_eq!(read_all(Reader::File(reader)), want, "{bytes} {data:?}");
        }
        let cursor = Box::new(std::io::Cursor::new(data.clone()));
        let streamed = Input::stream(cursor, None, 7).unwrap();
        assert!(matches!(streamed.reader, Reader::Streamed { .. }));
        assert_eq!(read_all(streamed.reader), want, "{data:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compressed_files_are_streamed() {
    let dir = std::env::temp_dir().join(format!("bitdoku-gz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, b"one\ntwo\r\nthree").unwrap();
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let input = Input::open(Some(&path), 7).unwrap();
    assert!(matches!(input.reader, Reader::Streamed { .. }));
    assert_eq!(read_all(input.reader), reference(b"one\ntwo\r\nthree"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 81-character shortcut in [`cut`]: a line ending (or other byte) at every position of a
/// plain line, and every ending after it, cut as the streamed reference does.
#[test]
fn plain_lines_cut_like_any_other() {
    let plain =
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut inputs = Vec::new();
    for at in 0..=81 {
        for byte in [b'\n', b'\r', b'7', 0xff] {
            let mut line = plain.to_vec();
            if at < 81 {
                line[at] = byte;
            } else {
                line.push(byte);
            }
            for ending in [&b"\n"[..], b"\r\n", b"\r", b""] {
                let mut data = line.clone();
                data.extend_from_slice(ending);
                data.extend_from_slice(plain);
                data.extend_from_slice(b"\n");
                inputs.push(data);
            }
        }
    }
    for data in &inputs {
        for last in [true, false] {
            let (mut at, mut number, mut spans) = (0, 0, Spans::new());
            cut(data, &mut at, &mut number, &mut spans, usize::MAX, last);
            let got: Vec<_> = spans.iter().map(|&(n, a, b)| (n, data[a..b].to_vec())).collect();
            assert_eq!(got, reference(data), "{data:?}");
        }
    }
    assert!(plain_line(&[plain.as_slice(), b"\n"].concat()));
    assert!(!plain_line(&[plain.as_slice(), b"\r\n"].concat()));
    assert!(!plain_line(plain));
}
