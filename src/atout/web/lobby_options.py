"""The lobby's rule options as choices (issue 18): each option of a game's ``Rules`` dataclass said as a form
field — a checkbox, a list of named values, or a number with its documented range — with a label and a
one-line explanation in every language (catalog domain ``web``: sections ``options``, ``option_help``,
``option_values``), and a refused option said in the table's language.

The kinds and ranges come from the dataclass types (``Literal``, ``Annotated[int, Interval(...)]``, ``bool``),
the same declarations :func:`atout.core.options.build_rules` enforces, so the form never offers what the
server refuses. An option a variant sets (La Triomphe's ``each_for_himself``…) is chosen by the variant.

>>> f = {x["key"]: x for x in option_fields("tarot")}
>>> f["count_method"]["kind"], [c["value"] for c in f["count_method"]["choices"]]
('choice', ['half_points', 'seed_literal'])
>>> f["capot_value"]["kind"], f["capot_value"]["min"], f["capot_value"]["max"], f["capot_value"]["step"]
('number', 2, 10000, 2)
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import typing
from functools import lru_cache
from typing import Any

from atout import present
from atout.core.options import Ge, Gt, Le, Lt, MultipleOf, constraints, option_types
from atout.core.protocol import game_info
from atout.present import catalogs

#: A number option with at most this many values is a list to choose from, a wider one a number field.
SELECT_SPAN = 50
#: The most parts a packet list may offer (La Triomphe's deal: five cards in packets adding up to 5).
PACKET_TOTAL = 5


def _words(ctx: str, key: str, fallback: str) -> dict[str, str]:
    """``{lang: text}`` of one catalog entry, ``fallback`` where no catalog has it."""
    return {lang: catalogs.entries("web", ctx, lang).get(key, fallback) for lang in present.LANGS}


def _compositions(total: int) -> list[tuple[int, ...]]:
    """Every ordered way of cutting ``total`` cards into packets, fewest packets first."""
    if total == 0:
        return [()]
    out = [(first, *rest) for first in range(total, 0, -1) for rest in _compositions(total - first)]
    return sorted(out, key=lambda p: (len(p), [-x for x in p]))


def _packets_label(packets: tuple[int, ...], lang: str) -> str:
    joiner = catalogs.entries("web", "page", lang).get("thenWord", "then")
    return f" {joiner} ".join(str(p) for p in packets)


def _field(game: str, key: str, tp: Any, default: Any) -> dict[str, Any]:
    """One option as a form field: ``kind`` (bool, choice, number) and what it allows."""
    base, rules = constraints(tp)
    field: dict[str, Any] = {"key": key, "default": list(default) if isinstance(default, tuple) else default,
                             "label": _words("options", f"{game}.{key}", key),
                             "help": _words("option_help", f"{game}.{key}", "")}
    origin = typing.get_origin(base)
    if base is bool:
        field["kind"] = "bool"
        return field
    values: list[Any] | None = None
    if origin is typing.Literal:
        values = list(typing.get_args(base))
    elif isinstance(base, type) and issubclass(base, enum.Enum):
        values = [m.value for m in base]
    elif origin is tuple:  # a list of packets adding up to five cards (La Triomphe's deal), the default first
        values = sorted((list(p) for p in _compositions(PACKET_TOTAL)), key=lambda p: p != field["default"])
    if values is not None:
        field["kind"] = "choice"
        field["choices"] = [{"value": v, "label": {lang: (_packets_label(tuple(v), lang) if isinstance(v, list) else
                                                          catalogs.entries("web", "option_values", lang)
                                                          .get(f"{game}.{key}.{v}", str(v)))
                                                   for lang in present.LANGS}} for v in values]
        return field
    bounds: dict[str, int] = {}  # whole-number options: their bounds as the game declares them
    for r in rules:
        if isinstance(r, Ge):
            bounds["min"] = int(typing.cast(int, r.ge))
        elif isinstance(r, Gt):
            bounds["min"] = int(typing.cast(int, r.gt)) + 1
        elif isinstance(r, Le):
            bounds["max"] = int(typing.cast(int, r.le))
        elif isinstance(r, Lt):
            bounds["max"] = int(typing.cast(int, r.lt)) - 1
        elif isinstance(r, MultipleOf):
            bounds["step"] = int(typing.cast(int, r.multiple_of))
    low, high, step = bounds.get("min"), bounds.get("max"), bounds.get("step", 1)
    field.update(kind="number", min=low, max=high, step=step)
    if low is not None and high is not None and (high - low) // step <= SELECT_SPAN:
        field["kind"] = "choice"
        field["choices"] = [{"value": v, "label": {lang: str(v) for lang in present.LANGS}}
                            for v in range(low, high + 1, step)]
    return field


@lru_cache(maxsize=32)
def _fields(game: str) -> tuple[dict[str, Any], ...]:
    info = game_info(game)
    rules_cls = info.rules
    if rules_cls is None:
        return ()
    presets = _variant_presets(game)
    types_ = option_types(rules_cls)
    out = []
    for f in dataclasses.fields(rules_cls):
        if f.name in ("players", "variant") or f.name in presets:
            continue
        field = _field(game, f.name, types_[f.name], f.default)
        field["variants"] = list(getattr(rules_cls, "VARIANT_ONLY", {}).get(f.name, ())) or None  # None: every one
        out.append(field)
    return tuple(out)


def _variant_presets(game: str) -> set[str]:
    """The options some variant of ``game`` sets itself (the variant list chooses them, not a field)."""
    import importlib

    module = importlib.import_module(f"atout.games.{game}.rules")
    variants = getattr(module, "VARIANTS", {})
    return {k for preset in (variants.values() if isinstance(variants, dict) else ()) for k in preset}


def option_fields(game: str) -> list[dict[str, Any]]:
    """The form fields of ``game``'s rule options, in the dataclass's order (a copy: the caller may change it)."""
    return [dict(f) for f in _fields(game)]


def listed(words: list[str], lang: str) -> str:
    """Words joined as a sentence says them: "3, 4 ou 5" / "3, 4 or 5"."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {catalogs.text('web', 'refusals', 'or', lang)} {words[-1]}"


