"""The marques of the 1637 tarot, as pure functions: declarations, payments, the count by threes.

Every payment is a *row* (one number per seat) summing to zero: "X de chacun" is X from each other
player, "X a chacun" X to each other player (D21). Seed 000; spec tarot-1637.md §6, §8, §9, §11.

>>> row_from_each(0, 3, players=3)
[6, -3, -3]
>>> declaration_value("rois", mask(cards("KS KH KD KC EX")))
6
>>> count_points(mask(cards("T21 KS KH QD NC JS")) | mask(cards("4S 5S 6S 7S 8S 9S 10S 4C 5C 6C 7C 8C 9C 10C 7H 6H")))
25
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from atout.core.cards import TRUMP_BASE, cards  # noqa: F401  (cards: for the doctests)
from atout.core.cardset import SUIT_MASKS, mask  # noqa: F401
from atout.games.tarot1637.rules import (
    BAGAT,
    BELLE,
    JACKS,
    KEY_TAROTS,
    KINGS,
    KNIGHTS,
    MAT,
    MAT_BIT,
    PAR,
    QUEENS,
    TAROTS,
    TRIOMPHES,
    VALUE,
)

BELLE_BIT: Final = 1 << BELLE  # la Belle, the Ace of Coins
#: Declarable items in the order of the seed's table (§6.2), grouped as the spec's D8 model scores them.
ITEMS: Final = (
    "rois",  # the King lines and the count of Tarots (three/four Kings, with the Mat, 4-7 Tarots, la Belle), D8
    "monde_mat_bagat",  # le Monde, le Math & le Bagat: 3
    "triomphes",  # ten, fifteen, twenty triomphes shown: 1, 2, 3
    "imperiale_epees",  # Impériale of a suit: King, Queen, Knight, Faon of Swords
    "imperiale_coupes",
    "imperiale_deniers",
    "imperiale_batons",
    "imperiale_dames",  # Impériale of a rank: the four Queens
    "imperiale_cavaliers",  # the four Knights
    "imperiale_faons",  # the four Faons (Jacks)
    "brizigole_hautes",  # the four, five, six highest triomphes (XXI down): 1, 2, 3
    "brizigole_basses",  # the four, five, six lowest (I up): 1, 2, 3
    "qui_n_a_le_sien",  # two of Monde, Mat, Bagat: 1 from a player who has none
)
_SUIT_ITEMS: Final = {"imperiale_epees": 0, "imperiale_coupes": 1, "imperiale_deniers": 2, "imperiale_batons": 3}
_RANK_ITEMS: Final = {"imperiale_dames": QUEENS, "imperiale_cavaliers": KNIGHTS, "imperiale_faons": JACKS}
_HONOURS: Final = KINGS | QUEENS | KNIGHTS | JACKS


def _trump_run(numbers: range) -> list[int]:
    return [1 << (TRUMP_BASE + n) for n in numbers]


_HIGH_RUN: Final = _trump_run(range(21, 0, -1))  # XXI, XX, XIX … (the Mat is never in a Brizigole, D20)
_LOW_RUN: Final = _trump_run(range(1, 22))  # I, II, III …


def tarot_bonus(n: int, belle: bool) -> int:
    """T(n) of D8: 4 Tarots 1, 5 → 2, 6 → 3, 7 → 4, the seven and la Belle 5 (seed 000 table)."""
    if n <= 3:
        return 0
    if n == 7:
        return 5 if belle else 4
    return n - 3


def king_core(hand: int) -> int:
    """K_core of D8: the King line without the Tarots it is made of (§6.3).

    Four Kings & the Mat 6 = 4 + T(5); four Kings 4 = 3 + T(4) ("only 3" with five or six Tarots);
    three Kings (with or without the Mat) 1; two Kings & the Mat 1.
    """
    kings = (hand & KINGS).bit_count()
    mat = bool(hand & MAT_BIT)
    if kings == 4:
        return 4 if mat else 3
    if kings == 3 or (kings == 2 and mat):
        return 1
    return 0


def _run_length(hand: int, run: list[int]) -> int:
    n = 0
    for bit in run:
        if not hand & bit:
            break
        n += 1
    return n


def brizigole_value(run_length: int) -> int:
    """A run of the four/five/six highest or lowest triomphes: 1, 2, 3; longer capped at 3 (D20)."""
    return 0 if run_length < 4 else min(run_length - 3, 3)


def declaration_value(item: str, hand: int) -> int:
    """Marques *from each* other player that ``item`` is worth with this hand (0: not eligible).

    ``qui_n_a_le_sien`` is worth 1 (from the one who has none) whenever the hand holds exactly two of
    Monde, Mat and Bagat; see :func:`sien_payer`.
    """
    if item == "rois":
        return king_core(hand) + tarot_bonus((hand & TAROTS).bit_count(), bool(hand & BELLE_BIT))
    if item == "monde_mat_bagat":
        return 3 if hand & KEY_TAROTS == KEY_TAROTS else 0
    if item == "triomphes":
        n = (hand & TRIOMPHES).bit_count()  # the Mat counts: the seed has 22 triomphes
        return 3 if n >= 20 else 2 if n >= 15 else 1 if n >= 10 else 0
    if item in _SUIT_ITEMS:
        honours = _HONOURS & SUIT_MASKS[_SUIT_ITEMS[item]]
        return 1 if hand & honours == honours else 0
    if item in _RANK_ITEMS:
        rank = _RANK_ITEMS[item]
        return 1 if hand & rank == rank else 0
    if item == "brizigole_hautes":
        return brizigole_value(_run_length(hand, _HIGH_RUN))
    if item == "brizigole_basses":
        return brizigole_value(_run_length(hand, _LOW_RUN))
    if item == "qui_n_a_le_sien":
        return 1 if (hand & KEY_TAROTS).bit_count() == 2 else 0
    raise ValueError(f"no declaration {item!r}; declarations: {', '.join(ITEMS)}")


def declaration_cards(item: str, hand: int) -> int:
    """The cards shown to prove a declaration (a bitmask): they become known to every player."""
    if item == "rois":
        return hand & (TAROTS | (BELLE_BIT if (hand & TAROTS) == TAROTS else 0))
    if item == "monde_mat_bagat":
        return KEY_TAROTS
    if item == "triomphes":
        return hand & TRIOMPHES  # "s'il ne montre point ses dix, quinze ou vingts triomphes"
    if item in _SUIT_ITEMS:
        return _HONOURS & SUIT_MASKS[_SUIT_ITEMS[item]]
    if item in _RANK_ITEMS:
        return _RANK_ITEMS[item]
    if item in ("brizigole_hautes", "brizigole_basses"):
        run = _HIGH_RUN if item == "brizigole_hautes" else _LOW_RUN
        n = min(_run_length(hand, run), 6)
        return sum(run[:n])
    if item == "qui_n_a_le_sien":
        return hand & KEY_TAROTS
    raise ValueError(f"no declaration {item!r}; declarations: {', '.join(ITEMS)}")


def eligible_items(hand: int) -> list[str]:
    """The declarations this hand may make, in the table's order."""
    return [item for item in ITEMS if declaration_value(item, hand)]


