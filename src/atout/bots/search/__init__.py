"""The ``search`` bot: determinized search (Perfect Information Monte Carlo) through the public protocol.

At each decision with a choice the bot samples *worlds*: full deals consistent with everything its
seat observed (its hand, cards played, voids shown, the talon if shown, poignées, the called card…),
rebuilds each world by replaying the deal's history (``Observation.history``) through ``new_game`` and
``apply`` — so a world the rules would refuse is rejected, never used — and plays every legal action
in every world to the end of the deal with the game's heuristic bot at every seat. The action with
the best mean result wins. It reads nothing but the observation: two states whose hidden cards differ
but look the same to the seat give the same decision (tested). Inside its own sampled worlds a policy may
play from the seat's view of the world instead of a built observation (``rollout_act``, Tarot's heuristic):
the same moves, cheaper.

A game takes part through a *sampler* registered in :data:`SAMPLERS` (``bots/search/<game>.py``);
a game without one is played by its heuristic policy, so ``search`` exists for every game.

>>> import atout
>>> from atout.bots import make_bot
>>> g = atout.new_game("triomphe", players=2, seed=3)
>>> bot = make_bot("triomphe", "search", seed=1)
>>> bot.act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from atout.bots.base import Bot, bot_names, make_bot, register_bot
from atout.core.actions import Action, parse_action
from atout.core.errors import AtoutError, NotationError
from atout.core.protocol import GameState, Observation, new_game

#: A sampler proposes a deal consistent with the observation: the explicit deal of the current deal
#: (as ``new_game(deal=...)`` takes it) and texts for the history's hidden actions by index; None to retry.
Sampler = Callable[[Observation, random.Random], tuple[dict[str, Any], dict[int, str]] | None]
SAMPLERS: dict[str, Sampler] = {}
#: A game's own rebuild of a sampled deal into a world, where :func:`rebuild` (a new game replaying the deal's
#: history) is not enough: Mistigri's coups after the first start from a public pool and stacks.
Rebuild = Callable[[Observation, dict[str, Any], dict[int, str], int], GameState | None]
REBUILDS: dict[str, Rebuild] = {}


def register_sampler(game: str, sampler: Sampler, own_rebuild: Rebuild | None = None) -> None:
    """Let the search bot play ``game`` (see the module docstring); ``own_rebuild`` replaces :func:`rebuild`."""
    SAMPLERS[game] = sampler
    if own_rebuild is not None:
        REBUILDS[game] = own_rebuild


@dataclass(frozen=True)
class Budget:
    """Work per decision: ``worlds`` sampled deals, each action played out once per world."""

    worlds: int
    tries: int = 12  # samples tried per world before giving up on it (rejections by the replay)


#: Budgets of the two search bots: ``search`` (level hard) and ``search_expert`` (level expert).
BUDGETS: dict[str, Budget] = {"search": Budget(worlds=8), "search_expert": Budget(worlds=24)}
#: The difficulty levels of the tables, as bot names (``make_bot(game, LEVELS[level])``).
LEVELS: dict[str, str] = {"easy": "beginner", "medium": "heuristic", "hard": "search", "expert": "search_expert"}


def rebuild(obs: Observation, deal: dict[str, Any], fills: dict[int, str], seed: int) -> GameState | None:
    """The world of a sampled deal: a new game replaying the seat's history; None if the rules refuse it."""
    rules = dict(obs.rules)
    players, variant = rules.pop("players", None), rules.pop("variant", None)
    parsed = _parsed_history(obs.history)
    try:
        state = new_game(obs.game, players=players, variant=variant, seed=seed, deal=deal,
                         dealer=obs.public["dealer"], **rules)
        for i, (seat, _) in enumerate(obs.history):
            if state.current_player != seat:
                return None
            state.apply(fills[i] if i in fills else parsed[i])
    except (AtoutError, ValueError):
        return None
    if state.current_player != obs.seat or state.phase != obs.phase or state.deal_index != 0:
        return None
    if state.observation(obs.seat).hand != obs.hand:
        return None  # a sampler's mistake: the world must deal the seat its own cards
    return state


def _parsed_history(history: tuple[tuple[int, str], ...]) -> list[Action | str]:
    """The history's actions parsed once for all the worlds of a decision (a text that does not parse
    is kept: ``apply`` refuses it as it would have)."""
    global _PARSED
    found = _PARSED  # (one read: another thread may replace it)
    if found[0] is history:
        return found[1]
    out: list[Action | str] = []
    for _, text in history:
        try:
            out.append(parse_action(text))
        except NotationError:
            out.append(text)
    _PARSED = (history, out)
    return out


_PARSED: tuple[Any, list[Action | str]] = (None, [])  # the last history parsed (held: its id stays its own)


