"""Issue 16, point 9: no undo after another seat has spoken; a database outage refuses the move, nothing more.

Undo: a person alone with bots bid, saw the bots' answers, took the bid back and bid again knowing them
(deterministic bots answer the same). Now an undo is refused once any other seat has moved since the
move taken back (``undo_spoken``), in every game and phase.

Outage: a failed commit closed the socket with a traceback and no error frame. Now the mover gets an
error frame ``db_unavailable``, the table is as it was, the log has one warning line, the socket stays
open, and the table plays on once the database answers.
"""

from __future__ import annotations

import asyncio
import logging
import random
import warnings
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

warnings.filterwarnings("ignore", message=".*httpx2.*")

import atout  # noqa: E402
from atout.core.errors import IllegalAction  # noqa: E402
from atout.web import create_app  # noqa: E402
from atout.web.hub import Conn, Hub, Live  # noqa: E402
from atout.web.messages import CreateTable  # noqa: E402
from atout.web.store import Store  # noqa: E402

pytest.importorskip("fastapi.testclient")
from fastapi.testclient import TestClient  # noqa: E402

from test_web import _alone_with_bots, _move  # noqa: E402  (one helper for both files)

GAMES = [g.name for g in atout.list_games()]


def test_tarot_undo_is_refused_once_a_bot_has_bid_after_the_person() -> None:
    hub, live = _alone_with_bots("tarot", 5, 4)  # dealer 2: seat 3 speaks first, then the person at seat 0
    _move(live, "pass")  # seat 3, a bot, before the person: no obstacle
    _move(live, "bid garde")
    assert live.undo_refusal(0) is None  # nobody has answered yet: a slip of the finger may be taken back
    asyncio.run(hub.undo(live, 0))
    assert live.moves == [(3, "pass")] and [r.kind for r in hub.store.history(live.id)] == ["undo"]
    _move(live, "bid garde")
    _move(live, "pass")  # seat 1 answers: no card shown, but its answer is known now
    assert live.undo_refusal(0) == "undo_spoken" and not live.can_undo(0)
    with pytest.raises(IllegalAction) as info:
        asyncio.run(hub.undo(live, 0))
    assert info.value.code == "undo_spoken"
    assert live.moves == [(3, "pass"), (0, "bid garde"), (1, "pass")] and live.state.current_player == 2
    assert "parlé" in atout.present.say_error(info.value, "fr", "tarot")
    assert "spoken" in atout.present.say_error(info.value, "en", "tarot")


def test_undo_over_the_websocket_is_refused_after_the_bots_answer() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "seed": 5}).json()
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en"})
            f = _next_state(ws)
            while not (f["obs"]["current_player"] == 0 and f["obs"]["legal_actions"]):
                f = _next_state(ws)
            ws.send_json({"type": "act", "action": "bid garde_contre", "n": f["n"]})  # no talon shown after it
            while f["obs"]["current_player"] != 0 or f["obs"]["phase"] == "bidding":
                f = _next_state(ws)
            assert not f["can_undo"]
            ws.send_json({"type": "undo"})
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "undo_spoken" and "spoken" in err["message"]
        assert len(live.moves) == f["n"]


@pytest.mark.parametrize("game", GAMES)
def test_one_rule_for_every_game_no_undo_once_another_seat_has_moved(game: str) -> None:
    """Tarot's bids, Triomphe's concession, Prime's bets, Mistigri's choices…: any other seat's move closes undo.

    Random legal play; after every move: if another seat has moved since the person's last move, undo is
    refused (``undo_reveals`` when a card was shown too, else ``undo_spoken``); and it is refused with
    ``undo_spoken`` at least once in an auction phase, before any card is known.
    """
    spoken = 0
    for seed in range(3):
        _, live = _alone_with_bots(game, seed)
        pick = random.Random(seed)
        for _ in range(40):
            _move(live, str(pick.choice(live.state.legal_actions())))
            if live.state.is_terminal():
                break
            mine = [i for i, (s, _) in enumerate(live.moves) if s == 0]
            if not mine:
                continue
            answered = any(s != 0 for s, _ in live.moves[mine[-1] + 1:])
            refusal = live.undo_refusal(0)
            if answered:
                assert refusal in ("undo_reveals", "undo_spoken"), (game, seed, live.moves)
                spoken += refusal == "undo_spoken"
            else:
                assert refusal in (None, "undo_reveals"), (game, seed, live.moves)
    assert spoken, f"{game}: no answer by another seat ever closed undo"


# --- database outage -------------------------------------------------------------------------------

def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg
        assert msg["type"] != "error", msg


def _outage(*_args: Any, **_kwargs: Any) -> None:
    raise OperationalError("INSERT INTO web_actions …", {}, Exception("database is locked"))


