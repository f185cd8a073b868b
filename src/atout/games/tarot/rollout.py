"""Tarot's fast rollout path (issue 11): encode a :class:`TarotState` into arrays, play the deal in a compiled kernel.

:func:`rollout` plays exactly the games that :func:`atout.core.rollout.api_rollout` plays for the same policy
and :class:`~atout.core.rollout.RolloutRng` (tested over thousands of seeded cases), about thirty times
faster. The kernel (:mod:`atout.games.tarot._kernel`) is compiled by numba when it is installed and runs
as plain Python otherwise. Every table the API supports is covered: variants ``seed`` and ``fft``, 3, 4
and 5 players, ``capot_value``, ``count_method``, ``italian``, from any phase of a deal.

What goes back to the public API (correct, only slower):

* a callable policy (only the named policies ``"random"`` and ``"first"`` are compiled);
* whatever follows the end of a deal that is not the match's last (``deals=N`` tables) and a petit sec
  claimed in the seed variant (the redeal comes from the state's own generator): the kernel's moves are
  replayed through ``apply`` on a clone, then the kernel takes over again for the next deal.

:func:`random_deals` plays ``n`` complete random deals entirely inside the kernel (shuffle, deal, bidding,
écart, play, scoring): what the benchmark counts as "complete random deals through the rollout path".

>>> import atout
>>> from atout.core.rollout import RolloutRng, api_rollout
>>> g = atout.new_game("tarot", players=4, seed=5)
>>> rollout(g, "random", RolloutRng(9)) == api_rollout(g, "random", RolloutRng(9))
True
"""

from __future__ import annotations

import importlib.util
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np

from atout.core.cards import CARDS
from atout.core.options import build_rules
from atout.core.protocol import Score
from atout.core.rollout import POLICIES, Policy, RolloutRng, api_trace, check_args, policy_code
from atout.games.tarot import _kernel as K
from atout.games.tarot.fields import TarotFields
from atout.games.tarot.rules import CONTRACTS, HAND_SIZE, POIGNEE_KINDS, TarotRules
from atout.games.tarot.scoring import quarter_fraction

_PHASES = {"petit_sec": K.PH_PETIT_SEC, "bidding": K.PH_BIDDING, "call": K.PH_CALL, "ecart": K.PH_ECART,
           "annonces": K.PH_ANNONCES, "play": K.PH_PLAY}


@dataclass
class Encoded:
    """A deal in progress as the kernel's arrays (see :mod:`atout.games.tarot._kernel` for the layout)."""

    own: np.ndarray
    pile: np.ndarray
    showing: np.ndarray
    sv: np.ndarray
    side: np.ndarray
    flags: np.ndarray
    poig: np.ndarray
    trick: np.ndarray

    def arrays(self) -> tuple[np.ndarray, ...]:
        return self.own, self.pile, self.showing, self.sv, self.side, self.flags, self.poig, self.trick


_LOW63 = (1 << 63) - 1


def pack(state: TarotFields) -> list[int]:
    """The deal in progress as the kernel's packed words (layout: ``_kernel.PACKED``; read-only on the state).

    >>> import atout
    >>> len(pack(atout.new_game("tarot", seed=1))) == K.PACKED
    True
    """
    if state.current_player is None:
        raise ValueError("the deal is over: nothing to roll out")
    n = state.players
    hands = state.hands
    masks = [*hands, *(0 for _ in range(5 - n)), 0 if state.talon_shown else state.talon, state.ecart,
             state.piles[0], state.piles[1], state.showing]
    words: list[int] = []
    for m in masks:
        words += (m & _LOW63, m >> 63)
    history = state.history
    prev = history[-1] if history else None
    rules = state.rules
    trick = state.trick
    pad = [0] * (5 - n)
    # The scalars, in the order of _kernel's slots NP .. DECISIONS (checked by tests/test_rollout.py).
    words += (n, int(state.fft), rules.talon_size, state.ntricks, rules.capot_value,
              int(rules.count_method == "seed_literal"), _PHASES[state.phase], state.current_player, state.eldest,
              len(state.bids), state.best_bid, state.taker, state.called, state.partner, int(state.slam_announced),
              state.ann_count, state.shower, state.showing.bit_count(), state.leader, len(trick), state.led,
              state.best, state.win, state.ex_seat, state.trick_no, state.tricks_won[0], state.tricks_won[1],
              state.debt, prev[2] if prev is not None and 56 in prev[1] else -1, state.ecart.bit_count(), 0, 0)
    poig = [-1] * 5
    for seat, kind, _ in state.announcements:
        if kind in POIGNEE_KINDS:
            poig[seat] = POIGNEE_KINDS.index(kind)
    words += (*state.side, *(1 for _ in pad), *state.flags, *pad, *poig, *trick, *(0 for _ in range(5 - len(trick))))
    return words


