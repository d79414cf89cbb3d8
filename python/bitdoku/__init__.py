"""bitdoku: solve, count, rate, classify, check, generate and explain Sudoku in bulk, on bitdoku's Rust core.

Batches are numpy ``(N, 81)`` ``uint8`` arrays (0 = empty cell, 1-9 = given) or lists of
strings (81 characters, any of ``. 0 _ * -`` for empty; 729-character candidate grids too).
Results come back in the same shape: arrays for arrays, lists of strings for lists.

Every batch function releases the GIL and runs on all cores (``threads=0``) or on ``threads``
workers. Each row gets a status code (:data:`SOLVED`, :data:`NO_SOLUTION`, :data:`MULTIPLE`,
:data:`INVALID`, :data:`STUCK`) in a ``status`` array, and rows that are not puzzles get a message
in an ``errors`` dict (row -> message): one bad row never loses the others. Arguments that
cannot be a batch at all (a wrong shape or dtype, a value above 9, a list item that is not a
string) raise :class:`ValueError` naming the row.

>>> import bitdoku
>>> r = bitdoku.solve(["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"])
>>> r.solutions[0]
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
>>> bitdoku.status_names(r.status)
['solved']

Files: :func:`read` takes bitdoku's lines, the hardest lists' ``PUZZLE;ER;EP;ED;...`` lines and
CSV with a header (Kaggle's ``quizzes,solutions``; columns ``puzzle``, ``question``, ...), as
``bitdoku solve`` does, gzip or xz compressed or not.
"""

from __future__ import annotations

import gzip
import json
import lzma
import os
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _bitdoku
from ._bitdoku import INVALID, MULTIPLE, NO_SOLUTION, SOLVED, STUCK

__version__: str = _bitdoku.__version__

__all__ = [
    "SOLVED",
    "NO_SOLUTION",
    "MULTIPLE",
    "INVALID",
    "STUCK",
    "STATUS_NAMES",
    "status_names",
    "solve",
    "count",
    "rate",
    "guesses",
    "check",
    "classify",
    "generate",
    "canon",
    "shuffle",
    "hint",
    "steps",
    "trace",
    "explain_html",
    "svg",
    "read",
    "to_strings",
    "to_array",
    "Solutions",
    "Counts",
    "Ratings",
    "Guesses",
    "Checks",
    "Classifications",
    "Transformed",
    "Generated",
    "Puzzles",
]

#: The name of each status code (index = code): the ``status`` words of ``bitdoku solve --json``.
STATUS_NAMES: Tuple[str, ...] = ("solved", "no_solution", "multiple_solutions", "invalid", "stuck")

Batch = Union[np.ndarray, Sequence[str], Iterable[str]]
OnePuzzle = Union[str, np.ndarray, Sequence[int]]


class Solutions(NamedTuple):
    """What :func:`solve` returns."""

    #: ``(N, 81)`` uint8 array (zeros where unsolved) or list of 81-digit strings (``None``).
    solutions: Any
    #: ``(N,)`` uint8 status codes.
    status: np.ndarray
    #: row -> message for rows that are not puzzles.
    errors: Dict[int, str]


class Counts(NamedTuple):
    """What :func:`count` returns."""

    #: ``(N,)`` uint32: solutions counted, up to ``limit`` (``limit`` means "at least").
    counts: np.ndarray
    #: ``(N,)`` uint8 status codes (``SOLVED`` = exactly one solution).
    status: np.ndarray
    #: row -> message for rows that are not puzzles.
    errors: Dict[int, str]


class Ratings(NamedTuple):
    """What :func:`rate` returns (the numbers ``bitdoku rate`` prints)."""

    #: HoDoKu level per row (``easy`` ... ``extreme``; ``""`` when not rated).
    level: List[str]
    #: ``(N,)`` uint32 HoDoKu score.
    score: np.ndarray
    #: ``(N,)`` float64 Sudoku Explainer ER (20.0 = no logical solution found).
    er: np.ndarray
    #: ``(N,)`` float64 SE EP.
    ep: np.ndarray
    #: ``(N,)`` float64 SE ED.
    ed: np.ndarray
    #: ``(N,)`` bool: the HoDoKu path needed brute force (``bf``).
    fallback: np.ndarray
    #: ``(N,)`` uint8 status codes (``STUCK`` when ER is 20.0).
    status: np.ndarray
    #: row -> message for rows that are not puzzles.
    errors: Dict[int, str]


