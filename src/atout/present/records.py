"""Why a game record was refused, as a code, JSON-able params and a sentence in French or English.

:mod:`atout.records` (and the games' deal parsers) raise ``RecordError`` with an English message, a
stable ``code`` and JSON-able ``params`` (seat and deal numbers from 0, as in the record; the codes are
listed in docs/records.md). :func:`refusal` reads them off the error; :func:`say_refusal` says them in
the reader's language, an illegal move's reason through :func:`atout.present.say_error` (seed citation
kept). The web table's upload and the CLI's ``replay`` answer with them: a French table shows no
English word.

>>> from atout.core.errors import RecordError
>>> code, params = refusal(RecordError("format must be 'atout-record/1', not 'x'", "not_a_record"))
>>> code, say_refusal(code, params, "fr")
('not_a_record', "Ce fichier n'est pas un enregistrement atout (format attendu\\xa0: atout-record/1).")
"""

from __future__ import annotations

import json
from typing import Any

from babel.numbers import format_decimal

from atout.core.errors import AtoutError, IllegalAction, NotationError, RecordError
from atout.present import catalogs
from atout.present.catalogs import Section

#: Sentences by code; ``{where}`` is filled with the move's place (`` 3 (donne 1, « R♥ »)``) or left empty.
REFUSALS: Section = Section("common", "refusals")

#: Piles of a deal, named in sentences (``wrong_size``, ``bad_pile``); ``{seat}`` counts players from 1.
PILES: Section = Section("common", "piles")

#: Why a record file could not be read (``cannot_read``), by errno name; other errors say their name.
READ_REASONS: Section = Section("common", "read_reasons")


def read_reason(reason: str, lang: str) -> str:
    """A file operation's failure in words, by its errno name (``ENOENT``: "fichier introuvable"); another
    error: "erreur du système" and its name."""
    reasons = READ_REASONS[lang]
    return reasons.get(reason, f"{reasons['other']} {reason}".strip())

#: What a misused function expected (``bad_argument``: ``loads(42)``, ``load("x.json")``…).
EXPECTED: Section = Section("common", "expected")


def refusal(exc: BaseException) -> tuple[str, dict[str, Any]]:
    """``(code, params)`` for a refused record: what was wrong as data, numbers from 0 as in the record.

    A :class:`RecordError` carries them (set where it is raised, see docs/records.md); an error that
    reached here unwrapped (an illegal move, a card code, bad JSON) gets the nearest code.

    >>> refusal(RecordError("deal 0: JH is dealt twice", "card_twice", {"deal": 0, "card": "JH"}))
    ('card_twice', {'deal': 0, 'card': 'JH'})
    """
    if isinstance(exc, RecordError):
        return exc.code, dict(exc.params)
    if isinstance(exc, json.JSONDecodeError):
        return "not_json", {"line": exc.lineno, "column": exc.colno}
    if isinstance(exc, IllegalAction) and exc.code != "illegal":
        return "illegal_move", {"reason_code": exc.code, "reason_params": dict(exc.params), "reason_text": str(exc)}
    if isinstance(exc, IllegalAction | NotationError):
        return "bad_move", {"detail": str(exc)}
    return "invalid", {"detail": str(exc)}


