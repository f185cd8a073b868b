"""Post-deal analysis (issue 20): each card's cost with every card seen, checked by hand on built endgames.

A seeded 4-player deal is played (random legal actions, seeded) to the start of its 17th trick; then the eight cards
left in the hands are swapped for the ones each test wants (taken from the tricks already won, so the pack
stays whole), and the last two tricks are worked out by hand from the rules (shared/rules/tarot.md: follow
suit, trump when void, King 4.5, low cards 0.5).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

import atout
from atout.analysis.deal import AnalysisError, analyse, analyse_record, margin
from atout.analysis.solver import Value, solve
from atout.core.cards import CARDS
from atout.games.tarot.state import TarotState
from atout.records import replay

PAB = Path(__file__).parent / "records" / "tarot" / "seed_petit_au_bout_won.json"

CODE = {c.code: i for i, c in enumerate(CARDS)}


def at_trick_17(leader_offset: int, needed: str = "KH 2H 3H 4H 5H 6H 7H T3") -> TarotState:
    """A 4-player deal at the start of trick 17, led by the seat ``leader_offset`` after the taker, no
    oudler left in the hands, each side having won a trick (no chelem in sight), the ``needed`` cards in
    the hands or the tricks won."""
    for seed in range(200):
        g = atout.new_game("tarot", players=4, variant="fft", seed=seed, dealer=0)
        rng = random.Random(seed)
        while g.current_player is not None and (g.phase != "play" or g.trick_no < 16 or g.trick):
            g.apply(rng.choice(g.legal_actions()))
        if g.current_player is None or g.phase != "play":
            continue
        hands = 0
        for h in g.hands:
            hands |= h
        if any(hands >> CODE[c] & 1 for c in ("T1", "T21", "EX")) or 0 in g.tricks_won:
            continue
        seen = hands | g.piles[0] | g.piles[1]
        if any(not seen >> CODE[c] & 1 for c in needed.split()):
            continue  # a card of the test in the écart or the talon
        if g.leader == (g.taker + leader_offset) % 4 and g.debt < 0:
            return g  # type: ignore[return-value]
    raise AssertionError("no seed fits")


def build(g: TarotState, wanted: dict[int, tuple[str, str]]) -> TarotState:
    """``g`` with seat s holding ``wanted[s]``: each wanted card swapped with a card of the hands from where
    it lay (a hand or a pile of won tricks; never the écart or the talon)."""
    g = g.clone()  # type: ignore[assignment]
    held = [c for s in range(4) for c in range(78) if g.hands[s] >> c & 1]
    want = [CODE[c] for cards in wanted.values() for c in cards]
    leaving = [c for c in held if c not in want]
    coming = [c for c in want if c not in held]  # from the tricks won: the leaving cards take their place
    g.piles = list(g.piles)
    for old, new in zip(leaving, coming, strict=True):
        side = next(i for i in range(2) if g.piles[i] >> new & 1)
        g.piles[side] ^= (1 << new) | (1 << old)
        g.played ^= (1 << new) | (1 << old)
    for s, cards in wanted.items():
        g.hands[s] = sum(1 << CODE[c] for c in cards)
    g._lcache, g._lmask = None, 0
    assert all(g.hands[s] == sum(1 << CODE[c] for c in wanted[s]) for s in range(4))
    return g


def plays(g: TarotState, cards: list[str]) -> list[tuple[TarotState, str]]:
    """The deal played on from ``g`` with ``cards``, as (state before, card) pairs."""
    out = []
    for c in cards:
        out.append((g.clone(), c))
        g.apply(f"play {c}")
    assert g.phase != "play" or g.trick_no == 18
    return out  # type: ignore[return-value]


def test_leading_the_low_heart_costs_the_taker_his_king() -> None:
    """Taker KH 2H; then 3H 4H / 5H 6H / 7H T3. KH first: the King wins (6 points), the last trick is
    the trump's (2 points to the defence). 2H first: 7H wins it, and T3 leads the last trick where the
    taker must throw his King: 0 points. So 2H costs the attack 6 points."""
    g = at_trick_17(0)
    t = g.taker
    g = build(g, {t: ("KH", "2H"), (t + 1) % 4: ("3H", "4H"), (t + 2) % 4: ("5H", "6H"), (t + 3) % 4: ("7H", "T3")})
    good = analyse(plays(g.clone(), ["KH", "3H", "5H", "7H", "2H", "4H", "6H", "T3"]), 0, 2)  # type: ignore[arg-type]
    bad = analyse(plays(g.clone(), ["2H", "3H", "5H", "7H", "T3", "KH", "4H", "6H"]), 0, 2)  # type: ignore[arg-type]
    lead, lead_bad = good.cards[0], bad.cards[0]
    assert (lead.card, lead.attack, lead.cost, lead.best) == ("KH", True, 0, ("KH",))
    assert (lead_bad.card, lead_bad.attack, lead_bad.cost, lead_bad.best) == ("2H", True, Fraction(6), ("KH",))
    assert good.start.attack_points - bad.played_points == 6 == good.played_points - bad.played_points
    assert all(c.cost == 0 for c in bad.cards[1:])  # the rest was forced or equal
    assert good.first_trick == 17 and bad.series()[0] - bad.series()[1] == 6


def test_a_defender_leading_the_low_heart_costs_the_defence() -> None:
    """Defender leads KH 2H; taker 7H T3 after him; the other defenders 3H 4H and 5H 6H. KH first: the
    King wins for the defence, the taker trumps the last trick: the attack takes 2 points. 2H first: the
    taker's 7H wins, then his T3 takes the last trick and the King: 8 points. 2H costs the defence 6."""
    g = at_trick_17(3)
    t = g.taker
    d = (t + 3) % 4
    g = build(g, {d: ("KH", "2H"), t: ("7H", "T3"), (t + 1) % 4: ("3H", "4H"), (t + 2) % 4: ("5H", "6H")})
    bad = analyse(plays(g.clone(), ["2H", "7H", "3H", "5H", "T3", "4H", "6H", "KH"]), 0, 2)  # type: ignore[arg-type]
    good = analyse(plays(g.clone(), ["KH", "7H", "3H", "5H", "2H", "T3", "4H", "6H"]), 0, 2)  # type: ignore[arg-type]
    assert (bad.cards[0].attack, bad.cards[0].cost, bad.cards[0].best) == (False, Fraction(6), ("KH",))
    assert good.cards[0].cost == 0
    assert bad.played_points - good.played_points == 6


