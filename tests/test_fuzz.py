"""The project's own fuzz suite (issue 6), over every registered game: a game added later is fuzzed
with no new code.

Contract checked (docs/api.md, "Errors"): a bad input raises an ``AtoutError`` or a ``ValueError``
(never another exception), with one line of at most a few hundred characters; a refused action
leaves the state unchanged; a refused creation poisons no later one; ``replay`` of a mutated record
raises ``RecordError`` or replays; the CLI answers bad flags with one line and exit 2, never a
traceback. Bounded for CI (a few seconds a game); ``ATOUT_SLOW=1`` runs 2,000 examples a test and
explores (not derandomized); ``ATOUT_FUZZ_EXAMPLES=N`` sets the number.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import os
import random
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import atout
from atout import Action, AtoutError, IllegalAction, RecordError
from atout.cli.main import main
from atout.core.options import option_types

SLOW = bool(os.environ.get("ATOUT_SLOW"))
EXAMPLES = int(os.environ.get("ATOUT_FUZZ_EXAMPLES", 2000 if SLOW else 25))  # examples per test and game
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not SLOW,  # CI runs the same examples every time; the long run explores
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
GAMES = [g.name for g in atout.list_games()]
MAX_MESSAGE = 700

# --- junk values ------------------------------------------------------------------------------------
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 2, 3, 4, 5, 6, -1, 10**30, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([4.0, 2.0, 1.0, 0.5, float("nan"), float("inf")]),
    st.text(max_size=12),
    st.sampled_from(["", "true", "false", "seed", "fft", "classic", "KS", "T21", "x" * 5000, "é\x00\n"]),
    st.binary(max_size=6),
)
JUNK = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6), inner, max_size=4),
                            st.tuples(inner, inner)),
    max_leaves=12,
)
_SHARED_ARGS = ["players", "variant", "seed", "deal", "dealer", "deals", "target", "scores"]


def rule_names(game: str) -> list[str]:
    rules = atout.game_info(game).rules
    return sorted(option_types(rules)) if rules is not None else []


def assert_clean(exc: BaseException) -> None:
    """A refusal of the contract: a typed error with one short line."""
    assert isinstance(exc, AtoutError | ValueError), f"{type(exc).__name__}: {exc}"
    message = str(exc)
    assert message and "\n" not in message and len(message) <= MAX_MESSAGE, message[:2000]


def fingerprint(state: atout.GameState) -> str:
    """Everything a refused action must leave as it was."""
    seat = state.current_player
    obs = [state.observation(s).to_json() for s in range(state.players)]
    return json.dumps([state.to_record(), seat, [str(a) for a in state.legal_actions()], obs, state.event_count],
                      sort_keys=True, default=str)


def baseline(game: str) -> str:
    return json.dumps(atout.new_game(game, seed=12345).to_record(), sort_keys=True)


_BASELINES = {g: baseline(g) for g in GAMES}


# --- bad creation arguments and options --------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_bad_new_game_arguments_are_typed_errors(game: str, data: st.DataObject) -> None:
    names = st.sampled_from([*_SHARED_ARGS, *rule_names(game)]) | st.text(min_size=1, max_size=8)
    kwargs = data.draw(st.dictionaries(names, JUNK, max_size=4), label="kwargs")
    try:
        state = atout.new_game(game, **kwargs)
    except (TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError) as exc:
        pytest.fail(f"new_game({game!r}, **{kwargs!r:.300}) raised {type(exc).__name__}: {exc!s:.300}")
    except Exception as exc:
        assert_clean(exc)
    else:
        seat = state.current_player  # accepted: the state must work, and its record must replay
        if seat is not None:
            assert state.legal_actions()
            state.observation(seat)
        atout.replay(atout.loads(atout.dumps(state.to_record())))
    assert baseline(game) == _BASELINES[game], "a refused call changed a later game"


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(name=JUNK, players=JUNK, variant=JUNK, seed=JUNK)
def test_bad_positional_arguments(game: str, name: Any, players: Any, variant: Any, seed: Any) -> None:
    for args in ((name,), (game, players), (game, None, variant), (game, None, None, seed)):
        try:
            atout.new_game(*args)
        except Exception as exc:
            assert_clean(exc)
    assert baseline(game) == _BASELINES[game]


# --- bad actions at random decision points --------------------------------------------------------------
_WORDS = ["play", "bid", "pass", "call", "discard", "announce", "concede", "accept", "refuse", "vole", "stop",
          "pillage", "draw", "bet", "done", "garde", "poignee", "KS", "T21", "EX", "10H", "AS", "7C", "QD", "T1",
          "ZZ", "T22", "", "1", "-1", "999999", "é", "\x00"]
TEXTS = st.one_of(
    st.lists(st.sampled_from(_WORDS), min_size=0, max_size=8).map(" ".join),
    st.text(max_size=30),
    st.text(alphabet=string.ascii_letters + string.digits + " _,", max_size=40),
    st.sampled_from(["x" * 5000, "play " + "KS " * 400]),  # past the 1,000-character cap
)


def _configs(game: str) -> list[tuple[str, int]]:
    info = atout.game_info(game)
    return [(v, p) for v in info.variants for p in info.player_counts[v]]


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_bad_actions_leave_the_state_unchanged(game: str, data: st.DataObject) -> None:
    variant, players = data.draw(st.sampled_from(_configs(game)), label="config")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    state = atout.new_game(game, players=players, variant=variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 60) | st.just(10_000), label="steps")):  # or to the end
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    legal = {str(a) for a in state.legal_actions()}
    for _ in range(4):
        kind = data.draw(st.sampled_from(["text", "mutated", "object"]), label="kind")
        if kind == "text":
            action: Any = data.draw(TEXTS, label="text")
        elif kind == "mutated" and legal:
            words = data.draw(st.sampled_from(sorted(legal)), label="legal").split()
            i = data.draw(st.integers(0, len(words)), label="where")
            words[i:i + 1] = [data.draw(st.sampled_from(_WORDS), label="word")]
            action = " ".join(words)
        else:  # any object, or an Action built by hand with junk inside
            action = data.draw(JUNK | st.builds(Action, JUNK, JUNK) | st.builds(Action, st.sampled_from(_WORDS),
                                                                                  st.tuples(JUNK, JUNK)), label="object")
        before = fingerprint(state)
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert_clean(exc)
            assert fingerprint(state) == before, f"refused {action!r:.80} but the state changed"
        except Exception as exc:
            pytest.fail(f"apply({action!r:.80}) raised {type(exc).__name__}: {exc!s:.300}")
        else:  # accepted: it must have been legal (some games list one representative per class)
            state.legal_actions()
            return


# --- bad seats for every seat-taking method --------------------------------------------------------------
def seat_methods(state: atout.GameState) -> list[str]:
    """Public methods of the state whose first parameter is a seat (found by name: new ones are fuzzed too)."""
    out = []
    for name, member in inspect.getmembers(type(state)):
        if name.startswith("_") or not callable(member):
            continue
        try:
            params = list(inspect.signature(member).parameters)
        except (TypeError, ValueError):
            continue
        if len(params) >= 2 and params[1] == "seat":
            out.append(name)
    return out


BAD_SEATS = st.one_of(
    st.integers().filter(lambda s: not 0 <= s < 7),
    st.sampled_from([True, False, 1.0, 0.0, "0", "1", b"0", [0], (1,), float("nan")]),
    st.text(max_size=3),
)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(seat=BAD_SEATS, seed=st.integers(0, 1000))
def test_bad_seats_are_refused_by_every_seat_method(game: str, seat: Any, seed: int) -> None:
    state = atout.new_game(game, seed=seed)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players:
        return
    methods = seat_methods(state)
    assert {"observation", "known_cards"} <= set(methods)
    before = fingerprint(state)
    for name in methods:
        method = getattr(state, name)
        required = [p for p in list(inspect.signature(method).parameters.values())[1:]
                    if p.default is inspect.Parameter.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
        if required:
            continue  # needs more than a seat (e.g. a generator): not fuzzed here
        with pytest.raises((AtoutError, ValueError)) as info:
            method(seat)
        assert_clean(info.value)
    assert fingerprint(state) == before


# --- mutated records through replay ----------------------------------------------------------------------
def _record(game: str, seed: int) -> dict[str, Any]:
    state = atout.new_game(game, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record()


_RECORDS = {g: json.dumps(_record(g, 7)) for g in GAMES}


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(record: dict[str, Any], data: st.DataObject) -> Any:
    paths = _paths(record)[1:]
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(paths), label="path")
        parent: Any = record
        try:
            for key in path[:-1]:
                parent = parent[key]
            op = data.draw(st.sampled_from(["replace", "delete", "swap"]), label="op")
            if op == "replace":
                parent[path[-1]] = data.draw(JUNK, label="value")
            elif op == "delete":
                del parent[path[-1]]
            elif isinstance(parent, list) and len(parent) > 1:
                parent[0], parent[-1] = parent[-1], parent[0]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed this path
    return record


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_mutated_records_replay_or_raise_record_error(game: str, data: st.DataObject) -> None:
    record = _mutate(json.loads(_RECORDS[game]), data)
    try:
        text = json.dumps(record)
    except (TypeError, ValueError):
        text = None  # bytes or NaN inside: give replay the object itself
    try:
        atout.replay(atout.loads(text) if text is not None else record)
    except RecordError as exc:
        assert_clean(exc)
    except Exception as exc:
        pytest.fail(f"replay raised {type(exc).__name__}: {exc!s:.300}")


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_corrupted_record_text_through_the_cli(game: str, data: st.DataObject, tmp_path_factory: Any) -> None:
    raw = _RECORDS[game].encode()
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        i = data.draw(st.integers(0, len(raw)), label="at")
        junk = data.draw(st.binary(max_size=4) | st.sampled_from([b"[", b"{", b"Infinity", b"1e999", b"9" * 5000,
                                                                  b"\xff", b"true", b"null", b'"']), label="bytes")
        cut = data.draw(st.integers(0, 3), label="cut")
        raw = raw[:i] + junk + raw[i + cut:]
    path = Path(tmp_path_factory.mktemp("rec")) / "r.json"
    path.write_bytes(raw)
    code, out, err = run_cli(["replay", str(path), "--json"])
    assert code in (0, 2), err
    obj = json.loads(out)
    assert out.count("\n") == 1 and obj["valid"] is (code == 0)
    if code:
        assert err.count("\n") == 1 and "Traceback" not in err


# --- the CLI's bad flags ------------------------------------------------------------------------------
def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # --help
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


_FLAGS = ["--players", "--variant", "--deals", "--seed", "--bots", "--json", "-o", "--lang", "--records", "--help",
          "--target", "--nope", "-x", "--"]
_VALUES = ["1", "2", "3", "4", "0", "-1", "x", "", "1.5", "seed", "fft", "classic", "heuristic", "random,random",
           "capot_value=1000", "italian=true", "aces_high=maybe", "players=4", "=", "a=", "deal_packets=[2,3]",
           "deal_packets=[2.5,2.5]", "x" * 300, "é", "NaN", "1e999", "99999999999999999999999"]


@pytest.mark.parametrize("command", ["simulate", "replay", "rules", "games"])
@FUZZ
@given(data=st.data())
def test_bad_command_lines_are_one_line_and_exit_2(command: str, data: st.DataObject, tmp_path_factory: Any) -> None:
    game = data.draw(st.sampled_from([*GAMES, "chess", "", "TAROT"]), label="game")
    words = data.draw(st.lists(st.sampled_from(_FLAGS) | st.sampled_from(_VALUES), max_size=7), label="words")
    argv = [command, game, *words]
    if command == "simulate":
        # keep the run short: any whole number after --deals is at most 2
        argv = [w if not (argv[i - 1] == "--deals" and w.lstrip("-").isdigit()) else "2" for i, w in enumerate(argv)]
        argv = [w if not (i and argv[i - 1] == "--records") else str(tmp_path_factory.mktemp("out") / w[:20])
                for i, w in enumerate(argv)]
    code, out, err = run_cli(argv)
    assert "Traceback" not in err and "Traceback" not in out
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1, err
        if "--json" in argv and "--help" not in argv:
            assert "error" in json.loads(out)
