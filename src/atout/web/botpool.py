"""Where the web's bots think: the bot levels, each move's seed, the process pools (issue 16: cheap bots never
queued behind searches; issue 21: both in worker processes that end with their server, none on its threads).

>>> bot_name("triomphe", "easy"), bot_name("triomphe", "medium"), bot_name("triomphe", "hard")
('random', 'heuristic', 'search')
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

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


_QUICK: list[ProcessPoolExecutor] = []  # the process's pool of cheap bots, shared by its hubs (tests build many)
_QUICK_LOCK = threading.Lock()


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
