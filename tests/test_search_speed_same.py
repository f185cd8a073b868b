"""Tarot search: the speed work (issue 11) changes no decision. Golden data from the code before it.

``POSITIONS`` and ``DEALS`` were produced by commit b76d41f (HEAD before the speed work on the Tarot
search, its heuristic rollout policy and the Tarot view) with ``SearchBot(seed=100 + i)`` at each
position: the decision, the number of playouts and a fingerprint of every playout's result, in order
(so not only the choice but every world and every rollout stays the same). A position is a deal of
``new_game("tarot", players, variant, seed)`` after ``step`` heuristic moves (seats' bots seeded by
seat); ``DEALS`` are whole deals with ``search`` (seed 7) at seat 0 against the heuristic, hashed over
the deal's actions. The expected values are the old engine's output on purpose: the test is a
regression oracle for a refactoring, not a rule test (those live in test_tarot_*.py).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.bots.search import SearchBot
from atout.bots.tarot import TarotBot
from atout.core.cards import CARDS
from atout.core.cardset import codes
from atout.core.protocol import GameState, Observation, json_number
from atout.games.tarot.rules import shown_codes
from atout.games.tarot.state import TarotState
from atout.games.tarot.view import TarotPublic, public_partner, seat_view

# (players, variant, seed, step, phase, decision, playouts, sha256(repr(playout results))[:16])
POSITIONS = [
    (3, 'seed', 1, 0, 'bidding', 'bid garde', 48, 'c69967d7a7f281b8'),
    (3, 'seed', 1, 3, 'ecart', 'discard 3H', 176, 'b0b062bd88816763'),
    (3, 'seed', 1, 9, 'annonces', 'done', 16, '2e1f048e072da4d7'),
    (3, 'seed', 1, 12, 'play', 'play T10', 192, '3f888bb6876344bd'),
    (3, 'seed', 1, 17, 'play', 'play 8C', 32, 'fb418d08d0d37c22'),
    (3, 'seed', 1, 23, 'play', 'play 6S', 24, '002bc2f0772e0e3c'),
    (3, 'seed', 2, 0, 'bidding', 'pass', 48, 'cee47cf522723e0a'),
    (3, 'seed', 2, 3, 'ecart', 'discard 2C', 192, '535f751625e7d11d'),
    (3, 'seed', 2, 11, 'annonces', 'done', 16, '7892cf75955621d9'),
    (3, 'seed', 2, 12, 'play', 'play 3H', 192, '6828d19e621d590f'),
    (3, 'seed', 2, 17, 'play', 'play AD', 32, '4548770c7f6e1954'),
    (3, 'seed', 2, 23, 'play', 'play 3H', 16, 'd8375043b839ddb0'),
    (3, 'seed', 3, 0, 'bidding', 'pass', 48, '460064bd6ab0b66b'),
    (3, 'seed', 3, 3, 'ecart', 'discard 3S', 160, '9454a8898456b255'),
    (3, 'seed', 3, 10, 'annonces', 'done', 16, '6a9ed38a8ece9137'),
    (3, 'seed', 3, 12, 'play', 'play 2C', 192, 'ea7312b74cf9392f'),
    (3, 'seed', 3, 23, 'play', 'play 7H', 40, '9d5e696845dbb332'),
    (3, 'fft', 1, 0, 'bidding', 'bid garde', 40, '00e84ee264da7a4e'),
    (3, 'fft', 1, 3, 'ecart', 'discard NS', 176, '83bac22dc28a50d5'),
    (3, 'fft', 1, 9, 'annonces', 'done', 16, '9fe9ee3e0d15f2a0'),
    (3, 'fft', 1, 10, 'play', 'play 9S', 192, '681d8284d6d2b7cc'),
    (3, 'fft', 1, 15, 'play', 'play EX', 32, 'c00a4f00bb723799'),
    (3, 'fft', 1, 21, 'play', 'play 9S', 24, '0889b9a4b619b522'),
    (3, 'fft', 2, 0, 'bidding', 'pass', 40, '04c28cde946537c6'),
    (3, 'fft', 2, 3, 'ecart', 'discard 2S', 192, '049c92cb97db58dc'),
    (3, 'fft', 2, 9, 'annonces', 'done', 16, 'db36de69ac0cd629'),
    (3, 'fft', 2, 10, 'play', 'play NC', 192, 'c87d90ce09fa9762'),
    (3, 'fft', 2, 15, 'play', 'play AD', 32, 'eb2f1822bbe455ad'),
    (3, 'fft', 2, 21, 'play', 'play 3H', 16, '2703064e8af251b5'),
    (3, 'fft', 3, 0, 'bidding', 'pass', 40, '7193dfdf1585be88'),
    (3, 'fft', 3, 3, 'ecart', 'discard 3S', 160, '6abc6cf0066d217e'),
    (3, 'fft', 3, 9, 'annonces', 'done', 16, '299028888d2d6bec'),
    (3, 'fft', 3, 10, 'play', 'play EX', 192, '7a081ffc921803ae'),
    (3, 'fft', 3, 21, 'play', 'play 7H', 40, '3fa5c9fb43d5da55'),
    (4, 'seed', 1, 0, 'bidding', 'bid garde', 48, 'd3845786a5154390'),
    (4, 'seed', 1, 4, 'ecart', 'discard NS', 128, '873298b817593e12'),
    (4, 'seed', 1, 10, 'annonces', 'done', 16, 'ccae72530c9fe571'),
    (4, 'seed', 1, 14, 'play', 'play 3H', 144, '3aebb1e8c2689828'),
    (4, 'seed', 1, 19, 'play', 'play T7', 24, '92e4700583d4b284'),
    (4, 'seed', 1, 25, 'play', 'play EX', 32, '6c4b5cfc75fc0f00'),
    (4, 'seed', 2, 0, 'bidding', 'pass', 48, 'b09a37ac78c35e13'),
    (4, 'seed', 2, 4, 'ecart', 'discard 2C', 120, '6c4388c566999a1f'),
    (4, 'seed', 2, 11, 'annonces', 'done', 16, '31d702f9bbed19d5'),
    (4, 'seed', 2, 14, 'play', 'play AH', 144, '85150c154de5f938'),
    (4, 'seed', 2, 19, 'play', 'play 10C', 16, '5b491d74c79072da'),
    (4, 'seed', 2, 25, 'play', 'play 10H', 32, 'b09ffc6e32893a03'),
    (4, 'seed', 3, 0, 'bidding', 'pass', 48, '11376ac15b6ce380'),
    (4, 'seed', 3, 4, 'ecart', 'discard 7S', 144, 'f3efddff60d11d06'),
    (4, 'seed', 3, 11, 'annonces', 'done', 16, '1ce55769b59f8d54'),
    (4, 'seed', 3, 14, 'play', 'play NC', 144, '85171a1cd69380e7'),
    (4, 'fft', 1, 0, 'bidding', 'pass', 40, '7a3f5abe8445c984'),
    (4, 'fft', 1, 4, 'ecart', 'discard AC', 128, '07650c23bd5033e3'),
    (4, 'fft', 1, 10, 'annonces', 'done', 16, 'f4815b23fc8fc7f0'),
    (4, 'fft', 1, 11, 'play', 'play T15', 144, '9b0d91331c6f090d'),
    (4, 'fft', 1, 16, 'play', 'play T18', 24, '7ed2ea4e9805f603'),
    (4, 'fft', 1, 22, 'play', 'play EX', 32, 'e88de7f430ace06c'),
    (4, 'fft', 2, 0, 'bidding', 'pass', 40, 'd6b6674b4991c73a'),
    (4, 'fft', 2, 4, 'ecart', 'discard 2C', 120, '12309af036d5e566'),
    (4, 'fft', 2, 10, 'annonces', 'done', 16, '0251ed466adfca8c'),
    (4, 'fft', 2, 11, 'play', 'play T20', 144, '08daf414397004a6'),
    (4, 'fft', 2, 16, 'play', 'play 10C', 16, '1af5c884d6611884'),
    (4, 'fft', 2, 22, 'play', 'play 4H', 32, 'd4a168eceac8663b'),
    (4, 'fft', 3, 0, 'bidding', 'pass', 40, 'f5d4fceb01e28fd8'),
    (4, 'fft', 3, 4, 'ecart', 'discard AH', 144, 'd4a1683e79d78a23'),
    (4, 'fft', 3, 10, 'annonces', 'done', 16, '7d9b5be398d9f421'),
    (4, 'fft', 3, 11, 'play', 'play T20', 144, '0176a8c61dce5025'),
    (5, 'seed', 1, 0, 'bidding', 'bid garde_sans', 48, 'f26ef204ba2fb48c'),
    (5, 'seed', 2, 0, 'bidding', 'bid garde', 48, '4200faae30ac2469'),
    (5, 'seed', 2, 5, 'call', 'call KC', 32, '76275bc1bf21c4ba'),
    (5, 'seed', 2, 6, 'ecart', 'discard 4S', 88, '44ec3d990010f887'),
    (5, 'seed', 2, 11, 'annonces', 'done', 16, '85ed739095ec8716'),
    (5, 'seed', 2, 14, 'play', 'play T11', 120, '774ab411dcee2f2d'),
    (5, 'seed', 2, 19, 'play', 'play T5', 112, '7310ca9149216aad'),
    (5, 'seed', 3, 0, 'bidding', 'pass', 48, '65300d6fd7a9df31'),
    (5, 'fft', 1, 0, 'bidding', 'pass', 40, '20bfaf3aab0998f4'),
    (5, 'fft', 2, 0, 'bidding', 'pass', 40, '598e9c38f3b01ccd'),
    (5, 'fft', 2, 5, 'call', 'call KS', 32, '549263c88c74617a'),
    (5, 'fft', 2, 6, 'ecart', 'discard 4S', 88, 'eb766ee55319e4da'),
    (5, 'fft', 2, 9, 'annonces', 'done', 16, 'ad6eed7fa6368b81'),
    (5, 'fft', 2, 10, 'play', 'play T21', 112, 'ebdb837ef602cf2f'),
    (5, 'fft', 2, 15, 'play', 'play 2H', 112, 'f12e0b98c075c655'),
    (5, 'fft', 3, 0, 'bidding', 'pass', 40, '2582907802a52653'),
]
DEALS = [
    (3, 'seed', 11, '556439512a9e2b23', 97),
    (4, 'fft', 12, '1c3a8c5607fd7f0e', 83),
    (5, 'seed', 13, '40a65a5ce1b1e0fe', 86),
    (4, 'seed', 14, '9bf31b99e8c90520', 86),
]


def _position(players: int, variant: str, seed: int, step: int) -> atout.GameState:
    """The deal after ``step`` moves of heuristic bots seeded by seat."""
    state = atout.new_game("tarot", players=players, variant=variant, seed=seed)
    bots = [make_bot("tarot", "heuristic", seed=s) for s in range(players)]
    for _ in range(step):
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].act(state.observation(seat)))
    return state


@pytest.mark.parametrize("i", range(len(POSITIONS)))
def test_search_decision_and_playouts_unchanged(i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    players, variant, seed, step, phase, decision, playouts, fingerprint = POSITIONS[i]
    state = _position(players, variant, seed, step)
    assert state.phase == phase
    results: list[float] = []
    playout = SearchBot._playout

    def recording(*args: object) -> float:
        r = playout(*args)  # type: ignore[arg-type]
        results.append(r)
        return r

    monkeypatch.setattr(SearchBot, "_playout", staticmethod(recording))
    seat = state.current_player
    assert seat is not None
    got = SearchBot(seed=100 + i, game="tarot").act(state.observation(seat))
    assert str(got) == decision
    assert (len(results), hashlib.sha256(repr(results).encode()).hexdigest()[:16]) == (playouts, fingerprint)


@pytest.mark.parametrize(("players", "variant", "seed", "digest", "moves"), DEALS)
def test_whole_deal_with_search_unchanged(players: int, variant: str, seed: int, digest: str, moves: int) -> None:
    state = atout.new_game("tarot", players=players, variant=variant, seed=seed)
    bots = [make_bot("tarot", "search", seed=7)] + [make_bot("tarot", "heuristic", seed=k) for k in range(1, players)]
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].act(state.observation(seat)))
    acts = [f"{seat}:{a}" for seat, a in state.log[-1].actions]
    assert (hashlib.sha256(" ".join(acts).encode()).hexdigest()[:16], len(acts)) == (digest, moves)


# --- the cheaper paths agree with the plain ones -------------------------------------------------------------------

def _eager_observation(state: TarotState, seat: int) -> Observation:
    """The observation as ``games/tarot/view.py`` built it before the speed work: an eager dict (the oracle)."""
    n = state.players
    partner, alone = public_partner(state)
    outcome = state.outcome
    public: dict[str, Any] = {
        "variant": state.variant, "italian": state.rules.italian, "deal": state.deal_index,
        "deals": state.deals_limit, "dealer": state.dealer, "bids": [[s, w] for s, w in state.bids],
        "contract": state.contract, "taker": state.taker if state.taker >= 0 else None,
        "called": CARDS[state.called].code if state.called >= 0 else None, "partner": partner, "taker_alone": alone,
        "talon": codes(state.talon) if state.talon_shown else None, "ecart_trumps": codes(state.ecart_trumps),
        "announcements": [{"seat": s, "kind": k, "cards": shown_codes(m)} for s, k, m in state.announcements],
        "slam_announced": state.slam_announced, "leader": state.leader,
        "trick": [[(state.leader + i) % n, CARDS[c].code] for i, c in enumerate(state.trick)],
        "tricks": [{"leader": lead, "cards": [CARDS[c].code for c in cards], "winner": w}
                   for lead, cards, w in state.history],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "scores": [json_number(x) for x in state.returns()],
        "last_row": None if state.last_row() is None else [json_number(x) for x in state.last_row() or []],
        "result": None if outcome is None else {
            "attack_points": json_number(outcome["attack_points"]), "attack_oudlers": outcome["attack_oudlers"],
            "petit_au_bout": outcome["petit_au_bout"], "slam": outcome["slam"],
            "row": [json_number(x) for x in state.log[-1].result or []]},
        "showing": {"seat": state.shower, "cards": shown_codes(state.showing)} if state.shower >= 0 else None,
    }
    if seat == state.taker and state.ecart:
        public["my_ecart"] = codes(state.ecart)
    return GameState._observation(state, seat, state.hands[seat], public)


def _positions(seeds: range) -> list[tuple[TarotState, int]]:
    """(state, seat) at every step of heuristic and random deals, 3/4/5 players, both variants, two deals."""
    found = []
    for players in (3, 4, 5):
        for variant in ("seed", "fft"):
            for seed in seeds:
                state = atout.new_game("tarot", players=players, variant=variant, seed=seed, deals=2)
                assert isinstance(state, TarotState)
                bots = [make_bot("tarot", "heuristic" if seed % 3 else "random", seed=s) for s in range(players)]
                while not state.is_terminal():
                    seat = state.current_player
                    assert seat is not None
                    found.append((state.clone(), seat))
                    state.apply(bots[seat].act(state.observation(seat)))
    return found


POSITIONS_ALL = _positions(range(4))


def test_lazy_observation_equals_the_eager_one() -> None:
    """Every seat's observation, its public mapping (keys in order, values) and its JSON are unchanged."""
    for state, _ in POSITIONS_ALL[::3]:
        for seat in range(state.players):
            new, old = state.observation(seat), _eager_observation(state, seat)
            assert new == old
            assert list(new.public) == list(old.public) and dict(new.public) == dict(old.public)
            assert json.dumps(new.to_json()) == json.dumps(old.to_json())


