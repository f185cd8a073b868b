"""A table in memory (:class:`Live`), a connection (:class:`Conn`), and what the hub's helpers may ask of it
(:class:`Tables`): apart from atout.web.hub so that its helpers (deadlines, cluster) need not import the hub.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol

from atout.core.errors import IllegalAction
from atout.core.protocol import GameState, game_info, new_game
from atout.core.rng import is_secret_seed
from atout.web.deal_end import DealEnd
from atout.web.deltas import FrameBook, encode
from atout.web.store import Store
from atout.web.views import variant_texts

OUTBOX = 256  # frames queued for one connection before it is dropped as too slow
RESYNC_EVERY = 5.0  # seconds: a socket whose last frame is current gets at most one full frame per resync this often
DB_RETRY = 5.0  # seconds a bot waits before trying again a move the database could not store


class TableUnavailable(IllegalAction):
    """The database could not store a move or an undo: refused, the table as it was (code ``db_unavailable``)."""

    def __init__(self, message: str = "the database is unavailable: nothing was recorded; try again in a moment") -> None:
        super().__init__(message, code="db_unavailable")


class NameTaken(ValueError):
    """A nickname already worn at the table (compared folded: atout.web.messages.fold): 422 ``name_taken``."""


def db_error(exc: BaseException) -> str:
    """The database's own error behind ``exc``, in one line, for a log warning (its first line, cut)."""
    cause = exc.__cause__ if isinstance(exc, TableUnavailable) and exc.__cause__ else exc
    cause = getattr(cause, "orig", None) or cause  # SQLAlchemy's wrapper -> the driver's own error
    lines = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {lines[0][:200] if lines else ''}"


def faces_pack(game: str, options: dict[str, Any]) -> str | None:
    """The pack whose faces (atout.faces) the page draws for a game: the Italian one if the table asked for it."""
    try:
        from atout.core.packs import packs_used_by
    except ImportError:
        return None
    packs = [p.name for p in packs_used_by(game)]
    if not packs:
        return None
    italian = [p for p in packs if "italian" in p]
    return italian[0] if options.get("italian") and italian else next((p for p in packs if "italian" not in p), packs[0])


