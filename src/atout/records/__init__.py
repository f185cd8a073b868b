"""Game records, format ``atout-record/1``: read, write, replay (see docs/records.md).

Like :mod:`json`, the module offers ``load/loads/dump/dumps``; :func:`replay` rebuilds a state by
re-applying every action through ``apply()``, so a record is checked by the code that plays.

>>> import atout
>>> g = atout.new_game("triomphe", players=2, seed=5)
>>> while not g.is_terminal():
...     g.apply(g.legal_actions()[-1])
>>> text = atout.dumps(g.to_record())
>>> atout.replay(atout.loads(text)).returns() == g.returns()
True
"""

from __future__ import annotations

import errno
import json
import math
import time
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from atout.core.errors import ECHO_LIMIT, AtoutError, IllegalAction, RecordError, clip
from atout.core.protocol import RECORD_FORMAT, GameState, Score, game_info, json_number, new_game

FORMAT = RECORD_FORMAT

# Limits of what a record may hold: a real record is far inside them (a 10,000-deal Tarot match is
# ~30 MB, 6 levels deep, with seeds of at most ~20 digits); past them the input is refused at once.
MAX_RECORD_CHARS = 64 * 1024 * 1024  #: characters of JSON text (or bytes of a file)
MAX_DEPTH = 32  #: nesting of arrays and objects
MAX_NUMBER_CHARS = 100  #: characters of one JSON number (a 4,300-digit integer is refused early)


def state_to_record(state: GameState) -> dict[str, Any]:
    """A record of the match so far (the same as ``state.to_record()``, which the core builds)."""
    return state.to_record()


def _cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """A bad input echoed in an error's params: plain text, cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


def _entries(record: dict[str, Any]) -> list[dict[str, Any]]:
    if "deals" in record:
        entries = record["deals"]
        if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
            raise RecordError("'deals' must be a non-empty list of deal objects", "bad_field", {"field": "deals"})
        return entries
    missing = [k for k in ("dealer", "deal", "actions") if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)} (or a 'deals' list)", "missing_fields", {"fields": missing})
    return [{k: record[k] for k in ("dealer", "deal", "actions") if k in record}]


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)  # JSON true is not a seat or a count


def validate(record: Any) -> dict[str, Any]:
    """Check a record's structure (not yet its legality): raise RecordError naming the bad field."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}", "not_a_record",
                          {"found": type(record).__name__})
    if record.get("format") != FORMAT:
        if "format" not in record:  # said plainly, not as Python's None
            raise RecordError(f"no 'format' field: a record's format is {FORMAT!r}", "not_a_record", {"format": None})
        found = "null" if record["format"] is None else clip(record["format"])
        raise RecordError(f"format must be {FORMAT!r}, not {found}", "not_a_record",
                          {"format": clip(record.get("format"))})
    for key, kind, what in (("game", str, "a text"), ("variant", str, "a text"), ("players", int, "a whole number")):
        if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool):
            raise RecordError(f"field {key!r} must be {what}, not {clip(record.get(key))}", "bad_field",
                              {"field": key})
    for key in ("options", "match"):
        if not isinstance(record.get(key, {}), dict):
            raise RecordError(f"field {key!r} must be an object", "bad_field", {"field": key})
    for key in record.get("options", {}):  # given twice, Python's own "multiple values for keyword" was said
        place = "match" if key in record.get("match", {}) else key if key in ("seed", "deal", "dealer", "variant") \
            else None
        if place:
            raise RecordError(f"options.{clip(key)}: not a rule option; it belongs in the record's {place!r}",
                              "misplaced_option", {"key": _cut(key), "place": place})
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"field 'seed' must be an integer or null, not {clip(seed)}", "bad_field", {"field": "seed"})
    for i, entry in enumerate(_entries(record)):
        if not _is_int(entry.get("dealer")):
            raise RecordError(f"deal {i}: 'dealer' must be a seat number", "bad_field", {"deal": i, "field": "dealer"})
        if not isinstance(entry.get("deal"), dict):
            raise RecordError(f"deal {i}: 'deal' must be an object", "bad_field", {"deal": i, "field": "deal"})
        actions = entry.get("actions")
        if not isinstance(actions, list):
            raise RecordError(f"deal {i}: 'actions' must be a list", "bad_field", {"deal": i, "field": "actions"})
        for j, a in enumerate(actions):
            if not (isinstance(a, dict) and _is_int(a.get("seat")) and isinstance(a.get("action"), str)):
                raise RecordError(f"deal {i}, action {j}: expected {{'seat': int, 'action': str}}, got {clip(a)}",
                                  "bad_field", {"deal": i, "number": j, "field": "actions"})
    return record


