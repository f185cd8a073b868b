"""Tarot at five (FFT rule 3, seed 001 « Le jeu à cinq »): the taker calls a King; its holder is his partner, and
nobody knows who until the King is played, except the holder, from its own hand. A newcomer who held it was
told nothing. Its own frame now shows its side (with the taker, "only you know"); every other frame shows none."""

from __future__ import annotations

import pytest

import atout
from atout.bots import make_bot
from atout.web import views


def _called_elsewhere() -> tuple[atout.GameState, int, int]:
    """A 5-player deal at its first card where a seat other than the taker holds the called King."""
    for seed in range(1, 60):
        g = atout.new_game("tarot", players=5, variant="fft", seed=seed)
        bots = [make_bot("tarot", "heuristic", seed=s) for s in range(5)]
        while g.phase != "play" and not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            g.apply(bots[seat].act(g.observation(seat)))
        if g.is_terminal():
            continue
        public = g.observation(0).public
        holders = [s for s in range(5) if any(c.code == public["called"] for c in g.observation(s).hand)]
        if holders and holders[0] != public["taker"]:
            return g, public["taker"], holders[0]
    raise AssertionError("no deal where another seat holds the called King")


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", "vous seul le savez, jusqu'à ce que le Roi appelé soit joué"),
    ("en", "only you know, until the called King is played")])
def test_the_called_kings_holder_sees_its_side_and_nobody_else_does(lang: str, words: str) -> None:
    g, taker, holder = _called_elsewhere()
    mine = views.frame(g, holder, lang, {})
    attack = mine["sides"][0]
    assert attack["seats"] == sorted([taker, holder]) and attack["you"]
    you = "vous" if lang == "fr" else "you"
    assert attack["name"].endswith(f"{you} ({words})"), attack["name"]  # the taker named first, then "you"
    badges = {s["seat"]: s["badges"] for s in mine["seats"]}
    assert "partner" in badges[taker] and not any("partner" in b or "called" in b for s, b in badges.items() if s != taker)
    for viewer in [s for s in range(5) if s != holder] + [None]:  # the taker, the defenders, a spectator
        other = views.frame(g, viewer, lang, {})
        assert other["sides"] is None, viewer
        assert not any("partner" in s["badges"] or "called" in s["badges"] for s in other["seats"]), viewer
