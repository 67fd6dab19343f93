#!/usr/bin/env bash
# THE test command: installs what a clean Debian machine lacks, builds dist/, runs every test.
#
#   bash tests/run_all.sh [pytest args…]      (default: the whole tests/ folder, the engine's
#                                              tests and the browser tests side by side)
#
# Installs only what is missing: Debian's chromium (and node/npm, python3-venv) when running as
# root, the Python test packages from pyproject's [test] extra, node_modules from package-lock.json.
# Python packages go into a virtual environment, never into the system's Python: the active one
# ($VIRTUAL_ENV), else .venv/ in the repository, made on the first run from $PYTHON (python3).
# Exits 0 only when every test passed; "no tests collected" (5) counts as a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1
BASE_PY=${PYTHON:-python3}

log() { printf '\n== %s\n' "$*"; }
as_root() { [ "$(id -u)" = 0 ]; }

apt_updated=0
apt_install() {
  if ! as_root; then
    echo "run_all: cannot install $* (not root); tests needing it will fail in CI or skip locally" >&2
    return 0
  fi
  if [ "$apt_updated" = 0 ]; then apt-get update -qq && apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

log "system packages"
if [ ! -x /usr/bin/chromium ]; then apt_install chromium || exit 1; fi
if ! command -v npm >/dev/null 2>&1; then apt_install nodejs npm || exit 1; fi
/usr/bin/chromium --version 2>/dev/null | grep -i chromium || true
echo "node $(node --version 2>/dev/null || echo missing), npm $(npm --version 2>/dev/null || echo missing)"

log "python environment"
if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then
  PY="$VIRTUAL_ENV/bin/python"
else
  if [ ! -x .venv/bin/python ]; then
    # It sees the interpreter's own packages (--system-site-packages), so nothing the machine
    # already has is fetched again; whatever is missing is installed into .venv/ only.
    if ! "$BASE_PY" -m venv --system-site-packages .venv; then
      rm -rf .venv
      apt_install python3-venv || exit 1    # Debian ships venv's pip apart from Python
      "$BASE_PY" -m venv --system-site-packages .venv || {
        echo "run_all: cannot make .venv/ with $BASE_PY (on Debian: apt-get install python3-venv)" >&2
        exit 1
      }
    fi
  fi
  PY="$PWD/.venv/bin/python"
fi
"$PY" -c "import sys; print(sys.executable, sys.version.split()[0])"

log "python test packages"
mapfile -t reqs < <("$PY" -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml','rb'))['project']['optional-dependencies']['test']))")
# A no-op (and no network) when every requirement is already met.
"$PY" -m pip install --quiet --disable-pip-version-check "${reqs[@]}" || exit 1
"$PY" -c "import pytest, playwright; from importlib.metadata import version as v; print('pytest', v('pytest'), '· playwright', v('playwright'))"

log "npm packages"
if [ ! -f node_modules/pyodide/pyodide.mjs ] || [ ! -f node_modules/@pyscript/core/dist/core.js ] \
   || [ ! -f node_modules/axe-core/axe.min.js ]; then
  npm ci --no-audit --no-fund || exit 1
fi

log "build"
"$PY" build_site.py || exit 1

log "tests"
# The browser tests build their own copy of the site in a temporary folder (a few seconds),
# so a dist/ rebuilt meanwhile by someone serving it cannot change files under a running test.
# A test that hangs (a page's promise that never settles) fails after this many seconds instead of
# holding the whole run until CI gives up; the longest test takes about 3 minutes.
PER_TEST="--timeout=600"
nonzero() {  # pytest's status; "no tests collected" (5) counts as a failure
  if [ "$1" = 5 ]; then echo "run_all: pytest collected no tests ($2): failing" >&2; return 1; fi
  return "$1"
}
if [ "$#" -gt 0 ]; then
  "$PY" -m pytest -q --durations=15 "$PER_TEST" "$@"
  nonzero $? "$*"
  exit $?
fi
# The whole suite: the engine's tests (all CPU) beside the browser tests, which run in two
# processes of their own (pytest-xdist, a test file at a time each: a file's pages share its
# fixtures). A browser test mostly waits on pages, clocks and bots, so one process of them
# leaves a CPU half idle; the engine's tests run at the lowest priority so that the pages keep
# their timing. On 2 CPUs this takes the suite from about 50 to about 30 minutes.
engine_log=$(mktemp)
nice -n 19 "$PY" -m pytest -q --durations=10 "$PER_TEST" -m "not browser" tests >"$engine_log" 2>&1 &
engine_pid=$!
# A browser test that fails is run once more (pytest-rerunfailures) and the run names it ("R"
# in the progress line, "RERUN" in the summary): a real Chromium on a busy machine now and then
# misses a beat that has nothing to do with the site; a test failing twice fails the suite.
"$PY" -m pytest -q -rR --durations=15 "$PER_TEST" -n "${VT_BROWSER_PROCS:-2}" --dist loadfile \
  --reruns 1 --reruns-delay 2 -m browser tests
browser_status=$?
wait "$engine_pid"
engine_status=$?
log "engine tests (run beside the browser tests)"
cat "$engine_log"
rm -f "$engine_log"
nonzero "$browser_status" "browser" ; browser_status=$?
nonzero "$engine_status" "engine" ; engine_status=$?
echo "run_all: browser tests exit $browser_status, engine tests exit $engine_status"
[ "$browser_status" = 0 ] && [ "$engine_status" = 0 ]
