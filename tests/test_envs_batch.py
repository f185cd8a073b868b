"""The batch engine (atout.envs.batch): Tarot's kernel tables agree with the engine, move for move.

Each kernel table is shadowed by a :class:`TarotState` built from the same deal and dealer and fed the same
action texts: at every step the batch's mask and seat must be the engine's, a finished deal's rewards the
engine's returns, and the compact view must show only cards the seat may know.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from atout.core.cards import CARDS
from atout.core.protocol import GameState, new_game
from atout.envs import _tarot_batch as TB
from atout.envs.batch import BatchEnv

pytestmark = pytest.mark.xdist_group("envs_batch")  # one worker compiles the kernel once


def _shadow(env: BatchEnv, i: int) -> GameState:
    d = env.deal(i)
    return new_game("tarot", players=env.players, variant=env.variant, deal=d["deal"], dealer=d["dealer"])


def _play(env: BatchEnv, steps: int, seed: int, check_obs: bool = False) -> tuple[int, int]:
    """Random legal moves on every table, each checked against its shadow engine state; (deals, petits secs)."""
    rng = np.random.default_rng(seed)
    obs, mask = env.reset()
    shadows = [_shadow(env, i) for i in range(env.n)]
    deals = petits = 0
    for _ in range(steps):
        for i, state in enumerate(shadows):
            assert env.seat[i] == state.current_player
            assert np.array_equal(mask[i], env.spec.legal_mask(state)), (i, state.phase)
            if check_obs:
                assert np.array_equal(obs[i], env.spec.observation(state, int(env.seat[i])))
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, mask, rewards, done = env.step(actions)
        redealt = env.redealt()
        for i, state in enumerate(shadows):
            text = env.spec.action_text(int(actions[i]))
            state.apply(text)
            if done[i]:
                deals += 1
                assert state.current_player is None
                assert [Fraction(r).limit_denominator(4) for r in rewards[i]] == state.returns()
                assert sum(rewards[i]) == 0  # Tarot is zero-sum (seed 001 §11)
            else:
                assert not rewards[i].any()
            if redealt[i]:
                if not done[i]:  # the seed variant's petit sec, claimed: dealt again by the same dealer (D15)
                    assert text == "petit_sec"
                    petits += 1
                shadows[i] = _shadow(env, i)
    return deals, petits


@pytest.mark.parametrize(("players", "variant"), [(3, "seed"), (4, "seed"), (5, "seed"), (3, "fft"), (4, "fft"),
                                                  (5, "fft")])
def test_kernel_tables_follow_the_engine(players: int, variant: str) -> None:
    env = BatchEnv("tarot", 12, players=players, variant=variant, seed=players, obs="none")
    deals, _ = _play(env, 400, seed=7)
    assert deals >= 12  # every table went through at least one whole deal and the next


def test_full_observation_is_the_specs() -> None:
    env = BatchEnv("tarot", 4, players=4, variant="fft", seed=3, obs="full")
    deals, _ = _play(env, 150, seed=1, check_obs=True)
    assert deals >= 1


def test_petit_sec_claimed_deals_again() -> None:
    """Seed variant: a claimed petit sec annuls the deal (no reward, not done) and the table is dealt again."""
    env = BatchEnv("tarot", 64, players=5, variant="seed", seed=11, obs="none")
    total = 0
    for s in range(4):
        total += _play(env, 120, seed=s)[1]
    assert total >= 1


def test_seeded_runs_repeat_and_differ() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = BatchEnv("tarot", 8, players=4, seed=seed, obs="compact")
        obs, mask = env.reset()
        out = [obs, mask]
        for _ in range(200):
            obs, mask, rewards, done = env.step(env.random_actions())
            out += [obs, mask, rewards, done]
        return out

    a, b, c = run(5), run(5), run(6)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_an_illegal_action_changes_no_table() -> None:
    env = BatchEnv("tarot", 3, players=4, seed=2, obs="compact")
    _obs, mask = env.reset()
    bad = mask.copy()
    bad[1] = ~bad[1]
    actions = mask.argmax(axis=1)
    actions[1] = bad[1].argmax()
    with pytest.raises(ValueError, match="table 1: action"):
        env.step(actions)
    with pytest.raises(ValueError, match="one integer action per table"):
        env.step([0, 1])
    _obs2, _mask2, _rewards, done = env.step(mask.argmax(axis=1))  # the tables were untouched: the mask still holds
    assert not done.any()


def test_compact_view_shows_only_what_the_seat_knows() -> None:
    env = BatchEnv("tarot", 16, players=4, variant="fft", seed=4, obs="compact", track=True)
    rng = np.random.default_rng(0)
    obs, mask = env.reset()
    for _ in range(300):
        for i in range(env.n):
            state, seat = env.state(i), int(env.seat[i])
            cards = obs[i, :78]
            hand = {c.id for c in state.observation(seat).hand}
            assert {c for c in range(78) if cards[c] == TB.C_MINE} == hand
            known = state.known_cards(seat)
            shown = [c for c in range(78) if cards[c] != TB.C_UNKNOWN]
            assert all(known >> CARDS[c].id & 1 for c in shown), (i, state.phase)
        obs, mask, _rewards, _done = env.step((rng.random(mask.shape) * mask).argmax(axis=1))


def test_random_actions_are_legal() -> None:
    env = BatchEnv("tarot", 32, players=3, seed=9, obs="none")
    _obs, mask = env.reset()
    for _ in range(300):
        a = env.random_actions()
        assert mask[np.arange(env.n), a].all()
        _obs, mask, _rewards, _done = env.step(a)


@pytest.mark.parametrize(("game", "players", "variant"), [("triomphe", 4, "classic"), ("tarot1637", 3, "printed"),
                                                           ("mistigri", 3, "boussac"), ("prime", 4, "societe"),
                                                           ("tarot", 4, "seed")])
def test_generic_path_plays_whole_deals(game: str, players: int, variant: str) -> None:
    options = {"italian": True} if game == "tarot" else {}  # an option the kernel does not take: the engine path
    env = BatchEnv(game, 3, players=players, variant=variant, seed=1, obs="full", **options)
    assert not env.kernel
    obs, mask = env.reset()
    assert obs.shape == (3, *env.spec.observation_shape)
    deals = 0
    for _ in range(400):
        before = [s.clone() for s in env._states]
        actions = env.random_actions()
        obs, mask, rewards, done = env.step(actions)
        for i in np.flatnonzero(done):
            before[i].apply(env.spec.engine_action(before[i], int(actions[i])))
            assert [float(r) for r in before[i].returns()] == list(rewards[i])
            deals += 1
        for i, state in enumerate(env._states):
            assert np.array_equal(mask[i], env.spec.legal_mask(state))
    assert deals >= 1


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="positive number of tables"):
        BatchEnv("tarot", 0)
    with pytest.raises(ValueError, match="obs must be one of"):
        BatchEnv("tarot", 2, obs="pixels")
    with pytest.raises(ValueError, match="compact"):
        BatchEnv("triomphe", 2, obs="compact")
    with pytest.raises(ValueError, match="reset"):
        BatchEnv("tarot", 2).step([0, 0])


@pytest.mark.parametrize("game", ["tarot", "triomphe"])  # the kernel path and the generic one
def test_redealt_before_the_first_step_is_all_false(game: str) -> None:
    # A researcher asked redealt() right after reset(): an AttributeError. No table has started a new deal by a
    # step yet, so every entry is False, before reset() too.
    env = BatchEnv(game, 3, track=True)
    assert env.redealt().tolist() == [False] * 3
    env.reset()
    assert env.redealt().tolist() == [False] * 3
