"""The card room's leftovers (issue 18, polish): the defence's badge in Tarot, refusals in the table's language."""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.web.views import frame


def _to_play(players: int, seed: int) -> Any:
    """A Tarot deal at ``players`` after its bidding (first bid taken, the écart made): the card play, or None."""
    g = atout.new_game("tarot", players=players, seed=seed)
    while not g.is_terminal() and g.phase != "play" and g.deal_index == 0:
        legal = [str(a) for a in g.legal_actions()]
        bid = next((a for a in legal if a.startswith("bid ")), None)
        g.apply(bid if bid is not None else legal[1] if legal[0] == "petit_sec" else legal[0])
    return g if g.phase == "play" else None


@pytest.mark.parametrize("players", [3, 4])
def test_the_co_defenders_at_three_and_four_are_the_defence_never_partners(players: int) -> None:
    """Tarot at 3 and 4 calls no partner: "partenaire" reads as a called partner, so the co-defenders carry a
    "défense"/"defence" badge, and nobody is anyone's partner."""
    g = next(g for seed in range(20) if (g := _to_play(players, seed)) is not None)
    taker = g.observation(0).public["taker"]
    defender = next(s for s in range(players) if s != taker)
    for lang, word in (("fr", "défense"), ("en", "defence")):
        f = frame(g, defender, lang, {})
        others = [s for s in range(players) if s not in (taker, defender)]  # the co-defenders: 1 at three, 2 at four
        assert len(others) == players - 2
        for s in others:
            assert f["seats"][s]["badges"][-1] == "defence" and f["seats"][s]["badge_words"]["defence"] == word
        assert all("partner" not in s["badges"] for s in f["seats"])
        assert "defence" not in f["seats"][taker]["badges"]
    # the taker at three or four plays alone: no partner nor defence badge beside his own
    assert all(not {"partner", "defence"} & set(s["badges"]) for s in frame(g, taker, "fr", {})["seats"])


def test_tarot_at_five_keeps_the_called_partner() -> None:
    """At five, once the called King is played, the taker and his partner see each other as partners."""
    for seed in range(60):
        g = _to_play(5, seed)
        while g is not None and not g.is_terminal() and g.deal_index == 0:
            pub = g.observation(0).public
            if isinstance(pub.get("partner"), int) and pub["partner"] != pub["taker"]:
                taker, partner = pub["taker"], pub["partner"]
                assert frame(g, taker, "fr", {})["seats"][partner]["badges"][-1] == "partner"
                assert "called" in frame(g, taker, "fr", {})["seats"][partner]["badges"]
                assert "partner" in frame(g, partner, "fr", {})["seats"][taker]["badges"]
                defender = next(s for s in range(5) if s not in (taker, partner))
                co = next(s for s in range(5) if s not in (taker, partner, defender))
                assert frame(g, defender, "en", {})["seats"][co]["badges"][-1] == "defence"
                return
            g.apply(str(g.legal_actions()[0]))
    raise AssertionError("no deal with a called partner known")


# --- refusals in the request's language (point 1) ----------------------------------------------------------

