"""The double-dummy solver for French Tarot: every hand seen, the exact value of a deal under best play.

``solve(state)`` takes a Tarot state in the play phase (3, 4 or 5 players, ``seed`` or ``fft`` rules, at any
card of any trick) and returns what :meth:`TarotState.returns` would give at the end of the deal when both
sides play their best, and the value of every legal card of the seat to play.

**Best play.** The attack (the taker, and at five the called partner) maximises its score, the sum of its
seats' returns for the deal; the defence (every other seat, one side) minimises it: a two-sided zero-sum
game, since the returns of a deal sum to zero. Ties are broken the same way every time: among lines of equal
score the attack prefers more card points, then the outcome code of :mod:`atout.analysis._dd` (oudlers,
petit au bout, chelem). That makes ``attack_points`` and the returns of each seat one well-defined value,
not one of several lines of equal score.

**Exact.** The search is alpha-beta on that value itself, the score computed at each leaf from the
engine's own :func:`~atout.games.tarot.scoring.score_quarters` (tabulated once per deal over card points,
oudlers, petit au bout and chelem: the only things the score depends on once the deal is played), so no
assumption links the score to card points (the petit au bout, the Excuse at the last trick, a chelem and
the contract's margin are all in the leaf). The transposition table keys a trick boundary on everything the
rest of the deal depends on: the hands (two 64-bit Zobrist words, 128 bits), the leader, the attack's card
points and oudlers so far, whether each side has won a trick, the Excuse's debt, whether each side holds a
½-point card to pay it, and who won the Petit at the previous trick; it stores bounds. Two cards of the
same hand are merged into one move when they have the same suit and the same value (so the same points:
numerals, or trumps 2 to 20) and no card between them is still out (in another hand or in the trick):
swapping them changes nothing. Checked against a plain minimax over the engine's ``legal_actions`` and
``apply`` (tests/test_solver.py).

Not searched: the FFT poignée a player may still announce at his first card (the solver takes it as not
announced); a state showing a poignée card by card is refused, and so is ``count_method="seed_literal"``
(whose count of a pile is not a sum over its cards).

>>> import atout
>>> g = atout.new_game("tarot", players=4, seed=7)
>>> while g.phase != "play" or len(g.history) < 15:  # the bids, then the first 15 tricks: first legal action
...     g.apply(g.legal_actions()[0])
>>> s = solve(g)
>>> sum(s.returns) == 0, sorted(s.cards) == sorted(str(a) for a in g.legal_actions())
(True, True)
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from atout.analysis import _dd as K
from atout.games.tarot.actions import PLAY
from atout.games.tarot.rules import LOW_CARDS, PETIT, TARGETS
from atout.games.tarot.scoring import card_points2, oudlers_in, score_quarters

if TYPE_CHECKING:
    from atout.games.tarot.state import TarotState

PAB = (None, "attack", "defence")
SLAM = ("none", "attack", "defence")


@dataclass(frozen=True)
class Value:
    """The end of the deal under best play from some position: each seat's returns (as
    :meth:`TarotState.returns` gives them), the attack's card points, oudlers, petit au bout and chelem."""

    returns: tuple[Fraction, ...]
    attack_points: Fraction
    attack_score: Fraction  # the attack's seats' returns for this deal, summed (what the attack maximises)
    attack_oudlers: int
    petit_au_bout: str | None
    slam: str


@dataclass(frozen=True)
class Solution(Value):
    """:class:`Value` of the position, and ``cards``: the value of each legal card of the seat to play
    (by action text, e.g. ``"play KH"``), best play after it; ``nodes``: positions searched."""

    cards: dict[str, Value] = field(default_factory=dict)
    nodes: int = 0

    def best_cards(self) -> list[str]:
        """The legal cards whose value is the position's (every optimal card)."""
        me = (self.returns, self.attack_points, self.attack_score, self.attack_oudlers, self.petit_au_bout, self.slam)
        return [a for a, v in self.cards.items()
                if (v.returns, v.attack_points, v.attack_score, v.attack_oudlers, v.petit_au_bout, v.slam) == me]


class SolverError(ValueError):
    """The state cannot be solved (not in the play phase, a poignée being shown, an unsupported count)."""


class SolveLimit(SolverError):
    """A solve given ``max_nodes`` passed them before it knew the value: abandoned, nothing known (the
    positions it had finished stay in the transposition table, exact)."""

    def __init__(self, max_nodes: int) -> None:
        super().__init__(f"the search passed its limit of {max_nodes} nodes")
        self.max_nodes = max_nodes


