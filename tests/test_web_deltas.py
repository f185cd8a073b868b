"""Frames that stay small (issue 21): deltas rebuild the server's frames exactly, tell nothing more, and resync.

The deltas (atout.web.deltas) are applied with the python-json-patch library (``jsonpatch``), not with
our own code, so that "apply(delta(a, b), a) == b" is judged by an independent reading of RFC 6902.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

import atout  # noqa: E402
from atout.bots import make_bot  # noqa: E402
from atout.web import create_app  # noqa: E402
from atout.web.deal_end import DealEnd, ended_view  # noqa: E402
from atout.web.deltas import FrameBook, diff, text_for  # noqa: E402
from atout.web.hub import Conn  # noqa: E402
from atout.web.views import frame  # noqa: E402

jsonpatch = pytest.importorskip("jsonpatch")
pytest.importorskip("fastapi.testclient")
from fastapi.testclient import TestClient  # noqa: E402

from test_web import GAMES, _alone_with_bots, _move, allowed, cards_in, check_frame, create, shown_state  # noqa: E402

SLOW = bool(os.environ.get("ATOUT_SLOW"))  # every size and seat (else one size per variant; the spectator and one seat)
META = {"id": "t", "game": "", "players": 0, "spectators": 0, "faces": None, "seats": []}


def as_json(value: Any) -> str:
    """A JSON value as a text whose equality is JSON's (keys sorted: an added key may come last; 1 is not true)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def rebuilt(old: dict[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """``old`` as the client holds it (read from JSON text: no object shared by two keys, as ``trick`` and
    ``last_trick`` may be on the server) with the patch applied by the python-json-patch library."""
    out: dict[str, Any] = jsonpatch.apply_patch(json.loads(json.dumps(old)), json.loads(json.dumps(ops)), in_place=True)
    return out


def check_delta(old: dict[str, Any], new: dict[str, Any], state: atout.GameState, viewer: int | None) -> None:
    """The delta from ``old`` to ``new`` rebuilds ``new`` exactly and names no card beyond the two frames."""
    ops = diff(old, new)
    again = rebuilt(old, ops)
    assert as_json(again) == as_json(new)
    check_frame(state, viewer, again)
    assert json.loads(json.dumps(ops)) == ops  # plain JSON: sent as it is
    # the end-of-deal panel (and its card names) may show the Tarot écart: judged by check_frame on the rebuilt frame
    panel = ("deal_end", "names") if new.get("deal_end") else ()
    beyond = cards_in([op for op in ops if op["path"].split("/")[1] not in panel]) - allowed(state, viewer) - cards_in(old)
    assert not beyond, f"a delta for {viewer} names cards of neither frame: {beyond}"


def options_of(game: str) -> dict[str, Any]:
    """Two deals when the game plays a match of several (so that a deal's end is crossed)."""
    try:
        atout.new_game(game, deals=2)
    except (TypeError, ValueError):
        return {}
    return {"deals": 2}


@pytest.mark.parametrize("game", GAMES)
def test_a_delta_rebuilds_every_next_frame_of_every_game(game: str) -> None:
    """Seeded random games of every game and variant (one size each; all with ATOUT_SLOW): each next frame, a deal's
    end and the deal after it, a frame many moves back (an undo) and many moves on (a socket that missed frames)."""
    info = atout.game_info(game)
    rng = random.Random(21)
    checked = 0
    for variant in info.variants:
        counts = list(info.player_counts[variant])
        for players in counts if SLOW else [rng.choice(counts)]:
            seed = rng.randrange(1000)
            state = atout.new_game(game, players=players, variant=variant, seed=seed, **options_of(game))
            bots = [make_bot(game, "random", seed + s) for s in range(players)]
            viewers: list[int | None] = [None, *range(players)] if SLOW else [None, rng.randrange(players)]
            said: dict[Any, Any] = {}
            seen: dict[int | None, list[dict[str, Any]]] = {v: [] for v in viewers}
            while not state.is_terminal():
                seat = state.current_player
                assert seat is not None
                before = state.clone()
                action = str(bots[seat].act(state.observation(seat)))
                state.apply(action)
                view = ended_view(before, action) if state.deal_index != before.deal_index else None
                ends = [DealEnd(deal=before.deal_index, view=view, humans={0}, deadline=1.0)] if view else []
                for end in [*ends, None]:  # a deal's end is shown first, then the next deal
                    for v in viewers:
                        f = frame(state, v, "fr", META, False, said, end)
                        if seen[v]:
                            check_delta(seen[v][-1], f, end.view if end else state, v)
                            checked += 1
                        seen[v].append(f)
            for v in viewers:  # going back (an undo) and a jump over many frames
                old = seen[v][rng.randrange(len(seen[v]))]
                assert as_json(rebuilt(seen[v][-1], diff(seen[v][-1], old))) == as_json(old)
                assert as_json(rebuilt(old, diff(old, seen[v][-1]))) == as_json(seen[v][-1])
    assert checked > 20


def test_the_patch_is_small_and_appends_to_journals() -> None:
    """A journal that grew sends its tail only; a count that changed, one number; an object gone, null."""
    old = {"n": 3, "moves": [{"seat": 0, "action": "play KS"}], "hand": ["KS", "QS", "JS"],
           "seats": [{"seat": 0, "cards": 3, "turn": True}, {"seat": 1, "cards": 3, "turn": False}],
           "sizes": [3, 3], "trick": {"cards": []}, "over": False}
    new = {"n": 4, "moves": [{"seat": 0, "action": "play KS"}, {"seat": 1, "action": "play AS"}], "hand": ["KS", "JS"],
           "seats": [{"seat": 0, "cards": 3, "turn": False}, {"seat": 1, "cards": 2, "turn": True}],
           "sizes": [3, 2], "trick": None, "over": False}
    assert diff(old, new) == [
        {"op": "replace", "path": "/n", "value": 4},
        {"op": "add", "path": "/moves/-", "value": {"seat": 1, "action": "play AS"}},
        {"op": "remove", "path": "/hand/1"},
        {"op": "replace", "path": "/seats/0/turn", "value": False},
        {"op": "replace", "path": "/seats/1/cards", "value": 2},
        {"op": "replace", "path": "/seats/1/turn", "value": True},
        {"op": "replace", "path": "/sizes/1", "value": 2},
        {"op": "replace", "path": "/trick", "value": None},
    ]
    assert diff({"a/b": 1, "c~": True}, {"a/b": 2, "c~": 1}) == [  # JSON Pointer escapes; true is not 1
        {"op": "replace", "path": "/a~1b", "value": 2}, {"op": "replace", "path": "/c~0", "value": 1}]
    assert diff(new, new) == []


def test_the_book_sends_a_delta_to_sockets_in_step_and_a_full_frame_to_others() -> None:
    """seq/base: in step, the delta; behind (or new), the full frame; unchanged, nothing; no deltas asked, full."""
    book = FrameBook()
    key = (None, "fr")
    first = book.update(key, {"type": "state", "n": 0, "moves": []}, at=1)
    assert text_for(first, True, None) == first.full() and json.loads(first.full())["seq"] == first.seq
    second = book.update(key, {"type": "state", "n": 1, "moves": ["a"]}, at=2)
    assert second.seq > first.seq and second.base == first.seq
    delta = json.loads(text_for(second, True, first.seq) or "")
    assert delta == {"type": "delta", "seq": second.seq, "base": first.seq,
                     "patch": [{"op": "replace", "path": "/n", "value": 1}, {"op": "add", "path": "/moves/-", "value": "a"}]}
    assert json.loads(text_for(second, True, first.seq - 1) or "")["type"] == "state"  # a gap: the whole frame
    assert json.loads(text_for(second, False, first.seq) or "")["type"] == "state"  # a client that asked for no delta
    same = book.update(key, {"type": "state", "n": 1, "moves": ["a"]}, at=3)
    assert same.seq == second.seq and text_for(same, True, second.seq) is None  # nothing changed for it: nothing sent
    book.forget()
    again = book.update(key, {"type": "state", "n": 0, "moves": []}, at=4)
    assert again.seq > second.seq  # numbers never come back, whatever the table or its rebuilding
    assert json.loads(text_for(again, True, second.seq) or "")["type"] == "state"  # after an undo: a full frame


def queued(conn: Conn) -> list[dict[str, Any]]:
    out = []
    while not conn.outbox.empty():
        out.append(json.loads(conn.outbox.get_nowait()))
    return out


def test_an_undo_sends_full_frames_and_spectators_share_one_delta_text() -> None:
    """At the hub: after a move, two spectators get the very same delta text; after an undo, everyone a full frame."""
    hub, live = _alone_with_bots("tarot", 5, 4)  # dealer 2: seat 3 speaks first, then the person (tests/test_web.py)

    async def play() -> None:
        seat0, one, two, old = Conn(0, "fr", deltas=True), Conn(None, "fr", deltas=True), Conn(None, "fr", deltas=True), \
            Conn(None, "fr")
        for c in (seat0, one, two, old):
            live.conns.append(c)
        hub.broadcast(live)
        firsts = [queued(c) for c in (seat0, one, two, old)]
        assert [f[0]["type"] for f in firsts] == ["state"] * 4
        _move(live, "pass")  # seat 3, a bot
        hub.broadcast(live)
        assert [len(queued(c)) for c in (seat0, one, two, old)] == [1, 1, 1, 1]
        await hub.act(live, 0, "bid garde")
        texts = [c.outbox.get_nowait() for c in (one, two)]
        assert texts[0] is texts[1] and json.loads(texts[0])["type"] == "delta"  # encoded once, shared
        assert json.loads(old.outbox.get_nowait())["type"] == "state"  # no deltas asked: the whole frame
        mine = queued(seat0)
        assert [m["type"] for m in mine] == ["delta"] and mine[0]["patch"]
        assert live.can_undo(0)
        await hub.undo(live, 0)
        for c in (seat0, one, two):
            (f,) = queued(c)
            assert f["type"] == "state" and f["n"] == len(live.moves)  # the table went back: a full frame

    asyncio.run(play())


def test_a_socket_that_misses_a_delta_asks_for_a_full_frame_and_gets_it() -> None:
    """Over the WebSocket: deltas rebuild the server's frames; a skipped number is noticed, resync answered."""
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = create(client, game="triomphe", players=2, seat=0, seed=8)
        live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": "en", "deltas": True})
            assert ws.receive_json()["type"] == "welcome"
            f = ws.receive_json()
            assert f["type"] == "state"
            skipped = resynced = 0
            acted = -1
            after = 0  # frames rebuilt since the resync
            while not f["over"] and after < 6:
                after += resynced
                if f["obs"]["current_player"] == 0 and f["obs"]["legal_actions"] and f["n"] != acted:
                    acted = f["n"]
                    ws.send_json({"type": "act", "action": f["obs"]["legal_actions"][-1], "n": f["n"]})
                msg = ws.receive_json()
                assert msg["type"] in ("delta", "state"), msg
                if msg["type"] == "state":
                    f = msg
                    continue
                if msg["base"] != f["seq"]:  # the gap: ask for the whole frame, drop deltas until it comes
                    ws.send_json({"type": "resync"})
                    while (msg := ws.receive_json())["type"] != "state":
                        assert msg["type"] == "delta"
                    assert msg["seq"] > f["seq"]
                    f = msg
                    resynced += 1
                    continue
                g = {**rebuilt(f, msg["patch"]), "seq": msg["seq"]}
                if not skipped and g["n"] >= 2 and g["obs"]["current_player"] == 1:
                    skipped = msg["seq"]  # lost (the bot's move follows): the next delta's base is this one's number
                    continue
                f = g
                sent = live.book.last.get((0, "en"))  # the server's own frame of that number, while it is the last
                if sent is not None and sent.seq == f["seq"]:
                    assert as_json(f) == as_json({**sent.frame, "seq": sent.seq})
                check_frame(shown_state(live, f), 0, f)
        assert skipped and resynced == 1


def test_a_hello_without_deltas_gets_whole_frames_and_a_spectator_may_resync() -> None:
    """Old clients are unchanged: every frame whole; a spectator's resync is answered (a full frame, no error)."""
    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = create(client, game="triomphe", players=2, seat=None, seed=4)
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "welcome"
            kinds = {ws.receive_json()["type"] for _ in range(4)}
            assert kinds == {"state"}
            ws.send_json({"type": "resync"})
            assert {ws.receive_json()["type"] for _ in range(3)} == {"state"}  # answered; no error
