"""The live tables: one engine state per table, its seats, its connections, its bots.

The server is authoritative: an action is checked and applied by the engine (which leaves the state
unchanged when it refuses), committed to the database (on a worker thread, the event loop free
meanwhile), and only then sent out, each seat receiving its own frame
(:func:`atout.web.views.frame`). Bots play server-side, paced by ``bot_delay`` seconds, each move drawn
from a seed fixed by the table's seed, the move number and the seat, so a table reloaded after a
restart plays on exactly as it would have. A bot thinks in a process pool (:func:`bot_pool`; cheap bots in
a small one of their own), never on the event loop or its threads, and a table where only bots sit
pauses while nobody watches it. On PostgreSQL several server processes serve the same tables
(atout.web.cluster: one writer per table, NOTIFY, a bots' lease).

>>> bot_name("triomphe", "easy"), bot_name("triomphe", "medium"), bot_name("triomphe", "hard")
('beginner', 'heuristic', 'search')
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from atout.core.actions import parse_action
from atout.core.errors import IllegalAction
from atout.core.protocol import GameState, json_number, new_game
from atout.core.rng import is_secret_seed, new_seed
from atout.web import botloop, deadlines, ending, fanout, loading
from atout.web.botpool import (  # noqa: F401  (re-exported: atout.web.hub.bot_name and friends, as before)
    CHEAP_BOTS,
    LEVELS,
    _exit_with,
    _worker_start,
    bot_name,
    bot_pool,
    decide,
    machine_cores,
    move_seed,
    quick_pool,
    search_pool,
    think,
)
from atout.web.deal_end import CONTINUE_TIMEOUT
from atout.web.live import (  # noqa: F401  (re-exported: atout.web.hub.Live and friends, as before)
    DB_RETRY,
    OUTBOX,
    Conn,
    Live,
    NameTaken,
    TableUnavailable,
    build_state,
    db_error,
    faces_pack,
    token_hash,
)
from atout.web.loading import IDLE_UNLOAD
from atout.web.messages import CreateTable, fold
from atout.web.store import Behind, SeatTaken, Store

if TYPE_CHECKING:
    from atout.web.cluster import Cluster

log = logging.getLogger("atout.web")

FINISHED_CACHE = 32  # finished tables nobody watches kept in memory (LRU): a reconnecting spectator costs nothing
LOADS = 2  # tables rebuilt from the database at once, off the event loop (Hub.load)
PRESENCE_DELAY = 0.25  # seconds: arrivals and departures within it share one broadcast of the table


class Hub:
    """Every live table of the server, loaded from the store on first use."""

    def __init__(self, store: Store, bot_delay: float = 0.7, bot_workers: int | None = None,
                 thinkers: Executor | None = None, continue_timeout: float = CONTINUE_TIMEOUT,
                 quick: Executor | None = None,
                 move_timeout: float = deadlines.MOVE_TIMEOUT) -> None:
        self.store = store
        self.move_timeout = move_timeout  # seconds a person has to move at a friends' table (0: no deadline)
        self.bot_delay = bot_delay
        self.continue_timeout = continue_timeout  # seconds a person has to continue after a deal (deal_end)
        self._background: set[asyncio.Task[None]] = set()  # deadlines being carried out
        self.tables: dict[str, Live] = {}
        self.finished: OrderedDict[str, Live] = OrderedDict()  # finished tables nobody watches, least recent first
        self._loading: dict[str, asyncio.Future[Live | None]] = {}  # tables being rebuilt off the loop
        self._loads = asyncio.Semaphore(LOADS)
        # Moves are committed on one worker thread, in order, so that a slow commit (PostgreSQL's fsync)
        # never blocks the event loop: other tables play on meanwhile.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-db")
        # Bots think in other processes (started on the first bot move): ``thinkers`` replaces the pool in tests.
        self.bot_workers = bot_workers
        self._thinkers = thinkers
        # Cheap bots (random, heuristic: a few ms) decide in a process pool of their own, never queued behind
        # the search bots' seconds of thought (issue 16's attack: a table against medium bots went from 233
        # moves in 30 s to 2 while expert tables of other addresses filled the pool), and never on the
        # server's own threads (issue 21): ``quick`` replaces that pool in tests.
        self._quick = quick
        self.closing = False  # set by close(): a bot move lost to the shutdown is no news
        self.cluster: Cluster | None = None  # the other server processes on a PostgreSQL database (start())

    async def start(self) -> None:
        """At the server's start: the cheap bots' workers are started (not on the first bot move) and, on
        PostgreSQL, this process listens to the others' writes (atout.web.cluster)."""
        with contextlib.suppress(Exception):
            self.executor_for("random").submit(int)  # starts the pool's processes now, in the background
        if self.store.shared and self.cluster is None:
            from atout.web.cluster import Cluster

            self.cluster = Cluster(self.store.url, self.heard, self.resync_all)
            await self.cluster.start()

    # --- several server processes (PostgreSQL: atout.web.cluster) ---------------------------------
    def heard(self, table_id: str, what: str) -> None:
        """Another process wrote history row ``what`` (or a seat: ``"seat"``) of a table: catch up if it is here."""
        live = self.tables.get(table_id)
        if live is None or (what.isdigit() and int(what) < live.history):
            return  # not served here, or already known (this process's own write)
        self._spawn(self._follow(live, seats=what == "seat"))

    def resync_all(self) -> None:
        """Catch every table in memory up (after the notifications were not heard for a while)."""
        for live in list(self.tables.values()):
            self._spawn(self._follow(live, seats=True))

    def _spawn(self, coro: Any) -> None:
        """Run ``coro`` in the background on the event loop (nothing without a running loop: a synchronous caller)."""
        try:
            task = asyncio.get_running_loop().create_task(coro)
        except RuntimeError:
            coro.close()
            return
        self._background.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._background.discard)

    async def _follow(self, live: Live, seats: bool = False) -> None:
        """Catch a table up from the database and show the news to its sockets here (its bots go on if they lead)."""
        async with live.lock:
            try:
                changed = await self._sync(live, seats)
            except SQLAlchemyError as exc:
                log.warning("table %s: could not catch up with the other server processes (%s)", live.id, db_error(exc))
                return
            if changed:
                self.broadcast(live)
        if changed:
            self.kick_bots(live)

    async def _sync(self, live: Live, seats: bool = False) -> bool:
        """Apply what other processes stored since this one's last row (the caller holds the table's lock)."""
        from atout.web.cluster import catch_up

        return await catch_up(self, live, seats)

    async def _stale(self, live: Live) -> IllegalAction:
        """Another process stored first (:class:`Behind`): catch up, show it; the refusal the sender gets."""
        await self._sync(live)
        self.broadcast(live)
        return IllegalAction(f"stale action: the table is at move {len(live.moves)}", code="stale",
                             params={"n": len(live.moves)})

    async def _record(self, live: Live, what: str, fn: Callable[..., None], *args: Any) -> None:
        """Store one history row for ``live`` (a continue, an undo) or refuse with nothing changed: the database down
        (one warning, :class:`TableUnavailable`), or another process stored first (caught up, ``stale``)."""
        try:
            await self._write(fn, *args)
        except TableUnavailable as exc:
            log.warning("table %s: %s not stored (%s)", live.id, what, db_error(exc))
            raise
        except Behind:
            raise await self._stale(live) from None

    def executor_for(self, bot: str) -> Executor:
        """Where bot ``bot`` decides: cheap bots (:data:`CHEAP_BOTS`) in a small pool of their own, searches in the other."""
        if bot not in CHEAP_BOTS:
            return self.thinkers()
        return self._quick or quick_pool()

    def thinkers(self) -> Executor:
        """The executor where search bots think: a process pool of ``bot_workers`` (default: one per core)."""
        if self._thinkers is None:
            self._thinkers = search_pool(self.bot_workers)
        return self._thinkers

    async def _write(self, fn: Callable[..., None], *args: Any) -> None:
        """Run one store write on the database thread; a database failure becomes :class:`TableUnavailable`.

        The caller keeps its table as it was (nothing in memory changes before the write succeeds), logs
        one warning line (no traceback: the database's own error, first line) and the sender gets an error frame.
        """
        try:
            await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))
        except SQLAlchemyError as exc:
            raise TableUnavailable() from exc

    def _write_now(self, table_id: str, fn: Callable[..., None], *args: Any) -> None:
        """A store write made at once (a seat, a new table); a database failure: one warning, :class:`TableUnavailable`."""
        try:
            fn(*args)
        except SQLAlchemyError as exc:
            log.warning("table %s: %s not stored (%s)", table_id, fn.__name__, db_error(exc))
            raise TableUnavailable() from exc

    # --- loading and creating -------------------------------------------------------------------
    def get(self, table_id: str) -> Live | None:
        """The live table, rebuilt from the database (creation arguments + moves) if not in memory.

        Synchronous, in the caller's thread: the WebSocket uses :meth:`load`, which rebuilds off the event loop.
        """
        live = self._known(table_id)
        if live is not None:
            return live
        return self._keep(self._build(table_id))

    async def load(self, table_id: str) -> Live | None:
        """:meth:`get` without holding the event loop: a table not in memory is rebuilt on a thread.

        Rebuilding replays every move (a 200-deal uploaded record: about a second), so it never runs on the
        event loop; at most ``LOADS`` rebuilds run at once, and one table asked by several connections
        at once is rebuilt once. Finished tables nobody watches stay in a small LRU cache
        (``FINISHED_CACHE``), so spectators reconnecting to them cost nothing (issue 16's attack, finding 1).
        """
        live = self._known(table_id)
        if live is not None:
            return live
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.ensure_future(self._load_off_loop(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _t: self._loading.pop(table_id, None))
        built = await asyncio.shield(task)
        return self._known(table_id) or self._keep(built)

    async def _load_off_loop(self, table_id: str) -> Live | None:
        async with self._loads:
            return await asyncio.to_thread(self._build, table_id)

    def _known(self, table_id: str) -> Live | None:
        """The table if in memory: in play, watched, or a finished one of the LRU cache (then back in play's dict)."""
        live = self.tables.get(table_id)
        if live is None and table_id in self.finished:
            live = self.tables[table_id] = self.finished.pop(table_id)
        if live is not None:
            live.touched = time.monotonic()  # asked for: not dropped as idle while its caller holds it (a hello)
        return live

    def _keep(self, live: Live | None) -> Live | None:
        """Register a table just built (its bots resume), unless another caller registered it meanwhile."""
        if live is None:
            return None
        known = self._known(live.id)
        if known is not None:
            return known
        self.tables[live.id] = live
        self.kick_bots(live)
        if self.cluster is not None:  # written elsewhere while it was being built (moves or seats): heard by nobody here
            self._spawn(self._follow(live, seats=True))
        return live

    def _build(self, table_id: str) -> Live | None:
        """A table rebuilt from the database (its moves replayed), not registered: None if unknown or refused now."""
        return loading.build(self, table_id)

    def create(self, req: CreateTable) -> tuple[Live, str | None]:
        """A new table from a request; returns it and the creator's seat token (None when only bots sit)."""
        bot_name(req.game, req.level)  # refuse an unknown level before anything is stored
        options = dict(req.options)
        for key in ("deals", "target"):
            value = getattr(req, key)
            if value is not None:
                options[key] = value
        for key in ("seed", "deal", "dealer", "players", "variant", "redeal_void"):
            options.pop(key, None)  # creation arguments, not rule options: the server chooses them
        if req.game == "tarot":  # a deal everybody passed is dealt again, not counted: a 1-deal game is played
            options["redeal_void"] = True
        if req.seed is not None and is_secret_seed(req.seed):  # Live.seed_chosen tells chosen seeds by their size
            raise ValueError(f"a chosen seed must be below 2**64, not {req.seed}")
        seed = req.seed if req.seed is not None else new_seed()  # 128 secret bits: no seat can work the deal out
        state = new_game(req.game, players=req.players, variant=req.variant, seed=seed, **options)
        if req.seat is not None and req.seat >= state.players:
            raise ValueError(f"no seat {req.seat} at a table of {state.players} (seats are 0..{state.players - 1})")
        token = secrets.token_urlsafe(24) if req.seat is not None else None
        kinds, hashes = [], []
        for s in range(state.players):
            if s == req.seat:
                kinds.append("human")
                hashes.append(token_hash(token) if token else None)
            else:
                kinds.append("bot" if req.fill or req.seat is None else "empty")
                hashes.append(None)
        table_id = secrets.token_hex(5)  # lower-case hex: never read as a card code (``9D-…``) in a frame
        names = [req.name or "" if s == req.seat else "" for s in range(state.players)]
        live = Live(id=table_id, game=state.game_name, variant=state.variant, players=state.players, seed=seed,
                    options=options, level=req.level, source="played", kinds=kinds, hashes=hashes, state=state,
                    moves=[], history=0, names=names, host=req.seat)
        self._write_now(table_id, self.store.create_table, table_id, live.game, live.variant, live.players, seed,
                        options, req.level, list(zip(kinds, hashes, strict=True)), live.status, names, req.seat)
        self.tables[table_id] = live
        self.kick_bots(live)
        return live, token

    def join(self, live: Live, seat: int | None, name: str | None = None) -> tuple[int, str]:
        """Give a free seat to a person (under ``name``, already checked): its number and its new secret token."""
        free = [s for s, k in enumerate(live.kinds) if k == "empty"]
        if seat is None:
            if not free:
                raise PermissionError("no free seat at this table")
            seat = free[0]
        if not 0 <= seat < live.players:
            raise ValueError(f"no seat {seat} at a table of {live.players} (seats are 0..{live.players - 1})")
        if seat not in free:
            raise PermissionError(f"seat {seat} is taken")
        if name and fold(name) in {fold(n) for n in live.names if n}:
            raise NameTaken(f"another seat at this table is already called {name!r}: choose another name")
        token = secrets.token_urlsafe(24)
        live.kinds[seat], live.hashes[seat] = "human", token_hash(token)
        while len(live.names) < live.players:
            live.names.append("")
        live.names[seat] = name or ""
        live.said.clear()  # sentences name the seats: said again with the new name
        try:
            self._write_now(live.id, self.store.set_seat, live.id, seat, "human", live.hashes[seat], live.status,
                            live.names[seat], "empty")
        except (TableUnavailable, SeatTaken):
            live.kinds[seat], live.hashes[seat], live.names[seat] = "empty", None, ""  # the seat stays free
            raise
        self.broadcast(live)
        self.kick_bots(live)
        return seat, token

    # --- moves --------------------------------------------------------------------------------
    async def act(self, live: Live, seat: int, text: str, n: int | None = None) -> None:
        """A seat's action: checked by the engine, committed, then sent to everyone. Raises IllegalAction."""
        async with live.lock:
            was_away = seat in live.away
            await deadlines.back(self, live, seat)  # a person who moves takes the seat back from the bot
            try:
                await self._move(live, seat, text, n)
            except Exception:
                if was_away:
                    self.broadcast(live)  # refused, but back: every seat sees it
                raise
        self.kick_bots(live)

    async def back(self, live: Live, seat: int) -> None:
        """``seat``'s person takes the seat back from the bot that played for it (``{"type": "back"}``)."""
        async with live.lock:
            if seat not in live.away:
                raise IllegalAction("this seat is yours already: no bot plays for it", code="not_away")
            await deadlines.back(self, live, seat)
            self.broadcast(live)

    async def _move(self, live: Live, seat: int, text: str, n: int | None) -> None:
        if live.state.is_terminal():
            raise IllegalAction("the game is over", code="game_over")
        if live.ended is not None:
            raise IllegalAction("the deal is over: say 'continue' to go on to the next one", code="deal_end")
        if live.seating:
            raise IllegalAction("the cards are dealt once every seat is taken (or bots fill the empty seats)",
                                code="seating")
        if n is not None and n != len(live.moves):
            raise IllegalAction(f"stale action: the table is at move {len(live.moves)}, not {n}", code="stale",
                                params={"n": len(live.moves)})
        if live.state.current_player != seat:
            raise IllegalAction(f"it is seat {live.state.current_player}'s turn, not seat {seat}'s",
                                code="not_your_turn", params={"seat": live.state.current_player})
        state = live.state
        before = state.clone()  # the ended deal's last position is rebuilt from it if this move deals again
        state.apply(text)  # raises IllegalAction and leaves the state unchanged (the protocol's promise)
        canonical = str(parse_action(text))  # as the engine logged it
        status = "over" if state.is_terminal() else ("open" if "empty" in live.kinds else "playing")
        live.pending = True  # until the commit, no frame goes out (broadcast waits for it)
        try:
            await self._write(self.store.add_move, live.id, live.history, seat, canonical, status)
        except TableUnavailable as exc:  # the database is down: one warning line, the mover gets an error frame
            log.warning("table %s: move %r not stored (%s); the table goes back to its stored moves",
                        live.id, canonical, db_error(exc))
            self._roll_back(live)
            raise
        except Behind:  # another server process stored a move first: this one is refused, the table catches up
            live.pending = False
            self._roll_back(live)
            raise await self._stale(live) from None
        except Exception:
            log.exception("table %s: could not store move %r; the table goes back to its stored moves", live.id, canonical)
            self._roll_back(live)
            raise
        finally:
            live.pending = False
        live.history += 1
        live.moves.append((seat, canonical))
        self._deal_ended(live, before, canonical, set())
        if state.is_terminal():
            try:  # the moves are stored: the record can be rebuilt from them, so a failure here refuses nothing
                await self._write(self.store.finish, live.id, state.to_record(), [json_number(x) for x in state.returns()])
            except TableUnavailable as exc:
                log.warning("table %s: its final record was not stored (%s)", live.id, db_error(exc))
        self.broadcast(live)

    # --- the end of a deal (issue 18, point 3: atout.web.ending) ----------------------------------
    def _deal_ended(self, live: Live, before: GameState, text: str, said: set[int]) -> None:
        """After a move: keep the deal it ended as the table's state until every person has continued."""
        ending.deal_ended(self, live, before, text, said)

    def _arm(self, live: Live) -> None:
        """Continue for the people still waited for at the deal end's deadline (a timer on the event loop)."""
        ending.arm(self, live)

    async def go_on(self, live: Live, seat: int) -> None:
        """``seat`` says "continue" at a deal's end; once nobody is waited for, the next deal is shown and played."""
        await ending.go_on(self, live, seat)

    def _roll_back(self, live: Live) -> None:
        """A move applied but not stored: the state rebuilt from the moves in force, shown to whoever came meanwhile."""
        live.state = build_state(live.game, live.players, live.variant, live.seed, live.options, live.moves)
        live.pending = False
        live.book.forget()  # full frames: the state went back, not forward
        self.broadcast(live)  # to anyone who connected during the commit (the mover gets the error)

    async def undo(self, live: Live, seat: int) -> None:
        """Take back ``seat``'s last move (no other seat has moved since: :meth:`Live.undo_refusal`); recorded as an undo."""
        async with live.lock:
            refusal = live.undo_refusal(seat)
            if refusal == "undo_reveals":
                raise IllegalAction("undo refused: a card has been shown to you since that move", code=refusal)
            if refusal == "undo_spoken":
                raise IllegalAction("undo refused: another seat has moved since that move", code=refusal)
            if refusal is not None:
                raise IllegalAction("undo is only for a person alone with bots, after a move of theirs, before the end",
                                    code="undo_forbidden")
            back_to = max(i for i, (s, _) in enumerate(live.moves) if s == seat)
            state = build_state(live.game, live.players, live.variant, live.seed, live.options, live.moves[:back_to])
            await self._record(live, "undo (nothing taken back)", self.store.add_undo, live.id, live.history, seat, back_to)
            live.history += 1
            del live.moves[back_to:]
            live.state = state
            live.said.clear()
            live.known_after.clear()
            live.deal_before.clear()
            live.book.forget()  # the table went back: full frames, never a delta to apply over a later position
            self.broadcast(live)

    def fill_bots(self, live: Live, seat: int | None = None) -> None:
        """Bots take every empty seat, when the table's creator asks (``seat``; any seated person at a table
        stored before its creator was: migration 0003). A guest may not: a stranger from the lobby would lock
        the friends out (attack 3)."""
        if seat is not None and live.host is not None and seat != live.host:
            raise IllegalAction("only the table's creator may have bots take the empty seats", code="not_host")
        for s, k in enumerate(live.kinds):
            if k == "empty":
                live.kinds[s] = "bot"
                try:
                    self._write_now(live.id, self.store.set_seat, live.id, s, "bot", None, live.status, "", "empty")
                except SeatTaken:  # a person took it in another server process: theirs (heard by _follow)
                    live.kinds[s] = "empty"
                except TableUnavailable:
                    live.kinds[s] = "empty"  # as stored; the seats filled before it are stored too
                    self.broadcast(live)
                    raise
        self.broadcast(live)
        self.kick_bots(live)

    # --- bots ---------------------------------------------------------------------------------
    def kick_bots(self, live: Live) -> None:
        """Start the table's bot loop if a bot is to play and none is running (a bots-only table: if watched).

        At a deal's end nobody plays: the deadline's timer is armed instead.
        """
        if live.ended is not None and not live.ended.final:
            self._arm(live)
            return
        if live.seating:
            return  # friends still to come: nobody plays yet
        seat = live.state.current_player
        if seat is None or not live.bot_plays(seat) or botloop.paused(live):
            return
        if live.bot_task is None or live.bot_task.done():
            with contextlib.suppress(RuntimeError):  # no running loop (a synchronous caller): started later
                live.bot_task = asyncio.get_running_loop().create_task(botloop.drive(self, live))

    def pool_broken(self, name: str) -> None:
        """A worker of bot ``name``'s process pool was killed: a new pool next time."""
        if name in CHEAP_BOTS:
            if self._quick is None:
                quick_pool(broken=quick_pool())
        else:
            self._thinkers = None

    # --- connections --------------------------------------------------------------------------
    def attach(self, live: Live, conn: Conn) -> None:
        """A new connection: it gets the table's frame with the next broadcast (due at once), bots resume."""
        live.conns.append(conn)
        live.touched = time.monotonic()
        self._presence(live)
        self.kick_bots(live)

    def detach(self, live: Live, conn: Conn) -> None:
        """A connection closed: the others hear it; a finished table nobody watches goes to the LRU cache."""
        if conn in live.conns:
            live.conns.remove(conn)
            live.touched = time.monotonic()
            self._presence(live)
        if not live.conns and self.cluster is not None and live.id in self.cluster.held:
            self._spawn(self.cluster.release(live.id))  # its bots are driven where its sockets are
        if not live.conns and live.state.is_terminal() and not live.pending and self.tables.get(live.id) is live:
            # A finished game nobody watches: kept in the LRU cache, then reloaded from the database if asked for.
            self.finished[live.id] = self.tables.pop(live.id)
            while len(self.finished) > FINISHED_CACHE:
                self.finished.popitem(last=False)

    def _presence(self, live: Live) -> None:
        """Broadcast who is here within ``PRESENCE_DELAY``: a burst of arrivals shares one broadcast."""
        if live.presence is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a synchronous caller (tests): at once
            self.broadcast(live)
            return
        live.presence = loop.call_later(PRESENCE_DELAY, self.broadcast, live)

    def broadcast(self, live: Live) -> None:
        """Queue to every connection what changed: built and encoded once per seat and language, the text shared.

        A connection that asked for deltas and holds the previous frame gets the delta (atout.web.deltas),
        nothing if its frame is unchanged; any other gets the whole frame. Spectators of one language thus
        all get the very same text. Not while a move is being committed: the mover broadcasts once it is stored.
        """
        if live.pending:
            return
        if live.presence is not None:
            live.presence.cancel()  # this broadcast says who is here too
            live.presence = None
        live.touched = time.monotonic()
        live.version += 1  # a new state of the table: its frames are built again
        deadlines.arm(self, live)  # a new turn starts its clock (atout.web.deadlines)
        fanout.send_all(live, self.move_timeout)

    def resync(self, live: Live, conn: Conn) -> None:
        """A client asks for a full frame again: it gets one, at most one per ``RESYNC_EVERY`` (atout.web.fanout)."""
        fanout.resync(live, conn, self.move_timeout)

    def unload_idle(self, idle: float = IDLE_UNLOAD) -> list[str]:
        """Drop from memory the tables nobody uses, untouched for ``idle`` seconds (atout.web.loading.unload_idle)."""
        return loading.unload_idle(self.tables, idle)

    def expire(self, idle: float) -> list[str]:
        """Abandoned tables expire: not finished, nobody connected, no move nor seat taken for ``idle`` seconds.

        Their rows say ``expired`` (the moves stay stored) and they leave memory; the lobby lists them no more.
        """
        return loading.expire(self.store, self.tables, idle)

    async def close(self) -> None:
        """Stop every bot loop, the bots' processes and the database worker (server shutdown)."""
        self.closing = True
        if self.cluster is not None:
            await self.cluster.close()
        for live in self.tables.values():
            if live.presence is not None:
                live.presence.cancel()
            for handle in (live.end_timer, live.move_timer):
                if handle is not None:
                    handle.cancel()
            if live.bot_task is not None:
                live.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await live.bot_task
        if self._thinkers is not None:
            self._thinkers.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)
