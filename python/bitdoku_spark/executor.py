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
    """Runs ``bitdoku COMMAND ARGS`` over one partition of blocks of lines.

    A block is ``(start, lines)``: consecutive input lines, ``start`` being the 0-based
    position of the first in the whole input. A partition's blocks must follow each other
    without gaps (a range of the input). The runner yields bitdoku's output in chunks of whole
    lines joined by ``\n`` (no final newline): `saveAsTextFile` writes each chunk followed by
    a newline, which is the same bytes as writing its lines one by one, at a fraction of the
    cost per line.

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

    def __call__(self, blocks: Iterable[Tuple[int, List[str]]]) -> Iterator[str]:
        blocks = iter(blocks)
        first = next(blocks, None)
        if first is None:
            return
        exe = self.binary.resolve()
        argv = [exe, self.command, *self.args]
        stderr = tempfile.TemporaryFile()
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        feeder = _Feeder(proc.stdin, first, blocks)
        feeder.start()
        outputs = errors = 0
        try:
            for chunk in _whole_lines(proc.stdout):
                outputs += chunk.count("\n") + 1
                errors += chunk.startswith("error:") + chunk.count("\nerror:")
                yield chunk
        finally:
            # Also reached when Spark stops consuming early (the task was cancelled).
            proc.stdout.close()
            code = proc.wait()
            feeder.join()
            failure = _failure(argv, code, stderr) if code not in (0, 1) else None
            stderr.close()
        where = f"lines {first[0] + 1}..{feeder.next_index}"
        if failure:
            raise BitdokuFailed(f"on {socket.gethostname()}, {where}: {failure}")
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


def _whole_lines(stream, size: int = 1 << 16) -> Iterator[str]:
    """Reads ``stream`` to its end and yields its text in chunks of whole lines, joined by
    ``\n`` without the last one. (A newline never falls inside a UTF-8 character, so cutting
    there never splits one.) Text after the last newline, if any, comes last."""
    rest = b""
    while True:
        data = stream.read1(size) if hasattr(stream, "read1") else stream.read(size)
        if not data:
            break
        data = rest + data
        cut = data.rfind(b"\n")
        if cut < 0:
            rest = data
            continue
        rest = data[cut + 1 :]
        yield data[:cut].decode("utf-8", "replace")
    if rest:
        yield rest.decode("utf-8", "replace")


class _Feeder(threading.Thread):
    """Writes the padding and the partition's lines to bitdoku's standard input.

    Runs beside the task thread, which reads bitdoku's output; doing both in one thread would
    deadlock once both pipes are full.
    """

    def __init__(self, stdin, first: Tuple[int, List[str]], rest: Iterator[Tuple[int, List[str]]]) -> None:
        super().__init__(daemon=True, name="bitdoku-feeder")
        self.stdin = stdin
        self.first = first
        self.rest = rest
        self.puzzles = 0
        self.next_index = first[0]  # the 0-based index of the next line expected
        self.error: Optional[BaseException] = None

    def run(self) -> None:
        try:
            for block in padding_blocks(self.first[0]):
                self.stdin.write(block)
            for start, lines in _chain(self.first, self.rest):
                if start != self.next_index:
                    raise ValueError(f"a block starts at line {start + 1}, not {self.next_index + 1}")
                self.next_index += len(lines)
                self.puzzles += sum(map(is_puzzle_line, lines))
                if lines:
                    self.stdin.write(("\n".join(lines) + "\n").encode("utf-8"))
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


def _failure(argv: Sequence[str], code: int, stderr) -> str:
    """What went wrong with a bitdoku run that did not exit 0 or 1, with its last words."""
    stderr.seek(0, os.SEEK_END)
    stderr.seek(max(0, stderr.tell() - STDERR_TAIL_BYTES))
    tail = stderr.read().decode("utf-8", "replace").strip() or "(nothing on standard error)"
    how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
    return f"`{' '.join(argv)}` {how}:\n{tail}"
