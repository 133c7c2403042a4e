"""Draw static/root/favicon.ico (16 and 32 px) and static/icon-64.png: a white horseshoe on the site's purple, standard library only.

Run by hand if the icon should change: ``python scripts/make_favicon.py``.
"""
from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

PURPLE = (0x7B, 0x3F, 0xA0)
WHITE = (0xFF, 0xFF, 0xFF)
GOLD = (0xF5, 0xC5, 0x42)
SUPERSAMPLE = 4


def _shade(x: float, y: float) -> tuple[tuple[int, int, int], float] | None:
    """Colour and coverage at (x, y) in a unit square: rounded square, horseshoe ring open at the bottom."""
    r = 0.22  # corner radius of the background
    cx, cy = min(max(x, r), 1 - r), min(max(y, r), 1 - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return None
    dx, dy = x - 0.5, y - 0.47
    dist, angle = math.hypot(dx, dy), math.degrees(math.atan2(dy, dx))  # y grows downwards: 90° is straight down
    if 0.20 <= dist <= 0.33 and not 50 <= angle <= 130:
        return (GOLD if abs(dist - 0.265) < 0.02 and int((angle + 180) / 30) % 2 == 0 else WHITE), 1.0
    return PURPLE, 1.0


def _pixels(size: int) -> bytes:
    rows = []
    n = SUPERSAMPLE
    for py in range(size):
        row = bytearray([0])  # PNG filter type 0
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(n):
                for sx in range(n):
                    hit = _shade((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size)
                    if hit is not None:
                        (red, green, blue), alpha = hit
                        acc[0] += red * alpha
                        acc[1] += green * alpha
                        acc[2] += blue * alpha
                        acc[3] += alpha
            a = acc[3] / (n * n)
            rgb = [int(c / acc[3]) if acc[3] else 0 for c in acc[:3]]
            row += bytes([*rgb, int(round(a * 255))])
        rows.append(bytes(row))
    return b"".join(rows)


def _png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(_pixels(size), 9)) + chunk(b"IEND", b"")


def ico(sizes: tuple[int, ...] = (16, 32)) -> bytes:
    images = [_png(s) for s in sizes]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, data in zip(sizes, images):
        out += struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return out + b"".join(images)


if __name__ == "__main__":
    root = Path(__file__).resolve().parents[1] / "static"
    (root / "root" / "favicon.ico").write_bytes(ico())  # served at /favicon.ico (WHITENOISE_ROOT)
    (root / "icon-64.png").write_bytes(_png(64))  # the page icon for high-density screens
    print("wrote", root / "root" / "favicon.ico", root / "icon-64.png")
