"""The bot interface and the seeded random bot.

A bot receives an :class:`~atout.core.protocol.Observation` (never the state) and returns one of
its ``legal_actions``. Every bot takes an explicit seed.

>>> import atout
>>> from atout.bots import RandomBot
>>> g = atout.new_game("triomphe", players=2, seed=4)
>>> bot = RandomBot(seed=1)
>>> bot.act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

import abc
import functools
import random
from collections.abc import Callable
from typing import Any

from atout.core.actions import Action
from atout.core.errors import clip
from atout.core.protocol import Observation


def _obs_checked(act: Callable[..., Action]) -> Callable[..., Action]:
    @functools.wraps(act)
    def checked(self: Bot, obs: Observation, *args: Any, **kwargs: Any) -> Action:
        if not isinstance(obs, Observation):
            raise ValueError(f"a bot acts on an Observation, not {clip(obs)}")
        if not obs.legal_actions:
            raise ValueError(f"seat {obs.seat} has no legal action (it is seat {obs.current_player}'s turn)")
        return act(self, obs, *args, **kwargs)

    checked._obs_checked = True  # type: ignore[attr-defined]
    return checked


class Bot(abc.ABC):
    """A player that chooses an action from what its seat may see."""

    name: str = "bot"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every bot's ``act`` refuses what is not an observation of a seat to act (ValueError), so
        # that no bot answers junk with an AttributeError or an IndexError.
        super().__init_subclass__(**kwargs)
        act = cls.__dict__.get("act")
        if callable(act) and not getattr(act, "_obs_checked", False):
            cls.act = _obs_checked(act)  # type: ignore[method-assign]

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a bot's seed is a whole number, not {clip(seed)}")
        self.seed = seed
        self.rng = random.Random(seed)

    @abc.abstractmethod
    def act(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions``."""


class RandomBot(Bot):
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def act(self, obs: Observation) -> Action:
        if not obs.legal_actions:
            raise ValueError(f"seat {obs.seat} has no legal action (it is seat {obs.current_player}'s turn)")
        return self.rng.choice(obs.legal_actions)


class BeginnerBot(Bot):
    """The tables' easy level: plays its cards at random, but bids, discards and announces as the game's
    heuristic does. A random bot also announced a slam most deals and took Garde contre on nothing, which no
    beginner does and which swung the person's score by hundreds. La Prime has no card play (its choices are
    its bets), so there the beginner stays random throughout."""

    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._advisers: dict[str, Bot] = {}

    def act(self, obs: Observation) -> Action:
        if not obs.legal_actions:
            raise ValueError(f"seat {obs.seat} has no legal action (it is seat {obs.current_player}'s turn)")
        if obs.game in _RANDOM_THROUGHOUT or any(a.kind == "play" for a in obs.legal_actions):
            return self.rng.choice(obs.legal_actions)
        adviser = self._advisers.get(obs.game)
        if adviser is None:
            adviser = self._advisers[obs.game] = make_bot(obs.game, "heuristic", self.seed)
        return adviser.act(obs)


#: Games whose beginner chooses everything at random: La Prime's decisions are all bets, no card play.
_RANDOM_THROUGHOUT = frozenset({"prime"})

_BOTS: dict[tuple[str, str], Callable[[int], Bot]] = {}


def register_bot(game: str, name: str, factory: Callable[[int], Bot]) -> None:
    """Register a bot for a game (``game='*'`` for every game)."""
    _BOTS[(game, name)] = factory


register_bot("*", "random", RandomBot)
register_bot("*", "beginner", BeginnerBot)


def bot_names(game: str) -> list[str]:
    """The bots available for a game: 'random' and the game's own (registered by ``atout.bots.registry``)."""
    return sorted({n for g, n in _BOTS if g in (game, "*")})


def make_bot(game: str, name: str, seed: int = 0) -> Bot:
    """A bot by name for a game: 'random', or the game's own ('heuristic')."""
    if not isinstance(game, str) or not isinstance(name, str):
        raise ValueError(f"a game and a bot are named by texts, not {clip(game)} and {clip(name)}")
    factory = _BOTS.get((game, name)) or _BOTS.get(("*", name))
    if factory is None:
        raise ValueError(f"no bot {clip(name)} for {clip(game)}; bots: {', '.join(bot_names(game))}")
    return factory(seed)
