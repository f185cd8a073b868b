"""The search bot (issue 11): worlds consistent with the observation, no peeking, determinism, legality."""

from __future__ import annotations

import json
import random

import pytest

import atout
from atout.bots import make_bot
from atout.bots.search import SAMPLERS, rebuild, sample_world
from atout.bots.search.tarot import voids as tarot_voids
from atout.bots.search.triomphe import strength_of
from atout.bots.search.triomphe import voids as triomphe_voids
from atout.core.cards import Card
from atout.core.cardset import mask
from atout.games.tarot.rules import ABOVE, SUIT_MASKS, TRUMPS

CASES = [("tarot", 3, "seed"), ("tarot", 4, "fft"), ("tarot", 5, "seed"), ("tarot", 5, "fft"),
         ("triomphe", 2, "classic"), ("triomphe", 4, "classic"), ("triomphe", 5, "as_qui_pille")]


def _decision_points(game: str, players: int, variant: str, seed: int, every: int = 7) -> list[atout.GameState]:
    """Copies of a heuristic-played deal at some decisions with a real choice."""
    state = atout.new_game(game, players=players, variant=variant, seed=seed)
    bots = [make_bot(game, "heuristic", seed=s) for s in range(players)]
    found = []
    step = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        if len(obs.legal_actions) > 1 and step % every == 0:
            found.append(state.clone())
        step += 1
        state.apply(bots[seat].act(obs))
    return found


def _view(state: atout.GameState, seat: int) -> str:
    return json.dumps(state.observation(seat).to_json(), sort_keys=True)


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_sampled_worlds_look_the_same_to_the_seat(game: str, players: int, variant: str) -> None:
    # Each world is a real game state (rebuilt by replaying the deal through apply) in which the seat
    # sees exactly what it sees in the true state, while the hidden cards are dealt afresh.
    rng = random.Random(1)
    differing = 0
    for seed in range(4):
        for state in _decision_points(game, players, variant, seed):
            seat = state.current_player
            assert seat is not None
            world = sample_world(state.observation(seat), rng)
            assert world is not None, f"no world for {game} seed {seed} in {state.phase}"
            assert _view(world, seat) == _view(state, seat)
            hidden = [s for s in range(players) if s != seat]
            differing += any(world.observation(s).hand != state.observation(s).hand for s in hidden)
    assert differing > 0, "the worlds must deal the hidden cards afresh"


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_the_search_bot_does_not_peek(game: str, players: int, variant: str) -> None:
    # The same observation over two states whose hidden cards differ gives the same decision.
    rng = random.Random(2)
    compared = 0
    for state in _decision_points(game, players, variant, seed=11, every=9)[:4]:
        seat = state.current_player
        assert seat is not None
        twin = sample_world(state.observation(seat), rng)
        assert twin is not None
        assert _view(twin, seat) == _view(state, seat)
        a = make_bot(game, "search", seed=5).act(state.observation(seat))
        b = make_bot(game, "search", seed=5).act(twin.observation(seat))
        assert a == b and a in state.legal_actions()
        compared += 1
    assert compared > 0


def test_search_is_deterministic_for_a_seed() -> None:
    def play(seed: int) -> list[str]:
        g = atout.new_game("triomphe", players=4, seed=8)
        bots = [make_bot("triomphe", "search", seed=seed + s) for s in range(4)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            g.apply(bots[seat].act(g.observation(seat)))
        return [a for _, a in g.log[0].actions]

    assert play(1) == play(1)


def test_a_world_the_rules_refuse_is_rejected() -> None:
    g = atout.new_game("triomphe", players=2, seed=3)
    obs = g.observation(g.current_player)  # type: ignore[arg-type]
    deal, fills = SAMPLERS["triomphe"](obs, random.Random(0)) or ({}, {})
    deal["hands"][0], deal["hands"][1] = deal["hands"][1], deal["hands"][0]  # not the seat's hand any more
    assert rebuild(obs, deal, fills, 1) is None
    deal["hands"][0], deal["hands"][1] = deal["hands"][1], deal["hands"][0]
    assert rebuild(obs, deal, fills, 1) is not None


def test_every_game_has_a_search_bot() -> None:
    for info in atout.list_games():
        state = atout.new_game(info.name, seed=4)
        seat = state.current_player
        assert seat is not None
        action = make_bot(info.name, "search", seed=1).act(state.observation(seat))
        assert action in state.legal_actions()


def _ids(text: str) -> list[int]:
    return [Card.parse(c).id for c in text.split()]


def test_tarot_voids_from_play() -> None:
    # Seed 001 §9.1: follow the suit led; void, trump; trumping, overtrump when able.
    # Seat 0 leads the 5 of hearts; seat 1 follows; seat 2 trumps with the 10; seat 3 plays the 4 of trumps.
    out = tarot_voids([(0, _ids("5H 7H T10 T4"))], 4)
    assert out[0] == 0 and out[1] == 0
    assert out[2] == SUIT_MASKS[1]  # did not follow: no heart
    assert out[3] == SUIT_MASKS[1] | ABOVE[Card.parse("T10").id]  # trumped under the 10: nothing above it
    # A discard (neither heart nor trump) shows no trump either; the Excuse shows nothing.
    out = tarot_voids([(1, _ids("EX 2S 3C 4S"))], 4)
    assert out[1] == 0 and out[2] == 0 and out[0] == 0
    assert out[3] == SUIT_MASKS[0] | TRUMPS


def test_triomphe_voids_from_play() -> None:
    # Seed 002: "obligés de fournir … de monter … ou de couper". Trump hearts, base order K Q J A 10 9 8 7.
    strength = strength_of(["K", "Q", "J", "A", "10", "9", "8", "7"])
    out = triomphe_voids([(0, _ids("QS 7S 8D 9H"))], 4, trump=1, strength=strength)
    assert out[1] == mask(_ids("KS"))  # followed under the Queen: no King of spades
    assert out[2] == (0x3FFF << 0) | (0x3FFF << 14)  # neither followed nor trumped
    assert out[3] == 0x3FFF << 0  # void in spades, trumped: no constraint on trumps
