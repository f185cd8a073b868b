"""Where the web's bots think: the bot levels, each move's seed, the process pools (issue 16: cheap bots never
queued behind searches; issue 21: both in worker processes that end with their server, none on its threads).

>>> bot_name("triomphe", "easy"), bot_name("triomphe", "medium"), bot_name("triomphe", "hard")
('beginner', 'heuristic', 'search')
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from atout.bots.base import bot_names, make_bot
from atout.bots.search import LEVELS as BOT_LEVELS
from atout.core.protocol import Observation
from atout.core.rng import seed_bytes

#: Bot level shown to people -> bot name in atout.bots (the game's own "heuristic" where it has one).
#: The one table to change when stronger bots arrive.
#: The lobby's levels: the bots' ladder (docs/bots.md), plus "normal", the name of "medium" in older tables.
LEVELS: dict[str, str] = {**BOT_LEVELS, "normal": BOT_LEVELS["medium"]}
#: Bots that decide in milliseconds (the lobby's "easy" and "medium"): never queued behind a search.
CHEAP_BOTS = frozenset({"random", BOT_LEVELS["easy"], BOT_LEVELS["medium"]})
#: Processes of the cheap bots' own pool (a decision takes milliseconds: two keep up with hundreds of tables).
QUICK_WORKERS = 2

def think(game: str, name: str, seed: int, obs: Observation) -> str:
    """A bot's move, in a worker process: the bot is made from its name and seed, so the move depends on them alone."""
    return str(make_bot(game, name, seed=seed).act(obs))


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says, else ``os.cpu_count()``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def bot_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """The process pool where bots think: ``workers`` processes (default: one per core).

    Workers are forked from a fork server that has imported this module once (fast to start, and no
    fork of the threaded server itself); a search bot's second of thought then holds neither the event
    loop nor its GIL.
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return ProcessPoolExecutor(max_workers=workers or machine_cores(), mp_context=context,
                               initializer=_worker_start, initargs=(os.getpid(),))


class FairPool(Executor):
    """Search decisions shared fairly between tables: the least served table's decision starts first.

    A process pool serves its queue in order, so six "Watch bots" master tables of one visitor kept another
    visitor's hard table waiting 24 s for one turn (attack 3, finding 2). Here each decision names its table
    (:meth:`submit_for`); at most ``slots`` run in ``pool`` at once (one per worker, so none waits inside it),
    and when a worker is free the waiting table that has used the least thinking time so far goes next (ties
    round-robin). A table thinking a little thus waits for at most the decisions already running.
    """

    def __init__(self, pool: Executor, slots: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._pool, self._slots, self._clock = pool, max(1, slots), clock
        self._lock = threading.Lock()
        self._running: dict[str, int] = {}  # table -> its decisions running in the pool
        self._queues: dict[str, deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]]] = {}
        self._used: dict[str, float] = {}  # table -> seconds its decisions took (a new table: the least in use)

    def submit_for(self, key: str, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Queue ``fn(*args)`` for table ``key``; it runs in the pool when its turn comes."""
        future: Future[Any] = Future()
        with self._lock:
            if key not in self._used:
                active = [self._used[k] for k in (*self._queues, *self._running)]
                self._used[key] = min(active, default=0.0)
                if len(self._used) > 10_000:  # tables long gone
                    for old in [k for k in self._used if k not in self._queues and k not in self._running][:5_000]:
                        del self._used[old]
            self._queues.setdefault(key, deque()).append((future, fn, args))
            ready = self._take()
        self._start(ready)
        return future

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Executor's interface: a decision of no named table (its own turn)."""
        return self.submit_for("", functools.partial(fn, **kwargs) if kwargs else fn, *args)

    def _take(self) -> list[tuple[str, Future[Any], Callable[..., Any], tuple[Any, ...]]]:
        """The decisions to start now (the caller holds the lock): the least served tables' first ones."""
        ready = []
        while sum(self._running.values()) < self._slots and self._queues:
            key = min(self._queues, key=self._used.__getitem__)  # first in the dict among equals
            queue = self._queues.pop(key)
            future, fn, args = queue.popleft()
            if queue:
                self._queues[key] = queue  # at the end: equals take turns
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while waiting (its table closed)
            self._running[key] = self._running.get(key, 0) + 1
            ready.append((key, future, fn, args))
        return ready

    def _start(self, ready: list[tuple[str, Future[Any], Callable[..., Any], tuple[Any, ...]]]) -> None:
        for key, future, fn, args in ready:
            began = self._clock()
            try:
                inner = self._pool.submit(fn, *args)
            except Exception as exc:  # a broken or stopped pool: the caller hears it
                future.set_exception(exc)
                self._finish(key, began)
                continue
            inner.add_done_callback(functools.partial(self._done, key, future, began))

    def _done(self, key: str, future: Future[Any], began: float, done: Future[Any]) -> None:
        exc = done.exception() if not done.cancelled() else RuntimeError("decision cancelled")
        if exc is None:
            future.set_result(done.result())
        else:
            future.set_exception(exc)
        self._finish(key, began)

    def _finish(self, key: str, began: float) -> None:
        """A decision of ``key`` ended: its time is counted, the next decisions start."""
        with self._lock:
            self._used[key] = self._used.get(key, 0.0) + self._clock() - began
            self._running[key] -= 1
            if not self._running[key]:
                del self._running[key]
            ready = self._take()
        self._start(ready)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Cancel the waiting decisions (``cancel_futures``), then stop the pool."""
        if cancel_futures:
            with self._lock:
                queues, self._queues = self._queues, {}
            for queue in queues.values():
                for future, _fn, _args in queue:
                    future.cancel()
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def search_pool(workers: int | None = None) -> FairPool:
    """The search bots' pool: :func:`bot_pool` shared fairly between tables (:class:`FairPool`)."""
    slots = workers or machine_cores()
    return FairPool(bot_pool(slots), slots)