# --- the kernel's tables ---------------------------------------------------------------------------
_Z = np.random.default_rng(20).integers(-(2**63), 2**63 - 1, size=(2, 5, 78), dtype=np.int64)
_PYTHON: list[ModuleType] = []


def python_kernel() -> ModuleType:
    """A second copy of the kernel whose functions run as plain Python (no numba), for tests and fallback."""
    if not _PYTHON:
        spec = importlib.util.spec_from_file_location("atout.analysis._dd_py", K.__file__)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        module.__dict__["_NO_JIT"] = True
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        _PYTHON.append(module)
    return _PYTHON[0]


class _Table:
    """A transposition table reused while the deal's constants stay the same (a new generation otherwise)."""

    def __init__(self, bits: int) -> None:
        self.keys = np.zeros((1 << bits, 4), np.int64)
        self.vals = np.zeros((1 << bits, 3), np.int64)
        self.mask = (1 << bits) - 1
        self.gen = 0
        self.owner: tuple[object, ...] | None = None

    def generation(self, owner: tuple[object, ...]) -> int:
        if owner != self.owner:
            self.owner = owner
            self.gen += 1
        return self.gen


_TABLES: dict[int, _Table] = {}
#: The last solve's search statistics (null-window passes, table probes and hits, cuts by the bounds).
LAST_STATS: dict[str, int] = {}


def _table(cards: int) -> _Table:
    bits = 14 if cards <= 24 else 18 if cards <= 36 else 20  # 2**20 entries: 56 MB, kept by the process
    found = _TABLES.get(bits)
    if found is None:
        found = _TABLES[bits] = _Table(bits)
    return found


@lru_cache(maxsize=64)
def score_table(variant: str, players: int, contract: str, taker: int, partner: int | None,
                announcements: tuple[tuple[int, str], ...], slam_announced: bool, capot_value: int,
                attack: tuple[int, ...]) -> np.ndarray:
    """The attack's score (quarter points, its seats summed) for every end of the deal, by
    ``((points2 * 4 + oudlers) * 3 + pab) * 3 + slam``: :func:`score_quarters`, the engine's scoring.

    The score reads the points and the oudlers only through the margin ``points2 - 2 * TARGETS[oudlers]``,
    so each margin is scored once (about 2,700 calls of the engine instead of 6,588)."""
    out = np.zeros(183 * 4 * 9, np.int64)
    seen: dict[tuple[int, int, int], int] = {}
    for p2 in range(183):
        for oud in range(4):
            for pab in range(3):
                for slam in range(3):
                    key = (p2 - 2 * TARGETS[oud], pab, slam)
                    found = seen.get(key)
                    if found is None:
                        row = score_quarters(variant, players, contract, taker, partner, p2, oud, PAB[pab],
                                             announcements, SLAM[slam], slam_announced, capot_value)
                        found = seen[key] = sum(row[s] for s in attack)
                    out[(p2 * 4 + oud) * 9 + pab * 3 + slam] = found
    # The search's bounds need the score non-decreasing in the points for every other outcome (_dd.bounds).
    assert (np.diff(out.reshape(183, 36), axis=0) >= 0).all()
    return np.concatenate([out, outcome_extremes(out)])


def outcome_extremes(scores: np.ndarray) -> np.ndarray:
    """For each points and oudlers, the least and the greatest kernel value (less its points' part) over the
    petits au bout and chelems a position may still see (the bits ``_dd.O_PAB``, ``O_SLAM_ATT``, ``O_SLAM_DEF``):
    what ``_dd.bounds`` would otherwise find by trying every (petit au bout, chelem) pair at each trick boundary.

    Laid out by ``((points2 * 4 + oudlers) * 8 + outcomes) * 2`` (+1 for the greatest)."""
    pab, slam = np.meshgrid(np.arange(3), np.arange(3), indexing="ij")
    code = (np.arange(4)[:, None, None] * 9 + pab * 3 + slam)[None]  # oudlers, pab, slam
    value = scores.reshape(183, 4, 3, 3) * 65536 + code
    ext = np.zeros((183, 4, 8, 2), np.int64)
    for outcomes in range(8):
        pabs = [0, 1, 2] if outcomes & K.O_PAB else [0]
        slams = [0] + ([1] if outcomes & K.O_SLAM_ATT else []) + ([2] if outcomes & K.O_SLAM_DEF else [])
        some = value[:, :, pabs][:, :, :, slams]
        ext[:, :, outcomes, 0] = some.min(axis=(2, 3))
        ext[:, :, outcomes, 1] = some.max(axis=(2, 3))
    return ext.ravel()


