"""Issue 16, points 3 and 8: uploads and replays off the event loop, capped, cached and rate-limited;
the canonical record stored (no padding), found again by an indexed hash; cross-site POSTs refused.

The responsiveness tests time ``/healthz`` on the same event loop while a long record (501 deals of
the tarot of 1637, 1.4 MB, ~0.7 s to replay) is uploaded and replayed: before, the loop stopped for the
whole replay.
"""

from __future__ import annotations

import asyncio
import copy
import json
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

import httpx  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

import atout  # noqa: E402
from atout.core.errors import RecordError  # noqa: E402
from atout.present.records import say_refusal  # noqa: E402
from atout.records import replay  # noqa: E402
from atout.web import create_app  # noqa: E402
from atout.web.models import record_hash  # noqa: E402
from atout.web.replays import MAX_RECORD_DEALS, check_upload, replay_view  # noqa: E402
from atout.web.views import full_view  # noqa: E402

JSON = {"content-type": "application/json"}
STATIC = Path(__file__).resolve().parents[1] / "src" / "atout" / "web" / "static"


def finished(game: str, players: int, seed: int, **match: Any) -> dict[str, Any]:
    g = atout.new_game(game, players=players, seed=seed, **match)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    return g.to_record()


@pytest.fixture(scope="module")
def long_record() -> bytes:
    """501 deals of tarot1637 at three (whole rounds, D15): 1.4 MB, under the 2 MB upload limit, over the default deal cap."""
    return atout.dumps(finished("tarot1637", 3, 3, deals=501)).encode()


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0)) as c:
        yield c


def upload(client: TestClient, rec: Any, lang: str = "fr") -> httpx.Response:
    body = rec if isinstance(rec, bytes) else json.dumps(rec).encode()
    return client.post(f"/api/records?lang={lang}", content=body, headers=JSON)


# --- the event loop stays free ---------------------------------------------------------------------

async def _timed_health_while(client: httpx.AsyncClient, work: Any) -> tuple[httpx.Response, float, float]:
    """Run ``work`` and ask /healthz every 10 ms meanwhile: its answer, its duration, and the longest time
    one round (a /healthz and a 10 ms sleep) took beyond its sleep: how long the event loop was held."""
    start = time.perf_counter()
    task = asyncio.ensure_future(work)
    slowest = 0.0
    while not task.done():
        t = time.perf_counter()
        assert (await client.get("/healthz")).status_code == 200
        await asyncio.sleep(0.01)
        slowest = max(slowest, time.perf_counter() - t - 0.01)
    return await task, time.perf_counter() - start, slowest


def test_a_long_upload_and_its_replay_leave_the_event_loop_free(long_record: bytes) -> None:
    async def scenario() -> list[tuple[httpx.Response, float, float]]:
        app = create_app("sqlite://", bot_delay=0, http_rate=100.0, max_deals=1000, budget=30.0)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as c:
            warm = await c.post("/api/records", content=json.dumps(finished("triomphe", 2, 5)), headers=JSON)
            assert warm.status_code == 200  # the worker process is started
            up = await _timed_health_while(c, c.post("/api/records", content=long_record, headers=JSON))
            table = up[0].json()["id"]
            last = await _timed_health_while(c, c.get(f"/api/tables/{table}/replay?n=1000000000"))
            return [up, last]

    for answer, took, slowest in asyncio.run(scenario()):
        assert answer.status_code == 200, answer.text
        assert took > 0.3  # real work (the replay alone is ~0.7 s on one idle core)
        # In the event loop, /healthz waited for the whole replay; now it answers in a few ms (17-28 ms measured
        # at a load average of 9 on two cores): bounded loosely, for a busy machine.
        assert slowest < min(1.0, took / 3), f"/healthz took {slowest:.3f} s while the work took {took:.3f} s"


# --- caps, budget, rate --------------------------------------------------------------------------

def test_a_record_over_the_deal_cap_is_refused_with_its_code() -> None:
    rec = finished("tarot", 4, 8, deals=3)
    with TestClient(create_app("sqlite://", bot_delay=0, max_deals=2)) as c:
        for lang, word in (("fr", "Trop de donnes fournies\u00a0: 3 (au plus 2)."),
                           ("en", "Too many given deals: 3 (at most 2).")):
            r = upload(c, rec, lang)
            assert r.status_code == 400
            assert (r.json()["code"], r.json()["params"], r.json()["message"]) == (
                "too_many_deals", {"count": 3, "limit": 2}, word)
    assert check_upload(atout.dumps(rec).encode(), 5.0, MAX_RECORD_DEALS).get("refused") is None  # 200 by default


