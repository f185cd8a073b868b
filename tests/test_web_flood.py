"""Issue 16, points 4, 5 and 9: one visitor cannot stall the server with spectators, bot tables or a socket it stops reading.

Spectators per table and sockets per address are capped (a clear error frame and close code); spectators
share one encoded frame; bots think in another process and a bots-only table plays only while watched;
table creation is rate-limited per address; a client that stops reading is closed and its TCP connection reset.
Every server here listens on 127.0.0.1 only, and every wait is bounded.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from atout.web import create_app
from atout.web.botpool import FairPool
from atout.web.hub import OUTBOX, Conn, Hub, bot_pool, think
from atout.web.store import Store

httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")
ws_sync = pytest.importorskip("websockets.sync.client")

from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def create(client: Any, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def refused(ws: Any) -> tuple[str, int]:
    """The error code of a refused connection's one frame, and the close code that follows it."""
    frame = ws.receive_json()
    assert frame["type"] == "error" and frame["message"], frame
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return frame["code"], closed.value.code


def until_state(ws: Any, n: int | None = None) -> str:
    """The text of the next ``state`` frame (at move ``n`` if given)."""
    while True:
        text = ws.receive_text()
        msg = json.loads(text)
        if msg["type"] == "state" and (n is None or msg["n"] == n):
            return str(text)


# --- point 4: spectators and sockets ---------------------------------------------------------------

def test_spectators_past_the_cap_are_refused_but_seats_are_not() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, max_spectators=2)) as client:
        t = create(client, game="triomphe", players=2, fill=False)
        with client.websocket_connect(f"/ws/{t['id']}") as a, client.websocket_connect(f"/ws/{t['id']}") as b:
            for ws in (a, b):
                ws.send_json({"type": "hello"})
                assert ws.receive_json()["type"] == "welcome"
            with client.websocket_connect(f"/ws/{t['id']}") as third:
                third.send_json({"type": "hello", "lang": "en"})
                assert refused(third) == ("spectators_full", 4503)
            with client.websocket_connect(f"/ws/{t['id']}") as seat:  # the player's own seat is never refused
                seat.send_json({"type": "hello", "token": t["token"]})
                welcome = seat.receive_json()
                assert welcome["type"] == "welcome" and welcome["seat"] == 0


def test_sockets_per_address_are_capped() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, max_sockets=3)) as client:
        t = create(client, game="triomphe", players=2, fill=False)
        path = f"/ws/{t['id']}"
        with client.websocket_connect(path), client.websocket_connect(path), client.websocket_connect(path):
            with client.websocket_connect(path) as fourth:  # refused before its hello: it holds nothing open
                assert refused(fourth) == ("too_many_sockets", 4429)
        with client.websocket_connect(path) as again:  # the three closed: room again
            again.send_json({"type": "hello"})
            assert again.receive_json()["type"] == "welcome"


