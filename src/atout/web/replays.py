"""Uploads and replays checked off the event loop: in a worker process, within a time budget, cached.

Replaying a long record is pure Python: in the event loop it stalled every table (a 1.9 MB upload
0.6–1.8 s, ``replay?n=1000000000`` 1.4–3.3 s), and in a thread it still holds the GIL (a 0.9 s replay
delayed the loop's ticks by up to 67 ms, against 7 ms from a process: see docs/web.md). So
:func:`check_upload` and :func:`replay_view` run in a small process pool (``WORKERS`` processes,
started on first use); each stops itself past its budget (``too_slow``), and :class:`Replays` answers
``busy`` when the pool is taken for longer than that. A worker keeps the last position it reached for
each record, so stepping forward costs one move; the event loop keeps the views it was sent (LRU).

>>> check_upload(b'{"format": "atout-record/1"}', 1.0, MAX_RECORD_DEALS)["refused"]
'bad_field'
"""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import os
import time
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from atout.core.errors import AtoutError, RecordError
from atout.core.protocol import GameState, json_number, list_games, new_game
from atout.present.records import refusal
from atout.records import dumps, loads, replay
from atout.web.limits import Bucket
from atout.web.models import SEED_DIGITS, record_hash
from atout.web.views import full_view

MAX_RECORD_DEALS = 200  # deals in an uploaded record (a 200-deal Tarot match is ~0.7 MB, replayed in ~0.1 s)
BUDGET = 3.0  # seconds of work for one upload or one replay position, then refused (too_slow)
GRACE = 10.0  # seconds a worker may take beyond the budget (starting up) before the request is refused (busy)
WORKERS = 1  # processes for uploads and replays: the event loop keeps the other core of a small machine
STATES_KEPT = 8  # records whose last replayed position a worker keeps
VIEWS_KEPT = 512  # replay positions the event loop keeps, answered again without the worker

T = TypeVar("T")


class Busy(Exception):
    """The worker pool stayed taken past the time budget: the request is refused (503 ``busy``)."""


def record_moves(record: dict[str, Any]) -> int:
    """How many actions a record holds, over all its deals."""
    entries = record["deals"] if "deals" in record else [record]
    return sum(len(e["actions"]) for e in entries)


def _flat(record: dict[str, Any]) -> list[str]:
    entries = record["deals"] if "deals" in record else [record]
    return [a["action"] for e in entries for a in e["actions"]]


def _played_deals(record: dict[str, Any]) -> frozenset[int]:
    """The deals (0-based) of a record in which a card was played: the analysis is offered for those only (a
    deal everybody passed, or annulled before the bidding, has nothing to analyse: a newcomer was offered it)."""
    entries = record["deals"] if "deals" in record else [record]
    return frozenset(i for i, e in enumerate(entries) if any(str(a["action"]).startswith("play ") for a in e["actions"]))


def _known_game(rec: Any) -> str:
    game = rec.get("game") if isinstance(rec, dict) else None
    return game if isinstance(game, str) and game in {g.name for g in list_games()} else ""


def _data(params: dict[str, Any]) -> dict[str, Any]:
    """Params as plain JSON data (they cross a process boundary): anything else as its text."""
    out: dict[str, Any] = json.loads(json.dumps(params, default=str))
    return out


