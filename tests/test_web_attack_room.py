"""The card room's server against the attacks of issue 18's check (/work/wt/ATTACK18.md, FIX18.md): each test
reproduces one attack and asserts the refusal, the precise message and the unchanged state."""

from __future__ import annotations

from typing import Any

import atout
from atout.web.hub import Live


def _live(game: str, players: int, seed: int, options: dict[str, Any], moves: list[tuple[int, str]],
          state: Any, person: int) -> Live:
    """A Live table (no database) with ``person`` the only human, the others bots."""
    live = Live.__new__(Live)
    for k, v in dict(game=game, players=players, variant=state.variant, seed=seed, options=options, moves=moves,
                     state=state, kinds=["bot"] * players, ended=None, known_after={}, deal_before={}).items():
        setattr(live, k, v)
    live.kinds[person] = "human"
    return live


def test_a1_a_pass_that_has_the_cards_dealt_again_is_not_taken_back() -> None:
    """Tarot at 4: everybody passes, the cards are dealt again; the last to pass has seen the new hand, so
    taking the pass back would let him bid knowing it (attack 1, undo_redeal.py)."""
    g = atout.new_game("tarot", players=4, seed=7, deals=3)
    moves: list[tuple[int, str]] = []
    while g.deal_index == 0:
        moves.append((g.current_player, "pass"))
        g.apply("pass")
    last = moves[-1][0]
    live = _live("tarot", 4, 7, {"deals": 3}, moves, g, last)
    assert live.undo_refusal(last) == "undo_reveals"
    assert not live.can_undo(last)
    assert g.deal_index == 1 and len(live.moves) == 4


def test_a1_a_move_inside_the_deal_may_still_be_taken_back() -> None:
    """The rule is not wider than needed: a first bid, nothing since, may be taken back."""
    g = atout.new_game("tarot", players=4, seed=7, deals=3)
    first = g.current_player
    moves = [(first, "pass")]
    g.apply("pass")
    live = _live("tarot", 4, 7, {"deals": 3}, moves, g, first)
    assert live.undo_refusal(first) is None


def test_a2_the_pillage_count_never_depends_on_the_hidden_stock() -> None:
    """As qui pille: the pillager's observation is the same in a world re-dealt consistently with it, so the
    frame's ``select`` must be too; its count covers only the card turned now (attack 2, select_hidden_pillage.py)."""
    import random

    from atout.bots.search import sample_world
    from atout.web import choices

    rng = random.Random(9)
    compared = 0
    for seed in range(1, 60):
        g = atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=seed)
        seat = g.current_player
        obs = g.observation(seat).to_json()
        if not any(a.startswith("pillage ") for a in obs["legal_actions"]):
            continue
        sel = choices.select(g, seat, obs, "fr")
        assert sel is not None and sel["kind"] == "pillage"
        assert (sel["min"], sel["need"], sel["max"], sel["finish"]) == (0, 1, 1, "stop")
        for _ in range(4):
            w = sample_world(g.observation(seat), rng)
            if w is None:
                continue
            assert choices.select(w, seat, w.observation(seat).to_json(), "fr") == sel
            compared += 1
    assert compared >= 10


