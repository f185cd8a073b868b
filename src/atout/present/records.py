"""Why a game record was refused, as a code, JSON-able params and a sentence in French or English.

:mod:`atout.records` raises ``RecordError`` with an English message (and, for an illegal move, the
engine's ``IllegalAction`` as its context). :func:`refusal` turns such an error into a stable ``code``
and ``params`` (seat and deal numbers from 0, as in the record); :func:`say_refusal` says it in the
reader's language, the illegal move's reason through :func:`atout.present.say_error` (seed citation
kept). The web table's upload answers with all three; a French table shows no English word.

>>> from atout.core.errors import RecordError
>>> code, params = refusal(RecordError("format must be 'atout-record/1', not 'x'"))
>>> code, say_refusal(code, params, "fr")
('not_a_record', "Ce fichier n'est pas un enregistrement atout (format attendu : atout-record/1).")
"""

from __future__ import annotations

import json
import re
from typing import Any

from atout.core.errors import AtoutError, IllegalAction, NotationError, UnknownGame

#: Sentences by code; ``{where}`` is filled with the move's place (`` 3 (donne 1, « R♥ »)``) or left empty.
REFUSALS: dict[str, dict[str, str]] = {
    "fr": {
        "not_json": "Ce fichier n'est pas du JSON (ligne {line}, colonne {column}).",
        "not_utf8": "Ce fichier n'est pas du texte UTF-8 (octet {byte}).",
        "too_large": "Enregistrement trop gros : {limit} octets au plus.",
        "too_deep": "JSON trop imbriqué : {limit} niveaux au plus.",
        "bad_number": "Un nombre de l'enregistrement est illisible ou hors limites (seuls les nombres finis sont admis).",
        "not_a_record": "Ce fichier n'est pas un enregistrement atout (format attendu : atout-record/1).",
        "missing_fields": "Il manque à l'enregistrement : {fields}.",
        "bad_field": "Le champ « {field} » de l'enregistrement est mal formé{where}.",
        "unknown_game": "Jeu inconnu : « {game} ».",
        "bad_setup": "La partie de cet enregistrement ne peut pas être mise en place (joueurs, variante ou options).",
        "wrong_dealer": "Donne {deal}, mauvais donneur : selon les règles, c'est au joueur {expected} de donner, "
                        "l'enregistrement dit le joueur {stated}.",
        "wrong_deal_count": "Donne {deal} : la partie était déjà finie ou encore dans une autre donne.",
        "wrong_turn": "Coup{where} : le joueur {seat} a joué, mais c'était au tour du joueur {expected}.",
        "illegal_move": "Coup{where} refusé : {reason}",
        "bad_move": "Coup{where} illisible : ce n'est pas une action du jeu.",
        "wrong_result": "Résultat faux ({part}) : l'enregistrement annonce {stated}, les règles donnent {actual}.",
        "unfinished_result": "L'enregistrement annonce un résultat final, mais la partie n'est pas finie.",
        "rate_limited": "Trop de demandes : attendez un peu.",
        "invalid": "Cet enregistrement n'est pas valide.",
    },
    "en": {
        "not_json": "This file is not JSON (line {line}, column {column}).",
        "not_utf8": "This file is not UTF-8 text (byte {byte}).",
        "too_large": "Record too large: at most {limit} bytes.",
        "too_deep": "JSON nested too deeply: at most {limit} levels.",
        "bad_number": "A number of the record is unreadable or out of range (finite numbers only).",
        "not_a_record": "This file is not an atout record (expected format: atout-record/1).",
        "missing_fields": "The record lacks: {fields}.",
        "bad_field": "The record's field '{field}' is malformed{where}.",
        "unknown_game": "Unknown game: '{game}'.",
        "bad_setup": "The game of this record cannot be set up (players, variant or options).",
        "wrong_dealer": "Deal {deal}, wrong dealer: by the rules player {expected} deals, the record says player {stated}.",
        "wrong_deal_count": "Deal {deal}: the match was already over or still in another deal.",
        "wrong_turn": "Move{where}: player {seat} played, but it was player {expected}'s turn.",
        "illegal_move": "Move{where} refused: {reason}",
        "bad_move": "Move{where} unreadable: not an action of the game.",
        "wrong_result": "Wrong result ({part}): the record states {stated}, the rules give {actual}.",
        "unfinished_result": "The record states a final result but the match is not over.",
        "rate_limited": "Too many requests: wait a little.",
        "invalid": "This record is not valid.",
    },
}

# The place of a move in atout.records' messages: "action 12 (deal 0, #12, 'play KH')".
_WHERE = re.compile(r"^action (\d+) \(deal (\d+), #(\d+), '(.*?)'\): ")
_DEAL = re.compile(r"^(?:deal (\d+)(?:, action (\d+))?|result): ")
_FIELD = re.compile(r"field '(\w+)'|'(dealer|deal|actions|deals|result)'")