# --- run in a worker process --------------------------------------------------------------------
def check_upload(body: bytes, budget: float, max_deals: int) -> dict[str, Any]:
    """Read, cap and replay an uploaded record: ``{"text", "hash", "header", "moves", "returns"}`` (``text``:
    the canonical record the replay rebuilt, as JSON, and its hash: the event loop parses or encodes no large
    JSON) or a refusal ``{"refused": code, "params", "game"}``.

    Refused beside atout.records' own codes: ``too_many_deals`` (over ``max_deals``), ``missing_result``
    (no final ``result``: a game in progress or a hand-made record stating nothing to check), a seed of
    more than 39 digits (``bad_field``), ``too_slow`` (past ``budget`` seconds).
    """
    deadline = time.monotonic() + budget
    rec: Any = None
    try:
        rec = loads(body)  # atout.records: UTF-8, size, depth and numbers checked, then the structure
        deals = len(rec["deals"]) if "deals" in rec else 1
        if deals > max_deals:
            raise RecordError(f"{deals} deals (at most {max_deals})", "too_many_deals", {"count": deals, "limit": max_deals})
        if rec.get("seed") is not None and len(str(abs(rec["seed"]))) > SEED_DIGITS:
            raise RecordError(f"a seed has at most {SEED_DIGITS} digits", "bad_field", {"field": "seed"})
        state = replay(rec, deadline=deadline)  # a wrong move is named before a missing result
        if "result" not in rec:
            raise RecordError("the record states no final result: only a finished game is kept", "missing_result")
    except (AtoutError, ValueError, TypeError) as exc:
        code, params = refusal(exc)  # why, as data, said in the page's language by the caller
        return {"refused": code, "params": _data(params), "game": _known_game(rec)}
    canonical = state.to_record()
    header = {k: canonical.get(k) for k in ("game", "variant", "players", "seed", "options")}
    return {"text": dumps(canonical), "hash": record_hash(canonical), "header": header,
            "moves": record_moves(canonical), "returns": [json_number(x) for x in state.returns()]}


_STATES: OrderedDict[str, tuple[list[str], int, GameState, frozenset[int]]] = OrderedDict()
# key -> actions, n, state at n, the deals with a card played


def replay_view(key: str, text: str, n: int, lang: str, meta: dict[str, Any], budget: float) -> dict[str, Any]:
    """The replay page's view of a record after its first ``n`` moves (clamped to 0..total), with ``n``,
    ``total`` and, at Tarot, ``played`` (a card was played in the deal shown: its analysis can be asked), or a refusal
    ``{"refused": code, "params", "game"}``.

    ``key`` names the record (table and version): the worker goes on from the last position it reached
    for it when ``n`` is not before it, else replays from the start (``atout.records.replay(until=n)``).
    """
    deadline = time.monotonic() + budget
    rec: Any = None
    try:
        kept = _STATES.pop(key, None)
        if kept is not None:
            n = max(0, min(n, len(kept[0])))
        if kept is not None and kept[1] <= n:
            actions, at, state, played = kept
            for i, action in enumerate(actions[at:n]):
                if i % 64 == 0 and time.monotonic() > deadline:
                    raise RecordError("replay over its time budget", "too_slow", {"index": at + i})
                state.apply(action)
        else:
            rec = json.loads(text)
            actions = _flat(rec)
            played = _played_deals(rec)
            n = max(0, min(n, len(actions)))
            state = replay(rec, until=n, deadline=deadline)
        _STATES[key] = (actions, n, state, played)
        while len(_STATES) > STATES_KEPT:
            _STATES.popitem(last=False)
        view = full_view(state, lang, meta)
        out = {**view, "n": n, "total": len(actions)}
        if state.game_name == "tarot":  # the analysis is Tarot's: whether it can be asked of the deal shown
            out["played"] = view.get("deal", 0) in played
            later = [d for d in played if d > view.get("deal", 0)]  # where to go instead (the first deal may be void)
            out["next_played"] = min(later) if later else None
        return out
    except (AtoutError, ValueError, TypeError) as exc:  # a stored record the engine now refuses
        code, params = refusal(exc)
        return {"refused": code, "params": _data(params), "game": _known_game(rec if rec is not None else json.loads(text))}


ANALYSIS_TRICKS = 5  # the last tricks of a deal the browser's analysis solves at least (docs/analysis.md)
# then earlier tricks while their solves stay within these nodes (about a second: docs/analysis.md): a count,
# not a time, so that a record's analysis is the same on any machine and at any load; and the terminal's
# (atout.analysis.deal.GROW_NODES, not imported here: it loads the solver, which this process never runs)
ANALYSIS_GROW_NODES = 3_000_000
ANALYSES_KEPT = 64  # deal analyses the event loop keeps (every language of each), answered again without the worker
REFUSALS_KEPT = 256  # refused analyses kept apart (a deal out of range costs the worker ms: they must not push
# the analyses out of their store, attack 9, finding 1)
# An address's share of the analyses' worker: seconds of the worker's time earned a second, and at most saved.
# A grown analysis takes about 1.3 to 2 s (docs/analysis.md), so an address may ask about 20 at once, then one
# every 10 to 20 s: one visitor cannot keep the worker busy for everybody (it is one process for the server).
ANALYSIS_SHARE = 0.1
ANALYSIS_SAVED = 30.0
ANALYSIS_LEAST = 0.2  # seconds each computed answer costs at least, a refusal too (attack 9, finding 1)