def sample_world(obs: Observation, rng: random.Random, tries: int = 12) -> GameState | None:
    """A rebuilt world consistent with ``obs`` (a few samples tried), or None: the game's sampler proposes a deal,
    its rebuild (:data:`REBUILDS`, else :func:`rebuild`) replays it; the bots, ISMCTS and OpenSpiel's
    ``resample_from_infostate`` all draw their worlds here."""
    sampler = SAMPLERS.get(obs.game)
    if sampler is None:
        return None
    build = REBUILDS.get(obs.game, rebuild)
    for _ in range(tries):
        proposal = sampler(obs, rng)
        if proposal is None:
            continue
        world = build(obs, proposal[0], proposal[1], rng.getrandbits(32))
        if world is not None:
            return world
    return None


def cautious_choice(base: Action, candidates: list[Action], scores: list[list[float]], margin: float) -> Action:
    """Keep ``base`` (the heuristic's choice) unless a candidate beats it by ``margin`` standard errors.

    ``scores[i]`` holds candidate ``i``'s playout results over the same worlds as ``base``'s, so the
    comparison is on paired differences (world by world); the best such candidate wins.

    >>> a, b = Action("pass"), Action("bet", ("1",))
    >>> cautious_choice(a, [a, b], [[0.0, 0.0, 0.0], [1.0, 1.2, 0.9]], margin=2.0) == b
    True
    >>> cautious_choice(a, [a, b], [[0.0, 0.0, 0.0], [1.0, -1.0, 0.5]], margin=2.0) == a
    True
    """
    k = candidates.index(base)
    worlds = len(scores[k])
    if worlds < 2:
        return base
    best, best_gain = base, 0.0
    for i, action in enumerate(candidates):
        diffs = [x - y for x, y in zip(scores[i], scores[k], strict=True)]
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
        if mean > best_gain and mean > margin * (var / worlds) ** 0.5:
            best, best_gain = action, mean
    return best


def paired_scores(obs: Observation, rng: random.Random, budget: Budget, candidates: list[Action],
                  playout: Callable[[GameState], float]) -> list[list[float]]:
    """Every candidate played out in the same sampled worlds: ``scores[i][w]`` for candidate ``i`` in world ``w``
    (a world that could not be dealt is skipped for all), ready for :func:`cautious_choice`."""
    scores: list[list[float]] = [[] for _ in candidates]
    for _ in range(budget.worlds):
        world = sample_world(obs, rng, budget.tries)
        if world is None:
            continue
        for i, action in enumerate(candidates):
            sim = world.clone()
            sim.apply(action)
            scores[i].append(playout(sim))
    return scores


class SearchBot(Bot):
    """PIMC: sample worlds, play each legal action out with the heuristic policy, keep the best mean."""

    name = "search"

    def __init__(self, seed: int = 0, game: str = "", budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.game = game
        self.budget = budget or BUDGETS["search"]
        policy = "heuristic" if "heuristic" in bot_names(game) else "random"
        self.policy_name = policy
        self.fallback = make_bot(game, policy, seed=seed)

    def act(self, obs: Observation) -> Action:
        legal = list(obs.legal_actions)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action (it is seat {obs.current_player}'s turn)")
        if len(legal) == 1:
            return legal[0]
        if obs.game not in SAMPLERS:
            return self.fallback.act(obs)
        totals = [0.0] * len(legal)
        counted = 0
        players = int(obs.rules["players"])
        policies = [make_bot(obs.game, self.policy_name, seed=self.rng.getrandbits(32)) for _ in range(players)]
        for _ in range(self.budget.worlds):
            world = sample_world(obs, self.rng, self.budget.tries)
            if world is None:
                continue
            counted += 1
            for i, action in enumerate(legal):
                sim = world.clone()
                sim.apply(action)
                totals[i] += self._playout(sim, obs.seat, policies)
        if counted == 0:
            return self.fallback.act(obs)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))  # ties: the first in canonical order
        return legal[best]

    @staticmethod
    def _playout(state: GameState, me: int, policies: list[Bot]) -> float:
        """Play the deal out with the policy at every seat; my result against the others' mean."""
        # A policy may offer ``rollout_act(state, seat)``: the action ``act(state.observation(seat))``
        # would choose, from the seat's view of this world (the search's own sample), computed cheaper.
        fast: list[Callable[[GameState, int], Action] | None] = [getattr(p, "rollout_act", None) for p in policies]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            step = fast[seat]
            state.apply(step(state, seat) if step is not None else policies[seat].act(state.observation(seat)))
        ret = [float(x) for x in state.returns()]
        others = [r for s, r in enumerate(ret) if s != me]
        return ret[me] - (sum(others) / len(others) if others else 0.0)


def _register() -> None:
    from atout.bots.search import mistigri, prime, tarot, tarot1637, triomphe  # noqa: F401  (register the samplers)

    for name, budget in BUDGETS.items():
        register_bot("*", name, lambda seed, budget=budget: _GenericSearch(seed, budget))  # type: ignore[misc]


class _GenericSearch(Bot):
    """``make_bot(game, "search")`` for any game: binds to the game of the first observation."""

    name = "search"

    def __init__(self, seed: int, budget: Budget) -> None:
        super().__init__(seed)
        self.budget = budget
        self._inner: SearchBot | None = None

    def act(self, obs: Observation) -> Action:
        if self._inner is None:
            self._inner = SearchBot(self.seed, obs.game, self.budget)
        return self._inner.act(obs)


_register()
