"""Gymnasium single-agent environments: one seat learns, atout bots play the others (extra ``atout[rl]``).

Importing this module registers ``atout/Tarot-v0``, ``atout/Triomphe-v0``, ``atout/Tarot1637-v0``,
``atout/Mistigri-v0`` and ``atout/Prime-v0``; ``gymnasium.make("atout.envs.gym:atout/Tarot-v0", …)`` imports it.

>>> import gymnasium
>>> e = gymnasium.make("atout/Tarot-v0", players=4, variant="fft", opponents="heuristic")
>>> obs, info = e.reset(seed=3)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((1648,), True)

The agent's seat is ``seat`` (0 by default); ``opponents`` names an atout bot (any of
``atout.bots.base.bot_names(game)``: 'random', 'heuristic', 'search'…, or a table level: 'easy', 'medium',
'hard', 'expert', 'master') or one per other seat. The reward is the
change of the agent's match returns. A match that ends before the agent's first move is dealt again.
An action outside the mask ends the episode with ``illegal_reward`` (``illegal="raise"`` raises instead).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from atout.bots.base import Bot, make_bot
from atout.bots.search import LEVELS
from atout.envs.spaces import observation_space
from atout.envs.table import Table, action_index, draw_seed

#: Registered ids -> the game they play.
GAMES = {"Tarot": "tarot", "Triomphe": "triomphe", "Tarot1637": "tarot1637", "Mistigri": "mistigri", "Prime": "prime"}
#: Redeals allowed when the match ends before the agent moves (then something is wrong: refuse).
MAX_REDEALS = 100


class AtoutEnv(gymnasium.Env[Any, Any]):
    """One seat of an atout table; the other seats are atout bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (Gymnasium's convention)

    def __init__(self, game: str, players: int | None = None, variant: str | None = None, *,
                 opponents: str | Sequence[str] = "random", seat: int = 0, info_state: bool = False,
                 illegal: str = "terminate", illegal_reward: float = -1.0, render_mode: str | None = None,
                 **options: Any) -> None:
        self.table = Table(game, players, variant, **options)
        n = self.table.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat is 0..{n - 1} at a table of {n}, not {seat!r}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        names = [LEVELS.get(name, name) if isinstance(name, str) else name for name in names]
        if len(names) != n - 1:
            raise ValueError(f"opponents: one bot name or {n - 1} of them, not {len(names)}")
        for name in names:
            try:
                make_bot(self.table.game, name)  # refuse an unknown bot now, naming the known ones and the levels
            except ValueError as exc:
                raise ValueError(f"{exc}; or a level: {', '.join(LEVELS)}") from None
        if illegal not in ("terminate", "raise"):
            raise ValueError(f"illegal is 'terminate' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.seat, self.opponent_names, self.info_state = seat, names, info_state
        self.illegal, self.illegal_reward, self.render_mode = illegal, float(illegal_reward), render_mode
        self.observation_space = observation_space(self.table, info_state)
        self.action_space = gymnasium.spaces.Discrete(self.table.spec.num_actions)
        self.bots: dict[int, Bot] = {}
        self._over = True

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new match (``seed`` reproduces it, bots included) and play the bots up to the agent's turn."""
        super().reset(seed=seed)
        for _ in range(MAX_REDEALS):
            self.table.new(draw_seed(self.np_random))
            others = [s for s in range(self.table.players) if s != self.seat]
            self.bots = {s: make_bot(self.table.game, name, seed=draw_seed(self.np_random))
                         for s, name in zip(others, self.opponent_names, strict=True)}
            self._play_bots()
            self.table.rewards()
            if not self.table.state.is_terminal():
                self._over = False
                return self._obs(), {}
        raise RuntimeError(f"{MAX_REDEALS} matches ended before seat {self.seat} had a move")

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        index = action_index(action)
        mask = self.table.mask()
        if not (0 <= index < len(mask) and mask[index]) and self.illegal == "terminate":
            self._over = True
            return self._obs(), self.illegal_reward, True, False, {"illegal_action": index}
        self.table.step(index)
        self._play_bots()
        reward = self.table.rewards()[self.seat]
        self._over = self.table.state.is_terminal()
        return self._obs(), reward, self._over, False, {}

    def _play_bots(self) -> None:
        state = self.table.state
        while (seat := state.current_player) is not None and seat != self.seat:
            state.apply(self.bots[seat].act(state.observation(seat)))

    def _obs(self) -> dict[str, np.ndarray]:
        spec, state = self.table.spec, self.table.state
        encode = spec.info_state if self.info_state else spec.observation
        return {"observation": encode(state, self.seat), "action_mask": self.action_masks().astype(np.int8)}

    def action_masks(self) -> np.ndarray:
        """The legal actions as a bool vector (what sb3-contrib's MaskablePPO asks for)."""
        if self.table.state.current_player != self.seat:
            return np.zeros(self.table.spec.num_actions, dtype=bool)
        return self.table.mask()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self.table.state
        return f"{state.game_name} {state.phase}; " + "; ".join(f"{s}: {a}" for s, a in state.log[-1].actions[-6:])


class _OneGame(AtoutEnv):
    """The environment of one registered id: its game is the id's. A ``game=`` argument is refused rather than
    quietly building another game under this id."""

    game_name = ""

    def __init__(self, players: int | None = None, variant: str | None = None, **kwargs: Any) -> None:
        if "game" in kwargs:
            ids = ", ".join(f"atout/{title}-v0" for title in GAMES)
            raise ValueError(f"this id plays {self.game_name}: pass no game= (each game has its own id: {ids})")
        super().__init__(self.game_name, players, variant, **kwargs)


class TarotEnv(_OneGame):
    game_name = "tarot"


class TriompheEnv(_OneGame):
    game_name = "triomphe"


class Tarot1637Env(_OneGame):
    game_name = "tarot1637"


class MistigriEnv(_OneGame):
    game_name = "mistigri"


class PrimeEnv(_OneGame):
    game_name = "prime"


def register() -> None:
    """Register the five ``atout/<Game>-v0`` ids with Gymnasium (done on import; idempotent)."""
    for title in GAMES:
        env_id = f"atout/{title}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"atout.envs.gym:{title}Env", disable_env_checker=True)


register()
