"""The Gymnasium spaces shared by the PettingZoo and Gymnasium environments (extra ``atout[rl]``)."""

from __future__ import annotations

import gymnasium
import numpy as np

from atout.envs.table import Table

#: Bound of the observation tensors' values (card planes are 0/1, scores are scaled: docs/envs.md).
OBS_BOUND = 1000.0


def observation_space(table: Table, info_state: bool = False) -> gymnasium.spaces.Dict:
    """The ``{"observation", "action_mask"}`` space of a table (the information state if asked)."""
    shape = table.spec.info_state_shape if info_state else table.spec.observation_shape
    return gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(-OBS_BOUND, OBS_BOUND, shape=shape, dtype=np.float32),
        "action_mask": gymnasium.spaces.Box(0, 1, shape=(table.spec.num_actions,), dtype=np.int8),
    })