def token_hash(token: str) -> str:
    """What the database keeps of a seat token (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Conn:
    """One WebSocket connection: the seat it speaks for (None: a spectator), its language, its outbox of texts."""

    seat: int | None
    lang: str
    deltas: bool = False  # asked for deltas in its hello (atout.web.deltas); else a full frame every time
    seq: int | None = None  # the number of the last frame queued for it (None: it needs a full one)
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    dropped: bool = False  # set when the server gives up on this client (too slow): its handler closes it
    ended: asyncio.Event = field(default_factory=asyncio.Event)  # set when the connection is to end, for any reason
    resync_at: float = 0.0  # monotonic time before which a resync of a current socket is answered late (RESYNC_EVERY)
    resync_due: asyncio.TimerHandle | None = None  # that late answer, once scheduled

    def send(self, message: dict[str, Any] | str) -> bool:
        """Queue a frame (a dict, or a text already encoded and shared); False when the client is too slow.

        A full outbox drops the connection: its handler closes it at once (close code 4408).
        """
        try:
            self.outbox.put_nowait(message if isinstance(message, str) else encode(message))
            return True
        except asyncio.QueueFull:
            self.drop()
            return False

    def drop(self) -> None:
        """Give up on a client that does not read its frames: its handler closes the socket."""
        self.dropped = True
        self.ended.set()


@dataclass(eq=False)
class Live:
    """A table in memory: creation arguments, seats, the moves in force and the state they lead to."""

    id: str
    game: str
    variant: str
    players: int
    seed: int
    options: dict[str, Any]
    level: str
    source: str
    kinds: list[str]
    hashes: list[str | None]
    state: GameState
    moves: list[tuple[int, str]]
    history: int  # rows in the table's history (moves and undos): the next row's index
    conns: list[Conn] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    pending: bool = False  # a move applied but not yet committed: no frame may show it
    said: dict[Any, Any] = field(default_factory=dict)  # narration cache (atout.web.views.narration); reset on undo
    known_after: dict[int, int] = field(default_factory=dict)  # move index -> its mover's known_cards just after it
    deal_before: dict[int, int] = field(default_factory=dict)  # move index -> the deal index just before it
    book: FrameBook = field(default_factory=FrameBook)  # (seat, lang) -> the last frame sent, its texts
    version: int = 0  # broadcasts so far (a frame built at the last one is the frame of the table now)
    presence: asyncio.TimerHandle | None = None  # a broadcast due for arrivals and departures
    names: list[str] = field(default_factory=list)  # each seat's nickname ("" : none chosen)
    ended: DealEnd | None = None  # a deal ended and not yet continued from (atout.web.deal_end)
    end_timer: asyncio.TimerHandle | None = None  # continues for the people still waited for, at the deadline
    host: int | None = None  # the creator's seat: the only one who may have bots fill the empty seats
    away: set[int] = field(default_factory=set)  # people's seats a bot plays for, past their move deadline
    turn_since: float = field(default_factory=time.time)  # when the current turn began (atout.web.deadlines)
    turn_key: tuple[int, tuple[str, ...]] | None = None  # what the current turn is (deadlines.turn_key)
    move_timer: asyncio.TimerHandle | None = None  # replaces the person whose turn it is at the deadline
    move_timer_key: tuple[int, tuple[str, ...]] | None = None  # the turn that timer is for
    marks: int = 0  # rows of the history that are away/back marks, not moves nor undos (atout.web.deadlines)
    forfeit: tuple[int, int] | None = None  # (seat, turn): a turn past its deadline, the bot's even if "back" comes
    touched: float = field(default_factory=time.monotonic)  # the last broadcast, arrival or departure (Hub.unload_idle)

    def idle_for(self, now: float) -> float | None:
        """Seconds nothing has happened at the table, or None while something is under way here: a socket, a bot
        moving, a move being stored, a timer due (a deal's end, a move deadline, a presence broadcast)."""
        if self.conns or self.pending or self.lock.locked() or (self.bot_task is not None and not self.bot_task.done()):
            return None
        if any(h is not None and not h.cancelled() for h in (self.end_timer, self.move_timer, self.presence)):
            return None
        return now - self.touched

    def bot_plays(self, seat: int) -> bool:
        """A bot moves for ``seat``: a bot's seat, a person's seat marked away, or a turn whose deadline has passed
        (a ``back`` then counts from the next turn: atout.web.deadlines)."""
        return self.kinds[seat] == "bot" or seat in self.away or self.forfeit == (seat, self.history - self.marks)

    @property
    def bots_only(self) -> bool:
        """Every seat is a bot's ("Watch bots"): such a table plays only while someone watches it."""
        return all(k == "bot" for k in self.kinds)

    def spectators(self) -> int:
        return sum(1 for c in self.conns if c.seat is None)

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, or None (constant-time comparison)."""
        h = token_hash(token)
        for seat, stored in enumerate(self.hashes):
            if stored is not None and secrets.compare_digest(stored, h):
                return seat
        return None

    @property
    def seed_chosen(self) -> bool:
        """True when the creator chose the deal's seed (and may know every hand): told to everyone who joins.

        Worked out from the seed alone, so it survives restarts: the server draws secret seeds of at least
        2**64 (atout.core.rng.new_seed), and :meth:`Hub.create` takes only a chosen seed below that.
        """
        return self.source == "played" and not is_secret_seed(self.seed)

    @property
    def seating(self) -> list[int]:
        """The seats still empty before the first move (a table for friends): nothing is shown, nobody plays
        until every seat is taken or bots are asked for (issue 18). Empty once the play has begun."""
        if self.source != "played" or self.moves:
            return []
        return [s for s, k in enumerate(self.kinds) if k == "empty"]

    @property
    def status(self) -> str:
        if self.state.is_terminal():
            return "over"
        return "open" if "empty" in self.kinds else "playing"

    def can_undo(self, seat: int | None) -> bool:
        """Undo is for a person alone with bots, who has moved, before the end, and has learnt nothing since."""
        return self.undo_refusal(seat) is None

    def undo_refusal(self, seat: int | None) -> str | None:
        """Why ``seat`` may not take back its last move now (an error code), or None when it may.

        ``undo_reveals``: a card became known to the seat after that move (the talon shown, a bot's card
        played, a new deal): going back would let it choose again knowing it.
        ``undo_spoken``: another seat has moved since (a bid, a pass, a bet, a concession, a discard): its
        choice tells something of its hand, and a deterministic bot would choose the same again, so going
        back would let the seat bid again knowing the answer. One rule for every game and phase.
        """
        if seat is None or self.kinds[seat] != "human" or self.state.is_terminal() or self.ended is not None:
            return "undo_forbidden"
        if any(k == "human" for s, k in enumerate(self.kinds) if s != seat):
            return "undo_forbidden"
        mine = [i for i, (s, _) in enumerate(self.moves) if s == seat]
        if not mine:
            return "undo_forbidden"
        if self._ended_deal(mine[-1]) or self.state.known_cards(seat) & ~self._known_after(mine[-1], seat):
            return "undo_reveals"  # a move that ended a deal (or had it dealt again) is never taken back
        if any(s != seat for s, _ in self.moves[mine[-1] + 1:]):
            return "undo_spoken"
        return None

    def _ended_deal(self, index: int) -> bool:
        """True when move ``index`` ended a deal (the next deal, or a new deal after all passed, is dealt since):
        the seat has seen a new hand, so taking the move back would let it choose knowing that hand (attack 1)."""
        if index not in self.deal_before:
            before = build_state(self.game, self.players, self.variant, self.seed, self.options, self.moves[:index])
            self.deal_before[index] = before.deal_index
        return self.deal_before[index] != self.state.deal_index

    def _known_after(self, index: int, seat: int) -> int:
        """``known_cards(seat)`` of the state rebuilt just after move ``index`` (cached until an undo)."""
        if index not in self.known_after:
            state = build_state(self.game, self.players, self.variant, self.seed, self.options, self.moves[:index + 1])
            self.known_after[index] = state.known_cards(seat)
        return self.known_after[index]

    def meta(self) -> dict[str, Any]:
        """Public facts about the table (no token, no card)."""
        online = {c.seat for c in self.conns}
        return {
            "id": self.id,
            "game": self.game,
            "title": game_info(self.game).title,
            "variant": self.variant,
            "variant_texts": variant_texts(self.game, self.variant),
            "players": self.players,
            "options": self.options,
            "level": self.level,
            "status": self.status,
            "source": self.source,
            "seed_chosen": self.seed_chosen,  # never the seed itself: it would show every hand
            "host": self.host,  # the creator's seat: the notice of a chosen seed is for the others
            "spectators": self.spectators(),
            "seats": [{"seat": s, "kind": k, "online": s in online, "name": self.names[s] if s < len(self.names) else "",
                       "away": s in self.away} for s, k in enumerate(self.kinds)],
            "faces": faces_pack(self.game, self.options),
        }


def build_state(live_game: str, players: int, variant: str, seed: int, options: dict[str, Any],
                moves: list[tuple[int, str]]) -> GameState:
    """A table's state: the game created from its arguments, every move in force replayed through ``apply``."""
    state = new_game(live_game, players=players, variant=variant, seed=seed, **options)
    for _, text in moves:
        state.apply(text)
    return state


class Leases(Protocol):
    """What the bots' loop asks of the several-process link (atout.web.cluster.Cluster): the lease of a table's bots."""

    async def lease(self, table_id: str) -> bool: ...


class Tables(Protocol):
    """What the hub's helpers (deadlines, cluster, ending, botloop) ask of it (:class:`atout.web.hub.Hub` has it)."""

    @property
    def cluster(self) -> Leases | None: ...

    def _spawn(self, coro: Any) -> None: ...

    _background: set[asyncio.Task[None]]
    closing: bool
    bot_delay: float
    continue_timeout: float

    @property
    def store(self) -> Store: ...

    @property
    def move_timeout(self) -> float: ...

    @property
    def _db(self) -> Executor: ...

    async def _write(self, fn: Callable[..., None], *args: Any) -> None: ...

    async def _record(self, live: Live, what: str, fn: Callable[..., None], *args: Any) -> None: ...

    async def _stale(self, live: Live) -> IllegalAction: ...

    async def _move(self, live: Live, seat: int, text: str, n: int | None) -> None: ...

    def executor_for(self, bot: str) -> Executor: ...

    def pool_broken(self, name: str) -> None: ...

    def _build(self, table_id: str) -> Live | None: ...

    def _deal_ended(self, live: Live, before: GameState, text: str, said: set[int]) -> None: ...

    def _arm(self, live: Live) -> None: ...

    def kick_bots(self, live: Live) -> None: ...

    def broadcast(self, live: Live) -> None: ...
