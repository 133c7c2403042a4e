"""A tiny serialisable PRNG (splitmix64).  Its whole state is one int kept inside the game state,
so a game's randomness is reproducible from its seed; module-level ``random`` is never used."""
from __future__ import annotations

MASK = (1 << 64) - 1


def next_u64(seed: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    seed = (seed + 0x9E3779B97F4A7C15) & MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return seed, z ^ (z >> 31)


def randbelow(seed: int, n: int) -> tuple[int, int]:
    seed, x = next_u64(seed)
    return seed, x % n


def shuffle(seed: int, items: list) -> int:
    """Fisher-Yates in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        seed, j = randbelow(seed, i + 1)
        items[i], items[j] = items[j], items[i]
    return seed
