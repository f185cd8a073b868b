"""Issue 6: every bad input refused cleanly. One regression test per defect of the issue (numbered as
there), then the error contract of docs/api.md ("Errors"): typed error, one precise line, state unchanged.
"""

from __future__ import annotations

import copy
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import atout
from atout import AtoutError, IllegalAction, NotationError, RecordError, UnknownGame
from atout.cli.main import main
from atout.core.errors import ECHO_LIMIT

ATOUT = shutil.which("atout") or str(Path(sys.executable).with_name("atout"))


def refused(call: Any, *args: Any, **kwargs: Any) -> Exception:
    """The typed error a call raises (AtoutError or ValueError, nothing else), its message one short line."""
    with pytest.raises((AtoutError, ValueError)) as info:
        call(*args, **kwargs)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 600, message
    return info.value


def finished(game: str, seed: int, **kwargs: Any) -> atout.GameState:
    g = atout.new_game(game, seed=seed, **kwargs)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    return g


# --- 1. bad names, variants, cards: typed errors, not AttributeError -----------------------------------
@pytest.mark.parametrize("name", [None, 5, b"tarot", ["tarot"], ""])
def test_1_new_game_with_a_bad_name_is_unknown_game(name: Any) -> None:
    assert isinstance(refused(atout.new_game, name), UnknownGame)


@pytest.mark.parametrize("variant", [5, True, "", "nope", ["seed"]])
def test_1_bad_variant_is_a_value_error_naming_the_variants(variant: Any) -> None:
    assert "variants: seed, fft" in str(refused(atout.new_game, "tarot", variant=variant))


@pytest.mark.parametrize("code", [5, None, 1.5, ["KS"], "ZZ"])
def test_1_card_of_a_non_code_is_a_notation_error(code: Any) -> None:
    assert isinstance(refused(atout.card, code), NotationError)


# --- 2. a float player count: refused, and no cache remembers it ----------------------------------------
def test_2_float_players_refused_and_later_games_unharmed() -> None:
    for _ in range(2):
        assert "not 4.0" in str(refused(atout.new_game, "tarot", players=4.0, seed=1))
    g = atout.new_game("tarot", players=4, seed=1)
    assert g.players == 4 and g.legal_actions()
    assert "not 2.0" in str(refused(atout.new_game, "triomphe", players=2.0))
    assert atout.new_game("triomphe", players=2, seed=1).players == 2


def test_2_a_bad_option_does_not_poison_the_next_game() -> None:
    refused(atout.new_game, "tarot", seed=1, capot_value=1000.0)
    refused(atout.new_game, "tarot", seed=1, capot_value=[1000])
    assert atout.new_game("tarot", seed=1, capot_value=1000).rules.capot_value == 1000


# --- 3. Triomphe options type-checked, through the API and the CLI --------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"scores": 5}, "scores must be 2"),
        ({"scores": [True, 0]}, "scores must be 2"),
        ({"deal_packets": 5}, "'deal_packets' must be a list of 1 to 5 whole numbers from 1 to 5, not 5"),
        ({"deal_packets": "32"}, "'deal_packets' must be a list of 1 to 5 whole numbers"),
        ({"deal_packets": None}, "'deal_packets' must be a list of 1 to 5 whole numbers from 1 to 5, not None"),
        ({"deal_packets": [2.5, 2.5]}, "'deal_packets' must be a list of 1 to 5 whole numbers"),
        ({"deal_packets": [4, 2]}, "add up to 5"),  # the dataclass's own check still runs after the types
    ],
)
def test_3_triomphe_options_are_type_checked(options: dict[str, Any], words: str) -> None:
    assert words in str(refused(atout.new_game, "triomphe", **options))


def test_3_triomphe_deal_must_be_a_deal() -> None:
    assert isinstance(refused(atout.new_game, "triomphe", deal=5), RecordError)


