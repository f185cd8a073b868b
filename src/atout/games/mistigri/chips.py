"""Paying out the pool (le jeu): pure arithmetic on chips, no state (seed 003; spec §3, §8, D12, D13).

Each of the five tricks takes one share of the pool, the trick of the privileged card (the Mistigri,
or the highest trump in play when the Mistigri is not) two: the pool divides into six shares,
"c'est pour cette cause que le donneur met six jetons au jeu au lieu de cinq".

>>> from atout.core.cards import Card
>>> tricks = [[Card.parse(c).id for c in t.split()] for t in ("JC 7S 8S 9S", "KS QS JS AS")]
>>> p = share_pool(18, tricks, trump=1)
>>> p.trick_value, p.shares, p.carry
(3, (6, 3), 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from atout.games.mistigri.rules import trump_key, trump_mask

SHARES = 6  # five tricks, the privileged one counted twice (seed 003)


def trick_value(pool: int) -> int:
    """One trick's share: ``floor(pool / 6)`` (D12: a remainder is carried, never split)."""
    return pool // SHARES


def privileged_card(played: Sequence[int], trump: int) -> int | None:
    """The card whose trick pays double: the highest trump among the cards played, the Mistigri above
    all; None when no trump was played (seed 003, "le roi d'atout le remplace […] à défaut du roi, c'est
    la dame"; D11: every engaged player's cards are played, so this is the highest trump they held)."""
    trumps = [c for c in played if trump_mask(trump) >> c & 1]
    return max(trumps, key=trump_key) if trumps else None


@dataclass(frozen=True)
class Payout:
    """What the tricks of a coup take from a pool of ``pool`` chips."""

    pool: int
    trick_value: int
    shares: tuple[int, ...]  # chips taken by each trick, in the order played
    privileged: int | None  # card id of the double trick's card, None if no trump was played
    carry: int  # what stays in the pool for the next coup (D12)

    @property
    def paid(self) -> int:
        return sum(self.shares)


def share_pool(pool: int, tricks: Sequence[Sequence[int]], trump: int) -> Payout:
    """Each trick ``v``, the privileged card's trick ``2v``; the rest is carried (spec §8, D12)."""
    v = trick_value(pool)
    privileged = privileged_card([c for t in tricks for c in t], trump)
    shares = tuple(2 * v if privileged in t else v for t in tricks)
    return Payout(pool, v, shares, privileged, pool - sum(shares))


def next_pool(stake: int, betes: Sequence[int], carry: int) -> int:
    """The next coup's pool: the new dealer's stake, every bête payment and the carry (spec §3).

    >>> next_pool(6, [18], 0)  # seed 003: "cela fera vingt-quatre"
    24
    """
    return stake + sum(betes) + carry