def analysis_view(text: str, deal: int, budget: float, tricks: int = ANALYSIS_TRICKS,
                  grow_nodes: int = ANALYSIS_GROW_NODES) -> dict[str, Any]:
    """A finished Tarot record's deal ``deal`` (1-based) analysed with every card seen (atout.analysis.deal):
    its last ``tricks`` tricks, and earlier ones within ``grow_nodes``; in each language as the replay page
    draws it, or ``{"refused": code, "message"}`` (not Tarot, not finished, no such deal, no card played, past
    ``budget`` seconds: ``too_slow``). Returns ``{"langs": {lang: that}, "seconds": the worker's time}``: the
    solving is the costly part and speaks no language, so one computation serves a language switch too."""
    from atout.analysis.deal import AnalysisError, analyse_record, margin
    from atout.present import LANGS, Table
    from atout.present.analysis import view, word

    start = time.monotonic()
    deadline = start + budget
    langs: dict[str, dict[str, Any]] = {}
    try:
        rec = json.loads(text)
        a = analyse_record(rec, deal - 1, tricks, replay, deadline, grow_nodes)
    except AnalysisError as exc:
        langs = {lang: {"refused": exc.code, "message": word(exc.code, lang, **exc.params)} for lang in LANGS}
    except (AtoutError, ValueError, TypeError) as exc:  # a stored record the engine now refuses
        langs = {lang: {"refused": "replay_failed", "message": str(exc)} for lang in LANGS}
    else:
        steps = card_steps(rec, deal - 1, len(a.cards))
        for lang in LANGS:
            out = view(a, lang, Table("tarot", a.players), margin(a.variant, a.start))
            for card, step in zip(out["cards"], steps, strict=True):
                card["step"] = step  # the replay's move once this card is on the table: a click on it goes there
            langs[lang] = out
    return {"langs": langs, "seconds": time.monotonic() - start}


def card_steps(record: dict[str, Any], deal: int, count: int) -> list[int]:
    """The replay's move number (``n``: actions applied, over every deal) just before each of the last
    ``count`` cards of deal ``deal`` (0-based) was played: the table as its player saw it, the card still in
    his hand and the trick as he found it (a newcomer sent right after the card looked for it in vain)."""
    entries = record["deals"] if "deals" in record else [record]
    offset = sum(len(e["actions"]) for e in entries[:deal])
    plays = [offset + i for i, step in enumerate(entries[deal]["actions"])
             if str(step["action"]).startswith("play ")]
    return plays[len(plays) - count:]


# --- the event loop's side ----------------------------------------------------------------------
_POOLS: dict[str, ProcessPoolExecutor] = {}  # "replay" (uploads and replays), "analysis": each its own worker
_USERS = 0  # servers (apps) of this process running: the last one to stop shuts the pools down
KINDS = ("replay", "analysis")


def _pool(kind: str = "replay") -> ProcessPoolExecutor:
    """The worker processes of ``kind``, started on first use (``spawn``: a fresh interpreter, no lock copied from threads).

    Analyses have a worker of their own (attack 3, finding 3: a visitor's analyses, seconds each, held the one
    worker, and other visitors' replays got 503). Each worker watches its server as the bots' workers do
    (``hub._worker_start``): it ends when the server process is gone, even killed by SIGKILL, so no orphan stays
    (issue 16: one outlived its server 25 min)."""
    from atout.web.hub import _worker_start

    if kind not in _POOLS:
        _POOLS[kind] = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=_worker_start, initargs=(os.getpid(),))
    return _POOLS[kind]


