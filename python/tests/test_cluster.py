"""End-to-end tests on a real standalone cluster (a master and two one-core workers on this
machine): the Spark output must be byte for byte what `bitdoku` prints on one machine, also
when an executor is killed mid-run or bitdoku crashes.

Each test takes well under five minutes on two cores; the cluster is started once.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time

from bitdoku_spark.lines import is_puzzle_line
from conftest import QUIET_SPARK, read_parts, run_job, with_edges


def one_machine(bitdoku, command, data: bytes, *args) -> subprocess.CompletedProcess:
    return subprocess.run([bitdoku, command, *args], input=data, capture_output=True)


def failed_attempts(stderr: bytes) -> int:
    m = re.search(rb"(\d+) failed task attempts retried", stderr)
    assert m, stderr.decode(errors="replace")[-3000:]
    return int(m.group(1))


def assert_same(spark: bytes, local: bytes) -> None:
    """Byte equality, with a readable first difference when it fails."""
    if spark == local:
        return
    a, b = spark.splitlines(), local.splitlines()
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    raise AssertionError(
        f"Spark output differs from one machine: {len(a)} vs {len(b)} lines; first difference "
        f"at output line {first + 1}: {a[first:first + 1]!r} vs {b[first:first + 1]!r}"
    )


def test_solve_100k_equals_one_machine(cluster, bitdoku, puzzles_100k, tmp_path):
    """100,000 puzzles plus edge lines (bad lines, comments, CRLF, BOM...), shipped binary."""
    data = with_edges(puzzles_100k)
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    local = one_machine(bitdoku, "solve", data, "--threads", "2")
    job = run_job(
        ["solve", "--master", cluster.master_url, "--ship", bitdoku, *QUIET_SPARK,
         "--merge", str(tmp_path / "merged.txt"), str(src), str(tmp_path / "out")]
    )
    assert job.returncode == local.returncode == 1, job.stderr.decode(errors="replace")[-3000:]
    spark = read_parts(str(tmp_path / "out"))
    assert_same(spark, local.stdout)
    assert (tmp_path / "merged.txt").read_bytes() == spark
    # Aligned: one output line per puzzle line of the input.
    text = data.decode("utf-8", "replace")
    puzzle_lines = sum(map(is_puzzle_line, re.split(r"\r\n|\r|\n", text.lstrip("\ufeff"))))
    assert puzzle_lines > 100_000 and spark.count(b"\n") == puzzle_lines


def test_rate_gz_via_spark_submit(cluster, bitdoku, datasets, puzzles_100k, tmp_path):
    """spark-submit with --files (the binary) and --py-files (the package); gzip input read as
    one partition and reshuffled into ranges; `rate`, whose lines carry their line number."""
    from cluster import spark_home

    data = with_edges(puzzles_100k[: 82 * 6000], every=499)
    if datasets:
        # A few SE 10-11 puzzles: rate's Sudoku Explainer model takes seconds on each.
        with open(os.path.join(datasets, "forum_hardest_1106.txt"), "rb") as f:
            data += b"".join(f.readlines()[:4])
    src = tmp_path / "in.txt.gz"
    src.write_bytes(gzip.compress(data))
    python_dir = os.path.join(os.path.dirname(__file__), "..")
    package = shutil.make_archive(str(tmp_path / "bitdoku_spark"), "zip", python_dir, "bitdoku_spark")
    submit = os.path.join(spark_home(), "bin", "spark-submit")
    script = os.path.join(python_dir, "submit.py")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    out = tmp_path / "out"
    job = subprocess.run(
        [submit, "--master", cluster.master_url, "--files", bitdoku, "--py-files", package,
         *QUIET_SPARK, script, "rate", "--shipped", "bitdoku", "--partitions", "5",
         str(src), str(out)],
        capture_output=True, timeout=280, env=env,
    )
    local = one_machine(bitdoku, "rate", data)
    assert job.returncode == local.returncode, job.stderr.decode(errors="replace")[-3000:]
    assert_same(read_parts(str(out)), local.stdout)


def test_executor_killed_mid_run(cluster, bitdoku, puzzles_100k, tmp_path):
    """Kill one executor JVM while its tasks are writing output: Spark runs the lost tasks
    again and the output is still complete, aligned and free of duplicates. (JSON output, whose
    rows carry their line number, from the logic engine.)

    The binary is a wrapper at a path every node has (--bitdoku): it runs bitdoku, then
    waits two seconds before exiting, so every task spends a while with its output written
    but not committed; that is when the executor is killed.
    """
    # 8,000 puzzles in 8 tasks: the kill waits for a wrapper's sleep, not for the solving, so
    # the size only has to give each worker several tasks (40,000 took 71 s in CI, for nothing).
    lines = 8_000
    data = puzzles_100k[: 82 * lines]
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    wrapper = tmp_path / "slow-bitdoku"
    wrapper.write_text(f'#!/bin/sh\n"{bitdoku}" "$@"\nrc=$?\nsleep 2\nexit $rc\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)

    killed = []

    def kill_one_executor():
        # Wait for a task of the solving stage on worker 0 (the wrapper is running), then
        # kill that worker's executor JVM outright.
        deadline = time.monotonic() + 200
        from cluster import cmdline, descendants

        while time.monotonic() < deadline and not killed:
            for pid in cluster.executors_of(0):
                if any(str(wrapper) in cmdline(d) for d in descendants(pid)):
                    time.sleep(1.0)  # the wrapper is in its sleep: output written, not committed
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    return
            time.sleep(0.1)

    killer = threading.Thread(target=kill_one_executor, daemon=True)
    killer.start()
    job = run_job(
        ["solve", "--master", cluster.master_url, "--bitdoku", str(wrapper), *QUIET_SPARK,
         "--partitions", "8", str(src), str(tmp_path / "out"), "--json", "--logic"]
    )
    killer.join(timeout=5)
    assert killed, "no executor was killed: the run ended before a task of it was seen"
    local = one_machine(bitdoku, "solve", data, "--json", "--logic")
    assert job.returncode == local.returncode, job.stderr.decode(errors="replace")[-3000:]
    assert failed_attempts(job.stderr) >= 1
    spark = read_parts(str(tmp_path / "out"))
    assert_same(spark, local.stdout)
    assert spark.count(b"\n") == lines


def test_bitdoku_crash_is_retried(cluster, bitdoku, puzzles_100k, tmp_path):
    """The first bitdoku run that gets puzzles writes half its output and kills itself; the
    task is retried and the half output does not reach the result. With `check`, whose
    per-range summary lines are merged into one."""
    data = with_edges(puzzles_100k[: 82 * 3000], every=301)
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    marker = tmp_path / "crashed-once"
    wrapper = tmp_path / "crashing-bitdoku"
    wrapper.write_text(
        f"#!{sys.executable}\n"
        "import os, signal, subprocess, sys\n"
        "data = sys.stdin.buffer.read()\n"
        f"run = subprocess.run([{bitdoku!r}, *sys.argv[1:]], input=data, stdout=subprocess.PIPE)\n"
        "try:\n"
        f"    first = data.strip() != b'' and not os.mkdir({str(marker)!r})\n"
        "except FileExistsError:\n"
        "    first = False\n"
        "if first:\n"
        "    sys.stdout.buffer.write(run.stdout[: len(run.stdout) // 2])\n"
        "    sys.stdout.flush()\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "sys.stdout.buffer.write(run.stdout)\n"
        "sys.exit(run.returncode)\n"
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    job = run_job(
        ["check", "--master", cluster.master_url, "--ship", str(wrapper), *QUIET_SPARK,
         "--partitions", "4", str(src), str(tmp_path / "out")]
    )
    assert marker.exists(), "the wrapper never crashed"
    local = one_machine(bitdoku, "check", data)
    assert job.returncode == local.returncode, job.stderr.decode(errors="replace")[-3000:]
    assert failed_attempts(job.stderr) == 1
    assert_same(read_parts(str(tmp_path / "out")), local.stdout)


def test_usage_errors(bitdoku, tmp_path):
    """Bad bitdoku options and refused options fail at once with exit 2 and a clear message,
    before Spark starts."""
    src = tmp_path / "in.txt"
    src.write_text("." * 81 + "\n")
    job = run_job(["solve", "--ship", bitdoku, str(src), str(tmp_path / "o"), "--no-such-option"])
    assert job.returncode == 2 and b"bitdoku rejected the arguments" in job.stderr, job.stderr
    job = run_job(["solve", "--ship", bitdoku, str(src), str(tmp_path / "o"), "--trace", "--svg-dir", "d"])
    assert job.returncode == 2 and b"--svg-dir is not supported" in job.stderr, job.stderr
    job = run_job(["solve", "--ship", str(tmp_path / "nothing"), str(src), str(tmp_path / "o")])
    assert job.returncode == 2 and b"no such file" in job.stderr, job.stderr


def test_missing_input_and_existing_output(bitdoku, tmp_path):
    """A missing input and an existing output directory are usage errors (found before Spark
    starts for local paths)."""
    (tmp_path / "exists").mkdir()
    src = tmp_path / "in.txt"
    src.write_text("." * 81 + "\n")
    job = run_job(["solve", "--master", "local[1]", "--ship", bitdoku, *QUIET_SPARK,
                   str(tmp_path / "missing.txt"), str(tmp_path / "o")])
    assert job.returncode == 2 and b"does not exist" in job.stderr, job.stderr[-2000:]
    job = run_job(["solve", "--master", "local[1]", "--ship", bitdoku, *QUIET_SPARK,
                   str(src), str(tmp_path / "exists")])
    assert job.returncode == 2 and b"--overwrite" in job.stderr, job.stderr[-2000:]
