"""Every refusal the web server sends, said in the request's language (issue 18, polish).

A refusal keeps its stable ``error`` code (what a program tests); its ``message`` (what a page shows) comes from
the catalog domain ``web``, section ``refusals``, in the ``lang`` of the request (its query, or the WebSocket's
hello), French by default. The engine's English text, when there is one, goes along as ``english`` for logs
and programs, never as the sentence shown.

A table that cannot be set up (a forged request: an unknown game, variant, option or level, a table size the game
refuses, options that clash) is checked on data (:func:`setup_refusal`: the game registry, the rules dataclass),
not by reading the engine's English.

>>> say("no_table", "en", table="abc")
'There is no table “abc”.'
>>> setup_refusal("tarot", None, 7, {}, "en", "")
('bad_players', 'Tarot (Traditional Tarot) is played by 3, 4 or 5 players, not 7.')
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from fastapi.responses import JSONResponse

from atout import present
from atout.core.errors import UnknownGame
from atout.core.protocol import game_info, list_games
from atout.present import catalogs
from atout.web.lobby_options import listed

#: The pydantic error types said in words (section ``refusals``, keys ``why_<type>``); any other: ``why_other``.
WHY = {"extra_forbidden", "missing", "int_type", "int_parsing", "int_from_float", "string_type", "bool_type",
       "bool_parsing", "less_than_equal", "greater_than_equal", "less_than", "greater_than", "string_too_long",
       "string_too_short", "too_long", "string_pattern_mismatch", "literal_error", "json_invalid", "dict_type",
       "union_tag_invalid", "union_tag_not_found", "model_type", "model_attributes_type", "float_type",
       "finite_number"}


def lang_of(lang: object) -> str:
    """A request's language if a catalog has it, else French (the site's own)."""
    return lang if isinstance(lang, str) and lang in present.LANGS else "fr"


def say(code: str, lang: str, **params: Any) -> str:
    """The refusal ``code`` in ``lang``, filled with ``params`` (a missing placeholder is left as it is)."""
    text = catalogs.text("web", "refusals", code, lang_of(lang))
    return text.format_map(_Keep(params)) if params else text


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def error(status: int, code: str, lang: str, *, key: str | None = None, english: str | None = None,
          headers: Mapping[str, str] | None = None, **params: Any) -> JSONResponse:
    """A refusal's response: ``{"error": code, "message": <said in lang>, "lang"}`` (+ ``english`` when given);
    ``key`` names the sentence when it is not the code itself."""
    body: dict[str, Any] = {"error": code, "message": say(key or code, lang, **params), "lang": lang_of(lang)}
    if english:
        body["english"] = english
    return JSONResponse(body, status_code=status, headers=dict(headers) if headers else None)


def frame(code: str, lang: str, *, key: str | None = None, **params: Any) -> dict[str, Any]:
    """A WebSocket error frame in ``lang``: ``{"type": "error", "code", "message"}``."""
    return {"type": "error", "code": code, "message": say(key or code, lang, **params)}




def _quoted(value: object, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def setup_refusal(game: str, variant: str | None, players: int | None, options: Mapping[str, Any], lang: str,
                  english: str, typed: bool = False) -> tuple[str, str]:
    """Why a table (or a rules panel) of ``game`` cannot be set up, as ``(reason, sentence in lang)``: an unknown
    game, variant, option; a table size the game refuses; an option's value or options that clash (said option by
    option, atout.web.lobby_options); else a plain "these settings" (``english`` is the engine's text)."""
    from atout.web.lobby_options import say_refused_options
    from atout.web.views import variant_text

    lang = lang_of(lang)
    try:
        info = game_info(game)
    except UnknownGame:
        return "no_game", say("no_game", lang, game=_quoted(game), games=listed([g.name for g in list_games()], lang))
    chosen = (variant or info.default_variant).lower()
    if chosen not in info.player_counts:
        names = [f"{v} ({variant_text(info.name, v, lang)[0]})" for v in info.variants]
        return "bad_variant", say("bad_variant", lang, title=info.title, variant=_quoted(variant),
                                  variants=listed(names, lang))
    allowed = info.player_counts[chosen]
    if players is not None and players not in allowed:
        return "bad_players", say("bad_players", lang, title=info.title, variant=variant_text(info.name, chosen, lang)[0],
                                  counts=listed([str(n) for n in allowed], lang), players=players)
    known = {f.name for f in dataclasses.fields(info.rules)} if info.rules is not None else set()
    unknown = sorted(str(k) for k in options if k not in known | {"deals", "target", "players", "variant"})
    if unknown:
        labels = catalogs.entries("web", "options", lang)
        mine = sorted(k for k in known if k not in ("players", "variant"))
        return "unknown_option", say("unknown_option", lang, title=info.title,
                                     names=", ".join(_quoted(k, 30) for k in unknown[:5]),
                                     known=", ".join(f"{k} ({labels.get(f'{info.name}.{k}', k)})" for k in mine)
                                     or say("none", lang))
    said = say_refused_options(info.name, english, lang, typed)  # typed: the command line's values, not labels
    if said:
        return "options", said
    return "bad_table", say("bad_table", lang)


def say_invalid(error: Mapping[str, Any], skip: tuple[str, ...], lang: str, key: str = "malformed") -> tuple[str, str]:
    """A body or message pydantic refused, said in ``lang``: ``(field, sentence)``. The field is the location
    (``seat``, ``act.n``), or the one a model-level check names; the reason is the error's type in words, or the
    validator's own :class:`atout.web.messages.Refused` (a nickname's rules, a creation argument in the options)."""
    import math

    from atout.web.messages import Refused

    kind = str(error.get("type", ""))
    # a JSON error's location is a character's position, not a field ("0 — JSON illisible" read as a field "0")
    where = "" if kind == "json_invalid" else ".".join(str(p) for p in error.get("loc", ()) if p not in skip)
    ctx = {k: v for k, v in (error.get("ctx") or {}).items() if k != "error"}
    exc = (error.get("ctx") or {}).get("error")
    value = error.get("input")
    if isinstance(exc, Refused):
        where = exc.field or where
        params = dict(exc.params)
        if exc.code == "not_rule_option":
            params["how"] = say(f"how_{params.get('key')}", lang)
        why = say(f"why_{exc.code}", lang, **params)
    elif isinstance(value, float) and not math.isfinite(value):
        why = say("why_too_big", lang)
    else:
        why = say(f"why_{kind}" if kind in WHY else "why_other", lang, **ctx)
    if isinstance(exc, Refused) and exc.code.startswith("name_"):  # a nickname typed in the lobby: said as a person reads it
        return where, say("refused_name", lang, why=why)
    if not where:  # the whole body or message: "Message refusé : un objet JSON est attendu.", not "— —"
        return where, say(f"{key}_whole", lang, why=why)
    return where, say(key, lang, where=where, why=why)


def json_params(params: dict[str, object]) -> dict[str, object]:
    """Params safe for a JSON frame: JSON-able values as they are (nested too), anything else as text."""
    out: dict[str, object] = {}
    for k, v in params.items():
        try:
            json.dumps(v, allow_nan=False)
            out[k] = v
        except (TypeError, ValueError):
            out[k] = str(v)
    return out
