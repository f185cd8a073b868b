"""Outside opponents (issue 11): magmacrunch-tarot's players and OpenSpiel's IS-MCTS through atout's protocol.

Each test skips, with the reason, when its package (the optional ``peers`` extra) is missing. The bots
must return one of ``obs.legal_actions`` over many seeded deals, decide the same for a seed, decide
from the observation alone (a state whose hidden cards differ but which looks the same to the seat
gives the same decision), and play in a duplicate tournament.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.bots.base import bot_names
from atout.bots.outside import MISSING
from atout.bots.search import sample_world
from atout.core.cards import CARDS
from atout.sim.tournament import TournamentSpec, run_tournament

needs_magmacrunch = pytest.mark.skipif("magmacrunch" in MISSING,
                                       reason=f"{MISSING.get('magmacrunch')} (pip install 'atout[peers]')")
needs_openspiel = pytest.mark.skipif("ismcts" in MISSING, reason=f"{MISSING.get('ismcts')} (pip install 'atout[peers]')")


def _play(game: str, players: int, variant: str | None, seed: int, bots: list[Any]) -> tuple[atout.GameState, int]:
    """Play one deal, checking that every decision is one of the seat's legal actions."""
    g = atout.new_game(game, players=players, variant=variant, seed=seed)
    decisions = 0
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        action = bots[seat].act(obs)
        assert action in obs.legal_actions, f"seed {seed}: {action} not legal in {obs.phase}"
        g.apply(action)
        decisions += 1
    return g, decisions


def _view(state: atout.GameState, seat: int) -> str:
    return json.dumps(state.observation(seat).to_json(), sort_keys=True)


# --- magmacrunch ---------------------------------------------------------------------------------------

@needs_magmacrunch
def test_magmacrunch_is_registered_for_four_player_tarot_only() -> None:
    assert "magmacrunch" in bot_names("tarot")
    assert "magmacrunch" not in bot_names("triomphe")
    g = atout.new_game("tarot", players=5, seed=1)
    with pytest.raises(ValueError, match="four-player tarot only"):
        make_bot("tarot", "magmacrunch", seed=1).act(g.observation(g.current_player))  # type: ignore[arg-type]


@needs_magmacrunch
def test_magmacrunch_cards_map_one_to_one() -> None:
    # Their ids: "hearts-R" (king), "clubs-C" (cavalier, atout's knight N), "trump-21", "excuse".
    from atout.bots.outside.magmacrunch import ours, theirs

    assert [ours(c.id).code for c in theirs(list(CARDS))] == [c.code for c in CARDS]
    assert [c.id for c in theirs([CARDS[13], CARDS[14 + 11], CARDS[56], CARDS[77]])] == [
        "spades-R", "hearts-C", "trump-1", "excuse"]


@needs_magmacrunch
@pytest.mark.parametrize("variant", ["fft", "seed"])
@pytest.mark.parametrize("opponent", ["magmacrunch", "heuristic", "random"])
def test_magmacrunch_always_plays_a_legal_action(variant: str, opponent: str) -> None:
    # 150 seeded deals per table (900 in all): every phase (bids, écart card by card, poignée card by
    # card, the play) is answered with a legal action; heuristic and random opponents make other deals.
    played = 0
    for seed in range(150):
        bots = [make_bot("tarot", "magmacrunch" if s % 2 == 0 else opponent, seed=seed * 4 + s) for s in range(4)]
        g, _ = _play("tarot", 4, variant, seed, bots)
        assert sum(g.returns()) == 0  # zero-sum, as every tarot deal
        played += g.log[0].note == ""  # a deal played out (not all passed, not a petit sec)
    assert played > 50


@needs_magmacrunch
def test_magmacrunch_bids_take_and_discard() -> None:
    # Over many deals it takes (in both variants' vocabularies), lays an écart aside and shows poignées.
    from atout.bots.outside.magmacrunch import fallback_rates

    for variant in ("fft", "seed"):
        r = fallback_rates(120, seed=5, variant=variant, opponent="magmacrunch")
        assert r["phase_ecart"] >= 30 and r["poignee_cards"] >= 10 and r["phase_play"] > 1000, r
        # Their play rules are the FFT's (follow, trump, overtrump; the Excuse any time), as atout's: a
        # faithful mapping of the hand and the trick never needs the fallback.
        assert "fallback_play" not in r and "fallback_discard" not in r, r


