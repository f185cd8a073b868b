"""The 1637 tarot through the console script: simulate (deterministic, zero-sum), replay, rules, play."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import atout
from atout.bots import make_bot

ATOUT = shutil.which("atout") or str(Path(sys.executable).with_name("atout"))


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([ATOUT, *args], input=stdin, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("args", [("--players", "3"), ("--players", "2"), ("--variant", "manuscript")])
def test_simulate_is_deterministic_zero_sum_and_replays(args: tuple[str, ...], tmp_path: Path) -> None:
    cmd = ("simulate", "tarot1637", *args, "--deals", "60", "--seed", "1", "--json")
    first = run(*cmd, "--records", str(tmp_path))
    assert first.returncode == 0, first.stderr
    data = json.loads(first.stdout)
    again = json.loads(run(*cmd).stdout)
    assert data["zero_sum"] is True and sum(data["totals"]) == 0 and again["totals"] == data["totals"]
    record = next(tmp_path.glob("tarot1637-*.json"))
    replayed = json.loads(run("replay", str(record), "--json").stdout)
    assert replayed["valid"] is True and replayed["returns"] == data["totals"]


@pytest.mark.parametrize(("lang", "word"), [("fr", "Bagat"), ("en", "Mort")])
def test_rules_summary(lang: str, word: str) -> None:
    out = run("rules", "tarot1637", "--lang", lang)
    assert out.returncode == 0 and word in out.stdout and "25" in out.stdout


def test_play_a_whole_deal_in_the_terminal() -> None:
    seed = 6
    g = atout.new_game("tarot1637", seed=seed)
    bots = {s: make_bot("tarot1637", "heuristic", seed=seed * 1009 + s + 1) for s in range(3)}
    moves = []
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        if seat == 0:
            action = g.legal_actions()[0]
            moves.append(str(action))
        else:
            action = bots[seat].act(g.observation(seat))
        g.apply(action)
    out = run("play", "tarot1637", "--seed", str(seed), "--lang", "en", stdin="?\ndiscard T21\n" + "\n".join(moves) + "\n")
    assert out.returncode == 0, out.stdout[-800:]
    assert "may not be discarded" in out.stdout  # the refusal, said by the presentation layer
