"""The sending side of a table's WebSocket: shared frame texts sent in order, and slow clients closed for good.

A client that stops reading would otherwise keep its socket (and its queued frames) forever: a frame left
unread for ``SEND_TIMEOUT`` seconds drops it, and a dropped client gets close code 4408 if it still takes
it, then its TCP connection is reset (:class:`Abortable`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import WebSocket
from starlette.types import ASGIApp, Receive, Scope, Send

from atout.present.catalogs import Section
from atout.web.hub import Conn

log = logging.getLogger("atout.web")
SEND_TIMEOUT = 20.0  # seconds a frame may wait for a client to read before the server closes it (4408)
CLOSE_GRACE = 2.0  # seconds a dropped client has to take its close frame before its TCP connection is reset


class Abortable:
    """ASGI middleware: gives a WebSocket's handler ``scope["atout.abort"]``, which resets its TCP connection.

    A client that stops reading keeps its socket open forever (its close frame waits behind the unread
    frames, and a plain close waits for them to be sent): the server resets it instead. Works with
    uvicorn (its protocol's transport); under another server the close frame is all there is.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            if transport is not None and callable(getattr(transport, "abort", None)):
                scope["atout.abort"] = transport.abort
        await self.app(scope, receive, send)


#: The refusal of one spectator too many, in the language of its hello (catalog domain web, section socket).
FULL: Section = Section("web", "socket")


async def pump(ws: WebSocket, conn: Conn, timeout: float) -> None:
    """Send a connection's queued frames (texts shared with the other connections) in order.

    A frame the client leaves unread for ``timeout`` seconds drops it; any end of sending ends the connection.
    """
    try:
        while True:
            text = await conn.outbox.get()
            try:
                await asyncio.wait_for(ws.send_text(text), timeout)
            except TimeoutError:
                log.warning("dropping a connection that read nothing for %g s", timeout)
                conn.drop()
                return
    finally:
        conn.ended.set()


async def close_slow(ws: WebSocket) -> None:
    """Close a dropped client: close code 4408 if it still takes it, its TCP connection reset after ``CLOSE_GRACE``."""
    abort = ws.scope.get("atout.abort")
    if callable(abort):
        asyncio.get_running_loop().call_later(CLOSE_GRACE, _quietly, abort)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(4408, "too slow: frames left unread"), CLOSE_GRACE)


def _quietly(fn: Any) -> None:
    """Call ``fn`` (a transport's abort, maybe already closed), whatever it raises."""
    with contextlib.suppress(Exception):
        fn()
