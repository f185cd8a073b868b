"""Scoring a Tarot deal: card points, the seed's §11 and the FFT's rule 2, as one pure function.

Internally every amount is an integer number of quarter points (5-player shares of a half
point), so the arithmetic is exact and fast; :func:`score_deal` returns :class:`Fraction`s.

>>> score_deal(variant="seed", players=4, contract="garde", taker=0, partner=None,
...            attack_points=45, attack_oudlers=2)
[Fraction(348, 1), Fraction(-116, 1), Fraction(-116, 1), Fraction(-116, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from atout.games.tarot.rules import (
    ANNOUNCE_VALUES,
    KINGS,
    MIDDLE_TRUMPS,
    MULTIPLIERS,
    OUDLERS,
    PLAIN,
    POIGNEE_KINDS,
    TARGETS,
    VALUE2,
)

SIDES = ("attack", "defence")
_COURTS = KINGS | KINGS >> 1 | KINGS >> 2 | KINGS >> 3  # R, D, C, V of the four suits
SLAMS = ("none", "attack", "defence")


def card_points2(pile: int) -> int:
    """Card points of a pile in half points (§2.1, D3: the half-point method; 91 points = 182).

    Every card counts 1 half point, oudlers and Kings 8 more, Queens 6, Knights 4, Jacks 2
    (the values of ``VALUE2``): five population counts instead of a loop over the cards.
    """
    return (pile.bit_count() + 8 * (pile & _NINES).bit_count() + 6 * (pile & _QUEENS).bit_count()
            + 4 * (pile & _KNIGHTS).bit_count() + 2 * (pile & _JACKS).bit_count())


_NINES = OUDLERS | KINGS
_QUEENS, _KNIGHTS, _JACKS = KINGS >> 1, KINGS >> 2, KINGS >> 3
assert all(card_points2(1 << i) == VALUE2[i] for i in range(78))  # the same values as VALUE2


def card_points2_literal(pile: int) -> int:
    """Seed 001 read literally (D3, ``count_method="seed_literal"``), in half points.

    Numerals count ½ each; intermediate trumps 0; an oudler or a court card counts its full seed
    value (5, 5, 4, 3, 2) only when paired with one of the pile's intermediate trumps, highest first.
    """
    honour_cards = pile & (OUDLERS | _COURTS)
    honours = sorted((VALUE2[i] + 1 for i in range(78) if honour_cards >> i & 1), reverse=True)
    pairs = (pile & MIDDLE_TRUMPS).bit_count()
    numerals = (pile & PLAIN & ~_COURTS).bit_count()
    return sum(honours[:pairs]) + numerals


def oudlers_in(pile: int) -> int:
    """How many oudlers (21, Petit, Excuse) a pile holds."""
    return (pile & OUDLERS).bit_count()


#: One deal's scores as exact fractions, by quarter points: shared (fractions are immutable, and
#: building one is slow). Bounded: a deal scores at most a few thousand points.
_QUARTERS: dict[int, Fraction] = {}


def quarter_fraction(q: int) -> Fraction:
    """``Fraction(q, 4)``, from a cache (for per-deal scores)."""
    found = _QUARTERS.get(q)
    if found is None:
        found = _QUARTERS[q] = Fraction(q, 4)
    return found


def _round_away(d2: int) -> int:
    """Half points to points, a half rounded away from zero (D4, FFT rule 6: for the side scoring)."""
    return (d2 + 1) // 2 if d2 >= 0 else -((1 - d2) // 2)


def score_quarters(
    variant: str,
    players: int,
    contract: str,
    taker: int,
    partner: int | None,
    attack_points2: int,
    attack_oudlers: int,
    petit_au_bout: str | None,
    announcements: Sequence[tuple[int, str]],
    slam: str,
    slam_announced: bool,
    capot_value: int,
) -> list[int]:
    """The per-seat scores of one deal in quarter points (the engine of :func:`score_deal`)."""
    m = MULTIPLIERS[variant][contract]
    d2 = attack_points2 - 2 * TARGETS[attack_oudlers]
    pab = 1 if petit_au_bout == "attack" else -1 if petit_au_bout == "defence" else 0
    if partner == taker:
        partner = None  # FFT rule 10: a King called from his own hand leaves the taker alone
    if variant == "seed":
        # §11.1: the petit au bout is added before the made/failed test (D13), then rounded (D4).
        e = _round_away(d2 + 20 * pab)
        made = e >= 0
        amount = (e + 25) * m if made else e * m  # §11.2: the prime of 25 only when made
        q = 4 * amount
        if slam_announced:
            q += 4 * capot_value if slam == "attack" else -4 * capot_value  # §11.4, not multiplied (D14)
        elif slam == "attack":
            q += 2 * capot_value  # "la moitié des points" when unannounced
    else:
        d = _round_away(d2)
        made = d >= 0
        base = (25 + abs(d)) * m  # FFT rule 2: the 25 counts whether won or lost
        amount = (base if made else -base) + 10 * m * pab  # rule 3: petit au bout x m, whatever the result
        handfuls = 0
        for _, kind in announcements:
            if kind not in POIGNEE_KINDS:
                raise ValueError(f"the FFT recognises no {kind!r} announcement (FFT rule 11)")
            handfuls += ANNOUNCE_VALUES[kind]
        amount += handfuls if made else -handfuls  # rule 4: to the winning side, not multiplied
        if slam == "attack":
            amount += 400 if slam_announced else 200  # rule 5
        elif slam_announced:
            amount -= 200
        if slam == "defence":
            amount -= 200  # rule 5: each defender receives 200 for the defence's chelem
        q = 4 * amount
    row = [-q] * players
    if partner is None:
        row[taker] = q * (players - 1)
    else:
        attack_total = q * (players - 2)
        share = attack_total // 2 if variant == "seed" else attack_total // 3  # 1.5/1.5 (seed) or 2/3-1/3 (FFT)
        row[partner] = share
        row[taker] = attack_total - share
    if variant == "seed":
        for seat, kind in announcements:
            v = 4 * ANNOUNCE_VALUES[kind]
            # §11.3, D8: the attack's announcements are paid only if the contract is made; else it pays them.
            if (seat == taker or seat == partner) and not made:
                v = -v
            for s in range(players):
                row[s] -= v
            row[seat] += v * players
    return row


def score_deal(
    *,
    variant: str,
    players: int,
    contract: str,
    taker: int,
    partner: int | None,
    attack_points: Fraction | int | float,
    attack_oudlers: int,
    petit_au_bout: str | None = None,
    announcements: Sequence[tuple[int, str]] = (),
    slam: str = "none",
    slam_announced: bool = False,
    capot_value: int = 600,
) -> list[Fraction]:
    """Each seat's score for one deal, summing to zero (seed §11 or FFT rule 2).

    ``petit_au_bout`` names the side that earns it (seed D13 / FFT rule 3); ``announcements`` are
    ``(seat, kind)`` pairs; ``slam`` says which side won every trick.

    >>> score_deal(variant="fft", players=5, contract="garde", taker=0, partner=1, attack_points=58,
    ...            attack_oudlers=1, announcements=[(2, "poignee_simple")])[:3]
    [Fraction(168, 1), Fraction(84, 1), Fraction(-84, 1)]
    """
    if variant not in MULTIPLIERS:
        raise ValueError(f"variant must be 'seed' or 'fft', not {variant!r}")
    if players not in (3, 4, 5):
        raise ValueError(f"players must be 3, 4 or 5, not {players!r}")
    if contract not in MULTIPLIERS[variant]:
        raise ValueError(f"{variant} contracts are {', '.join(MULTIPLIERS[variant])}, not {contract!r}")
    for seat in (taker, partner):
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"no seat {seat} at {players} players")
    if partner is not None and partner != taker and players != 5:
        raise ValueError("only the 5-player game has a partner")
    if not 0 <= attack_oudlers <= 3:
        raise ValueError(f"attack_oudlers is 0..3, not {attack_oudlers!r}")
    points2 = Fraction(attack_points) * 2
    if points2.denominator != 1 or not 0 <= points2 <= 182:
        raise ValueError(f"attack_points must be a multiple of 1/2 in 0..91, not {attack_points!r}")
    if petit_au_bout not in (None, *SIDES):
        raise ValueError(f"petit_au_bout is None, 'attack' or 'defence', not {petit_au_bout!r}")
    if slam not in SLAMS:
        raise ValueError(f"slam is one of {', '.join(SLAMS)}, not {slam!r}")
    for seat, kind in announcements:
        if kind not in ANNOUNCE_VALUES or not 0 <= seat < players:
            raise ValueError(f"bad announcement {(seat, kind)!r}; kinds: {', '.join(ANNOUNCE_VALUES)}")
    row = score_quarters(variant, players, contract, taker, partner, int(points2), attack_oudlers,
                         petit_au_bout, announcements, slam, slam_announced, capot_value)
    return [Fraction(q, 4) for q in row]


__all__ = ["card_points2", "card_points2_literal", "oudlers_in", "score_deal", "score_quarters"]
