"""Issue 16's attack on the fixes (ATTACK.md findings 1, 4 and 5): the hub under a visitor's load.

1. Opening sockets to a finished long table does not hold the event loop (built off the loop, kept in an
   LRU cache), and WebSocket opens are rate-limited per address; a seat opens at most a few sockets.
4. Cheap bots (random, heuristic) never wait behind search bots' decisions.
5. A client that never reads is reset (RST): the kernel keeps no connection with megabytes queued.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.web import create_app, loading  # loading: where a table is rebuilt from the database (Hub.load)

httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")
ws_sync = pytest.importorskip("websockets.sync.client")

from fastapi.testclient import TestClient  # noqa: E402

from test_web_flood import ThreadServer, create, refused  # noqa: E402


def kernel_state(local_port: int, remote: tuple[str, int]) -> str | None:
    """The TCP state (``/proc/net/tcp``'s hex code: 01 established, 04 FIN-WAIT-1…) of the server's side of
    the connection from ``remote``, or None when the kernel holds no such connection."""
    want_local, want_remote = f"{local_port:04X}", f"{remote[1]:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, peer, state = fields[1], fields[2], fields[3]
        if local.endswith(":" + want_local) and peer.endswith(":" + want_remote):
            return state
    return None


# --- finding 5: a slow consumer is reset, not left in FIN-WAIT-1 -----------------------------------

@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads the kernel's TCP table (Linux)")
def test_a_client_that_never_reads_is_reset_in_the_kernel_too(tmp_path: Path) -> None:
    """Raw socket, tiny receive window, never reads: dropped after 1 s, then no connection stays in the kernel.

    Before: the transport's ``abort()`` closed the file descriptor, but the kernel kept the connection in
    FIN-WAIT-1 with its unsent frames (megabytes) for as long as the client stayed.
    """
    app = create_app(f"sqlite:///{tmp_path / 'slow.db'}", bot_delay=0, send_timeout=1.0)
    server = ThreadServer(app, loop="asyncio")
    raw = socket.socket()
    try:
        with httpx.Client(base_url=server.url) as http:
            t = create(http, game="tarot", players=4, seat=None, seed=2, deals=100)
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.connect(("127.0.0.1", server.port))
        me = raw.getsockname()
        with ws_sync.connect(f"ws://127.0.0.1:{server.port}/ws/{t['id']}", sock=raw, max_queue=4) as ws:
            ws.send(json.dumps({"type": "hello"}))  # then reads nothing (past a queue of 4 frames)
            live = app.state.hub.tables[t["id"]]
            deadline = time.monotonic() + 60
            while not live.conns and time.monotonic() < deadline:
                time.sleep(0.01)
            assert live.conns, "the hello was not taken"
            while live.conns and time.monotonic() < deadline:  # the client reads nothing meanwhile
                time.sleep(0.2)
            assert not live.conns, "the server still sends to a client that reads nothing"
            deadline = time.monotonic() + 10  # the close frame's 2 s grace, then the reset
            while time.monotonic() < deadline and kernel_state(server.port, me) is not None:
                time.sleep(0.2)
            state = kernel_state(server.port, me)
            assert state is None, f"the kernel keeps the connection (state {state}: 04 is FIN-WAIT-1)"
    finally:
        raw.close()
        server.stop()


# --- finding 4: cheap bots never wait behind searches ---------------------------------------------

def test_medium_bots_play_on_while_search_bots_fill_the_pool() -> None:
    """Three watched expert tables whose every decision takes 1.5 s fill a one-worker pool; a watched table of
    medium bots still makes 5 moves within 10 s. Before: its decisions queued behind the searches (~4.5 s each, so
    at most 3 moves in 10 s); the margin leaves room for a machine loaded by the other test workers.

    The medium table is a match of 3 deals from a chosen seed: at a random seed its one deal ended in 2 or 3 moves
    about once in four (a concession, accepted or refused: 70 of 300 seeds tried), which read as "2 moves in 10 s"
    and was taken for a regression of the card room's merge."""
    class SlowSearches(ThreadPoolExecutor):
        """The search pool: one thread, each decision 1.5 s of waiting, then a random bot's move (a real search
        on this thread would hold the server's GIL, which the real pool's processes never do); the cheap bots'
        own process pool is the real one."""

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            game, _name, seed, obs = args

            def slow() -> Any:
                time.sleep(1.5)
                return fn(game, "random", seed, obs)
            return super().submit(slow)

    app = create_app("sqlite://", bot_delay=0, http_rate=100.0)
    app.state.hub._thinkers = SlowSearches(max_workers=1)  # the search pool: one worker, saturated
    server = ThreadServer(app)
    try:
        with httpx.Client(base_url=server.url) as http, contextlib.ExitStack() as stack:
            experts = [create(http, game="triomphe", players=2, seat=None, level="expert") for _ in range(3)]
            for t in experts:
                ws = stack.enter_context(ws_sync.connect(f"ws://127.0.0.1:{server.port}/ws/{t['id']}"))
                ws.send(json.dumps({"type": "hello"}))
            time.sleep(0.3)  # the searches are queued
            medium = create(http, game="triomphe", players=2, seat=None, level="medium", seed=0, deals=3)
            start = time.monotonic()
            moves = 0
            with ws_sync.connect(f"ws://127.0.0.1:{server.port}/ws/{medium['id']}") as ws:
                ws.send(json.dumps({"type": "hello"}))
                while moves < 5 and time.monotonic() - start < 10:
                    with contextlib.suppress(TimeoutError):
                        msg = json.loads(ws.recv(timeout=max(0.01, 10 - (time.monotonic() - start))))
                        if msg["type"] == "state":
                            moves = max(moves, msg["n"])
            took = time.monotonic() - start
        assert moves >= 5, f"the medium table made {moves} moves in {took:.1f} s behind the searches"
    finally:
        server.stop()
        app.state.hub._thinkers.shutdown(wait=False, cancel_futures=True)


# --- finding 1: sockets to a finished long table -----------------------------------------------------

def test_spectators_of_a_finished_long_table_do_not_hold_the_event_loop(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """An uploaded 501-deal record (~0.7 s to replay), watched by 8 spectators one after the other while another
    client asks ``/healthz`` every 10 ms: the table is rebuilt once, off the event loop, then kept (LRU).

    Before: each connection replayed the whole record on the event loop (/healthz waited ~0.7 s, 8 times).
    """
    builds: list[str] = []
    real = loading.replay

    def counted(record: Any) -> Any:
        builds.append("replay")
        return real(record)

    monkeypatch.setattr(loading, "replay", counted)
    g = atout.new_game("tarot1637", players=3, seed=3, deals=501)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    record = atout.dumps(g.to_record()).encode()
    app = create_app(f"sqlite:///{tmp_path / 'long.db'}", bot_delay=0, http_rate=100.0, max_deals=1000, budget=30.0)
    server = ThreadServer(app)
    slowest: list[float] = []
    done = threading.Event()

    def health() -> None:
        with httpx.Client(base_url=server.url) as http:
            while not done.is_set():
                t = time.perf_counter()
                assert http.get("/healthz").status_code == 200
                slowest.append(time.perf_counter() - t)
                time.sleep(0.01)

    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            up = http.post("/api/records", content=record, headers={"content-type": "application/json"})
            assert up.status_code == 200, up.text
        table = up.json()["id"]
        app.state.hub.tables.pop(table, None)  # as after a restart, or once its last spectator left
        getattr(app.state.hub, "finished", {}).pop(table, None)
        watcher = threading.Thread(target=health, daemon=True)
        watcher.start()
        start = time.monotonic()
        for _ in range(8):
            with ws_sync.connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=30) as ws:
                ws.send(json.dumps({"type": "hello"}))
                while json.loads(ws.recv(timeout=30))["type"] != "state":
                    pass
        took = time.monotonic() - start
        done.set()
        watcher.join(10)
    finally:
        done.set()
        server.stop()
    worst = max(slowest)
    # The discriminating check: one rebuild for 8 spectators (before: 8, each on the event loop).
    assert len(builds) == 1, f"the finished table was rebuilt {len(builds)} times for 8 spectators"
    # And the loop is never held for long: a thread's GIL steps only (tens of ms on a quiet machine); the bound
    # is loose because the two cores are shared with the other test workers and the browser tests.
    assert worst < 1.5, f"/healthz took up to {worst:.3f} s while 8 spectators connected ({took:.1f} s)"


def test_websocket_opens_are_rate_limited_per_address() -> None:
    """Looping connects cost tokens: past the burst (60), a new socket is refused before any table is looked at."""
    with TestClient(create_app("sqlite://", bot_delay=0, ws_rate=0.01)) as client:
        codes = []
        for _ in range(61):
            with client.websocket_connect("/ws/nosuchtable") as ws:
                codes.append(refused(ws))
    assert codes[:60] == [("no_table", 4404)] * 60
    assert codes[60] == ("rate_limited", 4429)


def test_a_seat_opens_at_most_four_sockets() -> None:
    """One seat's token opened 60 sockets in the attack: the fifth is refused, a spectator is not."""
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = create(client, game="triomphe", players=2, seat=0)
        with contextlib.ExitStack() as stack:
            for _ in range(4):
                ws = stack.enter_context(client.websocket_connect(f"/ws/{t['id']}"))
                ws.send_json({"type": "hello", "token": t["token"]})
                assert ws.receive_json()["type"] == "welcome"
            with client.websocket_connect(f"/ws/{t['id']}") as ws:
                ws.send_json({"type": "hello", "token": t["token"]})
                assert refused(ws) == ("too_many_sockets", 4429)
            with client.websocket_connect(f"/ws/{t['id']}") as ws:
                ws.send_json({"type": "hello"})
                assert ws.receive_json()["type"] == "welcome"
