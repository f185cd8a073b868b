"""La Prime's hands: card values and the ranking flux > 55 > prime > point (seed 004).

A hand is four cards of the 40-card pack (``PRIME40``). :func:`evaluate` gives its class and the
value compared within the class; hands compare as tuples, so ``evaluate(a) > evaluate(b)`` means
*a* wins, and equal tuples are a tie ("personne ne gagne ni perd").

>>> evaluate("7H 6H AH KS")
HandValue(category=<Category.CINQUANTE_CINQ: 3>, value=55)
>>> evaluate("2C 3C 4C 5C") > evaluate("7H 6H AH KS")      # PRIME-1: a flux beats the 55
True
>>> evaluate("7D 5D KS 2H").category.name, evaluate("7D 5D KS 2H").value
('POINT', 36)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

from atout.core.cards import Card, Rank, cards
from atout.core.packs import PRIME40

# Seed 004: "Le 7 vaut trois fois sa valeur, c'est-à-dire, 21 points. Le 6 de même 18. Le 5 de même 15.
# Le 4 vaut sa valeur & 10 de plus 14. Le 3 … 13. Le 2 … 12. Les trois figures valent chacune 10.
# L'As vaut 16."
RANK_VALUES: dict[Rank, int] = {
    Rank.SEVEN: 21,
    Rank.SIX: 18,
    Rank.ACE: 16,
    Rank.FIVE: 15,
    Rank.FOUR: 14,
    Rank.THREE: 13,
    Rank.TWO: 12,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
}
#: Value of each card id 0..55 (0 for cards outside the Prime pack: 8, 9, 10, knights).
VALUES: tuple[int, ...] = tuple(RANK_VALUES.get(Rank(cid % 14 + 1), 0) for cid in range(56))
#: Per suit, the bitmask of its Ace, 6 and 7: the three cards of the cinquante-cinq (16 + 18 + 21 = 55).
FIFTY_FIVE_MASKS: tuple[int, ...] = tuple((1 << (s * 14)) | (1 << (s * 14 + 5)) | (1 << (s * 14 + 6)) for s in range(4))


class Category(enum.IntEnum):
    """The four classes of hands, weakest first (seed 004: "On gagne par le point, par la Prime, par le
    55. ou par le flux")."""

    POINT = 1  # le point: the best two or three cards of one suit
    PRIME = 2  # la prime: one card of each suit
    CINQUANTE_CINQ = 3  # le 55: Ace, 6 and 7 of one suit (the fourth card of another suit)
    FLUX = 4  # le flux: four cards of one suit

    @property
    def word(self) -> str:
        """The French word used in events and records: point, prime, cinquante_cinq, flux."""
        return self.name.lower()


class HandValue(NamedTuple):
    """A hand's class and the value compared inside the class; tuples order hands from weak to strong."""

    category: Category
    value: int


def evaluate_ids(hand: tuple[int, int, int, int] | list[int]) -> HandValue:
    """:func:`evaluate` on four card ids (the engine's and the bots' fast path; no checks)."""
    sums = [0, 0, 0, 0]
    counts = [0, 0, 0, 0]
    bits = 0
    for c in hand:
        s = c // 14
        sums[s] += VALUES[c]
        counts[s] += 1
        bits |= 1 << c
    suits = 4 - counts.count(0)
    # Seed: "Le flux est composé de quatre cartes de la même couleur"; compared by strength (D3: the sum).
    if suits == 1:
        return HandValue(Category.FLUX, sum(sums))
    # Seed: "Le cinquante-cinq est composé du 7, du 6 & de l'as de la même espèce"; two 55s are equal.
    for s in range(4):
        if counts[s] == 3 and bits & FIFTY_FIVE_MASKS[s] == FIFTY_FIVE_MASKS[s]:
            return HandValue(Category.CINQUANTE_CINQ, 55)
    # Seed: "La prime est composée de quatre cartes des quatre espèces différentes"; D3: the sum.
    if suits == 4:
        return HandValue(Category.PRIME, sum(sums))
    # Seed: "Le point est la quantité de points que produisent deux ou trois cartes ensemble de la même espèce".
    return HandValue(Category.POINT, max(sums[s] for s in range(4) if counts[s] >= 2))


def point_cards(hand: Iterable[str]) -> list[str]:
    """The cards that make a point: those of the suit whose two or three cards sum highest (seed 004, "deux ou
    trois cartes ensemble de la même espèce"), in the hand's order; the first such suit on a tie.

    >>> point_cards(["2H", "KS", "7H", "5C"])
    ['2H', '7H']
    """
    codes = list(hand)
    by_suit: dict[str, list[str]] = {}
    for code in codes:
        by_suit.setdefault(code[-1], []).append(code)
    groups = [g for g in by_suit.values() if len(g) >= 2]
    return max(groups, key=lambda g: sum(card_value(c) for c in g)) if groups else []


def evaluate(hand: Iterable[Card | str] | str) -> HandValue:
    """The class and value of a four-card hand (cards, codes, or one string of codes).

    Raises ValueError for anything but four distinct cards of the 40-card pack.

    >>> evaluate(["7S", "7D", "7C", "5H"])
    HandValue(category=<Category.PRIME: 2>, value=78)
    """
    parsed = cards(hand) if isinstance(hand, str) else [c if isinstance(c, Card) else Card.parse(c) for c in hand]
    if len(parsed) != 4:
        raise ValueError(f"a hand of La Prime has four cards, not {len(parsed)} (seed 004, 'ses quatre cartes')")
    for c in parsed:
        if not PRIME40.contains(c):
            raise ValueError(f"{c.code} is not in the 40-card pack of La Prime (no 8, 9, 10 or knight)")
    if len({c.id for c in parsed}) != 4:
        raise ValueError(f"a hand cannot hold the same card twice: {' '.join(c.code for c in parsed)}")
    return evaluate_ids([c.id for c in parsed])


def card_value(card: Card | str) -> int:
    """A card's value at La Prime (seed 004): 7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, figures 10.

    >>> card_value("7H"), card_value("AS"), card_value("KD")
    (21, 16, 10)
    """
    c = card if isinstance(card, Card) else Card.parse(card)
    if not PRIME40.contains(c):
        raise ValueError(f"{c.code} is not in the 40-card pack of La Prime")
    return VALUES[c.id]
