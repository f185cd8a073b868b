"""Dealing the unseen cards into places (hands, talon, stock) under constraints, for the samplers.

>>> import random
>>> out = assign([1, 2, 3, 4], [2, 2], [0b11110, 0b00110], random.Random(1))
>>> out is not None and out[1] == 0b00110  # slot 1 may only hold cards 1 and 2
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from atout.core.cards import Card
from atout.core.cardset import mask


def card_ids(codes: Iterable[str]) -> list[int]:
    """Card ids of codes."""
    return [Card.parse(c).id for c in codes]


def codes_mask(codes: Iterable[str]) -> int:
    """The bitmask of card codes."""
    return mask(card_ids(codes))


def assign(cards: Sequence[int], capacity: Sequence[int], allowed: Sequence[int], rng: random.Random,
           tries: int = 20) -> list[int] | None:
    """Deal ``cards`` into slots of the given capacities, each card only to a slot whose ``allowed`` mask has it.

    Most constrained cards first, each to an allowed slot drawn in proportion to its room left (close to
    uniform over the consistent deals); None if no consistent deal was found in ``tries`` attempts.
    """
    if len(cards) != sum(capacity):
        return None
    slots = range(len(capacity))
    options = {c: [k for k in slots if allowed[k] >> c & 1] for c in cards}
    for _ in range(tries):
        order = list(cards)
        rng.shuffle(order)
        order.sort(key=lambda c: len(options[c]))
        room = list(capacity)
        out = [0] * len(capacity)
        for c in order:
            choices = [k for k in options[c] if room[k]]
            if not choices:
                break
            x = rng.randrange(sum(room[k] for k in choices))
            for k in choices:
                x -= room[k]
                if x < 0:
                    break
            out[k] |= 1 << c
            room[k] -= 1
        else:
            return out
    return None


def plays_in_history(history: Sequence[tuple[int, str]], players: int) -> list[int]:
    """Per seat, the bitmask of the cards it played in the deal (``play X`` entries)."""
    played = [0] * players
    for seat, text in history:
        if text.startswith("play "):
            played[seat] |= 1 << Card.parse(text[5:]).id
    return played
