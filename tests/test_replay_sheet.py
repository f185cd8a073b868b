"""Issue 17, point 8: ``replay --step`` shows the hands and the écart (a finished game is public), ``replay``
into a file or a pipe keeps each line whole, and the final score sheet of five players fits 60 columns."""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import atout
from atout.bots.base import make_bot
from atout.cli.replay import replay_step
from atout.core.actions import Action
from atout.present import signed
from atout.present.screen import hand_text
from atout.records import dumps


def _finished_tarot_with_an_ecart(tmp_path: Path) -> tuple[Path, dict]:  # type: ignore[type-arg]
    """A 4-player Tarot deal played by the bots until one where the taker lays an écart (Prise or Garde, seed 001 §6)."""
    for seed in range(1, 60):
        g = atout.new_game("tarot", players=4, seed=seed)
        bots = [make_bot("tarot", "heuristic", seed=seed + s) for s in range(4)]
        while not g.is_terminal():
            g.apply(bots[g.current_player].act(g.observation(g.current_player)))  # type: ignore[index]
        record = g.to_record()
        if any(Action.parse(a["action"]).kind == "discard" for a in record["actions"]):
            path = tmp_path / "game.json"
            path.write_text(dumps(record), encoding="utf-8")
            return path, record
    raise AssertionError("no deal with an écart")


@pytest.mark.parametrize(("lang", "hands", "talon", "ecart"), [
    ("fr", "Les mains", "Chien", "Écart de Joueur"), ("en", "The hands", "Talon", "'s écart"),
])
def test_replay_step_shows_every_hand_and_the_ecart(lang: str, hands: str, talon: str, ecart: str,
                                                    tmp_path: Path) -> None:
    path, record = _finished_tarot_with_an_ecart(tmp_path)
    out = io.StringIO()
    assert replay_step(Console(file=out, width=300), str(path), lang, pause=False) == 0
    text = out.getvalue()
    assert hands in text
    for hand in record["deal"]["hands"]:  # each hand as the record deals it
        assert hand_text(hand, lang, "tarot").plain in text
    colon = "\u00a0: " if lang == "fr" else ": "  # French typography: a no-break space before the colon
    assert f"{talon}{colon}{hand_text(record['deal']['talon'], lang, 'tarot').plain}" in text
    laid = [Action.parse(a["action"]).args[0] for a in record["actions"] if a["action"].startswith("discard")]
    assert ecart in text and hand_text(laid, lang, "tarot").plain in text
    assert text.index(ecart) < text.index("\n", text.index(ecart))  # said once laid aside, before the tricks


def test_replay_into_a_pipe_keeps_each_line_whole(tmp_path: Path) -> None:
    """Not at a terminal the console does not wrap at 80 columns: a hand is one line in the file."""
    path, record = _finished_tarot_with_an_ecart(tmp_path)
    env = {**os.environ, "COLUMNS": "80", "PYTHONIOENCODING": "utf-8"}
    out = subprocess.run([sys.executable, "-m", "atout.cli.main", "replay", str(path), "--step"], capture_output=True,
                         text=True, env=env, stdin=subprocess.DEVNULL, timeout=60, check=True).stdout
    lines = out.splitlines()
    for seat, hand in enumerate(record["deal"]["hands"]):
        assert f"  Joueur {seat + 1}\u00a0: {hand_text(hand, 'fr', 'tarot').plain}" in lines
    assert any(len(line) > 80 for line in lines)  # the long lines were not cut


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_five_player_sheet_fits_sixty_columns(lang: str, tmp_path: Path) -> None:
    from atout.cli.play import Session

    args = argparse.Namespace(game="tarot", players=5, variant=None, seed=22, lang=lang, option=[], deals=2,
                              target=None, seat=0, bot="random", speed="0", records=str(tmp_path))
    out = io.StringIO()
    session = Session(Console(file=out, width=60), args)
    bot = make_bot("tarot", "random", seed=1)
    while not session.state.is_terminal():
        session.state.apply(bot.act(session.state.observation(session.state.current_player)))  # type: ignore[arg-type]
    session._final(True)
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 60 for line in lines)
    totals = [signed(t, lang) for t in session._totals()]  # +48, \u2212352: the sheet's signs
    total = next(line for line in lines if line.startswith("  Total"))
    assert total.split()[-5:] == totals  # the five totals on one line, in seat order
    short = "J" if lang == "fr" else "P"
    heading = next(line for line in lines if f"{short}1" in line and f"{short}5" in line)
    assert heading.split() == [f"{short}{n}" for n in range(1, 6)]
