"""Record errors carry a code and params, and are said in French and English everywhere (issue 7).

The brief: "The engine speaks no language: games emit events and error codes as data; one presentation layer
says them in French and English … A French table shows no English word" and "Bad input gets a clear error …
one precise message naming what was wrong". ``RecordError`` carries ``code`` and ``params`` like
``IllegalAction``; every ``raise RecordError(`` in src/ names its code (walked here by AST), every code has a
French and an English phrase in atout.present.records, and the CLI's ``replay`` says a refusal in ``--lang``
(``--json`` with the code and params). Expected codes, params and sentences below are written by hand from
the rules (deal sizes: seed 001 Tarot, seed 002 Triomphe, seed 003 Mistigri, seed 004 Prime, seed 000 1637).
"""

from __future__ import annotations

import ast
import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.cli.main import main
from atout.core.errors import RecordError
from atout.core.packs import TAROT66_1637, TAROT78_FRENCH
from atout.present.records import REFUSALS, refusal, say_refusal

SRC = Path(__file__).resolve().parents[1] / "src" / "atout"

# Words of the English sentences (and of atout.records' messages) that no French sentence may hold.
ENGLISH = ("the", "record", "must", "deal", "seat", "turn", "not", "field", "lacks", "unknown", "expected",
           "card", "cards", "hand", "hands", "twice", "pack", "needs", "cannot", "read", "file", "such", "player",
           "has", "only", "of", "Hearts", "Clubs", "Spades")


def english_in(text: str) -> list[str]:
    """English words of ``text``, leaving out the record's own keys quoted « so » and the [seed …] citation."""
    text = re.sub(r"«[^»]*»|\[[^\]]*\]", "", text)
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


# --- every code raised in the source has a phrase in both languages ---------------------------------------
def _codes_of(node: ast.AST) -> set[str]:
    """The codes a ``RecordError(...)`` call can carry: its second argument (or ``code=``), a constant or a
    starred ``(code, params)`` tuple (a conditional of two); forwarding ``exc.code`` adds none."""
    assert isinstance(node, ast.Call)
    args = [*node.args[1:2], *(k.value for k in node.keywords if k.arg == "code")]
    codes: set[str] = set()
    for arg in args:
        for sub in ast.walk(arg):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub is arg:
                codes.add(sub.value)
            if isinstance(sub, ast.Tuple) and sub.elts and isinstance(sub.elts[0], ast.Constant):
                codes.add(str(sub.elts[0].value))
    return codes


