"""Registers each game's own bots under their names."""

from atout.bots import triomphe  # noqa: F401