def solver_warmup(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether a server's start loads the analyses' solver (:func:`warm`): yes, unless ``ATOUT_WARM_SOLVER=0``
    (the servers the test suite starts, which seldom analyse: seconds of CPU each). ``atout serve`` refuses
    any other value than 0 and 1.

    >>> solver_warmup({}), solver_warmup({"ATOUT_WARM_SOLVER": "0"}), solver_warmup({"ATOUT_WARM_SOLVER": "1"})
    (True, False, True)
    """
    return environ.get("ATOUT_WARM_SOLVER", "1").strip() != "0"


WARM_SOLVER = solver_warmup()  # warm() loads the analyses' solver (the test suite's apps and servers skip it: conftest)


def load_solver() -> int:
    """In the analyses' worker: solve one small Tarot position, so that numba compiles the solver's kernel (about
    13 s on a 2-core machine) or loads it from its disk cache (about 1.5 s) now, not in the first visitor's
    request (attack 3, finding 6). The number of compiled signatures of the kernel's root (0 without numba)."""
    from atout.analysis import _dd
    from atout.analysis.solver import solve
    from atout.games.tarot.state import TarotState

    state = new_game("tarot", players=4, seed=7)
    assert isinstance(state, TarotState)
    while state.phase != "play" or len(state.history) < 15:  # bids, then most tricks: a few plies left to solve
        state.apply(state.legal_actions()[0])
    solve(state)
    return len(getattr(_dd.root, "signatures", ()))


def warm() -> None:
    """Start the worker processes now (a server's start), so that the first upload does not wait for them, and
    the analyses' worker loads the solver (:func:`load_solver`) before the first analysis is asked."""
    global _USERS
    _USERS += 1
    _pool("replay").submit(int)
    if WARM_SOLVER:
        _pool("analysis").submit(load_solver)


def stop() -> None:
    """A server stops (its lifespan's end): the last one shuts the workers down, and waits for them, so that
    SIGTERM leaves no process and no semaphore behind."""
    global _USERS
    _USERS = max(0, _USERS - 1)
    if _USERS == 0:
        while _POOLS:
            _POOLS.popitem()[1].shutdown(wait=True, cancel_futures=True)


class Running(Exception):
    """An address asked a second analysis while its first is being computed (``code`` ``one_at_a_time``), or past
    its share of the worker (``analysis_share``, ``retry_after`` seconds): refused (429), the worker is shared.
    The message says which, in the page's language."""

    def __init__(self, message: str, code: str = "one_at_a_time", retry_after: int = 0) -> None:
        super().__init__(message)
        self.code, self.retry_after = code, retry_after


class Replays:
    """One server's access to the workers: a bounded queue (``busy`` past the budget) and the views it was sent."""

    def __init__(self, budget: float = BUDGET, max_deals: int = MAX_RECORD_DEALS) -> None:
        self.budget, self.max_deals = budget, max_deals
        self.slots = {kind: asyncio.Semaphore(WORKERS) for kind in KINDS}  # one task per worker: others wait here
        self.analysing: set[str] = set()  # addresses with an analysis being computed (one at a time each)
        self.views: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
        self.texts: OrderedDict[str, tuple[str, int]] = OrderedDict()  # key -> record text, moves
        self.analyses: OrderedDict[tuple[str, int], dict[str, dict[str, Any]]] = OrderedDict()  # (key, deal): lang ->
        self.refused: OrderedDict[tuple[str, int], dict[str, dict[str, Any]]] = OrderedDict()  # kept apart
        self.computing: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}  # (key, deal) being analysed
        self.shares: dict[str, Bucket] = {}  # address -> seconds of the analyses' worker it may still use

    async def run(self, fn: Any, *args: Any, kind: str = "replay") -> Any:
        """``fn(*args)`` in a worker process of ``kind``; Busy when no worker is free within the budget, or the
        work overruns it by ``GRACE`` (a worker starting, or one move that will not end)."""
        slots = self.slots[kind]
        try:
            async with asyncio.timeout(self.budget):
                await slots.acquire()
        except TimeoutError:
            raise Busy from None
        try:
            future = asyncio.get_running_loop().run_in_executor(_pool(kind), fn, *args)
            return await asyncio.wait_for(future, self.budget + GRACE)
        except TimeoutError:
            raise Busy from None
        except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool next time
            _POOLS.pop(kind, None)
            raise Busy from None
        finally:
            slots.release()

    async def upload(self, body: bytes) -> dict[str, Any]:
        """Check an uploaded record in a worker (see :func:`check_upload`)."""
        result: dict[str, Any] = await self.run(check_upload, body, self.budget, self.max_deals)
        return result

    async def view(self, key: str, record: Any, n: int, lang: str, meta: dict[str, Any]) -> dict[str, Any]:
        """The view after ``n`` moves (clamped to the record), with ``n`` and ``total``; ``record`` is called (in
        a thread) for the record's JSON text the first time ``key`` is asked."""
        if key not in self.texts:
            self.texts[key] = (await asyncio.to_thread(record), -1)
            while len(self.texts) > STATES_KEPT:
                self.texts.popitem(last=False)
        self.texts.move_to_end(key)
        text, total = self.texts[key]
        if total >= 0:
            n = max(0, min(n, total))
        cached = self.views.get((key, n, lang))
        if cached is None:
            cached = await self.run(replay_view, key, text, n, lang, meta, self.budget)
            if "refused" in cached:
                return cached
            self.texts[key] = (text, cached["total"])
            n = cached["n"]
            self.views[(key, n, lang)] = cached
            while len(self.views) > VIEWS_KEPT:
                self.views.popitem(last=False)
        self.views.move_to_end((key, n, lang))
        return dict(cached)

    async def analysis(self, key: str, record: Any, deal: int, lang: str, who: str = "") -> dict[str, Any]:
        """Deal ``deal`` of a finished record analysed (see :func:`analysis_view`), in ``lang``, in the analyses'
        worker within the budget, kept once computed in every language (refusals too, apart: the same record
        gets the same answer). An analysis being computed for someone else is waited for, not computed again
        (a shared link opened by many). :class:`Running` when address ``who`` has another analysis being
        computed, or has used its share of the worker (``ANALYSIS_SHARE`` seconds a second, ``ANALYSIS_SAVED``
        at most): each computed answer costs its address the worker's time it took (``ANALYSIS_LEAST`` at
        least); one already kept, or being computed, costs nothing."""
        cached = self.analyses.get((key, deal)) or self.refused.get((key, deal))
        if cached is None and (key, deal) in self.computing:
            cached = await asyncio.shield(self.computing[(key, deal)])
        if cached is None:
            cached = await self._compute(key, record, deal, lang, who)
        for store in (self.analyses, self.refused):
            if (key, deal) in store:
                store.move_to_end((key, deal))
        return dict(cached[lang])

    async def _compute(self, key: str, record: Any, deal: int, lang: str, who: str) -> dict[str, dict[str, Any]]:
        """Compute, charge ``who`` and keep one analysis (see :meth:`analysis`)."""
        from atout.present.analysis import word

        if who in self.analysing:
            raise Running(word("one_at_a_time", lang))
        share = self._share(who)
        if not share.take(0):  # nothing left: the time until the share is positive again
            wait = max(1, math.ceil(share.wait(0)))
            raise Running(word("share_spent", lang, seconds=wait), "analysis_share", wait)
        self.analysing.add(who)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.computing[(key, deal)] = future
        try:
            text = await asyncio.to_thread(record)
            done = await self.run(analysis_view, text, deal, self.budget, kind="analysis")
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # (retrieved: an error nobody else waited for is not logged as lost)
            raise
        finally:
            self.analysing.discard(who)
            self.computing.pop((key, deal), None)
        share.spend(max(ANALYSIS_LEAST, done["seconds"]))
        cached: dict[str, dict[str, Any]] = done["langs"]
        future.set_result(cached)
        code = cached[lang].get("refused")
        if code != "too_slow":  # a busy machine may do it next time
            store, most = (self.refused, REFUSALS_KEPT) if code else (self.analyses, ANALYSES_KEPT)
            store[(key, deal)] = cached
            while len(store) > most:
                store.popitem(last=False)
        return cached

    def _share(self, who: str) -> Bucket:
        """Address ``who``'s share of the analyses' worker; addresses whose share is whole again are forgotten."""
        if len(self.shares) > 10_000:
            for old in [h for h, b in self.shares.items() if b.full()]:
                del self.shares[old]
        return self.shares.setdefault(who, Bucket(ANALYSIS_SHARE, ANALYSIS_SAVED))


__all__ = ["ANALYSIS_LEAST", "ANALYSIS_SAVED", "ANALYSIS_SHARE", "ANALYSIS_TRICKS", "BUDGET", "MAX_RECORD_DEALS", "Busy",
           "Replays", "Running", "analysis_view", "card_steps", "check_upload", "record_moves", "replay_view", "stop", "warm"]
