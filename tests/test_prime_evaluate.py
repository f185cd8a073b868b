"""La Prime's hand evaluation, checked on every four-card hand against a second formulation (seed 004).

The reference below is written from the seed's text alone, by brute force over the class definitions
(card codes and itertools, no bitmasks, no per-suit sums): it shares no code with
``atout.games.prime.evaluate``.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from atout.core.packs import PRIME40
from atout.games.prime import Category, card_value, evaluate

# Seed 004: "Le 7 vaut trois fois sa valeur … 21 points. Le 6 de même 18. Le 5 de même 15. Le 4 vaut sa
# valeur & 10 de plus 14. Le 3 … 13. Le 2 … 12. Les trois figures valent chacune 10. L'As vaut 16."
SEED_VALUES = {"7": 21, "6": 18, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10, "A": 16}
FLUX, FIFTY_FIVE, PRIME, POINT = 4, 3, 2, 1  # seed: "Le flux gagne … les premières et les cinquante-cinq"


def reference(hand: list[str]) -> tuple[int, int]:
    """(class, value) of four card codes, straight from the seed's sentences."""
    split = [(code[:-1], code[-1]) for code in hand]
    suits = [s for _, s in split]
    total = sum(SEED_VALUES[r] for r, _ in split)
    # "Le flux est composé de quatre cartes de la même couleur"; "le plus fort emporte le plus foible".
    if all(s == suits[0] for s in suits):
        return FLUX, total
    # "Le cinquante-cinq est composé du 7, du 6 & de l'as de la même espèce" (55 = 21 + 18 + 16).
    for suit in "SHDC":
        if {"7", "6", "A"} <= {r for r, s in split if s == suit}:
            return FIFTY_FIVE, 55
    # "La prime est composée de quatre cartes des quatre espèces différentes"; "composée des plus fortes cartes".
    if sorted(suits) == sorted("SHDC"):
        return PRIME, total
    # "Le point est la quantité de points que produisent deux ou trois cartes ensemble de la même espèce."
    groups = [g for k in (2, 3) for g in combinations(split, k) if len({s for _, s in g}) == 1]
    return POINT, max(sum(SEED_VALUES[r] for r, _ in g) for g in groups)


def test_every_four_card_hand_matches_the_reference() -> None:
    codes = [c.code for c in PRIME40.cards]
    seen = 0
    for hand in combinations(codes, 4):
        got = evaluate(list(hand))
        assert (int(got.category), got.value) == reference(list(hand)), hand
        seen += 1
    assert seen == 91_390  # C(40, 4)


def test_card_values_seed_004() -> None:
    for c in PRIME40.cards:
        assert card_value(c) == SEED_VALUES[c.code[:-1]]
    assert len(PRIME40) == 40  # spec D1: no 8, 9, 10 (and no knight)


def test_class_order_beats_value() -> None:
    # Seed: "La prime pour petite qu'elle soit, gagne tous les points de deux ou trois cartes."
    smallest_prime = evaluate("JS QH KD 2C")  # 10 + 10 + 10 + 12 = 42
    assert smallest_prime.category is Category.PRIME and smallest_prime.value == 42
    assert smallest_prime > evaluate("7S 6S 5S KH")  # the best point short of the 55: 54
    # Seed: the 55 "gagne tous les points, & même les primes".
    assert evaluate("AS 6S 7S 2D") > evaluate("7H 7D 7C 6S")  # prime 81, the best prime
    # Seed: "Le flux gagne les points, les premières et les cinquante-cinq, fût-il composé de plus petites cartes."
    assert evaluate("JC QC KC 2C") > evaluate("7H 6H AH KS")


def test_fifty_five_is_the_greatest_point() -> None:
    # Seed: "Le 55. est le plus grand de tous les points, car en trois cartes on ne sçauroit en faire davantage".
    codes = [c.code for c in PRIME40.cards]
    points = [evaluate(list(h)).value for h in combinations(codes, 4) if evaluate(list(h)).category is Category.POINT]
    assert max(points) == 54


def test_a_fourth_card_of_the_suit_makes_a_flux_not_a_55() -> None:
    # Spec §3: "A hand with A, 6, 7 of one suit and a fourth card of the same suit is a flux".
    assert evaluate("AH 6H 7H 2H") == (Category.FLUX, 67)


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ("7H 6H AH KS", "2C 3C 4C 5C", "b"),  # PRIME-1: flux beats 55
        ("AS 6S 7S 2D", "7H 7D 7C 5S", "a"),  # PRIME-2: 55 beats any prime (78)
        ("7H 6S AD 5C", "7S 7D 6H KC", "tie"),  # PRIME-3: equal primes, 70 each
        ("7D 5D KS 2H", "6C 4C 3C QD", "b"),  # PRIME-4: point 36 against point 45
        ("7S 6S 7H 6H", "5C 4C 3C KD", "b"),  # PRIME-4 (also): 2+2 takes the better pair, 39 < 42
    ],
)
def test_spec_worked_hands(a: str, b: str, winner: str) -> None:
    """Spec prime.md PRIME-1 to PRIME-4 (seed 004)."""
    va, vb = evaluate(a), evaluate(b)
    assert {"a": va > vb, "b": vb > va, "tie": va == vb}[winner]


def test_spec_worked_values() -> None:
    assert evaluate("7H 6H AH KS") == (Category.CINQUANTE_CINQ, 55)
    assert evaluate("2C 3C 4C 5C") == (Category.FLUX, 54)
    assert evaluate("7H 7D 7C 5S") == (Category.PRIME, 78)
    assert evaluate("7H 6S AD 5C") == (Category.PRIME, 70)
    assert evaluate("7D 5D KS 2H") == (Category.POINT, 36)
    assert evaluate("6C 4C 3C QD") == (Category.POINT, 45)
    assert evaluate("7S 6S 7H 6H") == (Category.POINT, 39)
    assert evaluate("5C 4C 3C KD") == (Category.POINT, 42)


@pytest.mark.parametrize("bad", ["7H 6H AH", "7H 6H AH KS QS", "7H 7H AH KS", "8H 6H AH KS", "NH 6H AH KS", "T1 6H AH KS"])
def test_bad_hands_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        evaluate(bad)