async def decide(executor: Executor, table: str, *args: Any) -> str:
    """A bot's move (:func:`think` with ``args``) for table ``table``, in ``executor`` (its fair share there)."""
    if isinstance(executor, FairPool):
        return str(await asyncio.wrap_future(executor.submit_for(table, think, *args)))
    return str(await asyncio.get_running_loop().run_in_executor(executor, think, *args))


_QUICK: list[ProcessPoolExecutor] = []  # the process's pool of cheap bots, shared by its hubs (tests build many)
_QUICK_LOCK = threading.Lock()
_QUICK_USERS = [0]  # servers (apps) of this process running: the last one to stop shuts the pool down


def hold_quick() -> None:
    """A server starts: the cheap bots' pool is kept until it stops (:func:`release_quick`)."""
    with _QUICK_LOCK:
        _QUICK_USERS[0] += 1


def release_quick() -> None:
    """A server stops: the last one shuts the cheap bots' pool down and waits for it. Uvicorn ends a server
    stopped by SIGTERM by raising the signal again, so no atexit handler runs: a pool left to them left its
    five semaphores to the resource tracker ("leaked semaphore objects", attack 3, finding 7)."""
    with _QUICK_LOCK:
        _QUICK_USERS[0] = max(0, _QUICK_USERS[0] - 1)
        pool = _QUICK.pop() if _QUICK and not _QUICK_USERS[0] else None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def quick_pool(broken: ProcessPoolExecutor | None = None) -> ProcessPoolExecutor:
    """The cheap bots' pool of this process (:data:`QUICK_WORKERS` processes), started on first use and kept.

    ``broken``: a pool that lost a worker (killed): replaced by a new one. One pool per process rather than per
    hub, so the many apps a test run builds start their workers once; it ends with the process (atexit).
    """
    with _QUICK_LOCK:
        if _QUICK and _QUICK[0] is broken:
            _QUICK.pop().shutdown(wait=False, cancel_futures=True)
        if not _QUICK:
            _QUICK.append(bot_pool(QUICK_WORKERS))
        return _QUICK[0]


def _worker_start(server: int) -> None:
    """A bot worker ignores Ctrl+C (sent to the whole terminal's process group): the server stops it in order.

    It also ends when the server process is gone (killed by SIGKILL, it could not say so): no orphan stays.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(server,), daemon=True, name="atout-orphan-watch").start()


def _exit_with(server: int) -> None:
    """End this worker once the process ``server`` is gone (checked every second)."""
    while True:
        time.sleep(1)
        try:
            os.kill(server, 0)  # signal 0: only asks whether the process exists
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # exists, under another user (a reused pid): keep going
            pass


def bot_name(game: str, level: str) -> str:
    """The bot that plays ``level`` at ``game``: the level's bot if the game has it, else 'random'."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    name = LEVELS[level]
    return name if name in bot_names(game) else "random"


def move_seed(table_seed: int, n: int, seat: int) -> int:
    """The seed of the bot making move ``n`` at ``seat``: 128 bits of BLAKE2b keyed by the table's seed.

    A pure function, so restarts replay the same moves; a keyed hash, so a bot's seed (which its moves
    may betray) says nothing of the table's seed, the deals, or the other bots' seeds. (The deals' stream,
    atout.core.rng.KeyedRandom, hashes 8-byte counters to 64-byte digests: never the same input.)

    >>> move_seed(7, 0, 1) == move_seed(7, 0, 1) != move_seed(7, 0, 2)
    True
    """
    digest = hashlib.blake2b(f"atout/bot/{n}/{seat}".encode(), key=seed_bytes(table_seed), digest_size=16)
    return int.from_bytes(digest.digest(), "big")
