"""Mistigri through the console script: simulate, replay, rules, play (issue 9, "Done when")."""

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


@pytest.mark.parametrize("players", [4, 5])
def test_simulate_is_deterministic_with_conserved_chips(players: int, tmp_path: Path) -> None:
    """`atout simulate mistigri --players P --deals N --seed 1 --json`: same totals twice, zero-sum, replayable."""
    args = ("simulate", "mistigri", "--players", str(players), "--deals", "60", "--seed", "1", "--json")
    first = json.loads(run(*args, "--records", str(tmp_path)).stdout)
    second = json.loads(run(*args).stdout)
    assert first["totals"] == second["totals"] and first["zero_sum"] is True and len(first["totals"]) == players
    record = next(tmp_path.glob("mistigri-*.json"))
    replayed = json.loads(run("replay", str(record), "--json").stdout)
    assert replayed["valid"] is True and replayed["returns"] == first["totals"]


@pytest.mark.parametrize(("lang", "word"), [("fr", "bête"), ("en", "Lanturlu")])
def test_rules_text(lang: str, word: str) -> None:
    out = run("rules", "cascaret", "--lang", lang)
    assert out.returncode == 0 and word in out.stdout and "Mistigri" in out.stdout


def test_play_a_whole_match_in_the_terminal(tmp_path: Path) -> None:
    """`atout play mistigri` is playable to the end (the human types legal actions), a bad one refused."""
    seed = 5
    g = atout.new_game("mistigri", players=4, seed=seed)
    bots = {s: make_bot("mistigri", "heuristic", seed=seed * 1009 + s + 1) for s in range(1, 4)}
    typed = ["fly away"]  # refused first, then only legal actions
    while not g.is_terminal():
        p = g.current_player
        assert p is not None
        if p == 0:
            action = g.legal_actions()[0]
            typed.append(str(action))
        else:
            action = bots[p].act(g.observation(p))
        g.apply(action)
    out = run("play", "mistigri", "--seed", str(seed), "--deals", "1", "--lang", "en", "--records", str(tmp_path),
              stdin="\n".join(typed) + "\n")
    assert out.returncode == 0, out.stdout[-800:]
    assert "End of the match" in out.stdout and "I do not understand 'fly away'" in out.stdout
    assert "A trick is worth" in out.stdout  # the pool's breakdown after each coup
    saved = next(tmp_path.glob("mistigri-*.json"))
    assert atout.read_record(saved).returns() == g.returns()