def test_observation_is_a_snapshot() -> None:
    """Play after an observation does not change it (the lazy entries are built from copies)."""
    state = _position(4, "seed", 1, 20)
    assert isinstance(state, TarotState)
    obs = state.observation(0)
    before = _eager_observation(state, 0)
    bot = make_bot("tarot", "heuristic", seed=0)
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        state.apply(bot.act(state.observation(seat)))
    assert dict(obs.public) == dict(before.public) and obs == before


def test_lazy_public_hides_what_the_seat_may_not_see() -> None:
    """The copies behind the lazy mapping and the play view hold no card the seat may not know."""
    for state, _ in POSITIONS_ALL[::2]:
        for seat in range(state.players):
            known = state.known_cards(seat)
            pub = state.observation(seat).public
            assert isinstance(pub, TarotPublic)
            hand, view = seat_view(state, seat)
            masks = [pub.played_mask, pub.ecart_trumps_mask, pub.my_ecart_mask, pub._showing, view.known_ecart,
                     view.played_mask, hand, max(pub._talon, 0)]
            masks += [m for _, _, m in pub._announcements]
            masks += [1 << c for c in pub.trick_ids] + [1 << c for _, cards, _ in pub.tricks_ids for c in cards]
            for m in masks:
                assert m & ~known == 0, (seat, codes(m & ~known))


def test_rollout_act_equals_act_on_the_observation() -> None:
    """``TarotBot.rollout_act(state, seat)`` (search playouts) == ``act(state.observation(seat))``."""
    for state, seat in POSITIONS_ALL:
        fast, slow = TarotBot(seed=1), TarotBot(seed=1)
        assert fast.rollout_act(state, seat) == slow.act(state.observation(seat))


def test_hand_built_observation_same_decision() -> None:
    """A plain-dict public (an observation built by hand) gives the lazy mapping's decision."""
    for state, seat in POSITIONS_ALL[::2]:
        obs = state.observation(seat)
        plain = dataclasses.replace(obs, public=dict(obs.public))
        assert TarotBot(seed=2).act(plain) == TarotBot(seed=2).act(obs)
