"""Uploading a record to the web table: a refusal comes back as a code, params and a message in the page's language.

A French table shows no English word (issue 7): ``POST /api/records?lang=fr`` answers a malformed or illegal
record with ``{"error", "code", "params", "message", "lang"}``, the message said by atout.present.records (the
illegal move's reason by atout.present.say_error, its seed citation kept). Expected sentences are written by
hand from the templates and the rules (seed 002 §5 for the Triomphe move below); the browser side is in
tests/test_web_e2e_fixes.py.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import atout
from atout.present.records import REFUSALS
from atout.web import create_app
from atout.web.models import TableRow

# Words of the English refusals (and of atout.records' messages) that no French message may hold.
ENGLISH = ("the", "record", "must", "follow", "illegal", "move", "deal", "seat", "turn", "not", "field", "lacks",
           "unknown", "game", "expected", "format must", "too", "large", "refused", "playable", "wait", "rules",
           "Ace", "Clubs", "play", "bytes", "line", "column")  # ("action" is French too)


def english_in(text: str) -> list[str]:
    """English words of ``text``, leaving out the record's own keys quoted « so » and a template's {fields}."""
    text = re.sub(r"«[^»]*»|\{\w+\}", "", text)
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0)) as c:
        yield c


def post(client: TestClient, body: bytes | str, lang: str | None = "fr") -> Any:
    url = "/api/records" + (f"?lang={lang}" if lang else "")
    return client.post(url, content=body.encode() if isinstance(body, str) else body,
                       headers={"content-type": "application/json"})


def triomphe_record() -> dict[str, Any]:
    """Triomphe at two, seed 5: both sides play on (seed 002 §4), seat 0 leads the 9 of clubs.

    Seat 1 holds 8H 10H JH 9D AC with diamonds trumps (turn-up 8D): he must follow clubs and beat the 9
    (seed 002 §5, 'monter'): only AC is playable.
    """
    g = atout.new_game("triomphe", players=2, seed=5)
    for move in ("no_concession", "no_concession", "play 9C"):
        g.apply(move)
    assert [str(a) for a in g.legal_actions()] == ["play AC"]  # the situation the tests rely on
    return g.to_record()


def test_illegal_move_refused_in_french_with_code_and_params(client: TestClient) -> None:
    rec = triomphe_record()
    rec["actions"].append({"seat": 1, "action": "play 8H"})  # a heart on a club lead, holding the AC
    r = post(client, json.dumps(rec))
    assert r.status_code == 400
    body = r.json()
    assert body["error"] == "bad_record" and body["code"] == "illegal_move" and body["lang"] == "fr"
    params = body["params"]
    assert (params["index"], params["deal"], params["number"], params["action"]) == (3, 0, 3, "play 8H")
    assert params["reason_code"] == "must_follow_higher"
    assert params["reason_params"]["cards"] == ["AC"] and params["reason_params"]["cite"] == "seed 002, §5"
    assert body["message"] == ("Coup 4 (donne 1, «\u00a08♥\u00a0») refusé\u00a0: Il faut fournir et monter sur la carte "
                               "maîtresse\u202f; jouables\u00a0: As de trèfle. [texte 002, §5]")
    assert english_in(body["message"]) == []


def test_same_refusal_in_english(client: TestClient) -> None:
    rec = triomphe_record()
    rec["actions"].append({"seat": 1, "action": "play 8H"})
    fr, en = post(client, json.dumps(rec), "fr").json(), post(client, json.dumps(rec), "en").json()
    assert en["code"] == fr["code"] and en["params"] == fr["params"] and en["lang"] == "en"
    assert en["message"] == ("Move 4 (deal 1, '8♥') refused: You must follow suit and beat the winning card; "
                             "playable: Ace of Clubs. [text 002, §5]")


def test_french_is_the_default(client: TestClient) -> None:
    body = post(client, b'{"a": 1,', lang=None).json()
    assert body["lang"] == "fr" and body["code"] == "not_json"


@pytest.mark.parametrize(("body", "code", "params", "french", "english"), [
    # '{"a": 1,' stops after the comma: JSON expects a name at line 1, column 9.
    (b'{"a": 1,', "not_json", {"line": 1, "column": 9},
     "Ce fichier n'est pas du JSON (ligne 1, colonne 9).", "This file is not JSON (line 1, column 9)."),
    (b'\xff{}', "not_utf8", {"byte": 0},
     "Ce fichier n'est pas du texte UTF-8 (octet 0).", "This file is not UTF-8 text (byte 0)."),
    (b"[" * 50_000 + b"]" * 50_000, "too_deep", {"limit": 32},
     "JSON trop imbriqué\u00a0: 32 niveaux au plus.", "JSON nested too deeply: at most 32 levels."),
    (b'{"format": "atout-record/1", "n": 1e999}', "bad_number", {},
     "Un nombre de l'enregistrement est illisible ou hors limites (seuls les nombres finis sont admis).",
     "A number of the record is unreadable or out of range (finite numbers only)."),
    (b'{"format": "pgn"}', "not_a_record", {},
     "Ce fichier n'est pas un enregistrement atout (format attendu\u00a0: atout-record/1).",
     "This file is not an atout record (expected format: atout-record/1)."),
    (b'[1, 2]', "not_a_record", {},
     "Ce fichier n'est pas un enregistrement atout (format attendu\u00a0: atout-record/1).",
     "This file is not an atout record (expected format: atout-record/1)."),
    (b'{"format": "atout-record/1", "game": "tarot", "variant": "seed", "players": 4}', "missing_fields",
     {"fields": ["dealer", "deal", "actions"]},
     "Il manque à l'enregistrement\u00a0: «\u00a0dealer\u00a0», «\u00a0deal\u00a0» et «\u00a0actions\u00a0».",
     "The record lacks: 'dealer', 'deal' and 'actions'."),
    (b'{"format": "atout-record/1", "game": "tarot", "variant": "seed", "players": "four"}', "bad_field",
     {"field": "players"}, "Le champ «\u00a0players\u00a0» de l'enregistrement est mal formé.",
     "The record's field 'players' is malformed."),
    (b'{"format": "atout-record/1", "game": "chess", "variant": "x", "players": 2, "dealer": 0, "deal": {},'
     b' "actions": []}', "unknown_game", {"game": "chess"}, "Jeu inconnu\u00a0: «\u00a0chess\u00a0».", "Unknown game: 'chess'."),
])
def test_malformed_records_in_both_languages(client: TestClient, body: bytes, code: str, params: dict[str, Any],
                                              french: str, english: str) -> None:
    fr, en = post(client, body, "fr"), post(client, body, "en")
    assert fr.status_code == en.status_code == 400
    assert fr.json()["code"] == en.json()["code"] == code
    assert {k: fr.json()["params"][k] for k in params} == params
    assert fr.json()["message"] == french and en.json()["message"] == english
    assert english_in(french) == []


def test_bad_action_field_names_its_deal(client: TestClient) -> None:
    rec = triomphe_record()
    rec["actions"].append({"seat": "one", "action": "play AC"})
    body = post(client, json.dumps(rec)).json()
    assert body["code"] == "bad_field" and body["params"] == {"deal": 0, "number": 3, "field": "actions"}
    assert body["message"] == "Le champ «\u00a0actions\u00a0» de l'enregistrement est mal formé (donne 1)."


def test_wrong_turn_and_wrong_result(client: TestClient) -> None:
    rec = triomphe_record()
    rec["actions"].append({"seat": 0, "action": "play AC"})  # seat 1's turn (players 2 and 1 for people)
    body = post(client, json.dumps(rec)).json()
    assert body["code"] == "wrong_turn" and (body["params"]["seat"], body["params"]["expected"]) == (0, 1)
    assert body["message"] == "Coup 4 (donne 1, «\u00a0A♣\u00a0»)\u00a0: le joueur 1 a joué, mais c'était au tour du joueur 2."
    g = atout.new_game("triomphe", players=2, seed=5)
    g.apply("concede")
    g.apply("accept")  # seed 002 §4: a concession accepted scores one point for the other side
    rec = g.to_record()
    assert rec["result"]["returns"] == [0, 1]
    rec["result"] = {"returns": [1, 0]}
    body = post(client, json.dumps(rec)).json()
    assert body["code"] == "wrong_result"
    assert body["message"] == ("Résultat faux (résultat final)\u00a0: l'enregistrement annonce [1, 0], "
                               "les règles donnent [0, 1].")


def test_an_unreadable_move(client: TestClient) -> None:
    rec = triomphe_record()
    rec["actions"].append({"seat": 1, "action": "play ZZ"})  # no such card
    body = post(client, json.dumps(rec)).json()
    assert body["code"] == "bad_move" and body["params"]["index"] == 3
    assert body["message"] == "Coup 4 (donne 1, «\u00a0jouer zz\u00a0») illisible\u00a0: ce n'est pas une action du jeu."


def test_too_large_and_rate_limited_in_french() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=100.0)) as client:
        r = post(client, b" " * 2_000_100)
        assert r.status_code == 413 and r.json()["code"] == "too_large"
        assert r.json()["message"] == "Enregistrement trop gros\u00a0: 2\u202f000\u202f000 octets au plus."
    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=0.01)) as client:  # a burst under one request
        r = post(client, b"{}")
        assert r.status_code == 429 and r.json()["message"] == "Trop de demandes\u00a0: attendez un peu."
        assert post(client, b"{}", "en").json()["message"] == "Too many requests: wait a little."


def test_bad_lang_and_a_good_upload_still_work(client: TestClient) -> None:
    r = post(client, b"{}", "de")
    assert r.status_code == 400 and r.json()["error"] == "bad_lang"
    g = atout.new_game("triomphe", players=2, seed=5)
    g.apply("concede")
    g.apply("accept")
    ok = post(client, json.dumps(g.to_record()))
    assert ok.status_code == 200 and ok.json()["moves"] == 2


def test_every_code_said_in_both_languages() -> None:
    assert set(REFUSALS["fr"]) == set(REFUSALS["en"])
    for code, text in REFUSALS["fr"].items():
        assert english_in(text) == [], code


def test_front_end_sends_its_language_and_shows_the_message() -> None:
    from importlib.resources import files

    lobby = (files("atout.web") / "static" / "lobby.js").read_text()
    assert '"/api/records?lang=" + getLang()' in lobby
    common = (files("atout.web") / "static" / "common.js").read_text()
    assert "body.message" in common  # api() throws the server's message, which the upload form shows


def test_a_stored_record_the_engine_refuses_is_said_in_the_pages_language(client: TestClient) -> None:
    """The step-by-step replay of an uploaded table answers a refused replay as a code said in ``lang``.

    The replay runs in a worker process: the stored record itself is spoilt (a card dealt twice).
    """
    g = atout.new_game("triomphe", players=2, seed=5)
    g.apply("concede")
    g.apply("accept")
    made = post(client, json.dumps(g.to_record()))
    assert made.status_code == 200, made.text
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.session() as s:
        row = s.get(TableRow, made.json()["id"])
        spoilt = copy.deepcopy(row.record)
        spoilt["deal"]["hands"][1][0] = spoilt["deal"]["hands"][0][0]
        row.record = spoilt
    for lang in ("fr", "en"):
        got = client.get(f"/api/tables/{made.json()['id']}/replay?n=1&lang={lang}")
        assert got.status_code == 500
        body = got.json()
        assert (body["error"], body["code"], body["lang"]) == ("replay_failed", "card_twice", lang)
        if lang == "fr":
            assert not english_in(body["message"]), body["message"]
        else:
            assert "twice" in body["message"]