def raise_sites() -> dict[str, set[str]]:
    """``file:line`` of every ``RecordError(...)`` call in src/atout, with the codes it can carry.

    ``*_illegal(exc, at)`` (atout.records: a refused action) carries the codes ``_illegal`` returns.
    """
    sites: dict[str, set[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        illegal: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "_illegal":
                for ret in (n.value for n in ast.walk(node) if isinstance(n, ast.Return)):
                    if isinstance(ret, ast.Tuple):
                        illegal |= {str(e.value) for e in ret.elts[:1] if isinstance(e, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RecordError":
                via = any(isinstance(a, ast.Starred) and getattr(getattr(a.value, "func", None), "id", "") == "_illegal"
                          for a in node.args)
                sites[f"{path.relative_to(SRC)}:{node.lineno}"] = set(illegal) if via else _codes_of(node)
    return sites


def test_every_raise_names_a_code_with_french_and_english_phrases() -> None:
    sites = raise_sites()
    assert len(sites) >= 60  # records, protocol and the five games' deal parsers
    forwarding = {k for k, v in sites.items() if not v}  # RecordError(f"…: {exc}", exc.code, …): the inner code kept
    assert len(forwarding) == 2 and all("records/" in k or "triomphe/" in k for k in forwarding), forwarding
    codes = set().union(*sites.values())
    assert set(REFUSALS["fr"]) == set(REFUSALS["en"])
    assert codes <= set(REFUSALS["fr"]), codes - set(REFUSALS["fr"])
    for lang in ("fr", "en"):
        for code, phrase in REFUSALS[lang].items():
            assert phrase.strip() and phrase.rstrip().endswith((".", "}")), (lang, code)
    for code, phrase in REFUSALS["fr"].items():
        assert english_in(phrase.replace("{", "«").replace("}", "»")) == [], code


def test_plain_record_error_still_works_with_the_default_code() -> None:
    exc = RecordError("something odd")
    assert (exc.code, exc.params, str(exc)) == ("invalid", {}, "something odd")
    assert refusal(exc) == ("invalid", {})
    assert say_refusal("invalid", {}, "fr") == "Cet enregistrement n'est pas valide."


# --- malformed records give the expected code (hand-written) -----------------------------------------------
#: Triomphe at two (seed 002 §3: five cards each, then the turn-up; the stock may be left out of a case).
TRIOMPHE = {"hands": [["KH", "QH", "JH", "AH", "10H"], ["9S", "8S", "7S", "KC", "QC"]], "turnup": "7H"}


def record(game: str, players: int, deal: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A hand-made record of no action: the header of ``new_game`` with ``deal`` (valid or not) put in."""
    rec = atout.new_game(game, players=players, deal=TRIOMPHE if game == "triomphe" else None, dealer=0,
                         seed=1).to_record()
    rec.update({"deal": deal, "dealer": 0, "actions": [], **changes})
    rec.pop("result", None)
    return rec


def refused(rec: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        atout.replay(rec)
    return info.value


TAROT = [c.code for c in TAROT78_FRENCH.cards]  # the 78 cards, in the pack's order


def tarot1637_deal(mort: list[str] | None = None) -> dict[str, Any]:
    """The 66 cards of 1637 (seed 000) dealt 24 to the dealer (seat 0) and 21 to each other player, at three."""
    codes = [c.code for c in TAROT66_1637.cards]
    deal: dict[str, Any] = {"hands": [codes[:24], codes[24:45], codes[45:]]}
    if mort is not None:
        deal["mort"] = mort
    return deal


CASES: list[tuple[str, dict[str, Any], str, dict[str, Any], str, str]] = [
    # (id, record, code, params (a subset), French, English)
    ("triomphe card twice (seed 002 §3)",
     record("triomphe", 2, {**TRIOMPHE, "hands": [["KH", "QH", "JH", "AH", "10H"], ["KH", "8S", "7S", "KC", "QC"]]}),
     "card_twice", {"card": "KH", "deal": 0, "game": "triomphe"},
     "Donne 1\u00a0: carte distribuée deux fois\u00a0: Roi de cœur.", "Deal 1: card dealt twice: King of Hearts."),
    ("triomphe four cards (seed 002: five each)",
     record("triomphe", 2, {**TRIOMPHE, "hands": [["KH", "QH", "JH", "AH"], ["9S", "8S", "7S", "KC", "QC"]]}),
     "wrong_size", {"pile": "hand", "seat": 0, "count": 4, "want": 5, "cite": "seed 002"},
     "Donne 1\u00a0: la main du joueur 1 a 4 cartes\u202f; il en faut 5. [texte 002]",
     "Deal 1: player 1's hand has 4 cards; it needs 5. [text 002]"),
    ("triomphe a 2 is not piquet",
     record("triomphe", 2, {**TRIOMPHE, "turnup": "2H"}),
     "card_not_in_pack", {"card": "2H", "pack": 32},
     "Donne 1\u00a0: carte hors du jeu de 32 cartes\u00a0: 2 de cœur.", "Deal 1: card not in the 32-card pack: 2 of Hearts."),
    ("triomphe lacks the turn-up",
     record("triomphe", 2, {"hands": TRIOMPHE["hands"]}),
     "deal_lacks", {"fields": ["turnup"]},
     "Donne 1\u00a0: il manque à la donne\u00a0: «\u00a0turnup\u00a0».", "Deal 1: the deal lacks: 'turnup'."),
    ("triomphe three hands at two",
     record("triomphe", 2, {**TRIOMPHE, "hands": [*TRIOMPHE["hands"], []]}),
     "hands_count", {"hands": 2},
     "Donne 1\u00a0: la donne doit avoir 2 mains («\u00a0hands\u00a0»).", "Deal 1: the deal needs 2 hands ('hands')."),
    ("tarot talon of five at four (seed 001: six)",
     record("tarot", 4, {"hands": [TAROT[i * 18:i * 18 + 18] for i in range(4)], "talon": TAROT[72:77]}),
     "wrong_size", {"deal": 0, "pile": "talon", "count": 5, "want": 6, "cite": "seed 001"},
     "Donne 1\u00a0: le talon a 5 cartes\u202f; il en faut 6. [texte 001]",
     "Deal 1: the talon has 5 cards; it needs 6. [text 001]"),
    ("tarot unknown key",
     record("tarot", 4, {"hands": [], "talon": [], "chien": []}),
     "deal_unknown_keys", {"deal": 0, "keys": ["chien"]},
     "Donne 1\u00a0: la donne a des clés inconnues\u00a0: «\u00a0chien\u00a0».", "Deal 1: the deal has unknown keys: 'chien'."),
    ("prime: no 9 in the 40-card pack (prime.md D1)",
     record("prime", 3, {"hands": [["9H", "AS"], ["2S", "3S"], ["4S", "5S"]]}),
     "card_not_in_pack", {"card": "9H", "pack": 40, "cite": "prime.md D1"},
     "Carte hors du jeu de 40 cartes\u00a0: 9 de cœur. [spéc. D1]",
     "Card not in the 40-card pack: 9 of Hearts. [spec D1]"),
    ("mistigri fille of four (seed 003: five)",
     record("mistigri", 3, {"hands": [["7S", "8S", "9S", "10S", "JS"], ["QS", "KS", "AS", "7H", "8H"],
                                      ["9H", "10H", "JH", "QH", "KH"]], "fille": ["AH", "7D", "8D", "9D"],
                            "retourne": "10D"}),
     "wrong_size", {"pile": "fille", "count": 4, "want": 5, "cite": "seed 003"},
     "La fille a 4 cartes\u202f; il en faut 5. [texte 003]", "The fille has 4 cards; it needs 5. [text 003]"),
    ("tarot1637: a Mort only at two (spec §11)",
     record("tarot1637", 3, tarot1637_deal(mort=["JD"])),
     "unexpected_mort", {}, "Seule une donne à deux joueurs a un Mort.", "Only a two-player deal has a Mort."),
    ("1637 dealer with 21 cards (seed 000: 24)",
     record("tarot1637", 3, {"hands": [tarot1637_deal()["hands"][1]] * 3}),
     "wrong_size", {"pile": "hand", "seat": 0, "count": 21, "want": 24},
     "La main du joueur 1 a 21 cartes\u202f; il en faut 24. [texte 000]",
     "Player 1's hand has 21 cards; it needs 24. [text 000]"),
    ("wrong dealer: the deal passes to the next player",
     {**record("triomphe", 2, TRIOMPHE, match={"deals": 2, "target": None, "scores": [0, 0]}), "deals": [
         {"dealer": 0, "deal": TRIOMPHE, "actions": [{"seat": 1, "action": "concede"}, {"seat": 0, "action": "accept"}]},
         {"dealer": 0, "deal": TRIOMPHE, "actions": []}]},
     "wrong_dealer", {"deal": 1, "expected": 1, "stated": 0},
     "Donne 2, mauvais donneur\u00a0: selon les règles, c'est au joueur 2 de donner, l'enregistrement dit le joueur 1.",
     "Deal 2, wrong dealer: by the rules player 2 deals, the record says player 1."),
    ("a second deal in a match of one",
     {**record("triomphe", 2, TRIOMPHE), "deals": [{"dealer": 0, "deal": TRIOMPHE, "actions": []},
                                                   {"dealer": 0, "deal": TRIOMPHE, "actions": []}]},
     "wrong_deal_count", {"deal": 1, "current": 0},
     "Donne 2\u00a0: la partie était déjà finie ou encore dans une autre donne.",
     "Deal 2: the match was already over or still in another deal."),
    ("final result of a match not over",
     {**record("triomphe", 2, TRIOMPHE), "result": {"returns": [0, 1]}},
     "unfinished_result", {}, "L'enregistrement annonce un résultat final, mais la partie n'est pas finie.",
     "The record states a final result but the match is not over."),
    ("seed a string", {**record("triomphe", 2, TRIOMPHE), "seed": "x"}, "bad_field", {"field": "seed"},
     "Le champ «\u00a0seed\u00a0» de l'enregistrement est mal formé.", "The record's field 'seed' is malformed."),
    ("a match setting also in options (an attacker's upload: Python's 'multiple values for keyword' was said)",
     {**record("triomphe", 2, TRIOMPHE, match={"deals": 1}), "options": {"deals": 1}},
     "misplaced_option", {"key": "deals", "place": "match"},
     "L'option «\u00a0deals\u00a0» de l'enregistrement n'est pas une option de règle\u00a0: elle va dans son champ "
     "«\u00a0match\u00a0».",
     "The record's option 'deals' is not a rule option: it belongs in its field 'match'."),
    ("a seed among the options", {**record("triomphe", 2, TRIOMPHE), "options": {"seed": 4}},
     "misplaced_option", {"key": "seed", "place": "seed"},
     "L'option «\u00a0seed\u00a0» de l'enregistrement n'est pas une option de règle\u00a0: elle va dans son champ "
     "«\u00a0seed\u00a0».",
     "The record's option 'seed' is not a rule option: it belongs in its field 'seed'."),
    ("a move out of turn (seed 002 §4: eldest, seat 1, speaks first)",
     record("triomphe", 2, TRIOMPHE, actions=[{"seat": 0, "action": "no_concession"}]),
     "wrong_turn", {"index": 0, "deal": 0, "number": 0, "action": "no_concession", "seat": 0, "expected": 1},
     "Coup 1 (donne 1, «\u00a0pas de concession\u00a0»)\u00a0: le joueur 1 a joué, mais c'était au tour du joueur 2.",
     "Move 1 (deal 1, 'no concession'): player 1 played, but it was player 2's turn."),
]


@pytest.mark.parametrize(("rec", "code", "params", "french", "english"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_malformed_records_give_their_code(rec: dict[str, Any], code: str, params: dict[str, Any], french: str,
                                           english: str) -> None:
    exc = refused(rec)
    assert exc.code == code, str(exc)
    assert {k: exc.params.get(k) for k in params} == params
    got, data = refusal(exc)
    assert (got, data) == (exc.code, exc.params)
    assert say_refusal(code, data, "fr") == french
    assert say_refusal(code, data, "en") == english
    assert english_in(french) == []
    json.dumps(data)  # params are JSON-able


def test_text_and_api_errors_have_codes(tmp_path: Path) -> None:
    """loads/load/dumps/read_record and new_game's explicit deals: each refusal its own code."""
    cases: list[tuple[Any, str, dict[str, Any]]] = [
        (lambda: atout.loads('{"a": 1,'), "not_json", {"line": 1, "column": 9}),
        (lambda: atout.loads(b"\xff{}"), "not_utf8", {"byte": 0}),
        (lambda: atout.loads('{"n": NaN}'), "bad_number", {"number": "NaN"}),
        (lambda: atout.loads("[" * 40 + "]" * 40), "too_deep", {"limit": 32}),
        (lambda: atout.loads(42), "bad_argument", {"expected": "text"}),  # type: ignore[arg-type]
        (lambda: atout.load("game.json"), "bad_argument", {"expected": "file"}),  # type: ignore[arg-type]
        (lambda: atout.dumps({"x": float("nan")}), "not_json_able", {}),
        (lambda: atout.read_record(tmp_path / "nope.json"), "cannot_read", {"reason": "ENOENT"}),
        (lambda: atout.read_record(tmp_path), "cannot_read", {"reason": "EISDIR"}),
        (lambda: atout.new_game("triomphe", players=2, deal=[TRIOMPHE] * 100_001), "too_many_deals",
         {"count": 100_001, "limit": 100_000}),
        (lambda: atout.new_game("tarot", players=4, deal=["x"]), "bad_deal", {"deal": 0}),
    ]
    for call, code, params in cases:
        with pytest.raises(RecordError) as info:
            call()
        assert info.value.code == code, str(info.value)
        assert {k: info.value.params.get(k) for k in params} == params, code
    missing = {"path": "nope.json", "reason": "ENOENT"}
    assert say_refusal("cannot_read", missing, "fr") == "Impossible de lire «\u00a0nope.json\u00a0»\u00a0: fichier introuvable."
    assert say_refusal("cannot_read", missing, "en") == "Cannot read 'nope.json': no such file."
    assert say_refusal("too_many_deals", {"count": 100_001, "limit": 100_000}, "fr") == \
        "Trop de donnes fournies\u00a0: 100\u202f001 (au plus 100\u202f000)."


def test_a_later_deal_found_wrong_names_the_move_and_the_deal() -> None:
    """Triomphe checks every explicit deal at the start; the wrap keeps the inner code and names the deal."""
    bad = {**TRIOMPHE, "turnup": "KH"}  # the King of Hearts both in hand 0 and turned up
    exc = refused({**record("triomphe", 2, TRIOMPHE), "deals": [{"dealer": 0, "deal": TRIOMPHE, "actions": []},
                                                                {"dealer": 1, "deal": bad, "actions": []}]})
    assert (exc.code, exc.params["deal"], exc.params["card"]) == ("card_twice", 1, "KH")
    assert say_refusal(exc.code, exc.params, "fr") == "Donne 2\u00a0: carte distribuée deux fois\u00a0: Roi de cœur."


def test_a_deal_checked_when_reached_names_the_move_that_starts_it() -> None:
    """tarot1637 reads an explicit deal when the match reaches it: the last move of deal 1 is refused, and the
    refusal names the move and the deal it was starting (given_deal), the deal parser's code kept."""
    g = atout.new_game("tarot1637", players=3, seed=3, deals=3)
    while g.deal_index == 0:
        g.apply(g.legal_actions()[0])
    rec = g.to_record()
    last = len(rec["deals"][0]["actions"]) - 1
    second = rec["deals"][1]["deal"]
    second["hands"][1][0] = second["hands"][0][0]  # one card in two hands of the second deal
    exc = refused(rec)
    card = second["hands"][0][0]
    assert (exc.code, exc.params["card"], exc.params["given_deal"]) == ("card_twice", card, 1)
    assert (exc.params["index"], exc.params["deal"], exc.params["number"]) == (last, 0, last)
    fr = say_refusal(exc.code, exc.params, "fr")
    assert fr.startswith(f"Coup {last + 1} (donne 1, «\u00a0") and ", donne 2\u00a0: carte distribuée deux fois\u00a0: " in fr
    assert english_in(fr) == []


# --- the CLI: replay says a refusal in --lang, --json with code and params ---------------------------------
def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture()
def twice(tmp_path: Path) -> Path:
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(CASES[0][1]), encoding="utf-8")
    return path


def test_replay_says_record_errors_in_french_and_english(twice: Path) -> None:
    code, out, err = cli("replay", str(twice), "--lang", "fr")
    assert code == 2 and out == "" and "Traceback" not in err
    assert err == f"{twice}\u00a0: Donne 1\u00a0: carte distribuée deux fois\u00a0: Roi de cœur.\n"
    assert english_in(err.replace(str(twice), "")) == []
    code, _, err = cli("replay", str(twice), "--lang", "en")
    assert code == 2 and err == f"{twice}: Deal 1: card dealt twice: King of Hearts.\n"
    code, _, err = cli("replay", str(twice))  # no --lang: the engine's own English check, as before
    assert code == 2 and err == f"{twice}: deal 0: KH is dealt twice\n"
    code, _, err = cli("replay", str(twice), "--step")  # the narration's language: French by default
    assert code == 2 and err == f"{twice}\u00a0: Donne 1\u00a0: carte distribuée deux fois\u00a0: Roi de cœur.\n"


def test_replay_json_carries_code_and_params(twice: Path, tmp_path: Path) -> None:
    code, out, err = cli("replay", str(twice), "--json", "--lang", "fr")
    assert code == 2 and out.count("\n") == 1 and err.count("\n") == 1
    obj = json.loads(out)
    assert obj["valid"] is False and obj["code"] == "card_twice" and obj["lang"] == "fr"
    assert obj["params"] == {"card": "KH", "deal": 0, "game": "triomphe"}
    assert obj["error"].endswith("Donne 1\u00a0: carte distribuée deux fois\u00a0: Roi de cœur.")
    code, out, err = cli("replay", str(tmp_path / "nope.json"), "--json", "--lang", "fr")
    obj = json.loads(out)
    assert code == 2 and obj["code"] == "cannot_read" and obj["params"]["reason"] == "ENOENT"
    assert err.strip().endswith("fichier introuvable.")
    # Eldest (seat 1) speaks first, then seat 0 (seed 002 §4); seat 1 leads the 7S; seat 0, who holds only
    # hearts, plays the 9S he does not hold: the fourth move (index 3) is refused, the rule's code kept.
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(record("triomphe", 2, TRIOMPHE, actions=[
        {"seat": 1, "action": "no_concession"}, {"seat": 0, "action": "no_concession"}, {"seat": 1, "action": "play 7S"},
        {"seat": 0, "action": "play 9S"}])))
    for lang, start in (("en", "Move 4 (deal 1, '9♠') refused: "), ("fr", "Coup 4 (donne 1, «\u00a09♠\u00a0») refusé\u00a0: ")):
        code, out, err = cli("replay", str(illegal), "--json", "--lang", lang)
        obj = json.loads(out)
        assert code == 2 and obj["code"] == "illegal_move"
        assert (obj["params"]["index"], obj["params"]["reason_code"], obj["params"]["reason_params"]) == \
            (3, "not_in_hand", {"card": "9S"})
        said = err.strip().split("\u00a0: " if lang == "fr" else ": ", 1)[1]
        assert said.startswith(start), said
        if lang == "fr":
            assert english_in(said) == [], said


def test_packs_list_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["packs", "--lang", "fr"], ["packs", "list", "--lang", "fr"], ["packs"]):
        assert main(args) == 0
        out = capsys.readouterr().out
        assert "32 cartes" in out and "pique/cœur/carreau/trèfle" in out and "épées/coupes/deniers/bâtons" in out
        assert "jeu de piquet de 32 cartes\u00a0: 7 à 10, V, D, R, As" in out  # French spacing, from the catalog
        assert not re.search(r"\b(cards|used by|orders:|spades|swords|pack)\b", out), out
    assert main(["packs", "list", "--lang", "en"]) == 0
    assert "32 cards  spades/hearts/diamonds/clubs; orders: triomphe" in capsys.readouterr().out
