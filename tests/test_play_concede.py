"""La Triomphe's concession at the terminal is asked again (seed 002 §4: "donner le jeu"; accepted, the deal ends).

A newcomer's stray choice of the first button ended his match; the terminal now asks, as it does for the slam.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest
from rich.console import Console

import atout


def _at_concession() -> atout.GameState:
    """A two-player Triomphe deal at seat 0's choice to concede or not."""
    for seed in range(50):
        g = atout.new_game("triomphe", players=2, seed=seed)
        while not g.is_terminal() and g.current_player != 0:
            g.apply(g.legal_actions()[-1])
        if not g.is_terminal() and "concede" in [str(a) for a in g.legal_actions()]:
            return g
    raise AssertionError("no seed gives seat 0 the concession")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_concession_is_asked_again(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from atout.cli.play import Session

    args = argparse.Namespace(game="triomphe", players=2, variant=None, seed=5, lang=lang, option=[], deals=None,
                              target=None, seat=0, bot=None, speed="0", records=str(tmp_path))
    out = io.StringIO()
    session = Session(Console(file=out, width=200), args)
    g = _at_concession()
    session.state = g
    n = len(g.log[-1].actions)
    typed = iter(["concéder" if lang == "fr" else "concede", "n", "pas de concession" if lang == "fr" else "no concession"])
    monkeypatch.setattr(session.console, "input", lambda prompt="": (out.write(str(prompt)), next(typed))[1])
    session._human_turn()
    said = " ".join(out.getvalue().replace("\u00a0", " ").replace("\u202f", " ").split())
    question = "Vraiment : concéder ? Donner le jeu" if lang == "fr" else "Really: concede?"
    assert question in said and ("(o/n)" if lang == "fr" else "(y/n)") in said, said
    assert [a for _, a in g.log[-1].actions[n:]] == ["no_concession"]  # the "no" kept the concession back


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Annonces : vous n'avez rien (de plus) à annoncer, votre tour passe."),
    ("en", "Announcements: you have nothing (more) to announce; your turn passes."),
])
def test_nothing_to_announce_is_said_with_its_phase(lang: str, said: str, tmp_path: Path) -> None:
    """Seed 001 D7: each player in turn announces; a seat with nothing to announce passes on its own. The line that
    says so named no phase and came with no question before it, in brackets: it now says which turn passes."""
    from atout.cli.play import Session

    args = argparse.Namespace(game="tarot", players=4, variant="seed", seed=5, lang=lang, option=[], deals=None,
                              target=None, seat=0, bot=None, speed="0", records=str(tmp_path))
    out = io.StringIO()
    session = Session(Console(file=out, width=200), args)
    for seed in range(80):
        g = atout.new_game("tarot", players=4, variant="seed", seed=seed)
        while not g.is_terminal() and not (g.current_player == 0 and [str(a) for a in g.legal_actions()] == ["done"]):
            if g.observation(0).public.get("phase") == "play":
                break
            g.apply(g.legal_actions()[-1] if g.current_player else g.legal_actions()[0])
        if g.current_player == 0 and [str(a) for a in g.legal_actions()] == ["done"]:
            break
    else:
        raise AssertionError("no seed gives seat 0 an announcement turn with nothing to announce")
    session.state = g
    session._human_turn()
    text = " ".join(out.getvalue().replace("\u00a0", " ").replace("\u202f", " ").split())
    assert said in text, text
    assert g.current_player != 0 or g.observation(0).public.get("phase") != "annonces"  # the turn passed
