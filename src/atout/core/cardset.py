"""Sets of cards as Python ints used as bitmasks (bit ``i`` = the card with id ``i``).

>>> from atout.core.cards import cards
>>> m = mask(cards("KS QS T21"))
>>> [c.code for c in to_cards(m)]
['QS', 'KS', 'T21']
>>> count(m)
3
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from atout.core.cards import CARDS, EXCUSE_ID, PLAIN_CARDS, Card, Suit

#: Bitmask of each plain suit's 14 cards (ids suit*14 .. suit*14+13).
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 14) - 1) << (14 * s) for s in Suit)
#: Bitmask of the 21 tarot trumps (ids 56..76).
TRUMPS_MASK: int = ((1 << 21) - 1) << PLAIN_CARDS
EXCUSE_BIT: int = 1 << EXCUSE_ID


def mask(items: Iterable[Card | int]) -> int:
    """The bitmask of some cards (Card objects or ids)."""
    m = 0
    for c in items:
        m |= 1 << (c if isinstance(c, int) else c.id)
    return m


def ids(m: int) -> Iterator[int]:
    """Card ids in the mask, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def to_cards(m: int) -> list[Card]:
    """Cards in the mask, by id."""
    return [CARDS[i] for i in ids(m)]


def count(m: int) -> int:
    return m.bit_count()


def codes(m: int) -> list[str]:
    """Card codes in the mask, by id (the canonical order used in records and observations)."""
    return [CARDS[i].code for i in ids(m)]
