"""The ``search_dd`` bot (issue 20): at the end of a Tarot deal each sampled world is solved double-dummy, and
the card of best mean value over the worlds is played; earlier, it is ``search_expert``.
"""

from __future__ import annotations

import random

import pytest

import atout
import atout.bots.search.dd as dd
from atout.bots import make_bot
from atout.bots.search import LEVELS


def endgame(seed: int, cards: int) -> atout.GameState:
    """A 4-player deal played at random (seeded) until the seat to play holds ``cards`` cards."""
    rng = random.Random(seed)
    while True:
        g = atout.new_game("tarot", players=4, variant="fft", seed=seed)
        while g.current_player is not None and not (g.phase == "play" and len(g.observation(g.current_player).hand) == cards
                                                    and len(g.legal_actions()) > 1):
            g.apply(rng.choice(g.legal_actions()))
            if g.deal_index > 0:
                break
        if g.current_player is not None and g.deal_index == 0 and g.phase == "play":
            return g
        seed += 1000


def test_the_last_cards_are_chosen_by_solving_each_world(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = dd.solve

    def counted(state):  # type: ignore[no-untyped-def]
        calls.append(state)
        return real(state)

    monkeypatch.setattr(dd, "solve", counted)
    g = endgame(5, 3)
    seat = g.current_player
    assert seat is not None
    bot = make_bot("tarot", "search_dd", seed=1)
    action = bot.act(g.observation(seat))
    assert action in g.legal_actions()
    assert 0 < len(calls) <= dd.BUDGETS["search_dd"].worlds  # one exact solve per world dealt
    # each world keeps the seat's own hand and what everybody has played
    for world in calls:
        assert world.observation(seat).hand == g.observation(seat).hand  # type: ignore[attr-defined]
        assert world.played == g.played  # type: ignore[attr-defined]
    calls.clear()
    early = endgame(6, 12)
    make_bot("tarot", "search_dd", seed=1).act(early.observation(early.current_player))  # type: ignore[arg-type]
    assert calls == []  # 12 cards a hand: heuristic playouts, as search_expert


def test_master_is_the_level_above_expert() -> None:
    assert LEVELS["master"] == "search_dd" and LEVELS["expert"] == "search_expert"
    assert dd.DD_CARDS == 5
