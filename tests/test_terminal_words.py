"""Issue 17, points 7 and 8 (the terminal's words): ``atout games`` in French by default, ``as`` read as the
legal Ace, grammar of two refusals, ``--version``, ``play --help`` from the registries and the real defaults."""

from __future__ import annotations

import inspect
from importlib.metadata import version

import pytest

import atout
from atout.bots.base import bot_names
from atout.cli.main import main
from atout.core.actions import Action
from atout.core.errors import RecordError
from atout.present.inputs import InputProblem, interpret
from atout.records import FORMAT, validate


def test_version_from_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"atout {version('atout')}"


def test_play_help_lists_every_bot_and_the_real_target_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--lang", "en", "--help"])  # (French without --lang: tests/test_cli_said.py)
    text = " ".join(capsys.readouterr().out.split())
    assert "heuristic' (default) or 'random'" not in text and "(Triomphe: 5)" not in text
    for info in atout.list_games():
        assert f"{info.name}: {', '.join(bot_names(info.name))}" in text  # search, search_expert, passlow…
    takes = [g.name for g in atout.list_games() if "target" in inspect.signature(g.factory).parameters]
    assert takes == ["triomphe"]  # the only game played to a score; its target has no default (a single deal)
    assert "(triomphe only; default: none, the match is then --deals deals)" in text


def test_games_speaks_french_by_default_like_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    fr = capsys.readouterr().out
    assert "variante" in fr and "(par défaut)" in fr and "Tarot traditionnel" in fr and "(default)" not in fr
    assert main(["games", "--lang", "en"]) == 0
    en = capsys.readouterr().out
    assert "variant" in en and "(default)" in en and "(par défaut)" not in en


def test_as_is_the_ace_that_may_be_played() -> None:
    """'as' is an Ace in French, and the code of the Ace of spades (AS): the legal reading wins (issue 17)."""
    legal = [Action.parse(a) for a in ("play AD", "play 7H", "play T21")]
    assert str(interpret("as", legal, "fr", "tarot")) == "play AD"
    assert str(interpret("jouer as", legal, "fr", "tarot")) == "play AD"
    assert str(interpret("ace", legal, "en", "tarot")) == "play AD"
    assert str(interpret("roi", [Action.parse("play KC"), Action.parse("play 2C")], "fr", "tarot")) == "play KC"
    both = [Action.parse(a) for a in ("play AD", "play AS")]
    with pytest.raises(InputProblem, match="lequel"):
        interpret("as", both, "fr", "tarot")
    with pytest.raises(InputProblem, match="which one"):
        interpret("ace", both, "en", "tarot")
    assert str(interpret("as de pique", both, "fr", "tarot")) == "play AS"


def test_record_field_types_in_words() -> None:
    with pytest.raises(RecordError) as exc:
        validate({"format": FORMAT, "game": "tarot", "variant": "seed", "players": "4"})
    assert "must be a whole number" in str(exc.value) and "a int" not in str(exc.value)


@pytest.mark.parametrize(("players", "variant", "has", "lacks"), [
    # seed 001 §4, §5, §7 at four: Prise…Garde contre with the Pousse, no King called, capot, poignée, sans atouts
    (4, "seed", ["pousse", "annoncer le capot (le preneur)", "annoncer sans atouts", "annoncer sans points",
                 "annoncer poignée"], ["appeler", "petite", "chelem"]),
    # seed 001 §5: at five the taker calls a King
    (5, "seed", ["appeler R♥", "pousse"], ["petite"]),
    # FFT rules 2, 4, 5: Petite, no Pousse; only the taker's chelem, the poignée at one's first card
    (5, "fft", ["petite", "appeler R♥", "annoncer le chelem (le preneur)", "annoncer poignée (avant votre première carte)"],
     ["prise", "pousse", "capot", "sans atouts", "sans points"]),
])
def test_tarot_help_lists_what_the_table_allows(players: int, variant: str, has: list[str], lacks: list[str],
                                                tmp_path: object) -> None:
    """The '?' help of a Tarot table is said from its rules (issue 17): not 'appeler R♥' at four."""
    import argparse
    import io

    from rich.console import Console

    from atout.cli.play import Session

    out = io.StringIO()
    args = argparse.Namespace(game="tarot", players=players, variant=variant, seed=331, lang="fr", option=[],
                              deals=None, target=None, seat=0, bot=None, speed="0", records=str(tmp_path))
    session = Session(Console(file=out, width=400), args)
    session._command("?", session.state.observation(0))
    text = out.getvalue().splitlines()[0]
    assert all(word in text for word in has), text
    assert not any(word in text for word in lacks), text


def test_tarot_help_in_english_at_four() -> None:
    from atout.games.tarot.rules import TarotRules
    from atout.present.table_help import tarot_help

    text = tarot_help(TarotRules(players=4, variant="seed"), "en")
    assert "call" not in text and "Pousse" in text and "capot" in text and "sans atouts" in text


def test_as_at_the_browser_table_too() -> None:
    """The web table reads typed text with the same reader (atout.web.socket_routes._typed): 'as' is the Ace it may play."""
    from types import SimpleNamespace

    from atout.web.socket_routes import _typed

    plain = [f"{r}{s}" for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")]
    mine = ["AD", *(f"T{n}" for n in range(1, 18))]  # the Ace of diamonds, not the Ace of spades
    rest = [c for c in [*plain, *(f"T{n}" for n in range(1, 22)), "EX"] if c not in mine]
    g = atout.new_game("tarot", players=4, deal={"hands": [mine, rest[:18], rest[18:36], rest[36:54]],
                                                 "talon": rest[54:60]}, dealer=3)
    g.apply("bid garde_sans")
    while g.phase != "play":
        g.apply("pass" if g.phase == "bidding" else "done")
    assert g.current_player == 0
    live = SimpleNamespace(state=g, game="tarot")
    for lang, word in (("fr", "as"), ("en", "ace")):
        assert _typed(live, SimpleNamespace(seat=0, lang=lang), word) == "play AD"  # type: ignore[arg-type]