def test_a3_a_guest_may_not_call_bots_to_a_friends_table() -> None:
    """A stranger joins a friends' table from the lobby and asks for bots: refused in his language, the seats
    stay free for the friends; the creator may (attack 3, stranger_fill.py)."""
    from fastapi.testclient import TestClient

    from atout.web import create_app

    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = client.post("/api/tables", json={"game": "triomphe", "players": 4, "seat": 0, "fill": False,
                                             "name": "Hôte"}).json()
        s = client.post(f"/api/tables/{t['id']}/join", json={"name": "Inconnu"}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": s["token"], "lang": "fr"})
            ws.send_json({"type": "fill_bots"})
            ws.send_json({"type": "ping"})
            errors = []
            msg = ws.receive_json()
            while msg["type"] != "pong":
                errors += [msg] if msg["type"] == "error" else []
                msg = ws.receive_json()
            assert [e["code"] for e in errors] == ["not_host"]
            assert errors[0]["message"].startswith("Seul le créateur de la table")
        kinds = [x["kind"] for x in client.get(f"/api/tables/{t['id']}").json()["seats"]]
        assert kinds == ["human", "human", "empty", "empty"]
        assert client.post(f"/api/tables/{t['id']}/join", json={"seat": 2, "name": "Amie"}).status_code == 200
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en"})
            ws.send_json({"type": "fill_bots"})
            for _ in range(20):
                msg = ws.receive_json()
                if msg["type"] == "state" and not msg["seating"]:
                    break
            assert [x["bot"] for x in msg["seats"]] == [False, False, False, True]


def test_a4_names_that_pass_for_someone_else_are_refused_with_one_message() -> None:
    """Reserved words, bot and player names, the Mort, look-alikes, blank-looking names, a name twice at one
    table: 422 with one message, nothing stored (attack 4, names.py); plain names stay welcome."""
    from fastapi.testclient import TestClient

    from atout.web import create_app

    refused = ["Vous", "Zoé (vous)", "Robot moyen 2", "Medium bot 2", "Joueur 1", "Player 3", "Le Mort",
               "the Dummy", "\u0412\u043e\u0442\u043et moyen 2", "\uff36\uff4f\uff55\uff53", "\u3164", "\u2800",
               "\u0301\u0301", "\u00a0Vous\u00a0", "V\u200bous", "ROBOT"]
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        for name in refused:
            r = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "name": name})
            assert r.status_code == 422, name
            body = r.json()
            assert body["error"] == "malformed" and body["field"] == "name", (name, body)
            assert body["message"].startswith("Nom refusé\u00a0: "), (name, body)
        assert client.get("/api/tables?status=open").json() == []
        t = client.post("/api/tables", json={"game": "tarot", "players": 4, "seat": 0, "fill": False,
                                             "name": "Alice"}).json()
        for twin in ("Alice", "ALICE", "\uff21lice"):
            r = client.post(f"/api/tables/{t['id']}/join", json={"name": twin})
            assert r.status_code == 422 and r.json()["error"] == "name_taken", twin
        seats = client.get(f"/api/tables/{t['id']}").json()["seats"]
        assert [x["kind"] for x in seats] == ["human", "empty", "empty", "empty"]
        for good in ("Zoé 2", "Youssef", "Борис"):
            assert client.post(f"/api/tables/{t['id']}/join", json={"name": good}).status_code == 200, good


def test_a5_uploads_never_push_played_games_out_of_the_finished_list() -> None:
    """One address uploads 55 records: the lobby's finished games still list the played game, and the uploads
    are listed apart (``source=uploaded``) (attack 5, lobby_fill.py)."""
    import json

    from fastapi.testclient import TestClient

    from atout.web import create_app

    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=1000)) as client:
        t = client.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": None, "seed": 5}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello"})
            while not ws.receive_json().get("over"):
                pass
        for seed in range(55):
            g = atout.new_game("triomphe", players=2, seed=1000 + seed)
            while not g.is_terminal():
                g.apply(g.legal_actions()[0])
            r = client.post("/api/records", content=json.dumps(g.to_record()),
                            headers={"Content-Type": "application/json"})
            assert r.status_code == 200, r.text
        over = client.get("/api/tables?status=over").json()
        assert [r["id"] for r in over] == [t["id"]] and over[0]["source"] == "played"
        uploaded = client.get("/api/tables?status=over&source=uploaded").json()
        assert len(uploaded) == 50 and {r["source"] for r in uploaded} == {"uploaded"}


