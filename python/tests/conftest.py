"""Shared fixtures: the bitdoku binary, test inputs made at test time, a standalone cluster.

Environment:
- BITDOKU: the binary (default: target/release/bitdoku of this repository);
- BITDOKU_DATASETS: the corpora folder (default: ../shared/datasets beside the repository);
  without it, the 100,000 puzzles are made with `bitdoku generate`.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)

from cluster import StandaloneCluster  # noqa: E402

# Lines that are not plain puzzles: each must come out exactly as on one machine.
EDGE_LINES = [
    "",
    "   ",
    "# a comment line",
    "   # an indented comment",
    "abc",
    "." * 80,
    "11" + "." * 79,  # a digit repeated in a row
    "12345678." + "........9" + "." * 63,  # no solution: r1c9 can only be 9
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532",  # 2+ solutions
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... # a name",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r",  # CRLF
    "\u00e9" + "." * 80,  # a non-ASCII character
    "\u3000",  # whitespace to Rust too
]


@pytest.fixture(scope="session")
def bitdoku() -> str:
    path = os.environ.get("BITDOKU", os.path.join(REPO, "target", "release", "bitdoku"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no bitdoku binary at {path}: run `cargo build --release -p bitdoku-cli`")
    return os.path.abspath(path)


@pytest.fixture(scope="session")
def datasets() -> str | None:
    path = os.environ.get("BITDOKU_DATASETS", os.path.join(REPO, "..", "shared", "datasets"))
    return path if os.path.isdir(path) else None


@pytest.fixture(scope="session")
def puzzles_100k(tmp_path_factory, bitdoku, datasets) -> bytes:
    """100,000 puzzles, one per line: the first 100,000 generated minimal puzzles of the
    shared corpora, or the same count made now by `bitdoku generate`."""
    if datasets and os.path.isfile(os.path.join(datasets, "generated_minimal_first100k.txt")):
        with open(os.path.join(datasets, "generated_minimal_first100k.txt"), "rb") as f:
            return f.read()
    made = subprocess.run(
        [bitdoku, "generate", "--count", "100000", "--seed", "18"],
        capture_output=True,
        check=True,
    ).stdout
    return b"".join(line[:81] + b"\n" for line in made.splitlines())


def with_edges(puzzles: bytes, every: int = 7919) -> bytes:
    """``puzzles`` with every edge line inserted, spread out, plus a byte order mark at the
    start, an invalid UTF-8 byte and an old-Mac lone CR between two puzzles."""
    lines = puzzles.splitlines(keepends=True)
    out = [b"\xef\xbb\xbf"]
    edges = [e.encode("utf-8") + b"\n" for e in EDGE_LINES]
    edges.append(b"\xff" + b"." * 80 + b"\n")
    edges.append(lines[0].rstrip(b"\n") + b"\r" + lines[1])
    for i, line in enumerate(lines):
        out.append(line)
        if i % every == every - 1 and edges:
            out.append(edges.pop(0))
    out.extend(edges)
    return b"".join(out)


@pytest.fixture(scope="session")
def cluster():
    """A standalone master with two one-core workers on this machine."""
    with StandaloneCluster(workers=2, cores=1, memory="1g") as c:
        yield c


def run_job(args, timeout=280, **kwargs) -> subprocess.CompletedProcess:
    """Runs `bitdoku-spark ARGS` (this package, with this Python) and returns the result."""
    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "python"))
    return subprocess.run(
        [sys.executable, "-m", "bitdoku_spark", *args],
        capture_output=True,
        timeout=timeout,
        env=env,
        **kwargs,
    )


def read_parts(directory: str) -> bytes:
    """The part files of a Spark output directory, concatenated in order."""
    names = sorted(n for n in os.listdir(directory) if n.startswith("part-"))
    chunks = []
    for name in names:
        with open(os.path.join(directory, name), "rb") as f:
            chunks.append(f.read())
    return b"".join(chunks)


QUIET_SPARK = ["--conf", "spark.ui.showConsoleProgress=false"]
