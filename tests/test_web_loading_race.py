"""A table rebuilt while another server process stores a move (issue 21, several processes): the rebuild reads the
history once, so the moves it replays and the rows it counts agree, and the catch-up applies each row once.

Found by ``tests/test_web_processes.py``'s two-worker game stalling now and then: a move stored between the
rebuild's two reads was replayed but not counted, the catch-up applied it again (a Tarot pass played twice, for
the next seat too), and the two processes then disagreed on whose turn it was.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from atout.web import create_app, loading


def test_a_move_stored_during_a_rebuild_is_counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app("sqlite://", bot_delay=30)) as client:  # the bots wait: nothing moves but us
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "seed": 4545}).json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        store = hub.store
        live = hub.tables[t["id"]]
        seat = live.state.current_player
        action = str(live.state.legal_actions()[0])
        read = store.history
        calls: list[int] = []

        def history_then_another_process_writes(table_id: str) -> Any:
            rows = read(table_id)
            if not calls:  # just after the rebuild's read: another process stores the table's first move
                store.add_move(table_id, len(rows), seat, action)
            calls.append(len(rows))
            return rows

        monkeypatch.setattr(store, "history", history_then_another_process_writes)
        rebuilt = loading.build(hub, t["id"])
        assert rebuilt is not None
        assert rebuilt.history == len(rebuilt.moves) == 0  # that move is left to the catch-up, not half-taken
        assert calls == [0]  # one read, before the other process's move
        assert rebuilt.state.current_player == seat  # still the first bidder's turn
        assert [(r.seat, r.action) for r in read(t["id"])] == [(seat, action)]  # stored once, to be caught up
