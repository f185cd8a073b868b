"""The move deadline at friends' tables (issue 18; atout.web.deadlines): a seated person who never moves no
longer stalls the table. Short timeouts here (3 s); each wait is bounded."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from atout.web import create_app
from atout.web.deal_end import DealEnd

pytest.importorskip("fastapi.testclient")
from fastapi.testclient import TestClient

TIMEOUT = 3.0  # seconds a person has to move in these tests (a loaded machine answers in well under that)
ME, FRIEND = 1, 0  # La Triomphe at two, seed 0: seat 0 speaks first (the concession): the friend, who is silent


def states(ws: Any) -> Any:
    while True:
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] == "state":
            yield msg


def friends_table(client: TestClient) -> tuple[dict[str, Any], str]:
    """La Triomphe at two (seed 0), two people: the creator at seat ``ME`` and a friend at seat ``FRIEND``, who
    speaks first. Returns the table and the friend's token."""
    t = client.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": ME, "fill": False, "seed": 0}).json()
    friend = client.post(f"/api/tables/{t['id']}/join", json={"seat": FRIEND, "name": "Léa"}).json()
    return t, friend["token"]


def play_me_until(ws: Any, done: Any) -> dict[str, Any]:
    """Seat ``ME`` plays its first legal action at once whenever it is its turn, until ``done(frame)``; that frame."""
    acted = -1
    deadline = time.monotonic() + 30
    for f in states(ws):
        assert time.monotonic() < deadline, "the table did not get there in 30 s"
        if done(f):
            return f
        obs = f["obs"]
        if obs["current_player"] == ME and obs["legal_actions"] and f["n"] != acted:
            acted = f["n"]
            ws.send_json({"type": "act", "action": obs["legal_actions"][0], "n": f["n"]})
    raise AssertionError("unreachable")


def away(f: dict[str, Any], seat: int) -> bool:
    return bool(f["table"]["seats"][seat]["away"])


def test_a_silent_person_is_replaced_by_the_bot_and_plays_again_after_coming_back(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'deadline.db'}"
    with TestClient(create_app(db, bot_delay=0, move_timeout=TIMEOUT)) as client:
        t, token = friends_table(client)
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        store = client.app.state.store  # type: ignore[attr-defined]
        assert live.state.current_player == FRIEND  # the friend's turn: the friend never connects
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
            ws.receive_json()
            first = next(states(ws))
            assert first["n"] == 0 and not away(first, FRIEND)
            assert abs(first["turn_deadline"] - (live.turn_since + TIMEOUT)) < 0.01
            assert first["turn_deadline"] > time.time()  # not passed yet: nothing played for the friend
            # the friend is replaced at the deadline: marked away, then the bot moves (stored as the friend's move)
            f = play_me_until(ws, lambda f: away(f, FRIEND) and any(s == FRIEND for s, _ in live.moves))
            assert time.time() >= first["turn_deadline"]
            history = store.history(t["id"])
            kinds = [(h.kind, h.seat) for h in history]
            assert kinds[0] == ("away", FRIEND) and ("move", FRIEND) in kinds[1:]
            assert store.moves(t["id"]) == live.moves  # every move stored, the mark is no move
            assert f["turn_deadline"] is None or f["obs"]["current_player"] == ME  # no clock runs for a bot
            if live.state.is_terminal():
                pytest.skip("the deal ended before the friend came back (seed 0 should not)")
            # the friend comes back (any time: here while it is my move, or the bot's)
            with client.websocket_connect(f"/ws/{t['id']}") as ws1:
                ws1.send_json({"type": "hello", "token": token, "lang": "fr"})
                ws1.receive_json()
                ws1.send_json({"type": "back"})
                for g in states(ws1):
                    if not away(g, FRIEND):
                        break
                assert [(h.kind, h.seat) for h in store.history(t["id"])][-1] == ("back", FRIEND)
                moved = len([m for m in live.moves if m[0] == FRIEND])
                # from now on the friend plays his own moves: the friend and I each move at once on our turn
                acted = -1
                deadline = time.monotonic() + 30
                while not live.state.is_terminal() and len([m for m in live.moves if m[0] == FRIEND]) == moved:
                    assert time.monotonic() < deadline
                    g = ws1.receive_json()
                    if g["type"] != "state":
                        continue
                    if g["obs"]["current_player"] == FRIEND and g["obs"]["legal_actions"] and g["n"] != acted:
                        acted = g["n"]
                        assert g["turn_deadline"] is not None and g["turn_deadline"] > time.time() - 1
                        ws1.send_json({"type": "act", "action": g["obs"]["legal_actions"][0], "n": g["n"]})
                    elif g["obs"]["current_player"] == ME and g["n"] != acted:
                        acted = g["n"]
                        ws.send_json({"type": "act", "action": str(live.state.legal_actions()[0]), "n": g["n"]})
                kinds = [(h.kind, h.seat) for h in store.history(t["id"])]
                assert kinds.count(("away", FRIEND)) == 1, kinds  # the friend's own move: not replaced again
                assert len([m for m in live.moves if m[0] == FRIEND]) == moved + 1
    # after a restart (same database), the marks and the moves are as stored
    with TestClient(create_app(db, bot_delay=0, move_timeout=TIMEOUT)) as client:
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "lang": "fr"})
            ws.receive_json()
            again = next(states(ws))
            assert not away(again, FRIEND) and again["n"] == len(store.moves(t["id"]))


