#!/usr/bin/env bash
# Tests bitdoku-spark (python/) on a real Spark standalone cluster on this machine: a master
# and two one-core workers, started and stopped by the tests. Installs what it needs on a fresh
# Debian machine: a JDK from apt when `java` is missing (17 or newer), a Python virtual
# environment under target/spark-venv with pyspark and pytest from pip (bitdoku_spark itself
# is imported from python/), and the bitdoku
# binary (cargo build --release) when it is not built yet.
# Prints a pass/fail summary; exits nonzero when anything failed.
# Usage: scripts/spark_check.sh [path/to/bitdoku]
# Environment: BITDOKU_DATASETS (default ../shared/datasets; without it the 100,000 puzzles
# are generated), PYSPARK_VERSION (default 4.3.0, the version tested; Spark 4 needs Java 17+).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-target/release/bitdoku}
VENV=target/spark-venv
PYSPARK_VERSION=${PYSPARK_VERSION:-4.3.0}

apt_install() {
  (apt-get install -y -q "$@" >/dev/null 2>&1) ||
    (apt-get update -q >/dev/null && apt-get install -y -q "$@" >/dev/null)
}

java_major() {
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\)[."].*/\1/p' | head -1
}

if ! command -v java >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ]; then
  echo "installing a JDK (Debian package openjdk-17-jdk-headless, else default-jdk-headless)"
  apt_install openjdk-17-jdk-headless || apt_install default-jdk-headless
fi
echo "java: $(java -version 2>&1 | head -1)"

if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
  echo "installing python3-venv (Debian package)"
  apt_install python3 python3-venv
fi
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c 'import pyspark, pytest' >/dev/null 2>&1; then
  echo "installing pyspark==$PYSPARK_VERSION and pytest into $VENV (pip)"
  "$VENV/bin/pip" install -q "pyspark==$PYSPARK_VERSION" "pytest>=7"
fi
# bitdoku_spark is pure Python and is imported from python/ (the tests run there and pass
# PYTHONPATH to their jobs): `pip install ./python` would also build the native `bitdoku`
# package (scripts/python_check.sh tests that).
echo "pyspark: $("$VENV/bin/python" -c 'import pyspark; print(pyspark.__version__)')"

if [ ! -x "$B" ]; then
  echo "building $B"
  cargo build --release -q -p bitdoku-cli
fi
export BITDOKU
BITDOKU=$(cd "$(dirname "$B")" && pwd)/$(basename "$B")

report=$(mktemp)
trap 'rm -f "$report"' EXIT
set +e
(cd python && "../$VENV/bin/python" -m pytest -v -rfE --durations=0 -p no:cacheprovider tests) 2>&1 | tee "$report"
status=${PIPESTATUS[0]}
set -e
passed=$(grep -c ' PASSED' "$report" || true)
failed=$(grep -c ' FAILED\| ERROR' "$report" || true)
if [ "$status" -eq 0 ]; then
  echo "spark: PASS ($passed passed, $failed failed)"
else
  echo "spark: FAIL ($passed passed, $failed failed; pytest exit status $status)"
  grep '^FAILED\|^ERROR' "$report" || true
fi
exit "$status"
