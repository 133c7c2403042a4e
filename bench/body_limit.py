"""Memory of daphne under oversized uploads (run by hand; prints figures).

    python bench/body_limit.py --port 8151

Starts daphne (embedded settings), reads its resident memory, then eight clients at once each send a
50 MB body to /api/decklists/validate/ (really sending it, as an attacker would) while a ninth times
GET /api/games/. Prints the memory before, at the peak and after, how each upload was answered and how
long the unrelated GET took. With the limit (config/limits.py) every upload is answered 413 as soon as
its headers arrive and memory stays flat.
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BODY = 50 * 1024 * 1024


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def upload(port: int, answers: list) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    start = time.monotonic()
    sock.sendall(b"POST /api/decklists/validate/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 + f"Content-Length: {BODY}\r\n\r\n".encode())
    chunk, sent = b"[" * 65536, 0
    try:
        while sent < BODY:
            sock.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    sock.settimeout(60)
    try:
        head = sock.recv(64).split(b"\r\n")[0].decode(errors="replace")
    except OSError as exc:
        head = f"no answer ({exc.__class__.__name__})"
    answers.append((head, sent // (1024 * 1024), round(time.monotonic() - start, 2)))
    sock.close()


def timed_get(port: int) -> float:
    sock = socket.create_connection(("127.0.0.1", port))
    start = time.monotonic()
    sock.sendall(b"GET /api/games/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    while sock.recv(65536):
        pass
    sock.close()
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8151)
    args = parser.parse_args()
    env = os.environ | {"DJANGO_ALLOWED_HOSTS": "127.0.0.1", "PONYHALL_HTTPS": "0"}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env.setdefault("PONYHALL_VAR_DIR", tempfile.mkdtemp(prefix="ponyhall-body-"))
    proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(args.port), "config.asgi:application"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(120):
            try:
                socket.create_connection(("127.0.0.1", args.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.25)
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        baseline_get = timed_get(args.port)
        before = rss_mb(proc.pid)
        answers: list = []
        peak = before
        threads = [threading.Thread(target=upload, args=(args.port, answers)) for _ in range(8)]
        for t in threads:
            t.start()
        during_get = timed_get(args.port)
        while any(t.is_alive() for t in threads):
            peak = max(peak, rss_mb(proc.pid))
            time.sleep(0.05)
        time.sleep(1)
        after = rss_mb(proc.pid)
        print(f"daphne RSS: {before:.0f} MB before, {peak:.0f} MB peak, {after:.0f} MB after 8 x 50 MB uploads")
        for head, sent, seconds in answers:
            print(f"  upload answered {head!r} after {seconds} s ({sent} MB of 50 sent before the server closed)")
        print(f"GET /api/games/: {baseline_get * 1000:.0f} ms alone, {during_get * 1000:.0f} ms during the uploads")
    finally:
        proc.terminate()
        proc.wait(timeout=20)


if __name__ == "__main__":
    main()
