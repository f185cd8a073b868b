"""Issue 21's third attack (ATTACK3-report.md): the fixes of findings 2, 3, 4, 6 and 7 on the server's shared parts.

2. One table's searching bots cannot hold another table's: the search pool serves the least served table first.
3. Analyses have a worker of their own (replays are answered meanwhile), one at a time per address, and each
   address has a share of it (the seventh session).
4. A resync from a socket whose last frame is current gets one full frame per few seconds, not one each.
6. The analyses' worker loads the solver at the server's start, not at the first analysis.
7. A server stopped by SIGTERM leaves no semaphore to the resource tracker ("leaked semaphore objects").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from atout.web import create_app, fanout, replays
from atout.web.botpool import FairPool
from atout.web.replays import Replays, Running
from test_web_restart import free_port, httpx, ws_client

pytestmark = pytest.mark.xdist_group("web_harden")


def run_tables(pool: FairPool, tables: dict[str, tuple[float, int]], clock: list[float]) -> list[str]:
    """Each table ``key -> (cost, rounds)`` asks ``rounds`` decisions one after the other, as a table's bot loop
    does (the next once the last is answered: here at once, in the answer's callback, so the order depends on
    the pool alone, not on the machine's load); a decision advances the fake ``clock`` by its cost. The order
    in which decisions started (the first waits until every table has asked)."""
    starts: list[str] = []
    left = {key: rounds for key, (_, rounds) in tables.items()}
    asked, finished = threading.Event(), threading.Event()

    def decision(key: str, cost: float) -> str:
        asked.wait(10)
        starts.append(key)
        clock[0] += cost
        return key

    def ask(key: str) -> None:
        pool.submit_for(key, decision, key, tables[key][0]).add_done_callback(lambda _f: answered(key))

    def answered(key: str) -> None:
        left[key] -= 1
        if left[key]:
            ask(key)
        elif not any(left.values()):
            finished.set()

    for key in tables:
        ask(key)
    asked.set()
    assert finished.wait(30)
    return starts


def test_a_table_thinking_little_waits_for_one_decision_at_most_not_for_every_busy_table() -> None:
    clock = [0.0]
    pool = FairPool(ThreadPoolExecutor(1), 1, clock=lambda: clock[0])
    busy = [f"master{i}" for i in range(6)]  # one visitor's six "Watch bots" master tables: 2 s a decision
    starts = run_tables(pool, {**{k: (2.0, 4) for k in busy}, "hard": (0.3, 8)}, clock)
    pool.shutdown()
    # A new table waits for each busy table's one decision at most; then, having used less time, it goes first
    # whenever the worker frees, until it has used as much as they have (7 × 0.3 s > 2 s); then they take turns.
    # A plain pool (first come first served) puts the six masters ahead of each of its decisions.
    assert starts == busy + ["hard"] * 7 + busy + ["hard"] + busy + busy


def test_equal_tables_take_turns_and_a_cancelled_decision_is_skipped() -> None:
    clock = [0.0]
    pool = FairPool(ThreadPoolExecutor(1), 1, clock=lambda: clock[0])
    starts = run_tables(pool, {"a": (1.0, 3), "b": (1.0, 3), "c": (1.0, 3)}, clock)
    assert starts == ["a", "b", "c"] * 3
    gate = ThreadPoolExecutor(1)
    held = FairPool(gate, 1)
    blocker = held.submit_for("x", clock.__len__)
    blocker.result(timeout=5)
    slow = held.submit_for("x", time.sleep, 0.2)
    waiting = held.submit_for("y", clock.__len__)
    assert waiting.cancel()  # still queued behind x's decision: cancelled (its table closed)
    assert slow.result(timeout=5) is None and held.submit_for("z", clock.__len__).result(timeout=5) == 1
    held.shutdown()


@pytest.fixture
def workers() -> Iterator[None]:
    """The replay and analysis workers of this process, started and stopped around a test."""
    replays.warm()
    try:
        yield
    finally:
        replays.stop()


def test_a_replay_is_answered_while_an_analysis_holds_its_worker(workers: None) -> None:
    async def main() -> None:
        r = Replays(budget=8.0)
        assert await r.run(int, kind="analysis") == 0 and await r.run(int) == 0  # both workers up
        analysis = asyncio.create_task(r.run(time.sleep, 3.0, kind="analysis"))
        await asyncio.sleep(0.2)
        assert await r.run(abs, -3) == 3  # the replays' worker was free: no wait behind the analysis
        assert not analysis.done()  # (with one worker for both, the replay came after the analysis)
        await analysis

    asyncio.run(main())


def test_one_analysis_at_a_time_per_address(workers: None) -> None:
    gate = threading.Event()

    def record() -> str:  # the first analysis is held while its record is read
        gate.wait(10)
        return "not json"

    async def main() -> None:
        r = Replays(budget=8.0)
        first = asyncio.create_task(r.analysis("t1", record, 1, "fr", "10.0.0.1"))
        await asyncio.sleep(0.1)
        with pytest.raises(Running) as fr:
            await r.analysis("t1", record, 2, "fr", "10.0.0.1")
        assert str(fr.value) == "une analyse à la fois par adresse\u00a0: attendez la fin de la précédente"
        with pytest.raises(Running) as en:
            await r.analysis("t2", record, 1, "en", "10.0.0.1")
        assert str(en.value) == "one analysis at a time from one address: wait for the previous one to end"
        other = await r.analysis("t3", lambda: "not json", 1, "en", "10.0.0.2")  # another address: served
        assert other["refused"] == "replay_failed"
        gate.set()
        assert (await first)["refused"] == "replay_failed"
        assert (await r.analysis("t4", lambda: "[]", 1, "fr", "10.0.0.1"))["refused"]  # its turn again

    asyncio.run(main())


def test_an_address_past_its_share_of_the_analyses_worker_waits_and_a_kept_analysis_costs_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One visitor asking analyses one after the other kept the one worker busy for everybody (closing note of
    the sixth session): each computed analysis now costs its address the worker's CPU seconds it took, earned
    back at ``ANALYSIS_SHARE`` a second. Here an analysis "costs" 5 s of the worker (faked) and 4 s are saved."""
    monkeypatch.setattr(replays, "ANALYSIS_SAVED", 4.0)
    computed: list[tuple[str, int]] = []

    class Faked(Replays):
        async def run(self, fn: object, *args: object, kind: str = "replay") -> dict[str, object]:
            text, deal = args[0], args[1]
            assert isinstance(text, str) and isinstance(deal, int)
            computed.append((text, deal))
            return {"langs": {lang: {"summary": f"{text} {deal} {lang}"} for lang in ("fr", "en")}, "seconds": 5.0}

    async def main() -> None:
        r = Faked()
        assert await r.analysis("t1", lambda: "rec1", 1, "fr", "10.0.0.1") == {"summary": "rec1 1 fr"}
        # 4 s saved - 5 s spent = -1 s: nothing left, 1 / 0.1 = 10 s to wait (a second less would still be short)
        with pytest.raises(Running) as fr:
            await r.analysis("t1", lambda: "rec1", 2, "fr", "10.0.0.1")
        assert (fr.value.code, fr.value.retry_after) == ("analysis_share", 10)
        assert str(fr.value) == ("cette adresse a eu sa part d'analyses pour l'instant\u00a0: réessayez dans 10\u00a0s")
        with pytest.raises(Running) as en:
            await r.analysis("t2", lambda: "rec2", 1, "en", "10.0.0.1")
        assert str(en.value) == "this address has had its share of analyses for now: try again in 10 s"
        # the same deal in the other language was computed with the first: answered, nothing spent
        assert await r.analysis("t1", lambda: "rec1", 1, "en", "10.0.0.1") == {"summary": "rec1 1 en"}
        # another address has its own share
        assert await r.analysis("t2", lambda: "rec2", 1, "en", "10.0.0.2") == {"summary": "rec2 1 en"}
        assert computed == [("rec1", 1), ("rec2", 1)]
        r.shares["10.0.0.1"].tokens = 0.0  # ten seconds later (earned back): served again
        assert await r.analysis("t1", lambda: "rec1", 2, "fr", "10.0.0.1") == {"summary": "rec1 2 fr"}

    asyncio.run(main())


def test_refusals_are_kept_apart_cost_a_least_charge_and_one_analysis_is_computed_once_for_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack 9: (1) 70 deals out of range, 3 ms of the worker each, pushed every kept analysis out of the store,
    and everybody paid again; (2) ten addresses asking the same new deal at once had it computed twice (and
    8 got 503). Refusals are now kept apart and cost ``ANALYSIS_LEAST`` at least; a deal being computed is
    waited for by the others, free."""
    monkeypatch.setattr(replays, "ANALYSES_KEPT", 2)
    runs: list[int] = []
    gate = asyncio.Event()

    class Faked(Replays):
        async def run(self, fn: object, *args: object, kind: str = "replay") -> dict[str, object]:
            deal = args[1]
            assert isinstance(deal, int)
            runs.append(deal)
            if deal == 9:  # the shared link's deal: held until the others have asked
                await gate.wait()
            if deal > 3:  # out of range: a refusal in 3 ms
                return {"langs": {lang: {"refused": "bad_deal"} for lang in ("fr", "en")}, "seconds": 0.003}
            return {"langs": {lang: {"summary": f"deal {deal}"} for lang in ("fr", "en")}, "seconds": 1.0}

    async def main() -> None:
        r = Faked()
        assert await r.analysis("t", lambda: "rec", 1, "fr", "10.0.0.1") == {"summary": "deal 1"}
        saved = r.shares["10.0.0.1"].tokens
        for deal in range(10, 20):  # ten refusals from another address: the analysis stays kept
            assert (await r.analysis("t", lambda: "rec", deal, "fr", "10.0.0.2"))["refused"] == "bad_deal"
        assert await r.analysis("t", lambda: "rec", 1, "en", "10.0.0.3") == {"summary": "deal 1"}
        assert runs.count(1) == 1 and r.shares["10.0.0.1"].tokens >= saved  # kept: not computed, not charged
        # each refusal cost 0.2 s, not 3 ms: 30 s saved - 10 × 0.2 s, give or take the time earned meanwhile
        assert 27.9 < r.shares["10.0.0.2"].tokens < 28.2, r.shares["10.0.0.2"].tokens
        # the shared link: one computation, every asker served, only the first charged
        first = asyncio.create_task(r.analysis("t", lambda: "rec", 9, "fr", "10.0.1.1"))
        await asyncio.sleep(0.05)
        others = [asyncio.create_task(r.analysis("t", lambda: "rec", 9, "en", f"10.0.2.{i}")) for i in range(5)]
        await asyncio.sleep(0.05)
        gate.set()
        assert [await o for o in others] == [{"refused": "bad_deal"}] * 5
        assert await first == {"refused": "bad_deal"} and runs.count(9) == 1
        assert not any(f"10.0.2.{i}" in r.shares for i in range(5))  # they were not charged

    asyncio.run(main())


def _root_signatures() -> int:
    """In a worker: the signatures numba has compiled or loaded for the solver's kernel (none until first used)."""
    from atout.analysis import _dd

    return len(_dd.root.signatures)


def test_warm_loads_the_solver_in_the_analyses_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    monkeypatch.setattr(replays, "WARM_SOLVER", True)  # as a server starts (the suite's apps skip it)
    replays.warm()
    try:  # asked after the warm-up, in the same one worker: after it
        assert replays._pool("analysis").submit(_root_signatures).result(timeout=300) >= 1
    finally:
        replays.stop()


def test_resyncs_of_a_current_socket_get_one_full_frame_then_one_late(monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    monkeypatch.setattr(fanout, "RESYNC_EVERY", 1.0)
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = client.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": 0, "seed": 8}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en", "deltas": True})
            assert ws.receive_json()["type"] == "welcome"
            first = ws.receive_json()
            assert first["type"] == "state" and first["obs"]["current_player"] == 0  # the table waits for seat 0
            for _ in range(5):
                ws.send_json({"type": "resync"})
            ws.send_json({"type": "ping"})
            got = [ws.receive_json()["type"] for _ in range(2)]
            assert got == ["state", "pong"]  # one full frame for five resyncs (before: five)
            late = ws.receive_json()  # the others' answer, one frame, about a second later
            assert late["type"] == "state" and late["n"] == first["n"]
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"  # and nothing more


