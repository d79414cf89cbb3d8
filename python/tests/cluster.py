"""A real Spark standalone cluster on this machine: one master and N workers, each a JVM
started from pip's pyspark (`spark-class org.apache.spark.deploy.master.Master` / `...Worker`).

Used by the tests and by scripts/spark_bench.sh. Every process is started here and stopped
here by its process id (and, for leftovers such as executors, by walking the workers'
descendants), never by name.

    with StandaloneCluster(workers=2) as c:
        subprocess.run(["bitdoku-spark", "solve", "--master", c.master_url, ...])
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from typing import Dict, List, Optional


def spark_home() -> str:
    """The Spark installation: $SPARK_HOME, else the pip-installed pyspark package."""
    if os.environ.get("SPARK_HOME"):
        return os.environ["SPARK_HOME"]
    import pyspark

    return os.path.dirname(os.path.abspath(pyspark.__file__))


def free_port() -> int:
    """A TCP port that is free right now on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> List[int]:
    """Process ids whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # The command name (2nd field) is in parentheses and may hold spaces.
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def descendants(pid: int) -> List[int]:
    """All processes below ``pid``, parents before their children."""
    out: List[int] = []
    todo = [pid]
    while todo:
        kids = children(todo.pop())
        out.extend(kids)
        todo.extend(kids)
    return out


def cmdline(pid: int) -> str:
    """The command line of ``pid`` with spaces between arguments ('' if it is gone)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


class StandaloneCluster:
    """A Spark standalone master plus ``workers`` workers of ``cores`` cores each."""

    def __init__(self, workers: int = 2, cores: int = 1, memory: str = "1g") -> None:
        self.workers = workers
        self.cores = cores
        self.memory = memory
        self.dir = tempfile.mkdtemp(prefix="bitdoku-spark-cluster-")
        self.master: Optional[subprocess.Popen] = None
        self.worker_procs: List[subprocess.Popen] = []
        self.port = free_port()
        self.ui_port = free_port()
        self.master_url = f"spark://127.0.0.1:{self.port}"

    def _spawn(self, name: str, args: List[str]) -> subprocess.Popen:
        env = dict(os.environ, SPARK_HOME=spark_home(), SPARK_LOCAL_IP="127.0.0.1")
        env.setdefault("SPARK_NO_DAEMONIZE", "1")
        log = open(os.path.join(self.dir, f"{name}.log"), "wb")
        return subprocess.Popen(
            [os.path.join(spark_home(), "bin", "spark-class"), *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )

    def start(self, timeout: float = 90.0) -> "StandaloneCluster":
        """Starts the master and the workers and waits until every worker is registered."""
        self.master = self._spawn(
            "master",
            [
                "org.apache.spark.deploy.master.Master",
                "--host", "127.0.0.1",
                "--port", str(self.port),
                "--webui-port", str(self.ui_port),
            ],
        )
        for i in range(self.workers):
            work = os.path.join(self.dir, f"worker-{i}")
            os.makedirs(work)
            self.worker_procs.append(
                self._spawn(
                    f"worker-{i}",
                    [
                        "org.apache.spark.deploy.worker.Worker",
                        "--host", "127.0.0.1",
                        "--webui-port", str(free_port()),
                        "--cores", str(self.cores),
                        "--memory", self.memory,
                        "--work-dir", work,
                        self.master_url,
                    ],
                )
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.alive_workers() == self.workers:
                return self
            for p in [self.master, *self.worker_procs]:
                if p.poll() is not None:
                    raise RuntimeError(f"a Spark daemon exited early; logs in {self.dir}")
            time.sleep(0.5)
        raise RuntimeError(f"workers did not register within {timeout}s; logs in {self.dir}")

    def status(self) -> Dict:
        """The master's JSON status page."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.ui_port}/json/", timeout=5) as r:
            return json.load(r)

    def alive_workers(self) -> int:
        """Workers the master counts as ALIVE (0 while the master is starting)."""
        try:
            return sum(1 for w in self.status().get("workers", []) if w.get("state") == "ALIVE")
        except OSError:
            return 0

    def executors_of(self, worker: int) -> List[int]:
        """Process ids of the executor JVMs that worker ``worker`` runs now."""
        return [
            pid
            for pid in children(self.worker_procs[worker].pid)
            if "CoarseGrainedExecutorBackend" in cmdline(pid)
        ]

    def stop(self) -> None:
        """Stops the workers (and anything left below them), then the master."""
        procs = [*self.worker_procs, self.master]
        leftovers = [(d, cmdline(d)) for p in procs if p for d in descendants(p.pid)]
        for p in procs:
            if p and p.poll() is None:
                p.terminate()
        for p in procs:
            if p:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        for pid, line in leftovers:
            if cmdline(pid) != line:
                continue  # gone (and maybe the id reused): not ours any more
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def __enter__(self) -> "StandaloneCluster":
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()
