"""The web store on a real PostgreSQL (psycopg 3): migrations, a game played through the WebSocket, reload.

``ATOUT_TEST_PG_URL`` names the database (``.ci/run`` starts a server on loopback and sets it). Without
it the test is skipped locally; in CI (``CI=true``) a missing PostgreSQL is a failure, not a skip.
"""

from __future__ import annotations

import uuid
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

import atout  # noqa: E402
from atout.web import create_app  # noqa: E402
from atout.web.hub import build_state  # noqa: E402
from atout.web.store import Store  # noqa: E402
from pg_gate import require_pg  # noqa: E402

PG_URL = require_pg()

from fastapi.testclient import TestClient  # noqa: E402

pytestmark = pytest.mark.xdist_group("postgresql")  # one database for the run: its tests on one xdist worker


def test_migrations_are_idempotent_and_tables_exist() -> None:
    assert PG_URL is not None
    s1 = Store(PG_URL)
    s2 = Store(PG_URL)  # a second start runs no migration twice
    table_id = "pg" + uuid.uuid4().hex[:8]
    s1.create_table(table_id, "triomphe", "classic", 2, 5, {"target": 5}, "easy", [("human", "h"), ("bot", None)])
    s1.add_move(table_id, 0, 0, "no_concession")
    assert s2.moves(table_id) == [(0, "no_concession")]
    assert s2.table(table_id) is not None and s2.table(table_id).options == {"target": 5}  # type: ignore[union-attr]


def test_a_game_on_postgresql_survives_a_new_app() -> None:
    """Play part of a deal, build a fresh app on the same database: the table is exactly where it was."""
    assert PG_URL is not None
    with TestClient(create_app(PG_URL, bot_delay=0)) as client:
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "seed": 77}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            played = 0
            while played < 6:
                f: dict[str, Any] = ws.receive_json()
                if f["type"] != "state" or f["obs"]["current_player"] != 0 or not f["obs"]["legal_actions"]:
                    continue
                ws.send_json({"type": "act", "action": f["obs"]["legal_actions"][0], "n": f["n"]})
                played += 1
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        moves = list(live.moves)  # the committed moves (a move being committed is not in it yet)
        committed = build_state(live.game, live.players, live.variant, live.seed, live.options, moves)
        hands = [committed.observation(s).to_json()["hand"] for s in range(4)]
    with TestClient(create_app(PG_URL, bot_delay=0)) as again:
        fresh = again.app.state.hub.get(t["id"])  # type: ignore[attr-defined]
        assert fresh is not None and fresh.moves[: len(moves)] == moves
        if len(fresh.moves) == len(moves):
            assert [fresh.state.observation(s).to_json()["hand"] for s in range(4)] == hands
    assert atout.game_info("tarot").name == "tarot"


def test_a_128_bit_seed_and_a_canonical_upload_on_postgresql() -> None:
    """Migration 0002 on PostgreSQL: seeds up to 2**128 - 1 (BIGINT stopped at 2**63), records found by hash."""
    assert PG_URL is not None
    store = Store(PG_URL)
    table_id = "pg" + uuid.uuid4().hex[:8]
    store.create_table(table_id, "triomphe", "classic", 2, 2**128 - 1, {}, "easy", [("human", "h"), ("bot", None)])
    row = Store(PG_URL).table(table_id)
    assert row is not None and row.seed == 2**128 - 1
    g = atout.new_game("triomphe", players=2, seed=uuid.uuid4().int % 10**6)
    g.apply("concede")
    g.apply("accept")
    body = atout.dumps({**g.to_record(), "padding": "x" * 1000})
    with TestClient(create_app(PG_URL, bot_delay=0)) as client:
        up = client.post("/api/records", content=body, headers={"content-type": "application/json"}).json()
        again = client.post("/api/records", content=body, headers={"content-type": "application/json"}).json()
        assert again == {**up, "existing": True}
        stored = client.app.state.store.table(up["id"])  # type: ignore[attr-defined]
        assert stored.record == g.to_record() and "padding" not in stored.record
        assert client.get(f"/api/tables/{up['id']}/replay?n=1").json()["n"] == 1


def test_processes_starting_at_once_on_a_fresh_database_migrate_in_turn() -> None:
    """Several server processes started together on a new database (a site's first start) each migrate: under the
    migration lock they take turns, where two concurrent CREATE TABLE alembic_version failed with a duplicate type."""
    import threading

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    assert PG_URL is not None
    name = "atout_mig_" + uuid.uuid4().hex[:8]
    admin = create_engine(PG_URL.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE DATABASE {name}"))
    try:
        url = make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
        errors: list[BaseException] = []

        def start() -> None:
            try:
                Store(url).engine.dispose()
            except BaseException as exc:  # gathered for the assertion below
                errors.append(exc)

        threads = [threading.Thread(target=start) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert errors == []
        with create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1)).connect() as c:
            assert c.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    finally:
        with admin.connect() as c:
            c.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()
