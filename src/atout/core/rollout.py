"""Rollouts for search (issue 11): play a copy of a state to its end with a simple policy, and score it.

A rollout is what Monte-Carlo search pays per sample, so it must be cheap and reproducible:

* :class:`RolloutRng` is a tiny explicit-seed generator (splitmix64 over 64-bit words) that Python and the
  compiled Tarot kernel (:mod:`atout.games.tarot.rollout`) implement bit for bit: the same seed gives the
  same stream in both, so both paths play exactly the same game.
* A *policy* picks an index into the sorted ``legal_actions()`` list: ``"random"`` draws
  ``rng.below(len(actions))`` (uniform), ``"first"`` always takes index 0 (deterministic, no draw). Any
  callable ``policy(state, actions, rng) -> index`` is accepted by the generic path too.
* :func:`api_rollout` plays a **clone** through the public API (``legal_actions``/``apply``) and returns
  ``returns()``; the state given is left unchanged. Every game gets it. :func:`rollout` dispatches to a
  game's own ``rollout`` method (a faster path that must play the same games) when the state has one.

>>> import atout
>>> g = atout.new_game("tarot", players=3, seed=2)
>>> a = api_rollout(g, "random", RolloutRng(7))
>>> a == api_rollout(g, "random", RolloutRng(7)), sum(a) == 0, g.phase
(True, True, 'bidding')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, TypeAlias

from atout.core.actions import Action
from atout.core.errors import clip
from atout.core.score import Score


class GameState(Protocol):
    """What a rollout needs of a game (:class:`atout.core.protocol.GameState` has it): structural, so that this
    module does not import the protocol that imports it."""

    @property
    def current_player(self) -> int | None: ...

    def clone(self) -> GameState: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action | str) -> None: ...

    def returns(self) -> list[Score]: ...

MASK64: Final = (1 << 64) - 1
#: splitmix64's constants (Steele, Lea and Flood 2014; the reference generator of Vigna's xoshiro page).
GOLDEN: Final = 0x9E3779B97F4A7C15
MIX1: Final = 0xBF58476D1CE4E5B9
MIX2: Final = 0x94D049BB133111EB

#: Named policies, each with a code the compiled kernels understand (index into this tuple).
POLICIES: Final = ("random", "first")
Policy: TypeAlias = "str | Callable[[GameState, list[Action], RolloutRng], int]"


class RolloutRng:
    """splitmix64: a 64-bit state advanced by a constant and hashed (bit for bit the same as the kernel's).

    Any integer seed is accepted and reduced modulo ``2**64`` (the generator's word): ``RolloutRng(-1)``
    is ``RolloutRng(2**64 - 1)``, ``RolloutRng(2**64 + 5)`` is ``RolloutRng(5)``.

    ``below(n)`` is unbiased: it rejects the ``2**64 % n`` lowest words (almost never for small ``n``)
    and returns ``word % n``.

    >>> r = RolloutRng(1)
    >>> hex(r.next())
    '0x910a2dec89025cc1'
    >>> [RolloutRng(5).below(10) for _ in range(2)] == [RolloutRng(5).below(10)] * 2
    True
    >>> RolloutRng(-1).next() == RolloutRng(2**64 - 1).next()
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit word."""
        z = self.state = (self.state + GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (``n`` >= 1; one word drawn, even for ``n == 1``)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"below(n) needs a positive integer n, not {n!r}")
        threshold = (1 << 64) % n  # words below it would favour the small results
        while True:
            x = self.next()
            if x >= threshold:
                return x % n

    def clone(self) -> RolloutRng:
        """An independent copy in the same position."""
        new = RolloutRng(0)
        new.state = self.state
        return new

    def __repr__(self) -> str:
        return f"RolloutRng(state={self.state:#x})"


def policy_code(policy: Policy) -> int:
    """The kernel code of a named policy, -1 for a callable (which only the generic path runs).

    >>> policy_code("random"), policy_code("first"), policy_code(lambda state, actions, rng: 0)
    (0, 1, -1)
    """
    if callable(policy):
        return -1
    if policy not in POLICIES:
        raise ValueError(f"unknown rollout policy {policy!r}; policies: {', '.join(POLICIES)} or a callable")
    return POLICIES.index(policy)


def check_args(policy: Policy, rng: object) -> int:
    """Refuse a bad policy or generator before a rollout starts; the policy's kernel code.

    Every rollout entry point calls it: ``rng`` must be a :class:`RolloutRng` (never ``None`` nor a bare
    seed, even for the draw-free policy ``"first"``, so that one call works with every policy).

    >>> check_args("first", 42)
    Traceback (most recent call last):
    ...
    ValueError: a rollout's rng must be a RolloutRng (e.g. RolloutRng(42)), not 42
    """
    if not isinstance(rng, RolloutRng):
        hint = f"RolloutRng({rng})" if isinstance(rng, int) and not isinstance(rng, bool) else "RolloutRng(seed)"
        raise ValueError(f"a rollout's rng must be a RolloutRng (e.g. {hint}), not {clip(rng)}")
    return policy_code(policy)


def choose(policy: Policy, state: GameState, actions: list[Action], rng: RolloutRng) -> int:
    """The index in ``actions`` (the sorted legal actions of ``state``) that ``policy`` picks."""
    if policy == "random":
        return rng.below(len(actions))
    if policy == "first":
        return 0
    if callable(policy):
        i = policy(state, actions, rng)
        if not isinstance(i, int) or not 0 <= i < len(actions):
            raise ValueError(f"rollout policy returned {i!r}, not an index below {len(actions)}")
        return i
    policy_code(policy)  # raises ValueError naming the policy
    raise AssertionError(policy)  # pragma: no cover


def api_trace(state: GameState, policy: Policy, rng: RolloutRng) -> tuple[list[Score], list[int]]:
    """(returns, chosen indices) of a rollout of a clone of ``state`` through the public API.

    >>> import atout
    >>> returns, picks = api_trace(atout.new_game("tarot", players=4, seed=1), "first", RolloutRng(0))
    >>> picks[:4], len(returns)
    ([0, 0, 0, 0], 4)
    """
    code = check_args(policy, rng)
    game = state.clone()
    picks: list[int] = []
    legal, apply, pick = game.legal_actions, game.apply, picks.append
    while game.current_player is not None:  # (is_terminal(), without the call)
        actions = legal()
        if code == 0:  # "random": RolloutRng.below inlined (the hot path of a rollout)
            n = len(actions)
            threshold = 18446744073709551616 % n
            while True:
                z = rng.state = (rng.state + GOLDEN) & MASK64
                z = ((z ^ (z >> 30)) * MIX1) & MASK64
                z = ((z ^ (z >> 27)) * MIX2) & MASK64
                z ^= z >> 31
                if z >= threshold:
                    i = z % n
                    break
        else:
            i = choose(policy, game, actions, rng)
        pick(i)
        apply(actions[i])
    return game.returns(), picks


def api_rollout(state: GameState, policy: Policy, rng: RolloutRng) -> list[Score]:
    """Play a clone of ``state`` to the end through ``legal_actions``/``apply``; its ``returns()``."""
    return api_trace(state, policy, rng)[0]


def rollout(state: GameState, policy: Policy, rng: RolloutRng) -> list[Score]:
    """The state's own ``rollout`` method when it has one (e.g. Tarot's compiled path), else :func:`api_rollout`.

    >>> import atout
    >>> g = atout.new_game("prime", players=3, seed=4)
    >>> rollout(g, "first", RolloutRng(0)) == api_rollout(g, "first", RolloutRng(0))
    True
    """
    check_args(policy, rng)
    method = getattr(state, "rollout", None)
    if method is None:
        return api_rollout(state, policy, rng)
    result: list[Score] = method(policy, rng)
    return result


__all__ = ["POLICIES", "Policy", "RolloutRng", "api_rollout", "api_trace", "check_args", "choose", "policy_code",
           "rollout"]