def test_a_failed_commit_refuses_the_move_with_an_error_frame_and_the_table_plays_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # Bots at the other seats, so slow that none moves during the test: the person is alone with bots (undo
    # allowed) and nobody else moves (a table for friends is dealt only once every seat is taken, issue 18).
    with TestClient(create_app("sqlite://", bot_delay=10)) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 3, "seed": 5}).json()
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        before = live.state.to_record()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            f = _next_state(ws)
            assert f["obs"]["current_player"] == 3  # seed 5: dealer 2, seat 3 speaks first; nobody else moves
            real = store.add_move
            monkeypatch.setattr(store, "add_move", _outage)
            caplog.clear()
            with caplog.at_level(logging.WARNING, logger="atout.web"):
                ws.send_json({"type": "act", "action": "bid garde", "n": 0})
                msgs = [ws.receive_json()]
                while msgs[-1]["type"] != "error":
                    msgs.append(ws.receive_json())
            err = msgs[-1]
            assert err["code"] == "db_unavailable" and "base de données" in err["message"]
            assert all(m["n"] == 0 for m in msgs if m["type"] == "state")  # no frame shows the move
            assert live.moves == [] and live.state.to_record() == before and store.moves(t["id"]) == []
            assert [r.levelno for r in caplog.records] == [logging.WARNING] and not caplog.records[0].exc_info
            assert "database is locked" in caplog.records[0].getMessage()
            ws.send_json({"type": "ping"})  # the socket is still open
            while (m := ws.receive_json())["type"] == "state":
                pass
            assert m["type"] == "pong"
            # An undo the database cannot store is refused the same way.
            monkeypatch.setattr(store, "add_move", real)
            ws.send_json({"type": "act", "action": "bid garde", "n": 0})
            f = _next_state(ws)
            assert f["n"] == 1 and store.moves(t["id"]) == [(3, "bid garde")]
            monkeypatch.setattr(store, "add_undo", _outage)
            ws.send_json({"type": "undo"})
            assert ws.receive_json()["code"] == "db_unavailable"
            assert live.moves == [(3, "bid garde")] and store.moves(t["id"]) == [(3, "bid garde")]


def test_bots_try_again_once_the_database_answers(monkeypatch: pytest.MonkeyPatch,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    """A bot whose move was not stored waits and plays again; the table does not stop for good."""
    monkeypatch.setattr("atout.web.botloop.DB_RETRY", 0.01)  # the bots' loop (atout.web.botloop)

    async def scenario() -> tuple[Live, list[tuple[int, str]], int]:
        hub = Hub(Store("sqlite://"), bot_delay=0)
        real, failures = hub.store.add_move, [0]

        def flaky(*args: Any, **kwargs: Any) -> None:
            if failures[0] < 3:
                failures[0] += 1
                _outage()
            real(*args, **kwargs)

        monkeypatch.setattr(hub.store, "add_move", flaky)
        live, _ = hub.create(CreateTable(game="triomphe", players=2, seat=None, seed=4))  # bots only
        hub.attach(live, Conn(seat=None, lang="fr"))  # watched: a bots-only table nobody watches pauses
        for _ in range(500):
            if len(live.moves) >= 4:
                break
            await asyncio.sleep(0.01)
        await hub.close()
        return live, hub.store.moves(live.id), failures[0]

    with caplog.at_level(logging.WARNING, logger="atout.web"):
        live, stored, failures = asyncio.run(scenario())
    assert failures == 3 and len(live.moves) >= 4 and stored[:4] == live.moves[:4]
    assert not any(r.exc_info for r in caplog.records)  # warnings, no traceback


def test_creating_or_joining_a_table_during_an_outage_answers_503_and_changes_nothing(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "fill": False, "seed": 5}).json()
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        for name in ("create_table", "set_seat"):
            monkeypatch.setattr(store, name, _outage)
        with caplog.at_level(logging.WARNING, logger="atout.web"):
            made = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "seed": 6})
            joined = client.post(f"/api/tables/{t['id']}/join", json={"seat": 1})
        for r in (made, joined):
            assert r.status_code == 503 and r.json()["error"] == "db_unavailable"
        assert live.kinds == ["human", "empty", "empty", "empty"] and store.count() == 1
        assert not any(r.exc_info for r in caplog.records)
        with client.websocket_connect(f"/ws/{t['id']}") as ws:  # bots asked for: refused the same way
            ws.send_json({"type": "hello", "token": t["token"]})
            _next_state(ws)
            ws.send_json({"type": "fill_bots"})
            while (m := ws.receive_json())["type"] == "state":
                pass
            assert m["code"] == "db_unavailable"
        assert live.kinds == ["human", "empty", "empty", "empty"]
        monkeypatch.undo()
        assert client.post(f"/api/tables/{t['id']}/join", json={"seat": 1}).status_code == 200
