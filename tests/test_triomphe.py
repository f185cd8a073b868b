"""La Triomphe: playout invariants, the bot's strength, options and explicit deals (seed 002)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import atout
from atout.bots import make_bot
from atout.core.cardset import mask
from atout.core.packs import PIQUET32
from atout.games.triomphe.state import TriompheState

VARIANTS = [("classic", 2), ("classic", 4), ("classic", 6), ("chacun_pour_soi", 4), ("chacun_pour_soi", 5),
            ("as_qui_pille", 4), ("as_qui_pille", 5), ("as_qui_pille", 6)]  # fmt: skip


def _all_cards(g: TriompheState) -> list[int]:
    out = [c for c in range(78) for h in g.hands if h >> c & 1]
    out += g.trick + [c for _, cards, _ in g.history for c in cards] + g.stock + g.under
    if g.turnup is not None:
        out.append(g.turnup)
    return out


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_two_thousand_random_deals_keep_every_invariant(variant: str, players: int) -> None:
    """Seed 002: five cards each, the turn-up, 32 cards conserved; scoring within the rules' bounds."""
    for seed in range(2000):
        g = atout.new_game("triomphe", players=players, variant=variant, seed=seed)
        assert isinstance(g, TriompheState)
        assert all(h.bit_count() == 5 for h in g.hands), "seed 002: 'donne cinq cartes'"
        rng = random.Random(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply(rng.choice(legal))
            cards = _all_cards(g)
            assert len(cards) == 32 and mask(cards) == PIQUET32.mask, f"seed {seed}: cards not conserved"
        gains = g.returns()
        assert all(-2 <= x <= 2 for x in gains)
        sides = {g.rules.side_of(s) for s in range(players) if gains[s] > 0}
        assert len(sides) <= 1, "one side at most scores in a deal"


def test_heuristic_bot_beats_random_bot_well_outside_noise() -> None:
    """Issue 2 point 6: the rule-following bot beats the random bot over many deals (2 players)."""
    diffs = []
    for seed in range(600):
        g = atout.new_game("triomphe", players=2, seed=seed)
        hero = seed % 2  # alternate seats so the deal favours nobody
        bots = {hero: make_bot("triomphe", "heuristic", seed), 1 - hero: make_bot("triomphe", "random", seed)}
        while not g.is_terminal():
            p = g.current_player
            assert p is not None
            g.apply(bots[p].act(g.observation(p)))
        r = g.returns()
        diffs.append(r[hero] - r[1 - hero])
    n = len(diffs)
    mean = Fraction(sum(diffs), n)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    stderr = (float(var) / n) ** 0.5
    assert float(mean) > 6 * stderr, f"mean margin {float(mean):.3f} per deal, standard error {stderr:.3f}"


def test_heuristic_bot_beats_random_in_as_qui_pille() -> None:
    """The bot also wins more than its share each for himself (one heuristic among random bots)."""
    hero_points = other_points = 0
    for seed in range(1500):
        g = atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=seed)
        hero = seed % 4
        bots = {s: make_bot("triomphe", "heuristic" if s == hero else "random", seed * 7 + s) for s in range(4)}
        while not g.is_terminal():
            p = g.current_player
            assert p is not None
            g.apply(bots[p].act(g.observation(p)))
        r = g.returns()
        hero_points += r[hero]
        other_points += sum(r) - r[hero]
    assert hero_points > 1.15 * other_points / 3


def test_match_to_five_points_is_one_object() -> None:
    """Seed 002: 'la partie est ordinairement de cinq points'; the deal passes to the next player (D5)."""
    g = atout.new_game("triomphe", players=2, seed=11, target=5)
    rng = random.Random(1)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    assert max(g.scores) >= 5 and min(g.scores) < 5
    dealers = [d.dealer for d in g.log]
    assert all(b == (a + 1) % 2 for a, b in itertools.pairwise(dealers))
    assert atout.replay(g.to_record()).returns() == g.returns()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3}, "2, 4, 6"),
        ({"players": 2, "variant": "as_qui_pille"}, "4, 5, 6"),
        ({"players": 2, "variant": "wrong"}, "no variant"),
        ({"players": 2, "deals": 0}, "deals"),
        ({"players": 2, "target": -1}, "target"),
        ({"players": 2, "dealer": 5}, "dealer"),
        ({"players": 2, "scores": [1]}, "scores"),
        ({"players": 2, "pillage": True}, "each-for-himself"),
        ({"players": 2, "colour": "red"}, "unknown Triomphe option"),
    ],
)
def test_bad_options_are_refused_clearly(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        atout.new_game("triomphe", **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"hands": [["KS", "QS", "JS", "AS", "10S"], ["9S", "8S", "7S", "KH", "KS"]], "turnup": "7H"}, "twice"),
        ({"hands": [["KS", "QS", "JS", "AS"], ["9S", "8S", "7S", "KH", "QH"]], "turnup": "7H"}, "five"),
        ({"hands": [["KS", "QS", "JS", "AS", "2S"], ["9S", "8S", "7S", "KH", "QH"]], "turnup": "7H"}, "piquet"),
        ({"hands": [["KS", "QS", "JS", "AS", "10S"]], "turnup": "7H"}, "2 hands"),
        ({"hands": [["KS", "QS", "JS", "AS", "10S"], ["9S", "8S", "7S", "KH", "QH"]]}, "turnup"),
        ({"hands": [["KS", "QS", "JS", "AS", "XX"], ["9S", "8S", "7S", "KH", "QH"]], "turnup": "7H"}, "bad card"),
    ],
)
def test_bad_explicit_deals_are_refused(deal: dict[str, object], message: str) -> None:
    with pytest.raises(atout.RecordError, match=message):
        atout.new_game("triomphe", players=2, deal=deal, dealer=1)


def test_pillage_discard_stays_hidden_in_public_action_text() -> None:
    """§9.3: the card put under the stock is face down; the table shows only that a card was taken."""
    g = atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=0)
    assert "9C" not in g.public_action("pillage 9C") and g.public_action("pillage 9C").startswith("pillage")
    assert g.public_action("play 9C") == "play 9C"
