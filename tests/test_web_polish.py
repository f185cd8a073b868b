"""The card room's leftovers (issue 18, polish): the defence's badge in Tarot, refusals in the table's language."""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.web.views import frame


def _to_play(players: int, seed: int) -> Any:
    """A Tarot deal at ``players`` after its bidding (first bid taken, the écart made): the card play, or None."""
    g = atout.new_game("tarot", players=players, seed=seed)
    while not g.is_terminal() and g.phase != "play" and g.deal_index == 0:
        legal = [str(a) for a in g.legal_actions()]
        bid = next((a for a in legal if a.startswith("bid ")), None)
        g.apply(bid if bid is not None else legal[1] if legal[0] == "petit_sec" else legal[0])
    return g if g.phase == "play" else None


@pytest.mark.parametrize("players", [3, 4])
def test_the_co_defenders_at_three_and_four_are_the_defence_never_partners(players: int) -> None:
    """Tarot at 3 and 4 calls no partner: "partenaire" reads as a called partner, so the co-defenders carry a
    "défense"/"defence" badge, and nobody is anyone's partner."""
    g = next(g for seed in range(20) if (g := _to_play(players, seed)) is not None)
    taker = g.observation(0).public["taker"]
    defender = next(s for s in range(players) if s != taker)
    for lang, word in (("fr", "défense"), ("en", "defence")):
        f = frame(g, defender, lang, {})
        others = [s for s in range(players) if s not in (taker, defender)]  # the co-defenders: 1 at three, 2 at four
        assert len(others) == players - 2
        for s in others:
            assert f["seats"][s]["badges"][-1] == "defence" and f["seats"][s]["badge_words"]["defence"] == word
        assert all("partner" not in s["badges"] for s in f["seats"])
        assert "defence" not in f["seats"][taker]["badges"]
    # the taker at three or four plays alone: no partner nor defence badge beside his own
    assert all(not {"partner", "defence"} & set(s["badges"]) for s in frame(g, taker, "fr", {})["seats"])


def test_tarot_at_five_keeps_the_called_partner() -> None:
    """At five, once the called King is played, the taker and his partner see each other as partners."""
    for seed in range(60):
        g = _to_play(5, seed)
        while g is not None and not g.is_terminal() and g.deal_index == 0:
            pub = g.observation(0).public
            if isinstance(pub.get("partner"), int) and pub["partner"] != pub["taker"]:
                taker, partner = pub["taker"], pub["partner"]
                assert frame(g, taker, "fr", {})["seats"][partner]["badges"][-1] == "partner"
                assert "called" in frame(g, taker, "fr", {})["seats"][partner]["badges"]
                assert "partner" in frame(g, partner, "fr", {})["seats"][taker]["badges"]
                defender = next(s for s in range(5) if s not in (taker, partner))
                co = next(s for s in range(5) if s not in (taker, partner, defender))
                assert frame(g, defender, "en", {})["seats"][co]["badges"][-1] == "defence"
                return
            g.apply(str(g.legal_actions()[0]))
    raise AssertionError("no deal with a called partner known")