def sien_payer(claimer: int, hands: list[int]) -> int | None:
    """Who pays "qui n'a le sien": the first other live player holding none of Monde, Mat, Bagat (D9)."""
    for seat, hand in enumerate(hands):
        if seat != claimer and not hand & KEY_TAROTS:
            return seat
    return None


# --- payment rows ------------------------------------------------------------------------------------
def row_from_each(seat: int, amount: int, players: int) -> list[int]:
    """``seat`` receives ``amount`` from each other player ("de chacun")."""
    row = [-amount] * players
    row[seat] = amount * (players - 1)
    return row


def row_to_each(seat: int, amount: int, players: int) -> list[int]:
    """``seat`` pays ``amount`` to each other player ("a chacun")."""
    return [-x for x in row_from_each(seat, amount, players)]


def row_between(payer: int, payee: int, amount: int, players: int) -> list[int]:
    """``payer`` gives ``amount`` to ``payee``."""
    row = [0] * players
    row[payer] -= amount
    row[payee] += amount
    return row


# --- the count (§9, D16) -----------------------------------------------------------------------------
def raw_points(pile: int) -> Fraction:
    """Card points counted by threes: sum of values less 2/3 per card (D16)."""
    total = sum(VALUE[i] for i in range(78) if pile >> i & 1)
    return total - Fraction(2 * pile.bit_count(), 3)


