"""The hub's handling of a deal's end (issue 18, point 3): keep the ended deal shown, continue at the deadline.

The shown deal itself is :class:`atout.web.deal_end.DealEnd`; here is what the hub does with it, apart from
atout.web.hub to keep that module to a size one reads in one sitting.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from atout.core.errors import IllegalAction
from atout.web.deal_end import DealEnd, ended_view
from atout.web.live import DB_RETRY, TableUnavailable, db_error
from atout.web.store import Behind

if TYPE_CHECKING:
    from atout.core.protocol import GameState
    from atout.web.live import Live, Tables

log = logging.getLogger("atout.web")


def deal_ended(hub: Tables, live: Live, before: GameState, text: str, said: set[int]) -> None:
    """After a move: keep the deal it ended as the table's state until every person has continued.

    ``said``: the seats whose "continue" is stored already (a table rebuilt after a restart). The match's
    last deal is kept too (``final``: nothing to continue to), so its panel shows the same way.
    """
    state = live.state
    live.ended = None
    if state.is_terminal():
        live.ended = DealEnd(deal=state.deal_index, view=state, humans=set(), final=True)
        return
    k = before.deal_index
    if state.deal_index == k or state.log[k].result is None:
        return  # not the end of a scored deal (an ordinary move, or a deal annulled and dealt again)
    view = ended_view(before, text)
    if view is None:
        return
    humans = {s for s, kind in enumerate(live.kinds) if kind == "human" and s not in live.away}
    end = DealEnd(deal=k, view=view, humans=humans, continued=said & humans)
    if not end.waiting:
        return  # bots (and people who have all said so) go on at once
    # Others wait: a deadline. Alone with bots, the deal's end waits for the person (a slow reader missed a result).
    if len(humans) > 1:
        end.deadline = round(time.time() + hub.continue_timeout, 3)
    live.ended = end
    arm(hub, live)  # on the event loop now (a move); a table rebuilt on a thread is armed by kick_bots


def arm(hub: Tables, live: Live) -> None:
    """Continue for the people still waited for at the deal end's deadline (a timer on the event loop)."""
    end = live.ended
    if end is None or end.final or end.deadline is None or live.end_timer is not None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop (a synchronous caller): armed by the next kick_bots
        return

    def fire() -> None:
        live.end_timer = None
        hub._spawn(timeout(hub, live, end))

    live.end_timer = loop.call_later(max(0.0, end.deadline - time.time()), fire)


async def timeout(hub: Tables, live: Live, end: DealEnd) -> None:
    """The deadline has passed: the people still waited for are continued for (stored as 'timeout')."""
    async with live.lock:
        if live.ended is not end:
            return
        waiting = end.waiting
        try:
            await hub._write(hub.store.add_continue, live.id, live.history, waiting, "timeout")
        except Behind:  # another process continued (or moved) first: shown as it is
            await hub._stale(live)
            return
        except TableUnavailable as exc:
            log.warning("table %s: the timeout of a deal's end not stored (%s); tried again", live.id, db_error(exc))
            end.deadline = time.time() + DB_RETRY
            arm(hub, live)
            return
        live.history += len(waiting)
        end.continued |= set(waiting)
        live.ended = None
        hub.broadcast(live)
    hub.kick_bots(live)


async def go_on(hub: Tables, live: Live, seat: int) -> None:
    """``seat`` says "continue" at a deal's end; once nobody is waited for, the next deal is shown and played."""
    async with live.lock:
        end = live.ended
        if end is None or end.final or seat not in end.waiting:
            raise IllegalAction("there is no deal's end to continue from for this seat now", code="no_deal_end")
        await hub._record(live, "a continue", hub.store.add_continue, live.id, live.history, [seat], "continue")
        live.history += 1
        end.continued.add(seat)
        if not end.waiting:
            live.ended = None
            if live.end_timer is not None:
                live.end_timer.cancel()
                live.end_timer = None
        hub.broadcast(live)
    hub.kick_bots(live)
