"""Logging filters: a refused request is one line in the log, not a traceback."""
from __future__ import annotations

import logging


class ClientErrorWithoutTraceback(logging.Filter):
    """``django.request`` logs a 403/404 raised as an exception with its traceback; a refused request is
    the user's mistake, not the server's, so keep the one line ("Forbidden (...): /path") and drop the
    traceback. Server errors (5xx) keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status is not None and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