def test_a_server_stopped_by_sigterm_after_bot_moves_leaks_no_semaphore(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "server.err"
    code = f"from atout.cli.main import main; main(['serve', '--port', '{port}', '--db', 'sqlite:///{tmp_path / 't.db'}'])"
    env = {**os.environ, "ATOUT_WARM_SOLVER": "1"}  # as in production: the analyses' worker started too, then stopped
    with log.open("wb") as err:  # a file, not a pipe: a process the server left would hold a pipe open
        server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=err, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            time.sleep(0.2)
        t = httpx.post(f"{base}/api/tables", json={"game": "tarot", "seat": None, "level": "medium"},
                       headers={"Origin": base}).json()
        with ws_client.connect(f"ws://127.0.0.1:{port}/ws/{t['id']}", origin=base) as ws:
            ws.send(json.dumps({"type": "hello", "lang": "fr"}))
            n, deadline = 0, time.monotonic() + 60
            while n < 3 and time.monotonic() < deadline:  # the cheap bots' pool has played
                n = json.loads(ws.recv(timeout=60)).get("n", n)
        assert n >= 3
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    time.sleep(2)  # the resource tracker speaks once the server is gone
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "leaked semaphore" not in text, text  # before: "5 leaked semaphore objects" (the cheap bots' pool)
