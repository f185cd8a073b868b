"""The web application: REST for the lobby, one WebSocket per seat (atout.web.socket_routes), the static front end.

``create_app(db_url)`` builds it; ``atout serve`` runs it with uvicorn. See docs/web.md for the
routes and the message protocol.

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app("sqlite://", bot_delay=0)) as client:
...     "tarot" in [g["name"] for g in client.get("/api/games").json()]
True
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import secrets
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Annotated, Any, Literal, cast
from urllib.parse import parse_qs

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from atout import present
from atout.core.errors import AtoutError
from atout.core.protocol import GameState, game_info, list_games, new_game
from atout.core.rng import is_secret_seed
from atout.present import catalogs
from atout.present.records import say_refusal
from atout.records import dumps
from atout.web import messages, refusals, socket_routes
from atout.web.botpool import hold_quick, release_quick
from atout.web.deadlines import MOVE_TIMEOUT
from atout.web.deal_end import CONTINUE_TIMEOUT
from atout.web.hub import LEVELS, Hub, Live, NameTaken, TableUnavailable
from atout.web.limits import BodyCap, Bucket, SameSitePosts, TrustedHosts, client_key, log_refusal
from atout.web.lobby_options import option_fields
from atout.web.messages import MAX_RECORD, CreateTable, JoinTable
from atout.web.replays import BUDGET, MAX_RECORD_DEALS, Busy, Replays, Running, warm
from atout.web.replays import stop as stop_replays
from atout.web.rules import rules_data
from atout.web.seats import seat_name
from atout.web.socket_routes import MAX_SOCKETS, MAX_SPECTATORS, WS_RATE
from atout.web.sockets import SEND_TIMEOUT, Abortable
from atout.web.store import Store
from atout.web.views import page_texts, variant_texts

log = logging.getLogger("atout.web")
STATIC = files("atout.web") / "static"
TABLE_RATE = 6.0  # table creation tokens one address earns a minute (--table-rate, 0.1..6000)
TABLE_BURST = 20  # ... and may save: a table costs 1, +1 when only bots sit, +1 at a searching bots' level
UPLOAD_QUOTA = 20_000_000  # bytes of new uploaded records one address may store an hour (--upload-quota)
UPLOAD_TOTAL = 200_000_000  # bytes of new uploaded records all addresses together may store a day
TABLE_EXPIRY = 86_400.0  # seconds: a table unfinished, unwatched and untouched this long expires (--table-expiry)
TABLE_EXPIRY_RANGE = (60.0, 30 * 86_400.0)  # the range atout serve accepts
#: A replay position, as the query gives it: a whole number in decimal digits (never ``3.0`` or ``1e3``);
#: it is clamped to the record's ``0..total``, so ``-4`` is the start.
Position = Annotated[str, Query(max_length=12, pattern=r"^-?[0-9]+$")]


def table_cost(body: CreateTable) -> int:
    """Tokens a new table costs: 1, +1 when only bots sit (they play while watched), +1 for searching bots.

    >>> table_cost(CreateTable(game="tarot")), table_cost(CreateTable(game="tarot", seat=None, level="expert"))
    (1, 3)
    """
    searching = LEVELS.get(body.level, "").startswith("search")
    return 1 + (body.seat is None) + searching


def _error(status: int, code: str, lang: str, *, key: str | None = None, english: str | None = None,
           headers: Mapping[str, str] | None = None, **params: Any) -> JSONResponse:
    """A refusal in the request's language (atout.web.refusals): its stable code, the sentence from the catalogs."""
    return refusals.error(status, code, lang, key=key, english=english, headers=headers, **params)


def _refused(status: int, error: str, code: str, params: dict[str, Any], lang: str, game: str = "") -> JSONResponse:
    """A refused upload: ``error`` (the kind), ``code`` and ``params`` (what was wrong, as data) and ``message``
    (the same said in ``lang`` by atout.present.records)."""
    message = say_refusal(code, params, lang, game)
    return JSONResponse({"error": error, "code": code, "params": refusals.json_params(params), "message": message,
                         "lang": lang}, status_code=status)


def _shown_id(table_id: str) -> str:
    r"""A table id as a refusal repeats it: printable characters only, 40 at most (a forged id held NULs).

    >>> _shown_id("ab\x00c\ufffd" + "x" * 50) == "abc" + "x" * 37
    True
    """
    return "".join(ch for ch in table_id if ch.isprintable() and ch != "\ufffd")[:40]


