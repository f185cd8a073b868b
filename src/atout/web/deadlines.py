"""The move deadline at friends' tables (issue 18): a person who does not move is replaced by a bot.

At a table where two people or more sit, the seat whose turn it is has ``move_timeout`` seconds
(``atout serve --move-timeout``, default 300) to move. Past it the seat is marked *away* and the table's
bot plays its moves from then on, at the bots' pace, as Board Game Arena and colver.net replace an absent
player by a bot; the person takes the seat back by moving again (any action from the seat) or by saying
``{"type": "back"}``. A person alone with bots holds nobody up: no deadline there, nor at bots-only
tables, nor while the table waits for its seats or at a deal's end (that has ``--continue-timeout``).

The turn's start is the time of the table's last change (a move, an undo, a continue, a seat taken), so
after a restart the deadline is derived from the stored times (:func:`turn_start`; one that passed while the
server was down gives a grace, :func:`rebuilt_turn_start`), and *away* and *back*
are stored as rows of the table's history (kinds ``away`` and ``back``, never moves). The frame says when
the turn ends (``turn_deadline``, unix seconds, or null) and which seats a bot plays for now (each seat's
``away`` in ``table.seats``).

>>> turn_key(3, ["human", "bot"])
(3, ('human', 'bot'))
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from atout.web.live import Live, Tables

log = logging.getLogger("atout.web")

MOVE_TIMEOUT = 300.0  # seconds a person has to move at a friends' table (--move-timeout)
MOVE_RANGE = (10.0, 86_400.0)  # the range ``atout serve --move-timeout`` accepts (0: no deadline)
MARKS = ("away", "back")  # the history rows this module writes (atout.web.store.effective_moves skips them)
RESTART_GRACE = 30.0  # seconds a rebuilt table's person keeps, at least, when the deadline passed while nobody watched


def turn_key(turn: int, kinds: Sequence[str]) -> tuple[int, tuple[str, ...]]:
    """What identifies a turn: the table's moves and undos so far (``history - marks``: an away or a back mark is
    no new turn, so saying ``back`` never restarts the clock) and its seats (a change of either starts a new turn)."""
    return turn, tuple(kinds)


def watched_seat(live: Live) -> int | None:
    """The seat whose move the deadline is for now, or None (see the module's docstring for when)."""
    state = live.state
    if live.source != "played" or state.is_terminal() or live.seating or live.ended is not None:
        return None
    seat = state.current_player
    if seat is None or seat < 0 or live.kinds[seat] != "human" or seat in live.away:
        return None
    if live.forfeit == (seat, live.history - live.marks):
        return None  # this turn passed its deadline: the bot plays it, a "back" counts from the next turn
    if sum(1 for k in live.kinds if k == "human") < 2:
        return None  # a person alone with bots holds nobody up
    return seat


def deadline(live: Live, timeout: float) -> float | None:
    """When the current turn's person is replaced by a bot (unix seconds), or None (no deadline now)."""
    if timeout <= 0 or watched_seat(live) is None:
        return None
    return round(live.turn_since + timeout, 3)


def turn_start(updated: datetime | None, history: Sequence[Any]) -> float:
    """The stored time of a table's last change (its row's ``updated``, its last history row's ``at``), in unix
    seconds: where a rebuilt table's current turn began. Times stored without a zone are UTC. Away and back marks
    start no turn: after them, the turn began at the last move or undo before them (or at the first mark)."""
    trailing = 0
    while trailing < len(history) and history[len(history) - 1 - trailing].kind in MARKS:
        trailing += 1
    if trailing:
        rest = history[:len(history) - trailing]
        first_mark = history[len(history) - trailing].at
        times = [t for t in ([rest[-1].at] if rest else [first_mark]) if t is not None]
    else:
        times = [t for t in [updated, *(h.at for h in history[-1:])] if t is not None]
    if not times:
        return datetime.now(UTC).timestamp()
    return max((t if t.tzinfo else t.replace(tzinfo=UTC)).timestamp() for t in times)


def rebuilt_turn_start(stored: float, timeout: float, now: float | None = None) -> float:
    """The turn's start for a table rebuilt (a server restart): the stored start (:func:`turn_start`), moved on so
    that the deadline is at least ``now`` + :data:`RESTART_GRACE` (at most a whole ``timeout``). A deadline that
    passed while the server was down gives a short grace instead of marking the seat away at once.

    >>> rebuilt_turn_start(1000.0, 300.0, now=2000.0)  # due at 1300, passed: due at 2030
    1730.0
    >>> rebuilt_turn_start(1900.0, 300.0, now=2000.0)  # due at 2200, still ahead: unchanged
    1900.0
    """
    now = time.time() if now is None else now
    if timeout <= 0:
        return stored
    return max(stored, now + min(RESTART_GRACE, timeout) - timeout)


def away_seats(history: Sequence[Any]) -> set[int]:
    """The seats a bot plays for after a restart: marked away, and not back since (in history order)."""
    away: set[int] = set()
    for row in history:
        if row.kind == "away":
            away.add(row.seat)
        elif row.kind == "back":
            away.discard(row.seat)
    return away


# --- the clock on the event loop (hooks called by atout.web.hub) -------------------------------------------

def arm(hub: Tables, live: Live) -> None:
    """After any change of the table (called by ``Hub.broadcast``): a new turn starts its clock; the timer
    that replaces the person at the deadline is set (or cancelled when no deadline runs now)."""
    key = turn_key(live.history - live.marks, live.kinds)
    if key != live.turn_key:
        live.turn_key = key
        live.turn_since = time.time()
    due = deadline(live, hub.move_timeout)
    if live.move_timer is not None and (due is None or live.move_timer_key != key):
        live.move_timer.cancel()
        live.move_timer = None
    if due is None or live.move_timer is not None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a synchronous caller: armed at the next broadcast on the loop
        return

    def fire() -> None:
        live.move_timer = None
        hub._spawn(_expire(hub, live, key))

    live.move_timer_key = key
    live.move_timer = loop.call_later(max(0.0, due - time.time()), fire)


async def _expire(hub: Tables, live: Live, key: tuple[int, tuple[str, ...]]) -> None:
    """The deadline has passed: the seat is marked away (stored), and the table's bot plays for it."""
    from atout.web.live import DB_RETRY, TableUnavailable, db_error

    async with live.lock:
        seat = watched_seat(live)
        if seat is None or turn_key(live.history - live.marks, live.kinds) != key or live.pending:
            return  # the person moved meanwhile (or the turn is no longer a person's)
        try:
            await hub._write(hub.store.add_mark, live.id, live.history, seat, "away")
        except TableUnavailable as exc:
            log.warning("table %s: seat %s's move deadline not stored (%s); tried again", live.id, seat, db_error(exc))
            live.turn_since += DB_RETRY  # the same turn: the deadline moves on, the timer is set again
            hub.broadcast(live)
            return
        live.history += 1
        live.marks += 1
        live.away.add(seat)
        live.forfeit = (seat, live.history - live.marks)  # this turn is the bot's now, whatever comes
        log.info("table %s: seat %s did not move in %g s: a bot plays for it until it comes back",
                 live.id, seat, hub.move_timeout)
        hub.broadcast(live)
    hub.kick_bots(live)


async def back(hub: Tables, live: Live, seat: int) -> None:
    """``seat``'s person takes the seat back from the bot (stored); the caller holds the table's lock."""
    if seat not in live.away:
        return
    await hub._write(hub.store.add_mark, live.id, live.history, seat, "back")  # TableUnavailable: still away
    live.history += 1
    live.marks += 1
    live.away.discard(seat)