class Guesses(NamedTuple):
    """What :func:`guesses` returns (``bitdoku rate --format '%G'``'s ``MEAN/MAX``)."""

    #: ``(N,)`` float64: mean number of guesses over the isomorphs.
    mean: np.ndarray
    #: ``(N,)`` uint64: the most guesses any one isomorph needed.
    max: np.ndarray
    #: ``(N,)`` uint8 status codes (``SOLVED``: one solution).
    status: np.ndarray
    #: row -> message for rows that are not puzzles.
    errors: Dict[int, str]


class Checks(NamedTuple):
    """What :func:`check` returns."""

    #: ``(N,)`` uint8: how logic ended (``SOLVED``, ``STUCK``, ...).
    status: np.ndarray
    #: ``(N,)`` uint64: steps verified against the brute-force solutions.
    steps: np.ndarray
    #: row -> unsound steps found (empty when every step was sound).
    problems: Dict[int, List[str]]
    #: row -> message for rows that are not puzzles.
    errors: Dict[int, str]


class Classifications(NamedTuple):
    """What :func:`classify` returns (the measures ``bitdoku classify`` prints).

    Each measure is an ``(N,)`` int16 array holding the value, or ``-1`` where it was not
    computed: not asked for, not defined at the puzzle's T&E depth (W and B for TE 0-1, BxB
    for TE 2, BxBB for TE 3), no unique solution, or cut short (then ``cut`` has its bound).
    """

    #: ``(N,)`` int16 T&E depth (BRT trials).
    te: np.ndarray
    #: ``(N,)`` int16 whip rating.
    w: np.ndarray
    #: ``(N,)`` int16 braid rating.
    b: np.ndarray
    #: ``(N,)`` int16 BxB.
    bxb: np.ndarray
    #: ``(N,)`` int16 BxBB.
    bxbb: np.ndarray
    #: row -> {measure: n} for measures cut short by the budget or ``max_length``:
    #: ``{4: {"b": 7}}`` is the CLI's ``B>7`` (chains of length 7 do not solve it).
    cut: Dict[int, Dict[str, int]]
    #: ``(N,)`` float64 wall seconds per row (the CLI's JSON ``seconds``).
    seconds: np.ndarray
    #: ``(N,)`` uint8 status codes (``SOLVED`` = classified, ``STUCK`` = a measure was cut).
    status: np.ndarray
    #: row -> message for rows that are not puzzles.
    errors: Dict[int, str]

    def row(self, i: int) -> Dict[str, Any]:
        """Row ``i`` as the measure fields of ``bitdoku classify --json``: ``status``
        (``classified``, ``over_budget``, or the status word of a row not classified) and the
        measures computed, numbers, or ``">n"`` for a cut one."""
        st = int(self.status[i])
        out: Dict[str, Any] = {
            "status": {SOLVED: "classified", STUCK: "over_budget"}.get(st, STATUS_NAMES[st])
        }
        cut = self.cut.get(i, {})
        for name in ("te", "w", "b", "bxb", "bxbb"):
            v = int(getattr(self, name)[i])
            if v >= 0:
                out[name] = v
            elif name in cut:
                out[name] = f">{cut[name]}"
        return out


class Transformed(NamedTuple):
    """What :func:`canon` and :func:`shuffle` return."""

    #: The transformed puzzles, same kind as the input (``None`` / zeros for bad rows).
    puzzles: Any
    #: ``(N,)`` uint8 status codes (``SOLVED`` = done, ``INVALID`` = not a puzzle).
    status: np.ndarray
    #: row -> message for rows that are not puzzles.
    errors: Dict[int, str]


class Generated(NamedTuple):
    """What :func:`generate` returns."""

    #: ``(count, 81)`` uint8 puzzles (zeros where the target was not met in time).
    puzzles: np.ndarray
    #: ``(count, 81)`` uint8 solutions.
    solutions: np.ndarray
    #: ``(count,)`` uint8: ``SOLVED``, or ``STUCK`` when the timeout passed first.
    status: np.ndarray
    #: ``(count,)`` uint64: candidates tried for each puzzle.
    tries: np.ndarray


class Puzzles(NamedTuple):
    """What :func:`read` returns."""

    #: ``(N, 81)`` uint8 array, or (``as_strings=True``) the puzzle fields as strings.
    puzzles: Any
    #: ``(N,)`` uint64: each puzzle's 1-based line number in the file.
    lines: np.ndarray
    #: line number -> message for lines that are not puzzles.
    errors: Dict[int, str]
    #: Header lines skipped (CSV).
    headers: int
    #: The format read: ``lines``, ``list`` or ``csv``.
    format: str


