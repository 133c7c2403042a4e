"""Bounded input for every endpoint: request bodies, websocket messages and JSON nesting.

One place decides the limits (settings ``PONYHALL_MAX_BODY_BYTES``, ``PONYHALL_MAX_WEBSOCKET_MESSAGE_BYTES``,
``PONYHALL_MAX_JSON_DEPTH``) and three guards apply them, so an endpoint added later gets them for free:

- ``BoundedInput``, an ASGI wrapper around the whole application (``config/asgi.py``): an HTTP request whose
  ``Content-Length`` is over the limit is answered 413 before its body is read; a body sent without a length
  (chunked) is cut off and answered 413 as soon as it passes the limit; a websocket message over the limit,
  or holding JSON nested too deeply, closes the socket (1009 "message too big", 1007 "invalid data").
- ``install_daphne_request_limit``: the same Content-Length and streaming check inside daphne's Twisted
  request, which otherwise writes the whole body to a temporary file and queues all of it for the application
  before the application can look at a header.
- ``BoundedJSONParser`` (DRF's default parser) and ``json_loads_bounded``: JSON over the size or nesting limit
  is a 400 naming the rule, never a RecursionError.
"""
from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def max_body_bytes() -> int:
    return int(settings.PONYHALL_MAX_BODY_BYTES)


def max_websocket_message_bytes() -> int:
    return int(settings.PONYHALL_MAX_WEBSOCKET_MESSAGE_BYTES)


def max_json_depth() -> int:
    return int(settings.PONYHALL_MAX_JSON_DEPTH)


def too_large_text(limit: int) -> str:
    return f"The request body is larger than {limit // 1024} KB, the most this server accepts."


# --------------------------------------------------------------------------- JSON

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_JSON_BRACKET = re.compile(r"[\[\]{}]")


class JSONTooDeep(ValueError):
    pass


def json_depth_check(text: str, *, limit: int | None = None) -> None:
    """Raise ``JSONTooDeep`` when arrays/objects nest deeper than ``limit``, without parsing (a parser
    would recurse once per level first)."""
    limit = max_json_depth() if limit is None else limit
    depth = 0
    for bracket in _JSON_BRACKET.finditer(_JSON_STRING.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > limit:
                raise JSONTooDeep(f"JSON nested deeper than {limit} levels is refused.")
        else:
            depth -= 1


def json_loads_bounded(raw: bytes | str) -> Any:
    """``json.loads`` with the size and nesting limits: ``ValueError`` with a clear message otherwise."""
    if len(raw) > max_body_bytes():
        raise ValueError(too_large_text(max_body_bytes()))
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    json_depth_check(text)
    return json.loads(text)


def nul_field(data: Any, path: str = "") -> str | None:
    """The first field (dotted path) of parsed JSON whose key or text holds a NUL character, else None.
    PostgreSQL cannot store NUL in text, so it is refused at the edge with the field named."""
    if isinstance(data, str):
        return path or "body" if "\x00" in data else None
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        here = f"{path}.{key}" if path else str(key)
        if isinstance(key, str) and "\x00" in key:
            return here
        found = nul_field(value, here)
        if found:
            return found
    return None


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser behind the one size-and-depth guard; NUL characters are refused with the field."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read(max_body_bytes() + 1) if stream is not None else b""
        try:
            data = json_loads_bounded(raw)
        except UnicodeDecodeError:
            raise ParseError("JSON parse error - the body is not UTF-8.") from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        field = nul_field(data)
        if field:
            raise ParseError(f"'{field}' may not contain NUL characters.")
        return data


class TextInputGuard:
    """Django middleware: a NUL character in any query-string or form field is a 400 naming the field,
    for every page and API route (text columns cannot hold NUL; searches fold it to nothing)."""

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request):
        field = self._nul_field(request)
        if field is None:
            return self.get_response(request)
        message = f"'{field}' may not contain NUL characters."
        if request.path.startswith("/api/"):
            from django.http import JsonResponse

            return JsonResponse({"detail": message, "field": field}, status=400)
        from django.shortcuts import render

        return render(request, "errors/bad_input.html", {"message": message}, status=400)

    @staticmethod
    def _nul_field(request) -> str | None:
        from django.core.exceptions import TooManyFieldsSent

        sources = [request.GET]
        form = request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data")
        # A body over Django's form limit is left to the view, which explains it (reading it here would hide it).
        small = int(request.META.get("CONTENT_LENGTH") or 0) <= (settings.DATA_UPLOAD_MAX_MEMORY_SIZE or max_body_bytes())
        if request.method == "POST" and form and small:
            try:
                sources.append(request.POST)
            except TooManyFieldsSent:
                pass  # the view answers it
        for source in sources:
            for key, values in source.lists():
                if "\x00" in key or any("\x00" in v for v in values):
                    return key.replace("\x00", "\\0")
        return None