def seat_free_table(variant: str, players: int, contract: str, taker: int, partner: int | None,
                    announcements: tuple[tuple[int, str], ...], slam_announced: bool, capot_value: int,
                    attack: tuple[int, ...]) -> np.ndarray:
    """:func:`score_table` with the seats renamed (the taker 0, his partner 1, the others after): the attack's
    summed score does not depend on where the seats sit, so deals with other seats share one table."""
    order = [taker] + ([partner] if partner is not None and partner != taker else [])
    order += [s for s in range(players) if s not in order]
    name = {s: i for i, s in enumerate(order)}
    return score_table(variant, players, contract, 0, None if partner is None else name[partner],
                       tuple((name[s], k) for s, k in announcements), slam_announced, capot_value,
                       tuple(sorted(name[s] for s in attack)))


# --- solving ---------------------------------------------------------------------------------------
def _check(state: TarotState) -> None:
    from atout.games.tarot.state import TarotState

    if not isinstance(state, TarotState):
        raise SolverError(f"the solver reads a Tarot state, not {type(state).__name__}")
    if state.phase != "play" or state.current_player is None:
        raise SolverError(f"the solver needs a deal in the play phase, not in phase {state.phase!r}")
    if state.shower >= 0:
        raise SolverError("a poignée is being shown card by card: finish it ('done') before solving")
    if state.rules.count_method != "half_points":
        raise SolverError(f"the solver counts points by halves, not by count_method={state.rules.count_method!r}")


