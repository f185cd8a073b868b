"""La Triomphe rule options, card order and the legality of a card in a trick.

Seed 002, "Règles de la Triomphe"; spec ``shared/rules/triomphe.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from atout.core.cards import Rank
from atout.core.options import Interval, Len, check_fields

#: Variants: the base game in two sides, each for himself, and its "As qui pille" preset.
VARIANTS: dict[str, dict[str, bool]] = {
    "classic": {},
    "chacun_pour_soi": {"each_for_himself": True},
    "as_qui_pille": {"each_for_himself": True, "aces_high": True, "pillage": True},
}
VARIANT_HELP = {
    "classic": "two sides: 2 players head to head, 4 in partnerships, 6 in two teams of three",
    "chacun_pour_soi": "each for himself, 4-6 players (seed 002, variant)",
    "as_qui_pille": "each for himself with aces high and the pillage of the turn-up (seed 002, variant)",
}
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"classic": (2, 4, 6), "chacun_pour_soi": (4, 5, 6), "as_qui_pille": (4, 5, 6)}


@dataclass(frozen=True)
class TriompheRules:
    """Rule options of La Triomphe (spec triomphe.md, "Recommended rule options")."""

    players: int = 2  # base game: 2, 4 or 6 in two sides; each for himself: 4, 5 or 6 (D1, D10)
    each_for_himself: bool = False  # §9: four or more players, each playing for himself
    aces_high: bool = False  # §9.2: "les As sont les premières cartes du jeu" (As qui pille)
    pillage: bool = False  # §9.3: the dealer or the holder of the trump Ace robs the turn-up
    # D4: five cards "comme l'Écarté", 3 then 2 (packets adding up to 5: at most five of them)
    deal_packets: Annotated[tuple[Annotated[int, Interval(ge=1, le=5)], ...], Len(1, 5)] = (3, 2)

    def __post_init__(self) -> None:
        if self.each_for_himself and self.players not in (4, 5, 6):
            raise ValueError(f"the each-for-himself Triomphe is for 4, 5 or 6 players, not {self.players}")
        if not self.each_for_himself and self.players not in (2, 4, 6):
            raise ValueError(f"the two-sided Triomphe is for 2, 4 or 6 players, not {self.players}")
        if (self.aces_high or self.pillage) and not self.each_for_himself:
            raise ValueError("aces_high and pillage belong to the each-for-himself variant (seed 002)")
        if sum(self.deal_packets) != 5 or any(p <= 0 for p in self.deal_packets):
            raise ValueError(f"deal_packets must be positive and add up to 5 cards, not {self.deal_packets}")
        check_fields(self, "Triomphe")  # every option's type and range, as build_rules says them

    @property
    def sides(self) -> int:
        """Number of scoring sides: 2 in the base game, one per player each for himself."""
        return self.players if self.each_for_himself else 2

    def side_of(self, seat: int) -> int:
        """Partners sit alternately (D2): side = seat mod 2 in the base game."""
        return seat if self.each_for_himself else seat % 2


# Strength of each rank inside a suit (higher wins), indexed by rank - 1.
# Base game, seed 002: "Roi, Dame, Valet, As, Dix, Neuf, Huit et Sept".
_BASE_ORDER = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
# As qui pille, seed 002: aces "lèvent les Rois, les autres cartes suivant leur ordre naturel".
_ACES_HIGH_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)


def strength_table(aces_high: bool) -> tuple[int, ...]:
    """Per card id (0..55), its strength inside its suit; 0 for ranks outside the piquet pack."""
    order = _ACES_HIGH_ORDER if aces_high else _BASE_ORDER
    by_rank = {rank: len(order) - i for i, rank in enumerate(order)}
    return tuple(by_rank.get(Rank(cid % 14 + 1), 0) for cid in range(56))


def legal_cards(hand: int, trick: list[int], trump: int, strength: tuple[int, ...]) -> tuple[int, str]:
    """The bitmask of cards that may be played to ``trick`` (card ids), and the rule that binds.

    Seed 002: "obligés de fournir, s'ils en ont, de monter, s'ils en ont de plus hautes, ou de
    couper, s'ils ont des triomphes sans avoir la couleur jouée" (spec §5, readings D7).
    """
    # Leading: any card ("le premier à jouer joue telle carte de son choix").
    if not trick:
        return hand, ""
    led = trick[0] // 14
    suit_mask = 0x3FFF << (14 * led)
    trump_mask = 0x3FFF << (14 * trump)
    in_suit = hand & suit_mask
    trumps_played = [c for c in trick if c // 14 == trump]
    best_trump = max((strength[c] for c in trumps_played), default=0)
    if in_suit:
        # Must follow suit; if the trick is still led-suit-high, must beat the winning card (D7 a).
        if led != trump and trumps_played:
            return in_suit, "must follow suit"
        best = max(strength[c] for c in trick if c // 14 == led)
        higher = _above(in_suit, best, strength)
        if higher:
            return higher, "must follow suit and beat the card winning the trick ('monter')"
        return in_suit, "must follow suit"
    trumps_in_hand = hand & trump_mask
    if trumps_in_hand:
        # Void in the suit led: must trump, overtrumping if able (D7 b), else still trump (seed 002).
        if trumps_played:
            higher = _above(trumps_in_hand, best_trump, strength)
            if higher:
                return higher, "void in the suit led: must overtrump ('couper' and 'monter')"
        return trumps_in_hand, "void in the suit led: must trump ('couper'), even under a higher trump"
    # Neither the suit led nor a trump: any card.
    return hand, ""


def _above(cards_mask: int, best: int, strength: tuple[int, ...]) -> int:
    out = 0
    m = cards_mask
    while m:
        low = m & -m
        cid = low.bit_length() - 1
        if strength[cid] > best:
            out |= low
        m ^= low
    return out


def trick_winner(trick: list[int], trump: int, strength: tuple[int, ...]) -> int:
    """Index in ``trick`` of the winning card: highest trump, else highest card of the suit led."""
    led = trick[0] // 14
    best_i, best_key = 0, -1
    for i, c in enumerate(trick):
        suit = c // 14
        key = 100 + strength[c] if suit == trump else (strength[c] if suit == led else -1)
        if key > best_key:
            best_i, best_key = i, key
    return best_i
