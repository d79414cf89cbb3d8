"""The driver side: read the input, number its lines, cut it into ranges, run bitdoku on each
range on the executors, write the output in input order.

The steps, for ``bitdoku-spark solve INPUT OUTPUT``:

1. ``sc.textFile(INPUT)``: any Hadoop URI (``file:``, ``hdfs:``, ``s3a:``...), plain or
   compressed (``.gz``, ``.bz2``; a ``.gz`` file is read as one partition). Hadoop ends lines at
   ``\\n``, ``\\r\\n`` and a lone ``\\r``, exactly as bitdoku does.
2. Line numbers: one pass counts the lines of each input partition; partition ``p``'s lines
   are then numbered from the sum of the sizes before it. That is what ``RDD.zipWithIndex``
   does (it runs the same counting job internally); doing it by hand gives the total for free.
   The numbered lines travel in blocks of up to 1,024, ``(index of the first line, [lines])``:
   one record per block, not per line, through the shuffle and into Python.
3. Ranges: if the input has fewer partitions than wanted (a single ``.gz`` file, say), the
   blocks are shuffled into equal contiguous ranges with
   ``repartitionAndSortWithinPartitions``; otherwise the input partitions are used as they
   are (they already are contiguous ranges, in order).
4. ``mapPartitions`` with `executor.PartitionRunner`: bitdoku gets the range, after as many
   empty lines as come before it, so its line numbers are the whole file's (see `lines`).
5. ``saveAsTextFile(OUTPUT)``: part files in partition order; their concatenation is the
   one-machine output, byte for byte. For ``check``, the per-range summary lines are merged
   into one, written last.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import zipfile
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from .executor import BinaryLocation, PartitionRunner
from .lines import has_option, is_check_summary, merge_check_summaries, refused_option

APP_NAME = "bitdoku-spark"
JOB_GROUP = "bitdoku-spark"
LOCAL_MASTER = "local[*,4]"
# Lines per record between the input and the runner (see `_blocks`).
BLOCK_LINES = 1024


class UsageError(Exception):
    """A problem with the command line or the environment, found before any work is done."""


@dataclass
class JobConfig:
    """Everything one run needs (what the command line says)."""

    command: str
    input: str
    output: str
    bitdoku_args: List[str] = field(default_factory=list)
    # Exactly one of `ship` (a driver-local file sent with addFile), `shipped_name` (a file
    # sent with spark-submit --files) and `node_path` (present on every node) is used.
    ship: Optional[str] = None
    shipped_name: Optional[str] = None
    node_path: Optional[str] = None
    partitions: Optional[int] = None
    lines_per_partition: int = 10_000
    master: Optional[str] = None
    conf: Dict[str, str] = field(default_factory=dict)
    overwrite: bool = False
    merge_to: Optional[str] = None
    compress: bool = False


@dataclass
class JobResult:
    """What a run did, for the summary and the exit status."""

    input_lines: int
    partitions: int
    puzzles: int
    output_lines: int
    error_lines: int
    unsolved_partitions: int
    failed_task_attempts: Optional[int]
    seconds: float  # from the SparkContext's start to the end
    counting_seconds: float  # the pass that counts lines per partition (executors start then)
    solving_seconds: float  # the job that runs bitdoku and writes the output
    exit_status: int


def run(cfg: JobConfig, log=print) -> JobResult:
    """Runs the job described by ``cfg`` and returns its result; raises `UsageError` early on
    a bad command line or environment."""
    problem = refused_option(cfg.bitdoku_args)
    if problem:
        raise UsageError(problem)
    _check_local_paths(cfg)
    binary, local_binary = _binary_location(cfg)
    args = list(cfg.bitdoku_args)
    if local_binary:
        _validate_arguments(local_binary, cfg.command, args)

    from pyspark import SparkConf, SparkContext

    # Executors on this machine must run the driver's Python (the one with pyspark); on a
    # cluster, PYSPARK_PYTHON or spark.pyspark.python set by the user wins.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    conf = SparkConf().setAppName(APP_NAME)
    if cfg.master:
        conf.setMaster(cfg.master)
    elif not conf.contains("spark.master"):
        # Not under spark-submit and no --master: this machine's cores, and (unlike Spark's
        # plain local[*]) up to 4 attempts per task, as on a cluster.
        conf.setMaster(LOCAL_MASTER)
    for key, value in cfg.conf.items():
        conf.set(key, value)
    sc = SparkContext.getOrCreate(conf)
    try:
        return _run_on(sc, cfg, binary, local_binary, args, log)
    finally:
        sc.stop()


def _run_on(sc, cfg: JobConfig, binary: BinaryLocation, local_binary, args, log) -> JobResult:
    start = time.monotonic()
    sc.setJobGroup(JOB_GROUP, f"bitdoku {cfg.command} {cfg.input}")
    _ship_package(sc)
    if cfg.ship:
        sc.addFile(os.path.abspath(cfg.ship))
    if not has_option(args, "--threads"):
        # One bitdoku thread per core Spark gave the task: Spark runs one task per core.
        args += ["--threads", sc.getConf().get("spark.task.cpus", "1")]

    fs, out_path = _hadoop_path(sc, cfg.output)
    if fs.exists(out_path):
        if not cfg.overwrite:
            raise UsageError(f"output {cfg.output} exists (use --overwrite to replace it)")
        fs.delete(out_path, True)
    if cfg.merge_to and fs.getScheme() != "file":
        raise UsageError("--merge needs a local OUTPUT; on HDFS use `hdfs dfs -getmerge`")

    lines = sc.textFile(cfg.input)
    counting = time.monotonic()
    try:
        sizes = lines.mapPartitions(_count).collect()
    except Exception as e:  # a missing input shows up here, deep in a Java exception
        if "InvalidInputException" in str(e) or "does not exist" in str(e):
            raise UsageError(f"cannot read input {cfg.input}: it does not exist") from None
        raise
    total = sum(sizes)
    counting = time.monotonic() - counting
    offsets = [sum(sizes[:p]) for p in range(len(sizes))]
    wanted = cfg.partitions or max(
        math.ceil(total / cfg.lines_per_partition), sc.defaultParallelism, 1
    )
    # Blocks no larger than a range, so that every range gets lines.
    block = max(1, min(BLOCK_LINES, math.ceil(total / wanted)))
    numbered = lines.mapPartitionsWithIndex(
        lambda p, it: _blocks(it, offsets[p], block), preservesPartitioning=True
    )
    if len(sizes) < wanted and total > 0:
        ranges = numbered.repartitionAndSortWithinPartitions(
            wanted, partitionFunc=_RangeOf(total, wanted)
        )
    else:
        ranges = numbered
    partitions = ranges.getNumPartitions()
    log(
        f"bitdoku-spark: {total} lines in {partitions} partitions "
        f"({len(sizes)} input partitions), bitdoku {cfg.command} {' '.join(args)}"
    )

    # Counts for the summary. Spark applies a successful task's updates once and drops those
    # of failed attempts; only if `check`'s cached output is lost and recomputed can a range
    # count twice (the exit status depends on "any", not on the sums).
    counters = {
        name: sc.accumulator(0)
        for name in ("puzzles", "output_lines", "error_lines", "unsolved_partitions")
    }
    runner = PartitionRunner(binary, cfg.command, args, counters)
    out = ranges.mapPartitions(runner)
    if cfg.command == "check":
        out = _merge_check_summary(sc, out)
    codec = "org.apache.hadoop.io.compress.GzipCodec" if cfg.compress else None
    solving = time.monotonic()
    out.saveAsTextFile(cfg.output, compressionCodecClass=codec)
    solving = time.monotonic() - solving

    if cfg.merge_to:
        _merge_parts(fs, out_path, cfg.merge_to)
    unsolved = counters["unsolved_partitions"].value
    status = 1 if unsolved else 0
    if cfg.command == "check" and counters["puzzles"].value == 0:
        status = 1  # as on one machine: nothing verified is not a pass
    return JobResult(
        input_lines=total,
        partitions=partitions,
        puzzles=counters["puzzles"].value,
        output_lines=counters["output_lines"].value,
        error_lines=counters["error_lines"].value,
        unsolved_partitions=unsolved,
        failed_task_attempts=_failed_task_attempts(sc),
        seconds=time.monotonic() - start,
        counting_seconds=counting,
        solving_seconds=solving,
        exit_status=status,
    )


def _local_path(uri: str) -> Optional[str]:
    """The local file system path of ``uri`` (a plain path or a ``file:`` URI), else None
    (``hdfs://``, ``s3a://``... are checked through Hadoop once Spark runs)."""
    parsed = urllib.parse.urlparse(uri)
    if parsed.scheme == "":
        return uri
    if parsed.scheme == "file":
        return parsed.path
    return None


def _check_local_paths(cfg: JobConfig) -> None:
    """Reports a missing local input or an existing local output before Spark starts (which
    takes seconds); other file systems are checked through Hadoop in `_run_on`."""
    src = _local_path(cfg.input)
    if src is not None and not any(c in src for c in "*?[{") and not os.path.exists(src):
        raise UsageError(f"cannot read input {cfg.input}: it does not exist")
    out = _local_path(cfg.output)
    if out is not None and os.path.exists(out) and not cfg.overwrite:
        raise UsageError(f"output {cfg.output} exists (use --overwrite to replace it)")
    if cfg.merge_to and out is None:
        raise UsageError("--merge needs a local OUTPUT; on HDFS use `hdfs dfs -getmerge`")


def _blocks(lines, start: int, size: int = BLOCK_LINES):
    """Groups numbered lines into blocks ``(index of the first line, [lines])`` of at most
    ``size`` lines: one record per block instead of per line through the shuffle and into
    the runner."""
    block: List[str] = []
    for line in lines:
        block.append(line)
        if len(block) == size:
            yield start, block
            start += size
            block = []
    if block:
        yield start, block


def _count(it):
    """The number of records of one partition, as a one-element list."""
    n = 0
    for _ in it:
        n += 1
    return [n]


class _RangeOf:
    """Partition function: index of a block's first line -> the partition whose contiguous
    range holds it (ranges end on block boundaries)."""

    def __init__(self, total: int, partitions: int) -> None:
        self.total = total
        self.partitions = partitions

    def __call__(self, index: int) -> int:
        return index * self.partitions // self.total


def _merge_check_summary(sc, out):
    """`check` prints a summary line per range: drop them and append their merge at the end.

    The check output is small (unsound steps and bad lines only), so it is cached, the summary
    lines collected, and the cached rest written with the merged line as a last partition.
    """
    out = out.flatMap(lambda chunk: chunk.split("\n")).cache()
    summaries = out.filter(is_check_summary).collect()
    merged = merge_check_summaries(summaries)
    body = out.filter(lambda line: not is_check_summary(line))
    return body.union(sc.parallelize([merged], 1))


def _binary_location(cfg: JobConfig):
    """Where executors find bitdoku, and a driver-local copy to validate arguments with."""
    given = [x for x in (cfg.ship, cfg.shipped_name, cfg.node_path) if x]
    if len(given) > 1:
        raise UsageError("give only one of --ship, --shipped and --bitdoku")
    if cfg.node_path:
        local = cfg.node_path if os.sep in cfg.node_path else shutil.which(cfg.node_path)
        return BinaryLocation("node", cfg.node_path), (local if local and os.path.isfile(local) else None)
    if cfg.shipped_name:
        return BinaryLocation("shipped", cfg.shipped_name), None
    path = cfg.ship or shutil.which("bitdoku")
    if not path:
        raise UsageError(
            "no bitdoku binary: give --ship PATH (sent to the executors), --bitdoku PATH "
            "(present on every node) or --shipped NAME (sent with spark-submit --files)"
        )
    if not os.path.isfile(path):
        raise UsageError(f"--ship {path}: no such file")
    if not os.access(path, os.X_OK):
        raise UsageError(f"--ship {path}: not executable")
    cfg.ship = path
    return BinaryLocation("shipped", os.path.basename(path)), path


def _validate_arguments(binary: str, command: str, args: List[str]) -> None:
    """Runs bitdoku on empty input on the driver, so a bad option is reported once, clearly,
    instead of failing every task four times on the cluster."""
    try:
        done = subprocess.run(
            [binary, command, *args], stdin=subprocess.DEVNULL, capture_output=True, timeout=60
        )
    except OSError as e:
        raise UsageError(f"cannot run {binary}: {e}") from None
    if done.returncode == 2:
        raise UsageError(
            f"bitdoku rejected the arguments `{command} {' '.join(args)}`:\n"
            + done.stderr.decode("utf-8", "replace").strip()
        )


def _ship_package(sc) -> None:
    """Sends this package to the executors as a zip, so they need only pyspark.

    The zip has its own name, so it does not clash with a `bitdoku_spark.zip` that the user
    gave to spark-submit --py-files (Spark refuses two files of one name).
    """
    here = os.path.dirname(os.path.abspath(__file__))
    tmp = tempfile.mkdtemp(prefix="bitdoku-spark-")
    path = os.path.join(tmp, "bitdoku_spark_from_driver.zip")
    with zipfile.ZipFile(path, "w") as z:
        for name in sorted(os.listdir(here)):
            if name.endswith(".py"):
                z.write(os.path.join(here, name), f"bitdoku_spark/{name}")
    sc.addPyFile(path)


def _hadoop_path(sc, uri: str):
    """The Hadoop FileSystem and Path of ``uri`` (works for any scheme Hadoop knows)."""
    jvm = sc._jvm
    path = jvm.org.apache.hadoop.fs.Path(uri)
    return path.getFileSystem(sc._jsc.hadoopConfiguration()), path


def _merge_parts(fs, out_path, target: str) -> None:
    """Concatenates the part files, in order, into the local file ``target``.

    Only for output on the local file system (``file:`` or a plain path); on HDFS use
    ``hdfs dfs -getmerge OUTPUT FILE``.
    """
    directory = str(out_path.toUri().getPath())
    parts = sorted(n for n in os.listdir(directory) if n.startswith("part-"))
    with open(target, "wb") as sink:
        for name in parts:
            with open(os.path.join(directory, name), "rb") as part:
                shutil.copyfileobj(part, sink, 1 << 20)


def _failed_task_attempts(sc) -> Optional[int]:
    """Task attempts that failed (and were run again) in this application, over every stage
    attempt, from Spark's monitoring REST API; None when the web UI is off or unreachable.

    (`sc.statusTracker()` only knows a stage's latest attempt, so it misses the failures that
    made Spark re-run a stage, as a lost executor's shuffle files do.)
    """
    base = sc.uiWebUrl
    if not base:
        return None
    url = f"{base}/api/v1/applications/{sc.applicationId}/stages"
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            stages = json.load(r)
    except (OSError, ValueError):
        return None
    return sum(int(s.get("numFailedTasks", 0)) for s in stages)
