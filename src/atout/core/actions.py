"""Actions: small immutable values with a canonical text form that round-trips.

An action is a verb and its arguments: ``play KS``, ``bid garde_sans``, ``discard 2H 3H 4H``,
``concede``. Card arguments are printed as canonical card codes and other words in lower case,
so ``Action.parse(str(a)) == a`` for every action.

>>> a = Action.parse("PLAY kh")
>>> str(a)
'play KH'
>>> Action.parse(str(a)) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.core.cards import Card
from atout.core.errors import NotationError, clip

#: The longest action text accepted (the longest real one, a triple poignée at three, has ~100
#: characters): anything longer is refused before it is split, and never echoed whole.
MAX_ACTION_CHARS = 1000


@dataclass(frozen=True, slots=True)
class Action:
    """A move: ``kind`` is the verb, ``args`` its canonical arguments (card codes, words, numbers)."""

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args)) if self.args else self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse an action's text, case-insensitively; card arguments are canonicalised."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text such as 'play KS', not {clip(text)}")
        if len(text) > MAX_ACTION_CHARS:
            raise NotationError(f"action text too long ({len(text)} characters, at most {MAX_ACTION_CHARS}): {clip(text)}")
        words = text.replace(",", " ").split()
        if not words:
            raise NotationError("empty action (expected e.g. 'play KS' or 'pass')")
        kind = words[0].lower()
        if not kind.replace("_", "").isalnum():
            raise NotationError(f"not an action verb: {clip(words[0])}")
        return cls(kind, tuple(_canonical_arg(w) for w in words[1:]))

    @classmethod
    def of(cls, kind: str, *args: str | Card | int) -> Action:
        """Build an action from Python values: ``Action.of('play', card)``."""
        return cls(kind, tuple(a.code if isinstance(a, Card) else _canonical_arg(str(a)) for a in args))

    def cards(self) -> list[Card]:
        """The arguments read as cards (for ``play``, ``discard``, ``call``…)."""
        return [Card.parse(a) for a in self.args]


def _canonical_arg(word: str) -> str:
    try:
        return Card.parse(word).code
    except NotationError:
        return word.lower()


def parse_action(text: str | Action) -> Action:
    """An :class:`Action` from text, or the action itself (its verb and arguments checked to be texts)."""
    if isinstance(text, Action):
        if type(text.kind) is not str or type(text.args) is not tuple or not all(type(a) is str for a in text.args):
            raise NotationError(f"an action's verb and arguments are texts, not {clip(text.kind)} {clip(text.args)}")
        size = len(text.kind) + sum(map(len, text.args)) + len(text.args)
        if size > MAX_ACTION_CHARS:
            raise NotationError(f"action too long ({size} characters, at most {MAX_ACTION_CHARS}): {clip(str(text))}")
        return text
    return Action.parse(text)
