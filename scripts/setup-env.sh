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

# Local development (run.sh, test.sh, manage.py by hand): production settings refuse to start without a
# secret key and explicit hosts, so local runs get a random key generated once in var/ (never committed),
# the loopback hosts, and plain HTTP. A production deployment sets these itself (README, "Production").
_var="${PONYHALL_VAR_DIR:-$PWD/var}"
mkdir -p "$_var"
if [ ! -s "$_var/secret-key" ]; then
  (umask 077 && python -c "import secrets; print(secrets.token_urlsafe(50))" > "$_var/secret-key")
fi
export DJANGO_SECRET_KEY="${DJANGO_SECRET_KEY:-$(cat "$_var/secret-key")}"
export DJANGO_ALLOWED_HOSTS="${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}"
export PONYHALL_HTTPS="${PONYHALL_HTTPS:-0}"
unset _var
