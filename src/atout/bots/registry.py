"""Registers each game's own bots under their names."""

from atout.bots import (
    tarot,  # noqa: F401
    triomphe,  # noqa: F401
)
