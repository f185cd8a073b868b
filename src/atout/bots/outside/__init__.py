"""Outside opponents (issue 11): players written by other projects, driven through atout's protocol.

Each is registered only when its package imports (the optional ``peers`` extra): ``magmacrunch``
(magmacrunch-tarot's computer players, Tarot at four) and ``ismcts`` (OpenSpiel's information-set
Monte Carlo tree search). :data:`AVAILABLE` names those that registered here.

>>> from atout.bots.outside import AVAILABLE
>>> set(AVAILABLE) <= {"magmacrunch", "ismcts"}
True
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

from atout.bots.base import Bot, register_bot

#: The outside bots registered in this interpreter, with the games they play.
AVAILABLE: dict[str, tuple[str, ...]] = {}
#: Why an outside bot is missing (its package failed to import), by name.
MISSING: dict[str, str] = {}

try:
    from atout.bots.outside.magmacrunch import MagmacrunchBot
except ImportError as exc:  # the peers extra is not installed
    MISSING["magmacrunch"] = f"magmacrunch-tarot is not installed ({exc})"
else:
    register_bot("tarot", "magmacrunch", MagmacrunchBot)
    AVAILABLE["magmacrunch"] = ("tarot",)


def _ismcts_factory(game: str) -> Callable[[int], Bot]:
    def make(seed: int) -> Bot:
        from atout.bots.outside.ismcts import IsmctsBot  # imported on first use: OpenSpiel is slow to load

        return IsmctsBot(seed, game=game)

    return make


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported, without importing it (OpenSpiel takes a while to load)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


if not _installed("pyspiel"):
    MISSING["ismcts"] = "OpenSpiel (open-spiel) is not installed"
else:
    for _game in ("triomphe", "tarot"):
        register_bot(_game, "ismcts", _ismcts_factory(_game))
    AVAILABLE["ismcts"] = ("triomphe", "tarot")
