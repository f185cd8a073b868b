"""Mistigri rule options, the card order, Lanturlu, and the legality of a card in a trick.

Seed 003 (Boussac 1896, pp. 175-181); spec ``shared/rules/mistigri.md``. Card ids are those of
:mod:`atout.core.cards` (``suit * 14 + rank - 1``; suits 0 spades, 1 hearts, 2 diamonds, 3 clubs).

>>> from atout.core.cards import Card
>>> from atout.core.cardset import mask
>>> is_lanturlu(mask(Card.parse(c) for c in "7H 9H QH KH JC".split()))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from atout.core.cards import Card, Rank
from atout.core.cardset import SUIT_MASKS
from atout.core.options import Interval, check_fields

#: The Mistigri (also Cascaret, Pamphile): the Jack of clubs, id 3*14 + 10 = 52.
MISTIGRI: int = Card.parse("JC").id
MISTIGRI_BIT: int = 1 << MISTIGRI
END_POTS = ("liquidate", "refund")
VARIANT_HELP = {"boussac": "Boussac 1896, as played in Burgundy: 4 or 5 players and the fille (3 as an extension, D1)"}
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"boussac": (3, 4, 5)}
HAND = 5  # five cards each (seed 003: "chacun ayant reçu cinq cartes")
#: The most complete tours a match may ask for: 20 tours of 5 players are 100 coups, the web table's cap
#: on ``deals`` (issue 16: ``tours=10**6`` once asked for millions of coups through the options).
TOURS_LIMIT = 20


@dataclass(frozen=True)
class MistigriRules:
    """Rule options of Mistigri (spec mistigri.md, "Recommended rule options").

    >>> MistigriRules(players=5).talon_size
    1
    """

    players: int = 4  # seed 003: "la plus jolie partie est à quatre joueurs"; 5 too; 3 an extension (D1)
    start_chips: Annotated[int, Interval(ge=0, le=10_000)] = 30  # seed 003: "chacun d'eux prend trente jetons"
    dealer_stake: Annotated[int, Interval(ge=1, le=1_000)] = 6  # seed 003: "le donneur doit avoir mis six jetons au jeu"
    # D15: complete rounds of deals, used when the match is asked for with deals=None
    tours: Annotated[int, Interval(ge=1, le=TOURS_LIMIT)] = 2
    left_of_dealer_must_play: bool = False  # §10: "dans certains pays" the dealer's left may not pass
    cascaret_trump_second: bool = False  # §10: "jouer atout en second"
    end_pot: Literal["liquidate", "refund"] = "liquidate"  # D16: what becomes of a pool still on the table at the end

    def __post_init__(self) -> None:
        if self.players not in (3, 4, 5):
            raise ValueError(f"Mistigri is for 3, 4 or 5 players plus the fille (D1), not {self.players}")
        for name in ("left_of_dealer_must_play", "cascaret_trump_second"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if self.end_pot not in END_POTS:
            raise ValueError(f"end_pot must be one of {', '.join(END_POTS)}, not {self.end_pot!r}")
        check_fields(self, "Mistigri")  # every option's type and range (chips, stake, tours), as build_rules says them

    @property
    def talon_size(self) -> int:
        """Cards left after the hands, the fille and the retourne: 11, 6 or 1 (spec §4)."""
        return 32 - HAND * (self.players + 1) - 1

    @property
    def drawable(self) -> int:
        """Talon cards that may ever be drawn: the bottom one never is (D4)."""
        return max(0, self.talon_size - 1)


# Strength of each rank in a plain suit and among trumps (higher wins). Seed 003: "Le valet de
# trèfle, ou Mistigri [...], le roi, la dame, le valet, l'as, le dix, le neuf, le huit, le sept."
_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)
_RANK_STRENGTH = {rank: i + 1 for i, rank in enumerate(_ORDER)}
#: Per card id 0..55: its strength in its suit (7 = 1 … K = 8; 0 outside the piquet pack).
STRENGTH: tuple[int, ...] = tuple(_RANK_STRENGTH.get(Rank(cid % 14 + 1), 0) for cid in range(56))
MISTIGRI_STRENGTH = 9  # above the King: "le Mistigri est toujours le plus fort"


def trump_mask(trump: int) -> int:
    """The trumps when ``trump`` is turned: its suit plus the Mistigri (8 of them at clubs, else 9)."""
    return SUIT_MASKS[trump] | MISTIGRI_BIT


def suit_mask(suit: int, trump: int) -> int:
    """The cards that count as ``suit``: the Mistigri belongs to no suit, it is a trump."""
    return trump_mask(trump) if suit == trump else SUIT_MASKS[suit] & ~MISTIGRI_BIT


def card_suit(card: int, trump: int) -> int:
    """The suit a card counts as: the trump suit for the Mistigri."""
    return trump if card == MISTIGRI else card // 14


def trump_key(card: int) -> int:
    """Strength of a trump among trumps: the Mistigri 9, the King 8 … the seven 1."""
    return MISTIGRI_STRENGTH if card == MISTIGRI else STRENGTH[card]


def card_key(card: int, led: int, trump: int) -> int:
    """How strong a card is in a trick led in ``led``: trumps over the suit led over the rest."""
    if card == MISTIGRI or card // 14 == trump:
        return 100 + trump_key(card)
    return STRENGTH[card] if card // 14 == led else 0


def is_lanturlu(hand: int) -> bool:
    """Five cards of one suit, or four and the Mistigri, "le valet de trèfle étant toujours de toutes
    les couleurs" (seed 003, Lanturlu; spec §6)."""
    wild = 1 if hand & MISTIGRI_BIT else 0
    plain = hand & ~MISTIGRI_BIT
    return any((plain & SUIT_MASKS[s]).bit_count() + wild >= HAND for s in range(4))