def encode(state: TarotFields) -> Encoded:
    """The kernel's arrays for ``state`` (any phase of a deal in progress; read-only on the state).

    >>> import atout
    >>> e = encode(atout.new_game("tarot", players=3, seed=1, dealer=0))
    >>> int(e.sv[K.PHASE]) == K.PH_BIDDING, int((e.own == 0).sum()), int((e.own == K.TALON).sum())
    (True, 24, 6)
    """
    return Encoded(*K.unpack(np.array(pack(state), np.int64)))


def _kernel_module(python: bool) -> ModuleType:
    return python_kernel() if python else K


def run_encoded(enc: Encoded, policy: int, rng: RolloutRng, python: bool = False) -> tuple[int, list[int], list[int]]:
    """Run the kernel on ``enc`` (modified in place): (status, chosen indices, row in quarter points).

    Status 0: the deal was scored; 1: a petit sec was claimed (a redeal the API must make).
    """
    mod = _kernel_module(python)
    word = np.array([rng.state], np.uint64)
    picks = np.empty(K.MAX_PICKS, np.int64)
    row = np.zeros(5, np.int64)
    with np.errstate(over="ignore"):  # uint64 arithmetic wraps on purpose (only warns when interpreted)
        status = int(mod.run(*enc.arrays(), word, policy, picks, row))
    rng.state = int(word[0])
    n = int(enc.sv[K.NP])
    return status, picks[:int(enc.sv[K.NPICKS])].tolist(), row[:n].tolist()


def rollout_trace(state: TarotFields, policy: Policy, rng: RolloutRng,
                  python: bool = False) -> tuple[list[Score], list[int]]:
    """(returns, chosen indices) of a rollout of ``state`` (unchanged) through the kernel.

    ``python=True`` runs the kernel's source as plain Python (no JIT), for checking the compiled one.

    >>> import atout
    >>> g = atout.new_game("tarot", players=3, variant="fft", seed=2)
    >>> rollout_trace(g, "first", RolloutRng(0)) == api_trace(g, "first", RolloutRng(0))
    True
    """
    if getattr(state, "game_name", None) != "tarot":
        raise ValueError(f"Tarot's rollout plays a Tarot state, not {type(state).__name__}: "
                         "use atout.core.rollout.rollout for any game")
    code = check_args(policy, rng)
    if code < 0 or state.current_player is None:
        return api_trace(state, policy, rng)
    mod = _kernel_module(python)
    game = state
    taken: list[int] = []
    word = np.empty(1, np.uint64)
    picks = np.empty(K.MAX_PICKS, np.int64)
    row = np.zeros(5, np.int64)
    while True:
        word[0] = rng.state
        with np.errstate(over="ignore"):  # uint64 arithmetic wraps on purpose (only warns when interpreted)
            status, count = mod.run_packed(np.array(pack(game), np.int64), word, code, picks, row)
        rng.state = int(word[0])
        chosen = picks[:count].tolist()
        # the match ends with this deal (unless it may yet be void and dealt again: replayed below to know)
        if status == 0 and game.counted + 1 >= game.deals_limit and not (game.redeal_void and game.taker < 0):
            totals = game.totals4
            return [quarter_fraction(int(q) + t) for q, t in zip(row, totals, strict=False)], taken + chosen
        # A petit sec redeal, or the match goes on: replay the kernel's moves through the API, then go on.
        if game is state:
            game = state.clone()
        for i in chosen:
            game.apply(game.legal_actions()[i])
        taken += chosen
        if game.current_player is None:  # pragma: no cover - the kernel's status says it is not over
            return game.returns(), taken


def rollout(state: TarotFields, policy: Policy, rng: RolloutRng) -> list[Score]:
    """The returns of ``state`` played to the end by ``policy`` with ``rng``; ``state`` is left unchanged.

    The same numbers as :func:`atout.core.rollout.api_rollout` (and the same draws from ``rng``). Without
    numba the interpreted kernel is slower than the API itself, so that path is taken instead.
    """
    if not K.COMPILED:
        return api_trace(state, policy, rng)[0]
    return rollout_trace(state, policy, rng)[0]