def allowed_words(field: dict[str, Any], lang: str, typed: bool = False) -> str:
    """What a field allows, in ``lang``: its values' names, or its range. ``typed`` (the command line, where the
    value is typed, not picked): each choice's value, then its name (``half_points = demi-points ou …``)."""
    page = catalogs.entries("web", "page", lang)
    if field["kind"] == "bool":
        return page.get("optYesNo", "yes or no")
    if field["kind"] == "choice" and typed and not all(isinstance(c["value"], int) for c in field["choices"]):
        return listed([f"{c['value'] if isinstance(c['value'], str) else json.dumps(c['value'])} = {c['label'][lang]}"
                       for c in field["choices"]], lang)
    if field["kind"] == "choice":
        labels = [c["label"][lang] for c in field["choices"]]
        numbers = [int(x) for x in labels] if all(x.isdigit() for x in labels) else []
        if len(labels) <= 8 or not numbers or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
            return ", ".join(labels)  # a few choices, words, or numbers with gaps: each said
        low, high = labels[0], labels[-1]  # a long run of whole numbers (a stake of 1 to 50): said as its range
    else:
        low, high = str(field["min"]), str(field["max"])
    text = page.get("optRange", "{min}–{max}").replace("{min}", low).replace("{max}", high)
    if field.get("step", 1) > 1:
        text += " " + page.get("optStep", "(× {step})").replace("{step}", str(field["step"]))
    return text


def say_refused_options(game: str, message: str, lang: str, typed: bool = False) -> str | None:
    """A game's refusal of its options (``build_rules``/``__post_init__``, in English) said in ``lang`` by the
    options it names: one option and what it allows, or several that do not go together; None if it names none."""
    try:
        fields = _fields(game)
    except (KeyError, ValueError, ModuleNotFoundError):
        return None
    if "known:" in message:  # an unknown option (not the form's: a hand-made request) names every known one
        return None
    named = [f for f in fields if re.search(rf"(?<![\w]){re.escape(f['key'])}(?![\w])", message)]
    page = catalogs.entries("web", "page", lang)
    if len(named) == 1:
        f = named[0]
        return page.get("optBad", "{label}: {allowed}").replace("{label}", f["label"][lang]).replace(
            "{allowed}", allowed_words(f, lang, typed))
    if named:
        labels = ", ".join(f["label"][lang] for f in named)
        return page.get("optClash", "These options do not go together: {labels}").replace("{labels}", labels)
    return None
