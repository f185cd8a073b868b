"""The browser table's server (issue 10): REST, WebSocket, every registered game, refusals, undo, storage.

Frames are checked against the engine's own information rule: every card a frame sent to a seat
names must be in ``known_cards(seat)``; a spectator's, in the cards every seat knows.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

import atout  # noqa: E402
from atout.bots import make_bot  # noqa: E402
from atout.core.cards import CARDS, Card  # noqa: E402
from atout.core.errors import IllegalAction  # noqa: E402
from atout.core.protocol import GameState, Observation  # noqa: E402
from atout.web import create_app  # noqa: E402
from atout.web.deal_end import LAID_DOWN, DealEnd, ended_view  # noqa: E402
from atout.web.deltas import diff  # noqa: E402
from atout.web.hub import LEVELS, Hub, Live, bot_name, build_state  # noqa: E402
from atout.web.messages import MAX_FRAME, CreateTable  # noqa: E402
from atout.web.store import Store, effective_moves  # noqa: E402
from atout.web.views import frame, spectator_observation  # noqa: E402

pytest.importorskip("fastapi.testclient")
from fastapi.testclient import TestClient  # noqa: E402

GAMES = [g.name for g in atout.list_games()]
LEAK_SEEDS = 20 if os.environ.get("ATOUT_SLOW") else 2  # deals per game, variant and player count
CODES = {c.code for c in CARDS}
TOKEN = re.compile(r"[A-Za-z0-9]+")
JSON = {"content-type": "application/json"}  # the type a POST body must declare (cross-site simple POSTs are refused)


def cards_in(obj: Any) -> set[int]:
    """Every card id a JSON value names (any word of any string that is a card code)."""
    found: set[int] = set()
    if isinstance(obj, str):
        for word in TOKEN.findall(obj):
            if word in CODES:
                found.add(Card.parse(word).id)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            found |= cards_in(k) | cards_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            found |= cards_in(v)
    return found


def allowed(state: GameState, seat: int | None) -> set[int]:
    """The cards a seat may know now (a spectator: those every seat knows)."""
    if seat is None:
        mask = -1
        for s in range(state.players):
            mask &= state.known_cards(s)
    else:
        mask = state.known_cards(seat)
    return {c for c in range(len(CARDS)) if mask >> c & 1}


def shown_state(live: Live, f: dict[str, Any]) -> GameState:
    """The state a frame was made from: the table at move ``f["n"]``, or, at the end of a deal not yet
    continued from, that deal's last position (the next deal is dealt in the table's state already)."""
    n = f["n"]
    if f.get("deal_end") and not f["deal_end"]["final"]:
        before = build_state(live.game, live.players, live.variant, live.seed, live.options, live.moves[: n - 1])
        view = ended_view(before, live.moves[n - 1][1])
        assert view is not None, "a deal_end frame after a move that did not deal again"
        return view
    return build_state(live.game, live.players, live.variant, live.seed, live.options, live.moves[:n])


def check_frame(state: GameState, seat: int | None, data: dict[str, Any]) -> None:
    # the end-of-deal panel (and the card names it needs) also shows the Tarot écart, counted for the taker and
    # laid on the table at the count (issue 18, point 3)
    panel = ("deal_end", "names") if data.get("deal_end") else ()
    rest = {k: v for k, v in data.items() if k not in panel}
    extra = cards_in(rest) - allowed(state, seat)
    where = [k for k, v in rest.items() if cards_in(v) & extra]
    assert not extra, f"frame for seat {seat} names hidden cards {[CARDS[c].code for c in extra]} in {where}"
    if panel:
        laid = {Card.parse(c).id for _, a in state.log[-1].actions if a.startswith("discard ")
                for c in a.split()[1:]} if state.game_name == "tarot" else set()
        if state.game_name in LAID_DOWN:  # a trick game's deal won early: the cards still held are laid down
            laid |= {c.id for s in range(state.players) for c in state.observation(s).hand}
        extra = cards_in({k: data[k] for k in panel}) - allowed(state, seat) - laid
        assert not extra, f"deal end for seat {seat} names hidden cards {[CARDS[c].code for c in extra]}"


def check_delta(before: dict[str, Any] | None, f: dict[str, Any], state: GameState, seat: int | None) -> None:
    """A delta (atout.web.deltas) names no card but those of the frame it starts from and those the seat may know."""
    if before is not None:
        extra = cards_in(diff(before, f)) - allowed(state, seat) - cards_in(before)
        assert not extra, f"delta for seat {seat} names hidden cards {[CARDS[c].code for c in extra]}"


@pytest.fixture
def client() -> Any:
    with TestClient(create_app("sqlite://", bot_delay=0)) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg
        assert msg["type"] != "error", msg


def play_through(ws: Any, game: str, seat: int, seed: int, state_check: Any = None) -> dict[str, Any]:
    """Play ``seat`` with the game's bot through the socket until the game is over; return the last frame."""
    bot = make_bot(game, bot_name(game, "normal"), seed=seed)
    acted = continued = -1
    while True:
        f = next_state(ws)
        if state_check:
            state_check(f)
        if f["over"]:
            return f
        if f["deal_end"] and seat in f["deal_end"]["waiting"]:
            if f["n"] != continued:
                continued = f["n"]
                ws.send_json({"type": "continue"})  # the end of a deal: the next one is dealt once we say so
            continue
        obs = f["obs"]
        if obs["current_player"] == seat and obs["legal_actions"] and f["n"] != acted:
            acted = f["n"]
            o = Observation(game=obs["game"], seat=seat, phase=obs["phase"], current_player=seat,
                            hand=tuple(Card.parse(c) for c in obs["hand"]),
                            legal_actions=tuple(atout.parse_action(a) for a in obs["legal_actions"]),
                            public=obs["public"], rules=obs.get("rules", {}))
            ws.send_json({"type": "act", "action": str(bot.act(o)), "n": f["n"]})


