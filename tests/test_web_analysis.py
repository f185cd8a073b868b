"""The browser replay's analysis endpoint (issue 20): ``GET /api/tables/{id}/analysis?deal=k&lang=``.

A finished Tarot record uploaded, its deal analysed in the replay worker (last tricks, every card seen), in
French or English, kept once computed; refused with one code and message: a game in progress (403), a game
not Tarot, a deal without play or out of range (400), past the time budget (503 ``too_slow``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from atout.web import create_app
from atout.web.limits import Bucket
from atout.web.replays import ANALYSIS_SAVED, ANALYSIS_SHARE

pytestmark = pytest.mark.xdist_group("web_analysis")
RECORDS = Path(__file__).parent / "records"
PAB = RECORDS / "tarot" / "seed_petit_au_bout_won.json"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0, replay_rate=100.0)) as c:
        yield c


def upload(client: TestClient, path: Path) -> str:
    r = client.post("/api/records", content=path.read_bytes(), headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def get(client: TestClient, table: str, **query: Any) -> Any:
    return client.get(f"/api/tables/{table}/analysis", params=query)


def test_a_deal_analysed_in_french_and_english_and_kept(client: TestClient) -> None:
    table = upload(client, PAB)
    fr = get(client, table, deal=1, lang="fr")
    if fr.status_code == 503:  # the worker's first solve loads the compiled kernel (seconds): not kept, asked again
        assert fr.json()["error"] in ("too_slow", "busy")  # busy: the worker is still at another task
        fr = get(client, table, deal=1, lang="fr")
    assert fr.status_code == 200, fr.text
    a = fr.json()
    # the last 5 of 18 tricks at least, then earlier ones within the node budget (this deal: several)
    first = a["first_trick"]
    assert a["deal"] == 1 and a["tricks"] == 18 and 1 <= first < 14, first
    count = 4 * (18 - first + 1)
    assert len(a["cards"]) == count and len(a["series"]) == count + 1
    assert a["summary"].startswith(f"Toutes cartes vues depuis le pli {first}, l'attaque fait")
    assert all("coûté" in c["text"] or "rien perdu" in c["text"] for c in a["cards"])
    # seat 0 bid garde sans (the record's first action); the page names him as its seats do
    assert (a["taker"], a["contract"], a["contract_name"], a["taker_name"]) == \
        (0, "garde_sans", "Garde sans le chien", "Joueur 1")
    # each card's replay move, the one just before it (its player's view): 8 bids and "done"s, then 4 cards a
    # trick, so trick t's first card comes after 8 + (t - 1) × 4 actions and the last card after 79
    assert [c["step"] for c in a["cards"]] == list(range(8 + (first - 1) * 4, 80))
    # each card's cost is the drop of its side's value: the series moves by the cost, up or down
    for before, after, c in zip(a["series"][:-1], a["series"][1:], a["cards"], strict=True):
        assert c["cost"] == ((before - after) if c["attack"] else (after - before))
    en = get(client, table, deal=1, lang="en").json()
    assert en["summary"].startswith(f"With every card seen from trick {first}, the attack makes")
    assert en["series"] == a["series"]  # the same extent: a budget of nodes, not of seconds
    assert en["labels"]["plot_x_tricks"] == "Tricks (each at its first card)"
    app = client.app
    kept = app.state.replays.analyses  # type: ignore[attr-defined]
    assert set(kept[(table, 1)]) == {"fr", "en"}  # one computation, both languages (a switch costs nothing)


def test_refusals(client: TestClient) -> None:
    table = upload(client, RECORDS / "tarot" / "fft_petit_sec_redeal.json")
    r = get(client, table, deal=1, lang="en")
    # deal 1 was annulled for a petit sec: nobody passed (it was said "everybody passed"); deal 2 all passed
    assert (r.status_code, r.json()) == (400, {"error": "annulled", "message": "deal 1: annulled before the bidding (a "
                                                                                 "Petit sec), no card was played", "lang": "en"})
    r = get(client, table, deal=2, lang="en")
    assert (r.status_code, r.json()) == (400, {"error": "no_play", "message": "deal 2: everybody passed, no card was played",
                                               "lang": "en"})
    r = get(client, table, deal=3, lang="fr")
    assert (r.status_code, r.json()["error"]) == (400, "bad_deal")
    assert r.json()["message"] == "donne 3\u00a0: choisissez une donne de 1 à 2"
    assert get(client, table, deal=0).status_code == 400
    assert get(client, table, deal=1, lang="de").json()["error"] == "bad_lang"
    prime = upload(client, RECORDS / "prime" / "bots_6p_match.json")
    r = get(client, prime, deal=1, lang="en")
    assert (r.status_code, r.json()) == (400, {"error": "not_tarot", "message": "the analysis is Tarot's, not prime's",
                                               "lang": "en"})
    assert get(client, "nosuchtable").status_code == 404
    forged = client.get("/api/tables/no%00such%EF%BF%BD/analysis")  # a forged id is not echoed with its NUL
    assert forged.status_code == 404 and "nosuch" in forged.json()["message"], forged.text
    assert "\x00" not in forged.json()["message"] and "\ufffd" not in forged.json()["message"]
    live = client.post("/api/tables", json={"game": "tarot", "players": 4, "seats": ["human", "bot", "bot", "bot"]})
    if live.status_code == 200:
        r = get(client, live.json()["id"], deal=1)
        assert (r.status_code, r.json()["error"]) == (403, "in_progress")


def test_the_replay_says_whether_the_deal_shown_can_be_analysed(client: TestClient) -> None:
    # a newcomer was offered "Analyser la donne" on a deal everybody passed, then told why not: the replay's
    # frame says whether a card was played in the deal it shows (the page then offers no button)
    void = upload(client, RECORDS / "tarot" / "fft_petit_sec_redeal.json")  # deal 1 annulled, deal 2 all passed
    for n in (0, 2, 4):
        frame = client.get(f"/api/tables/{void}/replay", params={"n": n}).json()
        assert frame["played"] is False, (n, frame["deal"])
    assert frame["next_played"] is None  # no later deal to go to either
    played = upload(client, PAB)
    total = client.get(f"/api/tables/{played}/replay", params={"n": 0}).json()["total"]
    for n in (0, 5, total):  # before its first card too: the button asks about the deal shown, played later
        assert client.get(f"/api/tables/{played}/replay", params={"n": n}).json()["played"] is True


def void_then_played() -> dict[str, Any]:
    """A finished 4-player Tarot record whose deal 1 everybody passed and whose deal 2 was played (seed 001,
    « Les enchères »: dealt again, the tables' ``redeal_void``), from the first seed of beginners that gives it."""
    import atout
    from atout.bots import make_bot

    for seed in range(60):
        g = atout.new_game("tarot", players=4, seed=seed, redeal_void=True)
        bots = [make_bot("tarot", "beginner", seed=seed * 10 + s) for s in range(4)]
        while not g.is_terminal():
            p = g.current_player
            assert p is not None
            g.apply(bots[p].act(g.observation(p)))
        if len(g.log) == 2 and g.log[0].note.startswith("all passed"):
            return g.to_record()
    raise AssertionError("no seed whose first deal everybody passed")


def test_a_void_first_deal_names_the_deal_played_after_it(client: TestClient, tmp_path: Path) -> None:
    """A newcomer's replay opened on deal 1, everybody passed, and said only "nothing to analyse": the frame names
    the next deal played, for the page to say where to go (``next_played``, 0-based)."""
    path = tmp_path / "void-then-played.json"
    path.write_text(json.dumps(void_then_played()), encoding="utf-8")
    table = upload(client, path)
    frame = client.get(f"/api/tables/{table}/replay", params={"n": 0}).json()
    assert (frame["deal"], frame["played"], frame["next_played"]) == (0, False, 1)
    last = client.get(f"/api/tables/{table}/replay", params={"n": frame["total"]}).json()
    assert (last["deal"], last["played"], last["next_played"]) == (1, True, None)


def test_past_its_share_an_address_gets_429_with_retry_after(client: TestClient) -> None:
    """Attack 9, finding 5: the share's refusal has a code of its own and says when, for a program too."""
    table = upload(client, RECORDS / "tarot" / "seed_poignee_losing_taker.json")  # analysed by no other test
    replays = client.app.state.replays  # type: ignore[attr-defined]
    replays.shares["testclient"] = spent = Bucket(ANALYSIS_SHARE, ANALYSIS_SAVED)
    spent.tokens = -1.05  # 10.5 s to wait at 0.1 s a second
    try:
        r = get(client, table, deal=1, lang="en")
        assert r.status_code == 429 and r.headers["retry-after"] == "11", r.text
        assert r.json() == {"error": "analysis_share", "retry_after": 11, "lang": "en", "message":
                            "this address has had its share of analyses for now: try again in 11 s"}
    finally:
        del replays.shares["testclient"]


def test_past_the_time_budget_is_503_and_not_kept() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0, replay_rate=100.0, budget=0.0)) as c:
        record = json.loads(PAB.read_text(encoding="utf-8"))
        r = c.post("/api/records", content=json.dumps(record), headers={"content-type": "application/json"})
        if r.status_code != 200:  # the upload itself may be refused at budget 0: then nothing to analyse
            assert r.json()["code"] == "too_slow"
            return
        r = get(c, r.json()["id"], deal=1, lang="en")
        assert (r.status_code, r.json()["error"]) == (503, "too_slow")
        assert not c.app.state.replays.analyses  # type: ignore[attr-defined]


