"""Newcomer findings 15: French output of simulate, packs and the play help."""

from __future__ import annotations

import pytest

from atout.cli.main import main
from atout.present.stats import report


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_simulate_names_seats_as_the_cli_does(capsys: pytest.CaptureFixture[str]) -> None:
    # replay --lang fr says "Joueur 1..4" (atout.present.Table): simulate says the same, not "place 0..3".
    _, fr = run(capsys, "simulate", "tarot", "--deals", "3", "--seed", "1", "--lang", "fr")
    _, en = run(capsys, "simulate", "tarot", "--deals", "3", "--seed", "1", "--lang", "en")
    assert "  Joueur 1 : " in fr and "  Joueur 4 : " in fr and "place " not in fr
    assert "  Player 1: " in en and "seat 0" not in en


def test_mistigri_says_deals_asked_and_played(capsys: pytest.CaptureFixture[str]) -> None:
    # mistigri.md D16: the last tour may add coups without stake; the report says both numbers and averages
    # per deal played (stats.deals), as it says.
    run_ = {"game": "mistigri", "variant": "boussac", "players": 4, "deals": 5, "seconds": 0.5,
            "deals_per_second": 10.0, "bots": ["random"] * 4, "seed": 1, "totals": [-12, 6, 6, 0], "records": None}
    stats = {"deals": 6, "mean_per_seat": [-2, 1, 1, 0]}  # -12 / 6 = -2, built by hand
    fr = report(run_, stats, "fr")
    assert " : 5 donnes (6 coups joués) en 0,50 s " in fr[0]
    assert fr[2] == "  Joueur 1 : -12 (moyenne par coup joué -2)"
    en = report(run_, stats, "en")
    assert ": 5 deals (6 played) in 0.50 s " in en[0] and en[2] == "  Player 1: -12 (mean per deal played -2)"
    same = report({**run_, "deals": 6}, stats, "fr")
    assert " : 6 donnes en " in same[0] and same[2] == "  Joueur 1 : -12 (moyenne par donne -2)"
    _, out = run(capsys, "simulate", "mistigri", "--deals", "5", "--seed", "1")
    assert "5 donnes (6 coups joués)" in out and "moyenne par coup joué" in out
