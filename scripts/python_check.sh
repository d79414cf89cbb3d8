#!/usr/bin/env bash
# Builds the `bitdoku` Python package (python/: PyO3 + maturin, from python/native) in a fresh
# virtual environment, as a user would (`pip install ./python`: pip fetches maturin and numpy
# from PyPI, maturin runs cargo), then runs its tests (python/tests_bitdoku) against the CLI.
# Installs python3-venv (Debian) when missing, and builds the bitdoku binary when missing.
# The extension build is the main cost (the workspace crates are shared with the CLI's build
# in target/release); the tests take about a minute on two cores.
# Usage: scripts/python_check.sh [--reuse-test-build] [path/to/bitdoku]
# --reuse-test-build (CI): maturin builds the dev profile with the test profile's settings
# (opt-level 3, line tables; keep in step with [profile.test] in Cargo.toml), so the workspace
# crates compiled by `cargo test --workspace` in target/debug are reused and only PyO3, numpy
# and the extension crate compile (about 80 s instead of the release build's 150-250 s on two
# cores). Users' `pip install ./python` builds the release profile (LTO).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--reuse-test-build" ]; then
  shift
  export CARGO_PROFILE_DEV_OPT_LEVEL=3 CARGO_PROFILE_DEV_DEBUG=line-tables-only
  export MATURIN_PEP517_ARGS="--profile dev"
fi
B=${1:-target/release/bitdoku}
VENV=target/python-venv

if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
  echo "installing python3-venv (Debian package)"
  (apt-get install -y -q python3 python3-venv >/dev/null 2>&1) ||
    (apt-get update -q >/dev/null && apt-get install -y -q python3 python3-venv >/dev/null)
fi
rm -rf "$VENV"
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q "pytest>=7"
echo "building and installing ./python (maturin, cargo profile ${MATURIN_PEP517_ARGS:---release})"
"$VENV/bin/pip" install -q ./python
echo "bitdoku $("$VENV/bin/python" -c 'import bitdoku; print(bitdoku.__version__, bitdoku.__file__)')"
# The issue's check, verbatim.
"$VENV/bin/python" -c "import bitdoku; print(bitdoku.solve(['4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......']))"

if [ ! -x "$B" ]; then
  echo "building $B"
  cargo build --release -q -p bitdoku-cli
fi
export BITDOKU
BITDOKU=$(cd "$(dirname "$B")" && pwd)/$(basename "$B")
# From the repository root, so `import bitdoku` is the installed package, not python/bitdoku.
"$VENV/bin/python" -m pytest -q -rfE -p no:cacheprovider python/tests_bitdoku
