"""A deal everybody passed, at the tables: dealt again by the next player, not counted among the match's deals.

Seed 001, « Les enchères »: « Si tous les joueurs passent, la partie est annulée et le joueur suivant
distribue. » The engine counts such a deal among ``deals`` by default (simulations and the ladder, where a
board everybody passed is a 0–0 board); ``redeal_void=True`` (the browser's and the terminal's tables) deals
again without counting it, so that a person who asked for one deal plays one.
"""

from __future__ import annotations

import pytest

import atout
from atout.core.rollout import RolloutRng
from atout.games.tarot.rollout import api_trace, rollout_trace


def _all_pass(g: atout.GameState) -> None:
    for _ in range(g.players):
        g.apply("pass")


def test_by_default_a_void_deal_counts_and_ends_a_one_deal_match() -> None:
    g = atout.new_game("tarot", players=4, seed=3, dealer=0)
    _all_pass(g)
    assert g.is_terminal() and g.returns() == [0, 0, 0, 0]
    assert [e.data for e in g.events() if e.kind == "redeal"] == [{"reason": "all_passed", "last": True}]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_redeal_void_the_next_player_deals_and_the_deal_does_not_count(players: int) -> None:
    g = atout.new_game("tarot", players=players, seed=3, dealer=0, deals=1, redeal_void=True)
    _all_pass(g)
    _all_pass(g)  # twice: still nothing counted
    assert not g.is_terminal() and g.phase == "bidding"
    assert [d.dealer for d in g.log] == [0, 1, 2]  # « le joueur suivant distribue », each time
    assert [e.data for e in g.events() if e.kind == "redeal"] == [{"reason": "all_passed", "last": False, "again": True}] * 2
    from atout.present import Table, say  # said so: the void deal does not count (a newcomer read "Donne 2" as used up)

    said = say(next(e for e in g.events() if e.kind == "redeal"), "fr", Table("tarot", players, me=0)) or ""
    plain = said.replace("\u00a0", " ").replace("\u202f", " ")
    assert plain == ("Tout le monde passe : la donne est annulée et ne compte pas parmi les donnes de la partie ; "
                     "le joueur suivant redistribue.")
    g.apply("bid garde")
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    assert len(g.log) == 3 and g.to_record()["match"] == {"deals": 1, "redeal_void": True}
    again = atout.replay(g.to_record())  # the record says so, and replays the same match
    assert again.returns() == g.returns() and len(again.log) == 3


def test_redeal_void_is_true_or_false() -> None:
    with pytest.raises(ValueError, match="redeal_void must be true or false"):
        atout.new_game("tarot", players=4, seed=1, redeal_void="yes")


def test_the_compiled_rollout_plays_the_same_matches_as_the_api_when_void_deals_are_dealt_again() -> None:
    """From the bidding, random rollouts pass all round now and then: the kernel's shortcut (the match ends
    with its deal) must not be taken then; the same returns and choices as the public API's."""
    g = atout.new_game("tarot", players=4, seed=11, dealer=0, deals=1, redeal_void=True)
    for _ in range(3):
        g.apply("pass")  # the last seat's choice decides: its pass voids the deal
    voids = 0
    for k in range(60):
        got = rollout_trace(g, "random", RolloutRng(k))
        assert got == api_trace(g, "random", RolloutRng(k)), k
        copy = g.clone()
        for i in got[1]:
            copy.apply(copy.legal_actions()[i])
        voids += len(copy.log) > 1
    assert voids > 0  # some rollouts did pass all round and were dealt again


def test_both_tables_mark_the_void_deals_row_of_the_sheet() -> None:
    """The sheet keeps a row of zeros for a deal dealt again; a newcomer read it as a deal played. Both tables
    mark it: the web frame's ``sheet_void`` (the page writes "annulée" beside its number), the terminal's
    "Donne 1 (annulée) :"."""
    from atout.present.sheet import score_sheet, void_rows
    from atout.web.views import frame

    g = atout.new_game("tarot", players=4, seed=3, dealer=0, deals=1, redeal_void=True)
    _all_pass(g)
    g.apply("bid garde")
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    assert void_rows(g) == [0] and len(g.sheet()) == 2
    assert frame(g, 0, "fr", {})["sheet_void"] == [0]
    lines = score_sheet(["A", "B", "C", "D"], g.sheet(), g.returns(), "fr", 100, void=void_rows(g))
    assert "Donne 1 (annulée)" in lines[1] and "annulée" not in lines[2]
