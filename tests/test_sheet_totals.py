"""The score sheet's total row is the sum of its rows, on both tables (a newcomer's report: Mistigri's terminal
wrote "Score sheet (1): … Player 3: −12" under one coup where Player 3 lost 6, the 6 he had just staked as the
next dealer counted in). Rules: seed 003 (restated in rules/mistigri.md §3 and §10): "le donneur doit avoir mis
six jetons au jeu"; the deal passes to the right and the new dealer stakes 6 before anything is played."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from rich.console import Console

import atout
from atout.bots import make_bot
from atout.present.sheet import sheet_totals
from atout.web.views import frame


def _after_first_coup(seed: int) -> atout.GameState:
    """Mistigri at 4 (two tours), heuristic bots, right after its first coup: the second dealt, its stake in the pool."""
    g = atout.new_game("mistigri", players=4, seed=seed, deals=None)  # complete tours, as the tables play
    bots = [make_bot("mistigri", "heuristic", seed=seed * 10 + s) for s in range(4)]
    while len(g.log) < 2:
        p = g.current_player
        assert p is not None
        g.apply(bots[p].act(g.observation(p)))
    return g


def test_the_total_row_is_the_rows_sum_not_the_stake_in_the_pool(tmp_path: Path) -> None:
    g = _after_first_coup(4)
    (row,) = g.sheet()
    dealer = g.dealer
    assert g.returns()[dealer] == row[dealer] - 6  # the new dealer's 6 are in the pool: not a score yet
    assert sheet_totals(g) == row
    assert frame(g, 0, "en", {})["sheet_totals"] == list(row)
    from atout.cli.play import Session

    args = argparse.Namespace(game="mistigri", players=4, variant=None, seed=4, lang="en", option=[], deals=None,
                              target=None, seat=0, bot=None, speed="0", records=str(tmp_path))
    out = io.StringIO()
    session = Session(Console(file=out, width=200), args)
    session.state = g
    session._sheet()
    said = out.getvalue().replace("\u2212", "-").replace("\u00a0", " ")
    name = session.table.seat_name(dealer, "en")
    assert f"{name}: {row[dealer]:+d}".replace("+0", "0") in said, said


def test_at_the_end_the_total_row_is_the_match_result() -> None:
    """Over whole matches of every game, the rows' sums are what the match returns (nothing left in a pool)."""
    for info in atout.list_games():
        n = info.default_players
        g = atout.new_game(info.name, players=n, seed=3)
        bots = [make_bot(info.name, "random", seed=30 + s) for s in range(n)]
        while not g.is_terminal():
            p = g.current_player
            assert p is not None
            g.apply(bots[p].act(g.observation(p)))
        assert sheet_totals(g) == list(g.returns()), info.name
