"""Phrases shared by every game: cards played, tricks won, deals and matches, the core's error codes.

A game's module (``atout.present.games.<game>``) overrides any of these entries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.core.events import Event
from atout.present.catalogs import Section

if TYPE_CHECKING:
    from atout.present import Table

EVENTS: Section = Section("common", "events")

ERRORS: Section = Section("common", "errors")

WORDS: Section = Section("common", "words")

#: Typed words (accent-free, lower case) -> canonical action verbs, in every game.
VERBS: Section = Section("common", "verbs")


def default_breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Each seat's score for the deal, when a game has no breakdown of its own."""
    from atout.present import catalogs, number

    row = event.data.get("row", [])
    lines = [catalogs.text("common", "breakdown", "score", lang)]
    lines += [catalogs.text("common", "breakdown", "seat", lang).format(seat=table.seat_name(s, lang), n=number(v, lang))
              for s, v in enumerate(row)]
    return lines