def test_the_default_caps_refuse_the_long_record(client: TestClient, long_record: bytes) -> None:
    r = upload(client, long_record)
    assert r.status_code == 400 and r.json()["code"] == "too_many_deals"
    assert r.json()["params"] == {"count": 501, "limit": MAX_RECORD_DEALS}
    assert upload(client, b" " * 2_000_001).status_code == 413


def test_a_record_without_a_result_is_refused(client: TestClient) -> None:
    rec = finished("triomphe", 2, 5)
    del rec["result"]  # a finished game stating nothing
    g = atout.new_game("tarot", players=4, seed=2)
    g.apply(g.legal_actions()[0])  # a game in progress
    for bad in (rec, g.to_record()):
        for lang in ("fr", "en"):
            r = upload(client, bad, lang)
            assert r.status_code == 400 and r.json()["code"] == "missing_result", r.text
            assert r.json()["message"] == say_refusal("missing_result", {}, lang)
    assert "fini" in say_refusal("missing_result", {}, "fr") and "finished" in say_refusal("missing_result", {}, "en")
    assert client.get("/api/tables?status=over").json() == []  # nothing listed as finished


def test_over_the_time_budget_is_503_too_slow(long_record: bytes) -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, max_deals=1000, budget=0.05)) as c:
        r = upload(c, long_record, "en")
        assert r.status_code == 503, r.text
        assert (r.json()["error"], r.json()["code"]) == ("too_slow", "too_slow")
        assert r.json()["message"] == "This record takes the server too long: try again later."
    refused = check_upload(long_record, 0.0, 1000)  # the worker's own check
    assert refused["refused"] == "too_slow"


def test_replays_are_rate_limited_per_address_and_n_is_clamped() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, replay_rate=1.0)) as c:
        up = upload(c, finished("triomphe", 2, 5)).json()
        total = up["moves"]
        first = c.get(f"/api/tables/{up['id']}/replay?n=1000000000")
        assert first.status_code == 200 and (first.json()["n"], first.json()["total"]) == (total, total)
        assert c.get(f"/api/tables/{up['id']}/replay?n=-4").json()["n"] == 0
        codes = [c.get(f"/api/tables/{up['id']}/replay?n=1").status_code for _ in range(12)]
        assert codes[:8] == [200] * 8 and codes[-1] == 429  # a burst of 10 a second's worth, then refused
        r = c.get(f"/api/tables/{up['id']}/replay?n=1&lang=en")
        assert (r.json()["error"], r.json()["message"]) == ("rate_limited", "Too many requests: wait a little.")


def test_a_position_asked_again_is_not_replayed_again(client: TestClient) -> None:
    up = upload(client, finished("tarot", 4, 8)).json()
    replays = client.app.state.replays  # type: ignore[attr-defined]
    calls: list[Any] = []
    work = replays.run

    async def counted(fn: Any, *args: Any) -> Any:
        calls.append(fn.__name__)
        return await work(fn, *args)

    replays.run = counted
    views = [client.get(f"/api/tables/{up['id']}/replay?n=7").json() for _ in range(3)]
    assert views[0] == views[1] == views[2] and calls == ["replay_view"]


# --- the replay's positions ------------------------------------------------------------------------

def truncated(record: dict[str, Any], n: int) -> dict[str, Any]:
    """The record cut after ``n`` actions, as the replay route cut it before (the reference)."""
    rec = copy.deepcopy(record)
    rec.pop("result", None)
    if "deals" not in rec:
        rec["actions"] = rec["actions"][:n]
        return rec
    kept, left = [], n
    for entry in rec["deals"]:
        full = len(entry["actions"])
        entry.pop("result", None)
        entry["actions"] = entry["actions"][:left]
        kept.append(entry)
        left -= len(entry["actions"])
        if left == 0 and len(entry["actions"]) < full:
            break
    rec["deals"] = kept
    return rec


