"""Seeded randomness: every chance event in atout flows from an explicit seed.

There is no global RNG: a state owns a :class:`random.Random` built here and records its seed.
"""

from __future__ import annotations

import random
import secrets


def new_seed() -> int:
    """A fresh seed for a caller that gave none; it is recorded so the game can be replayed."""
    return secrets.randbits(32)


def make_rng(seed: int) -> random.Random:
    """The generator for a seed (Mersenne Twister, stable across Python versions for ``shuffle``)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return random.Random(seed)


def clone_rng(rng: random.Random) -> random.Random:
    """An independent copy of a generator in the same position."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy
