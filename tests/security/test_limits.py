"""Bounded input (config/limits.py): oversized bodies are refused before they are read, on every route;
oversized or too deeply nested websocket messages close the socket; JSON depth and size have one guard."""
from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from channels.testing import WebsocketCommunicator
from rest_framework.test import APIClient

from config.asgi import application

pytestmark = pytest.mark.django_db

LIMIT = 1024 * 1024


def _http_scope(path: str, *, headers: list[tuple[bytes, bytes]]) -> dict:
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
        "headers": [(b"host", b"testserver"), *headers], "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
    }


async def _response(comm: ApplicationCommunicator) -> tuple[int, bytes]:
    start = await comm.receive_output(timeout=5)
    body = await comm.receive_output(timeout=5)
    return start["status"], body.get("body", b"")


@pytest.mark.parametrize("path", ["/api/decklists/validate/", "/decklists/", "/api/auth/token/", "/accounts/login/"])
def test_a_body_declared_larger_than_the_limit_is_refused_before_it_is_read(path):
    async def scenario():
        comm = ApplicationCommunicator(application, _http_scope(path, headers=[
            (b"content-type", b"application/json"), (b"content-length", str(50 * 1024 * 1024).encode())]))
        # Not one byte of the body is sent: the answer must come from the header alone.
        return await _response(comm)

    status, body = async_to_sync(scenario)()
    assert status == 413
    assert "1024 KB" in json.loads(body)["detail"]


def test_a_body_without_a_length_is_cut_off_once_it_passes_the_limit():
    async def scenario():
        comm = ApplicationCommunicator(application, _http_scope("/api/decklists/validate/", headers=[(b"content-type", b"application/json")]))
        chunk = b" " * (256 * 1024)
        for _ in range(5):  # 1.25 MB: over the limit at the fifth chunk; nothing after that is asked for
            await comm.send_input({"type": "http.request", "body": chunk, "more_body": True})
        return await _response(comm)

    status, _ = async_to_sync(scenario)()
    assert status == 413


def test_a_body_under_the_limit_still_reaches_the_view():
    client = APIClient()
    r = client.post("/api/decklists/validate/", {"format": "mlp-harmony", "text": "1 Twilight Sparkle"}, format="json")
    assert r.status_code in (200, 400)
    assert r.status_code != 413


@pytest.mark.parametrize("body", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": ' + '{"a": ' * 50_000 + "1" + "}" * 50_000 + "}",
])
def test_deeply_nested_json_is_a_400_not_a_recursion_error(body):
    r = APIClient().post("/api/decklists/validate/", body, content_type="application/json")
    assert r.status_code == 400
    assert "nested deeper than 32 levels" in r.json()["detail"]


def test_json_nested_within_the_limit_is_parsed():
    body = json.dumps({"format": "mlp-harmony", "cards": [[[["x"]]]]})
    r = APIClient().post("/api/decklists/validate/", body, content_type="application/json")
    assert r.status_code == 400
    assert "nested" not in json.dumps(r.json())


def test_brackets_inside_strings_do_not_count_as_nesting():
    from config.limits import json_depth_check

    json_depth_check(json.dumps({"text": "[" * 10_000}))  # no error


@pytest.fixture
def open_event(make_event, organiser, act):
    from tournaments import services

    event = make_event(tier=2)
    act(services.event_open_registration, event=event, by=organiser)
    return event


@pytest.fixture(autouse=True)
def keep_test_connection(monkeypatch):
    import channels.db

    monkeypatch.setattr(channels.db, "close_old_connections", lambda: None)


async def _socket(slug: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/events/{slug}/", headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")])
    connected, _ = await comm.connect()
    assert connected
    await comm.receive_json_from()  # hello
    return comm


@pytest.mark.parametrize("message, code", [
    ("x" * (64 * 1024 + 1), 1009),
    ("[" * 1000 + "]" * 1000, 1007),
])
def test_an_oversized_or_too_deep_websocket_message_closes_the_socket(open_event, message, code):
    async def scenario():
        comm = await _socket(open_event.slug)
        await comm.send_to(text_data=message)
        out = await comm.receive_output(timeout=3)
        await comm.wait()
        return out

    out = async_to_sync(scenario)()
    assert out == {"type": "websocket.close", "code": code}


def test_a_normal_websocket_message_is_answered(open_event):
    async def scenario():
        comm = await _socket(open_event.slug)
        await comm.send_json_to({"type": "ping"})
        reply = await comm.receive_json_from(timeout=3)
        await comm.disconnect()
        return reply

    assert async_to_sync(scenario)()["type"] == "pong"


def test_a_websocket_from_another_origin_is_refused(open_event):
    async def scenario():
        comm = WebsocketCommunicator(application, f"/ws/events/{open_event.slug}/",
                                     headers=[(b"origin", b"https://evil.example"), (b"host", b"testserver")])
        connected, _ = await comm.connect()
        return connected

    assert async_to_sync(scenario)() is False


def _api_views():
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns):
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns)
            elif isinstance(p, URLPattern):
                cls = getattr(p.callback, "cls", None)
                if cls is not None:
                    yield cls

    return set(walk(get_resolver().url_patterns))


def test_every_api_view_reads_json_through_the_bounded_parser():
    """A view that lists its own parsers must keep the guard (a plain JSONParser recursed 100,000 levels)."""
    from rest_framework.parsers import JSONParser

    from config.limits import BoundedJSONParser

    unguarded = [
        cls.__name__ for cls in _api_views()
        for parser in getattr(cls, "parser_classes", [])
        if issubclass(parser, JSONParser) and not issubclass(parser, BoundedJSONParser)
    ]
    assert unguarded == []
