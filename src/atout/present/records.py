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
('not_a_record', "Ce fichier n'est pas un enregistrement atout (format attendu : atout-record/1).")
"""

from __future__ import annotations

import json
from typing import Any

from atout.core.errors import AtoutError, IllegalAction, NotationError, RecordError

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
        "bad_argument": "Mauvais argument : on attend {expected}.",
        "cannot_read": "Impossible de lire « {path} » : {reason}.",
        "not_json_able": "Cet enregistrement ne peut pas s'écrire en JSON (valeur non JSON ou non finie).",
        "too_many_deals": "Trop de donnes fournies : {count} (au plus {limit}).",
        "missing_result": "L'enregistrement n'annonce pas de résultat final : seule une partie finie est gardée.",
        "too_slow": "Cet enregistrement demande trop de temps au serveur : réessayez plus tard.",
        "busy": "Le serveur est occupé : réessayez dans un instant.",
        "bad_deal": "{at}la donne fournie est mal formée : on attend un objet avec {fields}.",
        "deal_lacks": "{at}il manque à la donne : {fields}.",
        "deal_unknown_keys": "{at}la donne a des clés inconnues : {keys}.",
        "hands_count": "{at}la donne doit avoir {hands} mains (« hands »).",
        "bad_pile": "{at}{pile} : une liste de codes de cartes est attendue.",
        "bad_card": "{at}une carte de la donne est illisible.",
        "card_not_in_pack": "{at}carte hors du jeu de {pack} cartes : {card}.",
        "card_twice": "{at}carte distribuée deux fois : {card}.",
        "wrong_size": "{at}{pile} a {count} cartes ; il en faut {want}.",
        "unexpected_mort": "{at}seule une donne à deux joueurs a un Mort.",
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
        "bad_argument": "Bad argument: expected {expected}.",
        "cannot_read": "Cannot read '{path}': {reason}.",
        "not_json_able": "This record cannot be written as JSON (a value not JSON or not finite).",
        "too_many_deals": "Too many given deals: {count} (at most {limit}).",
        "missing_result": "The record states no final result: only a finished game is kept.",
        "too_slow": "This record takes the server too long: try again later.",
        "busy": "The server is busy: try again in a moment.",
        "bad_deal": "{at}the given deal is malformed: expected an object with {fields}.",
        "deal_lacks": "{at}the deal lacks: {fields}.",
        "deal_unknown_keys": "{at}the deal has unknown keys: {keys}.",
        "hands_count": "{at}the deal needs {hands} hands ('hands').",
        "bad_pile": "{at}{pile}: a list of card codes is expected.",
        "bad_card": "{at}a card of the deal is unreadable ({detail}).",
        "card_not_in_pack": "{at}card not in the {pack}-card pack: {card}.",
        "card_twice": "{at}card dealt twice: {card}.",
        "wrong_size": "{at}{pile} has {count} cards; it needs {want}.",
        "unexpected_mort": "{at}only a two-player deal has a Mort.",
    },
}

#: Piles of a deal, named in sentences (``wrong_size``, ``bad_pile``); ``{seat}`` counts players from 1.
PILES: dict[str, dict[str, str]] = {
    "fr": {"hand": "la main du joueur {seat}", "hands": "chaque main et le talon", "talon": "le talon",
           "stock": "le talon", "fille": "la fille", "mort": "le Mort"},
    "en": {"hand": "player {seat}'s hand", "hands": "each hand and the stock", "talon": "the talon",
           "stock": "the stock", "fille": "the fille", "mort": "the Mort"},
}

#: Why a record file could not be read (``cannot_read``), by errno name; other errors say their name.
READ_REASONS: dict[str, dict[str, str]] = {
    "fr": {"ENOENT": "fichier introuvable", "EACCES": "accès refusé", "EPERM": "accès refusé",
           "EISDIR": "c'est un dossier", "ENOTDIR": "un élément du chemin n'est pas un dossier",
           "ENAMETOOLONG": "nom trop long", "bad_path": "chemin invalide", "": "erreur du système"},
    "en": {"ENOENT": "no such file", "EACCES": "permission denied", "EPERM": "permission denied",
           "EISDIR": "it is a folder", "ENOTDIR": "a part of the path is not a folder",
           "ENAMETOOLONG": "name too long", "bad_path": "invalid path", "": "system error"},
}

#: What a misused function expected (``bad_argument``: ``loads(42)``, ``load("x.json")``…).
EXPECTED: dict[str, dict[str, str]] = {
    "fr": {"text": "un texte JSON", "file": "un fichier ouvert", "path": "un chemin de fichier"},
    "en": {"text": "JSON text", "file": "an open file", "path": "a file path"},
}


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
    "Coup 5 (donne 1, « play KH ») : le joueur 3 a joué, mais c'était au tour du joueur 2."
    >>> say_refusal("card_twice", {"deal": 1, "card": "QH", "game": "triomphe"}, "fr")
    'Donne 2 : carte distribuée deux fois : Dame de cœur.'
    """
    from atout.present import LANGS, say_error
    from atout.present.cards import card_name, join_words

    if lang not in LANGS:
        raise ValueError(f"lang must be 'fr' or 'en', not {lang!r}")
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
    quote = "« {} »" if lang == "fr" else "'{}'"
    for key in ("fields", "keys"):
        if isinstance(params.get(key), list):
            values[key] = join_words([quote.format(f) for f in params[key]], lang)
    if code == "bad_deal" and "fields" not in values:
        values["fields"] = quote.format("hands")
    if code == "wrong_result":
        values["part"] = (("résultat final" if lang == "fr" else "final result") if "deal" not in params
                          else ("donne " if lang == "fr" else "deal ") + str(values["deal"]))
    if isinstance(params.get("pile"), str):
        values["pile"] = PILES[lang].get(params["pile"], params["pile"]).format(seat=values.get("seat", "?"))
    if isinstance(params.get("card"), str):
        try:
            values["card"] = card_name(params["card"], lang, italian=game == "tarot1637")
        except (AtoutError, ValueError):
            pass
    if code == "cannot_read":
        reasons = READ_REASONS[lang]
        values["reason"] = reasons.get(str(params.get("reason", "")), f"{reasons['']} {params.get('reason', '')}".strip())
    if code == "bad_argument":
        values["expected"] = EXPECTED[lang].get(str(params.get("expected")), EXPECTED[lang]["text"])
    for key in ("limit", "count"):  # 2 000 000 / 2,000,000
        if isinstance(params.get(key), int):
            values[key] = f"{params[key]:,}".replace(",", "\u202f" if lang == "fr" else ",")
    try:
        text = template.format(**values)
    except (KeyError, IndexError):  # a param missing: the plain sentence of the code, never a crash
        return REFUSALS[lang]["invalid"]
    text = text[:1].upper() + text[1:]
    cite = params.get("cite")
    return f"{text} [{cite}]" if isinstance(cite, str) and code != "illegal_move" else text


def _at(params: dict[str, Any], lang: str, game: str = "") -> str:
    """The place a deal-level sentence starts with: ``Coup 5 (donne 1, « R♥ ») : `` / ``Donne 2 : `` / nothing.

    A later explicit deal found wrong when the match reached it (``given_deal``) is named after the move.
    """
    colon = " : " if lang == "fr" else ": "
    word = "donne" if lang == "fr" else "deal"
    given = params.get("given_deal")
    if isinstance(params.get("index"), int):
        place = ("Coup" if lang == "fr" else "Move") + _where(params, lang, game)
        return place + (f", {word} {given + 1}" if isinstance(given, int) else "") + colon
    if isinstance(params.get("deal"), int):
        return f"{word.capitalize()} {params['deal'] + 1}{colon}"
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
        if lang == "fr":
            return f" {move} (donne {deal + 1}, « {action} »)"
        return f" {move} (deal {deal + 1}, '{action}')"
    if isinstance(deal, int):
        return f" (donne {deal + 1})" if lang == "fr" else f" (deal {deal + 1})"
    return ""
