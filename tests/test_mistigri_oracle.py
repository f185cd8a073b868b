"""Mistigri against a second, independent formulation of the rules, over random seeded matches.

Written from the texts, not from the engine: card codes and lists, no bitmasks. Seed 003 (order of the
cards, the Mistigri no club, the pool's shares, bêtes), spec mistigri.md §7 (D10 obligations), §8 (payout,
D11, D12), §10 (atout en second). Every card the engine offers is checked against the oracle's legal
set, and every coup's payout against the oracle's arithmetic.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import atout

ORDER = ["7", "8", "9", "10", "A", "J", "Q", "K"]  # seed 003, low to high; the Mistigri above all
LETTER = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def is_trump(card: str, trump: str) -> bool:
    return card == "JC" or card[-1] == trump  # "le valet de trèfle n'étant d'aucune couleur"


def suit(card: str, trump: str) -> str:
    return "T" if is_trump(card, trump) else card[-1]


def power(card: str) -> int:
    return 99 if card == "JC" else ORDER.index(card[:-1])


def oracle_legal(hand: list[str], trick: list[str], trump: str) -> set[str]:
    """D10, read literally: follow and beat; trumped, just follow; void, trump and overtrump, else undertrump."""
    if not trick:
        return set(hand)
    led = suit(trick[0], trump)
    trumps_played = [power(c) for c in trick if is_trump(c, trump)]
    my_trumps = [c for c in hand if is_trump(c, trump)]
    if led == "T":
        if not my_trumps:
            return set(hand)
        higher = [c for c in my_trumps if power(c) > max(trumps_played)]
        return set(higher or my_trumps)
    follow = [c for c in hand if suit(c, trump) == led]
    if follow:
        if trumps_played:
            return set(follow)
        best = max(power(c) for c in trick if suit(c, trump) == led)
        return set([c for c in follow if power(c) > best] or follow)
    if my_trumps:
        if trumps_played:
            higher = [c for c in my_trumps if power(c) > max(trumps_played)]
            if higher:
                return set(higher)
        return set(my_trumps)
    return set(hand)


def oracle_winner(played: list[list[object]], trump: str) -> int:
    cards = [str(c) for _, c in played]
    led = suit(cards[0], trump)

    def key(c: str) -> int:
        return 1000 + power(c) if is_trump(c, trump) else (power(c) if suit(c, trump) == led else -1)

    best = max(range(len(cards)), key=lambda i: key(cards[i]))
    return int(str(played[best][0]))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_engine_agrees_with_the_oracle(players: int) -> None:
    checked_cards = checked_tricks = checked_coups = 0
    for seed in range(60):
        second = seed % 3 == 0
        g = atout.new_game("mistigri", players=players, seed=seed, deals=6, cascaret_trump_second=second)
        rng = random.Random(seed)
        trump = "?"
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            legal = g.legal_actions()
            if obs.phase == "play":
                trump = LETTER[obs.public["trump"]]
                hand = [c.code for c in obs.hand]
                trick = [c for _, c in obs.public["trick"]]
                expected = oracle_legal(hand, trick, trump)
                if second and not trick and len(obs.public["tricks"]) == 1:
                    trumps = {c for c in hand if is_trump(c, trump)}
                    expected = trumps or expected  # §10: the first trick's winner leads a trump
                assert {a.args[0] for a in legal} == expected, (seed, hand, trick, trump)
                checked_cards += 1
            since = g.event_count
            g.apply(rng.choice(legal))
            for e in g.events(since=since):
                if e.kind == "trick_won":
                    assert e.seat == oracle_winner(e.data["played"], trump)
                    checked_tricks += 1
                elif e.kind == "deal_scored":
                    check_payout(e.data, players, trump)
                    checked_coups += 1
    assert checked_cards > 1000 and checked_tricks > 200 and checked_coups > 300


def check_payout(d: Mapping[str, Any], players: int, trump: str) -> None:
    """Spec §8, D11, D12, D13: the shares, the double trick, the carry, the bêtes, from the data alone."""
    pool = d["pool"]
    if d["how"] != "tricks":
        assert sum(d["takings"]) == pool and d["carry"] == 0  # the whole pool to one player
        return
    tricks = d["tricks"]
    assert len(tricks) == 5
    v = pool // 6  # seed 003: "les levées seront donc de trois jetons chacune" on a pool of 18
    assert d["trick_value"] == v
    played = [c for t in tricks for c in t["cards"]]
    in_play = [c for c in played if is_trump(c, trump)]
    privileged = max(in_play, key=power) if in_play else None  # D11: the Mistigri, else the next trump
    assert d["privileged"] == privileged
    shares = [2 * v if privileged in t["cards"] else v for t in tricks]
    assert [t["share"] for t in tricks] == shares
    assert d["carry"] == pool - sum(shares)  # D12: the remainder (and a sixth with no trump) carried
    per_seat = [0] * players
    for t in tricks:
        per_seat[t["winner"]] += t["share"]
    assert per_seat == d["takings"]
    for b in d["betes"]:
        assert d["tricks_won"][b["seat"]] == 0 and b["pays"] == pool  # D13: a bête pays the whole pool
