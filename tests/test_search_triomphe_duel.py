"""The exact two-player model of La Triomphe (``bots/search/triomphe_duel.py``) and the search built on it.

Rule tests cite seed 002 ("Règles de la Triomphe") and shared/rules/triomphe.md; their expected values are
worked out by hand from the rules. The model is also compared with the engine (``atout.games.triomphe``)
on random positions: legal cards, and the exact value found by a minimax over the engine's own moves.
"""

from __future__ import annotations

import json
import os
import random
import time

import pytest

import atout
from atout.bots import make_bot
from atout.bots.search import sample_world
from atout.bots.search.triomphe import UNLIKELY, duel_act, duel_weights, duel_worlds
from atout.bots.search.triomphe_duel import MY_VOLE, NO_VOLE, THEIR_VOLE, Duel, mask_of
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.cardset import ids, mask
from atout.games.triomphe.rules import strength_table
from atout.games.triomphe.state import TriompheState
from test_search import decision_points

BASE = strength_table(False)
#: Random deals compared with the engine (ATOUT_SLOW=1: thousands).
DEALS = 3000 if os.environ.get("ATOUT_SLOW") else 120
SPADES, HEARTS = 0, 1  # card suit ids: S H D C


def _duel(trump: int = SPADES) -> Duel:
    return Duel(trump, BASE)


def _codes(m: int) -> set[str]:
    return {Card(c).code for c in ids(m)}


# --- rules, by hand --------------------------------------------------------------------------------

def test_follow_suit_and_beat_the_led_card() -> None:
    # Seed 002 §5, D7a: "fournir ... de monter, s'ils en ont de plus hautes": on JH, QH and KH beat it
    # (order K Q J A 10 9 8 7), the AH does not.
    duel = _duel()
    assert _codes(duel.follow(mask_of("KH QH AH 7S 8D"), Card.parse("JH").id)) == {"KH", "QH"}
    # Nothing higher: any card of the suit (the Ace is below the Jack, seed 002's order).
    assert _codes(duel.follow(mask_of("AH 7H 7S 8D KC"), Card.parse("JH").id)) == {"AH", "7H"}


def test_void_must_trump_else_anything() -> None:
    # Seed 002 §5, D7b: "ou de couper, s'ils ont des triomphes sans avoir la couleur jouée".
    duel = _duel(SPADES)
    assert _codes(duel.follow(mask_of("7S 9S KD KC"), Card.parse("JH").id)) == {"7S", "9S"}
    assert _codes(duel.follow(mask_of("KD KC 8D"), Card.parse("JH").id)) == {"KD", "KC", "8D"}
    # Trumps led: follow and beat if able (the trump led is the card to beat).
    assert _codes(duel.follow(mask_of("KS 7S KH"), Card.parse("QS").id)) == {"KS"}


def test_the_five_top_trumps_make_the_vole() -> None:
    # Seed 002 §6-7: after the first three tricks play on for the vole, "il en marquerait deux".
    assert _duel().value(mask_of("KS QS JS AS 10S"), mask_of("KH QH JH AH 10H"), me_leads=True) == 2
    # Seen from the other seat (it leads, and loses every trick): −2.
    assert _duel().value(mask_of("KH QH JH AH 10H"), mask_of("KS QS JS AS 10S"), me_leads=True) == -2


def test_three_tricks_then_stop_when_the_vole_would_fail() -> None:
    # Spades trump. I lead KS QS JS (the opponent follows with spades, never higher): three tricks.
    # My 7H 7D then lose to his KH KD, so the vole would cost two (§7): stop for one point (D8).
    me, op = mask_of("KS QS JS 7H 7D"), mask_of("AS 10S 9S KH KD")
    assert _duel().value(me, op, me_leads=True) == 1
    # Bound to the vole (a refused concession, §4: "il perd deux jeux, s'il ne fait pas la vole"): −2.
    assert _duel().value(me, op, me_leads=True, vole=MY_VOLE) == -2
    # The opponent bound to it fails at the first trick: +2 for me.
    assert _duel().value(me, op, me_leads=True, vole=THEIR_VOLE) == 2


