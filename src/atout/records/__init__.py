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

import json
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from atout.core.errors import AtoutError, IllegalAction, RecordError
from atout.core.protocol import RECORD_FORMAT, GameState, Score, game_info, json_number, new_game

FORMAT = RECORD_FORMAT


def state_to_record(state: GameState) -> dict[str, Any]:
    """A record of the match so far (the same as ``state.to_record()``, which the core builds)."""
    return state.to_record()


def _entries(record: dict[str, Any]) -> list[dict[str, Any]]:
    if "deals" in record:
        entries = record["deals"]
        if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
            raise RecordError("'deals' must be a non-empty list of deal objects")
        return entries
    missing = [k for k in ("dealer", "deal", "actions") if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)} (or a 'deals' list)")
    return [{k: record[k] for k in ("dealer", "deal", "actions") if k in record}]


def validate(record: Any) -> dict[str, Any]:
    """Check a record's structure (not yet its legality): raise RecordError naming the bad field."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {record.get('format')!r}")
    for key, kind in (("game", str), ("variant", str), ("players", int)):
        if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool):
            raise RecordError(f"field {key!r} must be a {kind.__name__}, not {record.get(key)!r}")
    for key in ("options", "match"):
        if not isinstance(record.get(key, {}), dict):
            raise RecordError(f"field {key!r} must be an object")
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"field 'seed' must be an integer or null, not {seed!r}")
    for i, entry in enumerate(_entries(record)):
        if not isinstance(entry.get("dealer"), int):
            raise RecordError(f"deal {i}: 'dealer' must be a seat number")
        if not isinstance(entry.get("deal"), dict):
            raise RecordError(f"deal {i}: 'deal' must be an object")
        actions = entry.get("actions")
        if not isinstance(actions, list):
            raise RecordError(f"deal {i}: 'actions' must be a list")
        for j, a in enumerate(actions):
            if not (isinstance(a, dict) and isinstance(a.get("seat"), int) and isinstance(a.get("action"), str)):
                raise RecordError(f"deal {i}, action {j}: expected {{'seat': int, 'action': str}}, got {a!r:.80}")
    return record


def _check_result(where: str, stated: Any, actual: list[Score]) -> None:
    if not isinstance(stated, dict) or not isinstance(stated.get("returns"), list):
        raise RecordError(f"{where}: 'result' must be an object with a 'returns' list")
    try:
        expected = [Fraction(x) for x in stated["returns"]]
    except (TypeError, ValueError):
        raise RecordError(f"{where}: returns must be numbers, got {stated['returns']!r:.80}") from None
    if expected != [Fraction(x) for x in actual]:
        shown = [json_number(x) for x in actual]
        raise RecordError(f"{where}: the record states returns {stated['returns']} but the rules give {shown}")


def replay(record: dict[str, Any]) -> GameState:
    """Rebuild the state by re-applying every action; check dealers, legality and stated results."""
    validate(record)
    entries = _entries(record)
    info = game_info(record["game"])
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
    except RecordError:
        raise
    except (AtoutError, ValueError, TypeError) as exc:
        raise RecordError(f"cannot set the game up: {exc}") from None
    index = 0
    for i, entry in enumerate(entries):
        if state.deal_index > i and not entry["actions"] and state.log[i].dealer == entry["dealer"]:
            continue  # a deal the rules annulled by themselves, before any action (FFT tarot: petit sec)
        if state.deal_index != i:
            raise RecordError(f"deal {i}: the match was over or still in deal {state.deal_index}")
        if state.dealer != entry["dealer"]:
            raise RecordError(f"deal {i}: dealer should be seat {state.dealer} by the rules, record says {entry['dealer']}")
        for j, a in enumerate(entry["actions"]):
            where = f"action {index} (deal {i}, #{j}, {a['action']!r})"
            if state.current_player != a["seat"]:
                raise RecordError(f"{where}: seat {a['seat']} acted but it was seat {state.current_player}'s turn")
            try:
                state.apply(a["action"])
            except IllegalAction as exc:
                raise RecordError(f"{where}: illegal: {exc}") from None
            except RecordError as exc:
                raise RecordError(f"{where}: {exc}") from None
            index += 1
        if "result" in entry:
            _check_result(f"deal {i}", entry["result"], state.log[i].result or [])
    if "result" in record:
        if not state.is_terminal():
            raise RecordError("the record states a final result but the match is not over")
        _check_result("result", record["result"], state.returns())
    return state


def loads(text: str) -> dict[str, Any]:
    """Parse a record from JSON text and check its structure."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    return validate(data)


def load(fp: IO[str]) -> dict[str, Any]:
    return loads(fp.read())


def dumps(record: dict[str, Any], indent: int | None = None) -> str:
    return json.dumps(record, indent=indent, ensure_ascii=False)


def dump(record: dict[str, Any], fp: IO[str], indent: int | None = None) -> None:
    fp.write(dumps(record, indent=indent))


def read_record(path: str | Path) -> GameState:
    """Read a record file and replay it: the resulting state, or RecordError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    return replay(loads(text))
