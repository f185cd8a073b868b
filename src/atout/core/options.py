"""One validation point for game arguments and rule options, driven by the ``Rules`` dataclass types.

Every game's ``make()`` builds its rules with :func:`build_rules`, which refuses an unknown option
or a value of the wrong type with a ``ValueError`` naming the option, the value and what is allowed,
before the dataclass's own ``__post_init__`` checks the values (ranges, combinations). The CLI's
``-o KEY=VALUE`` goes through the same function, so a bad option reads the same everywhere.
Nothing is cached from user input, so a refused call cannot poison a later one.

How a new game uses it (in ``games/<game>/__init__.py``)::

    def make(players, variant, seed=None, deal=None, dealer=None, deals=1, **options):
        rules = build_rules(MyRules, "My game", options, players=players)
        return MyState(rules, seed=seed, deal=deal, dealer=dealer, deals=deals)

and register ``GameInfo(..., rules=MyRules)`` so that the fuzz suite knows its options. Types the
checker understands: ``bool``, ``int``, ``float``, ``str``, ``Literal[...]``, an ``Enum``,
``tuple[T, ...]`` / ``tuple[T1, T2]`` (a JSON list is accepted), and ``T | None``.

Every number option declares its range next to its field with ``Annotated`` and the constraints of
``annotated_types`` (``Interval(ge=1, le=50)``, ``MultipleOf(2)``; ``Len(1, 5)`` for a list): one
declaration that :func:`build_rules` enforces, :func:`describe` words and :func:`option_rows` lists
for the docs (issue 16: no option may take a value that makes a legal-action list or a match huge).
:func:`new_game` itself checks the arguments every game shares (players, variant, seed, dealer,
deals, target, deal) with :func:`check_int` and :func:`check_seat_arg`.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class R:
...     players: int = 4
...     italian: bool = False  # Italian suit names
...     packets: tuple[int, ...] = (3, 2)
>>> build_rules(R, "Demo", {"italian": True, "packets": [2, 3]}, players=4)
R(players=4, italian=True, packets=(2, 3))
>>> build_rules(R, "Demo", {"italian": "yes"})
Traceback (most recent call last):
ValueError: Demo option 'italian' must be true or false, not 'yes'
>>> @dataclass(frozen=True)
... class S:
...     stake: Annotated[int, Interval(ge=1, le=50)] = 10  # the highest bet
>>> build_rules(S, "Demo", {"stake": 10**12})
Traceback (most recent call last):
ValueError: Demo option 'stake' must be a whole number from 1 to 50, not 1000000000000
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, TypeVar

# Interval and Len are re-exported: the rules classes declare their ranges with them, imported from here.
from annotated_types import Ge, GroupedMetadata, Gt, Interval, Le, Len, Lt, MaxLen, MinLen, MultipleOf  # noqa: F401

from atout.core.errors import clip

R = TypeVar("R")

#: The largest whole number an option, a count or a seed may be: far above any real use, and small
#: enough for a record to hold it (records refuse numbers over 100 characters).
MAX_INT = 10**18


@cache
def option_types(rules_cls: type) -> dict[str, Any]:
    """Each field of a rules dataclass and its resolved type (cached per class: metadata, not input)."""
    hints = typing.get_type_hints(rules_cls, include_extras=True)  # keep Annotated: the ranges
    return {f.name: hints[f.name] for f in dataclasses.fields(rules_cls)}


def constraints(tp: Any) -> tuple[Any, list[Any]]:
    """``(base type, its annotated_types constraints)`` of ``Annotated[base, ...]`` (grouped ones spread out).

    >>> constraints(Annotated[int, Interval(ge=1, le=5)])
    (<class 'int'>, [Ge(ge=1), Le(le=5)])
    """
    if typing.get_origin(tp) is not Annotated:
        return tp, []
    base, *meta = typing.get_args(tp)
    flat: list[Any] = []
    for m in meta:
        flat.extend(m if isinstance(m, GroupedMetadata) else [m])
    return base, flat


def option_rows(rules_cls: type, skip: tuple[str, ...] = ("players", "variant")) -> list[tuple[str, Any, str]]:
    """``(name, default, what it allows)`` of every option of a rules dataclass, for docs and help.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class R:
    ...     stake: Annotated[int, Interval(ge=1, le=50)] = 10
    >>> option_rows(R)
    [('stake', 10, 'a whole number from 1 to 50')]
    """
    types_ = option_types(rules_cls)
    return [(f.name, f.default, describe(types_[f.name])) for f in dataclasses.fields(rules_cls) if f.name not in skip]


def options_table(rules_cls: type, skip: tuple[str, ...] = ("players", "variant")) -> str:
    """The Markdown table of a game's options (name, default, allowed values) that its docs page holds."""
    lines = ["| Option | Default | Allowed |", "|---|---|---|"]
    for name, default, allowed in option_rows(rules_cls, skip):
        shown = json.dumps(list(default) if isinstance(default, tuple) else default)
        lines.append(f"| `{name}` | `{shown}` | {allowed} |")
    return "\n".join(lines)


