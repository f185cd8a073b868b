"""Issue 16, the attack report on the merged fixes (findings 2, 3, 6, 8–12): each test failed before its fix.

Bodies are capped before they are read, a match to a target ends, ``options`` cannot carry creation
arguments or a second value, the replay query is strict, a loopback server answers only its own names,
``atout serve`` checks its arguments and its port before it says it serves, one lock per SQLite inode,
the replay worker ends with its server, and uploads have a storage quota. All in-process or on loopback.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

import atout  # noqa: E402
from atout.cli.main import main  # noqa: E402
from atout.cli.serve import allowed_hosts  # noqa: E402
from atout.web import create_app, replays, store  # noqa: E402
from atout.web.limits import LOOPBACK_HOSTS, MAX_BODY  # noqa: E402
from atout.web.lock import DatabaseInUse, lock_database  # noqa: E402
from atout.web.messages import MAX_WEB_DEALS, CreateTable  # noqa: E402

JSON = {"content-type": "application/json"}


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0)) as c:
        yield c


def table(client: TestClient, **body: Any) -> Any:
    return client.post("/api/tables", json={"game": "triomphe", "seat": None, **body})


def finished(seed: int) -> bytes:
    g = atout.new_game("triomphe", players=2, seed=seed, deals=3)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    return atout.dumps(g.to_record()).encode()


# --- finding 2: REST bodies capped before they are parsed -------------------------------------------

def test_a_big_body_is_refused_at_once_unread(client: TestClient) -> None:
    big = b'{"game": "tarot", "options": {' + b",".join(b'"k%d": 1' % i for i in range(400_000)) + b"}}"
    assert len(big) > 4_000_000
    start = time.perf_counter()
    r = client.post("/api/tables", content=big, headers=JSON)
    assert r.status_code == 413 and r.json()["error"] == "too_large", r.text
    assert f"{MAX_BODY:,}".replace(",", "\u202f") in r.json()["message"]  # "au plus 4 000 000 octets"
    assert time.perf_counter() - start < 1.0  # refused on its Content-Length, not parsed (it took 5 s)


def test_a_streamed_body_is_counted_as_it_comes(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "tarot", "options": {"x": "'
        for _ in range(100):
            yield b"a" * 1000
        yield b'"}}'

    r = client.post("/api/tables", content=chunks(), headers=JSON)  # chunked: no Content-Length
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_an_upload_keeps_its_own_larger_cap(client: TestClient) -> None:
    r = client.post("/api/records?lang=en", content=b" " * 100_000 + finished(1), headers=JSON)
    assert r.status_code == 200, r.text  # 100 kB: over the 16 kB of other bodies, under the 2 MB of uploads


def test_refused_bodies_spend_the_rate_limit() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=0.1)) as c:  # a burst of 3 requests
        for _ in range(3):
            assert c.post("/api/tables", content=b"x" * 20_000, headers=JSON).status_code == 413
        assert table(c).status_code == 429


def test_deep_nesting_gets_the_error_shape(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"[" * 3000 + b"]" * 3000, headers=JSON)
    assert r.status_code in (400, 422) and {"error", "message"} <= set(r.json()), r.text


def test_a_query_error_is_logged_as_a_query(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="atout.web"):
        assert client.get("/api/tables/nope/replay?n=abc").status_code == 422
    assert "malformed query" in caplog.text and "malformed body" not in caplog.text


# --- finding 12: strict query, no echo, DNS rebinding ---------------------------------------------

def test_a_replay_position_is_a_whole_number(client: TestClient) -> None:
    for bad in ("3.0", "1e3", "+3", "0x10", "9" * 40):
        r = client.get(f"/api/tables/nope/replay?n={bad}")
        assert r.status_code == 422 and r.json()["error"] == "malformed", (bad, r.text)
    assert client.get("/api/tables/nope/replay?n=3").status_code == 404  # read, then no such table


def test_a_long_lang_is_not_echoed(client: TestClient) -> None:
    for url in ("/api/tables/nope/replay", "/api/records"):
        r = client.request("GET" if "replay" in url else "POST", f"{url}?lang={'x' * 5000}", headers=JSON)
        assert r.status_code == 400 and "xxx" not in r.text and len(r.text) < 200


def test_a_loopback_server_answers_only_its_own_names() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, allowed_hosts=LOOPBACK_HOSTS),
                    base_url="http://127.0.0.1:8000") as c:
        assert c.get("/healthz").status_code == 200
        assert c.get("/healthz", headers={"host": "localhost:8000"}).status_code == 200
        assert c.get("/healthz", headers={"host": "[::1]:8000"}).status_code == 200
        r = c.post("/api/tables", json={"game": "tarot"},
                   headers={"host": "evil.example:8000", "origin": "http://evil.example:8000"})
        assert r.status_code == 400 and r.json()["error"] == "bad_host"
        with pytest.raises(WebSocketDisconnect) as closed, c.websocket_connect("/ws/x", headers={"host": "evil.example"}) as ws:
            ws.receive_json()
        assert closed.value.code == 1008
    assert allowed_hosts("127.0.0.1", None) == list(LOOPBACK_HOSTS) and allowed_hosts("0.0.0.0", None) is None
    assert allowed_hosts("127.0.0.1", "*") is None


# --- finding 3: a match to a target ends ---------------------------------------------------------

def test_a_target_match_ends_after_max_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("atout.games.triomphe.state.MAX_DEALS", 3, raising=False)
    g = atout.new_game("triomphe", players=2, seed=5, target=10_000)
    for _ in range(3000):  # bounded: three deals take a few hundred moves
        if g.is_terminal():
            break
        g.apply(g.legal_actions()[0])
    assert g.is_terminal() and len(g.log) == 3


def test_starting_scores_stay_below_the_target() -> None:
    with pytest.raises(ValueError, match="below the target"):
        atout.new_game("triomphe", players=2, seed=1, target=5, scores=[5, 0])
    with pytest.raises(ValueError, match=r"0\.\.10000"):
        atout.new_game("triomphe", players=2, seed=1, scores=[10**9, 0])
    assert atout.new_game("triomphe", players=2, seed=1, target=5, scores=[4, 0]).scores == [4, 0]


def test_a_web_target_table_has_the_web_deal_cap(client: TestClient) -> None:
    assert CreateTable(game="triomphe", target=10_000).deals == MAX_WEB_DEALS
    assert CreateTable(game="triomphe", options={"target": 50}).deals == MAX_WEB_DEALS
    r = table(client, target=10_000)
    assert r.status_code == 200 and r.json()["table"]["options"]["deals"] == MAX_WEB_DEALS


# --- finding 11: options cannot carry creation arguments or a second value -------------------------

@pytest.mark.parametrize("key", ["seed", "deal", "dealer", "players", "variant", "scores"])
def test_creation_arguments_in_options_are_refused(client: TestClient, key: str) -> None:
    r = table(client, options={key: 1})
    assert r.status_code == 422 and f"options.{key}" in r.json()["message"], r.text


def test_two_values_for_one_field_are_refused(client: TestClient) -> None:
    r = table(client, deals=5, options={"deals": 100_000})
    assert r.status_code == 422 and "given twice" in r.json()["english"], r.text
    assert table(client, deals=5, options={"deals": 5}).status_code == 200


# --- finding 6: the uploads' storage quota -------------------------------------------------------

def test_uploads_have_a_storage_quota() -> None:
    first, second, third = finished(1), finished(2), finished(3)
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0, upload_quota=2 * len(first))) as c:
        assert c.post("/api/records", content=first, headers=JSON).status_code == 200
        assert c.post("/api/records", content=second, headers=JSON).status_code == 200
        r = c.post("/api/records", content=third, headers=JSON)
        assert r.status_code == 429 and r.json()["error"] == "upload_quota", r.text
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0, upload_total=len(first) + 10)) as c:
        assert c.post("/api/records", content=first, headers=JSON).status_code == 200
        r = c.post("/api/records", content=second, headers=JSON)
        assert r.status_code == 507 and r.json()["error"] == "storage_full", r.text


# --- finding 10: atout serve's arguments, database and port -----------------------------------------

def never_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of refusals never runs a server: uvicorn's entry points fail at once instead."""
    import uvicorn

    def served(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("the server was started")

    monkeypatch.setattr(uvicorn, "run", served)
    monkeypatch.setattr(uvicorn.Server, "run", served)


@pytest.mark.parametrize("args", [["--bot-delay", "nan"], ["--bot-delay", "1e999"], ["--bot-delay", "1e9"],
                                  ["--http-rate", "nan"], ["--http-rate", "inf"], ["--host", "999.1.1.1"],
                                  ["--db", "postgresql://u:p@127.0.0.1:2/db"]])
def test_serve_refuses_in_one_line(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    never_serve(monkeypatch)
    db = ["--db", f"sqlite:///{tmp_path / 'a.db'}"] if "--db" not in args else []
    assert main(["serve", "--port", "1", *db, *args]) == 2
    out, err = capsys.readouterr()
    assert "serving on" not in out and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


@pytest.mark.parametrize("query", ["?connect_timeout=1", ""])
def test_serve_refuses_a_database_that_accepts_but_never_answers(query: str, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A PostgreSQL URL whose port takes the connection and says nothing (the server's own port, say, which serve
    binds first): one line and exit 2 after the connect timeout (the URL's, else store.CONNECT_TIMEOUT, made 1 s
    here), not minutes of waiting."""
    never_serve(monkeypatch)
    monkeypatch.setattr(store, "CONNECT_TIMEOUT", 1)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        started = time.monotonic()
        assert main(["serve", "--port", "1", "--db", f"postgresql://u:p@127.0.0.1:{port}/db{query}"]) == 2
        waited = time.monotonic() - started
    out, err = capsys.readouterr()
    assert "serving on" not in out and "cannot connect" in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and waited < 30, waited  # the timeout cut it (without one, psycopg waited over two minutes)


def test_serve_refuses_a_port_in_use_before_serving(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    never_serve(monkeypatch)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'a.db'}"]) == 2
    out, err = capsys.readouterr()
    assert "serving on" not in out and "in use" in err and len(err.strip().splitlines()) == 1, err


# --- finding 9: one lock per file, whatever its name ---------------------------------------------

def test_the_lock_holds_for_a_hard_link(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    db.touch()
    first = lock_database(f"sqlite:///{db}")
    assert first is not None
    try:
        os.link(db, tmp_path / "hard.db")
        with pytest.raises(DatabaseInUse, match="already served"):
            lock_database(f"sqlite:///{tmp_path / 'hard.db'}")
    finally:
        first.release()
    again = lock_database(f"sqlite:///{tmp_path / 'hard.db'}")  # released: the other name may take it
    assert again is not None
    again.release()


# --- finding 8: the replay worker ends with its server ---------------------------------------------

def _alive(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)  # reaped if it was our child and has ended
    except ChildProcessError:
        pass
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_replay_worker_stops_with_its_app() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0)) as c:
        assert c.post("/api/records", content=finished(4), headers=JSON).status_code == 200
        pids = [pid for pool in replays._POOLS.values() for pid in pool._processes]
        assert pids
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in pids)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_replay_worker_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    code = ("import time; from atout.web import replays; replays.WARM_SOLVER = False; replays.warm(); "
            "print(*[p for pool in replays._POOLS.values() for p in pool._processes], flush=True); time.sleep(60)")
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")})
    try:
        assert server.stdout is not None
        pids = [int(p) for p in server.stdout.readline().split()]
        assert pids
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(p) for p in pids)  # before: the worker lived on with parent 1


def test_json_of_the_error_shape_is_plain(client: TestClient) -> None:
    r = client.get("/api/no-such-route")
    assert r.status_code == 404 and json.loads(r.text)["error"] == "not_found"
