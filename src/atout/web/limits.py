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

import logging
import threading
import time
from collections import Counter
from email.message import Message
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

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
                await JSONResponse({"error": code, "message": message}, status_code=status)(scope, receive, send)
                return
        await self.app(scope, receive, send)


__all__ = ["LOG_BURST", "LOG_RATE", "SameSitePosts", "cross_site", "log_refusal"]
