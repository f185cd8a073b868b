"""The web server's limits shared by REST and WebSocket: refusals logged at a bounded rate, same-site POSTs.

A visitor can make the server refuse thousands of frames a minute; logging each one would fill the log
(1,230 lines in one run): :func:`log_refusal` writes at most ``LOG_BURST`` lines at once and
``LOG_RATE`` a second after that, and says how many it left out, by code, in its next line.

>>> import logging
>>> logging.getLogger("atout.web").disabled = True  # a doctest prints no log line
>>> log_refusal("malformed", "act.n: Input should be a valid integer")
True
>>> logging.getLogger("atout.web").disabled = False
"""

from __future__ import annotations

import ipaddress
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from email.message import Message
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage
from starlette.websockets import WebSocketClose

log = logging.getLogger("atout.web")

LOG_RATE = 1.0  # refusal lines a second, at most, once the burst is spent
LOG_BURST = 20.0  # refusal lines logged at once before the rate applies


class _RefusalLog:
    """A token bucket for log lines; the refusals it drops are counted by code and reported later."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()
        self.dropped: Counter[str] = Counter()
        self.lock = threading.Lock()  # refusals come from the event loop and from worker threads

    def __call__(self, code: str, detail: str) -> bool:
        with self.lock:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
            self.at = now
            if self.tokens < 1:
                self.dropped[code] += 1
                return False
            self.tokens -= 1
            dropped, self.dropped = self.dropped, Counter()
        more = ""
        if dropped:
            counts = ", ".join(f"{c} ×{k}" for c, k in dropped.most_common())
            more = f" ({sum(dropped.values())} more refusals not logged: {counts})"
        log.warning("refused %s: %s%s", code, detail[:300], more)
        return True


_REFUSALS = _RefusalLog(LOG_RATE, LOG_BURST)


def log_refusal(code: str, detail: str) -> bool:
    """Log one refused request or frame (logger ``atout.web``, warning) unless over the rate: True if written.

    ``code`` is the refusal's error code (``malformed``, ``rate_limited``…), ``detail`` one line on it.
    """
    return _REFUSALS(code, detail)


def client_key(host: str) -> str:
    """The address an address's limits count under: an IPv6 address by its /64 network (one household or one
    server is given a whole /64: counted one by one, each of its addresses had limits of its own), any other as
    it is.

    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::7"), client_key("2001:db8:1:3::1")
    (True, '2001:db8:1:3::/64')
    >>> client_key("127.0.0.1"), client_key("testclient"), client_key("::ffff:192.0.2.7")
    ('127.0.0.1', 'testclient', '192.0.2.7')
    """
    if ":" not in host:
        return host
    try:
        address = ipaddress.IPv6Address(host.split("%")[0])
    except ValueError:  # not an address (a test client's name): as it is
        return host
    if address.ipv4_mapped is not None:  # an IPv4 client of a dual-stack server: its own address, not a shared /64
        return str(address.ipv4_mapped)
    return str(ipaddress.IPv6Network((address, 64), strict=False))


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def full(self) -> bool:
        """Whether the bucket has filled up again (its address has been quiet): it can be forgotten."""
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.burst

    def take(self, cost: float = 1) -> bool:
        """Spend ``cost`` tokens if saved (True), else spend nothing (False)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def spend(self, cost: float) -> None:
        """Spend ``cost`` tokens whatever is saved (a cost known only once paid): the bucket may go below 0."""
        self.take(0)
        self.tokens -= cost

    def give_back(self, cost: float) -> None:
        """Return ``cost`` tokens spent on something refused before it was made (a table the game refuses)."""
        self.tokens = min(self.burst, self.tokens + cost)

    def wait(self, cost: float = 1) -> float:
        """Seconds until ``cost`` tokens are saved."""
        return max(0.0, (cost - self.tokens) / self.rate)


def cross_site(method: str, headers: dict[str, str]) -> tuple[int, str, str] | None:
    """Why a POST is refused as a possible cross-site request, as ``(status, code, message)``, or None.

    A page of another site can make a browser POST a "simple" request (``text/plain``, a form) to this
    server without asking first; a JSON body (``application/json``) it cannot send without the server's
    consent (CORS), and browsers name the sending page in ``Origin`` and ``Sec-Fetch-Site``.

    >>> cross_site("POST", {"host": "h:8000", "content-type": "text/plain"})[1]
    'bad_content_type'
    >>> cross_site("POST", {"host": "h:8000", "content-type": "application/json", "origin": "https://evil.example"})[1]
    'cross_site'
    >>> cross_site("POST", {"host": "h:8000", "content-type": "application/json; charset=utf-8", "origin": "http://h:8000"})
    """
    if method != "POST":
        return None
    if headers.get("sec-fetch-site", "").lower() == "cross-site":
        return 403, "cross_site", "a request sent by another site is refused"
    origin = headers.get("origin")
    if origin is not None and (origin == "null" or urlsplit(origin).netloc.lower() != headers.get("host", "").lower()):
        return 403, "cross_site", f"a request from another origin ({origin[:100]}) is refused"
    kind = Message()
    kind["content-type"] = headers.get("content-type", "")
    media = kind.get_content_type()  # 'text/plain' when the header is missing or unreadable
    if media != "application/json" and not (media.startswith("application/") and media.endswith("+json")):
        return 415, "bad_content_type", "a POST body must be JSON, sent with Content-Type: application/json"
    return None


