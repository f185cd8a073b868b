"""Packs: named subsets of the one card universe, with their display style.

>>> len(PIQUET32), len(TAROT78_FRENCH), len(TAROT66_1637), len(PRIME40)
(32, 78, 66, 40)
>>> PIQUET32.contains(Card.parse("7S")), PIQUET32.contains(Card.parse("6S"))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.core.cards import CARD_COUNT, CARDS, Card, Rank, Suit
from atout.core.cardset import mask, to_cards


@dataclass(frozen=True)
class Pack:
    """A pack: its name, its cards (as a bitmask) and whether it shows Italian suits."""

    name: str
    mask: int
    italian: bool = False
    description: str = ""

    @property
    def cards(self) -> list[Card]:
        """The pack's cards, by id."""
        return to_cards(self.mask)

    def contains(self, card: Card) -> bool:
        return bool(self.mask >> card.id & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()


def _plain(ranks: set[Rank], suits: tuple[Suit, ...] = tuple(Suit)) -> int:
    return mask(c for c in CARDS[:56] if c.rank in ranks and c.suit in suits)


_ALL_RANKS = set(Rank)
_PIQUET_RANKS = {Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}

PIQUET32 = Pack("piquet32", _plain(_PIQUET_RANKS), description="32-card piquet pack: 7-10, J, Q, K, A")
TAROT78_FRENCH = Pack(
    "tarot78-french", (1 << CARD_COUNT) - 1, description="French-suited tarot: 4 x 14 cards, 21 trumps, Excuse"
)
TAROT78_ITALIAN = Pack(
    "tarot78-italian", (1 << CARD_COUNT) - 1, italian=True, description="Italian-suited tarot (Marseille type)"
)

# The 1637 pack (decks.md §3, seed 000): the Italian-suited tarot less the 10, 9, 8 of Cups (H) and Coins (D)
# and the 3, 2, Ace of Swords (S) and Batons (C): 4 x 11 suit cards, 21 trumps, the Mat. 66 cards.
TAROT66_1637 = Pack(
    "tarot66-1637",
    TAROT78_ITALIAN.mask
    & ~_plain({Rank.TEN, Rank.NINE, Rank.EIGHT}, (Suit.HEARTS, Suit.DIAMONDS))
    & ~_plain({Rank.THREE, Rank.TWO, Rank.ACE}, (Suit.SPADES, Suit.CLUBS)),
    italian=True,
    description="the 1637 tarot pack (Marolles): 66 cards, Italian suits",
)
# La Prime (decks.md §5, seed 004): a French pack without 8, 9, 10: A, 2-7, J, Q, K in four suits. 40 cards.
PRIME40 = Pack(
    "prime40",
    _plain(_ALL_RANKS - {Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.KNIGHT}),
    description="40-card pack for La Prime: A, 2-7, J, Q, K",
)

PACKS: dict[str, Pack] = {p.name: p for p in (PIQUET32, TAROT78_FRENCH, TAROT78_ITALIAN, TAROT66_1637, PRIME40)}


def register_pack(pack: Pack) -> Pack:
    """Add a pack defined by a game package (e.g. the 1637 66-card pack)."""
    PACKS[pack.name] = pack
    return pack