# --------------------------------------------------------------------------- ASGI


def declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def refuse_too_large(send: Send, limit: int) -> None:
    body = json.dumps({"detail": too_large_text(limit)}).encode()
    await send({"type": "http.response.start", "status": 413, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), (b"connection", b"close"),
    ]})
    await send({"type": "http.response.body", "body": body})


class BoundedInput:
    """ASGI wrapper: bounded HTTP bodies and websocket messages for every route of ``app``."""

    def __init__(self, app: Callable) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.app(scope, self._websocket_receive(receive, send), send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = max_body_bytes()
        declared = declared_length(scope)
        if declared is not None and declared > limit:
            await refuse_too_large(send, limit)  # refused from the header: the body is never read
            return
        received, over, started = 0, False, False

        async def capped_receive() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    over = True  # stop reading: the application sees the client go away
                    return {"type": "http.disconnect"}
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, capped_receive, tracking_send)
        if over and not started:
            await refuse_too_large(send, limit)

    def _websocket_receive(self, receive: Receive, send: Send) -> Receive:
        async def bounded_receive() -> Message:
            message = await receive()
            if message["type"] != "websocket.receive":
                return message
            data = message.get("text") if message.get("text") is not None else message.get("bytes") or b""
            size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
            code = None
            if size > max_websocket_message_bytes():
                code = 1009  # RFC 6455: message too big
            elif isinstance(data, str):
                try:
                    json_depth_check(data)
                except JSONTooDeep:
                    code = 1007  # RFC 6455: invalid frame payload data
            if code is None:
                return message
            await send({"type": "websocket.close", "code": code})
            return {"type": "websocket.disconnect", "code": code}

        return bounded_receive


# --------------------------------------------------------------------------- daphne


def install_daphne_request_limit() -> None:
    """Refuse an oversized body inside daphne's Twisted request, before it is written anywhere: from the
    ``Content-Length`` header as soon as the headers are in, or once a chunked body passes the limit."""
    try:
        from daphne.http_protocol import WebRequest
    except ImportError:  # another ASGI server: BoundedInput alone applies
        return
    if getattr(WebRequest, "_ponyhall_bounded", False):
        return
    from twisted.web.http import Request

    def refuse(request) -> None:
        request._ponyhall_refused = True
        limit = max_body_bytes()
        body = json.dumps({"detail": too_large_text(limit)}).encode()
        head = (b"HTTP/1.1 413 Content Too Large\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n")
        transport = request.channel.transport if request.channel else None
        if transport is not None:
            transport.write(head + body)
            transport.loseConnection()

    def gotLength(self, length):  # noqa: N802 (Twisted's name)
        self._ponyhall_received = 0
        if length is not None and length > max_body_bytes():
            from io import BytesIO

            self.content = BytesIO()
            refuse(self)
            return
        Request.gotLength(self, length)

    def handleContentChunk(self, data):  # noqa: N802
        if getattr(self, "_ponyhall_refused", False):
            return
        self._ponyhall_received = getattr(self, "_ponyhall_received", 0) + len(data)
        if self._ponyhall_received > max_body_bytes():
            refuse(self)
            return
        Request.handleContentChunk(self, data)

    def process(self):
        if getattr(self, "_ponyhall_refused", False):
            return None
        return original_process(self)

    original_process = WebRequest.process
    WebRequest.gotLength = gotLength
    WebRequest.handleContentChunk = handleContentChunk
    WebRequest.process = process
    WebRequest._ponyhall_bounded = True
