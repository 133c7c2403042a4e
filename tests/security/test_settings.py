"""Safe production defaults: debug off unless asked for, no start without a real secret key and explicit
hosts, ``check --deploy`` clean, reset links from the configured domain, email failures shown."""
from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail

ROOT = Path(__file__).resolve().parents[2]
CLEARED = ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DJANGO_DEBUG", "PONYHALL_HTTPS", "DJANGO_SECURE_SSL_REDIRECT")


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in CLEARED}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=base | env,
                          capture_output=True, text=True, timeout=120)


def _production(**extra: str) -> dict[str, str]:
    return {"DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "ponyhall.example"} | extra


def test_production_refuses_to_start_without_a_secret_key():
    r = _manage("check", DJANGO_ALLOWED_HOSTS="ponyhall.example")
    assert r.returncode != 0 and "Set DJANGO_SECRET_KEY" in r.stderr


def test_production_refuses_a_published_example_key():
    r = _manage("check", DJANGO_ALLOWED_HOSTS="ponyhall.example", DJANGO_SECRET_KEY="dev-insecure-key-change-me-in-production")
    assert r.returncode != 0 and "published example" in r.stderr


@pytest.mark.parametrize("hosts", ["", "*"])
def test_production_refuses_to_start_without_explicit_hosts(hosts):
    r = _manage("check", DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS=hosts)
    assert r.returncode != 0 and "DJANGO_ALLOWED_HOSTS" in r.stderr


def test_check_deploy_passes_with_the_production_settings():
    r = _manage("check", "--deploy", "--fail-level", "WARNING", **_production())
    assert r.returncode == 0, r.stderr + r.stdout


def test_debug_is_off_unless_asked_for():
    code = "from django.conf import settings; print(settings.DEBUG, settings.SESSION_COOKIE_SECURE, settings.SECURE_HSTS_SECONDS)"
    r = _manage("shell", "-v", "0", "-c", code, **_production())
    assert r.stdout.split() == ["False", "True", "31536000"], r.stderr
    r = _manage("shell", "-v", "0", "-c", code, DJANGO_DEBUG="1")
    assert r.stdout.split()[0] == "True", r.stderr


def test_an_anonymous_error_shows_no_debug_page(client, settings):
    assert settings.DEBUG is False  # pytest-django; production is checked above
    r = client.get("/no-such-page/")
    assert r.status_code == 404 and b"DATABASE_URL" not in r.content and b"Traceback" not in r.content


@pytest.fixture
def pony_with_email(db, django_user_model):
    return django_user_model.objects.create_user("rarity", email="rarity@example.com", password="a-long-secret-9")


def test_a_reset_link_uses_the_configured_domain_not_the_host_header(client, settings, pony_with_email):
    settings.SITE_DOMAIN = "ponyhall.example"
    settings.ALLOWED_HOSTS = ["ponyhall.example", "evil.example"]
    r = client.post("/accounts/password_reset/", {"email": "rarity@example.com"}, HTTP_HOST="evil.example")
    assert r.status_code == 302
    assert len(mail.outbox) == 1
    assert "http://ponyhall.example/accounts/reset/" in mail.outbox[0].body
    assert "evil.example" not in mail.outbox[0].body


def test_a_failed_send_is_shown_to_the_user(client, settings, pony_with_email, monkeypatch):
    def refuse(self, *a, **k):
        raise ConnectionRefusedError("smtp down")

    monkeypatch.setattr("django.core.mail.backends.locmem.EmailBackend.send_messages", refuse)
    r = client.post("/accounts/password_reset/", {"email": "rarity@example.com"})
    assert r.status_code == 200
    assert "could not send the email" in r.content.decode()


def test_email_goes_to_the_console_in_embedded_mode():
    r = _manage("shell", "-v", "0", "-c", "from django.conf import settings; print(settings.EMAIL_BACKEND)", **_production())
    assert r.stdout.strip() == "django.core.mail.backends.console.EmailBackend"
    r = _manage("shell", "-v", "0", "-c", "from django.conf import settings; print(settings.EMAIL_BACKEND)",
                **_production(DJANGO_EMAIL_HOST="smtp.example"))
    assert r.stdout.strip() == "django.core.mail.backends.smtp.EmailBackend"


def test_postgresql_uses_a_bounded_pool_and_no_persistent_connections():
    code = ("from django.conf import settings; d = settings.DATABASES['default']; "
            "print(d['CONN_MAX_AGE'], d['OPTIONS']['pool']['max_size'], d['OPTIONS']['pool']['timeout'])")
    r = _manage("shell", "-v", "0", "-c", code, **_production(DATABASE_URL="postgres://postgres@127.0.0.1:5432/ponyhall_pool_check",
                                                             REDIS_URL="redis://127.0.0.1:6379/5"))
    assert r.stdout.split() == ["0", "8", "120.0"], r.stderr


def test_the_deadline_sweep_retries_when_the_database_refuses_a_connection(monkeypatch, db):
    """A refused connection schedules a retry with a backoff instead of failing the run."""
    from celery.exceptions import Retry
    from django.db import OperationalError

    from tournaments import tasks

    def refused():
        raise OperationalError("FATAL: sorry, too many clients already")

    monkeypatch.setattr(tasks.services, "deadlines_sweep", refused)
    with pytest.raises(Retry, match=r"Retry in \d+s"):
        tasks.sweep_deadlines_task.apply(throw=True)
