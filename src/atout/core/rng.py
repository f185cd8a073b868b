"""Seeded randomness: every chance event in atout flows from an explicit seed.

There is no global RNG: a state owns a :class:`random.Random` built here and records its seed.

Two kinds of seed, one rule: a seed below ``2**64`` in size (every seed typed by hand, cited in a
test or stored in an old record) drives Python's Mersenne Twister exactly as it always has; a larger
one (the 128 secret bits :func:`new_seed` draws for a table, a ``simulate`` or a ``play`` without
``--seed``) drives :class:`KeyedRandom`, a stream of keyed BLAKE2b blocks. Mersenne Twister is not a
cryptographic generator: its 19,937-bit state can be solved from enough of its output, and a long
match shows a seat hundreds of bits per deal (every card is played in the end). A keyed hash shows
nothing of its key or of its next block, however many deals are seen. Both are deterministic: the
same seed and actions give the same game.

>>> make_rng(5).random() == random.Random(5).random()  # small seeds: Mersenne Twister as before
True
>>> a, b = make_rng(2**100), make_rng(2**100)
>>> type(a).__name__, [a.randrange(78) for _ in range(5)] == [b.randrange(78) for _ in range(5)]
('KeyedRandom', True)
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

#: Seeds at least this large (in absolute value) are secrets: they drive :class:`KeyedRandom`.
SECRET_SEED_MIN = 2**64
#: Seeds are below this in absolute value (``new_game`` checks it; a record holds 39 digits).
SEED_LIMIT = 2**128


def new_seed() -> int:
    """A fresh secret seed (uniform in ``[2**64, 2**128)``, from the OS's CSPRNG), recorded so the game replays.

    Always at least :data:`SECRET_SEED_MIN`, so it always drives :class:`KeyedRandom`.

    >>> SECRET_SEED_MIN <= new_seed() < SEED_LIMIT
    True
    """
    return SECRET_SEED_MIN + secrets.randbelow(SEED_LIMIT - SECRET_SEED_MIN)


def is_secret_seed(seed: int) -> bool:
    """True for a seed as large as :func:`new_seed` draws (one that drives :class:`KeyedRandom`)."""
    return abs(seed) >= SECRET_SEED_MIN


def seed_bytes(seed: int) -> bytes:
    """A seed as 17 bytes (two's complement, enough for ``-2**128 .. 2**128``): a hash key."""
    return seed.to_bytes(17, "big", signed=True)


class KeyedRandom(random.Random):
    """A :class:`random.Random` whose bits are BLAKE2b(key=seed, counter) blocks: a keyed PRF in counter mode.

    Every method of :class:`random.Random` (``shuffle``, ``randrange``, ``choice``…) works on top of
    :meth:`getrandbits`, which takes its bits in order from 512-bit blocks ``BLAKE2b(key=seed, msg=i)``,
    ``i = 0, 1, 2…``. The state is ``(seed, blocks used, unused bits)``: small, cheap to copy for a clone.
    """

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)  # calls seed()

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start the stream of the integer seed ``a`` at its first block (``version`` is ignored)."""
        if not isinstance(a, int) or isinstance(a, bool):
            raise ValueError(f"seed must be an integer, not {a!r}")
        self._seed, self._key = a, seed_bytes(a)
        self._counter, self._pool, self._bits = 0, 0, 0  # blocks drawn; bits drawn but not used, and how many

    def getrandbits(self, k: int) -> int:
        """The next ``k`` bits of the stream."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        while self._bits < k:
            block = hashlib.blake2b(self._counter.to_bytes(8, "big"), key=self._key).digest()  # 64 bytes
            self._pool = (self._pool << 512) | int.from_bytes(block, "big")
            self._counter += 1
            self._bits += 512
        self._bits -= k
        out = self._pool >> self._bits
        self._pool &= (1 << self._bits) - 1
        return out

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits, like Mersenne Twister's."""
        return self.getrandbits(53) * 2.0**-53

    def getstate(self) -> tuple[Any, ...]:
        return ("keyed", self._seed, self._counter, self._pool, self._bits)

    def setstate(self, state: tuple[Any, ...]) -> None:
        if not isinstance(state, tuple) or len(state) != 5 or state[0] != "keyed":
            raise ValueError("not a KeyedRandom state")
        self.seed(state[1])
        self._counter, self._pool, self._bits = state[2:]


def make_rng(seed: int) -> random.Random:
    """The generator for a seed: Mersenne Twister below :data:`SECRET_SEED_MIN`, else :class:`KeyedRandom`."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return KeyedRandom(seed) if is_secret_seed(seed) else random.Random(seed)


def clone_rng(rng: random.Random) -> random.Random:
    """An independent copy of a generator in the same position."""
    copy = KeyedRandom() if isinstance(rng, KeyedRandom) else random.Random()
    copy.setstate(rng.getstate())
    return copy