def _check_result(deal: int | None, stated: Any, actual: list[Score]) -> None:
    """Compare a stated result (of deal ``deal``, or the final one when None) with the rules' own."""
    where = "result" if deal is None else f"deal {deal}"
    at: dict[str, object] = {} if deal is None else {"deal": deal}
    if not isinstance(stated, dict) or not isinstance(stated.get("returns"), list):
        raise RecordError(f"{where}: 'result' must be an object with a 'returns' list", "bad_field",
                          {**at, "field": "result"})
    numbers = stated["returns"]
    if not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in numbers):
        raise RecordError(f"{where}: returns must be finite numbers, got {clip(numbers)}", "bad_field",
                          {**at, "field": "returns"})
    expected = [Fraction(x) for x in numbers]
    if expected != [Fraction(x) for x in actual]:
        shown = [json_number(x) for x in actual]
        raise RecordError(f"{where}: the record states returns {clip(numbers)} but the rules give {shown}",
                          "wrong_result", {**at, "stated": clip(numbers), "actual": str(shown)})


def replay(record: dict[str, Any], *, until: int | None = None, deadline: float | None = None) -> GameState:
    """Rebuild the state by re-applying every action; check dealers, legality and stated results.

    ``until``: stop after that many actions (the position a replay shows; results past it unchecked).
    ``deadline``: a ``time.monotonic()`` past which the replay stops with RecordError ``too_slow`` (the web
    server's time budget).
    """
    validate(record)
    entries = _entries(record)
    try:
        info = game_info(record["game"])
    except AtoutError as exc:
        raise RecordError(str(exc), "unknown_game", {"game": _cut(record["game"])}) from None
    options = dict(record.get("options", {}))
    options.pop("players", None)
    match = {k: v for k, v in record.get("match", {}).items() if v is not None}
    try:
        state = new_game(
            info.name,
            players=record["players"],
            variant=record["variant"],
            seed=record.get("seed"),
            deal=[e["deal"] for e in entries],
            dealer=entries[0]["dealer"],
            **match,
            **options,
        )
    except RecordError as exc:  # an explicit deal the game refused: name the game, for its cards' names
        exc.params.setdefault("game", info.name)
        raise
    except (AtoutError, ValueError, TypeError) as exc:
        raise RecordError(f"cannot set the game up: {exc}", "bad_setup",
                          {"game": info.name, "detail": _cut(str(exc), 200)}) from None
    index = 0
    for i, entry in enumerate(entries):
        if state.deal_index > i and not entry["actions"] and state.log[i].dealer == entry["dealer"]:
            continue  # a deal the rules annulled by themselves, before any action (FFT tarot: petit sec)
        if state.deal_index != i:
            raise RecordError(f"deal {i}: the match was over or still in deal {state.deal_index}", "wrong_deal_count",
                              {"deal": i, "current": state.deal_index, "over": state.is_terminal()})
        if state.dealer != entry["dealer"]:
            raise RecordError(f"deal {i}: dealer should be seat {state.dealer} by the rules, record says {entry['dealer']}",
                              "wrong_dealer", {"deal": i, "expected": state.dealer, "stated": entry["dealer"]})
        for j, a in enumerate(entry["actions"]):
            if until is not None and index >= until:
                return state
            if deadline is not None and index % 64 == 0 and time.monotonic() > deadline:
                raise RecordError(f"replay stopped at action {index}: over its time budget", "too_slow", {"index": index})
            where = f"action {index} (deal {i}, #{j}, {clip(a['action'])})"
            at: dict[str, object] = {"index": index, "deal": i, "number": j, "action": _cut(a["action"]), "game": info.name}
            if state.current_player != a["seat"]:
                raise RecordError(f"{where}: seat {a['seat']} acted but it was seat {state.current_player}'s turn",
                                  "wrong_turn", {**at, "seat": a["seat"], "expected": state.current_player})
            try:
                state.apply(a["action"])
            except IllegalAction as exc:
                raise RecordError(f"{where}: illegal: {exc}", *_illegal(exc, at)) from None
            except RecordError as exc:  # a later explicit deal found wrong when the match reaches it
                inner = {("given_deal" if k == "deal" else k): v for k, v in exc.params.items()}
                inner.setdefault("given_deal", i + 1)  # the deal this last move of deal i was starting
                raise RecordError(f"{where}: {exc}", exc.code, {**inner, **at}) from None
            index += 1
        if "result" in entry:
            _check_result(i, entry["result"], state.log[i].result or [])
    if "result" in record:
        if not state.is_terminal():
            raise RecordError("the record states a final result but the match is not over", "unfinished_result")
        _check_result(None, record["result"], state.returns())
    return state


def _illegal(exc: IllegalAction, at: dict[str, object]) -> tuple[str, dict[str, object]]:
    """Code and params of a refused action: a rule broken (its code, params and English text kept), or
    text that names no action of the game or no card (codes ``illegal`` and ``notation``)."""
    if exc.code in ("illegal", "notation"):
        return "bad_move", {**at, "detail": str(exc)}
    return "illegal_move", {**at, "reason_code": exc.code, "reason_params": dict(exc.params), "reason_text": str(exc)}


