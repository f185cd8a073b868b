"""The 1637 tarot's heuristic bot beats random clearly (docs/tarot1637.md reports the 2,000-deal margins).

One heuristic seat (rotated) against random seats; the margin is the heuristic seat's marques minus the
mean of the random seats', per deal, with a 95% normal interval. 300 deals in CI, 2,000 with ATOUT_SLOW=1.
"""

from __future__ import annotations

import math
import os
import statistics

import pytest

import atout
from atout.bots import make_bot

DEALS = 2000 if os.environ.get("ATOUT_SLOW") else 300


def margin(players: int, variant: str, deals: int) -> tuple[float, float]:
    """Mean margin per deal of one heuristic seat over random seats, and the half-width of its 95% interval."""
    diffs = []
    for seed in range(deals):
        hero = seed % players
        g = atout.new_game("tarot1637", players=players, variant=variant, seed=10_000 + seed)
        bots = [make_bot("tarot1637", "heuristic" if s == hero else "random", seed=seed * 7 + s) for s in range(players)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            g.apply(bots[seat].act(g.observation(seat)))
        r = g.returns()
        others = [float(r[s]) for s in range(players) if s != hero]
        diffs.append(float(r[hero]) - sum(others) / len(others))
    return statistics.fmean(diffs), 1.96 * statistics.stdev(diffs) / math.sqrt(deals)


@pytest.mark.parametrize(("players", "variant"), [(3, "printed"), (2, "printed"), (3, "manuscript")])
def test_heuristic_beats_random(players: int, variant: str) -> None:
    mean, half = margin(players, variant, DEALS)
    assert mean - half > 1.5, f"margin {mean:.2f} ± {half:.2f} marques a deal"


def test_the_bot_plays_only_legal_actions_from_observations() -> None:
    for players in (3, 2):
        g = atout.new_game("tarot1637", players=players, seed=77, deals=players)
        bots = [make_bot("tarot1637", "heuristic", seed=s) for s in range(players)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            action = bots[seat].act(g.observation(seat))
            assert action in g.legal_actions()
            g.apply(action)
        assert sum(g.returns()) == 0
