"""La Triomphe's deal layout (issue 6): who receives which card of the pack, and which card is turned up.

Seed 002 (``shared/seeds/002_a8fc8f57312f63d9.txt``): "Le donneur, désigné par le sort, donne cinq cartes, et
retourne la onzième qui est l'atout ou triomphe"; "La Triomphe se joue comme l'Écarté". Spec
``shared/rules/triomphe.md`` §3 and decisions D3 (counter-clockwise: the dealer's right-hand neighbour, the
next seat, is served first) and D4 (packets of 3 then 2; the ``deal_packets`` option changes them).

The shuffle is replaced by a stacked pack written out below, so the expected hands are worked out by hand from
the procedure: packets go round from the dealer's right, the dealer last; the next card is turned up; the rest
stays in the stock in order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import atout

#: The stacked pack, top card first (any order of the 32 piquet cards would do; this one mixes the suits).
STACK = ("7S 8H 9D 10C JS QH KD AC 8S 9H 10D JC QS KH AD 7C 9S 10H JD QC KS AH 7D 8C "
         "10S JH QD KC AS 7H 8D 9C").split()


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every shuffle leaves the pack in the order of STACK (whatever order the engine lists its pack in)."""
    def stack(self: random.Random, cards: list[int]) -> None:
        ids = {atout.Card.parse(c).id: i for i, c in enumerate(STACK)}
        cards.sort(key=ids.__getitem__)

    monkeypatch.setattr(random.Random, "shuffle", stack)
    yield


def by_hand(players: int, dealer: int, packets: tuple[int, ...]) -> tuple[list[set[str]], str, list[str]]:
    """The deal worked out from the procedure: each packet size in turn, to each seat from the dealer's right."""
    hands: list[set[str]] = [set() for _ in range(players)]
    top = 0
    for size in packets:
        for k in range(1, players + 1):
            hands[(dealer + k) % players] |= set(STACK[top:top + size])
            top += size
    return hands, STACK[top], list(STACK[top + 1:])


@pytest.mark.usefixtures("stacked")
def test_two_players_dealer_right_first_three_then_two_the_eleventh_turned() -> None:
    """Seed 002 at two players: 'retourne la onzième'. Dealer 0: seat 1 (his right) gets cards 1-3 (7S 8H 9D), the
    dealer 4-6 (10C JS QH), seat 1 7-8 (KD AC), the dealer 9-10 (8S 9H); the 11th, 10D, is turned: diamonds are
    trumps; cards 12-32 stay in the stock."""
    g = atout.new_game("triomphe", players=2, seed=1, dealer=0)
    logged = g.log[0].deal
    assert set(logged["hands"][1]) == {"7S", "8H", "9D", "KD", "AC"}
    assert set(logged["hands"][0]) == {"10C", "JS", "QH", "8S", "9H"}
    assert logged["turnup"] == "10D" and g.observation(0).public["trump"] == "D"
    assert logged["stock"] == list(STACK[11:])


@pytest.mark.usefixtures("stacked")
@pytest.mark.parametrize(
    ("variant", "players", "dealer", "packets"),
    [
        ("classic", 2, 1, (3, 2)),
        ("classic", 4, 2, (3, 2)),
        ("classic", 6, 5, (3, 2)),
        ("classic", 4, 0, (2, 3)),
        ("classic", 2, 0, (1, 4)),
        ("chacun_pour_soi", 5, 3, (3, 2)),
        ("as_qui_pille", 4, 1, (3, 2)),
        ("as_qui_pille", 6, 2, (2, 3)),
    ],
)
def test_layout_follows_the_procedure(variant: str, players: int, dealer: int, packets: tuple[int, ...]) -> None:
    """D3, D4 and §3: packets in the order of ``deal_packets`` round the table from the dealer's right, then the
    card number 5 × players + 1 is turned up and gives the trump suit; the rest is the stock, in order."""
    g = atout.new_game("triomphe", players=players, variant=variant, seed=1, dealer=dealer, deal_packets=packets)
    hands, turnup, stock = by_hand(players, dealer, packets)
    logged = g.log[0].deal
    assert [set(h) for h in logged["hands"]] == hands
    assert logged["turnup"] == turnup == STACK[5 * players]
    assert logged["stock"] == stock
    assert g.observation(dealer).public["trump"] == turnup[-1]
    for seat in range(players):
        assert set(g.observation(seat).to_json()["hand"]) == hands[seat]


def test_the_stack_is_the_piquet_pack() -> None:
    """The stacked order above names each of the 32 cards once (seed 002: 'un jeu de 32 cartes')."""
    from atout.core.packs import PIQUET32

    assert sorted(STACK) == sorted(c.code for c in PIQUET32.cards) and len(set(STACK)) == 32
