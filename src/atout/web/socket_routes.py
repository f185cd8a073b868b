"""The WebSocket of a table: one connection per seat (or spectator), its hello, then its messages.

:func:`router` gives the ``/ws/{table_id}`` route that ``create_app`` (atout.web.app) includes; the message
protocol is in docs/web.md. The limits here are per address (open sockets, opens a second), per seat (tabs), per
table (spectators) and per connection (frames a second); each refusal is said in the connection's language.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from atout import present
from atout.core.errors import IllegalAction, NotationError
from atout.web import refusals
from atout.web.hub import Conn, Hub, Live
from atout.web.limits import Bucket, client_key, log_refusal
from atout.web.messages import Act, Back, BadMessage, Continue, FillBots, Hello, Ping, Resync, Undo, parse_client
from atout.web.sockets import FULL, SEND_TIMEOUT, close_slow, pump

HELLO_TIMEOUT = 15.0  # seconds a new connection has to say hello
RATE = (10.0, 30.0)  # messages per second per connection, burst: above it frames are refused
MAX_SPECTATORS = 100  # spectators per table (--max-spectators, 0..10000); seats are never refused
MAX_SOCKETS = 20  # open WebSocket connections per client address (--max-sockets, 1..10000)
MAX_SEAT_SOCKETS = 4  # open WebSocket connections per seat (tabs of one player); a fifth is refused (4429)
WS_RATE, WS_BURST = 2.0, 60.0  # WebSocket opens a second per address (--ws-rate in create_app), and the burst saved


def router(hub: Hub, *, max_spectators: int = MAX_SPECTATORS, max_sockets: int = MAX_SOCKETS, ws_rate: float = WS_RATE,
           send_timeout: float = SEND_TIMEOUT) -> APIRouter:
    """The ``/ws/{table_id}`` route on ``hub``'s tables, with the server's limits (see ``create_app``)."""
    routes = APIRouter()
    sockets: dict[str, int] = {}  # client address -> its open WebSocket connections
    ws_buckets: dict[str, Bucket] = {}  # client address -> its WebSocket opens

    @routes.websocket("/ws/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        """A seat's or a spectator's socket on a table, within the address's limits (open sockets, opens a second)."""
        await ws.accept()
        host = client_key(ws.client.host) if ws.client else "?"
        lang = refusals.lang_of(ws.query_params.get("lang"))  # the page's language, for refusals before its hello
        if sockets.get(host, 0) >= max_sockets:
            log_refusal("too_many_sockets", f"{host}: WebSocket refused: {max_sockets} connections open from this address")
            await _refuse(ws, refusals.frame("too_many_sockets", lang, n=max_sockets), 4429)
            return
        if len(ws_buckets) > 10_000:  # many addresses: forget those whose bucket is full again
            for old in [h for h, b in ws_buckets.items() if b.full()]:
                del ws_buckets[old]
        if not ws_buckets.setdefault(host, Bucket(ws_rate, WS_BURST)).take():
            log_refusal("rate_limited", f"{host}: WebSocket refused: more than {ws_rate:g} opens a second")
            await _refuse(ws, refusals.frame("rate_limited", lang, key="ws_opens", rate=f"{ws_rate:g}"), 4429)
            return
        sockets[host] = sockets.get(host, 0) + 1
        try:
            await _session(ws, table_id, lang)
        finally:
            sockets[host] -= 1
            if not sockets[host]:
                del sockets[host]

    async def _session(ws: WebSocket, table_id: str, lang: str) -> None:
        """One accepted connection: its hello, then its messages until it leaves or the server drops it. Refusals
        before the hello are said in ``lang`` (the socket's ``?lang=``), after it in the hello's language."""
        live = await hub.load(table_id) if len(table_id) <= 32 else None  # rebuilt off the event loop if need be
        if live is None:
            await _refuse(ws, refusals.frame("no_table", lang, table=table_id[:40]), 4404)
            return
        try:
            first = await asyncio.wait_for(ws.receive(), HELLO_TIMEOUT)
            hello = parse_client(_text(first))
        except (TimeoutError, BadMessage, WebSocketDisconnect, KeyError) as exc:
            await _refuse(ws, {**refusals.frame("hello", lang), "english": f"the first message must be a hello: {exc}"}, 4400)
            return
        if not isinstance(hello, Hello):
            await _refuse(ws, refusals.frame("hello", lang), 4400)
            return
        seat = None
        if hello.token is not None:
            seat = live.seat_of(hello.token)
            if seat is None:
                log_refusal("bad_token", f"table {table_id}: refused a connection with a forged or foreign token")
                await _refuse(ws, refusals.frame("bad_token", hello.lang), 4403)
                return
        if seat is not None and sum(1 for c in live.conns if c.seat == seat) >= MAX_SEAT_SOCKETS:
            log_refusal("too_many_sockets", f"table {table_id}: refused a connection: seat {seat} has {MAX_SEAT_SOCKETS} open")
            await _refuse(ws, refusals.frame("too_many_sockets", hello.lang, key="seat_sockets", n=MAX_SEAT_SOCKETS), 4429)
            return
        if seat is None and live.spectators() >= max_spectators:
            log_refusal("spectators_full", f"table {table_id}: refused a spectator: {max_spectators} already watch")
            await _refuse(ws, _frame_error("spectators_full", FULL[hello.lang]["spectators_full"].format(n=max_spectators)), 4503)
            return
        conn = Conn(seat=seat, lang=hello.lang, deltas=hello.deltas)
        conn.send({"type": "welcome", "seat": seat, "table": live.meta()})
        sender = asyncio.create_task(pump(ws, conn, send_timeout))
        ended = asyncio.create_task(conn.ended.wait())
        hub.attach(live, conn)
        bucket = Bucket(*RATE)
        try:
            while True:
                receiving = asyncio.ensure_future(ws.receive())
                await asyncio.wait({receiving, ended}, return_when=asyncio.FIRST_COMPLETED)
                if not receiving.done():  # the server gave up on this client, or could not send to it
                    receiving.cancel()
                    break
                message = receiving.result()
                if message["type"] == "websocket.disconnect":
                    break
                if not bucket.take():
                    log_refusal("rate_limited", f"table {table_id} seat {seat}: rate limit")
                    conn.send(refusals.frame("rate_limited", conn.lang, key="ws_rate_limited"))
                    continue
                try:
                    msg = parse_client(_text(message))
                except BadMessage as exc:
                    log_refusal(exc.code, f"table {table_id} seat {seat}: {exc}")
                    conn.send({**_bad_message(exc, conn.lang), "english": str(exc)})
                    continue
                await _dispatch(live, conn, msg)
        except WebSocketDisconnect:
            pass
        finally:
            hub.detach(live, conn)
            for task in (sender, ended):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if conn.dropped:
                await close_slow(ws)
            else:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def _dispatch(live: Live, conn: Conn, msg: Any) -> None:
        """One parsed client message: answered at once (ping, hello, resync), or played on the table by the hub."""
        if isinstance(msg, Ping):
            conn.send({"type": "pong"})
            return
        if isinstance(msg, Hello):
            conn.send(refusals.frame("hello", conn.lang, key="hello_again"))
            return
        if isinstance(msg, Resync):  # a spectator may ask too
            hub.resync(live, conn)
            return
        if conn.seat is None:
            log_refusal("spectator", f"table {live.id}: a spectator tried {msg.type}")
            conn.send(refusals.frame("spectator", conn.lang))
            return
        try:
            if isinstance(msg, Act):
                text = _typed(live, conn, msg.action) if msg.typed else msg.action
                await hub.act(live, conn.seat, text, msg.n)
            elif isinstance(msg, Undo):
                await hub.undo(live, conn.seat)
            elif isinstance(msg, FillBots):
                hub.fill_bots(live, conn.seat)
            elif isinstance(msg, Continue):
                await hub.go_on(live, conn.seat)
            elif isinstance(msg, Back):
                await hub.back(live, conn.seat)
        except (IllegalAction, NotationError) as exc:
            if getattr(exc, "code", "") in ("not_your_turn",):
                log_refusal("not_your_turn", f"table {live.id} seat {conn.seat}: refused, not its turn: {exc}")
            text = _say_error(exc, conn.lang, live.game)
            cite = getattr(exc, "params", {}).get("cite")
            conn.send({**_frame_error(getattr(exc, "code", "illegal"), text), "english": str(exc),
                       "params": refusals.json_params(getattr(exc, "params", {})),
                       "why": present.cite_in(str(cite), conn.lang) if cite else None})
        except PermissionError as exc:
            log_refusal("forbidden", f"table {live.id} seat {conn.seat}: refused: {exc}")
            conn.send({**refusals.frame("forbidden", conn.lang), "english": str(exc)})

    return routes


