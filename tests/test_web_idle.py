"""Tables nobody uses leave a server process's memory and come back from the database when asked for (issue 21)."""

from __future__ import annotations

import asyncio

from atout.web.hub import Conn, Hub
from atout.web.messages import CreateTable
from atout.web.store import Store


def test_an_idle_table_is_dropped_then_rebuilt_as_it_was() -> None:
    async def scenario() -> None:
        hub = Hub(Store("sqlite://"), bot_delay=0, move_timeout=0)
        live, _ = hub.create(CreateTable(game="triomphe", players=2, seat=0, fill=False, seed=9))
        hub.join(live, 1)  # two people: no bot to drive
        first = str(live.state.legal_actions()[0])
        await hub.act(live, live.state.current_player or 0, first, 0)
        watched, _ = hub.create(CreateTable(game="triomphe", players=2, seat=0, fill=False, seed=10))
        hub.attach(watched, Conn(seat=None, lang="fr"))
        await asyncio.sleep(0.3)  # the arrival's presence broadcast (PRESENCE_DELAY) is sent
        assert hub.unload_idle(idle=600.0) == []  # both used just now
        assert hub.unload_idle(idle=0.0) == [live.id]  # the watched one stays, the other leaves memory
        assert live.id not in hub.tables and watched.id in hub.tables
        back = await hub.load(live.id)
        assert back is not None and back is not live  # rebuilt from the database
        assert back.moves == [(live.moves[0][0], first)] and back.kinds == ["human", "human"]
        assert back.state.observation(0).to_json() == live.state.observation(0).to_json()
        assert hub.tables[live.id] is back
        await hub.close()

    asyncio.run(scenario())


def test_a_table_whose_bots_are_moving_is_kept() -> None:
    async def scenario() -> None:
        hub = Hub(Store("sqlite://"), bot_delay=5.0)  # the bots' loop waits: under way
        live, _ = hub.create(CreateTable(game="triomphe", players=2, seat=None, seed=4))  # bots only
        hub.attach(live, Conn(seat=None, lang="fr"))
        hub.detach(live, hub.tables[live.id].conns[0])  # nobody watches; the bot's move is still due
        assert live.bot_task is not None and not live.bot_task.done()
        assert hub.unload_idle(idle=0.0) == []
        live.bot_task.cancel()
        await asyncio.sleep(0)
        if live.presence is not None:
            live.presence.cancel()
        assert hub.unload_idle(idle=0.0) == [live.id]
        await hub.close()

    asyncio.run(scenario())