def test_a_played_tables_replay_names_its_players_once_out_of_memory(client: TestClient) -> None:
    """A newcomer who played as "Camille" found "Joueur 1" in the replay (and the analysis's taker line): a
    finished table no longer in memory was rebuilt without its seats' names. Tarot at 4, seat 0 played over
    the socket by a bot, the table then dropped from memory (as after a restart)."""
    from test_web import play_through

    t = client.post("/api/tables", json={"game": "tarot", "seat": 0, "seed": 3, "name": "Camille"}).json()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
        assert ws.receive_json()["type"] == "welcome"
        assert play_through(ws, "tarot", 0, seed=5)["over"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.tables.pop(t["id"], None)
    getattr(hub, "finished", {}).pop(t["id"], None)
    frame = client.get(f"/api/tables/{t['id']}/replay", params={"n": 3, "lang": "fr"}).json()
    assert [s["name"] for s in frame["seats"]] == ["Camille", "Robot moyen 2", "Robot moyen 3", "Robot moyen 4"]


def test_a_chelem_is_never_the_first_button_of_the_announcements() -> None:
    """A newcomer announced a chelem (−600) by tapping the first button after the écart: among announcements,
    "done" (nothing to announce) comes first, as "pass" does among bids; the engine's order is left alone."""
    import atout
    from atout.web.views import bids_by_strength

    g = atout.new_game("tarot", players=4, seed=3)
    legal = ["announce capot", "announce poignee T1", "done"]
    assert bids_by_strength(g, legal) == ["done", "announce capot", "announce poignee T1"]
    assert bids_by_strength(g, ["bid garde", "pass", "bid prise"]) == ["pass", "bid prise", "bid garde"]


def test_at_five_the_partner_is_named_with_the_taker(client: TestClient) -> None:
    """"L'attaque" at five is the taker and the called card's holder: the analysis names both (a newcomer
    read "Taker: Bot 3 — Petite" and could not tell who the attack was); a taker alone has no partner."""
    import atout

    for seed in range(1, 60):
        g = atout.new_game("tarot", players=5, seed=seed)
        while not g.is_terminal():
            g.apply(g.legal_actions()[0])
        if g.taker >= 0 and g.partner >= 0 and g.partner != g.taker:  # type: ignore[attr-defined]
            break
    else:
        raise AssertionError("no deal with a partner")
    r = client.post("/api/records", content=json.dumps(g.to_record()), headers={"content-type": "application/json"})
    a = get(client, str(r.json()["id"]), deal=1, lang="fr").json()
    assert (a["taker"], a["partner"]) == (g.taker, g.partner), a  # type: ignore[attr-defined]
    assert a["partner_name"] == f"Joueur {g.partner + 1}"  # type: ignore[attr-defined]
    alone = get(client, upload(client, RECORDS / "tarot" / "seed_called_king_in_talon.json"), deal=1, lang="en").json()
    assert alone["partner"] is None and alone["partner_name"] is None  # the called King was in the talon