def status_names(status: Iterable[int]) -> List[str]:
    """The status words (``solved``, ``no_solution``, ...) of status codes."""
    return [STATUS_NAMES[int(s)] for s in status]


def _batch(puzzles: Batch) -> Any:
    """Checks and normalises a batch: arrays to C-contiguous ``uint8`` ``(N, 81)``."""
    if isinstance(puzzles, str):
        raise ValueError("puzzles: expected a list of strings or an (N, 81) array, got one str (wrap it in a list)")
    if isinstance(puzzles, np.ndarray):
        a = puzzles
        if a.ndim == 1 and a.shape[0] == 81:
            raise ValueError("puzzles: one puzzle of shape (81,); use a.reshape(1, 81) for a batch")
        if a.ndim != 2 or a.shape[1] != 81:
            raise ValueError(f"puzzles: expected an array of shape (N, 81), got {a.shape}")
        if a.dtype != np.uint8:
            if a.dtype.kind not in "iub":
                raise ValueError(f"puzzles: expected integer values 0-9, got dtype {a.dtype}")
            bad = np.flatnonzero(((a < 0) | (a > 9)).any(axis=1))
            if bad.size:
                row = int(bad[0])
                cell = int(np.flatnonzero((a[row] < 0) | (a[row] > 9))[0])
                raise ValueError(
                    f"row {row}: cell {cell} holds {a[row, cell]} (expected 0 for empty or a digit 1-9)"
                )
            a = a.astype(np.uint8)
        return np.ascontiguousarray(a)
    if isinstance(puzzles, (list, tuple)):
        return puzzles
    return list(puzzles)


def _one(puzzle: OnePuzzle) -> str:
    """One puzzle as a line: a string as it is, 81 values as digits."""
    if isinstance(puzzle, str):
        return puzzle
    a = np.asarray(puzzle)
    if a.shape != (81,):
        raise ValueError(f"puzzle: expected a string or 81 values, got shape {a.shape}")
    if a.dtype.kind not in "iub" or ((a < 0) | (a > 9)).any():
        raise ValueError("puzzle: values must be 0 (empty) to 9")
    return "".join("0123456789"[int(v)] for v in a)


def solve(
    puzzles: Batch,
    *,
    threads: int = 0,
    logic: bool = False,
    fallback: bool = True,
    order: Optional[str] = None,
) -> Solutions:
    """Solves every puzzle, like ``bitdoku solve``.

    By default by brute force (the fastest way to a unique solution); with ``logic=True`` (or
    an ``order``) with the technique engine, falling back to search when logic stalls unless
    ``fallback=False`` (then such rows are ``STUCK``). A row solves when it has exactly one
    solution; ``NO_SOLUTION`` and ``MULTIPLE`` rows get no solution.
    """
    s, st, e = _bitdoku.solve(_batch(puzzles), threads, logic, fallback, order)
    return Solutions(s, st, e)


def count(puzzles: Batch, *, limit: int = 2, threads: int = 0) -> Counts:
    """Counts the solutions of every puzzle up to ``limit`` (default 2: none, one, several)."""
    c, st, e = _bitdoku.count(_batch(puzzles), limit, threads)
    return Counts(c, st, e)


def rate(puzzles: Batch, *, threads: int = 0, order: Optional[str] = None) -> Ratings:
    """Rates every puzzle as ``bitdoku rate`` does: HoDoKu level and score (technique engine,
    ``order``, default ``hodoku``) and Sudoku Explainer's ER/EP/ED (the SE model).

    Puzzles without a unique solution are not rated (status ``NO_SOLUTION`` / ``MULTIPLE``,
    zeros); a puzzle logic cannot finish has ER 20.0 and status ``STUCK``.
    """
    lv, sc, er, ep, ed, fb, st, e = _bitdoku.rate(_batch(puzzles), threads, order)
    return Ratings(lv, sc, er, ep, ed, fb, st, e)


def guesses(puzzles: Batch, *, isomorphs: int = 256, seed: int = 0, threads: int = 0) -> Guesses:
    """The guess-count rating of every puzzle, as ``bitdoku rate --format '%G'`` gives it: the
    mean and the largest number of guesses the brute-force solver (counting to 2 solutions)
    needs over ``isomorphs`` random isomorphs of the puzzle, drawn with ``seed`` from its
    minlex form, so that every isomorph of a puzzle gets the same rating. The default (256
    isomorphs, seed 0) is the CLI's; at it the mean of nine puzzles in ten is stable to 5%
    between seeds (see the README's "Guess-count rating"). A puzzle propagation alone solves
    rates 0.0 / 0.

    Every puzzle is rated, as the CLI rates it, whatever its number of solutions (the solver
    counts to 2 on each isomorph); ``status`` says ``SOLVED``, ``NO_SOLUTION`` or ``MULTIPLE``.
    Candidate grids are ``INVALID`` rows (``errors`` says why). ``isomorphs``: 1 to 1,048,576.
    """
    mean, mx, st, e = _bitdoku.guesses(_batch(puzzles), isomorphs, seed, threads)
    return Guesses(mean, mx, st, e)