def test_three_tricks_win_the_deal_whatever_the_rest() -> None:
    # Seed 002: "qui a fait trois mains ou levées, marque un jeu". Hearts trump; I hold the three top
    # trumps and two small spades; he holds the top spades. Whoever leads, I take three tricks and he
    # takes two: one point, never two (he wins a trick, so no vole).
    me, op = mask_of("KH QH JH 7S 8S"), mask_of("KS QS 7D 8D 9D")
    assert _duel(HEARTS).value(me, op, me_leads=True) == 1
    assert _duel(HEARTS).value(me, op, me_leads=False) == 1
    # Midway: 2 tricks each, the fifth decides (my KH, led, wins it).
    assert _duel(HEARTS).value(mask_of("KH"), mask_of("KS"), True, -1, 2, 2, NO_VOLE) == 1
    assert _duel(HEARTS).value(mask_of("7S"), mask_of("KS"), True, -1, 2, 2, NO_VOLE) == -1


def test_card_values_of_a_lead() -> None:
    # Spades trump, two cards each, I have the first three tricks and play for the vole (D8).
    # Leading KS draws his 7S, then his KD beats my AD (K above A, seed 002's order); leading AD, his KD
    # wins at once. Every lead fails: −2 for each (§7: "perd deux jeux").
    duel = _duel()
    values = duel.card_values(mask_of("KS AD"), mask_of("7S KD"), True, -1, 3, 0, MY_VOLE)
    assert values == {Card.parse("KS").id: -2, Card.parse("AD").id: -2}
    # Against 7S 8D: leading AD, he must follow with 8D (AD wins), then KS takes his 7S; leading KS, he
    # follows 7S, then AD beats 8D. Either lead makes the vole: +2.
    values = duel.card_values(mask_of("KS AD"), mask_of("7S 8D"), True, -1, 3, 0, MY_VOLE)
    assert set(values.values()) == {2}


def test_card_values_refuse_when_not_my_turn() -> None:
    with pytest.raises(ValueError, match="own turn"):
        _duel().card_values(mask_of("KS"), mask_of("7S"), me_leads=False)


# --- the model against the engine -----------------------------------------------------------------

def _engine_value(state: TriompheState, me: int) -> int:
    """Minimax over the engine's own legal moves (both seats see everything): my score minus his."""
    if state.is_terminal():
        ret = state.returns()
        return int(ret[me] - ret[1 - me])
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(_engine_value(child, me))
    return max(values) if state.current_player == me else min(values)


def _model_args(state: TriompheState, me: int) -> tuple[int, int, bool, int, int, int, int]:
    lead = state.trick[0] if state.trick else -1
    vole = NO_VOLE if state.vole_side is None else (MY_VOLE if state.vole_side == me else THEIR_VOLE)
    return (state.hands[me], state.hands[1 - me], state.leader == me, lead, state.won[me], state.won[1 - me], vole)


@pytest.mark.parametrize("opening", ["play", "refused"])
def test_model_agrees_with_the_engine_on_random_positions(opening: str) -> None:
    # Legal cards at every move of random deals, and the exact value from random positions two tricks in
    # (and a few from the first lead), computed once by the model and once by a minimax over the engine.
    rng = random.Random(3 if opening == "play" else 4)
    compared = legal_checked = 0
    for seed in range(DEALS):
        state = atout.new_game("triomphe", players=2, seed=seed)  # type: ignore[assignment]
        assert isinstance(state, TriompheState)
        if opening == "play":
            state.apply(Action("no_concession"))
            state.apply(Action("no_concession"))
        else:  # §4: the eldest concedes, the dealer refuses and must make the vole
            state.apply(Action("concede"))
            state.apply(Action("refuse"))
        duel = Duel(state.trump, state.strength)
        depth = 0 if seed % 40 == 0 else rng.choice((1, 2, 3, 4))
        step = 0
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            if state.phase == "play":
                args = _model_args(state, seat)
                want = {a.args[0] for a in state.legal_actions()}
                assert _codes(duel.legal(*args[:4])) == want
                legal_checked += 1
                if step == depth:
                    assert duel.value(*args) == _engine_value(state, seat), f"seed {seed} step {step}"
                    compared += 1
                step += 1
            state.apply(rng.choice(state.legal_actions()))
    assert compared >= DEALS // 3 and legal_checked > 4 * DEALS


