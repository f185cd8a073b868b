"""Tarot bots: the heuristic beats the random and the pass-and-play-low bots over many seeded deals, and
every bot only ever returns one of its observation's legal actions."""

from __future__ import annotations

from fractions import Fraction

import pytest

import atout
from atout.bots import make_bot
from atout.bots.base import Bot
from atout.bots.tarot import PassLowBot, TarotBot, hand_strength
from atout.core.cards import Card


def hero_vs(others: str, players: int, variant: str, deals: int, seed: int) -> tuple[Fraction, Fraction]:
    """Average per-deal return of one heuristic seat (rotating) and of an average other seat."""
    hero_total, other_total = Fraction(0), Fraction(0)
    for d in range(deals):
        g = atout.new_game("tarot", players=players, variant=variant, seed=seed + d)
        hero = d % players
        bots: list[Bot] = [make_bot("tarot", "heuristic" if s == hero else others, seed=seed + 7 * d + s)
                           for s in range(players)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            action = bots[seat].act(obs)
            assert action in obs.legal_actions
            g.apply(action)
        r = g.returns()
        hero_total += r[hero]
        other_total += (sum(r) - r[hero]) / (players - 1)
    return hero_total / deals, other_total / deals


def test_heuristic_beats_random_bots_by_a_wide_margin() -> None:
    """One heuristic seat against three random seats (four players, seed rules), 400 seeded deals."""
    hero, other = hero_vs("random", 4, "seed", 400, seed=1000)
    assert hero > 200 and hero - other > 300


def test_heuristic_beats_random_bots_fft_five_players() -> None:
    """Partner-aware play at five (FFT rules): one heuristic seat against four random seats."""
    hero, other = hero_vs("random", 5, "fft", 120, seed=3000)
    assert hero > 100 and hero - other > 150


def test_heuristic_beats_passlow_bots() -> None:
    """Against seats that never bid and always play low, the heuristic takes its good hands and wins."""
    hero, other = hero_vs("passlow", 4, "seed", 800, seed=2000)
    assert hero > 8 and hero - other > 12  # zero-sum: the three others share the loss
    hero, other = hero_vs("passlow", 3, "fft", 400, seed=4000)
    assert hero > 5 and hero - other > 8


@pytest.mark.parametrize("variant", ["seed", "fft"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_only_play_legal_actions(players: int, variant: str) -> None:
    """Every bot returns one of obs.legal_actions, in every phase (the table plays heuristic bots)."""
    for d in range(6):
        g = atout.new_game("tarot", players=players, variant=variant, seed=50 + d, deals=2)
        bots: list[Bot] = [TarotBot(seed=s) if s % 2 == 0 else PassLowBot(seed=s) for s in range(players)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            action = bots[seat].act(obs)
            assert action in obs.legal_actions, (obs.phase, action)
            g.apply(action)


def test_passlow_passes_and_plays_its_lowest_card() -> None:
    """PassLowBot: 'pass' (or 'done', 'no_petit_sec') whenever it may, else its lowest legal card."""
    g = atout.new_game("tarot", players=4, seed=8, dealer=3)
    bot = PassLowBot(seed=0)
    g.apply("bid garde_sans")
    assert str(bot.act(g.observation(1))) == "pass"
    for _ in range(3):
        g.apply("pass")
    while g.phase == "annonces":
        assert str(bot.act(g.observation(g.current_player))) == "done"  # type: ignore[arg-type]
        g.apply("done")
    seat = g.current_player
    assert seat is not None
    obs = g.observation(seat)
    chosen = Card.parse(bot.act(obs).args[0])
    from atout.games.tarot.rules import VALUE2

    assert VALUE2[chosen.id] == min(VALUE2[Card.parse(a.args[0]).id] for a in obs.legal_actions)


def test_hand_strength_orders_hands() -> None:
    """The bidding count rewards oudlers, trumps and Kings (a strong hand scores above a weak one)."""
    strong = [Card.parse(c).id for c in "T21 EX T1 T20 T19 T18 T17 T16 T15 KS KH QH KD 2D 3D KC 4C 5C".split()]
    weak = [Card.parse(c).id for c in "AS 2S 3S 4S 5S AH 2H 3H 4H AD 2D 3D 4D AC 2C 3C 4C T2".split()]
    assert hand_strength(strong) > 75 > 10 > hand_strength(weak)
