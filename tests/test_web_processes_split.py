"""A table's sockets split across two server processes on one PostgreSQL (issue 21): an undo asked on one process
while the table's other sockets and its bots are on the other, and a deal's end whose "continue"s (or whose
deadline) come from both processes. Two apps on one database stand for two processes (as in
tests/test_web_processes.py); ``ATOUT_TEST_PG_URL`` names the database, without it the tests skip (fail in CI).
"""

from __future__ import annotations

import contextlib
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from atout.web import create_app  # noqa: E402
from atout.web.store import Store  # noqa: E402
from pg_gate import require_pg  # noqa: E402

PG_URL = require_pg()

from fastapi.testclient import TestClient  # noqa: E402

pytestmark = pytest.mark.xdist_group("postgresql")  # one database for the run: its tests on one xdist worker

Frame = dict[str, Any]


def receive(ws: Any, timeout: float = 60) -> Frame:
    """The socket's next message, or the test fails after ``timeout`` seconds (the test client's own receive
    waits for ever: a frame that never comes would hang the run, not fail it)."""
    box: list[Any] = []

    def get() -> None:
        try:
            box.append(ws.receive_json())
        except BaseException as exc:  # handed to the test
            box.append(exc)

    reader = threading.Thread(target=get, daemon=True)
    reader.start()
    reader.join(timeout)
    if not box:
        raise AssertionError(f"no message within {timeout} s")
    if isinstance(box[0], BaseException):
        raise box[0]
    return box[0]  # type: ignore[no-any-return]


def frame_where(ws: Any, wanted: Callable[[Frame], bool], what: str, limit: int = 400) -> Frame:
    """Read a socket's frames until a state frame ``wanted`` accepts (an error frame fails the test)."""
    for _ in range(limit):
        msg = receive(ws)
        if msg["type"] == "error":
            raise AssertionError(f"waiting for {what}: {msg}")
        if msg["type"] == "state" and wanted(msg):
            return msg  # type: ignore[no-any-return]
    raise AssertionError(f"no frame with {what} in {limit} messages")


def at(n: int) -> Callable[[Frame], bool]:
    return lambda f: f["n"] == n


def held(client: TestClient) -> set[str]:
    return client.app.state.hub.cluster.held  # type: ignore[attr-defined,no-any-return]


def test_an_undo_asked_on_one_process_is_seen_by_the_sockets_and_bots_of_the_other() -> None:
    """Tarot, seed 5 (dealer 2: seat 3, a bot, speaks first, then the person at seat 0). The table is created
    and watched on B, whose process drives its bots (3 s before each bot move); the person plays on A: bids,
    and takes the bid back on A before the bot at seat 1 answers. B's spectator sees the bid, then the table back
    at one move; B's bot does not answer the bid taken back; the person bids again (Garde contre) and the bots go on,
    both processes showing the same moves; the history holds the undo, the moves in force lose nothing."""
    with (TestClient(create_app(PG_URL, bot_delay=3.0)) as a, TestClient(create_app(PG_URL, bot_delay=3.0)) as b):
        t = b.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "seed": 5, "name": "Zoé"}).json()
        with b.websocket_connect(f"/ws/{t['id']}") as spectator:
            spectator.send_json({"type": "hello", "lang": "en"})
            first = frame_where(spectator, at(1), "seat 3's bid")
            assert [m["seat"] for m in first["moves"]] == [3] and t["id"] in held(b)
            with a.websocket_connect(f"/ws/{t['id']}") as person:
                person.send_json({"type": "hello", "token": t["token"], "lang": "en"})
                mine = frame_where(person, lambda f: f["n"] == 1 and f["obs"]["current_player"] == 0, "my turn")
                slip = next(x for x in mine["obs"]["legal_actions"] if x.startswith("bid ") and x != "bid garde_contre")
                person.send_json({"type": "act", "action": slip, "n": 1})
                bid = frame_where(person, at(2), "my bid")
                assert bid["can_undo"]
                person.send_json({"type": "undo"})  # on A; the bots' lease and the spectator are on B
                back = frame_where(person, at(1), "the bid taken back")
                seen = frame_where(spectator, at(2), "the bid, on B")
                assert seen["moves"][-1] == {"seat": 0, "action": slip}
                again = frame_where(spectator, at(1), "the undo, on B")
                assert again["moves"] == back["moves"] == mine["moves"] == first["moves"]
                assert back["obs"]["current_player"] == 0 and sorted(back["obs"]["hand"]) == sorted(mine["obs"]["hand"])
                time.sleep(3.5)  # B's bot, woken by the bid, has had its 3 s: it must not have answered it
                assert len(Store(PG_URL).moves(t["id"])) == 1
                person.send_json({"type": "act", "action": "bid garde_contre", "n": 1})  # the bots can only pass
                after_a = frame_where(person, at(4), "the two bots' answers, on A")
                after_b = frame_where(spectator, at(4), "the two bots' answers, on B")
                assert after_a["moves"] == after_b["moves"]
                assert [m["seat"] for m in after_b["moves"]] == [3, 0, 1, 2]
                assert after_b["moves"][1:] == [{"seat": 0, "action": "bid garde_contre"}, {"seat": 1, "action": "pass"},
                                                {"seat": 2, "action": "pass"}]
                assert t["id"] in held(b) and t["id"] not in held(a)
    store = Store(PG_URL)
    kinds = [r.kind for r in store.history(t["id"])]
    assert kinds[:3] == ["move", "move", "undo"] and kinds.count("undo") == 1
    in_force = [(s, x) for s, x in store.moves(t["id"])]
    assert in_force[1:4] == [(0, "bid garde_contre"), (1, "pass"), (2, "pass")] and len(in_force) == len(kinds) - 2


