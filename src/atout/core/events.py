"""Events: what happened at the table, as language-free data for narration, logs and the web.

A game appends an :class:`Event` for each thing a person at the table would notice (a card played, a
trick won, a bid, the talon shown, a deal's result…). ``kind`` is a word, ``data`` holds JSON-able
values only (card codes, seats, numbers, words); ``to`` limits an event to one seat (``None``: public).
The presentation layer (``atout.present``) turns events into sentences in French or English.

>>> e = Event("trick_won", seat=2, data={"cards": ["KS", "7S"], "trick": 1})
>>> e.public, e.visible_to(0)
(True, True)
>>> Event("ecart_made", seat=1, data={"cards": ["2H"]}, to=1).visible_to(0)
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened: its kind, the seat it is about (if any), its data, who may see it."""

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = {}
    to: int | None = None  # None: every seat and spectators; a seat: that seat only

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"kind", "seat", "data"}``."""
        return {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}
