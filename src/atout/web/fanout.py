"""A table's frames going out: built and encoded once per seat and language, then queued to each connection.

Every spectator of a language gets the very same text, and a connection that asked for deltas gets only
what changed (atout.web.deltas). The hub calls these once a state is committed (:meth:`Hub.broadcast`) and
when a client asks for a full frame again (:meth:`Hub.resync`).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from atout.web import deadlines
from atout.web.deltas import Sent, text_for
from atout.web.limits import log_refusal
from atout.web.live import RESYNC_EVERY, Conn, Live
from atout.web.views import frame, seating_frame


def sent(live: Live, seat: int | None, lang: str, move_timeout: float, meta: dict[str, Any] | None = None) -> Sent:
    """The frame of the table's current state for ``seat`` in ``lang``, built once per state (a ``Sent``)."""
    key = (seat, lang)
    found = live.book.last.get(key)
    if found is None or found.at != live.version:
        meta = meta or live.meta()
        if live.seating:
            built = {**seating_frame(live.state, seat, lang, meta, live.seating), "turn_deadline": None}
        else:
            built = frame(live.state, seat, lang, meta, live.can_undo(seat), live.said, live.ended)
            built["turn_deadline"] = deadlines.deadline(live, move_timeout)  # unix seconds, or None
        found = live.book.update(key, built, live.version)
    return found


def send_all(live: Live, move_timeout: float) -> None:
    """Queue the table's new state to every connection: the delta, the whole frame, or nothing if unchanged.

    A connection too slow to read its frames is dropped (its queue is full), so it holds no memory.
    """
    meta = live.meta()
    for conn in list(live.conns):
        out = sent(live, conn.seat, conn.lang, move_timeout, meta)
        text = text_for(out, conn.deltas, conn.seq)
        if text is None:
            continue
        conn.seq = out.seq
        if not conn.send(text):
            log_refusal("too_slow", f"table {live.id}: dropping a connection too slow to read its frames")
            live.conns.remove(conn)
    live.book.keep({(c.seat, c.lang) for c in live.conns})


def resync(live: Live, conn: Conn, move_timeout: float) -> None:
    """A client that missed a frame (or could not apply a delta) asks for a full one: it gets it, numbered.

    While a move is being committed, the state in memory is not yet shown: the full frame goes out
    with the broadcast that follows the commit. A socket whose last frame is the current one gets one
    full frame per ``RESYNC_EVERY`` seconds, the others late, as one (attack 3, finding 4: 17 bytes asked
    for 82 KB, ten times a second on each socket).
    """
    if live.pending:
        conn.seq = None
        return
    out = sent(live, conn.seat, conn.lang, move_timeout)
    wait = conn.resync_at - time.monotonic()
    if conn.seq == out.seq and wait > 0:
        if conn.resync_due is None:
            conn.resync_due = asyncio.get_running_loop().call_later(wait, _resync_late, live, conn, move_timeout)
        return
    conn.resync_at = time.monotonic() + RESYNC_EVERY
    conn.seq = out.seq
    conn.send(out.full())


def _resync_late(live: Live, conn: Conn, move_timeout: float) -> None:
    """The resync a socket asked for too soon after the last one, answered now (if it is still connected)."""
    conn.resync_due = None
    if conn in live.conns:
        conn.resync_at = 0.0
        resync(live, conn, move_timeout)
