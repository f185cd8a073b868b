"""Several server processes on one PostgreSQL (issue 21): one writer per table, moves heard across processes,
one process driving a table's bots, and a process killed (SIGKILL) mid-play whose table plays on in the other.

``ATOUT_TEST_PG_URL`` names the database (``.ci/run`` starts one); without it the tests skip (fail in CI).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from atout.bots import make_bot  # noqa: E402
from atout.web import create_app  # noqa: E402
from atout.web.hub import bot_name  # noqa: E402
from atout.web.store import Behind, SeatTaken, Store  # noqa: E402
from pg_gate import require_pg  # noqa: E402

PG_URL = require_pg()

from fastapi.testclient import TestClient  # noqa: E402

from test_web_restart import expected_moves, free_port, play  # noqa: E402

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")

pytestmark = pytest.mark.xdist_group("postgresql")  # one database for the run: its tests on one xdist worker


def new_table(store: Store, kinds: tuple[str, ...] = ("human", "bot")) -> str:
    table_id = "mp" + uuid.uuid4().hex[:8]
    store.create_table(table_id, "triomphe", "classic", len(kinds), 5, {}, "easy", [(k, None) for k in kinds])
    return table_id


def test_two_processes_never_store_two_moves_at_one_move_number() -> None:
    """Two stores (two processes' connections) write move 0 of one table at the same instant: one is stored, the
    other is refused as ``Behind`` (the history had 1 row, not 0), never an IntegrityError; move 1 then goes in."""
    assert PG_URL is not None
    a, b = Store(PG_URL), Store(PG_URL)
    table_id = new_table(a)
    results: list[str] = []
    start = threading.Barrier(2)

    def write(store: Store, action: str) -> None:
        start.wait()
        try:
            store.add_move(table_id, 0, 0, action)
            results.append("stored")
        except Behind as exc:
            results.append(f"behind {exc.have}")

    threads = [threading.Thread(target=write, args=(s, act)) for s, act in ((a, "concede"), (b, "no_concession"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == ["behind 1", "stored"]
    assert len(a.moves(table_id)) == 1
    b.add_move(table_id, 1, 1, "no_concession")  # the next number is free to either
    assert [idx for idx, _ in enumerate(a.history(table_id))] == [0, 1]


def test_a_seat_taken_in_one_process_is_refused_in_the_other() -> None:
    assert PG_URL is not None
    a, b = Store(PG_URL), Store(PG_URL)
    table_id = new_table(a, ("human", "empty"))
    a.set_seat(table_id, 1, "human", "h-a", "playing", "Ann", was="empty")
    with pytest.raises(SeatTaken):
        b.set_seat(table_id, 1, "human", "h-b", "playing", "Bob", was="empty")
    assert [s.name for s in b.seats(table_id)] == ["", "Ann"]


def state_frames(ws: Any, until: int, timeout: float = 20) -> dict[str, Any]:
    """Read frames until a state frame at move ``until`` (or later) arrives; returns it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        msg = ws.receive_json()
        if msg["type"] == "state" and msg["n"] >= until:
            return msg  # type: ignore[no-any-return]
        if msg["type"] == "error":
            raise AssertionError(msg)
    raise AssertionError(f"no frame at move {until} within {timeout} s")


def test_a_move_in_one_process_reaches_the_sockets_of_the_other() -> None:
    """Two apps on one database (two server processes): seat 0 plays on A, seat 1 on B; each sees the other's
    moves, and the moves the bots' lease holder makes are seen by the spectators of the other."""
    assert PG_URL is not None
    with TestClient(create_app(PG_URL, bot_delay=0)) as a, TestClient(create_app(PG_URL, bot_delay=0)) as b:
        t = a.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": 0, "seed": 11, "fill": False}).json()
        j = b.post(f"/api/tables/{t['id']}/join", json={"seat": 1, "name": "Bea"}).json()
        with a.websocket_connect(f"/ws/{t['id']}") as wa, b.websocket_connect(f"/ws/{t['id']}") as wb:
            wa.send_json({"type": "hello", "token": t["token"]})
            wb.send_json({"type": "hello", "token": j["token"]})
            kinds: list[str] = []
            while kinds != ["human", "human"]:  # B's join, heard by A (a frame of the empty seat may come first)
                fa = state_frames(wa, 0)
                kinds = [s["kind"] for s in fa["table"]["seats"]]
            fb = state_frames(wb, 0)
            for n in range(6):
                seat = fa["obs"]["current_player"]
                mover, frame = (wa, fa) if seat == 0 else (wb, fb)
                legal = frame["obs"]["legal_actions"]
                if frame["over"] or frame["deal_end"] or not legal:
                    break
                mover.send_json({"type": "act", "action": legal[0], "n": n})
                fa, fb = state_frames(wa, n + 1), state_frames(wb, n + 1)  # the other one through NOTIFY
                assert fa["n"] == fb["n"] == n + 1 and fa["moves"] == fb["moves"]
        stored = Store(PG_URL).moves(t["id"])
        assert len(stored) >= 2 and {s for s, _ in stored} == {0, 1}


def test_one_process_drives_a_tables_bots() -> None:
    """A table of bots watched on two processes: exactly one holds its bots' lease, and every move is stored once."""
    assert PG_URL is not None
    with TestClient(create_app(PG_URL, bot_delay=0)) as a, TestClient(create_app(PG_URL, bot_delay=0)) as b:
        t = a.post("/api/tables", json={"game": "tarot", "players": 4, "seat": None, "seed": 3, "level": "easy"}).json()
        with a.websocket_connect(f"/ws/{t['id']}") as wa, b.websocket_connect(f"/ws/{t['id']}") as wb:
            wa.send_json({"type": "hello"})
            wb.send_json({"type": "hello"})
            state_frames(wa, 8)
            state_frames(wb, 8)
            holders = [app.app.state.hub.cluster.held for app in (a, b)]  # type: ignore[attr-defined]
            assert [t["id"] in h for h in holders].count(True) == 1
        history = Store(PG_URL).history(t["id"])
        assert [r.idx for r in history] == list(range(len(history)))


def start_pg_server(port: int) -> subprocess.Popen[bytes]:
    assert PG_URL is not None
    argv = ["serve", "--port", str(port), "--db", PG_URL, "--bot-delay", "0"]
    code = f"from atout.cli.main import main; main({argv!r})"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError(f"server did not start: {proc.stderr.read().decode() if proc.stderr else ''}")


def test_one_of_two_processes_killed_mid_play_its_table_plays_on_in_the_other() -> None:
    """Two ``atout serve`` on one PostgreSQL; a Tarot table played on A (its bots driven there) and watched on B.
    A is killed (SIGKILL) after 12 moves: the player reconnects to B, whose process takes the bots over, and the
    game ends exactly as an uninterrupted one (the same moves, the same result): nothing lost, nothing twice."""
    game, players, seed = "tarot", 4, 4343
    pa, pb = free_port(), free_port()
    a, b = start_pg_server(pa), start_pg_server(pb)
    try:
        t = httpx.post(f"http://127.0.0.1:{pa}/api/tables",
                       json={"game": game, "players": players, "seat": 0, "seed": seed}).json()
        bot = make_bot(game, bot_name(game, "normal"), seed=99)
        with ws_client.connect(f"ws://127.0.0.1:{pb}/ws/{t['id']}", open_timeout=10) as spectator:
            spectator.send(json.dumps({"type": "hello"}))
            assert play(f"ws://127.0.0.1:{pa}/ws/{t['id']}", t["token"], bot, game, stop_after=12) is None
            a.send_signal(signal.SIGKILL)
            a.wait(10)
            last = play(f"ws://127.0.0.1:{pb}/ws/{t['id']}", t["token"], bot, game, stop_after=None)
            assert last is not None and last["over"]
        record = httpx.get(f"http://127.0.0.1:{pb}/api/tables/{t['id']}/record").json()
    finally:
        for proc in (a, b):
            proc.kill()
            proc.wait(10)
    moves, returns = expected_moves(game, seed, players, my_seed=99)
    assert [x["action"] for x in record["actions"]] == moves
    assert record["result"]["returns"] == returns


def test_serve_workers_share_one_port_and_survive_one_killed() -> None:
    """``atout serve --workers 2`` (the tested one-port configuration): a Tarot game played through the one port,
    one worker killed (SIGKILL) after 12 moves; the player reconnects, the game ends as an uninterrupted one,
    and the supervisor has started another worker."""
    assert PG_URL is not None
    game, players, seed, port = "tarot", 4, 4545, free_port()
    argv = ["serve", "--port", str(port), "--db", PG_URL, "--bot-delay", "0", "--workers", "2"]
    proc = subprocess.Popen([sys.executable, "-c", f"from atout.cli.main import main; main({argv!r})"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while len(children(proc.pid)) < 2 or not up(base):
            assert time.monotonic() < deadline and proc.poll() is None, "the workers did not start"
            time.sleep(0.3)
        first = children(proc.pid)
        t = httpx.post(f"{base}/api/tables", json={"game": game, "players": players, "seat": 0, "seed": seed}).json()
        bot = make_bot(game, bot_name(game, "normal"), seed=99)
        url = f"ws://127.0.0.1:{port}/ws/{t['id']}"
        assert play(url, t["token"], bot, game, stop_after=12) is None
        os.kill(first[0], signal.SIGKILL)
        last = play(url, t["token"], bot, game, stop_after=None)
        assert last is not None and last["over"]
        record = httpx.get(f"{base}/api/tables/{t['id']}/record").json()
        now = children(proc.pid)
        assert first[0] not in now and first[1] in now and len(now) == 2  # another worker took its place
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    moves, returns = expected_moves(game, seed, players, my_seed=99)
    assert [x["action"] for x in record["actions"]] == moves
    assert record["result"]["returns"] == returns


def children(pid: int) -> list[int]:
    """The server processes a supervisor started (Linux: /proc), bots' pools excluded (they are their children)."""
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def up(base: str) -> bool:
    try:
        return httpx.get(f"{base}/healthz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_a_seat_taken_elsewhere_while_a_table_loads_here_is_caught_up() -> None:
    """A table is being rebuilt on B when a friend takes seat 1 through A: the NOTIFY finds nothing to catch up on
    B (not registered yet), so B must read the seats again when it registers the table, or B would keep seat 1
    empty for good and refuse the friend's token (issue 21's attack, finding 1)."""
    assert PG_URL is not None
    with TestClient(create_app(PG_URL, bot_delay=0)) as a, TestClient(create_app(PG_URL, bot_delay=0)) as b:
        t = a.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": 0, "seed": 5, "fill": False}).json()
        hub_b = b.app.state.hub  # type: ignore[attr-defined]
        built = hub_b._build(t["id"])  # B is rebuilding the table (off its loop) ...
        assert built is not None and built.kinds == ["human", "empty"]
        assert a.post(f"/api/tables/{t['id']}/join", json={"seat": 1, "name": "Bea"}).status_code == 200  # ... A seats Bea
        time.sleep(1.0)  # B hears A's NOTIFY now, for a table it does not hold yet: nothing to catch up there

        async def register() -> list[str]:
            live = hub_b._keep(built)
            while hub_b._background:  # the catch-up spawned by registering
                await asyncio.gather(*list(hub_b._background))
            return list(live.kinds)

        assert b.portal.call(register) == ["human", "human"]  # type: ignore[union-attr]
