"""Issue 16, point 2: online deals cannot be worked out from a hand.

A table's seed is 128 bits from the OS's CSPRNG (``secrets``) and drives a keyed-hash generator; a bot's
seed is a keyed hash of the table's seed; a seed the creator chose is told to everyone at the table; the
seed itself is never sent before the end of the game.
"""

from __future__ import annotations

import hashlib
import json
import random
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

import atout  # noqa: E402
import atout.core.rng as rng  # noqa: E402
from atout.core.rng import SECRET_SEED_MIN, KeyedRandom, clone_rng, make_rng, new_seed, seed_bytes  # noqa: E402
from atout.records import dumps, loads, replay  # noqa: E402
from atout.web import create_app  # noqa: E402
from atout.web.hub import Hub, move_seed  # noqa: E402
from atout.web.messages import CreateTable  # noqa: E402
from atout.web.store import Store  # noqa: E402

pytest.importorskip("fastapi.testclient")
from fastapi.testclient import TestClient  # noqa: E402


def test_new_seed_is_128_bits_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: ``secrets.randbits(32)``, 7 h of brute force on one core. Now uniform in [2**64, 2**128)."""
    seen: list[int] = []
    real = rng.secrets.randbelow

    def spy(n: int) -> int:
        seen.append(n)
        return real(n)

    monkeypatch.setattr(rng.secrets, "randbelow", spy)
    seeds = {new_seed() for _ in range(64)}
    assert seen == [2**128 - 2**64] * 64  # the OS's CSPRNG, asked for ~128 bits each time
    assert len(seeds) == 64 and all(SECRET_SEED_MIN <= s < 2**128 for s in seeds)
    assert max(s.bit_length() for s in seeds) == 128  # all below 2**127: a chance of 2**-64


def _hub_without_store_writes(monkeypatch: pytest.MonkeyPatch) -> tuple[Hub, list[int]]:
    """A hub whose store records the seeds it is given (this branch's SQLite column is 64 bits: migration 0002)."""
    hub = Hub(Store("sqlite://"), bot_delay=0)
    stored: list[int] = []
    monkeypatch.setattr(hub.store, "create_table", lambda _id, _g, _v, _p, seed, *a, **k: stored.append(seed))
    return hub, stored


def test_web_tables_draw_secret_seeds_and_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    hub, stored = _hub_without_store_writes(monkeypatch)
    a, _ = hub.create(CreateTable(game="tarot", players=4, seat=0))
    b, _ = hub.create(CreateTable(game="tarot", players=4, seat=0))
    assert stored == [a.seed, b.seed] and a.seed != b.seed
    assert all(SECRET_SEED_MIN <= s < 2**128 for s in stored)
    assert type(a.state.rng) is KeyedRandom  # type: ignore[attr-defined]
    assert a.meta()["seed_chosen"] is False and not a.seed_chosen
    c, _ = hub.create(CreateTable(game="tarot", players=4, seat=0, seed=12))
    assert c.meta()["seed_chosen"] is True
    # A seed the size of a secret one cannot be chosen: the flag is read from the seed's size (restarts too).
    with pytest.raises(ValueError, match="below 2"):
        hub.create(CreateTable.model_construct(game="tarot", players=4, seat=0, seed=2**64, variant=None,
                                               options={}, level="medium", fill=True, deals=None, target=None))


def test_small_seeds_deal_as_before_and_secret_ones_by_keyed_blake2b() -> None:
    """Every seed below 2**64 (tests, docs, old records) keeps Mersenne Twister; larger ones use the keyed stream."""
    assert type(make_rng(2**64 - 1)) is random.Random and type(make_rng(-(2**64) + 1)) is random.Random
    assert make_rng(5).getrandbits(64) == random.Random(5).getrandbits(64)
    seed = 2**100 + 12345
    first = hashlib.blake2b((0).to_bytes(8, "big"), key=seed_bytes(seed)).digest()
    assert make_rng(seed).getrandbits(512) == int.from_bytes(first, "big")  # the construction, pinned
    r = make_rng(seed)
    r.shuffle(list(range(78)))
    c = clone_rng(r)
    assert [c.randrange(78) for _ in range(20)] == [r.randrange(78) for _ in range(20)]


@pytest.mark.parametrize("game", [g.name for g in atout.list_games()])
def test_secret_seeds_keep_games_deterministic_and_records_replayable(game: str) -> None:
    """Same seed + actions = same game; the record holds the 39-digit seed and replays (simulate, tests, replays)."""
    seed = 2**128 - 1
    a, b = atout.new_game(game, seed=seed), atout.new_game(game, seed=seed)
    pick = random.Random(3)
    for _ in range(400):
        if a.is_terminal():
            break
        action = pick.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.to_record() == b.to_record()
    rec = loads(dumps(a.to_record()))
    assert rec["seed"] == seed and len(str(seed)) == 39
    assert replay(rec).to_record() == a.to_record()


def test_cli_simulate_without_seed_prints_a_128_bit_seed_that_repeats_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    from atout.cli.main import main

    assert main(["simulate", "triomphe", "--players", "2", "--deals", "2", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["seed"] >= SECRET_SEED_MIN
    assert main(["simulate", "triomphe", "--players", "2", "--deals", "2", "--json", "--seed", str(first["seed"])]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["seed"] == first["seed"] and again["totals"] == first["totals"] and again["stats"] == first["stats"]


def test_a_bots_seed_reveals_nothing_of_the_table_seed() -> None:
    """Before: ``(seed * 1_000_003 + n * 131 + seat) % 2**62``, so one bot seed gave 62 bits of the table's seed."""
    inverse = pow(1_000_003, -1, 1 << 62)
    table = new_seed()
    for n, seat in ((0, 1), (5, 2), (77, 3)):
        bot = move_seed(table, n, seat)
        assert ((bot - n * 131 - seat) * inverse) % (1 << 62) != table % (1 << 62)  # the old inversion fails
    # Not linear: the seeds of two neighbouring tables differ by no fixed amount.
    gaps = {(move_seed(table + 1, n, 1) - move_seed(table, n, 1)) % (1 << 128) for n in range(20)}
    assert len(gaps) == 20
    assert max(move_seed(table, n, 1).bit_length() for n in range(20)) > 120  # 128-bit outputs
    assert move_seed(table, 4, 2) == move_seed(table, 4, 2)  # still a pure function: restarts replay the bots


def _client() -> TestClient:
    return TestClient(create_app("sqlite://", bot_delay=0))


def test_a_chosen_seed_is_told_to_whoever_joins() -> None:
    with _client() as client:
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "fill": False, "seed": 42}).json()
        assert t["table"]["seed_chosen"] is True
        joined = client.post(f"/api/tables/{t['id']}/join", json={"seat": 2}).json()
        assert client.get(f"/api/tables/{t['id']}").json()["seed_chosen"] is True
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": joined["token"], "lang": "en"})
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome" and welcome["table"]["seed_chosen"] is True
            state = ws.receive_json()
            assert state["type"] == "state" and state["table"]["seed_chosen"] is True
    from atout.present import catalogs  # the page's words: the catalogs' domain web (/texts.js)

    assert all("seedChosen" in catalogs.entries("web", "page", lang) for lang in ("fr", "en"))
    static = __import__("pathlib").Path(atout.__file__).parent / "web" / "static"
    assert any("seed_chosen" in f.read_text("utf-8") for f in static.glob("table*.js"))


def test_no_frame_or_rest_answer_holds_the_seed_before_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game watched by its player: the seed appears nowhere until the record, after the end."""
    seed = 3_141_592_653_589_793_238  # digits found nowhere else (a server draw, kept within this branch's column)
    monkeypatch.setattr("atout.web.hub.new_seed", lambda: seed)
    texts: list[str] = []
    with _client() as client:
        r = client.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": 0, "target": 3})
        t = r.json()
        texts += [r.text, client.get(f"/api/tables/{t['id']}").text, client.get("/api/tables?status=playing").text,
                  client.get(f"/api/tables/{t['id']}/record").text, client.get(f"/api/tables/{t['id']}/replay").text]
        with client.websocket_connect(f"/ws/{t['id']}") as ws, client.websocket_connect(f"/ws/{t['id']}") as spy:
            spy.send_json({"type": "hello"})
            ws.send_json({"type": "hello", "token": t["token"]})
            over = False
            continued = -1
            for _ in range(2000):
                text = ws.receive_text()
                texts.append(text)
                msg: dict[str, Any] = json.loads(text)
                if msg["type"] != "state":
                    continue
                if msg["over"]:
                    over = True
                    break
                if msg["deal_end"] and 0 in msg["deal_end"]["waiting"] and msg["n"] != continued:
                    continued = msg["n"]
                    ws.send_json({"type": "continue"})  # as the player would, not waited for until the timeout
                    continue
                if msg["obs"]["current_player"] == 0 and msg["obs"]["legal_actions"]:
                    ws.send_json({"type": "act", "action": msg["obs"]["legal_actions"][-1], "n": msg["n"]})
            assert over
            texts.append(spy.receive_text())
        record = client.get(f"/api/tables/{t['id']}/record").json()
    assert len(texts) > 10
    for text in texts:
        assert str(seed) not in text and format(seed, "x") not in text
    assert record["seed"] == seed  # published with the record, once the game is over


def test_a_secret_seed_survives_a_restart(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'atout.db'}"
    with TestClient(create_app(url, bot_delay=0)) as client:
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "fill": False}).json()
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        seed, deal = live.seed, live.state.to_record()
    with TestClient(create_app(url, bot_delay=0)) as client:
        again = client.app.state.hub.get(t["id"])  # type: ignore[attr-defined]
        assert again.seed == seed >= SECRET_SEED_MIN and again.state.to_record() == deal
        assert client.get(f"/api/tables/{t['id']}").json()["seed_chosen"] is False


def test_atout_play_without_seed_prints_and_records_the_whole_128_bit_seed(tmp_path: Any) -> None:
    """The header cut a 39-digit seed on an 80-column terminal ("seed 2528416914089134740940100…")."""
    import os
    import re
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="80", LINES="40", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(sys.executable, ["-m", "atout.cli.main", "play", "triomphe", "--players", "2", "--lang", "en",
                                           "--speed", "0", "--records", str(tmp_path)],
                          env=env, encoding="utf-8", timeout=30, dimensions=(40, 80))
    child.expect(r"seed (?:\x1b\[[0-9;]*m)*(\d+)(?:\x1b\[[0-9;]*m)*\s")  # rich may embolden the number
    seed = int(child.match.group(1))
    child.expect(r"Your move")
    child.sendline("q")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    assert seed >= SECRET_SEED_MIN
    [path] = tmp_path.glob("triomphe-*.json")
    assert json.loads(path.read_text("utf-8"))["seed"] == seed and re.search(rf"seed{seed}", path.name)


def test_a_record_with_a_128_bit_seed_can_be_uploaded() -> None:
    """``atout simulate`` and ``atout play`` without --seed now write 39-digit seeds: the server must take them."""
    g = atout.new_game("triomphe", players=2, seed=new_seed())
    pick = random.Random(1)
    while not g.is_terminal():
        g.apply(pick.choice(g.legal_actions()))
    with _client() as client:
        r = client.post("/api/records", content=dumps(g.to_record()), headers={"Content-Type": "application/json"})
        assert r.status_code == 200, r.text
