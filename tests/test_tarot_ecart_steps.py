"""Issue 11: the Tarot écart one card at a time, and ``legal_actions()`` complete at every step.

The set of écarts reachable by ``discard C`` steps must be exactly the set of legal écarts of seed 001
§6 ("ni Roi, ni atout, ni Oudler"), D6 / FFT rule 9 (non-oudler trumps only when unavoidable, then
shown): checked by brute force over every subset of the taker's cards, on random and trump-heavy hands.
"""

from __future__ import annotations

import json
import os
import random
from itertools import combinations
from pathlib import Path

import pytest

import atout
from atout.core.cards import CARDS
from atout.core.cardset import codes, mask
from atout.games.tarot.rules import (
    KINGS,
    OUDLERS,
    PLAIN,
    TRUMPS,
    ecart_next_cards,
    ecart_problem,
    poignee_level,
    poignee_next_cards,
)
from atout.games.tarot.state import TarotState

RECORDS = Path(__file__).parent / "records" / "tarot"
SLOW = os.environ.get("ATOUT_SLOW") == "1"
PLAIN_OK = PLAIN & ~KINGS  # plain cards but Kings: what may go to the écart freely (seed 001 §6)


def reachable(hand: int, need: int) -> set[int]:
    """Every écart the one-card steps of :func:`ecart_next_cards` can reach from ``hand`` (memoised DFS)."""
    out: set[int] = set()
    seen: set[int] = set()

    def walk(laid: int) -> None:
        if laid in seen:
            return
        seen.add(laid)
        if laid.bit_count() == need:
            out.add(laid)
            return
        nxt = ecart_next_cards(hand & ~laid, laid, need)
        assert nxt, "a partial écart must always be completable (no dead end)"
        for c in range(78):
            if nxt >> c & 1:
                walk(laid | 1 << c)

    walk(0)
    return out


def brute_force_legal(hand: int, need: int) -> set[int]:
    """Every ``need``-card subset of ``hand`` that ``ecart_problem`` accepts (no rule assumed here)."""
    ids = [c for c in range(78) if hand >> c & 1]
    return {m for combo in combinations(ids, need) if ecart_problem(hand, m := mask(combo), need) is None}


def taker_cards(rng: random.Random, size: int, plain_ok: int) -> int:
    """A random set of ``size`` cards holding exactly ``plain_ok`` plain non-King cards (the rest: Kings, trumps)."""
    plain = [c for c in range(78) if PLAIN_OK >> c & 1]
    other = [c for c in range(78) if (KINGS | TRUMPS | OUDLERS) >> c & 1]
    return mask(rng.sample(plain, plain_ok) + rng.sample(other, size - plain_ok))


@pytest.mark.parametrize(("players", "size", "need"), [(4, 24, 6), (5, 18, 3), (3, 30, 6)])
def test_one_card_steps_reach_exactly_the_legal_ecarts(players: int, size: int, need: int) -> None:
    """Seed 001 §6, D6, FFT rule 9: reachable écarts == legal écarts, by brute force over random hands.

    Hands from the ordinary (many plain cards) to the trump-heavy (fewer plain non-Kings than the écart,
    so that trumps are unavoidable and every plain card must go first)."""
    rng = random.Random(players * 1000 + 11)
    if players == 3:  # C(30, 6) = 593,775 subsets: one hand (each kind) unless ATOUT_SLOW=1
        counts = [need - 2, need + 4] if not SLOW else list(range(0, 14))
    elif players == 4:
        counts = [0, 3, need - 1, need, 9] if not SLOW else list(range(0, 19))
    else:
        counts = list(range(0, 13)) * (1 if not SLOW else 5)
    for plain_ok in counts:
        hand = taker_cards(rng, size, plain_ok)
        legal = brute_force_legal(hand, need)
        assert legal, "a legal écart always exists"
        assert reachable(hand, need) == legal, f"hand {codes(hand)}"
        trumps_used = any(m & TRUMPS for m in legal)
        assert trumps_used == (plain_ok < need)  # D6: trumps exactly when the other cards do not suffice


def _taken(seed: int, players: int = 5) -> TarotState:
    """A deal where the first bidder takes a Prise and the others pass: the écart phase."""
    g = atout.new_game("tarot", players=players, seed=seed, dealer=0)
    assert isinstance(g, TarotState)
    while g.phase == "petit_sec":
        g.apply("no_petit_sec")
    g.apply("bid prise")
    while g.phase == "bidding":
        g.apply("pass")
    if g.phase == "call":
        g.apply(g.legal_actions()[0])
    assert g.phase == "ecart"
    return g


