"""Duplicate tournaments: every bot holds every hand, so luck of the deal cancels out.

Each *board* is one deal (its cards and every chance event fixed by a per-board seed) played ``k``
times for ``k`` bots: in rotation ``r`` seat ``s`` holds bot ``(s + r) % k``, so over a board each bot
sits at each seat exactly once. A bot's *board score* is its mean result over the hands it held:
``(1 / players) * sum of its seats' returns``; in a zero-sum game the board scores of all bots add up
to zero. The result depends only on the specification (game, bots, deals, seed…), never on how many
workers played it or where: local processes or a Ray cluster give the same numbers.

The bots must have different names (each row is named by its bot). The JSON report holds every board
score (``boards``), so its means, intervals and ratings can be checked from it; an interval is ``null``
below two boards (the spread of one board is unknown), never ``Infinity``.

>>> spec = TournamentSpec("tarot", ("heuristic", "random"), deals=4, seed=1, players=4)
>>> report = run_tournament(spec)
>>> [row["bot"] for row in report.table()]
['heuristic', 'random']
>>> sum(report.totals()) == 0  # Tarot is zero-sum, so the board scores are too
True
"""

from __future__ import annotations

import hashlib
import math
import os
import signal
import socket
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from atout.bots.base import make_bot
from atout.core.protocol import game_info, json_number, new_game

