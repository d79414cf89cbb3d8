"""Fixtures of the `bitdoku` package tests: the CLI binary the results are compared with and
the bundled corpora (datasets/ of the repository).

Environment: BITDOKU, the binary (default: target/release/bitdoku of this repository).
"""

from __future__ import annotations

import os
import subprocess
from typing import List

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATASETS = os.path.join(REPO, "datasets")


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("BITDOKU", os.path.join(REPO, "target", "release", "bitdoku"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no bitdoku binary at {path}: run `cargo build --release -p bitdoku-cli`")
    return os.path.abspath(path)


def run(cli: str, *args: str, data: bytes = b"") -> List[str]:
    """The CLI's output lines (exit status 0 or 1: some puzzles did not solve)."""
    r = subprocess.run([cli, *args], input=data, capture_output=True)
    assert r.returncode in (0, 1), r.stderr.decode()
    return r.stdout.decode().splitlines()


BUNDLED = [
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus.txt",
    "generated_minimal_10k.txt",
    "magictour_top1465.txt",
    "norvig_hardest.txt",
    "norvig_top95.txt",
    "serg_benchmark.txt",
    "sudoku17_royle_49158.txt",
    "tdoku_test_puzzles_with_counts.txt",
]


@pytest.fixture(scope="session")
def corpora() -> List[str]:
    """The bundled corpora's files (119,913 puzzles; datasets/README.md)."""
    files = [os.path.join(DATASETS, f) for f in BUNDLED]
    missing = [f for f in files if not os.path.exists(f)]
    if missing:
        pytest.fail(f"bundled corpora missing: {missing}")
    return files


@pytest.fixture(scope="session")
def berthier() -> str:
    """D. Berthier's rated files (../shared/reference/berthier beside the repository): skipped
    when absent, a failure under CI (env CI set), where they must be there."""
    path = os.path.join(REPO, "..", "shared", "reference", "berthier")
    if not os.path.isdir(path):
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing (CI needs ../shared)")
        pytest.skip(f"{path} is missing")
    return path
