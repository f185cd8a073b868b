"""The console script, run as a user would (issue 2, point 5)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ATOUT = shutil.which("atout") or str(Path(sys.executable).with_name("atout"))


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([ATOUT, *args], input=stdin, capture_output=True, text=True, timeout=120, check=False)


def test_help_documents_every_command() -> None:
    out = run("--help")
    assert out.returncode == 0
    for command in ("games", "play", "simulate", "replay", "rules"):
        assert command in out.stdout
    sim = run("simulate", "--help").stdout
    for option in ("--players", "--variant", "--deals", "--seed", "--records", "--json"):
        assert option in sim


def test_games_lists_games_variants_and_player_counts() -> None:
    data = json.loads(run("games", "--json").stdout)
    tri = next(g for g in data if g["game"] == "triomphe")
    assert tri["variants"]["classic"]["players"] == [2, 4, 6]
    assert tri["variants"]["as_qui_pille"]["players"] == [4, 5, 6]


@pytest.mark.parametrize(
    "args",
    [
        ("triomphe", "--players", "2"),
        ("triomphe", "--players", "4"),
        ("triomphe", "--players", "5", "--variant", "as_qui_pille"),
    ],
)
def test_simulate_json(args: tuple[str, ...], tmp_path: Path) -> None:
    out = run("simulate", *args, "--deals", "300", "--seed", "1", "--json", "--records", str(tmp_path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    for key in ("game", "variant", "players", "deals", "seconds", "deals_per_second", "totals"):
        assert key in data
    assert data["deals"] == 300 and len(data["totals"]) == int(args[2])
    record = next(tmp_path.glob("*.json"))
    replayed = json.loads(run("replay", str(record), "--json").stdout)
    assert replayed == {"valid": True, "complete": True, "returns": data["totals"]}


def test_rule_options_reach_the_game(tmp_path: Path) -> None:
    out = run("simulate", "tarot", "--deals", "3", "--seed", "2", "-o", "capot_value=1000", "-o", "italian=true",
              "--json", "--records", str(tmp_path))
    assert out.returncode == 0, out.stderr
    record = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert record["options"]["capot_value"] == 1000 and record["options"]["italian"] is True


def test_simulate_is_deterministic() -> None:
    a = json.loads(run("simulate", "triomphe", "--deals", "50", "--seed", "3", "--json").stdout)
    b = json.loads(run("simulate", "triomphe", "--deals", "50", "--seed", "3", "--json").stdout)
    assert a["totals"] == b["totals"]


def test_simulate_table_output() -> None:
    out = run("simulate", "triomphe", "--deals", "20", "--seed", "2", "--lang", "en")  # French by default
    assert out.returncode == 0 and "Player 1: " in out.stdout


def test_replay_rejects_a_bad_record_with_one_line(tmp_path: Path) -> None:
    rec = tmp_path / "r.json"
    run("simulate", "triomphe", "--deals", "1", "--seed", "4", "--json", "--records", str(tmp_path))
    record_file = next(tmp_path.glob("triomphe-*.json"))
    data = json.loads(record_file.read_text())
    last = len(data["actions"]) - 1
    data["actions"][last]["action"] = "play ZZ"
    rec.write_text(json.dumps(data))
    out = run("replay", str(rec))
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and str(rec) in lines[0] and f"action {last}" in lines[0]
    as_json = run("replay", str(rec), "--json")
    assert as_json.returncode == 2 and json.loads(as_json.stdout)["valid"] is False
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "chess", "--deals", "5", "--seed", "1"), "unknown game"),
        (("simulate", "triomphe", "--deals", "0", "--seed", "1"), "at least 1"),
        (("simulate", "triomphe", "--deals", "5", "--seed", "x"), "seed"),
        (("simulate", "triomphe", "--players", "3", "--deals", "5", "--seed", "1"), "2, 4, 6"),
        (("play", "triomphe", "--seat", "7"), "seat"),
        (("rules", "triomphe", "--lang", "de"), "invalid choice"),
        (("simulate", "tarot", "--deals", "2", "--seed", "1", "-o", "nonsense"), "KEY=VALUE"),
        (("simulate", "tarot", "--deals", "2", "--seed", "1", "-o", "colour=red"), "unknown Tarot option"),
        (("simulate", "tarot", "--deals", "2", "--seed", "1", "-o", "capot_value=999"), "even"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: tuple[str, ...], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rules_in_both_languages(lang: str) -> None:
    out = run("rules", "triomphe", "--lang", lang)
    assert out.returncode == 0
    text = " ".join(out.stdout.split())  # rendered by Rich (issue 7): wrapped to the terminal, no raw Markdown
    assert ("Roi, Dame, Valet, As" if lang == "fr" else "King, Queen, Jack, Ace") in text
    assert "**" not in out.stdout and not out.stdout.lstrip().startswith("#")
    if lang == "fr":
        assert "seed" not in text and "source 0" not in text


def test_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    """A human at the terminal asks for help, makes mistakes and plays on to the end of the deal: the command
    exits 0, saves the game's record, and ends with each seat's total, a real Triomphe result (seed 002: 3 or 4
    tricks score one 'jeu', the vole two; the other side nothing) equal to the record's replayed returns. The human
    types, again and again, every action of the game's vocabulary in turn: the refused ones are reported and the
    first legal one is played, whatever the bot does."""
    import re

    import atout

    cards = [f"play {r}{s}" for s in "SHDC" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    turn = ["?", "play ZZ", "no_concession", "accept", "vole", *cards]  # never 'q': the game must end by itself
    out = run("play", "triomphe", "--seed", "8", "--lang", "en", "--speed", "0", "--records", str(tmp_path),
              stdin="\n".join(turn * 25) + "\n")
    assert out.returncode == 0, out.stdout[-800:] + out.stderr[-800:]
    assert "Traceback" not in out.stderr + out.stdout
    saved = list(tmp_path.glob("*.json"))
    assert len(saved) == 1, saved
    returns = atout.replay(atout.loads(saved[0].read_text())).returns()
    assert sorted(returns) in ([0, 1], [0, 2])
    # the ranking at the end (issue 7): "1st Player 2: 1", best total first, each seat's total
    ranks = re.findall(r"^\s+\d+(?:st|nd|rd|th) Player (\d)(?: \(you\))?: (-?\d+)\s*$", out.stdout, re.M)
    assert sorted((int(p) - 1, int(t)) for p, t in ranks) == list(enumerate(returns)), ranks
    assert [int(t) for _, t in ranks] == sorted(returns, reverse=True)


def test_play_to_the_end_with_legal_moves_only() -> None:
    """Feed the command every legal action in turn until it ends: the final totals are printed."""
    import atout
    from atout.bots import make_bot
    from atout.cli.play_words import WEIGHTY

    seed = 5
    g = atout.new_game("triomphe", players=2, seed=seed)
    bot = make_bot("triomphe", "heuristic", seed=seed * 1009 + 2)
    human_moves = []
    while not g.is_terminal():
        p = g.current_player
        if p == 0:
            a = g.legal_actions()[0]
            human_moves.append(str(a))
            if str(a) in WEIGHTY:  # the concession is asked again: yes
                human_moves.append("y")
        else:
            a = bot.act(g.observation(p))
        g.apply(a)
    out = run("play", "triomphe", "--seed", str(seed), "--lang", "en", stdin="\n".join(human_moves) + "\n")
    assert out.returncode == 0, out.stdout[-500:]
    assert "Match over" in out.stdout


@pytest.mark.parametrize("variant", ["seed", "fft"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_tarot_is_zero_sum(players: int, variant: str, tmp_path: Path) -> None:
    """Issue 3: `atout simulate tarot --players P --variant V … --json` runs with zero-sum totals."""
    out = run("simulate", "tarot", "--players", str(players), "--variant", variant, "--deals", "40", "--seed", "1",
              "--json", "--records", str(tmp_path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["zero_sum"] is True and sum(data["totals"]) == 0 and len(data["totals"]) == players
    record = next(tmp_path.glob("tarot-*.json"))
    replayed = json.loads(run("replay", str(record), "--json").stdout)
    assert replayed["valid"] is True and replayed["returns"] == data["totals"]


def test_play_tarot_in_the_terminal() -> None:
    """Issue 3: `atout play tarot` shows the hand and the legal actions, refuses an illegal bid."""
    out = run("play", "tarot", "--seed", "4", "--lang", "en", stdin="?\nbid nonsense\nq\n")
    assert "Your hand" in out.stdout and "Legal actions" in out.stdout and "Refused" in out.stdout
    assert out.returncode == 1


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_tarot_rules_text(lang: str) -> None:
    out = run("rules", "tarot", "--lang", lang)
    assert out.returncode == 0 and ("Excuse" in out.stdout)


@pytest.mark.parametrize(("players", "variant"), [(4, "seed"), (5, "fft")])
def test_play_a_whole_tarot_deal_in_the_terminal(players: int, variant: str) -> None:
    """Issue 3: `atout play tarot` is playable to the end (the human types legal actions)."""
    import atout
    from atout.bots import make_bot

    seed = 12
    g = atout.new_game("tarot", players=players, variant=variant, seed=seed)
    bots = {s: make_bot("tarot", "heuristic", seed=seed * 1009 + s + 1) for s in range(1, players)}
    typed = []
    while not g.is_terminal():
        p = g.current_player
        assert p is not None
        if p == 0:
            action = g.legal_actions()[-1]
            typed.append(str(action))
        else:
            action = bots[p].act(g.observation(p))
        g.apply(action)
    out = run("play", "tarot", "--players", str(players), "--variant", variant, "--seed", str(seed), "--lang", "en",
              stdin="\n".join(typed) + "\n")
    assert out.returncode == 0, out.stdout[-800:]
    assert "Match over" in out.stdout


def test_target_on_a_game_without_one_names_the_games_that_take_it() -> None:
    """``--target`` is La Triomphe's match score: on Tarot it is one line naming where it goes, exit 2 (not an
    'unknown Tarot option' as if it were a rule of the game; a newcomer's report)."""
    out = run("play", "tarot", "--target", "5", "--lang", "en")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == "atout play: error: --target is for triomphe only, not tarot (use --deals N for a match)"