def test_spectators_get_the_same_frame_text_encoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five French and one English spectator: one move, two spectator frames encoded (not one per socket)."""
    encoded: list[Any] = []
    dumps = json.dumps

    def counting(obj: Any, *args: Any, **kwargs: Any) -> str:
        if isinstance(obj, dict) and obj.get("type") == "state" and obj.get("you") is None:
            encoded.append(obj)
        return dumps(obj, *args, **kwargs)

    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = create(client, game="triomphe", players=2, fill=False, seed=5)
        client.post(f"/api/tables/{t['id']}/join", json={"seat": 1})  # a friend: the cards are dealt once seated
        path = f"/ws/{t['id']}"
        with client.websocket_connect(path) as player:
            player.send_json({"type": "hello", "token": t["token"]})
            first = json.loads(until_state(player))
            langs = ["fr"] * 5 + ["en"]
            watchers = [client.websocket_connect(path).__enter__() for _ in langs]
            try:
                for ws, lang in zip(watchers, langs, strict=True):
                    ws.send_json({"type": "hello", "lang": lang})
                    until_state(ws, 0)
                time.sleep(0.5)  # the arrivals' broadcast is out
                monkeypatch.setattr(json, "dumps", counting)
                if first["obs"]["current_player"] != 0:
                    pytest.skip("seed 5 no longer lets seat 0 speak first")
                player.send_json({"type": "act", "action": first["obs"]["legal_actions"][0], "n": 0})
                texts = [until_state(ws, 1) for ws in watchers]
            finally:
                monkeypatch.setattr(json, "dumps", dumps)
                for ws in watchers:
                    ws.__exit__(None, None, None)
        assert len(set(texts[:5])) == 1 and texts[5] != texts[0]  # the same text for the same language
        assert sorted(json.loads(x)["table"]["spectators"] for x in texts) == [6] * 6
        assert len(encoded) == 2, f"{len(encoded)} spectator frames encoded for 6 spectators"


# --- point 5: bots in other processes, paused when unwatched, creation rate-limited ----------------

class Recording(ProcessPoolExecutor):
    """A process pool that notes what it is asked to run."""

    def __init__(self) -> None:
        pool = bot_pool(1)
        super().__init__(max_workers=1, mp_context=pool._mp_context)
        pool.shutdown()
        self.calls: list[str] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.calls.append(fn.__name__)
        return super().submit(fn, *args, **kwargs)


def test_bots_think_in_another_process() -> None:
    hub = Hub(Store("sqlite://"), bot_delay=0)
    pool = hub.thinkers()
    try:
        assert isinstance(pool, FairPool) and isinstance(pool._pool, ProcessPoolExecutor)  # shared fairly, in processes
        assert pool.submit(os.getpid).result(timeout=60) != os.getpid()
        import atout

        g = atout.new_game("tarot", players=4, seed=1)
        obs = g.observation(g.current_player)
        assert pool.submit(think, "tarot", "search", 7, obs).result(timeout=60) == think("tarot", "search", 7, obs)
    finally:
        pool.shutdown()
    app = create_app("sqlite://", bot_delay=0)
    with TestClient(app) as client:
        recording = Recording()
        app.state.hub._thinkers = recording
        t = create(client, game="triomphe", players=2, seat=None, seed=5, level="hard")  # a search: in the pool
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello"})
            until_state(ws, 3)
        assert recording.calls[:3] == ["think"] * 3


def test_a_bots_only_table_plays_only_while_watched() -> None:
    app = create_app("sqlite://", bot_delay=0)
    with TestClient(app) as client:
        t = create(client, game="triomphe", players=2, seat=None, seed=6)
        time.sleep(0.6)
        live = app.state.hub.tables[t["id"]]
        assert live.moves == [], "a bots-only table nobody watches made a move"
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello"})
            until_state(ws, 4)
        time.sleep(0.3)  # the move being thought when the watcher left may still land
        left_at = len(live.moves)
        time.sleep(0.6)
        assert len(live.moves) == left_at and not live.state.is_terminal()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:  # watched again: it plays on
            ws.send_json({"type": "hello"})
            until_state(ws, left_at + 2)


def test_a_burst_of_table_creations_is_refused_past_the_limit() -> None:
    """60 "Watch bots" tables at level expert from one address: 6 accepted (3 tokens of 20 each), then 429.

    The table tokens come back at 0.1 a minute here and the request rate is lifted, so the counts depend on the
    burst alone however slowly a loaded machine serves the requests. Before, at the default 6 tokens a minute and
    2 requests a second, the plain tables after the burst were refused by the request limit only while its
    60-request burst had not refilled: a run slower than 0.5 s got ``[200, 200, 429]`` (flaky under load).
    """
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0, table_rate=0.1)) as client:
        answers = [client.post("/api/tables", json={"game": "tarot", "seat": None, "level": "expert"}) for _ in range(60)]
        codes = [r.status_code for r in answers]
        assert codes == [200] * 6 + [429] * 54, codes
        last = answers[-1]
        assert last.json()["error"] == "rate_limited" and "attendez" in last.json()["message"]
        assert int(last.headers["Retry-After"]) >= 1
        plain = [client.post("/api/tables", json={"game": "tarot"}).status_code for _ in range(3)]
        assert plain == [200, 200, 429]  # the 2 tokens left: a person's table costs 1
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0, table_rate=0.1)) as client:
        codes = [client.post("/api/tables", json={"game": "tarot"}).status_code for _ in range(25)]
        assert codes == [200] * 20 + [429] * 5  # a person's tables cost one token each
    with TestClient(create_app("sqlite://", bot_delay=0), client=("10.0.0.2", 1)) as other:
        assert other.post("/api/tables", json={"game": "tarot"}).status_code == 200  # another address: its own tokens


def serve_process(tmp: Path, *options: str) -> tuple[subprocess.Popen[bytes], str]:
    """``atout serve`` in a subprocess on a free loopback port (its own GIL, as in production)."""
    port = free_port()
    argv = ["serve", "--port", str(port), "--db", f"sqlite:///{tmp / 'flood.db'}", "--bot-delay", "0", *options]
    code = f"from atout.cli.main import main; main({argv!r})"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"server did not start: {proc.stderr.read().decode() if proc.stderr else ''}")


def test_the_event_loop_stays_free_while_expert_bots_think(tmp_path: Path) -> None:
    """Six watched expert bot tables of Tarot (every bot move a search): /healthz still answers at once."""
    proc, url = serve_process(tmp_path)
    stop = threading.Event()
    moves: list[int] = [0]

    def watch(table_id: str) -> None:
        with ws_sync.connect(url.replace("http", "ws") + f"/ws/{table_id}") as ws:
            ws.send(json.dumps({"type": "hello"}))
            while not stop.is_set():
                try:
                    msg = json.loads(ws.recv(timeout=0.5))
                except TimeoutError:
                    continue
                except ConnectionClosed:
                    return
                if msg["type"] == "state":
                    moves[0] += 1
    watchers: list[threading.Thread] = []
    try:
        ids = [httpx.post(url + "/api/tables", json={"game": "tarot", "players": 4, "seat": None, "level": "expert",
                                                     "seed": s}).json()["id"] for s in range(6)]
        watchers = [threading.Thread(target=watch, args=(i,), daemon=True) for i in ids]
        for w in watchers:
            w.start()
        time.sleep(2)  # every table's bots are thinking
        took = []
        with httpx.Client(base_url=url, timeout=30) as http:
            for _ in range(30):
                t0 = time.perf_counter()
                assert http.get("/healthz").status_code == 200
                took.append(time.perf_counter() - t0)
                time.sleep(0.1)
        print(f"healthz median {statistics.median(took) * 1000:.1f} ms, max {max(took) * 1000:.1f} ms, {moves[0]} frames")
        assert moves[0] > len(ids), f"the bots did not play ({moves[0]} frames)"
        median = statistics.median(took)
        # The median (a loaded test machine stalls any process now and then): 70 ms when bots thought in threads.
        assert median < 0.03, f"/healthz median {median * 1000:.0f} ms, max {max(took) * 1000:.0f} ms"
    finally:
        stop.set()
        for w in watchers:
            w.join(5)
        proc.terminate()
        proc.wait(15)


# --- point 9: a client that stops reading is closed ------------------------------------------------

def test_a_full_outbox_drops_the_connection() -> None:
    """The frames a client has not taken pile up to ``OUTBOX``: one more drops it, and its handler is woken."""
    conn = Conn(seat=None, lang="fr")
    assert all(conn.send({"type": "pong"}) for _ in range(OUTBOX))
    assert not conn.dropped and not conn.ended.is_set()
    assert conn.send("{}") is False
    assert conn.dropped and conn.ended.is_set()


class ThreadServer:
    """uvicorn in a thread on a free loopback port (the app built with the test's limits)."""

    def __init__(self, app: Any, loop: str = "auto") -> None:
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", loop=loop))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def connections(self) -> list[Any]:
        """The server's open connections (uvicorn's protocols, each with its ``client`` address)."""
        return list(self.server.server_state.connections)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)