def test_saying_back_after_the_deadline_does_not_restart_the_clock(tmp_path: Path) -> None:
    """The attack that stalled a table: each time the silent friend is marked away, the friend says ``back`` before
    the bot's move (the bots' pace, here 1.5 s). A turn past its deadline is the bot's whatever comes: the bot still
    makes that move, and ``back`` counts from the friend's next turn (no new clock for the same turn)."""
    db = f"sqlite:///{tmp_path / 'stall.db'}"
    with TestClient(create_app(db, bot_delay=1.5, move_timeout=TIMEOUT)) as client:
        t, token = friends_table(client)
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        store = client.app.state.store  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": token, "lang": "fr"})
            ws.receive_json()
            first = next(states(ws))
            assert first["obs"]["current_player"] == FRIEND and first["n"] == 0
            due = first["turn_deadline"]
            backs = 0
            limit = time.monotonic() + TIMEOUT + 20
            for f in states(ws):
                assert time.monotonic() < limit, "the friend's turn was never played: the table is stalled"
                if any(s == FRIEND for s, _ in live.moves):
                    break
                if away(f, FRIEND):  # at once, before the bot moves
                    ws.send_json({"type": "back"})
                    backs += 1
                elif f["turn_deadline"] is not None:
                    assert f["turn_deadline"] == due  # the same turn keeps its deadline: back gives no new time
        assert backs >= 1
        kinds = [(h.kind, h.seat) for h in store.history(t["id"])]
        assert kinds[:3] == [("away", FRIEND), ("back", FRIEND), ("move", FRIEND)], kinds  # the bot moved anyway
        assert store.moves(t["id"]) == live.moves


def test_away_and_the_turns_clock_survive_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    with TestClient(create_app(db, bot_delay=0, move_timeout=60)) as client:
        t, token = friends_table(client)
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en"})
            ws.receive_json()
            due = next(states(ws))["turn_deadline"]
            assert due is not None and abs(due - (time.time() + 60)) < 5
    time.sleep(1.5)  # the server is down a while: a clock started again at the restart would end later
    with TestClient(create_app(db, bot_delay=0, move_timeout=60)) as client:  # a restart: the clock goes on
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en"})
            ws.receive_json()
            again = next(states(ws))["turn_deadline"]
            # from the stored time of the last change (the friend's seat taken, stored just before the first
            # frame was built): the same deadline within a few ms, not one started again at the restart
            assert abs(again - due) < 0.5 and again < time.time() + 60 - 1
        store = client.app.state.store  # type: ignore[attr-defined]
        store.add_mark(t["id"], len(store.history(t["id"])), FRIEND, "away")  # as if it had passed before the restart
    with TestClient(create_app(db, bot_delay=0, move_timeout=60)) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        live = client.app.state.hub.get(t["id"])  # type: ignore[attr-defined]
        assert live.away == {FRIEND} and live.bot_plays(FRIEND) and not live.bot_plays(ME)
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en"})
            ws.receive_json()
            f = next(f for f in states(ws) if f["n"] >= 1)  # the bot moved for the friend after the restart
            assert away(f, FRIEND) and live.moves[0][0] == FRIEND and live.state.current_player == ME
            with client.websocket_connect(f"/ws/{t['id']}") as ws1:  # the friend acts out of turn: refused, but back
                ws1.send_json({"type": "hello", "token": token, "lang": "en"})
                ws1.receive_json()
                ws1.send_json({"type": "act", "action": "no_concession"})
                msg = ws1.receive_json()
                while msg["type"] != "error":
                    msg = ws1.receive_json()
                assert msg["code"] == "not_your_turn"
                assert next(f for f in states(ws) if not away(f, FRIEND))["n"] == 1  # everyone sees him back
            assert live.away == set() and [h.kind for h in store.history(t["id"])][-1] == "back"


