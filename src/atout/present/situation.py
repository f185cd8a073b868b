"""What a table shows beside the narration, for both tables: a game's facts at a decision, the end of a match.

A game's present module may define ``situation(public, lang, table) -> list[str]`` (the facts a player needs
now: La Prime's stake, pot and chips), ``sheet_teams(totals, teams, lang, table)`` (a line per side under the
score sheet) and ``match_result(totals, teams, lang, table)`` (the winning side and the sides ranked); the
terminal (``atout play``) prints them and the web frame carries them (``facts``).

>>> from atout.present import Table
>>> facts("prime", {"stacks": [100, 96], "bettor": 1, "stake": 4, "pot": 4}, "en", Table("prime", 2, me=0))
["Player 2's bet: 4 chips to accept; in the pot: 4 chips.", 'Chips — Player 1 (you): 100 · Player 2: 96.']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atout.present import Table, phrases


def _hook(game: str, name: str) -> Any:
    return getattr(phrases(game).module, name, None)


def facts(game: str, public: Mapping[str, Any], lang: str, table: Table) -> list[str]:
    """The game's facts for a seat (``table.me``) or a spectator (``me=None``): [] when the game has none."""
    hook = _hook(game, "situation")
    return list(hook(dict(public), lang, table)) if callable(hook) else []


def sheet_teams(game: str, totals: list[Any], teams: list[int] | None, lang: str, table: Table) -> str | None:
    """A line of totals per side under the sheet, or None (no sides, or a game that shows none)."""
    hook = _hook(game, "sheet_teams")
    return hook(totals, teams, lang, table) if callable(hook) else None


def match_result(game: str, totals: list[Any], teams: list[int] | None, lang: str, table: Table) -> list[str] | None:
    """The end of a match by side (the winner named, the sides ranked), or None: the table ranks the seats."""
    hook = _hook(game, "match_result")
    return hook(totals, teams, lang, table) if callable(hook) else None


def ordinal(place: int, lang: str, tied: bool = False) -> str:
    """``1er``, ``2e`` in French; ``1st``, ``2nd``, ``3rd``, ``4th`` in English (the catalog's ``ordinal`` keys);
    ``tied``: a place shared, ``1er ex aequo``, ``1st (tied)`` (two "1er" in a row read as a mistake).

    >>> ordinal(1, "fr"), ordinal(2, "fr"), ordinal(3, "en"), ordinal(1, "fr", tied=True)
    ('1er', '2e', '3rd', '1er ex aequo')
    """
    words = phrases("common").section("play_labels", lang)
    keys = [f"ordinal/{place}"] + ([] if 11 <= place % 100 <= 13 else [f"ordinal/last{place % 10}"]) + ["ordinal"]
    said = next(words[k] for k in keys if k in words).format(n=place)
    return words["ordinal_tied"].format(place=said) if tied else said
