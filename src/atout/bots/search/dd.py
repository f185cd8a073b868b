"""The ``search_dd`` bot (issue 20): the Tarot search with each sampled world solved exactly (GIB's method).

Where the double-dummy solver is fast (the last :data:`DD_CARDS` cards of each hand, ms a world: see
docs/analysis.md), each world sampled from the seat's observation is solved with every hand seen
(:func:`atout.analysis.solve`), which gives the value of every legal card at once; the card of best mean
result over the worlds is played. Earlier in the deal (and at bidding, écart, announcements) it is the
``search_expert`` bot: heuristic playouts in the same number of worlds. Other games: ``search_expert``.
"""

from __future__ import annotations

from atout.analysis import solve
from atout.bots.base import register_bot
from atout.bots.search import BUDGETS, LEVELS, Budget, SearchBot, _GenericSearch, sample_world
from atout.core.actions import Action
from atout.core.protocol import Observation

#: Cards a hand may hold for the worlds to be solved exactly (more: heuristic playouts, as ``search_expert``).
DD_CARDS = 5
BUDGETS["search_dd"] = Budget(worlds=BUDGETS["search_expert"].worlds)
LEVELS["master"] = "search_dd"


class DDSearchBot(SearchBot):
    """PIMC whose worlds are solved double-dummy at the end of the deal (see the module docstring)."""

    name = "search_dd"

    def act(self, obs: Observation) -> Action:
        legal = list(obs.legal_actions)
        if (obs.game != "tarot" or obs.phase != "play" or len(legal) < 2 or len(obs.hand) > DD_CARDS
                or not all(a.kind == "play" for a in legal)):
            return super().act(obs)
        totals = [0.0] * len(legal)
        counted = 0
        me = obs.seat
        for _ in range(self.budget.worlds):
            world = sample_world(obs, self.rng, self.budget.tries)
            if world is None:
                continue
            cards = solve(world).cards  # type: ignore[arg-type]
            counted += 1
            for i, action in enumerate(legal):
                ret = [float(x) for x in cards[str(action)].returns]
                others = [r for s, r in enumerate(ret) if s != me]
                totals[i] += ret[me] - sum(others) / len(others)
        if counted == 0:
            return self.fallback.act(obs)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))  # ties: the first in canonical order
        return legal[best]


class _GenericDD(_GenericSearch):
    """``make_bot(game, "search_dd")``: the Tarot bot above, ``search_expert`` for another game."""

    name = "search_dd"

    def act(self, obs: Observation) -> Action:
        if self._inner is None:
            self._inner = DDSearchBot(self.seed, obs.game, self.budget)
        return self._inner.act(obs)


register_bot("*", "search_dd", lambda seed: _GenericDD(seed, BUDGETS["search_dd"]))

__all__ = ["DD_CARDS", "DDSearchBot"]
