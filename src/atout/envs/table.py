"""One table seen through a :class:`~atout.envs.spec.GameSpec`: what PettingZoo, Gymnasium and OpenSpiel share.

A :class:`Table` creates the engine's game from a seed, applies actions given as indices (refusing an index
outside the mask with one precise :class:`~atout.core.errors.IllegalAction`, state unchanged) and reports
each seat's reward as the change of its match returns, as floats.

>>> t = Table("triomphe", players=2)
>>> t.new(seed=7)
>>> t.state.current_player in (0, 1), len(t.rewards())
(True, 2)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from atout.core.errors import IllegalAction
from atout.core.protocol import GameState, new_game
from atout.envs.spec import GameSpec, spec

#: Seeds drawn for the engine's deals lie in [0, SEED_SPAN).
SEED_SPAN = 2**62


class Table:
    """A game by name, variant and player count, played by action indices; ``options`` go to ``new_game``."""

    def __init__(self, game: str, players: int | None = None, variant: str | None = None, **options: Any) -> None:
        self.spec: GameSpec = spec(game, players, variant)
        self.game, self.players, self.variant = self.spec.game, self.spec.players, self.spec.variant
        self.options = options
        self.state: GameState = self._create(0)
        self._paid = [0.0] * self.players

    def _create(self, seed: int) -> GameState:
        return new_game(self.game, players=self.players, variant=self.variant, seed=seed, **self.options)

    def new(self, seed: int) -> None:
        """Start a new match from ``seed`` (the same seed, the same deals)."""
        self.state = self._create(seed)
        self._paid = [0.0] * self.players

    def mask(self) -> np.ndarray:
        return self.spec.legal_mask(self.state)

    def step(self, index: int) -> None:
        """Apply action ``index`` for the seat to move (IllegalAction if it is not in the mask)."""
        index = int(index)
        legal = self.spec.legal_actions(self.state)
        action = legal.get(index)
        if action is None:
            text = self.spec.action_text(index) if 0 <= index < self.spec.num_actions else "outside the space"
            names = [self.spec.action_text(i) for i in sorted(legal)[:8]]
            raise IllegalAction(f"action {index} ({text}) is not legal now; legal: {', '.join(names)}…",
                                code="illegal_index", params={"index": index})
        self.state.apply(action)

    def returns(self) -> list[float]:
        return [float(x) for x in self.state.returns()]

    def rewards(self) -> list[float]:
        """Each seat's returns gained since the last call (what an environment pays after a step)."""
        now = self.returns()
        paid, self._paid = self._paid, now
        return [a - b for a, b in zip(now, paid, strict=True)]


def draw_seed(rng: np.random.Generator) -> int:
    """A deal's seed from an environment's generator."""
    return int(rng.integers(0, SEED_SPAN))