@pytest.mark.parametrize(("game", "players", "match"), [("tarot", 4, {"deals": 2}), ("triomphe", 2, {}),
                                                        ("mistigri", 3, {"deals": 2}), ("prime", 3, {"deals": 2})])
def test_positions_stepped_forward_back_or_jumped_are_the_truncated_records(game: str, players: int,
                                                                           match: dict[str, Any]) -> None:
    """``replay(until=n)`` and a worker's kept position give what replaying the cut record gave."""
    rec = finished(game, players, 11, **match)
    text = atout.dumps(rec)
    total = sum(len(e["actions"]) for e in rec.get("deals", [rec]))
    order = [*range(total + 1), 3, 1, total, 0, total // 2, total + 9, -2]  # forward, then back, jumps, out of range
    for n in order:
        got = replay_view(f"{game}:test", text, n, "fr", {}, 5.0)
        at = max(0, min(n, total))
        played = got.pop("played", None)  # Tarot's: whether the deal shown can be analysed (its own tests)
        assert (played is not None) == (game == "tarot"), (game, played)
        assert ("next_played" in got) == (game == "tarot"), game  # and where the next played deal is
        got.pop("next_played", None)
        assert got == {**full_view(replay(truncated(rec, at)), "fr", {}), "n": at, "total": total}, (game, n)


# --- what is stored, found again, and who may post -------------------------------------------------

def test_the_canonical_record_is_stored_not_the_padding(client: TestClient) -> None:
    rec = finished("triomphe", 2, 5)
    padded = {**rec, "padding": "x" * 1_000_000}
    up = upload(client, padded).json()
    row = client.app.state.store.table(up["id"])  # type: ignore[attr-defined]
    assert row.record == replay(rec).to_record() and "padding" not in row.record
    again = upload(client, {**rec, "other": [1, 2, 3]}).json()  # the same game, padded otherwise
    assert again == {**up, "existing": True}


def test_the_duplicate_check_reads_one_row_through_its_index(client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    for seed in range(3):
        upload(client, finished("triomphe", 2, seed))
    with store.engine.connect() as conn:
        plan = conn.exec_driver_sql("EXPLAIN QUERY PLAN SELECT id FROM web_tables WHERE record_hash = 'x'").all()
    assert "ix_web_tables_record_hash" in str(plan)
    rec = replay(finished("triomphe", 2, 1)).to_record()
    found = store.find_record(record_hash(rec))
    assert found is not None and store.table(found).record == rec and store.find_record(record_hash({"x": 1})) is None


def test_cross_site_and_non_json_posts_are_refused(client: TestClient) -> None:
    body = json.dumps(finished("triomphe", 2, 5))
    for headers, status, code in (
        ({"content-type": "text/plain"}, 415, "bad_content_type"),
        ({}, 415, "bad_content_type"),
        ({"content-type": "application/x-www-form-urlencoded"}, 415, "bad_content_type"),
        ({**JSON, "origin": "https://evil.example"}, 403, "cross_site"),
        ({**JSON, "origin": "null"}, 403, "cross_site"),
        ({**JSON, "sec-fetch-site": "cross-site"}, 403, "cross_site"),
    ):
        for path in ("/api/records", "/api/tables", "/api/tables/x/join"):
            r = client.post(path, content=body, headers=headers)
            assert (r.status_code, r.json()["error"]) == (status, code), (path, headers)
    assert client.get("/api/tables?status=over").json() == []  # nothing was stored
    ok = client.post("/api/records", content=body, headers={**JSON, "origin": "http://testserver",
                                                            "sec-fetch-site": "same-origin"})
    assert ok.status_code == 200, ok.text


def test_the_front_end_posts_json() -> None:
    """Every POST of the pages declares its JSON body (the server refuses any other)."""
    posts = 0
    for js in STATIC.glob("*.js"):
        for line in js.read_text().splitlines():
            if 'method: "POST"' in line:
                posts += 1
                assert '"Content-Type": "application/json"' in line, (js.name, line)
    assert posts >= 3


def test_records_replay_stops_at_until_and_at_its_deadline() -> None:
    rec = finished("tarot", 4, 8, deals=2)
    assert len(replay(rec, until=5).log[0].actions) == 5 and not replay(rec, until=5).is_terminal()
    with pytest.raises(RecordError) as caught:
        replay(rec, deadline=time.monotonic() - 1)
    assert caught.value.code == "too_slow"