def say_refusal(code: str, params: dict[str, Any], lang: str = "fr", game: str = "") -> str:
    """The refusal in ``lang``; an illegal move's reason from its code and params (atout.present.say_error).

    ``game`` (else ``params["game"]``) names the moves and cards as that game's table does.

    >>> say_refusal("wrong_turn", {"index": 4, "deal": 0, "number": 4, "action": "play KH", "seat": 2,
    ...                            "expected": 1}, "fr")
    "Coup 5 (donne 1, «\\xa0play KH\\xa0»)\\xa0: le joueur 3 a joué, mais c'était au tour du joueur 2."
    >>> say_refusal("card_twice", {"deal": 1, "card": "QH", "game": "triomphe"}, "fr")
    'Donne 2\\xa0: carte distribuée deux fois\\xa0: Dame de cœur.'
    """
    from atout.present import LANGS, say_error
    from atout.present.cards import card_name, join_words

    if lang not in LANGS:
        raise catalogs.lang_error(lang)
    words = catalogs.entries("common", "record_words", lang)
    if not game and isinstance(params.get("game"), str) and code != "unknown_game":  # not the unknown name
        game = params["game"]
    template = REFUSALS[lang].get(code, REFUSALS[lang]["invalid"])
    values: dict[str, Any] = {k: v for k, v in params.items() if isinstance(v, str | int | float)}
    for key in ("seat", "expected", "stated"):  # players as people count them, from 1
        if isinstance(params.get(key), int):
            values[key] = params[key] + 1
    if isinstance(params.get("deal"), int):
        values["deal"] = params["deal"] + 1
    values["where"] = _where(params, lang, game)
    values["at"] = _at(params, lang, game)
    values.setdefault("detail", "")
    if code == "illegal_move":
        reason = IllegalAction(str(params.get("reason_text", "")), code=str(params.get("reason_code", "illegal")),
                               params=dict(params.get("reason_params", {})))
        values["reason"] = say_error(reason, lang, game) if game else str(reason)
    quote = words["quote"]
    for key in ("fields", "keys"):
        if isinstance(params.get(key), list):
            values[key] = join_words([quote.format(f) for f in params[key]], lang)
    if code == "bad_deal" and "fields" not in values:
        values["fields"] = quote.format("hands")
    if code == "wrong_result":
        values["part"] = words["final_result"] if "deal" not in params else words["deal"].format(n=values["deal"])
    if isinstance(params.get("pile"), str):
        values["pile"] = PILES[lang].get(params["pile"], params["pile"]).format(seat=values.get("seat", "?"))
    if isinstance(params.get("card"), str):
        try:
            values["card"] = card_name(params["card"], lang, italian=game == "tarot1637")
        except (AtoutError, ValueError):
            pass
    if code == "cannot_read":
        values["reason"] = read_reason(str(params.get("reason", "")), lang)
    if code == "bad_argument":
        values["expected"] = EXPECTED[lang].get(str(params.get("expected")), EXPECTED[lang]["text"])
    for key in ("limit", "count"):  # 2 000 000 / 2,000,000
        if isinstance(params.get(key), int):
            values[key] = format_decimal(params[key], locale=catalogs.number_locale(lang))
    if isinstance(template, catalogs.Plural):  # "a 1 carte", "a 17 cartes": the form for the number it names
        count = params.get(template.count_key)
        template = template.form(count if isinstance(count, int | float) else 2)
    try:
        text = template.format(**values)
    except (KeyError, IndexError):  # a param missing: the plain sentence of the code, never a crash
        return REFUSALS[lang]["invalid"]
    text = text[:1].upper() + text[1:]
    cite = params.get("cite")
    if not isinstance(cite, str) or code == "illegal_move":
        return text
    from atout.present import cite_in

    return f"{text} [{cite_in(cite, lang)}]"


def _at(params: dict[str, Any], lang: str, game: str = "") -> str:
    """The place a deal-level sentence starts with: ``Coup 5 (donne 1, « R♥ ») : `` / ``Donne 2 : `` / nothing.

    A later explicit deal found wrong when the match reached it (``given_deal``) is named after the move.
    """
    words = catalogs.entries("common", "record_words", lang)
    given = params.get("given_deal")
    if isinstance(params.get("index"), int):
        place = words["move"].format(where=_where(params, lang, game))
        return place + (words["given_deal"].format(n=given + 1) if isinstance(given, int) else "") + words["colon"]
    if isinstance(params.get("deal"), int):
        return words["deal_at"].format(n=params["deal"] + 1) + words["colon"]
    return ""


def _where(params: dict[str, Any], lang: str, game: str = "") -> str:
    """The move's place: `` 5 (donne 1, « R♥ »)`` / `` 5 (deal 1, 'K♥')``; a deal alone; or nothing.

    The move is shown as the table shows it in ``lang`` when the game is known, else as recorded.
    """
    deal = params.get("deal")
    if isinstance(params.get("index"), int) and isinstance(deal, int):
        move = params["index"] + 1
        action = str(params.get("action", ""))
        if game:
            from atout.core.actions import Action
            from atout.present.screen import action_label

            try:
                action = action_label(Action.parse(action), lang, game)
            except (AtoutError, ValueError):
                pass
        return catalogs.text("common", "record_words", "where_move", lang).format(move=move, deal=deal + 1, action=action)
    if isinstance(deal, int):
        return catalogs.text("common", "record_words", "where_deal", lang).format(deal=deal + 1)
    return ""
