"""Issue 16, point 9: strict types in every client message, a clear word for ``1e999``, refusals logged
at a bounded rate; and point 8's seed column: 128-bit seeds round-trip, migration 0002 keeps every row.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

import sqlalchemy as sa  # noqa: E402
from alembic import command  # noqa: E402
from alembic.config import Config  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from atout.web import create_app, limits  # noqa: E402
from atout.web.messages import BadMessage, CreateTable, JoinTable, parse_client  # noqa: E402
from atout.web.models import record_hash  # noqa: E402
from atout.web.store import Store, _engine  # noqa: E402

JSON = {"content-type": "application/json"}


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0)) as c:
        yield c


@pytest.mark.parametrize("seat", ['"1"', "true", "1.0", "1e999", "[1]"])
def test_join_takes_a_json_integer_seat_only(client: TestClient, seat: str) -> None:
    t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "fill": False}).json()
    r = client.post(f"/api/tables/{t['id']}/join", content=f'{{"seat": {seat}}}', headers=JSON)
    assert r.status_code == 422 and r.json()["error"] == "malformed", r.text
    assert r.json()["english"].startswith("seat: ") and r.json()["field"] == "seat"
    assert client.get(f"/api/tables/{t['id']}").json()["seats"][1]["kind"] == "empty"  # nothing changed
    assert client.post(f"/api/tables/{t['id']}/join", content='{"seat": 1}', headers=JSON).json()["seat"] == 1


@pytest.mark.parametrize(("frame", "where"), [
    ('{"type": "act", "action": "pass", "n": "3"}', "act.n"),
    ('{"type": "act", "action": "pass", "n": 3.0}', "act.n"),
    ('{"type": "act", "action": "pass", "n": true}', "act.n"),
    ('{"type": "act", "action": "pass", "typed": "yes"}', "act.typed"),
    ('{"type": "act", "action": "pass", "typed": 1}', "act.typed"),
    ('{"type": "hello", "token": 12}', "hello.token"),
])
def test_frames_are_strict(frame: str, where: str) -> None:
    with pytest.raises(BadMessage) as caught:
        parse_client(frame)
    assert f"malformed message: {where}: " in str(caught.value)
    assert parse_client('{"type": "act", "action": "pass", "n": 3}').n == 3  # type: ignore[union-attr]


def test_a_number_too_large_to_read_is_said_so(client: TestClient) -> None:
    expected = "number out of range (too large to read)"
    with pytest.raises(BadMessage) as caught:
        parse_client('{"type": "act", "action": "pass", "n": 1e999}')
    assert str(caught.value).startswith(f"malformed message: act.n: {expected}")
    assert "finite" not in str(caught.value)
    # options.deals is moved up to the deals field before validation (one cap however it arrives).
    for body, where in (('{"game": "tarot", "seed": 1e999}', "seed: "),
                        ('{"game": "tarot", "options": {"deals": 1e999}}', "deals: ")):
        r = client.post("/api/tables", content=body, headers=JSON)
        assert r.status_code == 422 and r.json()["english"].startswith(where + expected), r.text


def test_rest_bodies_are_strict() -> None:
    for bad in ({"game": "tarot", "fill": "yes"}, {"game": "tarot", "players": "4"}, {"game": "tarot", "seed": 5.0}):
        with pytest.raises(ValueError):
            CreateTable.model_validate(bad)
    with pytest.raises(ValueError):
        JoinTable.model_validate({"seat": True})


def test_refusals_are_logged_at_a_bounded_rate(client: TestClient, caplog: pytest.LogCaptureFixture,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "_REFUSALS", limits._RefusalLog(rate=0.001, burst=5))
    t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0}).json()
    with caplog.at_level(logging.WARNING, logger="atout.web"):
        for _ in range(100):
            assert client.post(f"/api/tables/{t['id']}/join", content='{"seat": "1"}', headers=JSON).status_code == 422
        for _ in range(100):
            assert client.post("/api/records", content="{}", headers={"content-type": "text/plain"}).status_code == 415
    lines = [r.getMessage() for r in caplog.records if r.name == "atout.web"]
    assert len(lines) == 5 and all(line.startswith("refused malformed") for line in lines)
    monkeypatch.setattr(limits._REFUSALS, "tokens", 1.0)  # a second later (here: at once), one line says the rest
    with caplog.at_level(logging.WARNING, logger="atout.web"):
        assert limits.log_refusal("malformed", "one more")
    assert "(195 more refusals not logged: bad_content_type ×100, malformed ×95)" in caplog.records[-1].getMessage()


# --- seeds of 128 bits -----------------------------------------------------------------------------

def test_a_128_bit_seed_round_trips_through_the_store() -> None:
    s = Store("sqlite://")
    for i, seed in enumerate((2**128 - 1, 0, 2**63, 5)):
        s.create_table(f"t{i}", "triomphe", "classic", 2, seed, {}, "easy", [("human", "h"), ("bot", None)])
        row = s.table(f"t{i}")
        assert row is not None and row.seed == seed and isinstance(row.seed, int)


def test_a_table_with_a_128_bit_seed_is_played_and_reloaded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    with TestClient(create_app(url, bot_delay=0)) as c:
        t = c.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": 0}).json()
        c.app.state.store.create_table("big", "triomphe", "classic", 2, 2**128 - 1, {}, "easy",  # type: ignore[attr-defined]
                                       [("human", "h"), ("bot", None)])
        assert c.get(f"/api/tables/{t['id']}").status_code == 200
    with TestClient(create_app(url, bot_delay=0)) as again:
        assert again.get("/api/tables/big").json()["players"] == 2
        assert again.app.state.hub.get("big").seed == 2**128 - 1  # type: ignore[attr-defined]


def _at_revision(url: str, revision: str) -> sa.Engine:
    engine = _engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(files("atout.web") / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    return engine


def test_migration_0002_keeps_every_row_and_hashes_the_records(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = _at_revision(url, "0001")
    record: dict[str, Any] = {"format": "atout-record/1", "game": "triomphe", "n": [1, 2]}
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO web_tables (id, game, variant, players, seed, options, level, status, source, "
                             "record, returns) VALUES ('old', 'triomphe', 'classic', 2, 9007199254740993, '{}', 'easy', "
                             "'over', 'played', :rec, '[1, 0]')"), {"rec": '{"n": [1, 2], "game": "triomphe", '
                                                                           '"format": "atout-record/1"}'})
        conn.execute(sa.text("INSERT INTO web_seats (table_id, seat, kind, name) VALUES ('old', 0, 'bot', '')"))
        conn.execute(sa.text("INSERT INTO web_actions (table_id, idx, kind, seat, action) VALUES ('old', 0, 'move', 0, 'x')"))
    engine.dispose()
    store = Store(url)  # migrates to the head
    row = store.table("old")
    assert row is not None and row.seed == 9007199254740993 and row.returns == [1, 0]
    assert row.record_hash == record_hash(record) and store.find_record(record_hash(record)) == "old"
    assert [s.kind for s in store.seats("old")] == ["bot"] and store.moves("old") == [(0, "x")]
    store.create_table("new", "triomphe", "classic", 2, 2**128 - 1, {}, "easy", [("bot", None), ("bot", None)])
    assert store.table("new").seed == 2**128 - 1  # type: ignore[union-attr]
