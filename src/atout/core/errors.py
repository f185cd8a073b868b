"""Typed errors: every refusal in atout names what was wrong and, for rules, the rule broken."""

from __future__ import annotations


class AtoutError(Exception):
    """Base class of every error atout raises on purpose."""


class NotationError(AtoutError, ValueError):
    """A card, suit, rank or action text that cannot be parsed."""


class IllegalAction(AtoutError, ValueError):
    """An action refused by the rules; the state is left unchanged.

    The message (English, for the API) names the action and the rule, citing the seed where the rule
    comes from it. ``code`` and ``params`` say the same as data, so that the presentation layer can say
    it in any language: ``code`` is a stable word such as ``"must_follow"``, ``params`` JSON-able values
    (card codes, numbers, the citation under ``"cite"``).

    >>> e = IllegalAction("play 7H: must follow suit", code="must_follow", params={"suit": "S"})
    >>> e.code, e.params["suit"], str(e)
    ('must_follow', 'S', 'play 7H: must follow suit')
    """

    def __init__(self, message: str, code: str = "illegal", params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = dict(params or {})


class RecordError(AtoutError, ValueError):
    """A malformed or inconsistent game record (or explicit deal); nothing is replayed past it.

    Like :class:`IllegalAction`, the English message is for the API and ``code`` and ``params`` say the
    same as data (codes listed in docs/records.md; seats and deals numbered from 0, as in the record), so
    that :mod:`atout.present.records` can say it in French or English. ``RecordError(message)`` alone has
    the code ``"invalid"``.

    >>> e = RecordError("deal 0: JH is dealt twice", code="card_twice", params={"deal": 0, "card": "JH"})
    >>> e.code, e.params["card"], str(e)
    ('card_twice', 'JH', 'deal 0: JH is dealt twice')
    >>> RecordError("something else").code
    'invalid'
    """

    def __init__(self, message: str, code: str = "invalid", params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = dict(params or {})


class UnknownGame(AtoutError, KeyError):
    """A game name not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


#: How many characters of a bad input an error message echoes (the rest is cut with an ellipsis).
ECHO_LIMIT = 60


def clip(value: object, limit: int = ECHO_LIMIT) -> str:
    """The ``repr`` of a bad input for an error message, cut to ``limit`` characters with an ellipsis.

    Errors name what was wrong without echoing a megabyte back (a pasted file, a fuzzer's string).

    >>> clip("x" * 1000)[-4:], len(clip("x" * 1000))
    ("xx…'", 62)
    >>> clip([1, 2])
    '[1, 2]'
    """
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # cut before repr: repr of a huge string is itself huge
        return repr(value)[:limit] + "…'"
    if isinstance(value, list | tuple | dict | set) and len(value) > limit:
        return f"<{type(value).__name__} of {len(value)} items>"
    try:
        text = repr(value)
    except Exception:  # a self-containing list, an int over 4,300 digits, a broken __repr__
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def echo(text: object, limit: int = ECHO_LIMIT) -> str:
    """A player's action text as typed, to head a refusal: case kept, blanks made single spaces, cut to ``limit``.

    Refusals quote what the player typed, not the engine's canonical form (``play ZZ``, not ``play zz``);
    a text with unprintable characters, or a value that is no text, is shown as :func:`clip` shows it.

    >>> echo("  play   ZZ "), echo("x" * 100)[-3:], echo("play\\x1b[2J")
    ('play ZZ', 'xx…', "'play\\\\x1b[2J'")
    """
    if not isinstance(text, str):
        return clip(text, limit)
    flat = " ".join(text[: 4 * limit].split())
    if not flat.isprintable():
        return clip(text, limit)
    return flat if len(flat) <= limit else flat[:limit] + "…"


def notation_refusal(text: object, exc: Exception) -> IllegalAction:
    """The refusal of an action text that cannot be read (``code="notation"``), echoing it once, as typed.

    >>> str(notation_refusal("play ZZ", NotationError("not a card: 'zz'")))
    "play ZZ: not a card: 'ZZ'"
    >>> str(notation_refusal("x" * 2000, NotationError(f"action text too long: {clip('x' * 2000)}"))).count("x…")
    1
    """
    message, quoted = str(exc), clip(text)
    if isinstance(text, str):  # the engine lowercases words that are no card: quote them as typed
        for word in text[:4000].replace(",", " ").split():
            if word != word.lower() and clip(word.lower()) in message:
                message = message.replace(clip(word.lower()), clip(word), 1)
    head = echo(text) if isinstance(text, str) else quoted
    if quoted not in message and head:
        message = f"{head}: {message}"
    return IllegalAction(message, code="notation", params={"text": quoted})


def as_typed(exc: IllegalAction, text: object, parsed: object) -> IllegalAction:
    """``exc`` with its message headed by the player's text as typed rather than its canonical form.

    >>> str(as_typed(IllegalAction("play KH: not in your hand"), "play kh", "play KH"))
    'play kh: not in your hand'
    """
    canonical, message = f"{parsed}:", str(exc)
    if not isinstance(text, str) or not message.startswith(canonical) or echo(text) == str(parsed):
        return exc
    return IllegalAction(f"{echo(text)}:{message[len(canonical):]}", code=exc.code, params=exc.params)


def echo_action(action: object) -> str:
    """An action as the player gave it, for a refusal: a text as typed (:func:`echo`), an ``Action`` as its text.

    >>> echo_action("play kh")
    'play kh'
    """
    return echo(action) if isinstance(action, str) else str(action)
