"""Issue 17, point 1: hands, choices and hints follow each game's own card order, on both tables.

The expected orders are written here from the seeds (restated in /work/shared/rules/*.md), not read from the
engine: La Triomphe K Q J A 10 9 8 7 (seed 002; l'As qui pille A K Q J 10 …), Mistigri the valet de trèfle
above all then K Q J A 10 … 7 (seed 003), the French Tarot K Q N J 10 … 1 and trumps 21 … 1 (seed 001), the
1637 tarot K Q N J then 10 … 1 in Swords and Batons but 1 2 … 10 in Cups and Coins (seed 000 n. 42), La Prime
by the count's values 7 (21) 6 (18) A (16) 5 4 3 2 then the faces K Q J (10 each, seed 004).
"""

from __future__ import annotations

import random

import pytest

import atout
from atout.cli.play_words import ordered as _ordered
from atout.core.cards import Card
from atout.core.protocol import GameState
from atout.present.screen import hand_text, in_display_order
from atout.web import views

RANKS = {  # high to low, by rank code
    "tarot": ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"],  # R D C V 10 … 1
    "triomphe": ["K", "Q", "J", "A", "10", "9", "8", "7"],
    "as_qui_pille": ["A", "K", "Q", "J", "10", "9", "8", "7"],
    "mistigri": ["K", "Q", "J", "A", "10", "9", "8", "7"],
    "prime": ["7", "6", "A", "5", "4", "3", "2", "K", "Q", "J"],
    "1637_long": ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"],
    "1637_round": ["K", "Q", "N", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
}
SUITS = "SHDC"  # spades, hearts, diamonds, clubs, then trumps, then the Excuse


def expected_key(game: str, code: str) -> tuple[int, int]:
    """A card's place in the hand, worked from the seed's order (group, then rank high to low)."""
    if code == "EX":
        return (5, 0)
    if code.startswith("T"):
        return (4, -int(code[1:]))
    rank, suit = code[:-1], code[-1]
    if game == "mistigri" and code == "JC":  # "Le valet de trèfle, ou Mistigri [...], le roi, la dame…"
        return (SUITS.index(suit), -1)
    if game == "tarot1637":
        ranks = RANKS["1637_round" if suit in "HD" else "1637_long"]
    else:
        ranks = RANKS[game]
    return (SUITS.index(suit), ranks.index(rank))


CASES = [
    ("tarot", {"players": 4}, "tarot"),
    ("triomphe", {"players": 2}, "triomphe"),
    ("triomphe", {"players": 4, "variant": "as_qui_pille"}, "as_qui_pille"),
    ("mistigri", {"players": 4}, "mistigri"),
    ("prime", {"players": 4}, "prime"),
    ("tarot1637", {"players": 3}, "tarot1637"),
]


def _positions(game: str, opts: dict, seeds: range):
    """Positions along seeded random games (every seat to move, every phase)."""
    for seed in seeds:
        g = atout.new_game(game, seed=seed, **opts)
        rng = random.Random(seed)
        for _ in range(60):
            if g.is_terminal():
                break
            yield g
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize(("game", "opts", "order"), CASES)
def test_hand_and_choices_follow_the_games_order_on_both_tables(game: str, opts: dict, order: str) -> None:
    checked = plays = 0
    for g in _positions(game, opts, range(6)):
        seat = g.current_player
        assert seat is not None
        hand = [c.code for c in g.observation(seat).hand]
        want = sorted(hand, key=lambda c: expected_key(order, c))
        assert in_display_order(hand, g.card_strength) == want
        frame = views.frame(g, seat, "fr", {})
        assert frame["obs"]["hand"] == want  # the web table
        cards = [str(a).split()[1] for a in _ordered(g.legal_actions(), g) if a.kind == "play" and len(a.args) == 1]
        assert cards == sorted(cards, key=lambda c: expected_key(order, c))  # the terminal's choices
        web = [a.split()[1] for a in frame["obs"]["legal_actions"] if a.startswith("play ") and len(a.split()) == 2]
        assert web == cards  # the web table's choices, in the same order
        checked += 1
        plays += len(cards) > 1
    assert checked > 20 and (plays > 3 or game == "prime")  # La Prime plays no tricks


def _triomphe(variant: str, hand: list[str]) -> GameState:
    players = 2 if variant == "classic" else 4  # l'As qui pille is for 4 to 6
    rest = [r + s for s in SUITS for r in RANKS["triomphe"] if r + s not in hand]
    hands = [hand] + [rest[5 * i:5 * i + 5] for i in range(players - 1)]
    rest = rest[5 * (players - 1):]
    deal = {"hands": hands, "turnup": rest[0], "stock": rest[1:]}
    return atout.new_game("triomphe", players=players, variant=variant, seed=1, dealer=players - 1, deal=deal)


@pytest.mark.parametrize(("variant", "fr", "en"), [
    ("classic", "♣ V A 9", "♣ J A 9"),  # seed 002: "le Roi, la Dame, le Valet, l'As, le dix…"
    ("as_qui_pille", "♣ A V 9", "♣ A J 9"),  # l'As qui pille: the Ace above the King
])
def test_the_issues_hand_at_la_triomphe(variant: str, fr: str, en: str) -> None:
    """The issue's hand ``♣ J 9 A``: the Ace sits between the Jack and the ten (or on top at l'As qui pille)."""
    g = _triomphe(variant, ["AC", "9C", "JC", "KS", "7S"])
    assert hand_text([c.code for c in g.observation(0).hand], "fr", "triomphe", g.card_strength).plain \
        == "♠ R 7  │  " + fr
    assert hand_text([c.code for c in g.observation(0).hand], "en", "triomphe", g.card_strength).plain \
        == "♠ K 7  │  " + en


def test_mistigri_hand_puts_the_mistigri_first_among_clubs() -> None:
    """Seed 003: the valet de trèfle above the King, the Ace between the Jack and the ten."""
    g = atout.new_game("mistigri", players=4, seed=1)
    strength = g.card_strength
    assert in_display_order(["AC", "9C", "JC", "KC", "10C"], strength) == ["JC", "KC", "AC", "10C", "9C"]
    assert in_display_order(["AH", "JH", "10H"], strength) == ["JH", "AH", "10H"]


def test_prime_and_1637_orders() -> None:
    """La Prime by the count's values (7 6 A 5 … then the faces); 1637's Cups and Coins 1 before 7."""
    prime = atout.new_game("prime", players=4, seed=1)
    assert in_display_order(["KS", "AS", "7S", "2S", "6S"], prime.card_strength) == ["7S", "6S", "AS", "2S", "KS"]
    old = atout.new_game("tarot1637", players=3, seed=1)
    assert in_display_order(["7H", "AH", "KH", "10S", "AS"], old.card_strength) == ["10S", "AS", "KH", "AH", "7H"]
    assert Card.parse("AH").id < Card.parse("7H").id  # the natural order would have shown 7 before 1


def test_a_concession_is_offered_after_playing_on() -> None:
    """Seed 002 §4 (rules D6): before the lead a side may give the game or play on. The engine lists the concession
    first; the terminal offers it last, so that the first choice (its number 1) never ends the deal."""
    g = atout.new_game("triomphe", players=2, seed=5)
    while {str(a) for a in g.legal_actions()} != {"concede", "no_concession"}:
        g.apply(g.legal_actions()[0])
    assert [str(a) for a in g.legal_actions()] == ["concede", "no_concession"]
    assert [str(a) for a in _ordered(g.legal_actions(), g)] == ["no_concession", "concede"]