@needs_magmacrunch
def test_magmacrunch_maps_prise_to_each_variants_word() -> None:
    # Their PRISE is seed 001's "prise" and the FFT's "petite"; their bid is drawn from the bot's seed.
    from atout.bots.outside import magmacrunch as m

    for variant, word in (("seed", "bid prise"), ("fft", "bid petite")):
        seen = set()
        for seed in range(200):
            g = atout.new_game("tarot", players=4, variant=variant, seed=seed)
            seat = g.current_player
            assert seat is not None
            seen.add(str(m.MagmacrunchBot(seed=seed).act(g.observation(seat))))
        assert word in seen, (variant, seen)
        assert seen <= {str(a) for a in atout.new_game("tarot", players=4, variant=variant).legal_actions()}


@needs_magmacrunch
def test_magmacrunch_falls_back_when_its_card_is_not_legal() -> None:
    # A table whose rules refuse their card: the bot answers with their choice among the legal cards,
    # and counts the fallback.
    from atout.bots.outside.magmacrunch import MagmacrunchBot

    for seed in range(7, 40):  # the first deal that reaches the play (some are passed out)
        g = atout.new_game("tarot", players=4, seed=seed)
        bots = [make_bot("tarot", "heuristic", seed=s) for s in range(4)]
        while g.phase != "play" and not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            g.apply(bots[seat].act(g.observation(seat)))
        if g.phase == "play":
            break
    seat = g.current_player
    assert seat is not None
    obs = g.observation(seat)
    plays = [a for a in obs.legal_actions if a.kind == "play"]
    bot = MagmacrunchBot(seed=1)
    theirs = bot.act(obs)
    narrowed = dataclasses.replace(obs, legal_actions=tuple(a for a in obs.legal_actions if a != theirs))
    other = bot.act(narrowed)
    assert other in narrowed.legal_actions and other != theirs and len(plays) > 1
    assert bot.stats["fallback_play"] == 1


@needs_magmacrunch
def test_magmacrunch_is_deterministic_for_a_seed() -> None:
    def actions(seed: int) -> list[str]:
        bots = [make_bot("tarot", "magmacrunch", seed=seed + s) for s in range(4)]
        out = []
        for deal in range(12):
            g, _ = _play("tarot", 4, "fft", deal, bots)
            out += [a for _, a in g.log[0].actions]
        return out

    assert actions(3) == actions(3)
    assert actions(3) != actions(40)  # their bids draw from the seed (7 times in 10 the suggested bid)


@needs_magmacrunch
def test_magmacrunch_does_not_peek() -> None:
    # The same observation over two states whose hidden cards differ gives the same decision.
    rng = random.Random(3)
    compared = 0
    for seed in range(30):
        g = atout.new_game("tarot", players=4, variant="fft", seed=seed)
        bots = [make_bot("tarot", "heuristic", seed=s) for s in range(4)]
        step = 0
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            if step % 11 == 0 and len(obs.legal_actions) > 1:
                twin = sample_world(obs, rng)
                if twin is not None:
                    assert _view(twin, seat) == _view(g, seat)
                    a = make_bot("tarot", "magmacrunch", seed=9).act(obs)
                    b = make_bot("tarot", "magmacrunch", seed=9).act(twin.observation(seat))
                    assert a == b
                    compared += 1
            step += 1
            g.apply(bots[seat].act(obs))
    assert compared > 50


@needs_magmacrunch
def test_a_small_tournament_with_magmacrunch_runs() -> None:
    report = run_tournament(TournamentSpec("tarot", ("heuristic", "magmacrunch"), deals=6, seed=4, players=4))
    assert len(report.boards) == 6
    assert sum(report.totals()) == 0