def test_a_client_that_stops_reading_is_closed(tmp_path: Path) -> None:
    """A spectator that reads nothing while bots play Tarot: dropped after 1 s unread, its TCP connection reset.

    On asyncio's own loop (no uvloop) a plain close waits for the unread frames forever: the server must reset it.
    """
    app = create_app(f"sqlite:///{tmp_path / 'slow.db'}", bot_delay=0, send_timeout=1.0)
    server = ThreadServer(app, loop="asyncio")
    try:
        with httpx.Client(base_url=server.url) as http:
            t = create(http, game="tarot", players=4, seat=None, seed=2, deals=100)
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: the server's writes block soon
        raw.connect(("127.0.0.1", server.port))
        live = app.state.hub.tables[t["id"]]
        with ws_sync.connect(f"ws://127.0.0.1:{server.port}/ws/{t['id']}", sock=raw, max_queue=4) as ws:
            ws.send(json.dumps({"type": "hello"}))
            deadline = time.monotonic() + 60
            while not live.conns and time.monotonic() < deadline:
                time.sleep(0.01)
            while live.conns and time.monotonic() < deadline:  # the client reads nothing meanwhile
                time.sleep(0.2)
            assert not live.conns, "the server still sends to a client that reads nothing"
            me = raw.getsockname()
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and any(c.client == me for c in server.connections()):
                time.sleep(0.2)  # the close frame's grace, then the reset: still without reading a byte
            assert not any(c.client == me for c in server.connections()), "the server keeps the TCP connection open"
            with pytest.raises(ConnectionClosed):
                for _ in range(100_000):  # what was queued before the reset, then the end
                    ws.recv(timeout=5)
    finally:
        server.stop()
