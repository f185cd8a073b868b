"""PettingZoo AEC environments for every atout game, variant and player count (extra ``atout[rl]``).

>>> e = env("tarot", players=5, variant="fft")
>>> e.reset(seed=1)
>>> obs, reward, term, trunc, info = e.last()
>>> sorted(obs), obs["action_mask"].shape
(['action_mask', 'observation'], (268,))

Agents are ``player_0`` … (engine seats); each observation is ``{"observation": float32 tensor of the seat,
"action_mask": int8 mask}`` (the mask is all zeros for a seat not to move). Rewards are the change of each
seat's match returns (paid when a deal is scored). An index outside the mask raises IllegalAction.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from atout.envs.spaces import observation_space
from atout.envs.table import Table, action_index, draw_seed


class raw_env(AECEnv):  # PettingZoo's naming convention for the unwrapped class
    """An atout game as a PettingZoo AEC environment; ``info_state=True`` observes the information state."""

    metadata = {"render_modes": ["ansi"], "name": "atout_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: str, players: int | None = None, variant: str | None = None, *,
                 info_state: bool = False, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.table = Table(game, players, variant, **options)
        self.metadata = {**self.metadata, "name": f"atout_{self.table.game}_v0"}
        self.render_mode, self.info_state = render_mode, info_state
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        space = observation_space(self.table, info_state)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        action = gymnasium.spaces.Discrete(self.table.spec.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: ``seed`` fixes it and the matches after it (``reset()`` without one continues)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.new(draw_seed(self._rng))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        table = self.table
        encode = table.spec.info_state if self.info_state else table.spec.observation
        if table.state.current_player == seat:
            mask = table.mask().astype(np.int8)
        else:
            mask = np.zeros(table.spec.num_actions, dtype=np.int8)
        return {"observation": encode(table.state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for an agent whose game is over")
        self.table.step(action_index(action))
        self._cumulative_rewards[agent] = 0.0
        for a, r in zip(self.possible_agents, self.table.rewards(), strict=True):
            self.rewards[a] = r
        if self.table.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The engine's notation of the last actions (no language: ``2: play KS``)."""
        if self.render_mode != "ansi":
            return None
        state = self.table.state
        last = state.log[-1].actions[-5:]
        return f"{state.game_name} {state.phase} to move: {state.current_player}; " + "; ".join(f"{s}: {a}" for s, a in last)

    def close(self) -> None:
        pass


def env(game: str, players: int | None = None, variant: str | None = None, **kwargs: Any) -> AECEnv:
    """The PettingZoo AEC environment of a game, wrapped as PettingZoo's classic games are."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, variant, **kwargs))
