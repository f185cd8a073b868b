"""The page on deltas (issue 21), in a real browser: it asks for them, rebuilds every frame the server holds,
and, its last frame lost, asks for a full one and plays on. Skipped without Chromium or Playwright (as test_web_e2e)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from test_web_e2e import Browser, Server, click_one_move, create_from_lobby, new_page, wait_turn_or_over

pytestmark = pytest.mark.xdist_group("deltas_e2e")


def same_as_server(page: Any, server: Server, table: str) -> None:
    """At the page's turn (the bots wait), the frame it rebuilt is the server's own frame of that number."""
    live = server.app.state.hub.tables[table]
    mine = page.evaluate("() => T.base")
    sent = next(s for (seat, _lang), s in live.book.last.items() if seat == 0)
    assert mine["seq"] == sent.seq
    assert json.dumps(mine, sort_keys=True) == json.dumps({**sent.frame, "seq": sent.seq}, sort_keys=True)


def test_the_page_rebuilds_frames_from_deltas_and_resyncs_after_a_gap(server: Server, browser: Browser,
                                                                         tmp_path: Path) -> None:
    page = new_page(browser)
    sent: list[dict[str, Any]] = []
    got: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    page.on("websocket", watch)
    table = create_from_lobby(page, server, "tarot", 4)
    for _ in range(4):
        assert wait_turn_or_over(page)
        click_one_move(page)
    assert wait_turn_or_over(page)
    assert sent[0]["type"] == "hello" and sent[0]["deltas"] is True
    kinds = [m["type"] for m in got]
    assert kinds.count("state") == 1 and kinds.count("delta") >= 4, kinds  # one full frame, then deltas only
    same_as_server(page, server, table)
    page.evaluate("() => { T.base.seq = -1; }")  # as if the last delta had been lost
    before = len(got)
    click_one_move(page)
    assert wait_turn_or_over(page)
    assert {"type": "resync"} in sent
    assert [m["type"] for m in got[before:]].count("state") == 1  # the full frame asked for
    for _ in range(3):  # and it plays on, on deltas again
        click_one_move(page)
        assert wait_turn_or_over(page)
    assert got[-1]["type"] == "delta"
    same_as_server(page, server, table)
    assert not page.errors  # type: ignore[attr-defined]