# --- the registry: every game appears and plays through the WebSocket API ----------------------------

def test_games_lists_every_registered_game(client: TestClient) -> None:
    names = [g["name"] for g in client.get("/api/games").json()]
    assert names == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_full_deal_of_every_game_through_the_websocket(client: TestClient, game: str) -> None:
    """A person's seat played by a bot over the socket, the others by the server's bots; a spectator watches."""
    t = create(client, game=game, seat=0, seed=11)
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{t['id']}") as ws, client.websocket_connect(f"/ws/{t['id']}") as spy:
        spy.send_json({"type": "hello", "lang": "en"})
        assert spy.receive_json()["type"] == "welcome"
        ws.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
        welcome = ws.receive_json()
        assert welcome == {"type": "welcome", "seat": 0, "table": welcome["table"]}

        def check(f: dict[str, Any]) -> None:
            # the frame was made from the state at move f["n"]: rebuild it to judge what the seat may know
            check_frame(shown_state(live, f), 0, f)

        last = play_through(ws, game, 0, seed=5, state_check=check)
        spy_frames = []
        while True:
            f = next_state(spy)
            spy_frames.append(f)
            if f["over"]:
                break
    assert last["over"] and live.state.is_terminal()
    assert last["totals"] == [atout.core.protocol.json_number(x) for x in live.state.returns()]
    for f in spy_frames:
        check_frame(shown_state(live, f), None, f)
        assert f["obs"]["hand"] == [] and f["obs"]["legal_actions"] == []
    # the record replays to the same result, and the stored moves are the engine's
    record = client.get(f"/api/tables/{t['id']}/record").json()
    assert atout.replay(record).returns() == live.state.returns()
    assert [m for _, m in client.app.state.store.moves(t["id"])] == [a for d in live.state.log for _, a in d.actions]  # type: ignore[attr-defined]
    listed = [r["id"] for r in client.get("/api/tables?status=over").json()]
    assert t["id"] in listed


@pytest.mark.parametrize("game", GAMES)
def test_no_frame_leaks_a_hidden_card(game: str) -> None:
    """Over many bot-played deals, no seat's or spectator's frame names a card it may not know (DESIGN)."""
    info = atout.game_info(game)
    deals = 0
    for variant in info.variants:
        for players in info.player_counts[variant]:
            for seed in range(LEAK_SEEDS):
                state = atout.new_game(game, players=players, variant=variant, seed=seed)
                bots = [make_bot(game, "random", seed * 7 + s) for s in range(players)]
                step = 0
                last: dict[int | None, dict[str, Any]] = {}  # each viewer's frame before: the deltas are judged too
                while not state.is_terminal():
                    if step % 3 == 0 or state.phase not in ("play",):
                        for viewer in [None, *range(players)]:
                            f = frame(state, viewer, "fr", {})
                            check_frame(state, viewer, f)
                            check_delta(last.get(viewer), f, state, viewer)
                            last[viewer] = f
                    seat = state.current_player
                    assert seat is not None
                    before = state.clone()
                    action = str(bots[seat].act(state.observation(seat)))
                    state.apply(action)
                    view = ended_view(before, action) if state.deal_index != before.deal_index else None
                    if view is not None:  # the end of a deal, shown before the next: judged on its own position
                        end = DealEnd(deal=before.deal_index, view=view, humans={0}, deadline=1.0)
                        for viewer in [None, *range(players)]:
                            f = frame(state, viewer, "fr", {}, ended=end)
                            assert f["obs"]["legal_actions"] == [] and f["deal_end"]["waiting"] == [0]
                            check_frame(view, viewer, f)
                    step += 1
                for viewer in [None, *range(players)]:
                    check_frame(state, viewer, frame(state, viewer, "en", {}))
                deals += 1
    assert deals >= 2


