"""The conformance suite every game and variant passes (DESIGN.md, 'Tests that every game passes').

Random playouts from many seeds: legal actions only, termination, determinism, clone independence,
record round-trip, refusal of illegal actions with the state unchanged, and no card in an
observation that its seat may not know.
"""

from __future__ import annotations

import json
import random

import pytest

import atout
from atout.core.cardset import codes
from conftest import codes_in, configurations, random_playout

CONFIGS = list(configurations())
IDS = [f"{g}-{v}-{p}" for g, v, p in CONFIGS]
SEEDS = 60  # per configuration; each game's own tests run thousands more


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_random_playouts_are_legal_and_terminate(game: str, variant: str, players: int) -> None:
    for seed in range(SEEDS):
        state = atout.new_game(game, players=players, variant=variant, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, f"seed {seed}: no legal action for seat {state.current_player} in {state.phase}"
            assert legal == state.legal_actions(), "legal_actions must be deterministic"
            assert len(set(legal)) == len(legal), "legal actions must be distinct"
            state.apply(rng.choice(legal))
            steps += 1
            assert steps < 5000, "a deal must terminate"
        assert state.current_player is None and state.legal_actions() == []
        assert len(state.returns()) == players


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_observations_hide_what_the_seat_may_not_see(game: str, variant: str, players: int) -> None:
    for seed in range(SEEDS // 3):
        state = atout.new_game(game, players=players, variant=variant, seed=seed)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                obs = state.observation(seat)
                text = json.dumps(obs.to_json())
                allowed = set(codes(state.known_cards(seat)))
                leaked = codes_in(text) - allowed
                assert not leaked, f"seed {seed}, seat {seat}, phase {state.phase}: observation shows {leaked}"
                if seat != state.current_player:
                    assert obs.legal_actions == ()
                else:
                    assert list(obs.legal_actions) == state.legal_actions()
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_same_seed_same_game(game: str, variant: str, players: int) -> None:
    a = random_playout(atout.new_game(game, players=players, variant=variant, seed=42), 7)
    b = random_playout(atout.new_game(game, players=players, variant=variant, seed=42), 7)
    assert a.to_record() == b.to_record()


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_clone_is_independent(game: str, variant: str, players: int) -> None:
    for seed in range(10):
        state = atout.new_game(game, players=players, variant=variant, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 12)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        before = json.dumps(state.to_record())
        twin = state.clone()
        assert json.dumps(twin.to_record()) == before
        random_playout(twin, seed + 1)
        assert json.dumps(state.to_record()) == before, "playing the clone changed the original"


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_record_round_trip(game: str, variant: str, players: int) -> None:
    for seed in range(10):
        state = random_playout(atout.new_game(game, players=players, variant=variant, seed=seed), seed)
        record = atout.loads(atout.dumps(state.to_record()))
        again = atout.replay(record)
        assert again.returns() == state.returns()
        assert again.to_record() == state.to_record()


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_match_of_several_deals(game: str, variant: str, players: int) -> None:
    deals = -(-4 // players) * players  # 4 deals or more, whole rounds of the deal (tarot-1637.md D15 asks it)
    state = random_playout(atout.new_game(game, players=players, variant=variant, seed=3, deals=deals), 3)
    rows = state.sheet()
    assert len(rows) >= 4
    totals = [sum(col) for col in zip(*rows, strict=True)]
    assert totals == state.returns(), "the sheet's rows add up to the returns"
    replayed = atout.replay(state.to_record())
    assert replayed.returns() == state.returns()


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_illegal_actions_are_refused_and_change_nothing(game: str, variant: str, players: int) -> None:
    for seed in range(10):
        state = atout.new_game(game, players=players, variant=variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = {str(a) for a in state.legal_actions()}
            before = json.dumps(state.to_record())
            for bad in ("play ZZ", "fly away", "", "bid", "play T22", "accept", "stop", "play AS", "play KH"):
                if bad in legal:
                    continue
                with pytest.raises(atout.IllegalAction):
                    state.apply(bad)
                assert json.dumps(state.to_record()) == before
            state.apply(rng.choice(state.legal_actions()))
        with pytest.raises(atout.IllegalAction, match="over"):
            state.apply("pass")
