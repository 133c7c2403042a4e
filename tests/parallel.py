"""Parallel test runs (pytest-xdist, ``./test.sh`` runs ``-n 4``): each worker process gets its own Redis
databases, so one worker's live Celery queue, channel layer and ``flushdb`` never touch another's.

Loaded with ``-p tests.parallel`` (pyproject.toml's addopts) because it must run before pytest-django reads
the settings (``config/settings.py`` reads ``REDIS_URL`` once, at import). It rewrites the environment, so
the subprocesses a test starts (daphne, a Celery worker) inherit the worker's values.

- the test databases: pytest-django already names them per worker (``test_ponyhall_gw0``, SQLite
  ``test-db.sqlite3_gw0``);
- ``REDIS_URL`` and ``PONYHALL_TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379/9``): database number +
  worker index (CI: ``/0`` gives workers ``/0``..``/3``, and the live-worker tests use ``/9``..``/12``);
- ``PONYHALL_TEST_PORTS`` ("8170-8179"): each worker takes its own slice of the range (tests/browser/conftest.py).
"""
from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

TEST_REDIS_DEFAULT = "redis://127.0.0.1:6379/9"


def worker_index() -> int:
    """0 for ``gw0`` (and for a serial run), 1 for ``gw1`` ..."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") else 0


def worker_count() -> int:
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)


def redis_url_for_worker(url: str, index: int) -> str:
    """``redis://host:port/N`` -> ``redis://host:port/N+index`` (no number means database 0)."""
    parts = urlsplit(url)
    number = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{number + index}"))


def _separate_this_worker() -> None:
    index = worker_index()
    if "PYTEST_XDIST_WORKER" not in os.environ or os.environ.get("PONYHALL_TEST_WORKER_SEPARATED"):
        return
    if os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = redis_url_for_worker(os.environ["REDIS_URL"], index)
    test_redis = os.environ.get("PONYHALL_TEST_REDIS_URL", TEST_REDIS_DEFAULT)
    os.environ["PONYHALL_TEST_REDIS_URL"] = redis_url_for_worker(test_redis, index)
    os.environ["PONYHALL_TEST_WORKER_SEPARATED"] = "1"  # once: a subprocess that runs pytest keeps these


_separate_this_worker()


# --- One migrated database per run, cloned for each worker ----------------------------------------------------
# Every worker would otherwise migrate its own test database and import the catalog (~35 s of CPU each on a
# quiet machine, all at the same time). Instead the first worker to need a database builds a template
# (migrations + catalog: tests/conftest.py's django_db_setup) and each worker clones it: PostgreSQL
# ``CREATE DATABASE ... TEMPLATE`` (~1 s), SQLite a file copy. A file lock orders the workers.

def _template_name(test_name: str) -> str:
    base = test_name.rsplit("_gw", 1)[0] if "_gw" in test_name else test_name
    if base.endswith(".sqlite3"):
        return base[: -len(".sqlite3")] + "-template.sqlite3"
    return base + "_template"


def _run_uid(config) -> str:
    """The run's id, shared by the controller and its workers."""
    if hasattr(config, "workerinput"):
        return config.workerinput["testrunuid"]
    return config.option.testrunuid


def pytest_configure(config) -> None:
    """The controller picks the run's id itself (xdist would otherwise pick one it keeps to itself)."""
    if not hasattr(config, "workerinput") and getattr(config.option, "numprocesses", None):
        config.option.testrunuid = config.option.testrunuid or uuid.uuid4().hex


def _lock_path(config) -> Path:
    return Path(tempfile.gettempdir()) / f"ponyhall-test-db-{_run_uid(config)}"


def install_template_clone(config) -> None:
    """In an xdist worker: the default database's ``create_test_db`` clones the run's template (built by the
    first worker that gets here). Other databases (the SQLite channel layer's) are created as usual."""
    from django.db import connections

    if not hasattr(config, "workerinput"):
        return
    creation = connections["default"].creation
    vendor = creation.connection.vendor
    if vendor not in ("postgresql", "sqlite") or (vendor == "sqlite" and creation.is_in_memory_db(
            creation._get_test_db_name())):
        return
    build = creation.create_test_db

    def create_test_db(verbosity=1, autoclobber=False, serialize=True, keepdb=False):
        target = creation._get_test_db_name()
        template = _template_name(target)
        lock = _lock_path(config)
        with open(f"{lock}.lock", "w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)
            if not Path(f"{lock}.built").exists():
                _build_template(creation, build, template, verbosity)
                Path(f"{lock}.built").write_text(template)
            _clone(creation, template, target)
        return target

    creation.create_test_db = create_test_db


def _build_template(creation, build, template: str, verbosity: int) -> None:
    from tests.catalog import load_catalog

    connection = creation.connection
    test_settings = connection.settings_dict["TEST"]
    wanted, original = test_settings.get("NAME"), connection.settings_dict["NAME"]
    test_settings["NAME"] = template
    try:
        build(verbosity=verbosity, autoclobber=True, serialize=False, keepdb=False)
        load_catalog()
    finally:
        connection.close()
        test_settings["NAME"] = wanted
        connection.settings_dict["NAME"] = original


def _clone(creation, template: str, target: str) -> None:
    from django.conf import settings

    connection = creation.connection
    connection.close()
    if connection.vendor == "postgresql":
        with creation._nodb_cursor() as cursor:
            quote = connection.ops.quote_name
            cursor.execute(f"DROP DATABASE IF EXISTS {quote(target)}")
            cursor.execute(f"CREATE DATABASE {quote(target)} TEMPLATE {quote(template)}")
    else:
        for suffix in ("-wal", "-shm"):
            Path(target + suffix).unlink(missing_ok=True)
        shutil.copyfile(template, target)
    settings.DATABASES[connection.alias]["NAME"] = target
    connection.settings_dict["NAME"] = target
    connection.ensure_connection()


def pytest_sessionfinish(session) -> None:
    """The xdist controller, at the end of the run: drop the template its workers cloned."""
    config = session.config
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    from pytest_django.plugin import blocking_manager_key

    for built in Path(tempfile.gettempdir()).glob(f"ponyhall-test-db-{_run_uid(config)}.*"):
        if built.suffix == ".built":
            with config.stash[blocking_manager_key].unblock():
                _drop_template(built.read_text())
        built.unlink(missing_ok=True)


def _drop_template(template: str) -> None:
    from django.db import connections

    creation = connections["default"].creation
    if creation.connection.vendor == "postgresql":
        with creation._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {creation.connection.ops.quote_name(template)}")
    else:
        for suffix in ("", "-wal", "-shm"):
            Path(template + suffix).unlink(missing_ok=True)