def test_3_aces_high_must_be_a_bool_not_a_text() -> None:
    """seed 002 §9.2: aces high is a yes/no option; the text 'false' must not switch it on."""
    e = refused(atout.new_game, "triomphe", players=4, variant="chacun_pour_soi", aces_high="false")
    assert "'aces_high' must be true or false, not 'false'" in str(e)
    g = atout.new_game("triomphe", players=4, variant="chacun_pour_soi", aces_high=False, seed=1)
    assert g.rules.aces_high is False
    assert atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=1).rules.aces_high is True


def test_3_cli_option_types(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "triomphe", "--deals", "2", "--seed", "1", "-o", "deal_packets=5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deal_packets" in err and "Traceback" not in err
    assert main(["simulate", "triomphe", "--players", "4", "--variant", "chacun_pour_soi", "--deals", "1",
                 "--seed", "1", "-o", "aces_high=maybe"]) == 2
    assert "'aces_high' must be true or false, not 'maybe'" in capsys.readouterr().err


# --- 4. every explicit deal of a list is checked at creation --------------------------------------------
@pytest.mark.parametrize("game", ["tarot", "triomphe"])
def test_4_a_bad_later_deal_is_refused_up_front(game: str) -> None:
    good = atout.new_game(game, seed=1).to_record()["deal"]
    e = refused(atout.new_game, game, seed=1, deal=[good, {}], deals=2)
    assert isinstance(e, RecordError) and "deal 1" in str(e)
    e = refused(atout.new_game, game, seed=1, deal=[good, 7], deals=2)
    assert isinstance(e, RecordError) and "deal 1" in str(e)


# --- 5. to_record() returns copies -----------------------------------------------------------------------
@pytest.mark.parametrize("game", ["tarot", "triomphe"])
def test_5_editing_a_record_leaves_the_state_alone(game: str) -> None:
    g = finished(game, 3, deals=2)
    clone = g.clone()
    before = json.dumps(g.to_record())
    rec = g.to_record()
    for entry in rec["deals"]:
        entry["deal"]["hands"][0][0] = "XX"
        entry["deal"]["hands"][0].append("YY")
    rec["match"]["deals"] = 99
    assert json.dumps(g.to_record()) == before == json.dumps(clone.to_record())
    assert atout.replay(g.to_record()).returns() == g.returns()


# --- 6. booleans are not seats or counts; every seat-taking method checks its seat ---------------------
@pytest.mark.parametrize("game", ["tarot", "triomphe"])
@pytest.mark.parametrize("seat", [-1, 99, None, "0", 1.0, True, False])
def test_6_bad_seats_are_value_errors(game: str, seat: Any) -> None:
    g = atout.new_game(game, seed=1)
    for method in (g.known_cards, g.observation):
        assert isinstance(refused(method, seat), ValueError)


@pytest.mark.parametrize("arg", ["dealer", "deals", "target"])
def test_6_true_is_not_a_dealer_or_a_count(arg: str) -> None:
    refused(atout.new_game, "triomphe", seed=1, **{arg: True})


def test_6_json_true_is_not_a_dealer_in_a_record() -> None:
    rec = finished("triomphe", 2).to_record()
    rec["dealer"] = True
    assert "dealer" in str(refused(atout.replay, rec))
    rec = finished("triomphe", 2).to_record()
    rec["actions"][0]["seat"] = False
    assert isinstance(refused(atout.replay, rec), RecordError)


def test_6_empty_variant_is_refused() -> None:
    refused(atout.new_game, "triomphe", variant="")


# --- 7. replay: non-finite numbers and deep nesting --------------------------------------------------------
def _record_text() -> str:
    return json.dumps(finished("triomphe", 4).to_record())


@pytest.mark.parametrize("bad", ["Infinity", "-Infinity", "NaN", "1e999", "-1e999"])
def test_7_non_finite_returns_are_record_errors(bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _record_text()
    rec = json.loads(text)
    mutated = text.replace(json.dumps({"returns": rec["result"]["returns"]}), '{"returns": [' + bad + ', 0]}')
    assert mutated != text
    assert isinstance(refused(atout.loads, mutated), RecordError)
    path = tmp_path / "r.json"
    path.write_text(mutated)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_7_deep_nesting_and_huge_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("[" * 100_000, "{\"a\": " * 50_000, '{"seed": ' + "9" * 5000 + "}", "[" * 40 + "]" * 40):
        assert isinstance(refused(atout.loads, text), RecordError)
        path = tmp_path / "r.json"
        path.write_text(text)
        assert main(["replay", str(path)]) == 2
        assert "Traceback" not in capsys.readouterr().err


# --- 8. replay --json: one JSON object whatever happens -------------------------------------------------
def test_8_replay_json_always_prints_one_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = json.loads(_record_text())
    cases = {
        "unknown_game.json": json.dumps({**rec, "game": "chess"}).encode(),
        "latin1.json": "{\"format\": \"é\"}".encode("latin-1"),
        "bigint.json": _record_text().replace('"seed": ', '"seed": ' + "7" * 4400 + ", \"x\": ").encode(),
        "not_json.json": b"hello",
        "folder": None,
    }
    for name, data in cases.items():
        path = tmp_path / name
        if data is None:
            path.mkdir()
        else:
            path.write_bytes(data)
        assert main(["replay", str(path), "--json"]) == 2, name
        out = capsys.readouterr().out
        obj = json.loads(out)
        assert out.count("\n") == 1 and obj["valid"] is False and obj["error"], name
    assert main(["replay", str(tmp_path / "missing.json"), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["valid"] is False


# --- 9. the CLI: -o with a flag's name, --records checked first, Ctrl-C, closed stdin --------------------
@pytest.mark.parametrize("key", ["players", "deals", "seed", "variant", "game", "records", "bots", "on_deal"])
def test_9_flag_names_are_not_options(key: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "triomphe", "--deals", "1", "--seed", "1", "-o", f"{key}=2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and key in err and "multiple values" not in err


def test_9_records_folder_checked_before_the_simulation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for target in (str(a_file), str(a_file / "under"), ""):
        start = time.perf_counter()
        assert main(["simulate", "tarot", "--deals", "200", "--seed", "1", "--records", target]) == 2
        assert time.perf_counter() - start < 5  # refused before 200 deals were played
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--records" in err
    assert not (Path.cwd() / "tarot-seed-4p-seed1.json").exists()


def _no_sigint_ignore() -> None:  # a child of a background job inherits SIGINT ignored
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_9_ctrl_c_during_simulate_exits_130_and_keeps_the_record(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [ATOUT, "simulate", "tarot", "--deals", "10000", "--seed", "1", "--records", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_no_sigint_ignore,
    )
    time.sleep(6)  # past the imports (a Ctrl-C there is Python's, not ours): the deals are being played
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.strip().count("\n") == 0 and "interrupted" in err
    (record,) = tmp_path.glob("*.json")
    state = atout.read_record(record)  # the deals played so far replay
    assert not state.is_terminal()


def test_9_play_with_stdin_closed_is_a_clean_exit() -> None:
    out = subprocess.run([ATOUT, "play", "triomphe", "--seed", "1"], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode in (0, 1) and "Traceback" not in out.stderr
    closed = subprocess.run(f"'{ATOUT}' play triomphe --seed 1 <&-", shell=True,
                            capture_output=True, text=True, timeout=60, check=False)
    assert closed.returncode in (0, 1) and "Traceback" not in closed.stderr


# --- 10. errors never echo a whole huge input -------------------------------------------------------------
def test_10_a_huge_action_is_refused_fast_with_a_short_message() -> None:
    g = atout.new_game("tarot", seed=1)
    before = json.dumps(g.to_record())
    for text in ("x" * 1_000_000, "play " + "K" * 1_000_000, "play " + "KS " * 300_000, "bid " + "é" * 80_000):
        start = time.perf_counter()
        e = refused(g.apply, text)
        assert isinstance(e, IllegalAction) and len(str(e)) < 4 * ECHO_LIMIT
        assert time.perf_counter() - start < 2
    assert json.dumps(g.to_record()) == before


def test_10_a_huge_action_in_a_record_gives_a_short_error() -> None:
    rec = finished("triomphe", 5).to_record()
    rec["actions"][0]["action"] = "play " + "Q" * 100_000
    assert len(str(refused(atout.replay, rec))) < 400


def test_10_huge_option_values_and_names_are_clipped() -> None:
    assert len(str(refused(atout.new_game, "tarot", capot_value="9" * 100_000))) < 300
    assert len(str(refused(atout.new_game, "tarot", **{"k" * 100_000: 1}))) < 400
    assert len(str(refused(atout.new_game, "k" * 100_000))) < 300


# --- the error contract beyond the list ------------------------------------------------------------------
def test_cli_bad_flags_are_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["bogus"], ["simulate"], ["simulate", "triomphe", "--deals", "x", "--seed", "1"],
                 ["simulate", "triomphe", "--deals", "1", "--seed", "1", "--json", "--bots", "nobody"],
                 ["replay"], ["rules", "chess"], ["simulate", "triomphe", "--deals", "1", "--seed", "1", "-o", "=1"]):
        assert main(argv) == 2, argv
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and "Traceback" not in captured.err, argv
        if "--json" in argv:
            assert "error" in json.loads(captured.out)


def test_records_round_trip_still_exact() -> None:
    g = finished("tarot", 8, deals=3)
    rec = atout.loads(atout.dumps(g.to_record()))
    assert atout.replay(copy.deepcopy(rec)).returns() == g.returns()


def test_10_an_80000_character_line_at_the_play_prompt_is_refused_at_once() -> None:
    start = time.perf_counter()
    out = subprocess.run([ATOUT, "play", "triomphe", "--seed", "1", "--speed", "0"], input="x" * 80_000 + "\nq\ny\nq\n",
                         capture_output=True, text=True, timeout=120, check=False)
    assert time.perf_counter() - start < 20
    assert "Traceback" not in out.stderr and "x" * 100 not in out.stdout


@pytest.mark.parametrize("game", ["tarot", "triomphe"])
def test_action_objects_with_bad_fields_are_illegal_actions(game: str) -> None:
    from atout import Action

    g = atout.new_game(game, seed=2)
    before = json.dumps(g.to_record())
    for bad in (Action(5), Action("play", (5,)), Action("play", "KS"), Action("play", ("x" * 100_000,)),  # type: ignore[arg-type]
                Action("x" * 100_000), Action("play", ("KS",) * 2000)):
        e = refused(g.apply, bad)
        assert isinstance(e, IllegalAction) and len(str(e)) < 300
    assert json.dumps(g.to_record()) == before


def test_docs_failed_vole_in_the_two_sided_game_moves_the_loss() -> None:
    """docs/triomphe.md (issue 6): seed 002 §7.2, D9 — a failed vole loses 2, each point off the side's own
    score while it has one, else scored by the other side. From 1–0, side 0 failing: 1 - 1 = 0, then side 1
    scores the second point: returns [-1, +1], not [-2, 0]."""
    import random

    g = atout.new_game("triomphe", seed=7, scores=[1, 0], dealer=1)
    rng = random.Random(7)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    scored = [e for e in g.events() if e.kind == "deal_scored"][-1].data
    assert scored["reason"] == "vole_failed" and scored["vole_side"] == 0 and scored["losses"] == [2, 0]
    assert g.returns() == [-1, 1]


def test_every_bot_refuses_what_is_not_an_observation_to_act_on() -> None:
    from atout.bots import make_bot
    from atout.bots.base import bot_names

    for info in atout.list_games():
        g = atout.new_game(info.name, seed=1)
        idle = (g.current_player + 1) % g.players  # a seat not to act: no legal action
        for name in bot_names(info.name):
            bot = make_bot(info.name, name, seed=1)
            for junk in (None, 5, "obs", g.observation(idle)):
                assert isinstance(refused(bot.act, junk), ValueError)
    for bad in ((None, "random"), ("tarot", None), ("tarot", ["random"]), ("tarot", "nobody")):
        refused(make_bot, *bad)
    refused(make_bot, "tarot", "random", seed="1")
