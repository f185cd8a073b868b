"""What a hint's reason is made of: the card groups (a suit, the trumps, the Excuse) as the seat sees them.

Shared by :mod:`atout.present.hints` (card play) and :mod:`atout.present.hint_games` (the other choices).

>>> from atout.core.cards import Card
>>> from atout.core.protocol import Observation
>>> obs = Observation(game="tarot", seat=0, phase="play", current_player=0, hand=(), legal_actions=(), public={})
>>> group(Card.parse("T21"), obs, "tarot"), group(Card.parse("EX"), obs, "tarot"), group(Card.parse("KH"), obs, "tarot")
('T', 'X', 'H')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.core.cards import Card, Suit
from atout.core.errors import NotationError
from atout.core.protocol import Observation

#: A card's strength in its suit in the game being played (``GameState.card_strength``).
Strength = Callable[[Card], int]
Reason = tuple[str, dict[str, Any]]

#: The group a card counts in: a suit's letter, or "T" for the trumps (and "X" for the Excuse or the Mat).
TRUMPS, EXCUSE = "T", "X"


def _trump_suit(obs: Observation) -> str | None:
    """The trump suit's letter where a suit is trumps (La Triomphe, Mistigri), else None (the tarots)."""
    raw = obs.public.get("trump")
    if not isinstance(raw, str):
        return None
    try:
        return Suit.parse(raw).letter
    except NotationError:
        return None


def group(c: Card, obs: Observation, game: str) -> str:
    """The suit ``c`` counts as: ``"T"`` for a trump (the valet de trèfle at Mistigri, seed 003), ``"X"`` for
    the Excuse, else its suit's letter."""
    if c.is_excuse:
        return EXCUSE
    if c.is_trump:
        return TRUMPS
    assert c.suit is not None
    letter = "SHDC"[c.suit]
    if letter == _trump_suit(obs) or (game == "mistigri" and c.code == "JC"):
        return TRUMPS
    return letter