def solve(state: TarotState, cards: bool = True, python: bool = False, max_nodes: int | None = None,
          fresh: bool = False) -> Solution:
    """The double-dummy value of ``state`` (unchanged): returns at the end of the deal under best play,
    the attack's card points, and with ``cards`` the value of every legal card of the seat to play.

    ``python=True`` runs the kernel's source as plain Python (no JIT): the same search, for checking.
    ``max_nodes``: past that many nodes the solve is abandoned (:class:`SolveLimit`), so that a caller can
    bound its work by a count that, unlike time, every machine shares. The transposition table carries over
    from one solve to the next of the same deal; ``fresh=True`` empties it first, so that a sequence of
    solves visits the same nodes wherever it runs (what a node budget needs to be deterministic).
    """
    _check(state)
    mod = python_kernel() if python or not K.COMPILED else K
    n = state.players
    assert state.contract is not None
    attack_seats = tuple(s for s in range(n) if state.side[s] == 0)
    partner = state.partner if state.partner >= 0 else None
    anns = tuple((s, k) for s, k, _ in state.announcements if k not in ("capot", "chelem"))
    rules = state.rules
    tab = seat_free_table(state.variant, n, state.contract, state.taker, partner, anns, state.slam_announced,
                      rules.capot_value, attack_seats)
    hp = np.zeros(5, np.int64)
    ht = np.zeros(5, np.int64)
    h1 = h2 = 0
    for s in range(n):
        h = state.hands[s]
        hp[s] = h & ((1 << PETIT) - 1)
        ht[s] = h >> PETIT
        for c in range(78):
            if h >> c & 1:
                h1 ^= int(_Z[0, s, c])
                h2 ^= int(_Z[1, s, c])
    remaining = sum(h.bit_count() for h in state.hands)
    table = _table(remaining)
    cfg = np.zeros(K.NCFG, np.int64)
    cfg[K.C_NP], cfg[K.C_FFT], cfg[K.C_TAKER], cfg[K.C_CALLED] = n, int(state.fft), state.taker, state.called
    cfg[K.C_SLAM], cfg[K.C_NTRICKS] = int(state.slam_announced), state.ntricks
    cfg[K.C_SIDE:K.C_SIDE + n] = state.side
    owner = (state.fft, n, state.taker, state.called, state.slam_announced, state.ntricks, tuple(state.side), id(tab))
    if fresh:  # every table (each size has its own): a later solve of more cards starts empty too
        for each in _TABLES.values():
            each.owner = None
    cfg[K.C_MASK], cfg[K.C_GEN] = table.mask, table.generation(owner)
    cfg[K.C_LIMIT] = K.INF if max_nodes is None else max_nodes
    cfg[K.C_UNIT] = max(1, int(tab[182 * 36] - tab[0]) // 182) * 65536  # about a half point of score
    if state.contract == "garde_sans":
        fixed = state.piles[0] | state.talon  # the talon counts for the taker (seed 001)
    elif state.contract == "garde_contre":
        fixed = state.piles[0]
    else:
        fixed = state.piles[0] | state.ecart
    st = np.zeros((80, K.NST), np.int64)
    row = st[0]
    seat = state.current_player
    assert seat is not None  # (checked)
    row[K.S_CUR], row[K.S_LEADER], row[K.S_TLEN] = seat, state.leader, len(state.trick)
    row[K.S_LED], row[K.S_BEST], row[K.S_WIN], row[K.S_EXS] = state.led, state.best, state.win, state.ex_seat
    row[K.S_TNO], row[K.S_AP2], row[K.S_AOUD] = state.trick_no, card_points2(fixed), oudlers_in(fixed)
    row[K.S_TW0], row[K.S_TW1], row[K.S_DEBT] = state.tricks_won[0], state.tricks_won[1], state.debt
    row[K.S_LOW0] = (state.piles[0] & LOW_CARDS).bit_count()
    row[K.S_LOW1] = (state.piles[1] & LOW_CARDS).bit_count()
    prev = state.history[-1] if state.history else None
    row[K.S_PPW] = prev[2] if prev is not None and PETIT in prev[1] else -1
    row[K.S_H1], row[K.S_H2] = h1, h2
    for i, c in enumerate(state.trick):
        row[K.S_T0 + i] = c
    out = sum(state.hands) | sum(1 << c for c in state.trick)  # the cards still in play (the hands are disjoint)
    row[K.S_OCCP], row[K.S_OCCT] = out & ((1 << PETIT) - 1), out >> PETIT
    buf = np.zeros((80, 48), np.int64)
    out_cards = np.zeros(24, np.int64)
    out_vals = np.zeros(24, np.int64)
    out_vals[0] = int(tab[(row[K.S_AP2] * 4 + row[K.S_AOUD]) * 9]) * 65536  # MTD(f)'s first guess
    with np.errstate(over="ignore"):  # Zobrist words wrap on purpose
        m = int(mod.root(hp, ht, cfg, st, tab, _Z[0], _Z[1], table.keys, table.vals, buf,
                         np.zeros((80, K.NFR), np.int64), out_cards, out_vals, cards))
    if cfg[K.C_ABORT]:
        raise SolveLimit(int(cfg[K.C_LIMIT]))
    LAST_STATS.update(passes=int(cfg[K.C_PASSES]), probes=int(cfg[K.C_PROBES]), hits=int(cfg[K.C_HITS]),
                      bound_cuts=int(cfg[K.C_BCUTS]))
    decode = _decoder(state, partner, anns)
    if not cards:
        return _solution(decode(int(out_vals[0])), {}, int(cfg[K.C_NODES]))
    values = {int(out_cards[i]): int(out_vals[i]) for i in range(m)}
    per_card = {str(PLAY[c]): decode(v) for c, v in values.items()}
    maxi = state.side[seat] == 0
    top = max(values.values()) if maxi else min(values.values())
    return _solution(decode(top), per_card, int(cfg[K.C_NODES]))


def _solution(v: Value, cards: dict[str, Value], nodes: int) -> Solution:
    return Solution(returns=v.returns, attack_points=v.attack_points, attack_score=v.attack_score,
                    attack_oudlers=v.attack_oudlers, petit_au_bout=v.petit_au_bout, slam=v.slam, cards=cards,
                    nodes=nodes)


def _decoder(state: TarotState, partner: int | None, anns: tuple[tuple[int, str], ...]):  # type: ignore[no-untyped-def]
    """Kernel value -> :class:`Value`, the returns from :func:`score_quarters` as the engine scores them."""
    n = state.players
    assert state.contract is not None
    contract = state.contract

    def decode(v: int) -> Value:
        code = v & 255
        p2 = (v >> 8) & 255
        oud, pab, slam = code // 9, code % 9 // 3, code % 3
        row = score_quarters(state.variant, n, contract, state.taker, partner, p2, oud, PAB[pab], anns,
                             SLAM[slam], state.slam_announced, state.rules.capot_value)
        assert sum(row[s] for s in range(n) if state.side[s] == 0) == v >> 16
        returns = tuple(Fraction(t + q, 4) for t, q in zip(state.totals4, row, strict=True))
        return Value(returns, Fraction(p2, 2), Fraction(v >> 16, 4), oud, PAB[pab], SLAM[slam])

    return decode


__all__ = ["Solution", "SolveLimit", "SolverError", "Value", "python_kernel", "score_table", "solve"]