def _games() -> list[dict[str, Any]]:
    """Every registered game with its variants, player counts and rule options (name, default, type)."""
    out = []
    for info in list_games():
        sample = new_game(info.name, seed=0)
        try:
            options = {k: v for k, v in sample.options().items() if k not in ("players", "variant")}
        except TypeError:  # a game without a rules dataclass: no option to offer
            options = {}
        out.append({
            "name": info.name,
            "title": info.title,
            "default_variant": info.default_variant,
            "default_players": sample.players,
            "variants": {v: {"players": list(info.player_counts[v]), "about": info.variant_help.get(v, ""),
                             "texts": variant_texts(info.name, v)}
                         for v in info.variants},
            "options": options,
            "option_labels": {lang: {k: catalogs.entries("web", "options", lang).get(f"{info.name}.{k}", k)
                                     for k in options} for lang in present.LANGS},
            "fields": option_fields(info.name),  # each option as a form field: kind, values or range, words
            "match": sorted(sample.match_header()),  # the match arguments it takes: deals, target
        })
    return out


def create_app(db_url: str | None = None, bot_delay: float = 0.7, http_rate: float = 2.0, *, replay_rate: float = 5.0,
               budget: float = BUDGET, max_deals: int = MAX_RECORD_DEALS,
               max_spectators: int = MAX_SPECTATORS, max_sockets: int = MAX_SOCKETS, table_rate: float = TABLE_RATE,
               bot_workers: int | None = None, send_timeout: float = SEND_TIMEOUT, ws_rate: float = WS_RATE,
               allowed_hosts: Iterable[str] | None = None, upload_quota: int = UPLOAD_QUOTA,
               upload_total: int = UPLOAD_TOTAL, continue_timeout: float = CONTINUE_TIMEOUT,
               table_expiry: float = TABLE_EXPIRY, move_timeout: float = MOVE_TIMEOUT) -> FastAPI:
    """The application on a database URL (SQLite file by default, ``ATOUT_DB``, or PostgreSQL).

    ``http_rate``: requests a second each address may make to create tables, seats and uploads (bursts of 30 s' worth);
    ``replay_rate``: replay positions a second per address (bursts of 10 s' worth); ``budget``: seconds of work
    for one upload or replay position (then 503); ``max_deals``: deals in an uploaded record.
    ``max_spectators`` per table, ``max_sockets`` open WebSockets per address, ``table_rate`` table tokens an
    address earns a minute (:func:`table_cost`; at most ``TABLE_BURST`` saved), ``bot_workers`` processes where
    bots think (default: one per core), ``send_timeout`` seconds a client may leave a frame unread,
    ``ws_rate`` WebSocket opens a second per address (bursts of ``WS_BURST``).
    ``allowed_hosts``: the host names served (None: any; ``atout serve`` on loopback serves its own names only,
    against DNS rebinding); ``upload_quota`` bytes of new uploaded records an address may store an hour, and
    ``upload_total`` all addresses together a day (then 429 / 507: the disk cannot be filled by uploads).
    ``continue_timeout``: seconds a person has to say "continue" at a deal's end (atout.web.deal_end);
    ``table_expiry``: seconds after which a table nobody plays at or watches expires (:meth:`Hub.expire`);
    ``move_timeout``: seconds a person has to move at a friends' table before a bot plays for the seat
    (atout.web.deadlines; 0: no deadline).
    """
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay, bot_workers=bot_workers, continue_timeout=continue_timeout,
              move_timeout=move_timeout)
    replays = Replays(budget, max_deals)
    http_buckets: dict[str, Bucket] = {}
    replay_buckets: dict[str, Bucket] = {}
    table_buckets: dict[str, Bucket] = {}
    upload_buckets: dict[str, Bucket] = {}
    upload_all = Bucket(upload_total / 86_400, upload_total)

    async def sweep() -> None:
        """Expire abandoned tables now and then (every quarter of the delay, at most every 5 minutes)."""
        while True:
            await asyncio.sleep(min(table_expiry / 4, 300.0))
            try:
                gone = await asyncio.to_thread(hub.expire, table_expiry)
            except Exception:  # a database hiccup: tried again next time
                log.warning("tables could not be expired now; tried again later", exc_info=True)
                continue
            if gone:
                log.info("expired %d abandoned table(s)", len(gone))
            hub.unload_idle()  # tables nobody uses leave memory (reloaded from the database when asked for)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        warm()  # the worker process starts now, not on the first upload
        hold_quick()  # the cheap bots' pool is shut down (and waited for) when the last server stops
        await hub.start()  # the bots' workers; on PostgreSQL, listening to the other server processes
        sweeper = asyncio.create_task(sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            await hub.close()
            await asyncio.to_thread(stop_replays)  # the worker ends with its server (no orphan, no leaked semaphore)
            await asyncio.to_thread(release_quick)

    app = FastAPI(title="atout", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.add_middleware(SameSitePosts)  # a POST is JSON from this site's own pages (or a program), never a form
    app.add_middleware(BodyCap, caps={"/api/records": MAX_RECORD}, charge=lambda host: _charge(host),
                       answer=lambda scope, cap: _too_large(scope, cap))  # outside: a big body is never read
    app.add_middleware(Abortable)
    app.add_middleware(TrustedHosts, allowed=allowed_hosts)  # outermost: DNS rebinding refused first
    app.state.hub = hub
    app.state.store = store
    app.state.replays = replays

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A REST body that fails its pydantic model: 422 with one line naming the field, like every other refusal."""
        error = exc.errors()[0] if exc.errors() else {}
        text = messages.describe(error, ("body",))
        where = "query" if tuple(error.get("loc", ()))[:1] == ("query",) else "body"
        if request.method == "POST":  # refusing cost work: the address's rate limit counts it
            _charge(client_key(request.client.host) if request.client else "?")
        log_refusal("malformed", f"{request.method} {request.url.path}: malformed {where}: {text}")
        lang = refusals.lang_of(request.query_params.get("lang"))
        field, said = refusals.say_invalid(error, ("body", "query"), lang)
        return JSONResponse({"error": "malformed", "message": said, "field": field, "lang": lang, "english": text},
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """Starlette's own refusals (a body too deeply nested to parse, an unknown route) in the error shape."""
        code = {400: "malformed", 404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        if exc.status_code == 400:
            log_refusal(code, f"{request.method} {request.url.path}: {exc.detail}")
        lang = refusals.lang_of(request.query_params.get("lang"))
        key = code if code != "malformed" else "unreadable_body" if "parsing the body" in str(exc.detail) \
            else "http_error"  # FastAPI's words for a number of 5,000 digits or JSON nested too deep to parse
        return refusals.error(exc.status_code, code, lang, key=key, english=str(exc.detail),
                              headers=getattr(exc, "headers", None))

    def _charge(host: str) -> None:
        """A refused request spends one of its address's tokens for requests that create things."""
        buckets = http_buckets
        if len(buckets) > 10_000:
            for old in [h for h, b in buckets.items() if b.full()]:
                del buckets[old]
        buckets.setdefault(host, Bucket(http_rate, 30 * http_rate)).take()

    def _too_large(scope: Scope, cap: int) -> Response:
        """The 413 of an oversize body: an upload's in the language it asks for, any other in the error shape."""
        if scope["path"] != "/api/records":
            lang = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", ["fr"])[0]
            return _error(413, "too_large", refusals.lang_of(lang), limit=f"{cap:,}".replace(",", "\u202f"))
        lang = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", ["fr"])[0]
        return _refused(413, "too_large", "too_large", {"limit": cap}, lang if lang in present.LANGS else "fr")

    def _limited(request: Request, buckets: dict[str, Bucket] | None = None) -> bool:
        """Per-address limit on the requests that create things (tables, seats, uploads), or on replays."""
        host = client_key(request.client.host) if request.client else "?"
        buckets, rate, burst = ((http_buckets, http_rate, 30 * http_rate) if buckets is None
                                else (buckets, replay_rate, 10 * replay_rate))
        if len(buckets) > 10_000:  # many addresses: forget those whose bucket is full again
            for old in [h for h, b in buckets.items() if b.full()]:
                del buckets[old]
        if buckets.setdefault(host, Bucket(rate, burst)).take():
            return False
        log_refusal("rate_limited", f"{request.method} {request.url.path} from {host}")
        return True

    def _tables_limited(request: Request, body: CreateTable, lang: str) -> JSONResponse | None:
        """Per-address limit on new tables (a burst of "Watch bots" tables stalled every table): 429, or None."""
        host = client_key(request.client.host) if request.client else "?"
        bucket = table_buckets.setdefault(host, Bucket(table_rate / 60, TABLE_BURST))
        cost = table_cost(body)
        if bucket.take(cost):
            return None
        wait = bucket.wait(cost)
        log_refusal("rate_limited", f"{host}: table creation refused (rate limit)")
        return _error(429, "rate_limited", lang, key="tables_limited", wait=f"{wait:.0f}",
                      english=f"too many new tables from this address: wait {wait:.0f} s (a table costs "
                              f"{cost} of {TABLE_BURST} tokens, {table_rate:g} more a minute)",
                      headers={"Retry-After": str(max(1, round(wait)))})

    async def _live(table_id: str) -> Live | None:
        """A table for a route that may change it: rebuilt off the event loop if not in memory (``Hub.load``)."""
        return await hub.load(table_id) if len(table_id) <= 32 else None

    async def _rest_table(table_id: str) -> Live | None:
        """A table for the REST routes. A finished table not in memory is not rebuilt (that would replay every
        move, in the event loop): its public facts come from the database, with a state that says it is over,
        and its record is read as stored. A table in play is loaded as the WebSocket loads it."""
        if len(table_id) > 32:
            return None
        live = hub.tables.get(table_id)
        if live is not None:
            return live
        found = await asyncio.to_thread(store.finished, table_id)
        if found is None:
            return await _live(table_id)
        row, kinds, names = found
        return Live(id=row.id, game=row.game, variant=row.variant, players=row.players, seed=row.seed,
                    options=dict(row.options), level=row.level, source=row.source,
                    kinds=kinds or ["bot"] * row.players, hashes=[None] * row.players,
                    state=cast(GameState, _Over()), moves=[], history=0, names=names)

    # --- pages --------------------------------------------------------------------------------
    @app.get("/texts.js", include_in_schema=False)
    async def texts() -> Response:
        """The page's own words in every language installed (catalog domain ``web``): ``const TEXTS = {...}``."""
        return Response(page_texts(), media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "table.html"))

    @app.get("/r/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "replay.html"))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(str(STATIC / "favicon.svg"), media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    # --- REST ---------------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return _games()

    @app.get("/api/rules/{game}", response_model=None)
    async def rules(game: str, lang: str = "fr", players: int | None = Query(default=None, ge=1, le=12),
                    variant: str | None = Query(default=None, max_length=40)) -> dict[str, Any] | JSONResponse:
        """The rules panel: card order and trump order high to low (the game's real order), and its summary."""
        if lang not in present.LANGS:
            return _bad_lang(lang)
        if game not in {g.name for g in list_games()}:
            return _error(404, "no_game", lang, game=game[:40], games=refusals.listed([g.name for g in list_games()], lang))
        try:
            return rules_data(game, lang, players, variant)
        except (AtoutError, ValueError, TypeError) as exc:
            _, said = refusals.setup_refusal(game, variant, players, {}, lang, str(exc))
            return JSONResponse({"error": "bad_rules", "message": said, "lang": lang, "english": str(exc)}, status_code=400)

    @app.get("/api/levels")
    async def levels() -> dict[str, str]:
        return dict(LEVELS)

    @app.post("/api/tables", response_model=None)
    async def create_table(body: CreateTable, request: Request, lang: str = "fr") -> dict[str, Any] | JSONResponse:
        lang = refusals.lang_of(lang)
        if _limited(request):
            return _error(429, "rate_limited", lang)
        refused = _tables_limited(request, body, lang)
        if refused is not None:
            return refused
        try:
            live, token = hub.create(body)
        except TableUnavailable as exc:  # the database is down: nothing was created
            return _error(503, "db_unavailable", lang, english=str(exc))
        except (AtoutError, ValueError, TypeError) as exc:
            # nothing was made: its tokens are given back (14 refusals held an attacker's address back, and would
            # a person trying options in the lobby)
            host = client_key(request.client.host) if request.client else "?"
            table_buckets[host].give_back(table_cost(body))
            return _refused_table(body, lang, exc)
        return {"id": live.id, "seat": body.seat, "token": token, "url": f"/t/{live.id}", "table": live.meta()}

    def _refused_table(body: CreateTable, lang: str, exc: Exception) -> JSONResponse:
        """A table the game (or the server) refuses, said in ``lang``: ``bad_options`` for an option's value or
        options that clash, ``bad_table`` for the rest (game, variant, size, unknown option, level, seat, seed)."""
        reason, said = refusals.setup_refusal(body.game, body.variant, body.players, body.options, lang, str(exc))
        if reason == "bad_table":  # the game takes it: the server's own checks (hub.create), on the same data
            info = game_info(body.game)
            allowed = info.player_counts[(body.variant or info.default_variant).lower()]
            n = body.players or (info.default_players if info.default_players in allowed else allowed[0])
            if body.target is not None and "target" not in inspect.signature(info.factory).parameters:
                said = refusals.say("no_target", lang, title=info.title, games=refusals.listed(
                    [g.title for g in list_games() if "target" in inspect.signature(g.factory).parameters], lang))
            elif body.level not in LEVELS:
                said = refusals.say("bad_level", lang, level=body.level[:20], levels=", ".join(LEVELS))
            elif body.seed is not None and is_secret_seed(body.seed):
                said = refusals.say("bad_seed", lang)
            elif body.seat is not None and body.seat >= n:
                said = refusals.say("bad_seat", lang, seat=body.seat + 1, players=n)
        return JSONResponse({"error": "bad_options" if reason == "options" else "bad_table", "message": said,
                             "reason": reason, "lang": lang, "english": str(exc)}, status_code=400)

    @app.get("/api/tables")
    async def tables(status: Literal["open", "playing", "over"] = "open", lang: str = "fr",
                     source: Literal["played", "uploaded"] = "played") -> list[dict[str, Any]]:
        """The lobby's lists: each table's game, its seats' names, when it last moved, and once over its winners.
        Played games by default; uploaded records only when asked (``source=uploaded``), never mixed in. Another
        ``status`` or ``source`` is refused (422, naming the field and its values), not answered with no table."""
        lang = lang if lang in present.LANGS else "fr"
        rows = await asyncio.to_thread(store.list_tables, status, 50, source)
        seats = await asyncio.to_thread(store.seats_of, [t.id for t in rows])
        out = []
        for t in rows:
            kinds = [{"kind": s.kind, "name": s.name} for s in seats.get(t.id, [])]
            meta = {"seats": kinds, "level": t.level}
            names = [seat_name(meta, i, lang) for i in range(len(kinds))]
            # nobody wins a match where every seat scored the same (a void coup of La Prime, a drawn game)
            best = max(t.returns) if t.returns and min(t.returns) != max(t.returns) else None
            out.append({"id": t.id, "game": t.game, "variant": t.variant, "players": t.players, "level": t.level,
                        "status": t.status, "source": t.source, "returns": t.returns,
                        "updated": t.updated.isoformat() if t.updated else None, "names": names,
                        "winners": [i for i, x in enumerate(t.returns or []) if x == best] if best is not None else [],
                        "draw": bool(t.returns) and best is None})
        return out

    @app.get("/api/tables/{table_id}", response_model=None)
    async def table_meta(table_id: str, lang: str = "fr") -> dict[str, Any] | JSONResponse:
        live = await _rest_table(table_id)
        if live is None:
            return _error(404, "no_table", lang, table=_shown_id(table_id))
        return live.meta()

    @app.post("/api/tables/{table_id}/join", response_model=None)
    async def join(table_id: str, body: JoinTable, request: Request, lang: str = "fr") -> dict[str, Any] | JSONResponse:
        lang = refusals.lang_of(lang)
        if _limited(request):
            return _error(429, "rate_limited", lang)
        live = await _live(table_id)
        if live is None:
            return _error(404, "no_table", lang, table=_shown_id(table_id))
        try:
            seat, token = hub.join(live, body.seat, body.name)
        except TableUnavailable as exc:  # the database is down: the seat stays free
            return _error(503, "db_unavailable", lang, english=str(exc))
        except NameTaken as exc:
            return _error(422, "name_taken", lang, english=str(exc), name=body.name or "")
        except PermissionError as exc:
            log_refusal("seat_taken", f"table {table_id}: join refused: {exc}")
            return _error(409, "seat_taken", lang, key="seat_taken" if body.seat is not None else "no_free_seat",
                          english=str(exc), seat=(body.seat or 0) + 1)
        except ValueError as exc:
            return _error(400, "bad_seat", lang, english=str(exc), seat=(body.seat or 0) + 1, players=live.players)
        return {"id": live.id, "seat": seat, "token": token, "url": f"/t/{live.id}"}

    @app.get("/api/tables/{table_id}/record", response_model=None)
    async def record(table_id: str, lang: str = "fr") -> Response:
        live = await _rest_table(table_id)
        if live is None:
            return _error(404, "no_table", lang, table=_shown_id(table_id))
        if not live.state.is_terminal():
            log_refusal("in_progress", f"table {table_id}: record asked before the end (it holds every hand)")
            return _error(403, "in_progress", lang, key="record_in_progress")
        text = await asyncio.to_thread(_record_text, live)
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="atout-{table_id}.json"'})

    def _record_text(live: Live) -> str:
        """A finished table's record as stored (JSON text, not parsed), or written from its state if the
        database has not got it yet (the game has just ended)."""
        return store.record_text(live.id) or dumps(live.state.to_record())

    @app.get("/api/tables/{table_id}/replay", response_model=None)
    async def replay_step(table_id: str, request: Request, n: Position = "0", lang: str = "fr") -> dict[str, Any] | JSONResponse:
        if lang not in present.LANGS:
            return _bad_lang(lang)
        if _limited(request, replay_buckets):
            return _refused(429, "rate_limited", "rate_limited", {}, lang)
        live = await _rest_table(table_id)
        if live is None:
            return _error(404, "no_table", lang, table=_shown_id(table_id))
        if not live.state.is_terminal() and live.source == "played":
            log_refusal("in_progress", f"table {table_id}: replay asked before the end (it shows every hand)")
            return _error(403, "in_progress", lang, key="replay_in_progress")
        meta = live.meta()
        try:  # n is clamped to 0..total; the work runs in a worker process, within the time budget
            view = await replays.view(table_id, lambda: _record_text(live), int(n), lang, meta)  # a finished record stays
        except Busy:
            return _refused(503, "busy", "busy", {}, lang)
        if "refused" in view:  # too slow, or a stored record the engine now refuses: why, in the page's language
            status, error = (503, "too_slow") if view["refused"] == "too_slow" else (500, "replay_failed")
            return _refused(status, error, view["refused"], view["params"], lang, view["game"])
        return {**view, "table": meta}

    @app.get("/api/tables/{table_id}/analysis", response_model=None)
    async def analysis(table_id: str, request: Request, deal: int = 1, lang: str = "fr") -> dict[str, Any] | JSONResponse:
        """A finished Tarot game's deal analysed with every card seen (issue 20; docs/analysis.md): computed in
        the replay worker within its time budget, kept once done."""
        if lang not in present.LANGS:
            return _bad_lang(lang)
        if not 1 <= deal <= MAX_RECORD_DEALS:
            return _error(400, "bad_deal", lang, max=MAX_RECORD_DEALS)
        if _limited(request, replay_buckets):
            return _refused(429, "rate_limited", "rate_limited", {}, lang)
        live = await _rest_table(table_id)
        if live is None:
            return _error(404, "no_table", lang, table=_shown_id(table_id))
        if not live.state.is_terminal():
            log_refusal("in_progress", f"table {table_id}: analysis asked before the end (it shows every hand)")
            return _error(403, "in_progress", lang, key="analysis_in_progress")
        try:
            found = await replays.analysis(table_id, lambda: _record_text(live), deal, lang,
                                           client_key(request.client.host) if request.client else "?")
        except Busy:
            log_refusal("busy", f"table {table_id}: analysis refused, the analyses' worker stayed taken")
            return _refused(503, "busy", "busy", {}, lang)
        except Running as exc:  # one analysis at a time per address, and a share of the worker each: it is everybody's
            if exc.code == "analysis_share":
                log_refusal("analysis_share", f"table {table_id}: analysis refused, the address used its share "
                            f"of the worker (ready in {exc.retry_after} s)")
                return JSONResponse({"error": "analysis_share", "message": str(exc), "retry_after": exc.retry_after,
                                     "lang": lang}, status_code=429, headers={"Retry-After": str(exc.retry_after)})
            log_refusal("rate_limited", f"table {table_id}: a second analysis at once from one address")
            return JSONResponse({"error": "rate_limited", "message": str(exc), "lang": lang}, status_code=429)
        if "refused" in found:
            status = 503 if found["refused"] == "too_slow" else 500 if found["refused"] == "replay_failed" else 400
            if found["refused"] == "replay_failed":
                return _error(status, "replay_failed", lang, english=found["message"])
            return JSONResponse({"error": found["refused"], "message": found["message"], "lang": lang}, status_code=status)
        return found

    @app.post("/api/records", response_model=None)
    async def upload(request: Request, lang: str = "fr") -> dict[str, Any] | JSONResponse:
        if lang not in present.LANGS:
            return _bad_lang(lang)
        if _limited(request):
            return _refused(429, "rate_limited", "rate_limited", {}, lang)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_RECORD:
                log_refusal("too_large", f"upload over {MAX_RECORD} bytes")
                return _refused(413, "too_large", "too_large", {"limit": MAX_RECORD}, lang)
        try:  # read, capped and replayed in a worker process, within the time budget
            checked = await replays.upload(bytes(body))
        except Busy:
            return _refused(503, "busy", "busy", {}, lang)
        if "refused" in checked:
            code = checked["refused"]
            log_refusal(code, f"upload refused: {code}")
            status, error = (503, "too_slow") if code == "too_slow" else (400, "bad_record")
            return _refused(status, error, code, checked["params"], lang, checked["game"])
        table_id = secrets.token_urlsafe(6)
        over = _over_quota(request, len(checked["text"].encode()), lang)
        if over is not None:
            return over
        same = await asyncio.to_thread(_keep_upload, table_id, checked)
        if same is not None:  # a game this server already holds: its own row, not a duplicate
            return {"id": same, "url": f"/r/{same}", "moves": checked["moves"], "existing": True}
        return {"id": table_id, "url": f"/r/{table_id}", "moves": checked["moves"]}

    def _over_quota(request: Request, size: int, lang: str) -> JSONResponse | None:
        """The storage quota of uploads: ``upload_quota`` bytes an hour per address, ``upload_total`` a day in all.

        Counted on the canonical record before it is stored (a duplicate, stored once, is counted too: cheap)."""
        host = client_key(request.client.host) if request.client else "?"
        mine = upload_buckets.setdefault(host, Bucket(upload_quota / 3600, upload_quota))
        if len(upload_buckets) > 10_000:
            for old in [h for h, b in upload_buckets.items() if b.full() and h != host]:
                del upload_buckets[old]
        if not mine.take(size):
            log_refusal("upload_quota", f"{host}: upload refused, over {upload_quota} bytes an hour")
            return _error(429, "upload_quota", lang, quota=_bytes(upload_quota), minutes=f"{mine.wait(size) / 60:.0f}")
        if not upload_all.take(size):
            mine.tokens += size  # not this address's fault: its quota is given back
            log_refusal("upload_quota", "upload refused: the server's daily upload storage is spent")
            return _error(507, "storage_full", lang, total=_bytes(upload_total))
        return None

    def _keep_upload(table_id: str, checked: dict[str, Any]) -> str | None:
        """Store the canonical record under ``table_id``, unless a finished table holds it already: that table's id."""
        same = store.find_record(checked["hash"])
        if same is None:
            store.store_upload(table_id, checked["text"], checked["hash"], checked["header"], checked["returns"])
        return same

    @app.get("/faces/{pack}/{code}.svg", include_in_schema=False, response_model=None)
    async def face(pack: str, code: str, lang: str = "fr") -> Response:
        """A card face from atout.faces (the page draws its own when this answers 404)."""
        try:
            from atout.faces import svg

            text = svg(pack, code, lang if lang in present.LANGS else "fr")
        except (ImportError, AtoutError, ValueError, KeyError) as exc:
            return _error(404, "no_face", lang, english=str(exc))
        return Response(text, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"ok": True, "tables": len(hub.tables)}

    app.include_router(socket_routes.router(hub, max_spectators=max_spectators, max_sockets=max_sockets,
                                            ws_rate=ws_rate, send_timeout=send_timeout))  # the tables' WebSockets
    return app


class _Over:
    """The state of a finished table the REST routes did not rebuild: all they ask of it is that it is over."""

    def is_terminal(self) -> bool:
        return True


def _bad_lang(lang: str) -> JSONResponse:
    """A language no catalog has: said in French (the site's own), the languages there are named (the one asked
    is not echoed)."""
    return _error(400, "bad_lang", "fr", langs=", ".join(present.LANGS))


def _bytes(n: int) -> str:
    """A size in bytes as people read it: digits grouped by a thin space (``20 000 000``)."""
    return f"{n:,}".replace(",", "\u202f")


__all__ = ["create_app"]
