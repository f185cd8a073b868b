"""Restart: a real server killed mid-deal (SIGKILL) and started again on the same SQLite file plays on to
the same result as an uninterrupted game (issue 10: every accepted action is committed before it is sent)."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.core.cards import Card
from atout.core.protocol import Observation
from atout.web.hub import bot_name, move_seed

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    """Start ``atout serve`` on ``db``; its stderr goes to a file beside it (a pipe nobody reads could fill, and a
    killed server's leftover workers would hold it open, so reading it after a failed start could hang)."""
    code = f"from atout.cli.main import main; main(['serve', '--port', '{port}', '--db', 'sqlite:///{db}', '--bot-delay', '0'])"
    log = db.with_suffix(f".{port}.log")
    with log.open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    proc.wait(timeout=10)
    raise AssertionError(f"server did not start: {log.read_text(errors='replace')[-4000:]}")


def to_obs(game: str, seat: int, obs: dict[str, Any]) -> Observation:
    return Observation(game=game, seat=seat, phase=obs["phase"], current_player=obs["current_player"],
                       hand=tuple(Card.parse(c) for c in obs["hand"]),
                       legal_actions=tuple(atout.parse_action(a) for a in obs["legal_actions"]), public=obs["public"],
                       rules=obs.get("rules", {}))


def expected_moves(game: str, seed: int, players: int, my_seed: int, **match: Any) -> tuple[list[str], list[Any]]:
    """The same game with no interruption: seat 0 played by the client's bot, the others as the server does."""
    state = atout.new_game(game, players=players, seed=seed, **match)
    mine = make_bot(game, bot_name(game, "normal"), seed=my_seed)
    moves: list[str] = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        if seat == 0:
            action = str(mine.act(to_obs(game, 0, obs.to_json())))
        else:
            action = str(make_bot(game, bot_name(game, "normal"), seed=move_seed(seed, len(moves), seat)).act(obs))
        state.apply(action)
        moves.append(action)
    return moves, [atout.core.protocol.json_number(x) for x in state.returns()]


def play(url: str, token: str, bot: Any, game: str, stop_after: int | None,
         stop_at_deal_end: bool = False) -> dict[str, Any] | None:
    """Play seat 0 over a WebSocket; return the last frame, or None once ``stop_after`` moves are on the table.

    At the end of a deal it says "continue", unless ``stop_at_deal_end``: then it returns that frame.
    """
    with ws_client.connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        acted = continued = -1
        while True:
            msg = json.loads(ws.recv(timeout=20))
            if msg["type"] == "error":
                raise AssertionError(msg)
            if msg["type"] != "state":
                continue
            if msg["over"]:
                return msg
            if stop_after is not None and msg["n"] >= stop_after:
                return None
            if msg["deal_end"] and 0 in msg["deal_end"]["waiting"]:
                if stop_at_deal_end:
                    return msg
                if msg["n"] != continued:
                    continued = msg["n"]
                    ws.send(json.dumps({"type": "continue"}))
                continue
            obs = msg["obs"]
            if obs["current_player"] == 0 and obs["legal_actions"] and msg["n"] != acted:
                acted = msg["n"]
                ws.send(json.dumps({"type": "act", "action": str(bot.act(to_obs(game, 0, obs))), "n": msg["n"]}))


@pytest.mark.parametrize("game", ["tarot"])
def test_server_killed_mid_deal_continues_to_the_same_result(tmp_path: Path, game: str) -> None:
    db = tmp_path / "atout.db"
    port = free_port()
    players = 4
    seed = 4242
    server = start(db, port)
    try:
        base = f"http://127.0.0.1:{port}"
        t = httpx.post(f"{base}/api/tables", json={"game": game, "players": players, "seat": 0, "seed": seed}).json()
        bot = make_bot(game, bot_name(game, "normal"), seed=99)
        url = f"ws://127.0.0.1:{port}/ws/{t['id']}"
        stop = 12
        assert play(url, t["token"], bot, game, stop_after=stop) is None
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server = start(db, port)
        meta = httpx.get(f"{base}/api/tables/{t['id']}").json()
        assert meta["status"] == "playing"
        last = play(url, t["token"], bot, game, stop_after=None)
        assert last is not None and last["over"]
        record = httpx.get(f"{base}/api/tables/{t['id']}/record").json()
    finally:
        server.kill()
        server.wait(10)
    moves, returns = expected_moves(game, seed, players, my_seed=99)
    assert [a["action"] for a in record["actions"]] == moves
    assert record["result"]["returns"] == returns
    assert last["totals"] == returns


def test_server_killed_at_a_deal_end_shows_it_again_and_plays_on_to_the_same_result(tmp_path: Path) -> None:
    """Issue 18: the end of a deal is the server's own state; killed there (SIGKILL), the server shows the same
    panel after its restart (no card of the next deal), then plays on to the uninterrupted game's result."""
    game, players, seed, deals = "triomphe", 4, 77, 3
    db = tmp_path / "atout.db"
    port = free_port()
    server = start(db, port)
    try:
        base = f"http://127.0.0.1:{port}"
        t = httpx.post(f"{base}/api/tables", json={"game": game, "players": players, "seat": 0, "seed": seed,
                                                   "deals": deals}).json()
        bot = make_bot(game, bot_name(game, "normal"), seed=99)
        url = f"ws://127.0.0.1:{port}/ws/{t['id']}"
        end = play(url, t["token"], bot, game, stop_after=None, stop_at_deal_end=True)
        assert end is not None and end["deal_end"]["deal"] == 0 and end["obs"]["legal_actions"] == []
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server = start(db, port)
        with ws_client.connect(url, open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": t["token"]}))
            again = next(m for m in (json.loads(ws.recv(timeout=20)) for _ in range(5)) if m["type"] == "state")
        assert again["n"] == end["n"] and again["deal_end"]["deal"] == 0 and again["deal_end"]["waiting"] == [0]
        assert again["obs"]["hand"] == end["obs"]["hand"] and again["deal"] == 0
        last = play(url, t["token"], bot, game, stop_after=None)
        assert last is not None and last["over"]
        record = httpx.get(f"{base}/api/tables/{t['id']}/record").json()
    finally:
        server.kill()
        server.wait(10)
    moves, returns = expected_moves(game, seed, players, my_seed=99, deals=deals)
    assert [a["action"] for d in record["deals"] for a in d["actions"]] == moves
    assert record["result"]["returns"] == returns
