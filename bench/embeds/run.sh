#!/usr/bin/env bash
# Three embeds on one page against the same embed alone: each frame's time to its board must stay
# within 1.5x (plus 0.5 s for a busy scheduler). Run on a quiet machine, after tests/run_all.sh has
# set up .venv/ once:  bash bench/embeds/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${VIRTUAL_ENV:+$VIRTUAL_ENV/bin/python}
PY=${PY:-.venv/bin/python}
VT_BENCH_EMBEDS=1 exec "$PY" -m pytest -q -s -p no:cacheprovider tests/browser/test_embeds.py -k three_embeds "$@"
