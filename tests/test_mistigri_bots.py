"""Mistigri bots: legal actions only, and the heuristic beats random players (docs/mistigri.md)."""

from __future__ import annotations

import atout
from atout.bots.base import make_bot
from atout.sim import simulate


def _hero_margin(players: int, deals: int) -> float:
    """Mean chips per seeded one-coup match of one heuristic seat (rotating) over the random seats' mean."""
    total = 0.0
    for seed in range(deals):
        g = atout.new_game("mistigri", players=players, seed=seed)
        hero = seed % players
        bots = [make_bot("mistigri", "heuristic" if s == hero else "random", seed=seed * 10 + s) for s in range(players)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            action = bots[seat].act(g.observation(seat))
            assert action in g.legal_actions()
            g.apply(action)
        r = g.returns()
        total += r[hero] - sum(r[s] for s in range(players) if s != hero) / (players - 1)
    return total / deals


def test_heuristic_beats_random() -> None:
    """The heuristic goes in only with a trick in hand: it wins chips from random players at 4 and 5."""
    assert _hero_margin(4, 400) > 3
    assert _hero_margin(5, 300) > 3


def test_heuristic_match_conserves_chips() -> None:
    """Heuristic bots play a seeded match: zero-sum returns, deterministic."""
    a = simulate("mistigri", players=4, deals=40, seed=3)
    b = simulate("mistigri", players=4, deals=40, seed=3)
    assert a.totals == b.totals and sum(a.totals) == 0