def count_points(pile: int) -> int:
    """The pile's card points rounded to the nearest integer (x.33 down, x.67 up, D16)."""
    raw = raw_points(pile)
    return int((raw * 2 + 1) // 2)


def loss_marques(loss: int | Fraction) -> int:
    """Marques paid for a loss below par: "s'il en perd cinq ... une marque", 10 → 2, 15 → 3 (floor(loss/5))."""
    return 0 if loss <= 0 else int(loss // 5)


def settle_three(points: list[int], eldest: int) -> tuple[list[int], list[dict[str, object]]]:
    """Three players: each below par pays ``floor(loss / 5)`` to those above it (§9, D17).

    Two gainers share a payment in proportion to their surplus, by largest remainder; a tie goes to the
    larger surplus, then to the gainer nearer eldest. Returns the row and one line per payment.
    """
    n = len(points)
    row = [0] * n
    lines: list[dict[str, object]] = []
    gainers = [s for s in range(n) if points[s] > PAR]
    for loser in range(n):
        marques = loss_marques(PAR - points[loser])
        if not marques or not gainers:
            continue
        surplus = {g: points[g] - PAR for g in gainers}
        total = sum(surplus.values())
        shares = {g: marques * surplus[g] // total for g in gainers}
        left = marques - sum(shares.values())
        order = sorted(
            gainers,
            key=lambda g: (-(marques * surplus[g] % total), -surplus[g], (g - eldest) % n),
        )
        for g in order[:left]:
            shares[g] += 1
        for g in gainers:
            if shares[g]:
                row[loser] -= shares[g]
                row[g] += shares[g]
                lines.append({"payer": loser, "payee": g, "marques": shares[g], "loss": PAR - points[loser]})
    return row, lines


def settle_two(points: list[int]) -> tuple[list[int], list[dict[str, object]]]:
    """Two players and the Mort: par is half the total, so the lower pays ``floor(diff / 2 / 5)`` (§11, D19)."""
    a, b = points
    if a == b:
        return [0, 0], []
    low, high = (0, 1) if a < b else (1, 0)
    loss = Fraction(abs(a - b), 2)
    marques = loss_marques(loss)
    if not marques:
        return [0, 0], []
    return row_between(low, high, marques, 2), [
        {"payer": low, "payee": high, "marques": marques, "loss": float(loss) if loss.denominator != 1 else int(loss)}
    ]



# --- payments during play (§8, D12, D13) -------------------------------------------------------------
_CITE_TRIBUTE = "seed 000: 'il leur faut payer le tribut'"
_CITE_RANSOM = "seed 000: 'celuy qui les perd donne vne marque à chacun'"
_CITE_MAT_LAST = "seed 000: 'celuy qui ne s'est point excusé en joüant en paye deux à chacun'"
_CITE_BELLE = "seed 000: 'gaigne vne marque de chacun en la joüant soit qu'on la perde ou qu'on ne la perde pas'"
_CITE_ULTIMO = "seed 000: 'S'il fait le Bagat, ou vn Roy le dernier il en gaigne six'"


def trick_payments(live: list[tuple[int, int]], winner: int, last: bool, players: int) -> list[dict[str, object]]:
    """The marques a finished trick pays: ``live`` is (seat, card id) of the live players' cards.

    A Tarot that wins its trick earns 1 from each (the Mat: when it excuses, not in the last trick);
    a Tarot taken pays 1 to each; la Belle earns 1 from each; the Mat in the last trick pays 2 to each;
    the Bagat or a King winning the last trick earns 6 from each (§8, D12, D13). The Mort's card earns
    and costs nothing (§11), so it is not in ``live``.

    >>> [p["reason"] for p in trick_payments([(1, 55 + 21), (2, 77), (0, 55 + 2)], 1, False, 3)]
    ['tribute', 'excuse']
    """
    out: list[dict[str, object]] = []
    win_card = dict(live)[winner]
    for seat, c in live:
        if c == MAT:
            if last:
                out.append({"reason": "mat_last", "seat": seat, "row": row_to_each(seat, 2, players), "card": c,
                            "cite": _CITE_MAT_LAST})
            else:
                out.append({"reason": "excuse", "seat": seat, "row": row_from_each(seat, 1, players), "card": c,
                            "cite": _CITE_TRIBUTE})
        elif TAROTS >> c & 1:
            if seat == winner:
                out.append({"reason": "tribute", "seat": seat, "row": row_from_each(seat, 1, players), "card": c,
                            "cite": _CITE_TRIBUTE})
            else:
                out.append({"reason": "ransom", "seat": seat, "row": row_to_each(seat, 1, players), "card": c, "taker": winner,
                            "cite": _CITE_RANSOM})
        if c == BELLE:
            out.append({"reason": "belle", "seat": seat, "row": row_from_each(seat, 1, players), "card": c,
                        "cite": _CITE_BELLE})
    if last and (win_card == BAGAT or KINGS >> win_card & 1):
        out.append({"reason": "ultimo", "seat": winner, "row": row_from_each(winner, 6, players), "card": win_card,
                    "cite": _CITE_ULTIMO})
    return out
