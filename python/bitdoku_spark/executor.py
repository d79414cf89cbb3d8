"""The executor side: run one partition of numbered lines through the bitdoku binary.

`PartitionRunner` is what the driver hands to `RDD.mapPartitions`. It is a small picklable
object (binary location, command, options, accumulators), so the executors need nothing but
this package (the driver ships it with `SparkContext.addPyFile`) and the binary.

Streaming: a writer thread feeds bitdoku's standard input (padding, then the partition's lines)
while the task thread reads bitdoku's standard output and yields it line by line, so memory
stays flat however large the partition is, as in `RDD.pipe`.

Failures: bitdoku exits 0 (every puzzle solved) or 1 (some were not: the `error:` lines are in
the output). Anything else (a crash, a kill, exit 2) raises an exception, so Spark fails the
task attempt and runs it again. Lines an attempt yielded before it failed are not lost or
doubled: `saveAsTextFile` writes each attempt to a temporary file and only the attempt that
succeeds is committed.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
from collections import deque
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple

from .lines import is_line_aligned, is_puzzle_line, padding_blocks

# How many bytes of bitdoku's standard error to quote when it fails.
STDERR_TAIL_BYTES = 4000


class BitdokuFailed(RuntimeError):
    """bitdoku failed on a partition (crashed, was killed, or rejected its arguments)."""


class BinaryLocation:
    """Where the executors find the bitdoku binary.

    Two ways, see the README:
    - ``shipped``: the driver shipped the file with ``SparkContext.addFile`` (what
      ``--ship PATH`` does) or ``spark-submit --files PATH`` did; executors ask
      ``SparkFiles.get(name)``;
    - ``node``: an absolute path (or a name on ``PATH``) that exists on every node.
    """

    def __init__(self, kind: str, value: str) -> None:
        if kind not in ("shipped", "node"):
            raise ValueError(f"unknown binary location kind {kind!r}")
        self.kind = kind
        self.value = value

    def __repr__(self) -> str:
        return f"BinaryLocation({self.kind!r}, {self.value!r})"

    def resolve(self) -> str:
        """The path of an executable bitdoku on this node; raises `BitdokuFailed` if none."""
        host = socket.gethostname()
        if self.kind == "shipped":
            from pyspark import SparkFiles

            path = SparkFiles.get(self.value)
            if not os.path.isfile(path):
                raise BitdokuFailed(
                    f"on {host}: shipped bitdoku binary {self.value!r} not found at {path} "
                    "(was it passed with --ship or spark-submit --files?)"
                )
            return _ensure_executable(path)
        path = self.value if os.sep in self.value else shutil.which(self.value)
        if not path or not os.path.isfile(path):
            raise BitdokuFailed(
                f"on {host}: bitdoku binary {self.value!r} not found on this node "
                "(with --bitdoku the path must exist on every node; use --ship to send it)"
            )
        if not os.access(path, os.X_OK):
            raise BitdokuFailed(f"on {host}: {path} is not executable")
        return path


def _ensure_executable(path: str) -> str:
    """``path`` if it can be executed, else an executable copy of it (same directory if
    possible): some Spark versions and file systems drop the executable bit on shipped files."""
    if os.access(path, os.X_OK):
        return path
    try:
        os.chmod(path, os.stat(path).st_mode | 0o755)
        if os.access(path, os.X_OK):
            return path
    except OSError:
        pass
    fd, copy = tempfile.mkstemp(prefix="bitdoku-", dir=tempfile.gettempdir())
    os.close(fd)
    shutil.copyfile(path, copy)
    os.chmod(copy, 0o755)
    return copy


class PartitionRunner:
    """Runs ``bitdoku COMMAND ARGS`` over one partition of ``(index, line)`` pairs.

    The pairs must be in increasing index order and contiguous (a range of the input);
    ``index`` is the 0-based position of the line in the whole input. The runner yields
    bitdoku's output lines (without line endings).

    ``counters`` is an optional dict of Spark accumulators (``puzzles``, ``output_lines``,
    ``error_lines``, ``unsolved_partitions``) for the driver's summary.
    """

    def __init__(
        self,
        binary: BinaryLocation,
        command: str,
        args: Sequence[str],
        counters: Optional[dict] = None,
    ) -> None:
        self.binary = binary
        self.command = command
        self.args = list(args)
        self.counters = counters or {}
        self.aligned = is_line_aligned(command, args)

    def __call__(self, pairs: Iterable[Tuple[int, str]]) -> Iterator[str]:
        pairs = iter(pairs)
        first = next(pairs, None)
        if first is None:
            return
        exe = self.binary.resolve()
        argv = [exe, self.command, *self.args]
        stderr = tempfile.TemporaryFile()
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        feeder = _Feeder(proc.stdin, first, pairs)
        feeder.start()
        outputs = errors = 0
        try:
            for raw in proc.stdout:
                line = raw.rstrip(b"\n").decode("utf-8", "replace")
                outputs += 1
                if line.startswith("error:"):
                    errors += 1
                yield line
        finally:
            # Also reached when Spark stops consuming early (the task was cancelled).
            proc.stdout.close()
            code = proc.wait()
            feeder.join()
        where = f"lines {first[0] + 1}..{feeder.last_index + 1}"
        if code not in (0, 1):
            raise BitdokuFailed(_failure(argv, code, where, stderr))
        if feeder.error is not None:
            raise BitdokuFailed(f"{where}: cannot feed bitdoku: {feeder.error}")
        if self.aligned and outputs != feeder.puzzles:
            raise BitdokuFailed(
                f"{where}: bitdoku wrote {outputs} lines for {feeder.puzzles} puzzle lines; "
                "the output would not be aligned with the input"
            )
        self._count(feeder.puzzles, outputs, errors, code)

    def _count(self, puzzles: int, outputs: int, errors: int, code: int) -> None:
        c = self.counters
        if "puzzles" in c:
            c["puzzles"].add(puzzles)
        if "output_lines" in c:
            c["output_lines"].add(outputs)
        if "error_lines" in c:
            c["error_lines"].add(errors)
        # A partition without puzzle lines says nothing about the run (`check` exits 1 on
        # such a partition because it verified no step).
        if "unsolved_partitions" in c and code == 1 and puzzles > 0:
            c["unsolved_partitions"].add(1)


class _Feeder(threading.Thread):
    """Writes the padding and the partition's lines to bitdoku's standard input.

    Runs beside the task thread, which reads bitdoku's output; doing both in one thread would
    deadlock once both pipes are full.
    """

    def __init__(self, stdin, first: Tuple[int, str], rest: Iterator[Tuple[int, str]]) -> None:
        super().__init__(daemon=True, name="bitdoku-feeder")
        self.stdin = stdin
        self.first = first
        self.rest = rest
        self.puzzles = 0
        self.last_index = first[0]
        self.error: Optional[BaseException] = None

    def run(self) -> None:
        try:
            for block in padding_blocks(self.first[0]):
                self.stdin.write(block)
            expected = self.first[0]
            batch: List[bytes] = []
            for index, line in _chain(self.first, self.rest):
                if index != expected:
                    raise ValueError(f"line index {index} where {expected} was expected")
                expected += 1
                self.last_index = index
                if is_puzzle_line(line):
                    self.puzzles += 1
                batch.append(line.encode("utf-8"))
                batch.append(b"\n")
                if len(batch) >= 8192:
                    self.stdin.write(b"".join(batch))
                    batch.clear()
            self.stdin.write(b"".join(batch))
        except BrokenPipeError:
            pass  # bitdoku exited early; its exit status tells why
        except BaseException as e:  # reported by the task thread
            self.error = e
        finally:
            try:
                self.stdin.close()
            except OSError:
                pass


def _chain(first, rest):
    yield first
    yield from rest


def _failure(argv: Sequence[str], code: int, where: str, stderr) -> str:
    """The message for a bitdoku run that did not exit 0 or 1."""
    stderr.seek(0)
    tail = deque(stderr.read().decode("utf-8", "replace").splitlines(), maxlen=20)
    how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
    text = "\n".join(tail) or "(nothing on standard error)"
    return f"on {socket.gethostname()}, {where}: `{' '.join(argv)}` {how}:\n{text}"
