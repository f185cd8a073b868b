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


def action_index(value: Any) -> int:
    """An action index as an ``int``: a Python or numpy integer (a 0-d array too), never a bool, a float or a text,
    which ``int()`` would quietly turn into some action (``True`` is 1, ``1.7`` is 1, ``"3"`` is 3).

    >>> action_index(np.int64(3)), action_index(np.array(4))
    (3, 4)
    >>> action_index(True)
    Traceback (most recent call last):
    ...
    TypeError: an action index is a whole number (int or numpy integer), not True (bool)
    """
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value.item()
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise TypeError(f"an action index is a whole number (int or numpy integer), not {value!r} "
                        f"({type(value).__name__})")
    return int(value)


class Table:
    """A game by name, variant and player count, played by action indices; ``options`` go to ``new_game``."""

    def __init__(self, game: str, players: int | None = None, variant: str | None = None, **options: Any) -> None:
        self.spec: GameSpec = spec(game, players, variant)
        self.spec.check(options)  # Prime's max_stake above 10: no index for 'bet 11'
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
        index = action_index(index)
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