def refusal(exc: BaseException) -> tuple[str, dict[str, Any]]:
    """``(code, params)`` for a refused record: what was wrong as data, numbers from 0 as in the record."""
    text = str(exc)
    cause = exc.__context__
    params: dict[str, Any] = {}
    where = _WHERE.match(text)
    if where:
        params.update(index=int(where[1]), deal=int(where[2]), number=int(where[3]), action=where[4])
        text = text[where.end():]
    deal = _DEAL.match(text)
    if deal:
        if deal[1] is not None:  # "result: …" names the final result, no deal
            params["deal"] = int(deal[1])
        if deal[2] is not None:
            params["number"] = int(deal[2])
        text = text[deal.end():]
    if isinstance(cause, json.JSONDecodeError):
        return "not_json", {"line": cause.lineno, "column": cause.colno}
    if isinstance(cause, UnknownGame) or text.startswith("unknown game"):
        found = re.search(r"unknown game '(.*?)'", text)
        return "unknown_game", {"game": found[1] if found else ""}
    if isinstance(cause, IllegalAction) and text.startswith("illegal: ") and cause.code == "illegal":
        return "bad_move", {**params, "detail": text[len("illegal: "):]}  # no rule broken: text that names no move
    if isinstance(cause, IllegalAction) and text.startswith("illegal: "):
        return "illegal_move", {**params, "reason_code": cause.code, "reason_params": dict(cause.params),
                                "reason_text": str(cause)}
    if isinstance(exc, NotationError) or isinstance(cause, NotationError):
        return "bad_move", {**params, "detail": text}
    if found := re.match(r"seat (\d+) acted but it was seat (\d+)'s turn", text):
        return "wrong_turn", {**params, "seat": int(found[1]), "expected": int(found[2])}
    if found := re.match(r"dealer should be seat (\d+) by the rules, record says (\d+)", text):
        return "wrong_dealer", {**params, "expected": int(found[1]), "stated": int(found[2])}
    if text.startswith("the match was over or still in deal"):
        return "wrong_deal_count", params
    if found := re.match(r"the record states returns (\[.*?\]) but the rules give (\[.*?\])$", text):
        return "wrong_result", {**params, "stated": found[1], "actual": found[2]}
    if text.startswith("the record states a final result"):
        return "unfinished_result", {}
    simple = {"not UTF-8 text": "not_utf8", "record too large": "too_large", "JSON nested too deeply": "too_deep",
              "a number of": "bad_number", "number out of range": "bad_number", "bad number": "bad_number",
              "a record is a JSON object": "not_a_record", "format must be": "not_a_record",
              "cannot set the game up": "bad_setup"}
    for start, code in simple.items():
        if text.startswith(start):
            found = re.search(r"byte (\d+)|at most ([\d,]+)", text)
            if code == "not_utf8" and found:
                params["byte"] = int(found[1])
            if code in ("too_large", "too_deep") and found and found[2]:
                params["limit"] = int(found[2].replace(",", ""))
            return code, {**params, "detail": text} if code == "bad_setup" else params
    if text.endswith("is not a JSON number (records hold finite numbers only)"):
        return "bad_number", {}
    if found := re.match(r"record lacks (.*?) \(or a 'deals' list\)", text):
        return "missing_fields", {"fields": found[1].split(", ")}
    field = _FIELD.search(text)
    if field and ("must be" in text or text.startswith("expected")):
        return "bad_field", {**params, "field": field[1] or field[2]}
    if text.startswith("expected {'seat': int, 'action': str}"):
        return "bad_field", {**params, "field": "actions"}
    return "invalid", {**params, "detail": text}


def say_refusal(code: str, params: dict[str, Any], lang: str = "fr", game: str = "") -> str:
    """The refusal in ``lang``; an illegal move's reason from its code and params (atout.present.say_error).

    >>> say_refusal("wrong_turn", {"index": 4, "deal": 0, "number": 4, "action": "play KH", "seat": 2,
    ...                            "expected": 1}, "fr")
    "Coup 5 (donne 1, « play KH ») : le joueur 3 a joué, mais c'était au tour du joueur 2."
    """
    from atout.present import LANGS, say_error
    from atout.present.cards import join_words

    if lang not in LANGS:
        raise ValueError(f"lang must be 'fr' or 'en', not {lang!r}")
    template = REFUSALS[lang].get(code, REFUSALS[lang]["invalid"])
    values: dict[str, Any] = {k: v for k, v in params.items() if isinstance(v, str | int | float)}
    for key in ("seat", "expected", "stated"):  # players as people count them, from 1
        if isinstance(params.get(key), int):
            values[key] = params[key] + 1
    if isinstance(params.get("deal"), int):
        values["deal"] = params["deal"] + 1
    values["where"] = _where(params, lang, game)
    if code == "illegal_move":
        reason = IllegalAction(str(params.get("reason_text", "")), code=str(params.get("reason_code", "illegal")),
                               params=dict(params.get("reason_params", {})))
        values["reason"] = say_error(reason, lang, game) if game else str(reason)
    if code == "missing_fields":
        values["fields"] = join_words([f"« {f} »" if lang == "fr" else f"'{f}'" for f in params.get("fields", [])],
                                      lang)
    if code == "wrong_result":
        values["part"] = (("résultat final" if lang == "fr" else "final result") if "deal" not in params
                          else ("donne " if lang == "fr" else "deal ") + str(values["deal"]))
    if isinstance(params.get("limit"), int):  # 2 000 000 / 2,000,000
        values["limit"] = f"{params['limit']:,}".replace(",", "\u202f" if lang == "fr" else ",")
    try:
        return template.format(**values)
    except (KeyError, IndexError):  # a param missing: the plain sentence of the code, never a crash
        return REFUSALS[lang]["invalid"]


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
        if lang == "fr":
            return f" {move} (donne {deal + 1}, « {action} »)"
        return f" {move} (deal {deal + 1}, '{action}')"
    if isinstance(deal, int):
        return f" (donne {deal + 1})" if lang == "fr" else f" (deal {deal + 1})"
    return ""