@dataclass
class RandomDeals:
    """What :func:`random_deals` played: per deal, the scores (quarter points) and, if traced, how to replay it."""

    players: int
    variant: str
    rows: np.ndarray  # (n, players) quarter points
    decisions: int
    dealers: np.ndarray | None = None  # first dealer of each game
    deals: list[list[dict[str, list[list[str]] | list[str]]]] | None = None  # the (re)deals of each game
    picks: list[list[int]] | None = None  # the chosen index at each decision

    def returns(self, i: int) -> list[Score]:
        """Deal ``i``'s scores as :meth:`TarotState.returns` gives them."""
        return [Fraction(int(q), 4) for q in self.rows[i]]


def random_deals(n: int, seed: int, players: int = 4, variant: str = "seed", policy: Policy = "random",
                 trace: bool = False, python: bool = False, **options: Any) -> RandomDeals:
    """``n`` complete random deals (shuffle, deal, bidding, écart, play, scoring) inside the kernel.

    ``options`` are Tarot's rule options (``capot_value``, ``count_method``, …), checked as ``new_game`` does.
    ``trace=True`` keeps each game's dealer, deals and choices, so that
    ``new_game("tarot", deal=deals[i], dealer=dealers[i])`` replayed with ``picks[i]`` gives the same scores.

    >>> r = random_deals(3, seed=1, players=5, variant="fft")
    >>> r.rows.shape, all(sum(r.returns(i)) == 0 for i in range(3))
    ((3, 5), True)
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"n must be a non-negative integer, not {n!r}")
    if variant not in CONTRACTS:
        raise ValueError(f"tarot has no variant {variant!r}; variants: {', '.join(CONTRACTS)}")
    if players not in HAND_SIZE:
        raise ValueError(f"tarot is for 3, 4 or 5 players, not {players!r}")
    rules = build_rules(TarotRules, "Tarot", options, players=players, variant=variant)
    capot_value, count_method = rules.capot_value, rules.count_method
    code = policy_code(policy)
    if code < 0:
        raise ValueError(f"random_deals runs a named policy ({', '.join(POLICIES)}), not a callable")
    mod = _kernel_module(python)
    rng = RolloutRng(seed)
    word = np.array([rng.state], np.uint64)
    rows = np.zeros((n, players), np.int64)
    m = n if trace else 1
    max_redeals = 16
    deals_out = np.zeros((m, max_redeals, 78), np.int8)
    dealers = np.zeros(m, np.int64)
    ndeals = np.zeros(m, np.int64)
    picks = np.zeros((m, K.MAX_PICKS * 4), np.int64)
    npicks = np.zeros(m, np.int64)
    with np.errstate(over="ignore"):
        decisions = int(mod.random_deals(players, int(variant == "fft"), capot_value,
                                         int(count_method == "seed_literal"), code, n, word, trace, deals_out,
                                         dealers, ndeals, picks, npicks, rows))
    if decisions < 0:  # pragma: no cover - needs sixteen petits secs in a row
        raise RuntimeError("random_deals: more redeals than the trace holds")
    out = RandomDeals(players, variant, rows, decisions)
    if trace:
        code_of = [c.code for c in CARDS]
        out.dealers = dealers
        out.deals = [[{"hands": [[code_of[c] for c in range(78) if deals_out[g, k, c] == s] for s in range(players)],
                       "talon": [code_of[c] for c in range(78) if deals_out[g, k, c] == K.TALON]}
                      for k in range(int(ndeals[g]))] for g in range(n)]
        out.picks = [picks[g, :int(npicks[g])].tolist() for g in range(n)]
    return out


_PYTHON_KERNEL: list[ModuleType] = []


def python_kernel() -> ModuleType:
    """A second copy of the kernel module whose functions run as plain Python (no numba), for tests."""
    if not _PYTHON_KERNEL:
        spec = importlib.util.spec_from_file_location("atout.games.tarot._kernel_py", K.__file__)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        module.__dict__["_NO_JIT"] = True
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        _PYTHON_KERNEL.append(module)
    return _PYTHON_KERNEL[0]


def warm_up() -> float:
    """Compile (or load from numba's cache) the kernel; the seconds it took (excluded from the benchmark)."""
    from atout.core.protocol import new_game

    start = time.perf_counter()
    random_deals(1, 0)
    state = new_game("tarot", seed=0)
    rollout(state, "random", RolloutRng(0))  # type: ignore[arg-type]
    return time.perf_counter() - start


__all__ = ["Encoded", "RandomDeals", "encode", "pack", "python_kernel", "random_deals", "rollout", "rollout_trace",
           "run_encoded", "warm_up"]
