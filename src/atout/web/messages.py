"""The messages clients send, validated by pydantic models: unknown fields, wrong types and oversize refused.

Types are strict (pydantic strict mode): a seat or a move count is a JSON integer, never ``"1"``,
``true`` or ``1.0``; a flag is ``true``/``false``; a number too large to read (``1e999``) is named as such.

WebSocket frames from a client (JSON objects with a ``type``): ``hello`` (first, with the seat's token
or none for a spectator; ``deltas``: only what changed after the first frame), ``act``, ``undo``,
``fill_bots``, ``ping``, ``continue``, ``back``, ``resync``. REST bodies: :class:`CreateTable`,
:class:`JoinTable`.

>>> parse_client('{"type": "act", "action": "play KS", "n": 3}')
Act(type='act', action='play KS', n=3, typed=False)
>>> try:
...     parse_client('{"type": "act", "action": "play KS", "seat": 2}')
... except BadMessage as exc:
...     print(exc)
malformed message: act.seat: Extra inputs are not permitted
>>> try:
...     parse_client('{"type": "act", "action": "play KS", "n": "3"}')
... except BadMessage as exc:
...     print(exc)
malformed message: act.n: Input should be a valid integer
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator

MAX_FRAME = 4096  # bytes: the longest action (an écart, a poignée) is well under 200
MAX_RECORD = 2_000_000  # bytes: an uploaded record (a long match is ~100 kB)


class BadMessage(ValueError):
    """A client message that is not valid JSON of a known shape, or too large; ``error`` is pydantic's first error
    (atout.web.refusals says it in the connection's language), ``limit`` the size cap passed."""

    def __init__(self, message: str, code: str = "malformed", error: Mapping[str, Any] | None = None,
                 limit: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.error: Mapping[str, Any] = error or {}
        self.limit = limit


class Refused(ValueError):
    """A value a validator refuses: the English message (logs, programs), and ``code`` and ``params`` from which
    atout.web.refusals says it in any language (section ``refusals``, key ``why_<code>``); ``field`` names the
    field when pydantic's location does not (a model-level check)."""

    def __init__(self, message: str, code: str, field: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code, self.field, self.params = code, field, params


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Hello(_Msg):
    """First frame: the seat's token (none: a spectator) and the language of the sentences."""

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=100)
    lang: str = Field(default="fr", min_length=2, max_length=16, pattern=r"^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})?$")
    deltas: bool = False  # after the first full frame, only what changed (atout.web.deltas); else full frames

    @field_validator("lang")
    @classmethod
    def _known(cls, lang: str) -> str:
        """A language is any catalog installed (atout.present.LANGS), not a list in code."""
        from atout.present import LANGS

        if lang not in LANGS:
            raise Refused(f"no catalog for the language {lang!r}", "no_catalog")
        return lang


class Act(_Msg):
    """An action in the game's notation; ``n`` (optional) is the move count the client saw, against double sends."""

    type: Literal["act"]
    action: str = Field(min_length=1, max_length=1000)
    n: int | None = Field(default=None, ge=0)
    typed: bool = False  # typed by a person in the notation box: read as atout.present.inputs does (French or English)


class Undo(_Msg):
    """Take back one's last move (only at a table with no other person)."""

    type: Literal["undo"]


class FillBots(_Msg):
    """Seat bots at every empty seat."""

    type: Literal["fill_bots"]


class Ping(_Msg):
    type: Literal["ping"]


class Continue(_Msg):
    """Go on to the next deal from the end of a deal (issue 18): the deal is dealt once every person has said so."""

    type: Literal["continue"]


class Back(_Msg):
    """Take one's seat back from the bot that plays for it past the move deadline (atout.web.deadlines)."""

    type: Literal["back"]


class Resync(_Msg):
    """Ask for a full frame: a delta's ``base`` was not the last frame received, or it could not be applied."""

    type: Literal["resync"]


Client = Hello | Act | Undo | FillBots | Ping | Continue | Back | Resync
ClientMessage = Annotated[Client, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Client] = TypeAdapter(ClientMessage)

MAX_NAME = 24  # characters of a nickname


def clean_name(name: str | None) -> str | None:
    """A nickname stripped of outer spaces and control characters; 1 to 24 characters, else ValueError.

    >>> clean_name("  Zoé  ")
    'Zoé'
    >>> clean_name(None) is None
    True
    """
    if name is None:
        return None
    text = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not 1 <= len(text) <= MAX_NAME:
        raise Refused(f"a name holds 1 to {MAX_NAME} characters (spaces at the ends not counted), not {len(text)}",
                      "name_length", max=MAX_NAME)
    problem = name_problem(text)
    if problem:
        raise Refused(problem, NAME_PROBLEMS[problem])
    return text


FILLERS = frozenset("\u115f\u1160\u3164\uffa0")  # Hangul fillers: letters by category, blank on screen
SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")  # alphabets whose letters look alike (В and B, о and o)
PRONOUNS = frozenset({"vous", "you", "moi", "me"})


def fold(name: str) -> str:
    """A name as compared: NFKC (fullwidth and compatibility forms to plain letters), casefolded, spaces collapsed.

    >>> fold("  Ｖｏｕｓ ")
    'vous'
    """
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _reserved() -> set[str]:
    """The table's own words for seats, folded: bots by level, "Joueur"/"Player", the Mort, in every language."""
    from atout.present import catalogs

    out = {"robot", "bot", "joueur", "player", "mort", "dummy"}
    for lang in ("fr", "en"):
        for key in ("bot", "bot_easy", "bot_medium", "bot_hard", "bot_expert", "mort", "player"):
            out.add(fold(catalogs.text("web", "frame", key, lang, 1).replace("{n}", "")))
    return out


def name_problem(name: str) -> str | None:
    """Why a nickname could pass for someone else (issue 18, attack 4), or None: a name needs a letter or a
    digit, uses one alphabet of Latin, Cyrillic and Greek, and is none of the table's own words ("vous", a
    bot's or a numbered player's name, the Mort), compared folded (:func:`fold`).

    >>> name_problem("Zoé") is None
    True
    >>> name_problem("Robot moyen 2")
    'a name may not be one the table gives (you, a bot, a numbered player, the Dummy): choose another'
    """
    folded = fold(name)
    letters = [ch for ch in folded if unicodedata.category(ch)[0] in "LN" and ch not in FILLERS]
    if not letters:
        return NO_LETTER
    scripts = {unicodedata.name(ch, "").split(" ")[0] for ch in letters} & set(SCRIPTS)
    if len(scripts) > 1:
        return MIXED_SCRIPTS
    words = set(re.split(r"[^\w]+", folded)) - {""}
    core = re.sub(r"[\s\d]+$", "", folded).strip()
    if words & PRONOUNS or core in _reserved() or core.removeprefix("le ").removeprefix("the ") in _reserved():
        return RESERVED
    return None


NO_LETTER = "a name needs at least one letter or digit"
MIXED_SCRIPTS = "a name keeps to one alphabet (Latin, Cyrillic or Greek), so that it cannot imitate another"
RESERVED = "a name may not be one the table gives (you, a bot, a numbered player, the Dummy): choose another"
NAME_PROBLEMS = {NO_LETTER: "name_letters", MIXED_SCRIPTS: "name_script", RESERVED: "name_reserved"}  # their codes


def parse_client(text: str | bytes) -> Client:
    """Validate one client frame; raise :class:`BadMessage` saying what was wrong."""
    if len(text) > MAX_FRAME:
        raise BadMessage(f"message of {len(text)} bytes is over the limit of {MAX_FRAME}", code="too_large",
                         limit=MAX_FRAME)
    try:
        return _ADAPTER.validate_json(text)
    except ValidationError as exc:
        error: Mapping[str, Any] = exc.errors()[0] if exc.errors() else {}
        raise BadMessage(f"malformed message: {describe(error)}", error=error) from None


def describe(error: Mapping[str, Any], skip: tuple[str, ...] = ()) -> str:
    """One pydantic error as ``where: what``; a number too large to read (``1e999``, read as infinity) said so.

    >>> describe({"loc": ("body", "seat"), "msg": "Input should be a valid integer", "input": float("inf")}, ("body",))
    'seat: number out of range (too large to read); a whole number within the limits is expected'
    """
    where = ".".join(str(p) for p in error.get("loc", ()) if p not in skip) or "message"
    value = error.get("input")
    if isinstance(value, float) and not math.isfinite(value):
        return f"{where}: number out of range (too large to read); a whole number within the limits is expected"
    return f"{where}: {str(error.get('msg', 'invalid')).removeprefix('Value error, ')}"


MAX_WEB_DEALS = 100  # deals of a web table's match, at most; a match to a target ends there too (docs/web.md)
#: Creation arguments a table's ``options`` may not hold (each has its own field, or the server chooses it).
CREATION_ARGS = {
    "seed": "the server draws the deal secretly; a chosen seed goes in the top-level 'seed' field (shown to all)",
    "deal": "the server deals the cards",
    "dealer": "the first dealer is drawn by lot",
    "players": "use the top-level 'players' field",
    "variant": "use the top-level 'variant' field",
    "scores": "a web match starts at 0",
    "redeal_void": "at a web Tarot table a deal everybody passes is always dealt again",
}


class CreateTable(_Msg):
    """A new table: the game and its options, the bots' level, the creator's seat (None: watch bots only)."""

    game: str = Field(max_length=40)
    variant: str | None = Field(default=None, max_length=40)
    players: int | None = Field(default=None, ge=1, le=12)
    options: dict[str, Any] = Field(default_factory=dict, max_length=20)
    deals: int | None = Field(default=None, ge=1, le=MAX_WEB_DEALS)
    target: int | None = Field(default=None, ge=1, le=10000)
    level: str = Field(default="medium", max_length=20)
    seat: int | None = Field(default=0, ge=0, le=11)
    fill: bool = True  # bots take every other seat now; False leaves them open for friends
    seed: int | None = Field(default=None, ge=0, le=2**62)
    name: str | None = Field(default=None, max_length=200)  # the creator's nickname (1-24 characters once stripped)

    @field_validator("name")
    @classmethod
    def _name(cls, name: str | None) -> str | None:
        return clean_name(name)

    @model_validator(mode="before")
    @classmethod
    def _match_length_from_options(cls, data: Any) -> Any:
        """``options.deals``, ``options.target`` (and La Prime's ``coups``) moved up to the fields above, so that
        they meet the same caps however they arrive (issue 16: ``options.deals=100000`` once slipped past)."""
        options = data.get("options") if isinstance(data, dict) else None
        if not isinstance(options, dict):
            return CreateTable._target_has_a_deal_cap(data)
        data, options = dict(data), dict(options)
        for key in CREATION_ARGS:
            if key in options:  # once silently dropped: the creator would think it applied
                raise Refused(f"options.{key}: not a rule option; {CREATION_ARGS[key]}", "not_rule_option",
                              field=f"options.{key}", key=key)
        names = [("deals", "deals"), ("target", "target")] + ([("coups", "deals")] if data.get("game") == "prime" else [])
        for key, field in names:
            if key in options:
                value = options.pop(key)
                if data.get(field) is not None and data[field] != value:
                    raise Refused(f"options.{key}: {field} is given twice ({data[field]!r} and {value!r}); give it once",
                                  "given_twice", field=f"options.{key}", name=field, first=repr(data[field]),
                                  second=repr(value))
                data[field] = value
        return CreateTable._target_has_a_deal_cap({**data, "options": options})

    @staticmethod
    def _target_has_a_deal_cap(data: Any) -> Any:
        """A match to a target also ends after at most 100 deals (the web's cap), so no table plays forever
        (issue 16: La Triomphe's scores go up and down, and a target of 10,000 was never reached)."""
        if isinstance(data, dict) and data.get("target") is not None and data.get("deals") is None:
            return {**data, "deals": MAX_WEB_DEALS}
        return data

    @field_validator("options")
    @classmethod
    def _finite(cls, options: dict[str, Any]) -> dict[str, Any]:
        """A rule option holds no number too large to read (``1e999`` arrives as infinity)."""
        for key, value in options.items():
            if isinstance(value, float) and not math.isfinite(value):
                raise Refused(f"{key[:40]}: number out of range (too large to read)", "too_big", field=f"options.{key[:40]}")
        return options


class JoinTable(_Msg):
    """Claim a seat (None: the first free one), under a nickname (1-24 characters) or none."""

    seat: int | None = Field(default=None, ge=0, le=11)
    name: str | None = Field(default=None, max_length=200)

    @field_validator("name")
    @classmethod
    def _name(cls, name: str | None) -> str | None:
        return clean_name(name)