def _typed(live: Live, conn: Conn, text: str) -> str:
    """What a person typed, read by atout.present.inputs against the legal actions ('garde', 'R♥', 'passe')."""
    from atout.present.inputs import interpret

    state = live.state
    legal = state.legal_actions() if state.current_player == conn.seat else []
    return str(interpret(text, legal, conn.lang, live.game)) if legal else text


def _say_error(exc: IllegalAction | NotationError, lang: str, game: str) -> str:
    """The refusal in the player's language (atout.present), else the engine's English message; its source is
    sent apart (the frame's ``why``, shown behind "pourquoi ?"), not in the sentence."""
    from atout.present.inputs import InputProblem

    if isinstance(exc, InputProblem):
        return str(exc)  # already in the player's language, with examples of what is accepted
    if getattr(exc, "code", "") in ("deal_end", "no_deal_end", "seating", "not_host", "not_away"):  # the table's own
        from atout.web.seats import word

        return word(f"error_{getattr(exc, 'code', '')}", lang)
    try:
        return present.say_error(exc, lang, game, cite=False)
    except (KeyError, ValueError, IndexError):
        return str(exc)


def _frame_error(code: str, message: str) -> dict[str, Any]:
    """An error frame: its stable ``code`` and its ``message``, already said in the connection's language."""
    return {"type": "error", "code": code, "message": message}


def _text(message: Mapping[str, Any]) -> str | bytes:
    """A received ASGI message's text (or bytes); a disconnect raises :class:`WebSocketDisconnect`."""
    if message.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def _refuse(ws: WebSocket, frame: dict[str, Any], close_code: int) -> None:
    """Send an error frame (said in the connection's language) and close with ``close_code``."""
    with contextlib.suppress(Exception):
        await ws.send_json(frame)
        await ws.close(close_code)


def _bad_message(exc: BadMessage, lang: str) -> dict[str, Any]:
    """A client frame refused (malformed, too large), said in ``lang``."""
    if exc.code == "too_large":
        return refusals.frame("too_large", lang, key="ws_too_large", limit=exc.limit)
    _, said = refusals.say_invalid(exc.error, (), lang, key="malformed_message")
    return {"type": "error", "code": exc.code, "message": said}


__all__ = ["HELLO_TIMEOUT", "MAX_SEAT_SOCKETS", "MAX_SOCKETS", "MAX_SPECTATORS", "RATE", "WS_BURST", "WS_RATE", "router"]