def _number(text: str) -> str:
    if len(text) > MAX_NUMBER_CHARS:
        raise RecordError(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS}): {clip(text, 20)}",
                          "bad_number", {"digits": len(text), "limit": MAX_NUMBER_CHARS})
    return text


def _parse_float(text: str) -> float:
    value = float(_number(text))
    if not math.isfinite(value):  # 1e999 reads as infinity
        raise RecordError(f"number out of range: {clip(text, 20)}", "bad_number", {"number": _cut(text, 20)})
    return value


def _parse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a JSON number (records hold finite numbers only)", "bad_number", {"number": name})


def _depth(data: Any) -> int:
    """Nesting depth of parsed JSON, walked without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return deepest


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse a record from JSON text and check its structure; every failure is one RecordError.

    Sizes are limited (see ``MAX_RECORD_CHARS``, ``MAX_DEPTH``, ``MAX_NUMBER_CHARS``); ``NaN``,
    ``Infinity`` and numbers out of range are refused.

    >>> loads('{"format": "atout-record/1", "returns": [Infinity]}')
    Traceback (most recent call last):
    atout.core.errors.RecordError: Infinity is not a JSON number (records hold finite numbers only)
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"not UTF-8 text (byte {exc.start})", "not_utf8", {"byte": exc.start}) from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}", "bad_argument",
                          {"expected": "text", "found": type(text).__name__})
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"record too large: {len(text):,} characters (at most {MAX_RECORD_CHARS:,})", "too_large",
                          {"size": len(text), "limit": MAX_RECORD_CHARS})
    try:
        data = json.loads(
            text,
            parse_int=lambda t: int(_number(t)),
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}", "not_json", {"line": exc.lineno, "column": exc.colno,
                                                           "detail": exc.msg}) from None
    except RecursionError:
        raise RecordError(f"JSON nested too deeply (at most {MAX_DEPTH} levels)", "too_deep",
                          {"limit": MAX_DEPTH}) from None
    except RecordError:  # from a number hook: already worded and coded
        raise
    except ValueError as exc:  # a number Python cannot read
        raise RecordError(f"bad number: {clip(str(exc))}", "bad_number", {"detail": _cut(str(exc))}) from None
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"JSON nested too deeply (at most {MAX_DEPTH} levels)", "too_deep", {"limit": MAX_DEPTH})
    return validate(data)


def load(fp: IO[str]) -> dict[str, Any]:
    """Read a record from an open text file (see :func:`loads`)."""
    if not callable(getattr(fp, "read", None)):
        raise RecordError(f"load() reads an open file, not {clip(fp)}", "bad_argument",
                          {"expected": "file", "found": type(fp).__name__})
    try:
        return loads(fp.read(MAX_RECORD_CHARS + 1))
    except UnicodeDecodeError as exc:
        raise RecordError(f"not UTF-8 text (byte {exc.start})", "not_utf8", {"byte": exc.start}) from None


def dumps(record: dict[str, Any], indent: int | None = None) -> str:
    """A record as JSON text (finite numbers only, as :func:`loads` reads them back)."""
    try:
        return json.dumps(record, indent=indent, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise RecordError(f"not a JSON-able record: {clip(str(exc), 120)}", "not_json_able",
                          {"detail": _cut(str(exc), 120)}) from None


def dump(record: dict[str, Any], fp: IO[str], indent: int | None = None) -> None:
    """Write a record as JSON text to an open file (see :func:`dumps`)."""
    if not callable(getattr(fp, "write", None)):
        raise RecordError(f"dump() writes to an open file, not {clip(fp)}", "bad_argument",
                          {"expected": "file", "found": type(fp).__name__})
    fp.write(dumps(record, indent=indent))


def unreadable(path: str | Path, exc: OSError) -> RecordError:
    """A record file that could not be opened: the reason as data (errno's name, ENOENT…), said in the reader's
    language by atout.present.records."""
    reason = errno.errorcode.get(exc.errno or 0, "")
    return RecordError(f"cannot read {clip(str(path))}: {exc.strerror or exc}", "cannot_read",
                       {"path": _cut(str(path), 200), "reason": reason, "detail": str(exc.strerror or exc)})


def read_record(path: str | Path) -> GameState:
    """Read a record file and replay it: the resulting state, or RecordError."""
    if not isinstance(path, str | Path):
        raise RecordError(f"a record file is a path, not {clip(path)}", "bad_argument",
                          {"expected": "path", "found": type(path).__name__})
    try:
        with Path(path).open("rb") as fp:
            data = fp.read(MAX_RECORD_CHARS + 1)
    except OSError as exc:
        raise unreadable(path, exc) from None
    except ValueError as exc:  # a path with a NUL byte
        raise RecordError(f"cannot read {clip(str(path))}: {exc}", "cannot_read",
                          {"path": _cut(str(path), 200), "reason": "bad_path", "detail": str(exc)}) from None
    return replay(loads(data))