def test_no_deadline_alone_with_bots_at_bots_only_tables_nor_for_a_bot() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, move_timeout=TIMEOUT)) as client:
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "seed": 2}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
            ws.receive_json()
            f = next(f for f in states(ws) if f["obs"]["current_player"] == 0)
            assert f["turn_deadline"] is None  # a person alone with bots holds nobody up
            ws.send_json({"type": "back"})
            err = ws.receive_json()
            while err["type"] != "error":
                err = ws.receive_json()
            assert err["code"] == "not_away"
            plain = err["message"].replace("\u00a0", " ").replace("\u202f", " ")
            assert plain == "Aucun robot ne joue pour votre place : elle est déjà à vous."  # all French (attack 2)
        w = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": None, "seed": 2}).json()
        with client.websocket_connect(f"/ws/{w['id']}") as ws:
            ws.send_json({"type": "hello", "lang": "fr"})
            ws.receive_json()
            assert next(states(ws))["turn_deadline"] is None


def test_no_deadline_while_seats_are_empty_or_at_a_deal_end() -> None:
    from atout.web.deadlines import deadline

    with TestClient(create_app("sqlite://", bot_delay=0, move_timeout=TIMEOUT)) as client:
        t = client.post("/api/tables", json={"game": "triomphe", "players": 4, "seat": 0, "fill": False,
                                             "seed": 3, "deals": 3}).json()
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        client.post(f"/api/tables/{t['id']}/join", json={"seat": 2})
        assert live.seating and deadline(live, TIMEOUT) is None  # seats 1 and 3 still empty: nothing dealt
        client.post(f"/api/tables/{t['id']}/join", json={"seat": 1})
        client.post(f"/api/tables/{t['id']}/join", json={"seat": 3})
        assert not live.seating and deadline(live, TIMEOUT) is not None
        live.ended = DealEnd(deal=0, view=live.state, humans={0, 1, 2, 3}, deadline=time.time() + 60)
        assert deadline(live, TIMEOUT) is None  # a deal's end shown: --continue-timeout applies, not the move deadline
        live.ended = None
        assert deadline(live, 0) is None  # --move-timeout 0: no deadline


def test_serve_refuses_a_move_timeout_out_of_its_range(capsys: pytest.CaptureFixture[str]) -> None:
    from atout.cli.main import main

    for value in ("5", "100000", "nan"):
        try:
            code = main(["serve", "--move-timeout", value])
        except SystemExit as exc:
            code = exc.code  # type: ignore[assignment]
        assert code == 2
        err = capsys.readouterr().err
        assert "--move-timeout must be 10..86400" in err and "Traceback" not in err


def test_a_deadline_that_passed_while_the_server_was_down_gives_a_grace(tmp_path: Path) -> None:
    """The server was down past the silent friend's deadline: after the restart he gets 30 s (RESTART_GRACE),
    he is not marked away the moment the table is rebuilt."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from atout.web.deadlines import RESTART_GRACE
    from atout.web.models import ActionRow, TableRow

    db = f"sqlite:///{tmp_path / 'grace.db'}"
    with TestClient(create_app(db, bot_delay=0, move_timeout=60)) as client:
        t, _ = friends_table(client)
        store = client.app.state.store  # type: ignore[attr-defined]
    long_ago = datetime.now(UTC) - timedelta(minutes=10)  # the turn began 10 min ago: its 60 s passed long since
    with store.engine.begin() as conn:
        conn.execute(update(TableRow).where(TableRow.id == t["id"]).values(updated=long_ago))
        conn.execute(update(ActionRow).where(ActionRow.table_id == t["id"]).values(at=long_ago))
    with TestClient(create_app(db, bot_delay=0, move_timeout=60)) as client:
        restart = time.time()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en"})
            ws.receive_json()
            f = next(states(ws))
            assert not away(f, FRIEND) and f["n"] == 0  # nobody played for him
            # due at the restart + 30 s, not 60 s after a turn start of 10 minutes ago (long passed)
            assert restart + RESTART_GRACE - 1 < f["turn_deadline"] < time.time() + RESTART_GRACE + 1
        live = client.app.state.hub.get(t["id"])  # type: ignore[attr-defined]
        assert live.away == set()
