"""The `bitdoku-spark` command line.

    bitdoku-spark COMMAND [job options] INPUT OUTPUT [bitdoku options]

COMMAND is `solve`, `rate` or `check`. Job options come before INPUT; everything after OUTPUT
goes to bitdoku unchanged (`--preset hodoku`, `--json`, `--logic`...). Run it with plain Python
(`--master URL`, default local[*,4]) or through `spark-submit` (the master then comes from
spark-submit; `python -m bitdoku_spark` is the file to submit).

Exit status, as `bitdoku`: 0 when every puzzle line was solved, 1 when some were not (their
`error:` lines are in the output), 2 for usage errors or an unreadable input; 3 when the Spark
job itself failed (a range failed on every attempt).
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional, Sequence, Tuple

from .job import JobConfig, UsageError, run

COMMANDS = ("solve", "rate", "check")

EPILOG = """\
bitdoku options: everything after OUTPUT is passed to `bitdoku COMMAND`, e.g.
  bitdoku-spark rate --master spark://host:7077 puzzles.txt.gz rated --preset hodoku
Without --threads, bitdoku gets --threads spark.task.cpus (default 1): one bitdoku thread
per core Spark gave the task.

OUTPUT is a directory of part files (Spark's convention) whose concatenation
(`cat OUTPUT/part-*`) is line-for-line aligned with INPUT and equal to what
`bitdoku COMMAND INPUT` prints on one machine; --merge FILE also writes that concatenation.
"""


def parse_args(argv: Sequence[str]) -> Tuple[JobConfig, bool]:
    """Turns the command line into a `JobConfig` and the --quiet flag; exits 2 with a message
    when it is wrong."""
    p = argparse.ArgumentParser(
        prog="bitdoku-spark",
        description="Run bitdoku solve, rate or check over a puzzle collection on Spark.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    p.add_argument("command", choices=COMMANDS, help="the bitdoku command to run")
    where = p.add_argument_group("where the executors find bitdoku (one of)")
    where.add_argument(
        "--ship",
        metavar="PATH",
        help="send this driver-local binary to the executors (SparkContext.addFile); "
        "the default is `bitdoku` on the driver's PATH",
    )
    where.add_argument(
        "--bitdoku",
        metavar="PATH",
        dest="node_path",
        help="use this path, which every node has (nothing is sent)",
    )
    where.add_argument(
        "--shipped",
        metavar="NAME",
        dest="shipped_name",
        help="use the file NAME that `spark-submit --files .../NAME` sent",
    )
    job = p.add_argument_group("job")
    job.add_argument(
        "--master",
        help="Spark master URL (default: spark-submit's, else local[*,4]: all cores here, "
        "4 attempts per task)",
    )
    job.add_argument(
        "--conf",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a Spark setting, as spark-submit --conf (repeatable)",
    )
    job.add_argument(
        "--partitions",
        type=_positive,
        help="number of line ranges (tasks); default: lines / --lines-per-partition, "
        "at least the default parallelism",
    )
    job.add_argument(
        "--lines-per-partition",
        type=_positive,
        default=10_000,
        metavar="N",
        help="target lines per range when --partitions is not given (default 10000)",
    )
    job.add_argument("--overwrite", action="store_true", help="replace OUTPUT if it exists")
    job.add_argument("--merge", metavar="FILE", help="also write the concatenated output to FILE")
    job.add_argument("--gzip", action="store_true", help="write gzip-compressed part files")
    job.add_argument("-q", "--quiet", action="store_true", help="no summary on standard error")
    p.add_argument("input", metavar="INPUT", help="puzzle file: a path or any Hadoop URI; .gz ok")
    p.add_argument("output", metavar="OUTPUT", help="output directory (path or Hadoop URI)")
    p.add_argument("bitdoku_args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    a = p.parse_args(argv)

    bitdoku_args: List[str] = list(a.bitdoku_args)
    if bitdoku_args[:1] == ["--"]:
        bitdoku_args = bitdoku_args[1:]
    conf = {}
    for item in a.conf:
        key, sep, value = item.partition("=")
        if not sep or not key:
            p.error(f"--conf {item!r}: expected KEY=VALUE")
        conf[key] = value
    cfg = JobConfig(
        command=a.command,
        input=a.input,
        output=a.output,
        bitdoku_args=bitdoku_args,
        ship=a.ship,
        shipped_name=a.shipped_name,
        node_path=a.node_path,
        partitions=a.partitions,
        lines_per_partition=a.lines_per_partition,
        master=a.master,
        conf=conf,
        overwrite=a.overwrite,
        merge_to=a.merge,
        compress=a.gzip,
    )
    return cfg, a.quiet


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not positive")
    return value


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of `bitdoku-spark`; returns the exit status."""
    cfg, quiet = parse_args(sys.argv[1:] if argv is None else argv)

    def log(message: str) -> None:
        if not quiet:
            print(message, file=sys.stderr, flush=True)

    try:
        result = run(cfg, log=log)
    except UsageError as e:
        print(f"bitdoku-spark: error: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # the Spark job failed after its retries
        print(f"bitdoku-spark: the Spark job failed: {_first_lines(str(e))}", file=sys.stderr)
        return 3
    rate = result.puzzles / result.seconds if result.seconds > 0 else 0.0
    failed = "?" if result.failed_task_attempts is None else result.failed_task_attempts
    log(
        f"bitdoku-spark: {result.input_lines} lines, {result.puzzles} puzzles, "
        f"{result.output_lines} output lines ({result.error_lines} error lines), "
        f"{result.partitions} partitions, {failed} failed task attempts "
        f"retried; {result.seconds:.3f}s ({rate:.0f} puzzles/s): counting pass "
        f"{result.counting_seconds:.3f}s, solving job {result.solving_seconds:.3f}s; "
        f"output in {cfg.output}"
        + (f" and {cfg.merge_to}" if cfg.merge_to else "")
    )
    return result.exit_status


def _first_lines(text: str, count: int = 12) -> str:
    """The first lines of a (Java) error, which are the informative ones."""
    lines = text.strip().splitlines()
    more = f"\n... ({len(lines) - count} more lines)" if len(lines) > count else ""
    return "\n".join(lines[:count]) + more


if __name__ == "__main__":
    sys.exit(main())