def split_table(a: TestClient, b: TestClient) -> tuple[str, str, str]:
    """Triomphe for two people over three deals: seat 0 created on A, seat 1 joined on B; (id, tokens)."""
    t = a.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": 0, "seed": 21, "deals": 3,
                                    "fill": False}).json()
    j = b.post(f"/api/tables/{t['id']}/join", json={"seat": 1, "name": "Bea"}).json()
    return t["id"], t["token"], j["token"]


def to_deal_end(wa: Any, wb: Any) -> tuple[Frame, Frame]:
    """Both people play their first legal action, each on their own process, until the first deal ends; the
    deal end's frame on each side (both must show the same deal end)."""
    fa = frame_where(wa, lambda f: [s["kind"] for s in f["table"]["seats"]] == ["human", "human"], "B's join")
    fb = frame_where(wb, lambda f: True, "a first frame")
    while fa["deal_end"] is None:
        seat, n = fa["obs"]["current_player"], fa["n"]
        mover, frame = (wa, fa) if seat == 0 else (wb, fb)
        if frame["n"] != n:  # this side has not heard the other's move yet
            frame = frame_where(mover, at(n), f"move {n}")
        mover.send_json({"type": "act", "action": frame["obs"]["legal_actions"][0], "n": n})
        fa, fb = frame_where(wa, at(n + 1), f"move {n + 1} on A"), frame_where(wb, at(n + 1), f"move {n + 1} on B")
        assert fa["moves"] == fb["moves"]
    assert fb["deal_end"] is not None and fa["deal_end"]["deal"] == fb["deal_end"]["deal"] == 0
    assert fa["deal_end"]["waiting"] == fb["deal_end"]["waiting"] == [0, 1]
    return fa, fb


@contextlib.contextmanager
def split_sockets(continue_timeout: float) -> Iterator[tuple[str, Any, Any]]:
    """A table whose seat 0 plays on process A and seat 1 on process B, each socket said hello: (id, A's, B's)."""
    with (TestClient(create_app(PG_URL, bot_delay=0, continue_timeout=continue_timeout)) as a,
          TestClient(create_app(PG_URL, bot_delay=0, continue_timeout=continue_timeout)) as b):
        table_id, ta, tb = split_table(a, b)
        with a.websocket_connect(f"/ws/{table_id}") as wa, b.websocket_connect(f"/ws/{table_id}") as wb:
            wa.send_json({"type": "hello", "token": ta, "lang": "en"})
            wb.send_json({"type": "hello", "token": tb, "lang": "en"})
            yield table_id, wa, wb


def continues(table_id: str) -> list[tuple[str, str]]:
    return [(r.kind, r.action) for r in Store(PG_URL).history(table_id) if r.kind == "continue"]


def test_a_deal_end_goes_on_once_both_people_continue_from_two_processes() -> None:
    """Seat 0 on A says "continue": both processes show the deal end waiting for seat 1 only; seat 1 says it on
    B: both show the next deal (deal 1, five cards each), two "continue" rows stored, no timeout."""
    with split_sockets(60) as (table_id, wa, wb):
        end, _ = to_deal_end(wa, wb)
        wa.send_json({"type": "continue"})
        for ws in (wa, wb):
            frame_where(ws, lambda f: f["deal_end"] is not None and f["deal_end"]["waiting"] == [1], "seat 1 waited for")
        wb.send_json({"type": "continue"})
        na, nb = (frame_where(ws, lambda f: f["deal_end"] is None, "the next deal") for ws in (wa, wb))
        assert na["deal"] == nb["deal"] == 1 and na["n"] == nb["n"] == end["n"]
        assert len(na["obs"]["hand"]) == len(nb["obs"]["hand"]) == 5
        assert na["obs"]["current_player"] == nb["obs"]["current_player"]
    assert continues(table_id) == [("continue", "continue"), ("continue", "continue")]


def test_a_deal_ends_deadline_with_people_on_two_processes_continues_once() -> None:
    """Both processes hold the table and arm the deal end's deadline (1.5 s); seat 0 continues on A, seat 1 says
    nothing on B: at the deadline seat 1 is continued for exactly once (both timers fire; the second writer is
    refused as behind), and both processes show the next deal, where play goes on."""
    with split_sockets(1.5) as (table_id, wa, wb):
        end, _ = to_deal_end(wa, wb)
        wa.send_json({"type": "continue"})
        na, nb = (frame_where(ws, lambda f: f["deal_end"] is None, "the next deal") for ws in (wa, wb))
        assert na["deal"] == nb["deal"] == 1 and na["n"] == nb["n"] == end["n"]
        time.sleep(1.0)  # both timers have fired by now (the late one found the table moved on)
        seat = na["obs"]["current_player"]
        mover, frame = (wa, na) if seat == 0 else (wb, nb)
        mover.send_json({"type": "act", "action": frame["obs"]["legal_actions"][0], "n": frame["n"]})
        for ws in (wa, wb):
            frame_where(ws, at(end["n"] + 1), "the next deal's first move")
    assert continues(table_id) == [("continue", "continue"), ("continue", "timeout")]
    history = Store(PG_URL).history(table_id)
    assert [r.idx for r in history] == list(range(len(history)))