def test_spectator_keeps_only_common_facts() -> None:
    """The taker's own écart (public only in his observation) never reaches a spectator (seed 001)."""
    g = atout.new_game("tarot", players=4, seed=3)
    while g.phase != "play" and not g.is_terminal():
        g.apply(g.legal_actions()[0])
    spec = spectator_observation(g)
    assert "my_ecart" not in spec["public"]
    assert spec["hand"] == [] and spec["seat"] is None


# --- refusals: nothing changes, the client hears why --------------------------------------------------

def test_forged_and_foreign_tokens_are_refused(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="atout.web")
    a = create(client, game="triomphe", players=2, seat=0, seed=1)
    b = create(client, game="triomphe", players=2, seat=0, seed=2)
    for token in ("forged-token", b["token"]):
        with client.websocket_connect(f"/ws/{a['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["code"] == "bad_token"
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "no_table"
    assert sum("forged or foreign token" in r.getMessage() for r in caplog.records) == 2  # refusals are logged


def test_wrong_seat_malformed_oversized_and_spectator_actions_change_nothing(client: TestClient) -> None:
    t = create(client, game="tarot", players=4, seat=1, fill=False, seed=4)  # others friends who never move
    for seat in (0, 2, 3):  # a table for friends is dealt once every seat is taken (issue 18)
        assert client.post(f"/api/tables/{t['id']}/join", json={"seat": seat}).status_code == 200
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    turn = live.state.current_player
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        ws.receive_json()
        first = next_state(ws)
        assert first["you"] == 1
        before = (len(live.moves), live.state.legal_actions())
        other = live.state.legal_actions()[0]
        if turn != 1:
            ws.send_json({"type": "act", "action": str(other)})
            assert ws.receive_json()["code"] == "not_your_turn"
        ws.send_text("{not json")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"type": "act", "action": "pass", "seat": 0})  # acting for another seat: no such field
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text(json.dumps({"type": "act", "action": "x" * (MAX_FRAME + 10)}))
        assert ws.receive_json()["code"] == "too_large"
        ws.send_json({"type": "act", "action": "play ZZ"})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] in ("not_your_turn", "illegal", "notation")
        assert (len(live.moves), live.state.legal_actions()) == before
    with client.websocket_connect(f"/ws/{t['id']}") as spy:
        spy.send_json({"type": "hello"})
        spy.receive_json()
        next_state(spy)
        spy.send_json({"type": "act", "action": "pass"})
        assert spy.receive_json()["code"] == "spectator"
    assert len(live.moves) == before[0]
    assert client.get(f"/api/tables/{t['id']}/record").status_code == 403  # it holds every hand
    assert client.get(f"/api/tables/{t['id']}/replay").status_code == 403


def test_illegal_move_is_refused_in_the_players_language(client: TestClient) -> None:
    t = create(client, game="triomphe", players=2, seat=0, seed=9, fill=False)
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    seat = live.state.current_player
    token = t["token"]
    other = client.post(f"/api/tables/{t['id']}/join", json={"seat": 1}).json()["token"]  # dealt once both sit
    if seat != 0:
        token = other
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": "en"})
        ws.receive_json()
        next_state(ws)
        ws.send_json({"type": "act", "action": "play T21"})  # not a Triomphe action at this point
        err = ws.receive_json()
        assert err["type"] == "error" and err["english"] and err["message"]
    assert live.moves == []


def test_bad_table_requests(client: TestClient) -> None:
    assert client.post("/api/tables", json={"game": "belote"}).status_code == 400
    assert client.post("/api/tables", json={"game": "tarot", "players": 7}).status_code == 400
    assert client.post("/api/tables", json={"game": "tarot", "level": "godlike"}).status_code == 400
    assert client.post("/api/tables", json={"game": "tarot", "options": {"no_such": 1}}).status_code == 400
    assert client.post("/api/tables", json={"game": "tarot", "seat": 5, "players": 4}).status_code == 400
    bad = client.post("/api/tables", json={"game": "tarot", "extra": 1})
    assert bad.status_code == 422 and bad.json()["error"] == "malformed" and bad.json()["field"] == "extra"
    assert bad.json()["english"] == "extra: Extra inputs are not permitted"  # the message: in the page's language
    t = create(client, game="tarot", players=3, seat=0, fill=False, seed=1)
    assert client.post(f"/api/tables/{t['id']}/join", json={"seat": 0}).status_code == 409
    ok = client.post(f"/api/tables/{t['id']}/join", json={}).json()
    assert ok["seat"] == 1 and ok["token"] != t["token"]
    assert client.get("/api/tables/nosuch").status_code == 404