def check(puzzles: Batch, *, threads: int = 0, order: Optional[str] = None) -> Checks:
    """Solves with logic and checks every step against the brute-force solutions (``bitdoku check``)."""
    st, k, p, e = _bitdoku.check(_batch(puzzles), threads, order)
    return Checks(st, k, p, e)


def classify(
    puzzles: Batch,
    *,
    measures: Union[str, Sequence[str]] = "te,w,b,bxb,bxbb",
    threads: int = 0,
    time_limit: Optional[float] = None,
    max_units: Optional[int] = None,
    max_length: int = 30,
) -> Classifications:
    """Berthier's classification of every puzzle, as ``bitdoku classify`` gives it: the T&E
    depth, then W and B (T&E(0) and T&E(1) puzzles), BxB (T&E(2)) or BxBB (T&E(3)).

    ``measures``: ``"te,w,b"`` or ``["te", "w", "b"]`` (the T&E depth is always computed,
    since it says which rating applies; ``te`` in the list reports it). ``time_limit``
    (seconds of wall clock) and ``max_units`` (deterministic work units: trials plus
    chain-search nodes) bound each puzzle; ``max_length`` is the longest whip or braid tried
    and the largest p of BxB and BxBB. A measure cut short is in ``cut`` and its row is
    ``STUCK``; the other rows go on. Puzzles without a unique solution are ``NO_SOLUTION`` /
    ``MULTIPLE`` with ``-1`` everywhere. Rows take milliseconds to seconds each (B 10-12
    puzzles, BxB, BxBB): they are spread over ``threads`` workers one by one.
    """
    if not isinstance(measures, str):
        measures = ",".join(measures)
    if max_units is not None and max_units < 0:
        raise ValueError("max_units: must be 0 or more")
    te, w, b, bxb, bxbb, cut, secs, st, e = _bitdoku.classify(
        _batch(puzzles), measures, threads, time_limit, max_units, max_length
    )
    return Classifications(te, w, b, bxb, bxbb, cut, secs, st, e)


def canon(puzzles: Batch, *, threads: int = 0) -> Transformed:
    """The minlex canonical form of every puzzle (``bitdoku canon``)."""
    p, st, e = _bitdoku.canon(_batch(puzzles), threads)
    return Transformed(p, st, e)


def shuffle(puzzles: Batch, *, seed: int = 1, threads: int = 0) -> Transformed:
    """A random isomorph of every puzzle; row ``i`` is shuffled as ``bitdoku shuffle --seed``
    shuffles line ``i + 1``, so the results do not depend on ``threads``."""
    p, st, e = _bitdoku.shuffle(_batch(puzzles), seed, threads)
    return Transformed(p, st, e)