#: How many times a batch of boards is retried after its worker died (a crash, a killed process).
RETRIES = 3
#: Elo scale: a 75% expected score is about 191 points (the chess convention, 400 * log10(3)).
ELO_SCALE = 400.0
ELO_BASE = 1500.0
#: The most worker processes a local tournament starts (``--jobs``): each loads the engine and its compiled
#: code, so a thousand of them exhaust a machine's memory; more processes than cores gains nothing.
MAX_JOBS = 64


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from integers, stable across processes and Python versions (not ``hash()``).

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)
    True
    """
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class TournamentSpec:
    """Everything that determines a tournament's result (and nothing about how it is run)."""

    game: str
    bots: tuple[str, ...]
    deals: int
    seed: int
    players: int | None = None
    variant: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Test hook: a file path; the worker playing board 0 dies once (creating the file) to test re-runs.
    crash_marker: str | None = None

    def check(self) -> None:
        """Refuse a bad specification before any board is played (names the bad field)."""
        if len(self.bots) < 2:
            raise ValueError(f"a tournament needs at least two bots, not {len(self.bots)}")
        if not isinstance(self.deals, int) or isinstance(self.deals, bool) or self.deals < 1:
            raise ValueError(f"deals must be a positive integer, not {self.deals!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError(f"seed must be an integer, not {self.seed!r}")
        twice = sorted({name for name in self.bots if self.bots.count(name) > 1})
        if twice:
            raise ValueError(f"bot {twice[0]!r} is named twice: a tournament's bots must differ "
                             "(each is scored by its name)")
        info = game_info(self.game)
        for name in self.bots:
            make_bot(info.name, name, seed=0)  # raises ValueError naming the bots the game has
        new_game(info.name, players=self.players, variant=self.variant, seed=self.seed, **dict(self.options))


def seatings(players: int, bots: int) -> list[tuple[int, ...]]:
    """The rotations of a board: ``seatings(p, k)[r][s]`` is the bot at seat ``s`` in rotation ``r``.

    >>> seatings(3, 2)
    [(0, 1, 0), (1, 0, 1)]
    """
    return [tuple((s + r) % bots for s in range(players)) for r in range(bots)]


def play_board(spec: TournamentSpec, board: int) -> list[Fraction]:
    """Play one board (every rotation of one deal); each bot's board score, in ``spec.bots`` order."""
    if spec.crash_marker is not None and board == 0 and not Path(spec.crash_marker).exists():
        Path(spec.crash_marker).write_text("crashed once", encoding="utf-8")
        os._exit(17)  # a worker dying mid-tournament (test hook): its boards must be re-run
    deal_seed = derive_seed(spec.seed, board)
    k = len(spec.bots)
    sums = [Fraction(0)] * k
    players = 0
    for r, seating in enumerate(seatings(_players(spec), k)):
        state = new_game(spec.game, players=spec.players, variant=spec.variant, seed=deal_seed, **dict(spec.options))
        players = state.players
        seats = [make_bot(state.game_name, spec.bots[b], seed=derive_seed(spec.seed, board, r, s))
                 for s, b in enumerate(seating)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(seats[seat].act(state.observation(seat)))
        for s, score in enumerate(state.returns()):
            sums[seating[s]] += Fraction(score)
    return [x / players for x in sums]


def _players(spec: TournamentSpec) -> int:
    return new_game(spec.game, players=spec.players, variant=spec.variant, seed=0, **dict(spec.options)).players


def _play_batch(spec: TournamentSpec, boards: Sequence[int]) -> list[tuple[int, list[Fraction]]]:
    return [(b, play_board(spec, b)) for b in boards]


@dataclass
class TournamentReport:
    """Board scores per bot, and the statistics drawn from them."""

    spec: TournamentSpec
    boards: list[list[Fraction]]  # boards[i][b]: bot b's board score on board i
    backend: str = "local"

    def totals(self) -> list[Fraction]:
        """Each bot's sum of board scores."""
        return [sum((row[b] for row in self.boards), Fraction(0)) for b in range(len(self.spec.bots))]

    def table(self) -> list[dict[str, Any]]:
        """One row per bot: mean score per deal, its 95% interval (None below 2 boards), an Elo-like rating."""
        ratings = elo_ratings(self.boards)
        rows = []
        for b, name in enumerate(self.spec.bots):
            mean, half = mean_interval([row[b] for row in self.boards])
            rows.append({"bot": name, "mean": mean, "ci95": _interval(mean, half), "elo": ratings[b]})
        return rows

    def pairs(self) -> list[dict[str, Any]]:
        """Each pair of bots: the mean margin per board of the first over the second, with its 95% interval."""
        out = []
        k = len(self.spec.bots)
        for a in range(k):
            for b in range(a + 1, k):
                mean, half = mean_interval([row[a] - row[b] for row in self.boards])
                out.append({"bots": [self.spec.bots[a], self.spec.bots[b]], "margin": mean,
                            "ci95": _interval(mean, half), "clear": abs(mean) > half})
        return out

    def to_json(self) -> dict[str, Any]:
        """The report as strict JSON: an unknown interval (fewer than 2 boards) is ``null``, never Infinity.

        ``boards[i][b]`` is bot ``b``'s board score on board ``i`` (JSON numbers, as ``json_number``), so
        that the means, intervals and ratings can be checked from the report alone.
        """
        spec = self.spec
        return {
            **_identity(spec), "deals": spec.deals, "backend": self.backend,
            "table": [{**r, "mean": round(r["mean"], 4), "ci95": _rounded(r["ci95"]),
                       "elo": round(r["elo"], 1)} for r in self.table()],
            "pairs": [{**p, "margin": round(p["margin"], 4), "ci95": _rounded(p["ci95"])} for p in self.pairs()],
            "totals": [json_number(x) for x in self.totals()],
            "boards": [[json_number(x) for x in row] for row in self.boards],
        }


def _identity(spec: TournamentSpec) -> dict[str, Any]:
    """What names a tournament in its report (all but the number of deals): a resumed report must match it."""
    return {"game": spec.game, "variant": spec.variant or game_info(spec.game).default_variant,
            "players": _players(spec), "bots": list(spec.bots), "seed": spec.seed, "options": dict(spec.options)}


def _interval(mean: float, half: float) -> list[float] | None:
    """A 95% interval ``[low, high]``, or None when it is unknown (an infinite half-width: under 2 boards)."""
    return [mean - half, mean + half] if math.isfinite(half) else None


def _rounded(interval: list[float] | None) -> list[float] | None:
    return None if interval is None else [round(x, 4) for x in interval]


def mean_interval(values: Sequence[Fraction | float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation, 1.96 s / sqrt n).

    >>> mean_interval([1, 3])
    (2.0, 1.96)
    """
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(float(v) for v in values) / n
    if n == 1:
        return mean, math.inf
    var = sum((float(v) - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def elo_ratings(boards: Sequence[Sequence[Fraction]]) -> list[float]:
    """Elo-like ratings from pairwise board results: a board won counts 1, halved 1/2.

    For each pair the expected score ``p`` (with half a win added to each side, so it is never 0 or 1)
    gives a difference ``400 log10(p / (1 - p))``; a bot's rating is 1500 plus the mean of its
    differences against every other bot.

    >>> elo_ratings([[1, -1], [1, -1], [-1, 1]])  # 2 wins of 3, smoothed: (2 + 0.5) / (3 + 1)
    [1588.7, 1411.3]
    """
    k = len(boards[0]) if boards else 0
    diffs = [[0.0] * k for _ in range(k)]
    for a in range(k):
        for b in range(k):
            if a == b:
                continue
            won = sum(1.0 if r[a] > r[b] else 0.5 if r[a] == r[b] else 0.0 for r in boards)
            p = (won + 0.5) / (len(boards) + 1)
            diffs[a][b] = ELO_SCALE * math.log10(p / (1 - p))
    return [round(ELO_BASE + sum(diffs[a]) / max(k - 1, 1), 1) for a in range(k)]


def _batches(first: int, deals: int, size: int) -> list[list[int]]:
    """Boards ``first`` … ``deals - 1`` in runs of ``size``."""
    return [list(range(i, min(i + size, deals))) for i in range(first, deals, size)]


def resumed_boards(spec: TournamentSpec, report: Mapping[str, Any]) -> list[list[Fraction]]:
    """The board scores of an earlier ``--json`` report of the same tournament, to be continued by
    :func:`run_tournament` (``done=``); ValueError naming what differs or is missing.

    The scores come back exact: a report writes them as JSON numbers, and a board score is a fraction with a
    small denominator (a sum of quarter points over the players), which ``limit_denominator`` recovers.

    >>> spec = TournamentSpec("triomphe", ("heuristic", "random"), deals=4, seed=5, players=2)
    >>> earlier = run_tournament(TournamentSpec("triomphe", ("heuristic", "random"), deals=2, seed=5, players=2))
    >>> done = resumed_boards(spec, earlier.to_json())
    >>> run_tournament(spec, done=done).boards == run_tournament(spec).boards
    True
    """
    if not isinstance(report, Mapping) or not isinstance(report.get("boards"), list):
        raise ValueError("the report to resume has no board scores (\"boards\": written by atout tournament --json)")
    for key, value in _identity(spec).items():
        if report.get(key) != value:
            raise ValueError(f"the report to resume is another tournament: its field {key!r} holds "
                             f"{report.get(key)!r}, not {value!r}")
    boards = report["boards"]
    if len(boards) > spec.deals:
        raise ValueError(f"the report to resume already has {len(boards)} boards: ask for at least that many, "
                         f"not {spec.deals}")
    out = []
    for i, row in enumerate(boards):
        if (not isinstance(row, list) or len(row) != len(spec.bots)
                or not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in row)):
            raise ValueError(f"the report to resume has a malformed board {i}: {row!r}"[:200])
        out.append([Fraction(x).limit_denominator(1 << 20) for x in row])
    return out


def run_tournament(
    spec: TournamentSpec,
    jobs: int = 1,
    ray_address: str | None = None,
    use_ray: bool = False,
    on_board: Callable[[int], None] | None = None,
    done: Sequence[list[Fraction]] = (),
) -> TournamentReport:
    """Play every board (locally, on ``jobs`` processes, or on Ray) and gather them in board order.

    ``done``: the scores of the first boards, already played (:func:`resumed_boards`); only the rest are
    played, and the report is the one a single run would give.
    """
    spec.check()
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    first = len(done)
    if first > spec.deals:
        raise ValueError(f"{first} boards are already played: deals must be at least that, not {spec.deals}")
    if use_ray:
        results = _run_ray(spec, ray_address, on_board, first)
        backend = "ray"
    elif jobs > 1:
        results = _run_processes(spec, jobs, on_board, first)
        backend = f"processes({jobs})"
    else:
        results = {}
        for b in range(first, spec.deals):
            results[b] = play_board(spec, b)
            if on_board:
                on_board(1)
        backend = "local"
    results.update(enumerate(done))
    return TournamentReport(spec, [results[b] for b in range(spec.deals)], backend)


def _run_processes(spec: TournamentSpec, jobs: int, on_board: Callable[[int], None] | None,
                   first: int = 0) -> dict[int, list[Fraction]]:
    """Batches on a process pool; a pool broken by a dying worker is replaced and its lost batches re-run.

    Ctrl-C (or any error) stops the workers at once: they ignore SIGINT (the terminal sends it to them too,
    which would print their tracebacks), and the pool's pending batches are cancelled and its workers
    terminated before the interruption goes on to the command line (exit 130).
    """
    results: dict[int, list[Fraction]] = {}
    left = spec.deals - first
    pending = _batches(first, spec.deals, max(1, min(50, left // (jobs * 4) or 1)))
    for _attempt in range(RETRIES + 1):
        if not pending:
            break
        lost: list[list[int]] = []
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(pending)), initializer=_ignore_sigint)
        try:
            futures = [(batch, pool.submit(_play_batch, spec, batch)) for batch in pending]
            for batch, fut in futures:
                try:
                    for b, scores in fut.result():
                        results[b] = scores
                    if on_board:
                        on_board(len(batch))
                except BrokenProcessPool:
                    lost.append(batch)
        except BaseException:
            _stop(pool)
            raise
        pool.shutdown()
        pending = lost
    if pending:
        raise RuntimeError(f"boards {pending[0][0]}..{pending[-1][-1]} failed {RETRIES + 1} times")
    return results


def _ignore_sigint() -> None:
    """A worker's initializer: Ctrl-C is the parent's to handle (it terminates the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel a pool's pending batches and terminate its workers now, not after their batches.

    ``ProcessPoolExecutor.terminate_workers`` does this from Python 3.14; before, the same by hand on the
    pool's processes (a private attribute, read defensively).
    """
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        proc.terminate()
    for proc in processes:
        proc.join(timeout=5)


def _check_reachable(address: str | None, timeout: float = 5.0) -> None:
    """Refuse a Ray address nobody answers at (a TCP connect, ``timeout`` seconds) before ``ray.init``, which
    would otherwise retry for minutes; ValueError naming it. ``None`` (a local Ray) and ``auto`` are not checked.

    >>> _check_reachable("127.0.0.1:1")
    Traceback (most recent call last):
    ...
    ValueError: --ray 127.0.0.1:1: no Ray cluster answers there (connection refused); start one with 'ray start --head', ...
    """
    if not address or address == "auto":
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--ray {address}: not a Ray address (HOST:PORT, e.g. 127.0.0.1:6379)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        why = "connection refused" if isinstance(exc, ConnectionRefusedError) else (str(exc) or type(exc).__name__)[:120]
        raise ValueError(f"--ray {address}: no Ray cluster answers there ({why}); start one with 'ray start --head', "
                         "or give --ray without an address for a local Ray") from None


def _run_ray(spec: TournamentSpec, address: str | None, on_board: Callable[[int], None] | None,
             first: int = 0) -> dict[int, list[Fraction]]:
    """Batches as Ray tasks (retried by Ray when a worker dies); needs the optional extra ``atout[ray]``."""
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'atout[ray]'") from None
    started = not ray.is_initialized()
    if started:
        _check_reachable(address)
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
        except ConnectionError as exc:
            why = " ".join(str(exc).split())[:200]
            raise ValueError(f"--ray {address}: cannot join a Ray cluster there ({why})") from None
    try:
        remote = ray.remote(max_retries=RETRIES)(_play_batch)
        batches = _batches(first, spec.deals, max(1, min(50, (spec.deals - first) // 8 or 1)))
        refs = [remote.remote(spec, batch) for batch in batches]
        results: dict[int, list[Fraction]] = {}
        for batch, ref in zip(batches, refs, strict=True):
            for b, scores in ray.get(ref):
                results[b] = scores
            if on_board:
                on_board(len(batch))
        return results
    finally:
        if started:
            ray.shutdown()