def test_model_trick_winners_match_the_engine() -> None:
    rng = random.Random(5)
    duel_by_trump: dict[int, Duel] = {}
    checked = 0
    for seed in range(DEALS * 3):
        g = atout.new_game("triomphe", players=2, seed=1000 + seed)
        assert isinstance(g, TriompheState)
        duel = duel_by_trump.setdefault(g.trump, Duel(g.trump, g.strength))
        g.apply(Action("no_concession"))
        g.apply(Action("no_concession"))
        while not g.is_terminal():
            if g.phase == "play" and len(g.trick) == 1:
                lead, leader = g.trick[0], g.leader
                action = rng.choice(g.legal_actions())
                card = Card.parse(action.args[0]).id
                g.apply(action)
                follower_won = g.history[-1][2] != leader
                assert follower_won == bool(duel.beaten_by[lead] >> card & 1)
                checked += 1
            else:
                g.apply(rng.choice(g.legal_actions()))
    assert checked > 2 * DEALS * 3


# --- the worlds and the bot -----------------------------------------------------------------------

def _points(seed: int) -> list[TriompheState]:
    """Copies of a heuristic-played two-player deal at every decision with a choice."""
    return decision_points("triomphe", 2, seed)  # type: ignore[return-value]


def _decides_the_same_in_a_twin(state: TriompheState, rng: random.Random, bot_seed: int) -> None:
    """No peeking: a world that looks the same to the seat to act gets the same decision from ``search``."""
    seat = state.current_player
    assert seat is not None
    twin = sample_world(state.observation(seat), rng)
    assert twin is not None and _view(twin, seat) == _view(state, seat)
    a = make_bot("triomphe", "search", seed=bot_seed).act(state.observation(seat))
    b = make_bot("triomphe", "search", seed=bot_seed).act(twin.observation(seat))
    assert a == b and a in state.legal_actions()


def test_worlds_hold_the_opponents_cards_consistently() -> None:
    # Every world gives the opponent cards he may hold: unseen by me, none of a suit he showed void in.
    rng = random.Random(6)
    for seed in range(6):
        for state in _points(seed):
            seat = state.current_player
            assert seat is not None
            worlds = duel_worlds(state.observation(seat), rng, 50)
            if len(worlds) < 50:  # few enough to list them all: the true hand is one of them
                assert state.hands[1 - seat] in worlds
            else:
                assert len(worlds) == 50
            for op in worlds:
                assert op.bit_count() == state.hands[1 - seat].bit_count()
                assert op & state.known_cards(seat) == 0


def test_late_worlds_are_enumerated_exactly() -> None:
    # Two cards each left: the opponent's hand is one of C(n, 2) pairs, all listed when that few.
    state = next(s for seed in range(20) for s in _points(seed) if s.phase == "play" and len(s.history) == 3)
    seat = state.current_player
    assert seat is not None
    worlds = duel_worlds(state.observation(seat), random.Random(0), 10_000)
    assert len(worlds) == len(set(worlds)) and state.hands[1 - seat] in worlds


def _view(state: atout.GameState, seat: int) -> str:
    return json.dumps(state.observation(seat).to_json(), sort_keys=True)


def test_the_duel_search_does_not_peek_and_is_deterministic() -> None:
    # Two states with the same observation (hidden cards dealt afresh) get the same decision, for every
    # kind of decision met (concession, play, vole).
    rng = random.Random(7)
    phases = set()
    for seed in range(3):
        for state in _points(seed)[::2]:
            _decides_the_same_in_a_twin(state, rng, bot_seed=5)
            phases.add(state.phase)
    assert {"concession", "play"} <= phases