def test_margin_rounds_as_the_rules() -> None:
    """56 points with no oudler is made by 0; 40.5 with two (target 41) failed by 1 (half rounded away)."""
    v = Value((), Fraction(56), Fraction(0), 0, None, "none")
    assert margin("fft", v) == 0
    assert margin("fft", Value((), Fraction(81, 2), Fraction(0), 2, None, "none")) == -1
    assert margin("seed", Value((), Fraction(50), Fraction(0), 1, "attack", "none")) == 9  # 50 - 51 + 10


def test_bad_tricks_and_no_play_are_refused() -> None:
    g = at_trick_17(0)
    with pytest.raises(AnalysisError) as e:
        analyse([(g, "KH")], 0, 19)  # type: ignore[list-item]
    assert e.value.code == "bad_tricks" and e.value.params == {"low": 1, "high": 18}
    with pytest.raises(AnalysisError) as e:
        analyse([], 2, 5)
    assert e.value.code == "no_play"


def test_the_analysis_grows_by_whole_tricks_within_its_node_budget() -> None:
    """``grow_nodes``: after the last tricks asked, earlier tricks are added whole, latest first, while their
    solves stay within the budget; the same record gives the same analysis whatever ran before in the process
    (the first solve empties the tables), so a page shows the same thing on any machine."""
    rec = json.loads(PAB.read_text(encoding="utf-8"))
    base = analyse_record(rec, 0, 5, replay)
    assert base.first_trick == 14 and len(base.cards) == 20
    grown = analyse_record(rec, 0, 5, replay, None, 1_000_000)
    assert grown.first_trick < 14
    added = grown.cards[: len(grown.cards) - 20]
    assert len(added) == 4 * (14 - grown.first_trick)
    assert [c.trick for c in added] == [t for t in range(grown.first_trick, 14) for _ in range(4)]
    assert sum(c.nodes for c in added) <= 1_000_000
    assert grown.cards[len(added):] == base.cards  # the tricks asked for: the same values and searches
    assert grown.start == grown.cards[0].before and grown.series()[-1] == base.series()[-1]
    solve(at_trick_17(0), cards=True)  # another deal solved in between: its table entries do not count
    again = analyse_record(rec, 0, 5, replay, None, 1_000_000)
    assert again == grown
    assert analyse_record(rec, 0, 5, replay, None, 10).first_trick == 14  # too small a budget: none added