# --- ismcts (OpenSpiel) ----------------------------------------------------------------------------------

@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search per decision, to keep the tests fast (the real budget decides within ~1 s)."""
    from atout.bots.outside import ismcts

    monkeypatch.setitem(ismcts.BUDGETS, "triomphe", ismcts.IsmctsBudget(simulations=24))
    monkeypatch.setitem(ismcts.BUDGETS, "tarot", ismcts.IsmctsBudget(simulations=6))


@needs_openspiel
def test_atout_games_are_openspiel_games() -> None:
    # Registered with pyspiel and played through OpenSpiel's own interface: zero-sum centred returns.
    import pyspiel

    from atout.bots.outside import ismcts  # noqa: F401  (registers the games)

    for name, players in (("python_atout_triomphe", 2), ("python_atout_tarot", 4)):
        game = pyspiel.load_game(name, {"players": players, "seed": 3})
        assert game.num_players() == players
        rng = random.Random(1)
        for _ in range(5):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            assert abs(sum(state.returns())) < 1e-9


@needs_openspiel
def test_resampled_worlds_share_the_information_state() -> None:
    from atout.bots.outside.ismcts import _GAMES

    game = _GAMES["triomphe"]({"players": 2, "seed": 8})
    state = game.new_initial_state()
    rng = random.Random(4)  # four random moves that do not end the deal (actions are atout.envs.spec's indices)
    for _ in range(4):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    worlds = [state.resample_from_infostate(seat, None) for _ in range(6)]
    assert all(w.information_state_string(seat) == state.information_state_string(seat) for w in worlds)
    other = 1 - seat  # the other seat's cards are dealt afresh
    assert len({w.information_state_string(other) for w in worlds}) > 1


@needs_openspiel
@pytest.mark.usefixtures("small_budget")
def test_ismcts_plays_legal_actions_deterministically() -> None:
    def play(seed: int) -> list[str]:
        bots = [make_bot("triomphe", "ismcts", seed=seed), make_bot("triomphe", "heuristic", seed=1)]
        out = []
        for deal in range(8):
            g, _ = _play("triomphe", 2, None, 100 + deal, bots)
            out += [a for _, a in g.log[0].actions]
        return out

    assert play(5) == play(5)


@needs_openspiel
@pytest.mark.usefixtures("small_budget")
def test_ismcts_plays_tarot() -> None:
    bots = [make_bot("tarot", "ismcts" if s == 0 else "heuristic", seed=s) for s in range(4)]
    g, n = _play("tarot", 4, "fft", 2, bots)
    assert n > 4 and sum(g.returns()) == 0


@needs_openspiel
@pytest.mark.usefixtures("small_budget")
def test_ismcts_does_not_peek() -> None:
    rng = random.Random(4)
    compared = 0
    for seed in range(6):
        g = atout.new_game("triomphe", players=2, seed=seed)
        bots = [make_bot("triomphe", "heuristic", seed=s) for s in range(2)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            if len(obs.legal_actions) > 1 and obs.phase == "play":
                twin = sample_world(obs, rng)
                assert twin is not None and _view(twin, seat) == _view(g, seat)
                a = make_bot("triomphe", "ismcts", seed=2).act(obs)
                assert a == make_bot("triomphe", "ismcts", seed=2).act(twin.observation(seat))
                compared += 1
            g.apply(bots[seat].act(obs))
    assert compared >= 4


@needs_openspiel
@pytest.mark.usefixtures("small_budget")
def test_a_small_tournament_with_ismcts_runs() -> None:
    report = run_tournament(TournamentSpec("triomphe", ("heuristic", "ismcts"), deals=3, seed=2, players=2))
    assert len(report.boards) == 3


@needs_openspiel
def test_ismcts_refuses_other_games() -> None:
    from atout.bots.outside.ismcts import IsmctsBot

    with pytest.raises(ValueError, match="plays triomphe, tarot"):
        IsmctsBot(seed=1, game="prime")
    assert "ismcts" not in bot_names("prime")
