"""The search bot (issue 11): worlds consistent with the observation, no peeking, determinism, legality."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

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
         ("triomphe", 2, "classic"), ("triomphe", 4, "classic"), ("triomphe", 5, "as_qui_pille"),
         ("tarot1637", 3, "printed"), ("tarot1637", 2, "manuscript"),
         ("prime", 3, "chacun_pour_soi"), ("prime", 6, "chacun_pour_soi"), ("prime", 4, "societe")]


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


def test_tarot1637_voids_from_play() -> None:
    # Seed 000 / tarot-1637.md D11: follow the suit led; void, a triomphe; trumps led, a triomphe
    # (no duty to beat); the Mat may be played at any turn and shows nothing; the Mort's cards are drawn.
    from atout.bots.search.tarot1637 import voids as t1637_voids

    def trick(*pairs: tuple[int, str]) -> list[tuple[int, int]]:
        return [(s, Card.parse(c).id) for s, c in pairs]

    out = t1637_voids([trick((0, "KS"), (1, "T5"), (2, "3H"))], 3)
    assert out[0] == 0
    assert out[1] == SUIT_MASKS[0]  # no Sword, trumped: nothing known of his trumps
    assert out[2] == SUIT_MASKS[0] | TRUMPS  # neither followed nor trumped
    out = t1637_voids([trick((1, "EX"), (2, "4S"), (0, "T3"))], 3)  # the Mat led: the 4 of Swords sets the suit
    assert out == [SUIT_MASKS[0], 0, 0]
    out = t1637_voids([trick((0, "T10"), (1, "T2"), (2, "KS"))], 3)  # trumps led: under-trumping is allowed
    assert out == [0, 0, TRUMPS]
    out = t1637_voids([trick((0, "KS"), (1, "4S"), (-1, "T21"))], 2)  # the Mort's card shows nothing
    assert out == [0, 0]


def _first_state(game: str, players: int, variant: str, test: Callable[[atout.GameState], bool]) -> atout.GameState:
    for seed in range(60):
        state = atout.new_game(game, players=players, variant=variant, seed=seed)
        bots = [make_bot(game, "heuristic", seed=s) for s in range(players)]
        while not state.is_terminal():
            if test(state):
                return state
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].act(state.observation(seat)))
    raise AssertionError("no such state in 60 deals")


def test_tarot1637_worlds_keep_the_declarations() -> None:
    # Seed 000 §6, spec D6: declarations are judged on the twenty cards; a player who played his first
    # card without declaring holds nothing to declare, one who declared holds exactly that (and shows it).
    from atout.games.tarot1637 import marques

    def both_played(state: atout.GameState) -> bool:
        pub = state.observation(0).public
        return state.phase == "play" and len(pub["tricks"]) == 2 and any(d for d in pub["declared"])

    state = _first_state("tarot1637", 3, "printed", both_played)
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    rng = random.Random(4)
    for _ in range(10):
        deal, fills = SAMPLERS["tarot1637"](obs, rng) or ({}, {})
        for s in range(3):
            if s == seat:
                continue
            twenty = mask(Card.parse(c).id for c in deal["hands"][s]) & ~mask(
                Card.parse(fills[i].split()[1]).id for i in fills if obs.history[i][0] == s)
            assert sorted(marques.eligible_items(twenty)) == sorted(obs.public["declared"][s])


def test_prime_draw_order() -> None:
    # Seed 004: the dealer completes the bettor and the acceptors "une à la fois", round from eldest,
    # each up to four cards (two plus one for each card he laid aside, spec D7).
    from atout.bots.search.prime import draw_order

    assert draw_order([1, 2, 3], {1: 3, 2: 4, 3: 2}) == [1, 2, 3, 1, 2, 3, 1, 2, 2]
    assert draw_order([0, 2], {0: 2, 2: 2}) == [0, 2, 0, 2]


def test_prime_worlds_keep_a_passers_good_card() -> None:
    # Seed 004: "si ses deux cartes sont toutes les deux mauvaises, il les écarte. S'il y en a une bonne
    # la retient": a passer who laid one card aside kept one good card (a 5 or better) and the other was bad.
    from atout.games.prime.evaluate import VALUES

    def one_aside(state: atout.GameState) -> bool:
        pub = state.observation(0).public
        return state.phase == "calling" and 1 in [pub["laid_aside"][s] for s in range(4) if s != state.current_player]

    state = _first_state("prime", 4, "chacun_pour_soi", one_aside)
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    passer = next(s for s in range(4) if s != seat and obs.public["laid_aside"][s] == 1)
    rng = random.Random(5)
    for _ in range(10):
        deal, fills = SAMPLERS["prime"](obs, rng) or ({}, {})
        values = sorted(VALUES[Card.parse(c).id] for c in deal["hands"][passer])
        assert values[0] < 15 <= values[1]
        aside = next(fills[i] for i in fills if obs.history[i][0] == passer)
        assert VALUES[Card.parse(aside.split()[1]).id] == values[0]


def test_prime_search_keeps_the_heuristic_choice_unless_clearly_beaten() -> None:
    # Prime's search compares each action with the heuristic's choice over the same worlds; with an
    # unreachable margin it plays exactly as the heuristic (same seed), and it is the bot of the levels.
    from atout.bots.search.prime import PrimeSearch

    state = atout.new_game("prime", players=4, seed=6)
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    bot = make_bot("prime", "search", seed=3)
    assert isinstance(bot, PrimeSearch)
    bot.MARGIN = float("inf")
    assert bot.act(obs) == make_bot("prime", "heuristic", seed=3).act(obs)


# --- Mistigri (seed 003 / mistigri.md). Its coups after the first start from a pool of bêtes (no coup de
# noce), which ``new_game`` cannot deal, so its worlds are rebuilt by ``atout.bots.search.mistigri.rebuild``
# (registered with its sampler: the shared ``sample_world`` uses it): its twin-world and no-peeking tests are here.
MISTIGRI_CASES = [(3, 0), (4, 0), (5, 0), (4, 1), (5, 1)]  # players, cascaret_trump_second


def decision_points(game: str, players: int, seed: int, **options: Any) -> list[atout.GameState]:
    """Copies of a heuristic-played match (all its deals) at every decision with a real choice."""
    state = atout.new_game(game, players=players, seed=seed, **options)
    bots = [make_bot(game, "heuristic", seed=s) for s in range(players)]
    found = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        if len(obs.legal_actions) > 1:
            found.append(state.clone())
        state.apply(bots[seat].act(obs))
    return found


@pytest.mark.parametrize(("players", "second"), MISTIGRI_CASES)
def test_mistigri_worlds_look_the_same_to_the_seat(players: int, second: int) -> None:
    # Seed 003 §5: the hands, the fille, the talon and the discards are hidden; the retourne, who did
    # what and how many cards each drew are public. A world is a real game rebuilt from the coup's public
    # start (pool, stacks, noce) by replaying the history; the seat sees exactly what it sees in the true
    # state while the hidden cards are dealt afresh, and one sample in ten at most is refused, in every phase.
    from atout.bots.search.mistigri import rebuild, sample

    rng = random.Random(1)
    tried: dict[str, int] = {}
    taken: dict[str, int] = {}
    differing = later = 0
    for seed in range(3):
        for state in decision_points("mistigri", players, seed, cascaret_trump_second=bool(second)):
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            later += obs.public["deal"] > 0
            for _ in range(2):
                tried[state.phase] = tried.get(state.phase, 0) + 1
                deal, fills = sample(obs, rng) or ({}, {})
                world = rebuild(obs, deal, fills, rng.getrandbits(32)) if deal else None
                if world is None:
                    continue
                taken[state.phase] = taken.get(state.phase, 0) + 1
                assert _view(world, seat) == _view(state, seat)
                hidden = [s for s in range(players) if s != seat]
                differing += any(world.observation(s).hand != state.observation(s).hand for s in hidden)
    assert differing > 0, "the worlds must deal the hidden cards afresh"
    assert later > 0, "coups after the first (bêtes in the pool) must be covered"
    for phase, n in tried.items():
        if n >= 10:
            assert taken.get(phase, 0) > 0.9 * n, f"{phase}: {taken.get(phase, 0)} of {n} worlds accepted"


@pytest.mark.parametrize(("players", "second"), MISTIGRI_CASES[:3])
def test_mistigri_search_does_not_peek(players: int, second: int) -> None:
    # The same observation over two states whose hidden cards differ gives the same decision.
    from atout.bots.search.mistigri import sample_world as mistigri_world

    rng = random.Random(2)
    points = decision_points("mistigri", players, 11, cascaret_trump_second=bool(second))
    speaking = [s for s in points if s.phase == "speaking"][:2]
    playing = [s for s in points if s.phase == "play"][:2]
    for state in speaking + playing:
        seat = state.current_player
        assert seat is not None
        twin = mistigri_world(state.observation(seat), rng)
        assert twin is not None
        assert _view(twin, seat) == _view(state, seat)
        assert any(twin.observation(s).hand != state.observation(s).hand for s in range(players) if s != seat)
        a = make_bot("mistigri", "search", seed=5).act(state.observation(seat))
        b = make_bot("mistigri", "search", seed=5).act(twin.observation(seat))
        assert a == b and a in state.legal_actions()
    assert speaking and playing


def test_mistigri_obligations_from_play() -> None:
    # mistigri.md D10 (the Rams rules): follow and beat the suit led, else trump and overtrump, else
    # undertrump; trumps led, a higher trump if one can. Order 7 8 9 10 A J Q K, the Mistigri (JC) a trump
    # above all (seed 003). Hearts trumps. What a card shows its player no longer holds:
    from atout.bots.search.mistigri import obliged

    def m(text: str) -> int:
        return mask(_ids(text))

    spades, trumps = m("7S 8S 9S 10S AS JS QS KS"), m("7H 8H 9H 10H AH JH QH KH JC")
    assert obliged(_ids("7S")[0], _ids("9S"), 1) == m("10S AS JS QS KS")  # followed under: nothing above
    assert obliged(_ids("KS")[0], _ids("9S"), 1) == 0  # beat it: nothing shown
    assert obliged(_ids("8D")[0], _ids("9S"), 1) == spades | trumps  # neither followed nor trumped
    assert obliged(_ids("8H")[0], _ids("9S 10H"), 1) == spades | m("AH JH QH KH JC")  # trumped under the 10
    assert obliged(_ids("7S")[0], _ids("9S 10H"), 1) == 0  # the trick is trumped: follow, no duty to beat
    assert obliged(_ids("9H")[0], _ids("QH"), 1) == m("KH JC")  # trumps led, under the Queen
    assert obliged(_ids("7S")[0], _ids("QH"), 1) == trumps  # trumps led, no trump played
    assert obliged(_ids("8C")[0], _ids("9C"), 1) == m("10C AC QC KC")  # the Mistigri is no club here


def test_mistigri_worlds_hide_the_dealers_exchange() -> None:
    # Seed 003 / D5: the dealer takes the retourne against a card of his hand, face down. In another
    # seat's worlds the retourne is in the dealer's hand (or among his discards) and his card is new.
    from atout.bots.search.mistigri import sample

    def exchanged(state: atout.GameState) -> bool:
        pub = state.observation(0).public
        return pub["retourne_taken"] and state.phase == "play" and state.current_player != pub["dealer"]

    state = _first_state("mistigri", 4, "boussac", exchanged)
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    dealer = obs.public["dealer"]
    at = next(i for i, (s, a) in enumerate(obs.history) if s == dealer and a.startswith("exchange_retourne"))
    assert obs.history[at][1] == "exchange_retourne (1 hidden)"
    rng = random.Random(3)
    for _ in range(10):
        deal, fills = sample(obs, rng) or ({}, {})
        given = fills[at].split()[1]
        assert given in deal["hands"][dealer] and obs.public["retourne"] not in deal["hands"][dealer]
        assert deal["retourne"] == obs.public["retourne"]


def test_prime_search_scores_the_side_in_partnership() -> None:
    # Prime D10: in partnership each plays alone but the partners' results are added; the search's
    # playout scores a side's total against the other side's (seats 0-2 against 1-3).
    from atout.bots.search.prime import PrimeSearch

    state = _first_state("prime", 4, "societe", lambda s: s.is_terminal() is False and s.phase == "opening")
    bots = [make_bot("prime", "heuristic", seed=s) for s in range(4)]
    ret = state.clone()
    score = PrimeSearch._team_playout(state, 1, list(bots), [0, 1, 0, 1])
    r = state.returns()
    assert score == (r[1] + r[3]) - (r[0] + r[2]) and ret.phase == "opening"


def test_mistigri_worlds_after_the_dealer_drew_the_retourne_away() -> None:
    # Seed 003 / D5: the dealer who took the retourne may then draw, and lay it down among five
    # discards; his worlds must then hold it among the discards, never in his hand (once a crash).
    from atout.bots.search.mistigri import sample_world as mistigri_world

    g = atout.new_game("mistigri", players=4, seed=1, dealer=0)  # the retourne is the King of clubs
    for action in ["play_hand", "play_hand", "play_hand", "exchange_retourne 9S", "draw KS QH KH AD KC"]:
        g.apply(action)
    seat = g.current_player
    assert seat == 1 and g.phase == "play"
    rng = random.Random(0)
    for _ in range(10):
        world = mistigri_world(g.observation(seat), rng)
        assert world is not None and _view(world, seat) == _view(g, seat)
        assert "KC" not in [c.code for c in world.observation(0).hand]
