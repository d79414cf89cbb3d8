"""Pure helpers about input lines and bitdoku's output: no Spark, no subprocess.

Everything here is plain Python so it can be unit-tested without a JVM.

How alignment works (the one idea of this package): a partition holds a contiguous range of
input lines, first line index ``k`` (0-based, counted over the whole input). Before its lines,
the partition sends ``k`` empty lines to bitdoku. bitdoku skips empty lines without output and
without counting them as puzzles, but it does count them as lines, so every line number it
prints (``error: line N: ...``, rate's ``#N``, JSON ``"line": N``, check's ``line N: ...``) is
the line's number in the whole input. The output of a partition is then exactly the part of
the one-machine output that its lines produce, and the part files, concatenated in partition
order, are byte for byte the one-machine output. The padding costs bitdoku about 25 ns per
skipped line (measured: 20 million empty lines in 0.45 s), i.e. 25 ms for a partition that
starts at line one million.
"""

from __future__ import annotations

import re
from typing import Iterable, List, Sequence

# Characters that Rust's `char::is_whitespace` accepts (the Unicode White_Space property).
# bitdoku's parser uses `trim_start` with that definition to spot blank lines; Python's
# `str.isspace` differs (it also accepts U+001C..U+001F), so the set is spelled out here.
_RUST_WHITESPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)

# bitdoku commands whose output is exactly one line per puzzle line (with these options).
LINE_ALIGNED_COMMANDS = ("solve", "rate")

# Options that make `solve` print more than one line per puzzle.
MULTI_LINE_OPTIONS = ("--grid",)

# Options that cannot work on a cluster: they make bitdoku write files on the executors.
REFUSED_OPTIONS = {
    "--svg-dir": "it writes SVG files on the executors' local disks; run it on one machine",
}

# The size of one write of padding (empty lines) to bitdoku's standard input.
PADDING_BLOCK = b"\n" * (1 << 20)


def is_puzzle_line(line: str) -> bool:
    """Whether bitdoku gives this input line an output line (or an error line).

    bitdoku skips a line that is empty or only whitespace after the line ending is removed,
    and a line whose first non-whitespace character is ``#``. Every other line is a puzzle
    line: it yields a solution, a rating, or an ``error:`` line.

    >>> is_puzzle_line("   ")
    False
    >>> is_puzzle_line("  # a comment")
    False
    >>> is_puzzle_line("abc")
    True
    """
    i = 0
    n = len(line)
    while i < n and line[i] in _RUST_WHITESPACE:
        i += 1
    return i < n and line[i] != "#"


def padding_blocks(count: int) -> Iterable[bytes]:
    """Yields ``count`` empty lines (``b"\\n"`` each) in blocks of at most one MiB."""
    full, rest = divmod(count, len(PADDING_BLOCK))
    for _ in range(full):
        yield PADDING_BLOCK
    if rest:
        yield PADDING_BLOCK[:rest]


def has_option(args: Sequence[str], name: str) -> bool:
    """Whether the option ``name`` is among ``args`` (``--name`` or ``--name=value``)."""
    return any(a == name or a.startswith(name + "=") for a in args)


def is_line_aligned(command: str, args: Sequence[str]) -> bool:
    """Whether ``bitdoku command args`` prints exactly one line per puzzle line.

    Only then can a partition check that its output has as many lines as its puzzle lines.
    """
    if command not in LINE_ALIGNED_COMMANDS:
        return False
    return not any(has_option(args, o) for o in MULTI_LINE_OPTIONS)


def refused_option(args: Sequence[str]) -> str | None:
    """An error message if ``args`` holds an option that cannot run on a cluster."""
    for name, why in REFUSED_OPTIONS.items():
        if has_option(args, name):
            return f"{name} is not supported by bitdoku-spark: {why}"
    return None


# --- `check`: one summary line per partition, merged into one --------------------------------

CHECK_SUMMARY_PREFIX = "check: "

# A count in a summary line: a whole word made of digits, maybe followed by a comma. Digits
# inside a word (as in a technique id such as `unique-rectangle-1`) are not counts.
_COUNT_WORD = re.compile(r"^(\d+)(,?)$")


def is_check_summary(line: str) -> bool:
    """Whether ``line`` is the summary line that ``bitdoku check`` prints last."""
    return line.startswith(CHECK_SUMMARY_PREFIX)


def merge_check_summaries(summaries: Sequence[str]) -> str:
    """Merges the per-partition summary lines of ``bitdoku check`` into the whole-run line.

    Each count (a word of digits) is summed over the partitions; every other word must be the
    same in all lines, else the format is not understood and ``ValueError`` is raised rather
    than a wrong line written.

    >>> merge_check_summaries(["check: 2 puzzles, 5 steps (order a-1)",
    ...                        "check: 3 puzzles, 7 steps (order a-1)"])
    'check: 5 puzzles, 12 steps (order a-1)'
    """
    if not summaries:
        raise ValueError("no check summary line to merge")
    split: List[List[str]] = [s.split(" ") for s in summaries]
    if len({len(words) for words in split}) != 1:
        raise ValueError(f"check summary lines differ in shape: {summaries[0]!r} / {summaries[-1]!r}")
    merged: List[str] = []
    for position in zip(*split):
        counts = [_COUNT_WORD.match(w) for w in position]
        if all(counts):
            commas = {m.group(2) for m in counts}
            if len(commas) != 1:
                raise ValueError(f"check summary lines differ at {position[0]!r}")
            merged.append(str(sum(int(m.group(1)) for m in counts)) + commas.pop())
        elif len(set(position)) == 1:
            merged.append(position[0])
        else:
            raise ValueError(f"check summary lines differ: {position[0]!r} vs {position[-1]!r}")
    return " ".join(merged)