def plain(text: str) -> str:
    """French typography's no-break spaces as plain ones, for comparing with sentences written by hand."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


#: Forged table requests, and what a French and an English page must say (worked out from the catalogs' wording
#: and the games' registry: Tarot at 3–5, its variants seed/fft, its three options; La Prime en société at 4).
FORGED = [
    ({"game": "tarot", "options": {"foo": 1}}, "bad_table",
     "Tarot n'a pas d'option « foo » ; ses options : capot_value (Valeur du capot), count_method (Décompte des "
     "points), italian (Couleurs italiennes (épées, coupes, deniers, bâtons)).",
     "Tarot has no option “foo”; its options: capot_value (Value of the capot (slam)), count_method (Counting the "
     "points), italian (Italian suits (swords, cups, coins, batons))."),
    ({"game": "tarot", "players": 7}, "bad_table",
     "Tarot (Tarot traditionnel) se joue à 3, 4 ou 5 joueurs, pas à 7.",
     "Tarot (Traditional Tarot) is played by 3, 4 or 5 players, not 7."),
    ({"game": "prime", "variant": "societe", "players": 5}, "bad_table",
     "La Prime (En société) se joue à 4 joueurs, pas à 5.", "La Prime (Partnerships) is played by 4 players, not 5."),
    ({"game": "tarot", "variant": "zz"}, "bad_table",
     "Tarot n'a pas de variante « zz » ; ses variantes : seed (Tarot traditionnel) ou fft (Règles officielles (FFT)).",
     "Tarot has no variant “zz”; its variants: seed (Traditional Tarot) or fft (Official rules (FFT))."),
    ({"game": "prime", "options": {"min_stake": 9, "max_stake": 3}}, "bad_options",
     "Ces options ne vont pas ensemble : Plus forte mise, Plus petite mise.",
     "These options do not go together: Highest bet, Lowest bet."),
    ({"game": "tarot", "level": "god"}, "bad_table",
     "Niveau de robots inconnu : « god » ; les niveaux : easy, medium, hard, expert, master, normal.",
     "Unknown bot level: “god”; the levels: easy, medium, hard, expert, master, normal."),
    ({"game": "tarot", "players": 4, "seat": 5}, "bad_table",
     "Il n'y a pas de place 6 à une table de 4 (places 1 à 4).", "There is no seat 6 at a table of 4 (seats 1 to 4)."),
    ({"game": "prime", "options": {"seed": 4}}, "malformed",  # once "message: options.seed: …", in English
     "Requête refusée : options.seed — ce n'est pas une option de règle ; un numéro de donne choisi va dans le champ "
     "« seed » (montré à tous).",
     "Request refused: options.seed — not a rule option; a chosen deal number goes in the field “seed” (shown to all)."),
    ({"game": "triomphe", "options": {"redeal_void": False}}, "malformed",  # once dropped silently
     "Requête refusée : options.redeal_void — ce n'est pas une option de règle ; à une table en ligne de Tarot, une "
     "donne où tout le monde passe est toujours redistribuée.",
     "Request refused: options.redeal_void — not a rule option; at an online Tarot table a deal everybody passes is "
     "always dealt again."),
    ({"game": "tarot", "extra": 1}, "malformed", "Requête refusée : extra — champ inconnu.",
     "Request refused: extra — unknown field."),
    ({"game": "tarot", "name": "Robot moyen 2"}, "malformed",
     "Nom refusé : ce nom est un de ceux que la table donne (vous, un robot, un joueur numéroté, le Mort) "
     ": choisissez-en un autre.",
     "Name refused: this name is one the table gives (you, a bot, a numbered player, the Dummy): choose another."),
]


@pytest.fixture(scope="module")
def client() -> Any:
    from fastapi.testclient import TestClient

    from atout.web import create_app

    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=1000.0, table_rate=6000.0)) as c:
        yield c


@pytest.mark.parametrize(("body", "code", "fr", "en"), FORGED, ids=[str(f[0]) for f in FORGED])
def test_a_forged_table_request_is_refused_in_the_pages_language(client: Any, body: dict[str, Any], code: str,
                                                                 fr: str, en: str) -> None:
    for lang, expected in (("fr", fr), ("en", en)):
        r = client.post(f"/api/tables?lang={lang}", json=body)
        assert r.status_code in (400, 422) and r.json()["error"] == code  # the stable code, unchanged
        assert plain(r.json()["message"]) == expected, r.json()
        assert r.json()["lang"] == lang


def test_the_rules_panel_and_the_rest_of_rest_refuse_in_the_requests_language(client: Any) -> None:
    r = client.get("/api/rules/tarot?lang=fr&players=7")
    assert r.status_code == 400 and r.json()["error"] == "bad_rules"
    assert plain(r.json()["message"]) == "Tarot (Tarot traditionnel) se joue à 3, 4 ou 5 joueurs, pas à 7."
    r = client.get("/api/rules/tarot?lang=en&variant=zz")
    assert r.json()["message"] == ("Tarot has no variant “zz”; its variants: seed (Traditional Tarot) or fft "
                                   "(Official rules (FFT)).")
    assert plain(client.get("/api/rules/belote?lang=fr").json()["message"]) == (
        "Aucun jeu ne s'appelle « belote » ; les jeux : mistigri, prime, tarot, tarot1637 ou triomphe.")
    assert plain(client.get("/api/tables/abc/record?lang=fr").json()["message"]) == "Il n'y a pas de table « abc »."
    assert client.get("/api/tables/abc?lang=en").json() == {"error": "no_table", "message": "There is no table “abc”.",
                                                            "lang": "en"}
    t = client.post("/api/tables?lang=fr", json={"game": "tarot", "players": 3, "fill": False}).json()
    r = client.get(f"/api/tables/{t['id']}/record?lang=fr")
    assert r.status_code == 403 and r.json()["error"] == "in_progress"
    assert plain(r.json()["message"]) == ("L'enregistrement d'une partie en cours contient des cartes cachées : "
                                          "attendez sa fin.")
    client.post(f"/api/tables/{t['id']}/join?lang=fr", json={"seat": 1, "name": "Léa"})
    r = client.post(f"/api/tables/{t['id']}/join?lang=fr", json={"seat": 1})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    assert plain(r.json()["message"]) == "La place 2 est déjà prise."
    r = client.post(f"/api/tables/{t['id']}/join?lang=en", json={"seat": 2, "name": "Léa"})
    assert r.status_code == 422 and r.json()["error"] == "name_taken"
    assert r.json()["message"] == "Another seat at this table is already called “Léa”: choose another name."
    r = client.get("/api/rules/tarot?lang=de")
    assert r.json()["error"] == "bad_lang" and plain(r.json()["message"]) == "Langue inconnue ; les langues : fr, en."
    assert plain(client.get("/api/nothing?lang=fr").json()["message"]) == "Rien à cette adresse."


def test_rate_limited_requests_are_refused_in_the_pages_language() -> None:
    from fastapi.testclient import TestClient

    from atout.web import create_app

    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=0.05)) as c:  # a burst of 1.5: one request
        c.post("/api/tables?lang=fr", json={"game": "tarot", "fill": False})
        r = c.post("/api/tables?lang=fr", json={"game": "tarot", "fill": False})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert plain(r.json()["message"]) == "Trop de demandes : attendez un peu."
        r = c.post("/api/tables/abc/join?lang=en", json={})
        assert r.status_code == 429 and r.json()["message"] == "Too many requests: wait a little."


def test_websocket_refusals_are_said_in_the_hellos_language(client: Any) -> None:
    t = client.post("/api/tables?lang=fr", json={"game": "tarot", "players": 3}).json()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # a spectator
        ws.send_json({"type": "hello", "lang": "fr"})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "act", "action": "pass"})
        ws.send_json({"type": "hello", "lang": "fr"})
        ws.send_json({"type": "act", "action": "pass", "seat": 2})
        ws.send_json({"type": "act", "action": "x" * 5000})
        errors = []
        while len(errors) < 4:
            msg = ws.receive_json()
            if msg["type"] == "error":
                errors.append((msg["code"], plain(msg["message"])))
    assert errors == [
        ("spectator", "Un spectateur ne joue pas : prenez d'abord une place libre."),
        ("hello", "Le « hello » a déjà été dit."),
        ("malformed", "Message refusé : act.seat — champ inconnu."),
        ("too_large", "Message trop long : 4096 octets au plus."),
    ]
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # a message refused whole: no "— —" for a field
        ws.send_json({"type": "hello", "lang": "en"})
        assert ws.receive_json()["type"] == "welcome"
        for bad, said in (({"type": "nope"}, "Message refused: unknown message type."),
                          ([], "Message refused: a JSON object is expected.")):
            ws.send_json(bad)
            while (msg := ws.receive_json())["type"] != "error":
                pass
            assert (msg["code"], msg["message"]) == ("malformed", said)
    with client.websocket_connect("/ws/nosuch?lang=en") as ws:  # before any hello: the socket's ?lang=
        assert ws.receive_json() == {"type": "error", "code": "no_table", "message": "There is no table “nosuch”."}
    with client.websocket_connect(f"/ws/{t['id']}?lang=fr") as ws:
        ws.send_json({"type": "hello", "token": "forged", "lang": "en"})
        assert ws.receive_json() == {"type": "error", "code": "bad_token", "message": "This token opens no seat at this table."}


def test_the_middlewares_refusals_are_said_in_the_requests_language(client: Any) -> None:
    r = client.post("/api/tables?lang=fr", content=b'{"game": "tarot"}', headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["error"] == "bad_content_type"
    assert plain(r.json()["message"]) == ("Le corps d'une requête POST doit être du JSON, envoyé avec Content-Type: "
                                          "application/json.")
    r = client.post("/api/tables?lang=en", json={"game": "tarot"}, headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "cross_site"
    assert r.json()["message"] == "A request sent by another site is refused."


def test_an_attackers_bodies_are_said_plainly(client: Any) -> None:
    """An attacker's report: a number of 5,000 digits got "Requête refusée." and nothing more, an unreadable body
    named a field "0" (a character's position), a Tarot table "to 500" got "these settings", an unknown list
    status answered no table, and refused tables spent the address's table tokens."""
    json_type = {"content-type": "application/json"}
    r = client.post("/api/tables?lang=fr", content='{"game": "tarot", "players": ' + "9" * 5000 + "}", headers=json_type)
    assert r.status_code == 400 and r.json()["error"] == "malformed"
    assert plain(r.json()["message"]) == ("Requête refusée : son corps ne peut pas être lu (un nombre trop long, ou un "
                                          "JSON trop imbriqué).")
    r = client.post("/api/tables?lang=en", content=b"\xff\xfe{}", headers=json_type)
    assert r.status_code == 422 and (r.json()["field"], r.json()["message"]) == ("", "Request refused: unreadable JSON.")
    r = client.post("/api/tables?lang=fr", json={"game": "tarot", "target": 500})
    assert r.status_code == 400 and r.json()["error"] == "bad_table"
    assert plain(r.json()["message"]) == "Tarot ne se joue pas jusqu'à un score : « target » ne vaut que pour La Triomphe."
    r = client.get("/api/tables?status=bogus&lang=en")
    assert r.status_code == 422
    assert (r.json()["field"], r.json()["message"]) == ("status", "Request refused: status — unknown value.")
    assert client.get("/api/tables?status=over&source=uploaded").status_code == 200


def test_a_refused_table_gives_its_tokens_back() -> None:
    from fastapi.testclient import TestClient

    from atout.web import create_app
    from atout.web.app import TABLE_BURST

    with TestClient(create_app("sqlite://", bot_delay=0, http_rate=1000.0, table_rate=0.001)) as c:
        for _ in range(3 * int(TABLE_BURST)):  # refused by the game: nothing made, nothing spent
            assert c.post("/api/tables", json={"game": "tarot", "variant": "zz", "fill": False}).status_code == 400
        assert c.post("/api/tables", json={"game": "tarot", "fill": False}).status_code == 200
