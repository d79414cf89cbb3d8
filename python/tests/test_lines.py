"""Unit tests of the plain helpers (no Spark, no JVM), plus one check against the real binary
that the Python rule for "which lines are puzzle lines" is bitdoku's rule."""

import subprocess

import pytest

from bitdoku_spark.cli import parse_args
from bitdoku_spark.lines import (
    is_line_aligned,
    is_puzzle_line,
    merge_check_summaries,
    padding_blocks,
    refused_option,
)

from conftest import EDGE_LINES


def test_puzzle_lines():
    assert not is_puzzle_line("")
    assert not is_puzzle_line("  \t ")
    assert not is_puzzle_line("# comment")
    assert not is_puzzle_line("   # indented comment")
    assert not is_puzzle_line("\u3000")  # ideographic space: Rust whitespace
    assert is_puzzle_line("\x1c")  # Python calls it space, Rust does not
    assert is_puzzle_line("abc")
    assert is_puzzle_line("." * 81)
    assert is_puzzle_line("x#")


def test_python_rule_matches_bitdoku(bitdoku):
    """For every edge line, the Python rule says 'puzzle line' exactly when bitdoku writes a
    line for it."""
    for line in EDGE_LINES:
        out = subprocess.run(
            [bitdoku, "solve", "--threads", "1"],
            input=(line + "\n").encode(),
            capture_output=True,
        ).stdout
        assert (out.count(b"\n") == 1) == is_puzzle_line(line), repr(line)


def test_padding_blocks():
    for n in (0, 1, 5, (1 << 20) - 1, 1 << 20, (1 << 20) + 3, 3 * (1 << 20)):
        blocks = list(padding_blocks(n))
        assert sum(len(b) for b in blocks) == n
        assert all(set(b) == {10} for b in blocks)


def test_line_aligned_and_refused():
    assert is_line_aligned("solve", ["--json"])
    assert is_line_aligned("rate", [])
    assert not is_line_aligned("solve", ["--trace", "--grid"])
    assert not is_line_aligned("check", [])
    assert refused_option(["--trace", "--svg-dir", "x"])
    assert refused_option(["--svg-dir=x"])
    assert refused_option(["--preset", "all"]) is None


def test_merge_check_summaries():
    a = "check: 6 puzzles, 3 solved by logic, 215 steps checked, 0 unsound, 0 uniqueness steps on non-unique puzzles (order unique-rectangle-1,x-wing)"
    b = "check: 4 puzzles, 4 solved by logic, 100 steps checked, 1 unsound, 2 uniqueness steps on non-unique puzzles (order unique-rectangle-1,x-wing)"
    assert merge_check_summaries([a, b]) == (
        "check: 10 puzzles, 7 solved by logic, 315 steps checked, 1 unsound, 2 uniqueness "
        "steps on non-unique puzzles (order unique-rectangle-1,x-wing)"
    )
    assert merge_check_summaries([a]) == a
    with pytest.raises(ValueError):
        merge_check_summaries([a, a.replace("hodoku", "all").replace("x-wing", "y-wing")])
    with pytest.raises(ValueError):
        merge_check_summaries([])


def test_command_line():
    cfg, quiet = parse_args(
        ["rate", "--master", "local[2]", "--conf", "a=b=c", "-q", "in.txt", "out", "--preset", "hodoku"]
    )
    assert (cfg.command, cfg.input, cfg.output) == ("rate", "in.txt", "out")
    assert cfg.bitdoku_args == ["--preset", "hodoku"]
    assert cfg.conf == {"a": "b=c"} and quiet
    cfg, _ = parse_args(["solve", "in", "out", "--", "--json"])
    assert cfg.bitdoku_args == ["--json"]
    with pytest.raises(SystemExit):
        parse_args(["solve", "--partitions", "0", "in", "out"])
    with pytest.raises(SystemExit):
        parse_args(["count", "in", "out"])


def test_blocks_and_whole_lines():
    """Blocks number their lines from the partition's start; output chunks hold whole lines."""
    import io

    from bitdoku_spark.executor import _whole_lines
    from bitdoku_spark.job import _blocks

    lines = [str(i) for i in range(2500)]
    blocks = list(_blocks(iter(lines), 7, size=1024))
    assert [(start, len(b)) for start, b in blocks] == [(7, 1024), (1031, 1024), (2055, 452)]
    assert [x for _, b in blocks for x in b] == lines
    assert list(_blocks(iter([]), 3)) == []

    text = "".join(f"line {i} \u00e9\n" for i in range(20000)).encode("utf-8")
    chunks = list(_whole_lines(io.BufferedReader(io.BytesIO(text)), size=1000))
    assert len(chunks) > 10
    assert "".join(c + "\n" for c in chunks).encode("utf-8") == text
    assert list(_whole_lines(io.BufferedReader(io.BytesIO(b"a\nb")))) == ["a", "b"]
