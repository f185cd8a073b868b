"""Outside opponents (issue 11): players written by other projects, driven through atout's protocol.

Each is registered only when its package imports (the optional ``peers`` extra): ``magmacrunch``
(magmacrunch-tarot's computer players, Tarot at four) and ``ismcts`` (OpenSpiel's information-set
Monte Carlo tree search). :data:`AVAILABLE` names those that registered here.

>>> from atout.bots.outside import AVAILABLE
>>> set(AVAILABLE) <= {"magmacrunch", "ismcts"}
True
"""

from __future__ import annotations

from atout.bots.base import register_bot

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
