"""A trained Tarot agent as a bot (issue 19's worked example): bot ``ppo``, a masked PPO policy's choices.

Registered for Tarot only when sb3-contrib is installed (the extra ``atout[train]``). The weights are the zip
that ``examples/train_tarot.py`` saves, read from ``$ATOUT_TAROT_PPO`` (default ``tarot_ppo.zip`` in the working
directory), so ``atout tournament tarot --bots ppo,random …`` measures the agent like any other bot. The bot sees
only its :class:`~atout.core.protocol.Observation`, encoded by the environment layer's tensor
(:meth:`atout.envs.spec.GameSpec.encode_observation`): the same input it was trained on, nothing more.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from typing import Any

import numpy as np

from atout.bots.base import Bot, register_bot
from atout.core.actions import Action
from atout.core.protocol import Observation

#: Where the bot looks for its weights when ``$ATOUT_TAROT_PPO`` is not set.
DEFAULT_MODEL = "tarot_ppo.zip"


def model_path() -> str:
    """The weights' file: ``$ATOUT_TAROT_PPO``, else ``tarot_ppo.zip`` in the working directory."""
    return os.environ.get("ATOUT_TAROT_PPO") or DEFAULT_MODEL


@functools.lru_cache(maxsize=4)
def load_model(path: str) -> Any:
    """The MaskablePPO model saved at ``path`` (loaded once per process, on the CPU)."""
    if not os.path.isfile(path):
        raise ValueError(f"bot ppo: no trained model at {path!r}; train one with examples/train_tarot.py "
                         "or point $ATOUT_TAROT_PPO at its zip")
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # one decision at a time: threads only cost here
    return MaskablePPO.load(path, device="cpu")


class PolicyBot(Bot):
    """Plays the trained policy's most likely legal action (deterministic: the seed changes nothing)."""

    name = "ppo"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._model: Any = None  # loaded at the first move: listing or creating bots reads no file

    @property
    def model(self) -> Any:
        """The policy, read from :func:`model_path` on first use."""
        if self._model is None:
            self._model = load_model(model_path())
        return self._model

    def act(self, obs: Observation) -> Action:
        from atout.envs.spec import spec

        players, variant = obs.rules.get("players"), obs.rules.get("variant")
        s = spec("tarot", players, variant)
        tensor = s.encode_observation(obs)
        expected = self.model.observation_space["observation"].shape
        if tensor.shape != expected:
            raise ValueError(f"bot ppo was trained on tensors of shape {expected}; this table ({players} players, "
                             f"{variant}) gives {tensor.shape}")
        mask = np.zeros(s.num_actions, dtype=bool)
        by_index = {}
        for action in obs.legal_actions:
            i = s.action_index(action)
            mask[i] = True
            by_index[i] = action
        choice, _ = self.model.predict({"observation": tensor, "action_mask": mask.astype(np.int8)},
                                       action_masks=mask, deterministic=True)
        return by_index[int(choice)]


if importlib.util.find_spec("sb3_contrib") is not None:
    register_bot("tarot", "ppo", PolicyBot)
