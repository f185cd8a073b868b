"""The La Prime heuristic bot beats the random bot clearly (margin and 95% interval in docs/prime.md).

Each deal is a fresh single-coup game from its own seed; the heuristic seat (or partnership) rotates.
ATOUT_SLOW=1 plays the 2,000 deals per configuration quoted in the docs; the default is 400.
"""

from __future__ import annotations

import math
import os
import statistics

import pytest

import atout
from atout.bots import make_bot

DEALS = 2000 if os.environ.get("ATOUT_SLOW") else 400


def margins(players: int, variant: str, deals: int) -> list[float]:
    """Per deal: the heuristic seats' mean chips minus the random seats' mean chips."""
    out = []
    for i in range(deals):
        g = atout.new_game("prime", players=players, variant=variant, seed=i)
        hero = i % players
        heroes = {hero % 2, hero % 2 + 2} if variant == "societe" else {hero}
        bots = [make_bot("prime", "heuristic" if s in heroes else "random", seed=i * 10 + s) for s in range(players)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            action = bots[seat].act(g.observation(seat))
            assert action in g.legal_actions()
            g.apply(action)
        r = [float(x) for x in g.returns()]
        mine = [r[s] for s in range(players) if s in heroes]
        others = [r[s] for s in range(players) if s not in heroes]
        out.append(sum(mine) / len(mine) - sum(others) / len(others))
    return out


@pytest.mark.parametrize(("variant", "players"), [("chacun_pour_soi", 3), ("chacun_pour_soi", 6), ("societe", 4)])
def test_heuristic_beats_random(variant: str, players: int) -> None:
    m = margins(players, variant, DEALS)
    mean = statistics.mean(m)
    se = statistics.stdev(m) / math.sqrt(len(m))
    assert mean - 1.96 * se > 0, f"margin {mean:.2f} ± {1.96 * se:.2f} chips per deal"


@pytest.mark.parametrize("options", [{"first_discard": "after_calling"}, {"show": "optional"}, {"show": "compulsory"}])
def test_bot_plays_the_options(options: dict[str, str]) -> None:
    """The bot returns only legal actions under the spec's D7 and D8 options and the seed's show rule."""
    g = atout.new_game("prime", players=4, seed=8, deals=30, **options)
    bots = [make_bot("prime", "heuristic", seed=s) for s in range(4)]
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        action = bots[seat].act(g.observation(seat))
        assert action in g.legal_actions()
        g.apply(action)
    assert sum(g.returns()) == 0
