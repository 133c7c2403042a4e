# Sourced by run.sh and test.sh: a virtualenv in .venv with the pinned dependencies of pyproject.toml.
# Reinstalls only when pyproject.toml changed.
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
stamp=".venv/.ponyhall-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  python -m pip install --quiet --upgrade pip
  python -m pip install --quiet ".[test]"
  echo "$want" > "$stamp"
fi
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