def test_n1_the_deal_end_panel_shows_the_whole_ecart_and_each_hand_as_dealt() -> None:
    """Tarot at 4, a garde: the taker lays aside six cards of his own hand (none from the chien). At the deal's
    end the panel shows those six as the écart and the taker's 18 cards as dealt (newcomer 1)."""
    from atout.web.deal_end import DealEnd, ended_view

    for seed in range(60):
        g = atout.new_game("tarot", players=4, variant="fft", seed=seed, deals=2)
        while g.phase != "ecart" and g.deal_index == 0:
            legal = [str(a) for a in g.legal_actions()]
            g.apply("bid garde" if "bid garde" in legal else legal[-1] if "petit_sec" not in legal[-1] else legal[0])
        if g.phase != "ecart":
            continue
        taker = g.current_player
        dealt = list(g.log[-1].deal["hands"][taker])
        legal = [str(a) for a in g.legal_actions()]
        own = [a for a in legal if a.startswith("discard ") and a.split()[1] in dealt][:6]
        if len(own) < 6:
            continue
        for a in own:
            g.apply(a)
        while True:
            before, text = g.clone(), str(g.legal_actions()[0])
            g.apply(text)
            if g.deal_index == 1:
                break
        view = ended_view(before, text)
        assert view is not None
        table = {"seats": [{"kind": "human", "name": "Zoé"}] + [{"kind": "bot"}] * 3, "level": "medium"}
        panel = DealEnd(deal=0, view=view, humans={0}).describe(0, "fr", table)
        assert sorted(panel["ecart"]) == sorted(a.split()[1] for a in own)
        assert [len(h) for h in panel["hands"]] == [18, 18, 18, 18]
        assert sorted(panel["hands"][taker]) == sorted(dealt)
        assert panel["hands_title"] == "Mains telles que distribuées"
        return
    raise AssertionError("no garde with an écart of the taker's own cards")


def test_8_mistigri_says_the_card_shown_with_take_the_turned_card_is_the_one_given() -> None:
    """The button reads "Prendre la retourne en donnant [A♠]": the card shown goes away (newcomer 8)."""
    from atout.web.views import labels

    for seed in range(200):
        g = atout.new_game("mistigri", players=4, seed=seed)
        for _ in range(40):
            obs = g.observation(g.current_player).to_json()
            if any(a.startswith("exchange_retourne ") for a in obs["legal_actions"]):
                fr = labels(g, obs, [], "fr")["exchange_retourne"]
                en = labels(g, obs, [], "en")["exchange_retourne"]
                assert (fr.lower(), en.lower()) == ("prendre la retourne en donnant", "take the turned card, giving")
                return
            if g.is_terminal():
                break
            g.apply(g.legal_actions()[0])
    raise AssertionError("no exchange of the turned card offered")


def test_n3_a_friends_prime_is_not_dealt_before_its_seats_are_taken_and_a_guest_keeps_his_name() -> None:
    """La Prime for friends (newcomer 4): no hand and nothing to bet while seats are empty; the guest's
    nickname sent on the join path is his seat's name."""
    from fastapi.testclient import TestClient

    from atout.web import create_app

    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = client.post("/api/tables", json={"game": "prime", "players": 3, "seat": 0, "fill": False,
                                             "name": "Hôte"}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
            f = ws.receive_json()
            while f["type"] != "state":
                f = ws.receive_json()
            assert f["seating"] == [1, 2] and f["obs"]["hand"] == [] and f["obs"]["legal_actions"] == []
        assert client.post(f"/api/tables/{t['id']}/join", json={"name": "Émile"}).json()["seat"] == 1
        assert [s["name"] for s in client.get(f"/api/tables/{t['id']}").json()["seats"]] == ["Hôte", "Émile", ""]


def test_prime_hands_at_the_deal_end_are_not_called_as_dealt() -> None:
    """La Prime deals two cards and completes the callers' hands to four (seed 004): the deal-end panel showed the
    four under "Mains telles que distribuées" (a newcomer's report). Hands holding cards received since say so."""
    from atout.web.deal_end import DealEnd, ended_view

    for seed in range(40):
        g = atout.new_game("prime", players=3, seed=seed, deals=2)
        while True:
            before, text = g.clone(), str(g.legal_actions()[0])
            g.apply(text)
            if len(g.log) == 2:
                break
        view = ended_view(before, text)
        assert view is not None
        table = {"seats": [{"kind": "human", "name": "Zoé"}] + [{"kind": "bot"}] * 2, "level": "medium"}
        panel = DealEnd(deal=0, view=view, humans={0}).describe(0, "fr", table)
        if any(len(h) == 4 for h in panel["hands"]):
            assert panel["hands_title"] == "Les mains, cartes reçues après la donne comprises"
            return
    raise AssertionError("no deal of La Prime shown at four cards")
