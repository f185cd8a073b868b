"""The tables' easy level, ``beginner``: cards at random, every other decision as the game's heuristic.

A random bot at the easy level announced the slam (capot) in most Tarot deals and took Garde contre on nothing,
which swung a person's score by hundreds; the beginner bids, discards and announces as the heuristic does.
"""

from __future__ import annotations

import pytest

import atout
from atout.bots import make_bot
from atout.bots.search import LEVELS
from atout.core.protocol import GameState


def _announced_slams(bot: str, deals: int) -> int:
    """How many seats announced a slam (capot or chelem) over ``deals`` seeded 4-player Tarot deals of ``bot``s."""
    slams = 0
    for d in range(deals):
        g = atout.new_game("tarot", players=4, variant="fft", seed=700 + d)
        bots = [make_bot("tarot", bot, seed=31 * d + s) for s in range(4)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            action = bots[seat].act(g.observation(seat))
            slams += action.kind == "announce" and action.args[0] in ("capot", "chelem")
            g.apply(action)
    return slams


def test_the_easy_level_is_the_beginner() -> None:
    assert LEVELS["easy"] == "beginner"


def test_a_beginner_does_not_announce_slams_as_a_random_bot_does() -> None:
    """40 deals: random seats announce a slam in about every other deal (19), beginners only with the heuristic's
    slam hands (FFT rule 5 / seed 001: a slam announced and missed costs 200 a defender)."""
    assert _announced_slams("random", 40) >= 10
    assert _announced_slams("beginner", 40) <= 2


def _walk(game: str, players: int, seed: int) -> GameState:
    return atout.new_game(game, players=players, seed=seed)


@pytest.mark.parametrize(("game", "players"), [("tarot", 4), ("tarot", 5), ("triomphe", 4), ("mistigri", 4),
                                               ("tarot1637", 3), ("prime", 4)])
def test_a_beginner_plays_cards_at_random_and_decides_the_rest_as_the_heuristic(game: str, players: int) -> None:
    """At a card to play, the beginner's choice is its own generator's (random.choice over the legal cards);
    at any other decision it is the heuristic's answer to the same observation. La Prime, whose decisions are
    all bets, is random throughout."""
    import random

    cards = others = 0
    for d in range(4):
        g = _walk(game, players, 40 + d)
        beginner = make_bot(game, "beginner", seed=5 + d)
        shadow = random.Random(5 + d)  # the beginner's generator, drawn exactly when the beginner draws
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            action = beginner.act(obs)
            assert action in obs.legal_actions
            if game == "prime" or any(a.kind == "play" for a in obs.legal_actions):
                assert action == shadow.choice(obs.legal_actions)
                cards += 1
            else:
                assert action == make_bot(game, "heuristic", seed=5 + d).act(obs), (obs.phase, action)
                others += 1
            g.apply(action)
    assert cards > 0 and (others > 0 or game == "prime")