def _above(cards: int, best: int, key: tuple[int, ...] | None = None) -> int:
    """The cards of ``cards`` stronger than ``best`` (trump keys when ``key`` is None)."""
    out = 0
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if (trump_key(c) if key is None else key[c]) > best:
            out |= low
        m ^= low
    return out


def legal_cards(hand: int, trick: list[int], trump: int) -> tuple[int, str, str]:
    """The cards that may be played to ``trick``, the rule's code and its English wording.

    Boussac gives no obligation; decision D10 takes the Rams rules: follow and beat the suit led
    ("forcer"), else trump and overtrump, else undertrump; trumps led: a higher trump if one can.
    """
    # Leading: any card.
    if not trick:
        return hand, "", ""
    trumps = trump_mask(trump)
    led = card_suit(trick[0], trump)
    played_trumps = [c for c in trick if trumps >> c & 1]
    best_trump = max((trump_key(c) for c in played_trumps), default=0)
    mine = hand & trumps
    if led == trump:
        # Trumps led: play a trump, higher than the highest so far if one can.
        if not mine:
            return hand, "", ""
        higher = _above(mine, best_trump)
        if higher:
            return higher, "must_overtrump", "trumps were led: must play a higher trump"
        return mine, "must_follow", "trumps were led: must play a trump"
    in_suit = hand & suit_mask(led, trump)
    if in_suit:
        # Follow suit; beat the best card of the suit if the trick is not trumped ("forcer").
        if played_trumps:
            return in_suit, "must_follow", "must follow the suit led"
        best = max(STRENGTH[c] for c in trick if card_suit(c, trump) == led)
        higher = _above(in_suit, best, STRENGTH)
        if higher:
            return higher, "must_beat", "must follow the suit led and beat the best card of it"
        return in_suit, "must_follow", "must follow the suit led"
    if mine:
        # Void in the suit led: trump, overtrumping if one can, else under the best trump.
        higher = _above(mine, best_trump) if played_trumps else 0
        if higher:
            return higher, "must_overtrump", "void in the suit led: must overtrump"
        return mine, "must_trump", "void in the suit led: must trump"
    # Neither the suit led nor a trump: any card.
    return hand, "", ""


def trick_winner(trick: list[int], trump: int) -> int:
    """Index in ``trick`` of the winning card: the highest trump (the Mistigri above all), else the
    highest card of the suit led.

    >>> from atout.core.cards import Card
    >>> trick_winner([Card.parse(c).id for c in ("KS", "7H", "JC")], trump=1)
    2
    """
    led = card_suit(trick[0], trump)
    keys = [card_key(c, led, trump) for c in trick]
    return keys.index(max(keys))
