"""Research environments: every atout game as fixed-size tensors and a fixed action space.

The layer only translates (as PettingZoo's chess wraps ``chess.Board``): the rules stay in ``atout.games``.

* :mod:`atout.envs.spec` — per (game, players, variant) action space, action mask and tensors (numpy only);
* :mod:`atout.envs.pettingzoo` — PettingZoo AEC environments (extra ``atout[rl]``);
* :mod:`atout.envs.gym` — Gymnasium single-agent environments, ``atout/Tarot-v0``… (extra ``atout[rl]``);
* :mod:`atout.envs.openspiel` — OpenSpiel games registered with ``pyspiel`` (extra ``atout[rl]``).

See docs/envs.md for the encodings.
"""