def describe(tp: Any) -> str:
    """What a type allows, in words: ``true or false``, ``a whole number``, ``one of 'a', 'b'``…"""
    origin, targs = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        return _describe_annotated(*constraints(tp))
    if tp is bool:
        return "true or false"
    if tp is int:
        return "a whole number (at most 18 digits)"
    if tp is float:
        return "a number"
    if tp is str:
        return "a text"
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in targs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + ", ".join(repr(m.value) for m in tp)
    if origin is tuple:
        if len(targs) == 2 and targs[1] is Ellipsis:
            return f"a list of {_plural(describe(targs[0]))}"
        return f"a list of {len(targs)} values ({', '.join(describe(a) for a in targs)})"
    if origin in (typing.Union, types.UnionType):
        return " or ".join("null" if a is type(None) else describe(a) for a in targs)
    return getattr(tp, "__name__", str(tp))


def _describe_annotated(base: Any, rules: list[Any]) -> str:
    """A constrained type in words: ``a whole number from 1 to 50``, ``a list of 1 to 5 …``."""
    lo = next((r.ge for r in rules if isinstance(r, Ge)), None)
    hi = next((r.le for r in rules if isinstance(r, Le)), None)
    short = next((r.min_length for r in rules if isinstance(r, MinLen)), None)
    long = next((r.max_length for r in rules if isinstance(r, MaxLen)), None)
    step = next((r.multiple_of for r in rules if isinstance(r, MultipleOf)), None)
    if short is not None or long is not None:
        words = describe(base)
        count = f"{short or 0} to {long}" if long is not None else f"at least {short}"
        return words.replace("a list of", f"a list of {count}", 1)
    words = {int: "a whole number", float: "a number"}.get(base, describe(base))
    if step == 2:
        words = words.replace("a whole number", "an even whole number")
    elif step is not None:
        words += f", a multiple of {step}"
    if lo is not None and hi is not None:
        return f"{words} from {lo} to {hi}"
    if lo is not None:
        return f"{words} of at least {lo}"
    return f"{words} of at most {hi}" if hi is not None else words


def _plural(words: str) -> str:
    if words.startswith(("a whole number ", "an even whole number ")):  # a constrained one: "… from 1 to 5"
        return words.replace("a whole number", "whole numbers", 1).replace("an even whole number", "even whole numbers", 1)
    return {"a whole number (at most 18 digits)": "whole numbers (at most 18 digits)", "a number": "numbers", "a text": "texts",
            "true or false": "true/false values"}.get(words, words)


class _Bad(Exception):
    """Internal: a value does not fit a type (the caller words the message)."""


def coerce(tp: Any, value: Any) -> Any:
    """``value`` checked against the type ``tp`` (JSON lists become tuples); raise _Bad if it does not fit."""
    origin, targs = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        base, rules = constraints(tp)
        long = next((r.max_length for r in rules if isinstance(r, MaxLen)), None)
        if long is not None and isinstance(value, list | tuple) and len(value) > long:
            raise _Bad  # before its items are looked at: a list of a million numbers costs nothing
        out = coerce(base, value)
        if not all(_fits(rule, out) for rule in rules):
            raise _Bad
        return out
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise _Bad
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool) and -MAX_INT <= value <= MAX_INT:
            return value
        raise _Bad
    if tp is float:
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return value
        raise _Bad
    if tp is str:
        if isinstance(value, str):
            return value
        raise _Bad
    if origin is typing.Literal:
        for allowed in targs:
            if type(value) is type(allowed) and value == allowed:
                return allowed
        raise _Bad
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if isinstance(value, tp):
            return value
        for member in tp:
            if type(value) is type(member.value) and value == member.value:
                return member
        raise _Bad
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise _Bad
        if len(targs) == 2 and targs[1] is Ellipsis:
            return tuple(coerce(targs[0], v) for v in value)
        if len(value) != len(targs):
            raise _Bad
        return tuple(coerce(t, v) for t, v in zip(targs, value, strict=True))
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in targs:
            return None
        for alt in targs:
            if alt is type(None):
                continue
            try:
                return coerce(alt, value)
            except _Bad:
                continue
        raise _Bad
    if isinstance(tp, type) and isinstance(value, tp):
        return value
    raise _Bad


