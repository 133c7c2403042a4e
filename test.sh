#!/usr/bin/env bash
# One command: set up and run the whole test suite.
#   ./test.sh                 embedded defaults (SQLite)
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ponyhall REDIS_URL=redis://127.0.0.1:6379/0 ./test.sh
# Extra arguments go to pytest (e.g. ./test.sh tests/decks -x). The suite runs on PONYHALL_TEST_WORKERS
# parallel pytest-xdist workers (default 4); "-n 0" (or PONYHALL_TEST_WORKERS=0) runs it in one process.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup-env.sh
scripts/ensure-chromium.sh || echo "warning: Debian's chromium is not installed; browser tests will be skipped" >&2
exec python -m pytest -n "${PONYHALL_TEST_WORKERS:-4}" "$@"