@pytest.mark.parametrize("seed", range(6))
def test_engine_steps_reach_exactly_the_legal_ecarts(seed: int) -> None:
    """Through ``legal_actions``/``apply`` (five players, three steps): every legal écart of §6 is
    reachable, no illegal one; each step keeps the taker on play and the phase at the écart."""
    g = _taken(seed)
    taker, need = g.current_player, g.rules.talon_size
    hand = g.hands[taker]  # type: ignore[index]
    found: set[int] = set()

    def walk(state: TarotState) -> None:
        if state.phase != "ecart":
            found.add(state.ecart)
            assert state.phase == "annonces" and state.hands[taker] == hand & ~state.ecart  # type: ignore[index]
            return
        assert state.current_player == taker
        for action in state.legal_actions():
            assert action.kind == "discard" and len(action.args) == 1
            twin = state.clone()
            twin.apply(action)
            walk(twin)

    walk(g)
    assert found == brute_force_legal(hand, need)


def test_steps_in_any_order_make_the_same_ecart_and_score() -> None:
    """The écart is a set: its cards laid in any order, or all at once, give the same deal and score."""
    base = _taken(3, players=4)
    ecart = next(iter(reachable(base.hands[base.taker], 6)))
    cards = [CARDS[c].code for c in range(78) if ecart >> c & 1]
    orders = [cards, cards[::-1], None]
    results = []
    for order in orders:
        g = base.clone()
        if order is None:
            g.apply("discard " + " ".join(cards))
        else:
            for c in order:
                g.apply(f"discard {c}")
        rng = random.Random(5)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
        results.append((g.ecart, g.returns(), [a for _, a in g.log[-1].actions if not a.startswith("discard")]))
    assert results[0] == results[1] == results[2]


def test_old_whole_ecart_record_still_replays() -> None:
    """A record made before issue 11 (one 'discard C1 … C6' action) replays to its stated result."""
    stored = json.loads((RECORDS / "pre_issue11_whole_ecart.json").read_text(encoding="utf-8"))
    g = atout.replay(stored)
    assert isinstance(g, TarotState) and g.is_terminal()
    assert codes(g.ecart) == ["3S", "5S", "AD", "2D", "3D", "10D"]
    assert [str(x) for x in g.returns()] == [str(x) for x in stored["result"]["returns"]]


def test_a_record_of_one_card_steps_round_trips() -> None:
    """A match played with one-card steps writes a record that replays to the same state; others see
    each step as 'discard (1 hidden)' and the taker's écart never appears in their observations."""
    g = _taken(4, players=4)
    taker = g.taker
    rng = random.Random(9)
    others_saw: list[str] = []
    while g.phase == "ecart":
        g.apply(rng.choice(g.legal_actions()))
        others_saw.append(g.seen_history((taker + 1) % 4)[-1][1])
        for s in range(4):
            if s != taker:
                text = json.dumps(g.observation(s).to_json())
                hidden = g.ecart & ~g.talon  # the talon was shown to all (Prise): its cards are public
                assert all(f'"{CARDS[c].code}"' not in text for c in range(78) if hidden >> c & 1)
    assert others_saw == ["discard (1 hidden)"] * 6
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    again = atout.replay(json.loads(json.dumps(g.to_record())))
    assert again.to_record() == g.to_record() and again.returns() == g.returns()


def test_ecart_steps_are_deterministic() -> None:
    """Same seed, same choices: the same legal lists at every step and the same record."""
    def play() -> tuple[list[list[str]], str]:
        g = atout.new_game("tarot", players=4, seed=77, deals=3)
        rng = random.Random(1)
        lists = []
        while not g.is_terminal():
            legal = g.legal_actions()
            if g.phase == "ecart":
                lists.append([str(a) for a in legal])
            g.apply(rng.choice(legal))
        return lists, json.dumps(g.to_record())

    first, second = play(), play()
    assert first == second and first[0]


