"""Tarot's batch kernel: ``n`` tables stepped in one compiled call over the rollout kernel's arrays.

Each table keeps the arrays of :mod:`atout.games.tarot._kernel` as one row of a batch (``own[i]``,
``sv[i]``, …) and its own splitmix64 word (``rng[i]``), so tables are independent and the result does
not depend on how numba splits the rows over threads (``prange``). The rules are the rollout kernel's
functions themselves (``legal``, ``apply``, ``reset``): nothing here decides a rule.

Per table, after every step, ``codes[i, :nlegal[i]]`` holds the kernel codes of the legal actions in the
API's order and ``mask[i]`` marks their indices in the game's fixed action space (``code2idx``).

numba's cache checks only the date of the file that holds a compiled function, while these functions compile
the rollout kernel's into themselves: :func:`_drop_stale_cache` empties this module's cache when ``_kernel.py``
changed since it was filled, so that the batch never runs a stale copy of a rule.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import numpy as np

from atout.games.tarot import _kernel as K

try:  # pragma: no branch
    from numba import njit, prange
except ImportError:  # pragma: no cover - numba is a dependency; the same code runs interpreted
    prange = range  # type: ignore[misc]

    def njit(*args: Any, **kwargs: Any) -> Any:  # type: ignore[no-redef]
        """Stand-in for ``numba.njit``: returns the function unchanged."""
        if args and callable(args[0]):
            return args[0]
        return lambda f: f


def _drop_stale_cache() -> None:
    """Delete this module's numba cache files if ``_kernel.py``'s text differs from the one they were built with."""
    cache = Path(__file__).with_name("__pycache__")
    stamp = cache / "_tarot_batch.kernel-sha256"
    digest = hashlib.sha256(Path(K.__file__).read_bytes()).hexdigest()
    try:
        if stamp.read_text() == digest:
            return
        for f in cache.glob("_tarot_batch.*.nb[ic]"):
            f.unlink()
        stamp.write_text(digest)
    except FileNotFoundError:
        try:
            cache.mkdir(exist_ok=True)
            for f in cache.glob("_tarot_batch.*.nb[ic]"):
                f.unlink()
            stamp.write_text(digest)
        except OSError:  # pragma: no cover - a read-only install: numba then caches elsewhere or not at all
            pass
    except OSError:  # pragma: no cover - as above
        pass


_drop_stale_cache()

#: Observation modes (``BatchEnv(obs=...)``): no tensor, the compact per-card view, the spec's full tensor.
OBS_NONE, OBS_COMPACT, OBS_FULL = 0, 1, 2
#: Width of the compact observation: one int8 per card, then ``COMPACT_SCALARS`` scalars.
COMPACT_SCALARS = 8
COMPACT_WIDTH = 78 + COMPACT_SCALARS
# Compact per-card values, from the acting seat's point of view.
C_UNKNOWN, C_MINE, C_TRICK, C_ATTACK, C_DEFENCE, C_MY_ECART, C_SHOWN = 0, 1, 2, 3, 4, 5, 6


@njit(cache=True)
def _deal(own: Any, pile: Any, showing: Any, sv: Any, side: Any, flags: Any, poig: Any, rng: Any, pack: Any,
          dealer: int, fft: int) -> int:
    """Shuffle and deal one table (the rollout kernel's Fisher-Yates); returns the dealer of the kept deal.

    FFT rule 7: a petit sec annuls the deal at once and the next dealer deals (the seed variant asks).
    """
    players = sv[K.NP]
    size = K.HAND_SIZES[players]
    while True:
        for c in range(78):
            pack[c] = c
        for i in range(77, 0, -1):
            j = K.below(rng, i + 1)
            pack[i], pack[j] = pack[j], pack[i]
        for i in range(78):
            own[pack[i]] = i // size if i < players * size else K.TALON
        K.reset(own, pile, showing, sv, side, flags, poig, dealer)
        if sv[K.PHASE] == K.PH_PETIT_SEC and fft:
            dealer = (dealer + 1) % players
            continue
        return dealer


@njit(cache=True)
def _compact(own: Any, pile: Any, showing: Any, sv: Any, out: Any) -> None:
    """The compact observation of the seat to act (see ``docs/envs.md``): what it holds, sees and has seen."""
    seat = sv[K.CUR]
    players = sv[K.NP]
    for c in range(78):
        o = own[c]
        v = C_UNKNOWN
        if o == seat:
            v = C_MINE
        elif o == K.ECART and sv[K.TAKER] == seat:
            v = C_MY_ECART
        elif o == K.GONE:
            p = pile[c]
            v = C_TRICK if p < 0 else C_ATTACK if p == 0 else C_DEFENCE
        if showing[c] and o != seat:
            v = C_SHOWN
        out[c] = v
    taker = sv[K.TAKER]
    out[78] = sv[K.PHASE]
    out[79] = (taker - seat) % players if taker >= 0 else -1
    out[80] = sv[K.BEST_BID]
    out[81] = sv[K.TRICK_NO]
    out[82] = sv[K.TRICK_LEN]
    out[83] = sv[K.LED]
    out[84] = (sv[K.LEADER] - seat) % players
    out[85] = sv[K.NBIDS]


@njit(cache=True)
def _expose(own: Any, pile: Any, showing: Any, sv: Any, flags: Any, codes: Any, code2idx: Any, mask: Any,
            obs: Any, obs_mode: int) -> int:
    """One table's legal codes, mask and (compact) observation, given its rows; returns the number of legal actions.

    The rows are views made once per table and step by the caller (each view costs a reference count).
    """
    k = K.legal(own, showing, sv, flags, codes)
    for a in range(mask.shape[0]):
        mask[a] = False
    for j in range(k):
        mask[code2idx[codes[j]]] = True
    if obs_mode == OBS_COMPACT:
        _compact(own, pile, showing, sv, obs)
    return k


@njit(cache=True)
def reset_all(own: Any, pile: Any, showing: Any, sv: Any, side: Any, flags: Any, poig: Any, trick: Any, rng: Any,
              dealer: Any, dealt: Any, packs: Any, codes: Any, nlegal: Any, code2idx: Any, mask: Any, obs: Any,
              obs_mode: int, seat: Any) -> None:
    """Deal every table afresh (a dealer drawn by lot, as ``random_deals`` does) and expose it."""
    n = own.shape[0]
    fft = sv[0, K.FFT]
    for i in prange(n):
        players = sv[i, K.NP]
        d = K.below(rng[i:i + 1], players)
        dealer[i] = _deal(own[i], pile[i], showing[i], sv[i], side[i], flags[i], poig[i], rng[i:i + 1], packs[i],
                          d, fft)
        for c in range(78):
            dealt[i, c] = own[i, c]
        nlegal[i] = _expose(own[i], pile[i], showing[i], sv[i], flags[i], codes[i], code2idx, mask[i], obs[i],
                            obs_mode)
        seat[i] = sv[i, K.CUR]


@njit(cache=True)
def check_actions(codes: Any, nlegal: Any, code2idx: Any, actions: Any, chosen: Any) -> int:
    """Each table's kernel code for its action index into ``chosen``; the first table whose action is illegal, or -1."""
    n = codes.shape[0]
    for i in range(n):
        a = actions[i]
        found = -1
        for j in range(nlegal[i]):
            if code2idx[codes[i, j]] == a:
                found = codes[i, j]
                break
        if found < 0:
            return i
        chosen[i] = found
    return -1


def _step_all(own: Any, pile: Any, showing: Any, sv: Any, side: Any, flags: Any, poig: Any, trick: Any, rng: Any,
             dealer: Any, dealt: Any, packs: Any, codes: Any, nlegal: Any, code2idx: Any, chosen: Any, mask: Any,
             obs: Any, obs_mode: int, seat: Any, rows: Any, rewards: Any, done: Any, redealt: Any) -> None:
    """Apply ``chosen[i]`` (a legal kernel code) on every table; a finished deal is scored and the next dealt.

    ``rewards[i]`` gets the finished deal's scores in points (zero otherwise) and ``done[i]`` is set;
    ``redealt[i]`` is set when a table starts a new deal (scored, or a petit sec claimed: same dealer).
    """
    n = own.shape[0]
    fft = sv[0, K.FFT]
    for i in prange(n):
        t_own, t_pile, t_showing, t_sv, t_flags = own[i], pile[i], showing[i], sv[i], flags[i]
        players = t_sv[K.NP]
        for s in range(rewards.shape[1]):
            rewards[i, s] = 0.0
        done[i] = False
        redealt[i] = False
        status = K.apply(t_own, t_pile, t_showing, t_sv, side[i], t_flags, poig[i], trick[i], rows[i], chosen[i])
        if status >= 0:
            t_rng = rng[i:i + 1]
            d = dealer[i]
            if status == 0:
                for s in range(players):
                    rewards[i, s] = rows[i, s] / 4.0
                done[i] = True
                d = K.below(t_rng, players)
            dealer[i] = _deal(t_own, t_pile, t_showing, t_sv, side[i], t_flags, poig[i], t_rng, packs[i], d, fft)
            for c in range(78):
                dealt[i, c] = t_own[c]
            redealt[i] = True
        nlegal[i] = _expose(t_own, t_pile, t_showing, t_sv, t_flags, codes[i], code2idx, mask[i], obs[i], obs_mode)
        seat[i] = t_sv[K.CUR]


def new_arrays(n: int, players: int, fft: bool, capot_value: int, literal: bool) -> dict[str, np.ndarray]:
    """The batch's state arrays for ``n`` tables (rules' constants already in ``sv``)."""
    sv = np.zeros((n, K.NSV), np.int64)
    size = int(K.HAND_SIZES[players])
    sv[:, K.NP] = players
    sv[:, K.FFT] = int(fft)
    sv[:, K.NEED] = 78 - players * size
    sv[:, K.NTRICKS] = size
    sv[:, K.CAPOT_VALUE] = capot_value
    sv[:, K.LITERAL] = int(literal)
    return {
        "own": np.full((n, 78), K.GONE, np.int8), "pile": np.full((n, 78), -1, np.int8),
        "showing": np.zeros((n, 78), np.bool_), "sv": sv, "side": np.ones((n, 5), np.int64),
        "flags": np.zeros((n, 5), np.int64), "poig": np.full((n, 5), -1, np.int64),
        "trick": np.zeros((n, 5), np.int64), "dealer": np.zeros(n, np.int64), "dealt": np.zeros((n, 78), np.int8),
        "packs": np.zeros((n, 78), np.int64), "codes": np.zeros((n, K.MAX_ACTIONS), np.int64),
        "nlegal": np.zeros(n, np.int64), "rows": np.zeros((n, 5), np.int64), "chosen": np.zeros(n, np.int64),
    }



#: ``step_all`` on one thread (the default: on a shared machine a parallel region waits for its slowest thread)
#: and on every thread numba has (``BatchEnv(parallel=True)``); the same source.
step_all = njit(cache=True)(_step_all)
step_all_parallel = njit(cache=True, parallel=True)(_step_all)


@njit(cache=True)
def random_actions(codes: Any, nlegal: Any, code2idx: Any, rng: Any, out: Any) -> None:
    """A uniformly random legal action index per table (``rng``: the sampler's own splitmix64 word)."""
    for i in range(codes.shape[0]):
        out[i] = code2idx[codes[i, K.below(rng, nlegal[i])]]
