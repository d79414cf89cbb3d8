"""Type stubs of the native module (python/native): the tuples the public functions of
`bitdoku` wrap into named results. Arrays are numpy arrays; `Batch` is an `(N, 81)` uint8
array or a list of strings."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str
SOLVED: int
NO_SOLUTION: int
MULTIPLE: int
INVALID: int
STUCK: int

Batch = Union[npt.NDArray[np.uint8], Sequence[str]]
Grids = Union[npt.NDArray[np.uint8], List[Optional[str]]]

def solve(
    puzzles: Batch, threads: int = 0, logic: bool = False, fallback: bool = True, order: Optional[str] = None
) -> Tuple[Grids, npt.NDArray[np.uint8], Dict[int, str]]: ...
def count(
    puzzles: Batch, limit: int = 2, threads: int = 0
) -> Tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint8], Dict[int, str]]: ...
def rate(
    puzzles: Batch, threads: int = 0, order: Optional[str] = None
) -> Tuple[
    List[str],
    npt.NDArray[np.uint32],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.bool_],
    npt.NDArray[np.uint8],
    Dict[int, str],
]: ...
def check(
    puzzles: Batch, threads: int = 0, order: Optional[str] = None
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint64], Dict[int, List[str]], Dict[int, str]]: ...
def guesses(
    puzzles: Batch, isomorphs: int = 256, seed: int = 0, threads: int = 0
) -> Tuple[npt.NDArray[np.float64], npt.NDArray[np.uint64], npt.NDArray[np.uint8], Dict[int, str]]: ...
def classify(
    puzzles: Batch,
    measures: str = "te,w,b,bxb,bxbb",
    threads: int = 0,
    time_limit: Optional[float] = None,
    max_units: Optional[int] = None,
    max_length: int = 30,
) -> Tuple[
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    Dict[int, Dict[str, int]],
    npt.NDArray[np.float64],
    npt.NDArray[np.uint8],
    Dict[int, str],
]: ...
def canon(puzzles: Batch, threads: int = 0) -> Tuple[Grids, npt.NDArray[np.uint8], Dict[int, str]]: ...
def shuffle(puzzles: Batch, seed: int = 1, threads: int = 0) -> Tuple[Grids, npt.NDArray[np.uint8], Dict[int, str]]: ...
def generate(
    count: int,
    seed: int = 1,
    threads: int = 0,
    symmetry: str = "none",
    givens_max: Optional[int] = None,
    level: Optional[str] = None,
    score: Optional[Tuple[int, int]] = None,
    se: Optional[Tuple[float, float]] = None,
    require: Optional[List[str]] = None,
    forbid: Optional[List[str]] = None,
    order: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint64]]: ...
def read_bytes(
    data: bytes, input_format: str = "auto", column: Optional[str] = None, as_strings: bool = False
) -> Tuple[Any, npt.NDArray[np.uint64], Dict[int, str], int, str]: ...
def hint(puzzle: str, order: Optional[str] = None) -> str: ...
def steps(puzzle: str, order: Optional[str] = None) -> str: ...
def explain_html(puzzles: List[str], order: Optional[str] = None) -> str: ...
def svg(puzzle: str, step: Optional[int] = None, order: Optional[str] = None) -> str: ...