def test_upload_replays_a_record_and_refuses_a_bad_one(client: TestClient) -> None:
    g = atout.new_game("tarot", players=4, seed=21)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    rec = g.to_record()
    r = client.post("/api/records", content=json.dumps(rec), headers=JSON)
    assert r.status_code == 200, r.text
    up = r.json()
    total = up["moves"]
    step = client.get(f"/api/tables/{up['id']}/replay?n=0").json()
    assert step["n"] == 0 and step["total"] == total and len(step["hands"]) == 4
    # each hand in the live table's order (the game's: a suit's cards high first, the trumps last, high first)
    from atout.present.screen import in_display_order

    dealt = atout.new_game("tarot", players=4, seed=21)
    assert step["hands"] == [in_display_order([c.code for c in dealt.observation(s).hand], dealt.card_strength)
                             for s in range(4)]
    assert step["hands"][0] != sorted(step["hands"][0])
    trumps = [c for c in step["hands"][0] if c.startswith("T")]
    assert trumps == sorted(trumps, key=lambda c: -int(c[1:]))  # high first, as the table shows them
    end = client.get(f"/api/tables/{up['id']}/replay?n={total}&lang=en").json()
    assert end["over"] and end["totals"] == rec["result"]["returns"]
    assert client.get(f"/api/tables/{up['id']}/record").json() == rec
    bad = dict(rec, actions=[*rec["actions"][:3], {"seat": 0, "action": "play T21"}])
    assert client.post("/api/records", content=json.dumps(bad), headers=JSON).status_code == 400
    assert client.post("/api/records", content=b"[1, 2", headers=JSON).status_code == 400
    assert client.post("/api/records", content=b" " * 2_000_100, headers=JSON).status_code == 413


def test_an_uploaded_record_of_a_known_game_does_not_add_a_row(client: TestClient) -> None:
    """The newcomer downloaded a finished game and uploaded it: the lobby listed it twice."""
    t = create(client, game="triomphe", players=2, seat=None, seed=4)
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # a bots-only table plays while someone watches
        ws.send_json({"type": "hello"})
        while not next_state(ws)["over"]:
            pass
    rec = client.get(f"/api/tables/{t['id']}/record").json()
    before = len(client.get("/api/tables?status=over&source=uploaded").json())
    up = client.post("/api/records", content=json.dumps(rec), headers=JSON).json()
    assert up["id"] == t["id"] and up["url"] == f"/r/{t['id']}"
    assert len(client.get("/api/tables?status=over&source=uploaded").json()) == before
    g = atout.new_game("triomphe", players=2, seed=77)  # a new record: one row, then found again
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    first = client.post("/api/records", content=json.dumps(g.to_record()), headers=JSON).json()
    again = client.post("/api/records", content=json.dumps(g.to_record()), headers=JSON).json()
    assert first["id"] == again["id"]
    assert len(client.get("/api/tables?status=over&source=uploaded").json()) == before + 1


# --- undo and bots ------------------------------------------------------------------------------------

def test_undo_alone_with_bots_is_recorded_and_refused_with_another_person(client: TestClient) -> None:
    t = create(client, game="tarot", players=4, seat=0, seed=5)  # dealer 2: seat 3 speaks, then seat 0
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        ws.receive_json()
        f = next_state(ws)
        while not (f["obs"]["current_player"] == 0 and f["obs"]["legal_actions"]):
            f = next_state(ws)
        ws.send_json({"type": "act", "action": "bid garde_contre", "n": f["n"]})  # the bots cannot overbid it
        while not f["over"] and not (f["obs"]["current_player"] == 0 and f["obs"]["phase"] != "bidding"):
            f = next_state(ws)
        # Garde contre: the talon is never shown, but the bots have answered: no bidding again knowing it
        assert not f["can_undo"]
        n_before = f["n"]
        ws.send_json({"type": "undo"})
        assert ws.receive_json()["code"] == "undo_spoken"
    assert len(live.moves) == n_before  # nothing taken back
    # an undo allowed is recorded: tests/test_web_undo_outage.py
    # with a second person at the table, no undo
    t2 = create(client, game="tarot", players=3, seat=0, fill=False, seed=2)
    client.post(f"/api/tables/{t2['id']}/join", json={"seat": 1})
    live2 = client.app.state.hub.tables[t2["id"]]  # type: ignore[attr-defined]
    assert not live2.can_undo(0) and not live2.can_undo(1)
    assert live.can_undo(1) is False  # a bot's seat