def test_the_duel_search_concedes_accepts_and_stops_by_the_worlds() -> None:
    # A hopeless hand (five low plain cards, no trump) facing a strong table: concede (§4), since playing
    # loses one point anyway and may lose two to a vole; a hand of the five top trumps never concedes.
    deal = {"hands": [["7H", "8H", "7D", "8D", "7C"], ["KS", "QS", "JS", "AS", "10S"]], "turnup": "9S"}
    g = atout.new_game("triomphe", players=2, seed=1, deal=deal, dealer=1)
    fallback = make_bot("triomphe", "heuristic", seed=0)
    assert duel_act(g.observation(0), random.Random(0), 200, fallback) == Action("concede")
    g.apply(Action("concede"))
    # The five top trumps answer: refuse, the vole is sure (§4: "il perd deux jeux, s'il ne fait pas la vole").
    assert duel_act(g.observation(1), random.Random(0), 200, fallback) == Action("refuse")
    g2 = atout.new_game("triomphe", players=2, seed=1, deal=deal, dealer=0)
    assert duel_act(g2.observation(1), random.Random(0), 200, fallback) == Action("no_concession")


def test_the_duel_search_decides_fast() -> None:
    # The level hard (= search) decides within a second; here a whole deal's decisions, mean and worst.
    bot = make_bot("triomphe", "search", seed=1)
    worst = total = 0.0
    count = 0
    for state in _points(4) + _points(5):
        seat = state.current_player
        assert seat is not None
        t = time.process_time()
        bot.act(state.observation(seat))
        spent = time.process_time() - t
        worst, total, count = max(worst, spent), total + spent, count + 1
    assert worst < 1.0 and total / count < 0.3


def test_unused_mask_helper() -> None:
    assert mask_of("AS 7S") == mask(Card.parse(c) for c in ("AS", "7S"))


def test_worlds_are_weighed_by_the_opponents_habits() -> None:
    # Spades trump. I (seat 0, eldest) lead 9H; he takes it with JH. A world where he also held 10H (a
    # cheaper card that took it too: order K Q J A 10 9 8 7, seed 002) is less likely than one where he
    # had no cheaper winner; then he leads 7C and it is my turn.
    deal = {"hands": [["9H", "7S", "8D", "9D", "KC"], ["JH", "10H", "7C", "8C", "7D"]], "turnup": "8S"}
    g = atout.new_game("triomphe", players=2, seed=1, deal=deal, dealer=1)
    for text in ("no_concession", "no_concession", "play 9H", "play JH", "play 7C"):
        g.apply(Action.parse(text))
    obs = g.observation(0)
    duel = Duel(SPADES, BASE)
    with_ten, without = mask_of("10H 8C 7D"), mask_of("8H 8C 7D")
    assert duel_weights(obs, [with_ten, without], duel) == [UNLIKELY, 1.0]
    # Before any answer of his, every world weighs the same.
    g0 = atout.new_game("triomphe", players=2, seed=1, deal=deal, dealer=1)
    assert duel_weights(g0.observation(0), [with_ten, without], duel) == [1.0, 1.0]


def test_the_duel_search_does_not_peek_at_the_vole_nor_the_answer() -> None:
    # The vole choice (§6, D8) and the answer to a concession (§4) read only the observation too.
    rng = random.Random(8)
    states: list[TriompheState] = []
    for seed in range(40):
        states += [s for s in _points(seed) if s.phase == "vole"][:1]
        g = atout.new_game("triomphe", players=2, seed=seed)
        assert isinstance(g, TriompheState)
        if seed % 8 == 0:
            g.apply(Action("concede"))
            states.append(g)
    assert sum(s.phase == "vole" for s in states) >= 2 and sum(s.phase == "concession" for s in states) >= 2
    for state in states:
        _decides_the_same_in_a_twin(state, rng, bot_seed=3)