def generate(
    count: int,
    *,
    seed: int = 1,
    threads: int = 0,
    symmetry: str = "none",
    givens_max: Optional[int] = None,
    level: Optional[str] = None,
    score: Optional[Tuple[int, int]] = None,
    se: Optional[Tuple[float, float]] = None,
    require: Optional[Sequence[str]] = None,
    forbid: Optional[Sequence[str]] = None,
    order: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Generated:
    """Generates ``count`` minimal puzzles with a unique solution (``bitdoku generate``).

    Puzzle ``i`` depends only on ``(seed, i)``: the same seed gives the same puzzles as the CLI,
    whatever ``threads``. Targets: ``symmetry`` (none, central, diagonal, antidiagonal, mirror,
    flip), ``givens_max``, HoDoKu ``level`` or ``score`` range, SE ER range ``se``, technique ids
    that must (``require``) or must not (``forbid``) appear on the path. With ``timeout``
    (seconds), puzzles not found in time have status ``STUCK``.
    """
    if count < 0:
        raise ValueError("count: must be 0 or more")
    p, s, st, t = _bitdoku.generate(
        count,
        seed,
        threads,
        symmetry,
        givens_max,
        level,
        score,
        se,
        list(require) if require is not None else None,
        list(forbid) if forbid is not None else None,
        order,
        timeout,
    )
    return Generated(p, s, st, t)


def hint(puzzle: OnePuzzle, *, order: Optional[str] = None) -> Dict[str, Any]:
    """The next logical step, as the object ``bitdoku hint --json`` prints: ``puzzle``,
    ``status`` (``step``, ``solved``, ``no_solution``, ``no_step``), ``step`` (a step dict, or
    ``None``) and ``error`` when there is no step."""
    return json.loads(_bitdoku.hint(_one(puzzle), order))


def trace(puzzle: OnePuzzle, *, order: Optional[str] = None) -> Dict[str, Any]:
    """The whole logical path: ``puzzle``, ``status``, ``solution``, ``fallback`` (brute force
    finished it) and ``steps`` (step dicts, the fields of ``bitdoku solve --json --trace``)."""
    return json.loads(_bitdoku.steps(_one(puzzle), order))


def steps(puzzle: OnePuzzle, *, order: Optional[str] = None) -> List[Dict[str, Any]]:
    """The steps of the logical path, each a dict with the JSON fields (``technique``,
    ``placements``, ``eliminations``, ``explanation``, and ``cells``, ``chain``, ``als``,
    ``proof`` where they apply). See :func:`trace` for the status."""
    return trace(puzzle, order=order)["steps"]


def explain_html(puzzles: Union[OnePuzzle, Sequence[str]], *, order: Optional[str] = None) -> str:
    """The self-contained HTML page of ``bitdoku explain`` for one puzzle or a list."""
    if isinstance(puzzles, str) or (isinstance(puzzles, np.ndarray) and puzzles.ndim == 1):
        lines = [_one(puzzles)]
    elif isinstance(puzzles, np.ndarray):
        lines = to_strings(_batch(puzzles))
    else:
        lines = [_one(p) for p in puzzles]
    return _bitdoku.explain_html(lines, order)


def svg(puzzle: OnePuzzle, *, step: Optional[int] = None, order: Optional[str] = None) -> str:
    """An SVG diagram: of the next step (``step=None``) or of step ``step`` (0-based) of the
    logical path, drawn on the grid before it. Shows inline in Jupyter via
    ``IPython.display.SVG``."""
    return _bitdoku.svg(_one(puzzle), step, order)


def read(
    source: Union[str, os.PathLike, bytes],
    *,
    input_format: str = "auto",
    column: Optional[str] = None,
    as_strings: bool = False,
) -> Puzzles:
    """Reads a puzzle file (a path, or its bytes) as ``bitdoku solve`` reads it.

    Formats (``input_format``): ``auto`` (detected from the first line that is not blank or a
    comment), ``lines`` (bitdoku's own), ``list`` (the hardest lists' ``PUZZLE;ER;EP;ED;...``)
    or ``csv`` (a header line naming the columns: the puzzle column is ``column`` (a name or a
    1-based number), else the one named puzzle, quizzes, quiz, question, sudoku, grid or
    givens, else the first). The header is skipped and counted. Gzip and xz are recognised.
    Blank and comment lines are skipped; lines that are not puzzles go to ``errors``.
    """
    if isinstance(source, bytes):
        data = source
    else:
        with open(source, "rb") as f:
            data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    elif data[:6] == b"\xfd7zXZ\x00":
        data = lzma.decompress(data)
    p, lines, errors, headers, fmt = _bitdoku.read_bytes(data, input_format, column, as_strings)
    return Puzzles(p, lines, errors, headers, fmt)


def to_strings(puzzles: np.ndarray, *, empty: str = ".") -> List[str]:
    """An ``(N, 81)`` array as 81-character strings (``empty`` for 0)."""
    a = np.ascontiguousarray(np.asarray(puzzles, dtype=np.uint8))
    if a.ndim != 2 or a.shape[1] != 81:
        raise ValueError(f"expected an array of shape (N, 81), got {a.shape}")
    table = np.frombuffer((empty[:1] + "123456789").encode(), dtype=np.uint8)
    text = table[a].tobytes().decode("ascii")
    return [text[i : i + 81] for i in range(0, len(text), 81)]


def to_array(puzzles: Sequence[str]) -> np.ndarray:
    """81-character strings as an ``(N, 81)`` uint8 array (raises ``ValueError`` naming a row
    that is not a puzzle; see :func:`read` for files)."""
    r = _bitdoku.read_bytes("\n".join(puzzles).encode(), "lines", None, False)
    if r[2]:
        line, message = next(iter(r[2].items()))
        raise ValueError(f"row {line - 1}: {message.split(': ', 1)[1]}")
    if len(r[1]) != len(puzzles):
        raise ValueError("a row is blank or a comment")
    return r[0]
