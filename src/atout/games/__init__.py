"""One package per game; importing this package registers them all."""

from atout.games import tarot, triomphe  # noqa: F401
from atout.games import prime  # noqa: F401
from atout.games import mistigri  # noqa: F401
from atout.games import tarot1637  # noqa: F401

