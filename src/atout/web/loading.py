"""A table rebuilt from the database (its moves replayed: Hub.load), and tables leaving memory (idle, expired).

Apart from atout.web.hub to keep that module to a size one reads in one sitting.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from atout.records import replay
from atout.web import deadlines
from atout.web.live import Live, build_state
from atout.web.store import effective_moves

if TYPE_CHECKING:
    from atout.core.protocol import GameState
    from atout.web.live import Tables
    from atout.web.store import Store

log = logging.getLogger("atout.web")
IDLE_UNLOAD = 600.0  # seconds a table nobody uses stays in memory before it is dropped (reloaded on demand)


def build(hub: Tables, table_id: str) -> Live | None:
    """A table rebuilt from the database (its moves replayed), not registered: None if unknown or refused now.

    A table whose last move ended a deal shows that deal's end again (the seats that said "continue" counted).
    """
    row = hub.store.table(table_id)
    if row is None or row.status == "expired":  # abandoned, expired (its moves stay stored): no table
        return None
    seats = hub.store.seats(table_id)
    # One read of the history: the moves in force are drawn from it, not read again (another process's move stored
    # between two reads was replayed here but not counted, and the catch-up then applied it a second time).
    history = hub.store.history(table_id)
    moves = effective_moves(history)
    before: GameState | None = None
    if row.source == "uploaded":
        assert row.record is not None
        state = replay(row.record)
    else:
        try:
            state = build_state(row.game, row.players, row.variant, row.seed, dict(row.options), moves[:-1])
            if moves:
                before = state.clone()
                state.apply(moves[-1][1])
        except ValueError as exc:  # created before today's option ranges (issue 16): gone, never a 500
            log.warning("table %s: its options are refused now, not loaded: %s", table_id, exc)
            return None
    live = Live(id=row.id, game=row.game, variant=row.variant, players=row.players, seed=row.seed,
                options=dict(row.options), level=row.level, source=row.source,
                kinds=[s.kind for s in seats] or ["bot"] * row.players,
                hashes=[s.token_hash for s in seats] or [None] * row.players,
                state=state, moves=moves, history=len(history), names=[s.name or "" for s in seats],
                host=row.host, away=deadlines.away_seats(history),
                marks=sum(1 for h in history if h.kind in deadlines.MARKS))
    live.turn_since = deadlines.rebuilt_turn_start(deadlines.turn_start(row.updated, history),
                                                   hub.move_timeout)  # the clock survives a restart, with a grace
    live.turn_key = deadlines.turn_key(live.history - live.marks, live.kinds)
    if before is not None:
        last_move = max((i for i, h in enumerate(history) if h.kind == "move"), default=-1)
        said = {h.seat for h in history[last_move + 1:] if h.kind == "continue"}
        hub._deal_ended(live, before, moves[-1][1], said)
    return live


def unload_idle(tables: dict[str, Live], idle: float = IDLE_UNLOAD) -> list[str]:
    """Drop from ``tables`` (a process's memory) the tables nobody uses (:meth:`Live.idle_for`: no socket, no bot
    moving, nothing stored or timed) untouched for ``idle`` seconds: a process keeps only the tables in play, not
    every table it has heard of. Everything is in the database: ``Hub.load`` rebuilds such a table when asked for."""
    now = time.monotonic()
    gone = [t for t, live in tables.items() if (quiet := live.idle_for(now)) is not None and quiet >= idle]
    for table_id in gone:
        del tables[table_id]
    return gone


def expire(store: Store, tables: dict[str, Live], idle: float) -> list[str]:
    """Abandoned tables expire: not finished, nobody connected, no move nor seat taken for ``idle`` seconds.

    Their rows say ``expired`` (the moves stay stored) and they leave ``tables``; the lobby lists them no more.
    """
    cutoff = datetime.now(UTC) - timedelta(seconds=idle)
    watched = [t for t, live in list(tables.items()) if live.conns]
    gone = store.expire(cutoff, watched)
    for table_id in gone:
        live = tables.pop(table_id, None)
        if live is not None:
            for handle in (live.end_timer, live.presence, live.move_timer):
                if handle is not None:
                    handle.cancel()
            if live.bot_task is not None:
                live.bot_task.cancel()
    return gone