def _alone_with_bots(game: str, seed: int, players: int | None = None) -> tuple[Hub, Live]:
    """A table where seat 0 is a person and bots sit elsewhere, its moves made by the test (no bot loop)."""
    hub = Hub(Store("sqlite://"), bot_delay=0)
    live, _ = hub.create(CreateTable(game=game, players=players, seat=0, seed=seed))
    return hub, live


def _move(live: Live, action: str) -> None:
    seat = live.state.current_player
    assert seat is not None
    live.state.apply(action)
    live.moves.append((seat, action))


def test_undo_never_goes_back_past_a_card_shown_since_the_move() -> None:
    """Issue 10 (newcomer): undo twice after the chien was shown led back to the bidding, the chien known.

    Rule: an undo is refused when ``known_cards(seat)`` now holds a card it did not hold just after the move
    taken back (seed 001: the talon is shown to everybody after a Prise/Pousse/Garde).
    """
    hub, live = _alone_with_bots("tarot", 5, 4)  # dealer 2: seat 3 speaks first, then the person at seat 0
    _move(live, "pass")  # seat 3 (a bot)
    _move(live, "bid garde")  # the person
    assert live.undo_refusal(0) is None and live.can_undo(0)  # before any other seat has spoken
    _move(live, "pass")  # seat 1 (a bot): no card shown, but its answer is known (tests/test_web_undo_outage.py)
    assert live.undo_refusal(0) == "undo_spoken"
    _move(live, "pass")  # seat 2: the bidding is over, the talon is shown to everybody
    assert live.state.phase == "ecart"
    assert live.undo_refusal(0) == "undo_reveals" and not live.can_undo(0)
    with pytest.raises(IllegalAction) as info:
        asyncio.run(hub.undo(live, 0))
    assert info.value.code == "undo_reveals"
    assert len(live.moves) == 4 and live.state.phase == "ecart"  # nothing changed
    assert "montrées" in atout.present.say_error(info.value, "fr", "tarot")
    assert "shown" in atout.present.say_error(info.value, "en", "tarot")
    # the écart itself may be taken back (the talon was known when it was made) — but only that far
    first = str(live.state.legal_actions()[0])
    _move(live, first)
    assert live.can_undo(0)
    asyncio.run(hub.undo(live, 0))
    assert len(live.moves) == 4 and live.state.phase == "ecart"
    with pytest.raises(IllegalAction, match="shown"):
        asyncio.run(hub.undo(live, 0))
    assert live.state.phase == "ecart"


def test_undo_is_refused_once_a_bot_has_played_a_card() -> None:
    """A bot's card played after the person's is a card newly known: no going back over it (seed 002)."""
    _, live = _alone_with_bots("triomphe", 8, 2)
    while live.state.current_player != 0 or live.state.phase != "play":
        _move(live, str(live.state.legal_actions()[-1]))  # no concession
    _move(live, str(live.state.legal_actions()[0]))
    assert live.can_undo(0)  # the person's card is on the table, nothing new known
    _move(live, str(live.state.legal_actions()[0]))  # the bot answers
    assert live.undo_refusal(0) == "undo_reveals"


def test_levels_map_to_existing_bots() -> None:
    for game in GAMES:
        for level in LEVELS:
            assert make_bot(game, bot_name(game, level), 0) is not None
    with pytest.raises(ValueError, match="unknown bot level"):
        bot_name("tarot", "godlike")


def test_store_effective_moves_apply_undos() -> None:
    s = Store("sqlite://")
    s.create_table("x", "triomphe", "classic", 2, 1, {}, "normal", [("human", None), ("bot", None)])
    s.add_move("x", 0, 0, "a")
    s.add_move("x", 1, 1, "b")
    s.add_undo("x", 2, 0, 0)
    s.add_move("x", 3, 0, "c")
    assert effective_moves(s.history("x")) == [(0, "c")]
    assert s.table("x") is not None and s.count() == 1


