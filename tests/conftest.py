"""Shared fixtures: the real card catalog in the test database, and named users.

The full MLP catalog from ``../shared/cards/mlpccg`` (and the Neopets demo set) is imported once into
the test database at session start, so every test sees real cards. Transactional tests (live server,
browser) flush the database afterwards: they ask for ``catalog`` to get it back (tests/catalog.py).
"""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop


# One copy of the catalog code: this conftest is imported both as ``conftest`` (by pytest) and as
# ``tests.conftest`` (by the modules that import ``load_catalog``), and the remembered rows must be shared.
from tests.catalog import load_catalog, remember_catalog  # noqa: E402,F401


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, request):
    """(pytest-django names each xdist worker's databases first.) A worker clones one migrated template with
    the catalog instead of migrating and importing its own (tests/parallel.py)."""
    from tests.parallel import install_template_clone

    install_template_clone(request.config)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        load_catalog()
        remember_catalog()


@pytest.fixture(autouse=True)
def fast_password_hashing(request):
    """Named users get passwords; PBKDF2 costs ~0.7 s each, MD5 is fine in tests.
    (Skipped under ``-p no:django``, for the pure engines' tests.)"""
    if request.config.pluginmanager.hasplugin("django"):
        request.getfixturevalue("settings").PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def catalog(db):
    """The catalog, re-imported if a transactional test flushed it."""
    load_catalog()


@pytest.fixture
def make_user(db):
    from django.contrib.auth.models import User

    def make(username: str, **extra) -> User:
        return User.objects.create_user(username=username, password="pony-pass-123", **extra)

    return make


@pytest.fixture
def organiser(make_user):
    """An organiser: in the "Organisers" group, so they may create events."""
    from django.contrib.auth.models import Group

    user = make_user("organiser")
    Group.objects.get_or_create(name="Organisers")[0].user_set.add(user)
    return user


@pytest.fixture
def head_judge(make_user):
    return make_user("head_judge")


@pytest.fixture
def floor_judge(make_user):
    return make_user("floor_judge")


@pytest.fixture
def players(make_user):
    return [make_user(f"player{i}") for i in range(1, 9)]
