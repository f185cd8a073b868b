"""The 1637 tarot (Marolles, Nevers 1637): rule options, card tables and the legality of a card.

Seed 000 (second half: "Règles du jeu des tarots" and Augustin Dupuy's manuscript addition); spec
``shared/rules/tarot-1637.md`` (sections §n, decisions Dn). Sets of cards are bitmasks over the one
78-card universe of :mod:`atout.core.cards` (Italian suits: swords S, cups H, coins D, batons C).

>>> from atout.core.cards import cards
>>> from atout.core.cardset import mask
>>> hand = mask(cards("KS 4S T5 EX"))
>>> codes(legal_play_mask(hand, led=SWORDS))  # follow suit; the Mat is always free
['4S', 'KS', 'EX']
>>> codes(legal_play_mask(hand, led=CUPS))  # void in Cups: trump (or the Mat)
['T5', 'EX']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from atout.core.cards import EXCUSE_ID, PLAIN_CARDS, TRUMP_BASE
from atout.core.cardset import SUIT_MASKS, TRUMPS_MASK, codes
from atout.core.options import check_fields
from atout.core.packs import TAROT66_1637

__all__ = ["Tarot1637Rules", "codes", "legal_play_mask", "trick_winner"]

VARIANTS: Final = ("printed", "manuscript")
VARIANT_HELP: Final = {
    "printed": "the rules printed at Nevers in 1637 (seed 000)",
    "manuscript": "with Augustin Dupuy's manuscript addition where it differs (spec §12)",
}
PLAYER_COUNTS: Final[dict[str, tuple[int, ...]]] = {"printed": (3, 2), "manuscript": (3, 2)}


@dataclass(frozen=True)
class Tarot1637Rules:
    """Rule options of the 1637 tarot (spec tarot-1637.md, "Recommended rule options")."""

    players: int = 3  # 3 (the game); 2 = two live players and the Mort, the dummy (§11, D19)
    variant: str = "printed"  # "printed" (1637 pamphlet) or "manuscript" (Dupuy addition, §12)
    deal_packets: Literal[3, 5] = 3  # 3 or 5: "trois a trois ou cinq a cinq" (seed 000; D2 for fives)
    mat_exchange_card: bool = False  # D7: the Mat's owner gives no card in exchange (True: later custom)

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise ValueError(f"the 1637 tarot is for 3 players (or 2 with the Mort), not {self.players!r}")
        if self.variant not in VARIANTS:
            raise ValueError(f"tarot1637 has no variant {self.variant!r}; variants: {', '.join(VARIANTS)}")
        if self.deal_packets not in (3, 5) or isinstance(self.deal_packets, bool):
            raise ValueError(f"deal_packets must be 3 or 5 ('trois a trois ou cinq a cinq'), not {self.deal_packets!r}")
        if not isinstance(self.mat_exchange_card, bool):
            raise ValueError(f"mat_exchange_card must be true or false, not {self.mat_exchange_card!r}")
        check_fields(self, "tarot1637")  # every option's type, as build_rules says them

    @property
    def manuscript(self) -> bool:
        return self.variant == "manuscript"


# --- cards (§2) ------------------------------------------------------------------------------------
SWORDS, CUPS, COINS, BATONS = 0, 1, 2, 3  # Italian suits on S H D C
TRUMP_SUIT: Final = 4  # "suit" code of the triomphes in the led-suit encoding
NO_SUIT: Final = -1  # nothing led yet (or only the Mat so far)
MAT: Final = EXCUSE_ID  # 77, le Mat (the Fool, the excuse)
BAGAT: Final = TRUMP_BASE + 1  # 56, trump I
MONDE: Final = TRUMP_BASE + 21  # 76, trump XXI
BELLE: Final = COINS * 14  # the Ace of Coins, "la carte de la belle"
PACK: Final = TAROT66_1637.mask
MAT_BIT: Final = 1 << MAT
TRUMPS: Final = TRUMPS_MASK  # triomphes I..XXI (the Mat apart)
TRIOMPHES: Final = TRUMPS | MAT_BIT  # the 22 triomphes of the seed: the trumps and the Mat
KINGS: Final = sum(1 << (s * 14 + 13) for s in range(4))
QUEENS: Final = KINGS >> 1
KNIGHTS: Final = KINGS >> 2
JACKS: Final = KINGS >> 3  # les Faons
KEY_TAROTS: Final = (1 << MONDE) | MAT_BIT | (1 << BAGAT)  # Monde, Mat, Bagat
TAROTS: Final = KEY_TAROTS | KINGS  # the seven "Tarots par excellence"
#: Cards that may not be discarded: "aucun des sept Tarots, ou des triomphes" (seed 000).
UNDISCARDABLE: Final = TAROTS | TRIOMPHES
#: Trumps II..XX: the only ones a player who cannot comply with the ban lays aside, face up (D4).
MIDDLE_TRUMPS: Final = TRUMPS & ~(1 << BAGAT) & ~(1 << MONDE)

#: Suit code of each card id: 0..3 suits, 4 triomphes, -1 the Mat (it has no suit).
SUIT_OF: Final[tuple[int, ...]] = tuple(
    i // 14 if i < PLAIN_CARDS else (TRUMP_SUIT if i < MAT else NO_SUIT) for i in range(78)
)


def _strength(i: int) -> int:
    """Order of a card (§2): trumps 101..121; in a suit K 14, Q 13, N 12, J 11, then the numerals.

    Swords and Batons keep the natural order (10 high … 4); Cups and Coins invert it (Ace high … 7),
    seed 000 footnote 42. The Mat has no rank (0).
    """
    if i == MAT:
        return 0
    if i >= PLAIN_CARDS:
        return 100 + i - TRUMP_BASE
    rank, suit = i % 14 + 1, i // 14
    if rank >= 11 or suit in (SWORDS, BATONS):
        return rank
    return 11 - rank  # Cups and Coins: Ace 10, 2 9, … 7 4


STRENGTH: Final[tuple[int, ...]] = tuple(_strength(i) for i in range(78))
#: Card values for the count (§9, seed 000): each Tarot 5, Queen 4, Knight 3, Faon 2, any other 1.
VALUE: Final[tuple[int, ...]] = tuple(
    5 if TAROTS >> i & 1 else 4 if QUEENS >> i & 1 else 3 if KNIGHTS >> i & 1 else 2 if JACKS >> i & 1 else 1
    for i in range(78)
)

# --- the deal (§4, §5) -----------------------------------------------------------------------------
DEALER_CARDS: Final = 24  # "vingt-quatre a celuy qui faict"
OTHER_CARDS: Final = 21  # "vingt & vne a chacun des autres"
HAND_AFTER_DISCARD: Final = 20  # the one and the four "de plus que les vingt" are for the discards
TRICKS: Final = 20
PAR: Final = 25  # "que chacun ... aye vingt-cinq de ces points"


def legal_play_mask(hand: int, led: int) -> int:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led`` (D11).

    ``led`` is a suit 0..3, ``TRUMP_SUIT`` or ``NO_SUIT`` (leading, or only the Mat played so far).
    """
    # Leading (or after a led Mat, D11): any card.
    if led == NO_SUIT:
        return hand
    mat = hand & MAT_BIT  # the Mat may be played at any turn (§7.1, "se presente sur la main des autres")
    if led == TRUMP_SUIT:
        # Trumps led: a trump if he has one, no obligation to beat (D11).
        trumps = hand & TRUMPS
        return (trumps | mat) if trumps else hand
    # A suit led: follow suit if able (no revoke: "il n'est non plus permis de renoncer").
    in_suit = hand & SUIT_MASKS[led]
    if in_suit:
        return in_suit | mat
    # Void in it: trump if able ("avec les triomphes on surmonte ... quand on y fait des renonces").
    trumps = hand & TRUMPS
    if trumps:
        return trumps | mat
    # Otherwise any card.
    return hand


def led_suit(trick: list[int]) -> int:
    """The suit to follow: that of the first card other than the Mat (D11: after a led Mat, the next card)."""
    for c in trick:
        if c != MAT:
            return SUIT_OF[c]
    return NO_SUIT


def trick_winner(trick: list[int]) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest of the suit led.

    The Mat never wins ("ne prent point"); a trick always holds at least one other card.

    >>> from atout.core.cards import cards
    >>> trick_winner([c.id for c in cards("KS 6S T12")])
    2
    >>> trick_winner([c.id for c in cards("AD 7D 2D")])  # the Ace is high in Coins
    0
    """
    led = led_suit(trick)
    best_i, best_key = -1, -1
    for i, c in enumerate(trick):
        suit = SUIT_OF[c]
        if suit == TRUMP_SUIT:
            key = STRENGTH[c]
        elif suit == led and suit != NO_SUIT:
            key = STRENGTH[c]
        else:
            continue
        if key > best_key:
            best_i, best_key = i, key
    return best_i
