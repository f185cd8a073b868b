"""One package per game; importing this package registers them all."""

from atout.games import (  # noqa: F401
    mistigri,
    prime,
    tarot,
    tarot1637,
    triomphe,
)

