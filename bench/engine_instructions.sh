#!/usr/bin/env bash
# Instructions (valgrind callgrind "Ir") per random self-play game, (Ir(N games) - Ir(0 games)) / N, and per
# decision (applied action): per decision compares code whose card texts make different games.
# Instruction counts are repeatable whatever else the machine is doing (timings are not), so a speed
# change is measured with this, and `selfplay --digest` shows it still plays the same games.
#   bash bench/engine_instructions.sh [N=6] [SEED=11]      (from the activated .venv; a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-6}; SEED=${2:-11}
CARDS=${PONYHALL_SHARED_DIR:-../shared}/cards/mlpccg
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
run() {  # total Ir of: load the cards, then play $1 games
  PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.$1" python -c "
from gameplay.engine.mlp import CardDB
from gameplay.engine.mlp.selfplay import run
db = CardDB.from_directory('$CARDS')
if $1: open('$OUT/actions', 'w').write(str(run(db, $1, $SEED)['actions']))
" >/dev/null 2>"$OUT/err.$1" || { cat "$OUT/err.$1" >&2; exit 1; }
  # (awk reads to the end: an early exit would stop callgrind_annotate with SIGPIPE under pipefail)
  callgrind_annotate "$OUT/cg.$1" | awk '/PROGRAM TOTALS/ && !done {gsub(",", "", $1); print $1; done = 1}'
}
A=$(run 0); B=$(run "$N")
ACTS=$(cat "$OUT/actions")
python -c "print(f'Ir per game: {($B-$A)/$N/1e6:.1f}M, per decision: {($B-$A)/$ACTS/1e6:.3f}M  ($N games, $ACTS decisions, seed $SEED, hash seed 0; card load {$A/1e6:.0f}M)')"
