"""Under daphne itself: an oversized body is answered 413 from its Content-Length alone (no byte of it
sent), and a chunked body is cut off once it passes the limit — before daphne buffers it anywhere."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def daphne_port(tmp_path_factory):
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env |= {"DJANGO_ALLOWED_HOSTS": "127.0.0.1", "PONYHALL_HTTPS": "0", "PONYHALL_VAR_DIR": str(tmp_path_factory.mktemp("var"))}
    proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(120):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.25)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _answer(sock: socket.socket, timeout: float = 5) -> bytes:
    sock.settimeout(timeout)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


def test_a_declared_50_mb_body_is_answered_413_at_once(daphne_port):
    sock = socket.create_connection(("127.0.0.1", daphne_port))
    start = time.monotonic()
    sock.sendall(b"POST /api/decklists/validate/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 52428800\r\n\r\n")
    answer = _answer(sock)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert time.monotonic() - start < 3
    sock.close()


def test_a_chunked_body_is_cut_off_at_the_limit(daphne_port):
    sock = socket.create_connection(("127.0.0.1", daphne_port))
    sock.sendall(b"POST /api/decklists/validate/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b" " * (256 * 1024)
    try:
        for _ in range(8):  # 2 MB offered, 1 MB allowed
            sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server closed the connection after answering
    assert _answer(sock).startswith(b"HTTP/1.1 413")
    sock.close()


def test_an_ordinary_request_is_served(daphne_port):
    sock = socket.create_connection(("127.0.0.1", daphne_port))
    sock.sendall(b"GET /api/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert _answer(sock).startswith(b"HTTP/1.1 ")
    sock.close()
