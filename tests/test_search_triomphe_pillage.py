"""La Triomphe à l'As qui pille: worlds when the pillager lays back a card he has just taken (seed 002 §9.3).

The pillager takes the turn-up (and the next cards) face up and puts as many cards under the stock, face
down; any card of his hand may go, one just taken included. The search's sampler once assumed every card
taken was still in his hand, and crashed on such a deal (a 2,000-board tournament, board 137). A taken
card not played is in his hand *or* under the stock, nowhere else.
"""

from __future__ import annotations

import random

import atout
from atout.bots.search import SAMPLERS, rebuild, sample_world
from atout.core.cards import Card


def deals_with_a_card_laid_back(count: int) -> list[atout.GameState]:
    """Fresh deals where the pillager, playing at random, laid back a card he had taken."""
    found: list[atout.GameState] = []
    for seed in range(4000):
        g = atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal() and g.phase == "pillage":
            g.apply(rng.choice(g.legal_actions()))
        if g.is_terminal() or not set(g.under) & set(g.pillaged):  # type: ignore[attr-defined]
            continue
        if g.current_player == g.pillager:  # type: ignore[attr-defined]
            g.apply(rng.choice(g.legal_actions()))  # the pillager leads: one card, then another seat decides
        found.append(g)
        if len(found) == count:
            break
    return found


def test_the_sampler_deals_a_taken_card_under_the_stock() -> None:
    games = deals_with_a_card_laid_back(5)
    assert len(games) == 5  # such deals exist: the situation the test is about
    rng = random.Random(1)
    for g in games:
        pillager = g.pillager  # type: ignore[attr-defined]
        played = {Card.parse(c).id for _, c in g.observation(0).public["trick"]}
        taken = set(g.pillaged) - played  # type: ignore[attr-defined]
        for seat in [g.current_player]:  # a world is rebuilt for the seat to move
            assert seat is not None and seat != pillager
            obs = g.observation(seat)
            accepted = 0
            for _ in range(20):
                proposal = SAMPLERS["triomphe"](obs, rng)
                assert proposal is not None
                deal, fills = proposal
                world = rebuild(obs, deal, fills, seed=1)
                if world is None:
                    continue
                accepted += 1
                hands = world.hands  # type: ignore[attr-defined]
                under = set(world.under)  # type: ignore[attr-defined]
                # A card taken face up is in the pillager's hand or laid under the stock, nowhere else.
                for c in taken:
                    assert hands[pillager] >> c & 1 or c in under, Card(c).code
                    assert not any(hands[s] >> c & 1 for s in range(4) if s != pillager)
                assert world.observation(seat).hand == obs.hand
            assert accepted >= 18, f"seat {seat}: only {accepted} of 20 worlds accepted by the rules"
            assert sample_world(obs, rng) is not None


def test_nobody_pillages_when_the_trump_ace_is_in_the_stock() -> None:
    """No pillager and no Ace turned: the trump Ace lies in the stock, so no world deals it to a hand."""
    rng = random.Random(2)
    checked = 0
    for seed in range(300):
        g = atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=seed)
        if g.pillager is not None or g.phase != "play":  # type: ignore[attr-defined]
            continue
        obs = g.observation(g.current_player)
        ace = g.trump * 14  # type: ignore[attr-defined]
        if Card(ace).code in obs.hand or Card(ace).code == obs.public["turnup"]:
            continue
        for _ in range(5):
            proposal = SAMPLERS["triomphe"](obs, rng)
            assert proposal is not None
            assert all(Card(ace).code not in hand for hand in proposal[0]["hands"])
        checked += 1
    assert checked >= 10


def test_each_for_himself_tables_keep_the_heuristic_unless_clearly_beaten() -> None:
    """``search`` at La Triomphe: plain PIMC with partners, the cautious rule alone (§9 tables)."""
    from atout.bots import make_bot
    from atout.bots.search import SearchBot
    from atout.bots.search.triomphe import TriompheSearch

    assert isinstance(make_bot("triomphe", "search", seed=1), TriompheSearch)
    g = atout.new_game("triomphe", players=4, seed=11)  # partnerships: the same decisions as plain PIMC
    rng = random.Random(3)
    for _ in range(12):
        if g.is_terminal():
            break
        obs = g.observation(g.current_player)
        assert TriompheSearch(5, "triomphe").act(obs) == SearchBot(5, "triomphe").act(obs)
        g.apply(rng.choice(g.legal_actions()))
    g = atout.new_game("triomphe", players=4, variant="chacun_pour_soi", seed=11)
    bot = TriompheSearch(5, "triomphe")
    TriompheSearch.MARGIN = 1e9  # no move can be clear by that much: the heuristic's move is kept
    try:
        for _ in range(12):
            if g.is_terminal():
                break
            obs = g.observation(g.current_player)
            assert bot.act(obs) == make_bot("triomphe", "heuristic", seed=5).act(obs)
            g.apply(rng.choice(g.legal_actions()))
    finally:
        TriompheSearch.MARGIN = 1.5
