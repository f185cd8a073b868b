"""Newcomer findings 15: French output of simulate, packs and the play help."""

from __future__ import annotations

import os
import sys
from pathlib import Path

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
    assert "  Joueur 1\u00a0: " in fr and "  Joueur 4\u00a0: " in fr and "place " not in fr
    assert "  Player 1: " in en and "seat 0" not in en


def test_mistigri_says_deals_asked_and_played(capsys: pytest.CaptureFixture[str]) -> None:
    # mistigri.md D16: the last tour may add coups without stake; the report says both numbers and averages
    # per deal played (stats.deals), as it says.
    run_ = {"game": "mistigri", "variant": "boussac", "players": 4, "deals": 5, "seconds": 0.5,
            "deals_per_second": 10.0, "bots": ["random"] * 4, "seed": 1, "totals": [-12, 6, 6, 0], "records": None}
    stats = {"deals": 6, "mean_per_seat": [-2, 1, 1, 0]}  # -12 / 6 = -2, built by hand
    fr = report(run_, stats, "fr")
    assert "\u00a0: 5 donnes (6 coups joués) en 0,50 s " in fr[0]
    assert fr[2] == "  Joueur 1\u00a0: −12 (moyenne par coup joué −2)"
    en = report(run_, stats, "en")
    assert ": 5 deals (6 played) in 0.50 s " in en[0] and en[2] == "  Player 1: −12 (mean per deal played −2)"
    same = report({**run_, "deals": 6}, stats, "fr")
    assert "\u00a0: 6 donnes en " in same[0] and same[2] == "  Joueur 1\u00a0: −12 (moyenne par donne −2)"
    _, out = run(capsys, "simulate", "mistigri", "--deals", "8", "--seed", "1")  # two whole tours (seed 003)
    assert "8 donnes (9 coups joués)" in out and "moyenne par coup joué" in out


@pytest.mark.parametrize("argv", [("packs", "--lang", "en", "show", "tarot66-1637"),
                                  ("packs", "show", "tarot66-1637", "--lang", "en")])
def test_packs_lang_before_or_after_the_subcommand(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, out = run(capsys, *argv)
    assert code == 0 and out.startswith("tarot66-1637 (66 cards): ") and "cartes" not in out


def test_packs_json_before_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "packs", "--json", "--lang", "en", "show", "prime40")
    assert code == 0 and out.startswith('{"pack": "prime40", "lang": "en"')


def test_packs_french_list_labels_the_play_values(capsys: pytest.CaptureFixture[str]) -> None:
    # the --play values stay as typed ("play", "1637"), labelled as values to type
    _, out = run(capsys, "packs")
    assert "ordres de jeu (valeurs à taper après --play)\u00a0: play\u202f;" in out  # French spacing (catalog)


def test_tarot_help_lists_only_the_variant_words() -> None:
    # FFT Tarot: the contracts are petite, garde, garde sans, garde contre (no prise, no pousse) and only the
    # taker's chelem is announced before play, the poignée at one's first card (FFT rules 4, 5); the seed
    # variant (seed 001, §4, §7) keeps prise and the announcements sans atouts / sans points.
    import atout
    from atout.cli.play import GAME_HELP, PHASE_NOTES
    from atout.present.inputs import interpret

    fft_fr, fft_en = GAME_HELP["tarot/fft"]["fr"], GAME_HELP["tarot/fft"]["en"]
    for word in ("prise", "pousse", "sans points", "sans atouts", "capot"):
        assert word not in fft_fr and word not in fft_en.replace("announce poignee", "")
    assert "petite" in fft_fr and "chelem" in fft_fr and "petite" in fft_en.lower()
    assert "prise" in GAME_HELP["tarot"]["fr"] and "sans points" in GAME_HELP["tarot"]["fr"]
    assert "sans points" not in PHASE_NOTES["fr"]["annonces/fft"] and "chelem" in PHASE_NOTES["en"]["annonces/fft"]
    game = atout.new_game("tarot", variant="fft", seed=1)  # every word the FFT help names is understood
    assert str(interpret("petite", game.legal_actions(), "fr", "tarot")) == "bid petite"
    game.apply("bid garde")
    while game.phase != "annonces":
        game.apply(game.legal_actions()[0])
    assert str(interpret("annoncer chelem", game.legal_actions(), "fr", "tarot")) == "announce chelem"


def test_play_help_in_an_fft_game(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="200", LINES="50", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(sys.executable, ["-m", "atout.cli.main", "play", "tarot", "--variant", "fft", "--seed", "1",
                                           "--speed", "0", "--records", str(tmp_path)],
                          env=env, encoding="utf-8", timeout=30, dimensions=(50, 200))
    child.expect(r"Votre jeu \(\? aide, q quitter\) > ")
    child.sendline("?")
    child.expect(r"Votre jeu \(\? aide, q quitter\) > ")
    shown = str(child.before)
    child.sendline("q")
    child.close()
    flat = " ".join(shown.split())  # the terminal wraps the help's line at its width
    assert "petite" in flat and "annoncer le chelem" in flat  # the label the table shows and reads (issue 17)
    assert "prise" not in shown.lower().replace("surprise", "") and "sans points" not in shown
