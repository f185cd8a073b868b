"""The sending side of a table's WebSocket: shared frame texts sent in order, and slow clients closed for good.

A client that stops reading would otherwise keep its socket (and its queued frames) forever: a frame left
unread for ``SEND_TIMEOUT`` seconds drops it, and a dropped client gets close code 4408 if it still takes
it, then its TCP connection is reset (:class:`Abortable`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
from functools import partial
from typing import Any

from fastapi import WebSocket
from starlette.types import ASGIApp, Receive, Scope, Send

from atout.present.catalogs import Section
from atout.web.hub import Conn
from atout.web.limits import log_refusal

log = logging.getLogger("atout.web")
SEND_TIMEOUT = 20.0  # seconds a frame may wait for a client to read before the server closes it (4408)
CLOSE_GRACE = 2.0  # seconds a dropped client has to take its close frame before its TCP connection is reset


class Abortable:
    """ASGI middleware: gives a WebSocket's handler ``scope["atout.abort"]``, which resets its TCP connection.

    A client that stops reading keeps its socket open forever (its close frame waits behind the unread
    frames, and a plain close waits for them to be sent): the server resets it instead. Works with
    uvicorn (its protocol's transport, ``websockets`` or ``wsproto``); under another server the close
    frame is all there is.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            if transport is not None and callable(getattr(transport, "abort", None)):
                scope["atout.linger0"] = partial(linger_zero, transport)
                scope["atout.abort"] = partial(reset, transport)
        await self.app(scope, receive, send)


def linger_zero(transport: Any) -> None:
    """Make the socket's close a reset: ``SO_LINGER`` 0, so closing it discards its unsent bytes and sends RST.

    Without it, closing a socket whose client does not read (``abort()``, or the WebSocket library's own
    close) leaves the kernel holding its unsent frames (megabytes) in FIN-WAIT-1 for as long as the client
    stays (issue 16's attack, finding 5: ``abort()`` alone only drops asyncio's buffer).
    """
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def reset(transport: Any) -> None:
    """Reset a TCP connection at once: zero linger (:func:`linger_zero`), then the transport aborted."""
    linger_zero(transport)
    transport.abort()


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
                log_refusal("too_slow", f"dropping a connection that read nothing for {timeout:g} s")
                conn.drop()
                return
    finally:
        conn.ended.set()


async def close_slow(ws: WebSocket) -> None:
    """Close a dropped client: close code 4408 if it still takes it, its TCP connection reset after ``CLOSE_GRACE``."""
    linger, abort = ws.scope.get("atout.linger0"), ws.scope.get("atout.abort")
    if callable(linger):  # whoever closes the socket first (this code or the WebSocket library), it is a reset
        _quietly(linger)
    if callable(abort):
        asyncio.get_running_loop().call_later(CLOSE_GRACE, _quietly, abort)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(4408, "too slow: frames left unread"), CLOSE_GRACE)


def _quietly(fn: Any) -> None:
    """Call ``fn`` (a transport's abort, maybe already closed), whatever it raises."""
    with contextlib.suppress(Exception):
        fn()