class SameSitePosts:
    """ASGI middleware: a POST to ``/api/`` that :func:`cross_site` refuses answers its 4xx, nothing else runs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and str(scope["path"]).startswith("/api/"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            refused = cross_site("POST", headers)
            if refused is not None:

                status, code, message = refused
                log_refusal(code, f"POST {scope['path']}: {message}")
                await _said(status, code, scope, english=message)(scope, receive, send)
                return
        await self.app(scope, receive, send)


#: Bytes of a REST request body, at most (a table or a join is under 1 kB); uploads have their own cap.
MAX_BODY = 16_384
#: Host names served when the server listens on loopback (``--allowed-hosts`` replaces them).
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")


class BodyCap:
    """ASGI middleware: a request body over its cap answers 413 ``too_large`` before anything reads or parses it.

    The cap is ``caps[path]`` or ``default``; a ``Content-Length`` over it is refused at once, unread, and a
    streamed body (chunked) is counted as it arrives. ``charge(host)`` is told of each refusal, so that the
    address's rate limit counts it (issue 16: a 50 MB body took 5 s to refuse and cost the sender nothing).
    ``answer(scope, cap)`` builds the 413 (default: ``{"error": "too_large", "message": ...}``).
    """

    def __init__(self, app: ASGIApp, default: int = MAX_BODY, caps: Mapping[str, int] | None = None,
                 charge: Callable[[str], object] | None = None,
                 answer: Callable[[Scope, int], Response] | None = None) -> None:
        self.app, self.default, self.caps, self.charge = app, default, dict(caps or {}), charge
        self.answer = answer or too_large

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        cap = self.caps.get(str(scope["path"]), self.default)
        length = dict(scope["headers"]).get(b"content-length", b"0")
        over = not length.isdigit() or int(length) > cap
        chunks: list[AsgiMessage] = []
        size, more = 0, True
        while more and not over:  # the body (at most ``cap`` bytes) read here, then handed on as it came
            message = await receive()
            chunks.append(message)
            size += len(message.get("body", b""))
            more = message["type"] == "http.request" and bool(message.get("more_body"))
            over = size > cap
        if over:
            await self._refuse(scope, receive, send, cap)
            return

        async def replay() -> AsgiMessage:
            return chunks.pop(0) if chunks else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, cap: int) -> None:
        host = client_key(scope["client"][0]) if scope.get("client") else "?"
        if self.charge is not None:
            self.charge(host)
        log_refusal("too_large", f"{scope['method']} {scope['path']} from {host}: body over {cap} bytes")
        await self.answer(scope, cap)(scope, receive, send)


def too_large(_scope: Scope, cap: int) -> Response:
    """The 413 of a body over ``cap`` bytes, in the error shape of every refusal."""
    return JSONResponse({"error": "too_large", "message": f"a request body may hold at most {cap:,} bytes"},
                        status_code=413)


def host_allowed(host_header: str, allowed: Iterable[str]) -> bool:
    """Whether a ``Host`` header names one of the ``allowed`` host names (any port; ``[::1]`` as ``::1``).

    >>> host_allowed("127.0.0.1:8000", LOOPBACK_HOSTS), host_allowed("[::1]:8000", LOOPBACK_HOSTS)
    (True, True)
    >>> host_allowed("evil.example:8000", LOOPBACK_HOSTS), host_allowed("", LOOPBACK_HOSTS)
    (False, False)
    """
    name = urlsplit(f"//{host_header}").hostname if host_header else None
    return name is not None and name.lower() in {h.lower().strip("[]") for h in allowed}


class TrustedHosts:
    """ASGI middleware against DNS rebinding: a request whose ``Host`` is not an allowed name is refused.

    A page of evil.example whose name is made to point at 127.0.0.1 reaches a loopback server as a same-origin
    page (``Host: evil.example``); so a server on loopback answers only its own names (400 ``bad_host``, and a
    WebSocket is closed with 1008). ``allowed`` None serves every name (a public server behind its own proxy).
    """

    def __init__(self, app: ASGIApp, allowed: Iterable[str] | None) -> None:
        self.app, self.allowed = app, None if allowed is None else tuple(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.allowed is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
        if host_allowed(host, self.allowed):
            await self.app(scope, receive, send)
            return
        log_refusal("bad_host", f"{scope['path']}: Host {host[:100]!r} is not served here")
        if scope["type"] == "websocket":
            await WebSocketClose(code=1008)(scope, receive, send)
            return
        message = f"this server answers only to {', '.join(self.allowed)} (see --allowed-hosts)"
        await _said(400, "bad_host", scope, english=message, hosts=", ".join(self.allowed))(scope, receive, send)


def _said(status: int, code: str, scope: Scope, english: str, **params: Any) -> JSONResponse:
    """A middleware's refusal in the language of the request's ``?lang=`` (atout.web.refusals), French by default."""
    from atout.web import refusals  # here: it reads the catalogs, which a bare middleware need not load

    lang = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", ["fr"])[0]
    return refusals.error(status, code, lang, english=english, **params)


__all__ = ["LOG_BURST", "LOG_RATE", "LOOPBACK_HOSTS", "MAX_BODY", "BodyCap", "Bucket", "SameSitePosts", "TrustedHosts",
           "cross_site", "host_allowed", "log_refusal"]
