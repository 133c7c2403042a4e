"""Login throttling: django-axes' backend, for every login that comes with a request (the login page, the API
token endpoint). Logins made by code without a request (the test client's ``login``, management commands)
are not throttled: they are not reachable from outside."""
from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from axes.handlers.proxy import AxesProxyHandler
from axes.utils import reset


class LoginThrottleBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def login_locked_out(request, *, username: str) -> bool:
    """True while ``username`` (or the request's address) is locked out after too many wrong passwords."""
    return AxesProxyHandler.is_locked(getattr(request, "_request", request), credentials={"username": username})


def login_unlock(*, username: str) -> int:
    """Clear the failed attempts of ``username``; returns how many records were removed."""
    return reset(username=username)


LOCKED_OUT_TEXT = ("Too many wrong passwords: logging in is paused for this account (or this address) for "
                   "{minutes} minutes. Ask the event's organiser or an admin to unlock it sooner.")
