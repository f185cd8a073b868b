"""A table's bots' loop: whose turn, the bots' pace, a decision in a worker process, the move stored and shown.

Apart from atout.web.hub (which starts it: ``Hub.kick_bots``) to keep that module to a size one reads in one
sitting; where bots think (the process pools) is atout.web.botpool.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from atout.core.errors import IllegalAction
from atout.web.botpool import bot_name, decide, move_seed
from atout.web.live import DB_RETRY, TableUnavailable

if TYPE_CHECKING:
    from atout.web.live import Live, Tables

log = logging.getLogger("atout.web")

LEASE_RETRY = 2.0  # seconds between asks for a table's bots' lease another server process holds (PostgreSQL)


def paused(live: Live) -> bool:
    """A table where only bots play (bots' seats, people's seats away) makes no move while nobody watches it
    (it resumes when someone connects)."""
    return not live.conns and all(live.bot_plays(s) for s in range(len(live.kinds)))


def _idle(live: Live) -> bool:
    """No bot is to move now: nobody's turn, a person's, a paused table, or a deal's end."""
    seat = live.state.current_player
    return seat is None or not live.bot_plays(seat) or paused(live) or live.ended is not None


async def drive(hub: Tables, live: Live) -> None:
    """Play the table's bots' moves, one after the other, while a bot is to move."""
    name = bot_name(live.game, live.level)
    while True:
        if _idle(live):
            return
        if hub.cluster is not None and not await hub.cluster.lease(live.id):
            await asyncio.sleep(LEASE_RETRY)  # another server process drives this table's bots (while it lives)
            continue
        await asyncio.sleep(hub.bot_delay)
        unstored = False
        async with live.lock:
            seat = live.state.current_player
            if seat is None or _idle(live):
                return
            seed = move_seed(live.seed, len(live.moves), seat)
            # A search bot thinks for up to a few seconds: in another process, so that neither the event
            # loop nor its GIL waits for it and other tables go on.
            obs = live.state.observation(seat)
            try:
                action = await decide(hub.executor_for(name), live.id, live.game, name, seed, obs)
            except Exception as exc:  # a bot bug (or a lost worker) must not stall the table: logged, a legal move
                if hub.closing:
                    return
                log.exception("table %s: bot %s at seat %s failed; it plays its first legal action", live.id, name, seat)
                if isinstance(exc, BrokenProcessPool):  # a worker killed: a new pool next time
                    hub.pool_broken(name)
                action = str(obs.legal_actions[0])
            try:
                await hub._move(live, seat, str(action), None)
            except TableUnavailable:  # logged by _move: the bot tries again, so the table heals by itself
                unstored = True
            except Exception as exc:  # a bot bug must not kill the table silently
                if isinstance(exc, IllegalAction) and exc.code == "stale":
                    continue  # another process moved first (caught up): look again at whose turn it is
                log.exception("table %s: bot at seat %s failed to play %s", live.id, seat, action)
                return
        if unstored:
            await asyncio.sleep(DB_RETRY)  # out of the lock: the table's people are not held up