def test_pages_and_static_files(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/r/abc", "/static/table.js", "/static/style.css", "/favicon.ico", "/healthz"):
        assert client.get(path).status_code == 200, path


def test_card_faces_come_from_the_games_packs(client: TestClient) -> None:
    """Each game's table names a pack of atout.faces; an unknown pack or card answers 404 (the page draws its own)."""
    for game in GAMES:
        meta = create(client, game=game, seat=None, seed=1)["table"]
        if meta["faces"] is None:
            continue
        r = client.get(f"/faces/{meta['faces']}/KS.svg?lang=en")
        assert r.status_code == 200 and r.text.startswith("<svg"), (game, r.text[:80])
    assert client.get("/faces/no-such-pack/KS.svg").status_code == 404
    assert client.get("/faces/piquet32/T21.svg").status_code == 404


def test_serve_refuses_bad_arguments_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    from atout.cli.main import main

    for argv, needle in ((["serve", "--port", "0"], "--port must be 1..65535"),
                         (["serve", "--bot-delay", "-1"], "--bot-delay must be 0..10"),
                         (["serve", "--http-rate", "0"], "--http-rate must be 0.01..1000")):
        try:
            code = main(argv)
        except SystemExit as exc:  # the CLI either exits or returns its exit code
            code = exc.code  # type: ignore[assignment]
        assert code == 2
        err = capsys.readouterr().err
        assert needle in err and "Traceback" not in err


def test_serve_refuses_a_warm_solver_setting_other_than_0_or_1(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from atout.cli.main import main

    monkeypatch.setenv("ATOUT_WARM_SOLVER", "no")
    assert main(["serve", "--port", "1"]) == 2  # refused before the database or the port is touched
    err = capsys.readouterr().err
    assert "ATOUT_WARM_SOLVER must be 0 or 1, not 'no'" in err and "Traceback" not in err


def test_database_url_from_argument_environment_or_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from atout.web.store import DEFAULT_DB, database_url

    monkeypatch.delenv("ATOUT_DB", raising=False)
    assert database_url() == DEFAULT_DB == "sqlite:///atout.db"
    monkeypatch.setenv("ATOUT_DB", "postgres://u:p@127.0.0.1/x")
    assert database_url() == "postgresql+psycopg://u:p@127.0.0.1/x"
    assert database_url("sqlite:///other.db") == "sqlite:///other.db"


def test_bots_fill_the_open_seats_on_request(client: TestClient) -> None:
    t = create(client, game="tarot", players=4, seat=0, fill=False, seed=6)
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    assert live.kinds == ["human", "empty", "empty", "empty"] and live.status == "open"
    assert t["id"] in [r["id"] for r in client.get("/api/tables?status=open").json()]
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        ws.receive_json()
        next_state(ws)
        ws.send_json({"type": "fill_bots"})
        while True:  # the bots play until it is our turn
            f = next_state(ws)
            if [s["kind"] for s in f["table"]["seats"]] == ["human", "bot", "bot", "bot"] and (
                f["obs"]["current_player"] == 0 or f["over"]
            ):
                break
    assert live.status in ("playing", "over")
    assert [s.kind for s in client.app.state.store.seats(t["id"])] == ["human", "bot", "bot", "bot"]  # type: ignore[attr-defined]


# --- what a French (or English) player reads (issue 10, the newcomer's report) ------------------------

JARGON = re.compile(r"seed \d|\bD\d+\b|§|spec")


def test_variants_have_titles_and_descriptions_in_both_languages_without_jargon(client: TestClient) -> None:
    for g in client.get("/api/games").json():
        for variant, info in g["variants"].items():
            for lang in ("fr", "en"):
                text = info["texts"][lang]
                assert text["title"], (g["name"], variant, lang)
                assert not JARGON.search(text["title"] + " " + text["about"]), (g["name"], variant, text)
    prime = next(g for g in client.get("/api/games").json() if g["name"] == "prime")
    assert prime["variants"]["chacun_pour_soi"]["texts"]["fr"]["title"] == "Chacun pour soi"
    t = create(client, game="prime", players=4, variant="societe", seat=0, seed=1)
    assert t["table"]["variant_texts"]["fr"]["title"] == "En société"
    assert t["table"]["variant_texts"]["en"]["title"] == "Partnerships"


def test_bids_are_shown_weakest_first_after_pass_and_the_engine_order_is_kept() -> None:
    """seed 001: Prise < Pousse < Garde < Garde sans < Garde contre; FFT: Petite < Garde < … (tarot.md)."""
    for variant, expected in (("seed", ["pass", "bid prise", "bid pousse", "bid garde", "bid garde_sans", "bid garde_contre"]),
                              ("fft", ["pass", "bid petite", "bid garde", "bid garde_sans", "bid garde_contre"])):
        g = atout.new_game("tarot", players=4, variant=variant, seed=5)
        seat = g.current_player
        engine = [str(a) for a in g.legal_actions()]
        f = frame(g, seat, "fr", {})
        assert f["obs"]["legal_actions"] == expected
        assert [str(a) for a in g.legal_actions()] == engine  # the engine's canonical order untouched
    g = atout.new_game("triomphe", players=2, seed=8)  # no bids: the order is the engine's
    assert frame(g, g.current_player, "fr", {})["obs"]["legal_actions"] == [str(a) for a in g.legal_actions()]


def test_card_names_follow_the_games_own_pack() -> None:
    """tarot1637 (seed 000): Italian suits, Chevalier, Faon, trump titles — as its journal says them."""
    g = atout.new_game("tarot1637", seed=3)
    seat = g.current_player
    f = frame(g, seat, "fr", {"faces": "tarot66-1637"})
    hand = f["obs"]["hand"]
    assert set(hand) <= set(f["names"])
    pack = atout.core.packs.PACKS["tarot66-1637"]
    for code in hand:
        assert f["names"][code] == pack.display(Card.parse(code), "fr")
    names = " ".join(f["names"].values())
    assert not re.search(r"\b(pique|cœur|carreau|trèfle)\b", names), names
    assert frame(g, seat, "en", {"faces": "tarot66-1637"})["names"] != f["names"]
    assert set(f["names"]) <= {c.code for c in CARDS if c.id in allowed(g, seat)}  # names add no hidden card


def test_typed_notation_is_read_in_the_players_language(client: TestClient) -> None:
    t = create(client, game="tarot", players=4, seat=0, seed=5)  # seat 3 speaks, then seat 0
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
        ws.receive_json()
        f = next_state(ws)
        while f["obs"]["current_player"] != 0:
            f = next_state(ws)
        assert f["examples"] and all("bid" not in e for e in f["examples"])  # "passe", "prise"…: typed French
        ws.send_json({"type": "act", "action": "n'importe quoi", "n": f["n"], "typed": True})
        err = ws.receive_json()
        assert err["type"] == "error" and "Je ne comprends pas" in err["message"]
        ws.send_json({"type": "act", "action": "Garde contre", "n": f["n"], "typed": True})
        f = next_state(ws)
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    assert (0, "bid garde_contre") in live.moves


def test_refusals_and_phases_are_said_in_french() -> None:
    for code in ("undo_reveals", "undo_forbidden", "stale", "not_your_turn"):
        exc = IllegalAction("x", code=code)
        fr, en = atout.present.say_error(exc, "fr", "tarot"), atout.present.say_error(exc, "en", "tarot")
        assert fr != en and fr != "x"
    for game in GAMES:
        assert atout.present.phrases(game).word("over", "fr") != "over"


def test_concession_buttons_say_what_they_cost_and_the_mistigri_is_marked() -> None:
    """seed 002 §4: accept = one point to the accepting side; refuse = make the vole or lose 2. seed 003: the Mistigri."""
    g = atout.new_game("triomphe", players=2, seed=8)
    f = frame(g, g.current_player, "fr", {})
    assert set(f["hints"]) == {"concede", "no_concession"}
    g.apply("concede")
    f = frame(g, g.current_player, "fr", {})
    assert "1 point" in f["hints"]["accept"]
    assert "vole" in f["hints"]["refuse"] and "perdez 2" in f["hints"]["refuse"]
    assert "lose 2" in frame(g, g.current_player, "en", {})["hints"]["refuse"]
    for seed in range(40):
        m = atout.new_game("mistigri", players=4, seed=seed)
        for seat in range(4):
            hand = [c.code for c in m.observation(seat).hand]
            f = frame(m, seat, "fr", {})
            assert f["marks"] == ({"JC": "Mistigri"} if "JC" in hand else {})
        if any("JC" in [c.code for c in m.observation(s).hand] for s in range(4)):
            break
    m = atout.new_game("mistigri", players=4, seed=3)
    f = frame(m, m.current_player, "fr", {})
    assert "talon" in f["hints"]["draw"]


def test_the_journal_keeps_the_whole_deal() -> None:
    g = atout.new_game("tarot", players=4, seed=5)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    lines, _, _ = atout.web.views.narration(g, 0, "fr")
    events = g.events(0)
    begun = max(i for i, e in enumerate(events) if e.kind == "deal_started")
    assert len(lines) > 40 and lines[0].startswith("Donne 1")
    assert len(events) - begun >= len(lines)


def test_a_deal_everybody_passed_ends_with_its_own_words_not_the_deal_before() -> None:
    """Seed 001 §4: everybody passes, the deal is void. Its end-of-deal panel said only "Fin de la donne 2" (a
    newcomer: why?), and its frame told the deal before again (the events were cut at the last score: deal 1's
    score and journal). It now says why, with the deal's own journal, and no breakdown of another deal."""
    from atout.web.deal_end import DealEnd, ended_view

    state = atout.new_game("tarot", players=4, seed=3, deals=3)
    while state.deal_index == 0:  # deal 1: bid, écart, play, scored
        state.apply(state.legal_actions()[-1] if state.phase == "bidding" and state.current_player == 0
                    else state.legal_actions()[0])
    assert [e.kind for e in state.events(None)].count("deal_scored") == 1
    for _ in range(3):  # deal 2: everybody passes but the last, then he passes too
        state.apply("pass")
    before = state.clone()
    state.apply("pass")
    view = ended_view(before, "pass")
    assert view is not None and state.deal_index == 2
    end = DealEnd(deal=before.deal_index, view=view, humans={0}, deadline=1.0)
    f = frame(state, 0, "fr", {}, ended=end)
    panel = f["deal_end"]
    assert panel["title"] == "Fin de la donne 2"
    assert panel["result"] == ["Tout le monde passe\u00a0: la donne est annulée et le joueur suivant redistribue."]
    assert panel["breakdown"] == []  # deal 1's breakdown is not this deal's
    assert f["narration"][-1] == panel["result"][0] and not any("remporte le pli" in x for x in f["narration"])


def test_the_last_deal_everybody_passed_says_who_won_the_game() -> None:
    """A newcomer's last deal was passed by everybody: its panel said "Fin de la partie" and why the deal was void,
    never who had won (only the journal did). The final panel now says the game's result first."""
    from atout.web.deal_end import DealEnd

    state = atout.new_game("tarot", players=4, seed=3, deals=2)
    while state.deal_index == 0:  # deal 1: played and scored
        state.apply(state.legal_actions()[-1] if state.phase == "bidding" and state.current_player == 0
                    else state.legal_actions()[0])
    for _ in range(4):  # the last deal: everybody passes, the game is over
        state.apply("pass")
    assert state.is_terminal()
    end = DealEnd(deal=state.deal_index, view=state, humans=set(), final=True)
    panel = frame(state, 0, "fr", {}, ended=end)["deal_end"]
    over = next(e for e in state.events(None) if e.kind == "match_over")
    totals = over.data["totals"]
    best = max(totals)
    assert panel["result"][0].startswith("Fin de la partie\u00a0: ") and f"avec {best:g}" in panel["result"][0], panel
    # under "Fin de la partie" the deal's line says which deal it was (it read as the whole game's)
    assert panel["result"][1].startswith("Donne 2 — Tout le monde passe"), panel["result"]


def test_the_deal_panel_says_the_points_in_tricks_and_in_the_ecart() -> None:
    """The web's breakdown, as the terminal's, splits the attack's card points between its tricks and the cards laid
    aside (seed 001 §9.3: the écart counts for the taker; a newcomer missed the terminal's line in the browser):
    the two parts, added by hand, give the points the breakdown states."""
    import re
    from fractions import Fraction

    from atout.web.deal_end import DealEnd

    state = atout.new_game("tarot", players=4, seed=3, deals=2)
    while state.deal_index == 0:  # seat 1 takes a Garde (the écart his), the others pass
        legal = [str(a) for a in state.legal_actions()]
        bidding = state.phase == "bidding"
        state.apply(("bid garde" if state.current_player == 1 else "pass") if bidding else legal[0])
    end = DealEnd(deal=0, view=state, humans=set(), final=False)
    lines = frame(state, 0, "fr", {}, ended=end)["deal_end"]["breakdown"]
    assert lines[0].startswith("Contrat\u00a0: Garde (×4), preneur Joueur 2"), lines  # seed 001 §11.1
    total = next(x for x in lines if x.startswith("Points de l'attaque"))
    part = next(x for x in lines if "dans les plis" in x)
    num = r"(\d+(?:,\d)?)"
    points = Fraction(re.search(r"\u00a0: " + num, total).group(1).replace(",", "."))
    tricks, aside = (Fraction(x.replace(",", ".")) for x in re.search(num + r" dans les plis et " + num, part).groups())
    assert tricks + aside == points and aside > 0, (total, part)


def test_a_tarot_table_deals_again_a_deal_everybody_passed(client: TestClient) -> None:
    """Seed 001, « Les enchères »: a deal everybody passed is void and the next player deals. At a table it does not
    count among the deals asked for (a one-deal game whose bots and player all passed used to end, nothing
    played); the table's options and its record say so, and a request cannot turn it off: the option is refused
    (it was dropped silently, and its creator would think it applied)."""
    for value in (False, True, "yes", None):
        r = client.post("/api/tables?lang=en", json={"game": "tarot", "options": {"redeal_void": value}})
        assert r.status_code == 422 and r.json()["error"] == "malformed", r.json()
        assert "options.redeal_void" in r.json()["message"], r.json()
    t = create(client, game="tarot", players=4, seat=0, seed=11)
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    assert live.state.redeal_void is True and live.options["redeal_void"] is True
    assert live.state.to_record()["match"] == {"deals": 1, "redeal_void": True}
    other = create(client, game="triomphe", players=2, seat=0, seed=1)
    assert "redeal_void" not in client.app.state.hub.tables[other["id"]].options  # type: ignore[attr-defined]