def _fits(rule: Any, value: Any) -> bool:
    """Whether ``value`` satisfies one annotated_types constraint (an unknown kind is a programming error)."""
    if isinstance(rule, Ge):
        return bool(value >= rule.ge)
    if isinstance(rule, Gt):
        return bool(value > rule.gt)
    if isinstance(rule, Le):
        return bool(value <= rule.le)
    if isinstance(rule, Lt):
        return bool(value < rule.lt)
    if isinstance(rule, MultipleOf):
        return bool(value % rule.multiple_of == 0)
    if isinstance(rule, MinLen):
        return len(value) >= rule.min_length
    if isinstance(rule, MaxLen):
        return len(value) <= rule.max_length
    raise TypeError(f"unsupported option constraint {rule!r}")


def check_fields(rules: object, title: str) -> None:
    """Every field of a rules object within its declared type and range: a rules class calls it from
    ``__post_init__``, so that one built directly (not through :func:`build_rules`) is checked as well."""
    for name, tp in option_types(typing.cast(type, type(rules))).items():
        check_option(title, name, tp, getattr(rules, name))


def check_option(title: str, name: str, tp: Any, value: Any) -> Any:
    """One option's value checked against its type: the value (lists as tuples) or a ValueError."""
    try:
        return coerce(tp, value)
    except _Bad:
        raise ValueError(f"{title} option {name!r} must be {describe(tp)}, not {clip(value)}") from None


def build_rules(
    rules_cls: type[R],
    title: str,
    options: Mapping[str, Any],
    preset: Mapping[str, Any] | None = None,
    **fixed: Any,
) -> R:
    """The game's ``Rules`` from user ``options``: unknown names and wrong types refused, then built.

    ``preset`` holds a variant's defaults (overridden by ``options``); ``fixed`` the values the game
    sets itself (``players``, ``variant``), already checked by :func:`atout.new_game` and not
    accepted as options. ``__post_init__`` then checks ranges and combinations.

    Rules are frozen, so a rules object built once is reused for the same arguments: only successes
    are kept (a refused call is never remembered), keyed by each value *and its type* (``4`` and
    ``4.0``, ``1`` and ``True`` are different keys).
    """
    try:
        key: Any = (rules_cls, title, _typed_items(options), _typed_items(preset or {}), _typed_items(fixed))
        found = _BUILT.get(key)
    except TypeError:  # an unhashable value (a list): build without the cache
        key, found = None, None
    if found is not None:
        return typing.cast(R, found)
    rules = _build_rules(rules_cls, title, options, preset, fixed)
    if key is not None:
        if len(_BUILT) >= 1024:
            _BUILT.clear()
        _BUILT[key] = rules
    return rules


_BUILT: dict[Any, Any] = {}


def _typed_items(values: Mapping[str, Any]) -> tuple[tuple[str, type, Any], ...]:
    return tuple(sorted((k, type(v), v) for k, v in values.items()))


def _build_rules(
    rules_cls: type[R], title: str, options: Mapping[str, Any], preset: Mapping[str, Any] | None, fixed: Mapping[str, Any]
) -> R:
    types_ = option_types(typing.cast(type, rules_cls))
    known = sorted(set(types_) - set(fixed))
    unknown = sorted(str(k) for k in options if k not in known)
    if unknown:
        names = ", ".join(clip(k, 30) for k in unknown[:5]) + (", …" if len(unknown) > 5 else "")
        raise ValueError(f"unknown {title} option(s): {names}; known: {', '.join(known) or 'none'}")
    values = {name: check_option(title, name, types_[name], v) for name, v in {**(preset or {}), **options}.items()}
    try:
        return rules_cls(**values, **fixed)
    except TypeError as exc:  # a rules class with a hand-written __init__: say it as a bad option
        raise ValueError(f"{title} options refused: {clip(str(exc), 200)}") from None


def check_int(name: str, value: Any, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole-number argument (never a bool, a float or a text), within bounds: the value or ValueError.

    >>> check_int("deals", 3, minimum=1)
    3
    >>> check_int("deals", True, minimum=1)
    Traceback (most recent call last):
    ValueError: deals must be a whole number, not True
    >>> check_int("deals", 100_000, minimum=1, maximum=10_000)
    Traceback (most recent call last):
    ValueError: deals must be from 1 to 10000, not 100000
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, not {clip(value)}")
    if maximum is None and abs(value) > MAX_INT:
        raise ValueError(f"{name} must have at most 18 digits, not {clip(value)}")
    if minimum is not None and maximum is not None and not minimum <= value <= maximum:
        raise ValueError(f"{name} must be from {minimum} to {maximum}, not {clip(value)}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {clip(value)}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be at most {maximum}, not {clip(value)}")
    return value


def check_seat_arg(name: str, value: Any, players: int) -> int:
    """A seat number 0..players-1 (never a bool: ``True`` is not seat 1); the value or ValueError.

    >>> check_seat_arg("dealer", 2, 4)
    2
    """
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"{name} must be a seat 0..{players - 1}, not {clip(value)}")
    return value
