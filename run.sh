#!/usr/bin/env bash
# One command: set everything up and start the whole app on embedded defaults
# (SQLite, file-system Celery broker, SQLite channel layer — no server needed), with demo data.
#   ./run.sh            web + websockets on http://127.0.0.1:8000, Celery worker and scheduler
#   PORT=9000 ./run.sh  another port
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup-env.sh            # venv + pinned dependencies (idempotent)

PORT="${PORT:-8000}"
HOST="${HOST:-127.0.0.1}"
CARDS="${PONYHALL_SHARED_DIR:-../shared}/cards/mlpccg"

python manage.py migrate --noinput -v0
python manage.py collectstatic --noinput -v0
if [ -d "$CARDS" ]; then
  python manage.py import_cards mlp-octgn "$CARDS" | tail -2
else
  echo "warning: no MLP card data at $CARDS (set PONYHALL_SHARED_DIR); starting without MLP cards" >&2
fi
python manage.py import_cards neopets decks/data/neopets-demo.json | tail -1
python manage.py demo_data

pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap cleanup EXIT INT TERM

# Worker with the beat scheduler inside it (-B): background jobs, scheduled deadlines, the sweep.
# --quiet: no start-up banner (warnings and errors still print).
READY_FILE="${PONYHALL_VAR_DIR:-var}/celery-worker.ready"
rm -f "$READY_FILE"
PONYHALL_WORKER_READY_FILE="$READY_FILE" \
  celery -A config --quiet worker -B --pool=solo --loglevel=WARNING --schedule "${PONYHALL_VAR_DIR:-var}/celerybeat-schedule" &
pids+=($!)
daphne -v 0 -b "$HOST" -p "$PORT" config.asgi:application &
pids+=($!)

# Print the welcome last, once the web server answers and the worker is ready, so nothing scrolls it away.
for _ in $(seq 1 120); do
  if [ -e "$READY_FILE" ] && python - "$HOST" "$PORT" 2>/dev/null <<'PY'
import socket, sys
socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=0.5).close()
PY
  then break; fi
  sleep 0.5
done
cat <<MSG

  ==========================================================================
  Ponyhall is running: http://$HOST:$PORT/
  Card browser: http://$HOST:$PORT/cards/   API docs: http://$HOST:$PORT/api/docs/
  Demo logins (password ponies-rock-42): organiser, headjudge, judge1, judge2, player01 … player16, admin
  Stop with Ctrl-C.
  ==========================================================================

MSG
wait -n "${pids[@]}"