# --- the poignée one card at a time (issue 11; seed 001 §7, FFT rule 4) ------------------------------
def reachable_shows(hand: int, players: int, variant: str) -> set[int]:
    """Every show reachable by one-card steps (``poignee_next_cards``), ended by ``done`` (allowed once
    the cards shown make a valid show) or by itself when no card can follow."""
    out: set[int] = set()
    seen: set[int] = set()

    def walk(shown: int) -> None:
        if shown in seen:
            return
        seen.add(shown)
        nxt = poignee_next_cards(hand, shown, players, variant)
        if shown and poignee_level(hand, shown, shown.bit_count(), players, variant)[0] >= 0:
            out.add(shown)  # 'done' is listed here (or the show ends by itself when nxt is 0)
        elif shown:
            assert nxt, "a show begun can always be completed (no dead end)"
        for c in range(56, 78):
            if nxt >> c & 1:
                walk(shown | 1 << c)

    walk(0)
    return out


def brute_force_shows(hand: int, players: int, variant: str) -> set[int]:
    """Every non-empty set of trumps/Excuse of ``hand`` that ``poignee_level`` accepts (all subsets tried)."""
    ids = [c for c in range(56, 78) if hand >> c & 1]
    out = set()
    for bits in range(1, 1 << len(ids)):
        shown = mask(ids[i] for i in range(len(ids)) if bits >> i & 1)
        if poignee_level(hand, shown, shown.bit_count(), players, variant)[0] >= 0:
            out.add(shown)
    return out


@pytest.mark.parametrize("variant", ["seed", "fft"])
@pytest.mark.parametrize("players", [5, 4])
def test_poignee_steps_reach_exactly_the_valid_shows(players: int, variant: str) -> None:
    """Seed 001 §7 (exact thresholds; the Excuse only with every trump; seed: such a show may exceed the
    threshold) and FFT rule 4 (never above it): reachable shows == valid shows, by brute force."""
    rng = random.Random(players + len(variant))
    trumps_ids = [c for c in range(56, 77)]
    if SLOW:
        counts = list(range(7, 15) if players == 5 else range(9, 16))
    else:  # up to 2^13 subsets each: a few seconds in all
        counts = [7, 8, 10, 12] if players == 5 else [9, 10, 12]
    for held in counts:
        for excuse in (False, True):
            hand = mask(rng.sample(trumps_ids, held)) | (1 << 77 if excuse else 0) | mask(rng.sample(range(56), 4))
            valid = brute_force_shows(hand, players, variant)
            assert reachable_shows(hand, players, variant) == valid, (held, excuse)
            with_ex = {s for s in valid if s >> 77 & 1}
            assert all(s & TRUMPS == hand & TRUMPS for s in with_ex)  # the Excuse: every trump shown


def test_poignee_one_card_at_a_time_through_the_engine() -> None:
    """Seed 001 §7: 'announce poignee C' steps, 'done' once ten are shown (more could follow); the
    event and the announcement come once, at the end; other actions wait until the show is finished."""
    hand = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 EX"
    rest = [c.code for c in CARDS if c.code not in hand.split()]
    deal = {"hands": [hand.split() + rest[:4], rest[4:22], rest[22:40], rest[40:58]], "talon": rest[58:64]}
    g = atout.new_game("tarot", players=4, deal=deal, dealer=3)
    assert isinstance(g, TarotState)
    while g.phase == "petit_sec":
        g.apply("no_petit_sec")
    g.apply("bid garde_sans")
    while g.phase == "bidding":
        g.apply("pass")
    assert g.phase == "annonces" and g.current_player == 0
    before = g.event_count
    for i in range(2, 12):
        g.apply(f"announce poignee T{i}")
    assert g.event_count == before and not g.announcements
    assert g.observation(1).public["showing"] == {"seat": 0, "cards": [f"T{i}" for i in range(11, 1, -1)]}  # high to low
    legal = [str(a) for a in g.legal_actions()]
    # Ten shown: a simple poignée ('done'); three more trumps make the double (13); and the Excuse, to be
    # followed by every trump: 13 trumps + EX = 14 cards, the double (seed: it may exceed the threshold).
    assert legal == ["announce poignee T12", "announce poignee T13", "announce poignee T14", "announce poignee EX",
                     "done"]
    with pytest.raises(atout.IllegalAction, match="finish showing"):
        g.apply("announce capot")
    g.apply("done")
    assert g.announcements == [(0, "poignee_simple", mask(55 + i for i in range(2, 12)))]  # Ti has id 55 + i
    assert [e.kind for e in g.events(1)][-1] == "poignee_shown" and g.observation(1).public["showing"] is None
    assert not any(str(a).startswith("announce poignee") for a in g.legal_actions())  # one per player
