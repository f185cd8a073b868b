"""Random Tarot playouts (2,000 deals for each of 3/4/5 players x seed/fft) checked against an independent
oracle: card conservation, the écart constraints (seed 001 §6, D6), the Excuse's place (§9.3, D11, D12, D20),
the petit au bout (D13, FFT rule 3), the card count and the score (§10-§11 through ``score_deal``),
zero-sum rows, termination; plus hidden information, clones, records, illegal actions and matches."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import atout
from atout.core.cards import Card
from atout.core.cardset import codes
from atout.games.tarot.scoring import score_deal
from atout.games.tarot.state import TarotState
from conftest import codes_in

CONFIGS = [(p, v) for p in (3, 4, 5) for v in ("seed", "fft")]
IDS = [f"{v}-{p}p" for p, v in CONFIGS]
DEALS = 2000
ALL = (1 << 78) - 1
EX, PETIT = 77, 56
OUDLERS = {56, 76, 77}
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}


def half_points(c: int) -> int:
    """Spec §2.1 in half points, written independently of the engine's table."""
    if c in OUDLERS:
        return 9
    if c >= 56:
        return 1
    return {13: 9, 12: 7, 11: 5, 10: 3}.get(c % 14, 1)


def natural_winner(cards: list[int]) -> int:
    """Index of the winning card by §9.2, the Excuse never winning."""
    led = next(c for c in cards if c != EX)
    led_suit = "T" if led >= 56 else led // 14
    best, win = -1, -1
    for i, c in enumerate(cards):
        if c == EX:
            continue
        key = 100 + c if c >= 56 else (c if led_suit != "T" and c // 14 == led_suit else -1)
        if key > best:
            best, win = key, i
    return win


def oracle(g: TarotState) -> tuple[list[Fraction], int, int, str | None, str]:
    """Recompute one finished deal from its history: returns, attack half points, oudlers, pab, slam."""
    pub = g.observation(0).public
    n, taker = g.players, pub["taker"]
    attack = {taker} | ({pub["partner"]} if pub["partner"] is not None else set())
    side = {s: 0 if s in attack else 1 for s in range(n)}
    won = [0, 0]
    piles: list[set[int]] = [set(), set()]
    ex_owner_side, ex_last = None, False
    tricks = [(t["leader"], [Card.parse(c).id for c in t["cards"]]) for t in pub["tricks"]]
    for k, (leader, cards) in enumerate(tricks):
        seats = [(leader + i) % n for i in range(n)]
        w = seats[natural_winner(cards)]
        last = k == len(tricks) - 1
        if EX in cards:
            owner = seats[cards.index(EX)]
            ex_owner_side = side[owner]
            rest = [c for c in cards if c != EX]
            chelem_side = won[1 - side[owner]] == 0
            if last and chelem_side and (g.variant == "fft" or side[owner] == 0):
                w = owner  # §9.4 / FFT rule 5: the Excuse wins the last trick of a slam
                piles[side[w]].update(cards)
            elif last:
                ex_last = True
                piles[side[w]].update(rest)
                piles[side[w] if g.variant == "seed" else 1 - side[owner]].add(EX)
            else:
                piles[side[w]].update(rest)
                piles[side[owner]].add(EX)
        else:
            piles[side[w]].update(cards)
        assert w == g.history[k][2], f"trick {k}: winner"
        won[side[w]] += 1
    # §9.3, D11: the owner's side gives one low card if it ever holds one (not for the last trick).
    points = [sum(half_points(c) for c in p) for p in piles]
    if ex_owner_side is not None and not ex_last:
        ex_trick = next(k for k, (_, cards) in enumerate(tricks) if EX in cards)
        lost_it = side[g.history[ex_trick][2]] != ex_owner_side
        if lost_it and any(half_points(c) == 1 for c in piles[ex_owner_side]):
            points[ex_owner_side] -= 1  # the low card given for the Excuse (its identity does not matter)
            points[1 - ex_owner_side] += 1
    deal = g.log[-1].deal
    talon = [Card.parse(c).id for c in deal["talon"]]
    contract = pub["contract"]
    ecart = next((a for s, a in g.log[-1].actions if a.startswith("discard")), None)
    extra_attack = [Card.parse(c).id for c in ecart.split()[1:]] if ecart else (talon if contract == "garde_sans" else [])
    attack_cards = piles[0] | set(extra_attack)
    attack2 = points[0] + sum(half_points(c) for c in extra_attack)
    oudlers = len(attack_cards & OUDLERS)
    last_leader, last_cards = tricks[-1]
    last_seats = [(last_leader + i) % n for i in range(n)]
    last_winner = g.history[-1][2]
    names = ("attack", "defence")
    pab = None
    if g.variant == "seed":
        if PETIT in last_cards and last_seats[last_cards.index(PETIT)] == last_winner:
            pab = names[side[last_winner]]
    elif PETIT in last_cards:
        pab = names[side[last_winner]]
    elif EX in last_cards and last_seats[last_cards.index(EX)] == last_winner and PETIT in tricks[-2][1]:
        pab = names[side[g.history[-2][2]]]
    slam = "attack" if won[1] == 0 else "defence" if won[0] == 0 else "none"
    anns = [(a["seat"], a["kind"]) for a in pub["announcements"] if a["kind"] not in ("capot", "chelem")]
    row = score_deal(variant=g.variant, players=n, contract=contract, taker=taker, partner=pub["partner"],
                     attack_points=Fraction(attack2, 2), attack_oudlers=oudlers, petit_au_bout=pab,
                     announcements=anns, slam=slam, slam_announced=pub["slam_announced"],
                     capot_value=g.rules.capot_value)
    return row, attack2, oudlers, pab, slam


def check_ecart(g: TarotState) -> None:
    """Seed 001 §6: no King, no trump, no oudler; D6: non-oudler trumps only when unavoidable."""
    for seat, action in g.log[-1].actions:
        if not action.startswith("discard"):
            continue
        deal = g.log[-1].deal
        hand = {Card.parse(c).id for c in deal["hands"][seat] + deal["talon"]}
        out = [Card.parse(c).id for c in action.split()[1:]]
        assert len(out) == len(deal["talon"]) and set(out) <= hand
        assert not any(c in OUDLERS or (c < 56 and c % 14 == 13) for c in out)
        plain_ok = [c for c in hand if c < 56 and c % 14 != 13]
        trumps = [c for c in out if c >= 56]
        if trumps:
            assert len(plain_ok) < len(out) and set(plain_ok) <= set(out)
            assert {Card.parse(c).id for c in g.observation((seat + 1) % g.players).public["ecart_trumps"]} == set(trumps)


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=IDS)
def test_random_playouts_against_the_oracle(players: int, variant: str) -> None:
    """2,000 random deals: legal actions never raise, deals end, cards are conserved, scores are exact."""
    rng = random.Random(players * 31 + len(variant))
    seen = {"taken": 0, "pab": 0, "alone": 0}
    for i in range(DEALS):
        g = atout.new_game("tarot", players=players, variant=variant, seed=10_000 + i)
        assert isinstance(g, TarotState)
        steps = 0
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
            assert steps < 400
        rows = g.sheet()
        assert len(rows) == 1 and sum(rows[0]) == 0 and rows[0] == g.returns()
        if g.outcome is None:
            assert rows[0] == [0] * players
            continue
        seen["taken"] += 1
        attack, defence = g.outcome["attack_pile"], g.outcome["defence_pile"]
        assert attack & defence == 0 and attack | defence == ALL, "every card in exactly one side's pile"
        check_ecart(g)
        row, attack2, oudlers, pab, slam = oracle(g)
        assert g.outcome["attack_points"] == Fraction(attack2, 2), f"deal {i}: card points"
        assert (g.outcome["attack_oudlers"], g.outcome["petit_au_bout"], g.outcome["slam"]) == (oudlers, pab, slam)
        assert g.returns() == row, f"deal {i}: score"
        seen["pab"] += pab is not None
        seen["alone"] += players == 5 and g.partner < 0
    assert seen["taken"] > DEALS // 2 and seen["pab"] > 0
    assert players != 5 or seen["alone"] > 0


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=IDS)
def test_observations_never_show_a_hidden_card(players: int, variant: str) -> None:
    """Contract: every card code in a seat's observation belongs to known_cards(seat)."""
    rng = random.Random(7)
    for i in range(25):
        g = atout.new_game("tarot", players=players, variant=variant, seed=500 + i)
        while True:
            for seat in range(players):
                text = json.dumps(g.observation(seat).to_json())
                leaked = codes_in(text) - set(codes(g.known_cards(seat)))
                assert not leaked, (i, seat, g.phase, leaked)
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=IDS)
def test_clones_are_independent_and_records_replay(players: int, variant: str) -> None:
    """clone() is independent; atout.replay(state.to_record()) gives the same returns and record."""
    rng = random.Random(3)
    for i in range(60):
        g = atout.new_game("tarot", players=players, variant=variant, seed=900 + i, deals=2)
        cut = rng.randrange(1, 120)
        for _ in range(cut):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
        before = json.dumps(g.to_record())
        twin = g.clone()
        while not twin.is_terminal():
            twin.apply(rng.choice(twin.legal_actions()))
        assert json.dumps(g.to_record()) == before
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
        again = atout.replay(atout.loads(atout.dumps(g.to_record())))
        assert again.returns() == g.returns() and again.to_record() == g.to_record()


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=IDS)
def test_illegal_actions_raise_and_leave_the_state_unchanged(players: int, variant: str) -> None:
    """STYLE habit 5: a refused action raises IllegalAction and changes nothing (record compared)."""
    rng = random.Random(5)
    pack = [Card(i).code for i in range(78)]
    for i in range(12):
        g = atout.new_game("tarot", players=players, variant=variant, seed=700 + i)
        while not g.is_terminal():
            legal = {str(a) for a in g.legal_actions()}
            before = json.dumps(g.to_record())
            candidates = [f"play {rng.choice(pack)}", "bid garde", "call KS", "announce capot", "done", "pass",
                          f"discard {' '.join(rng.sample(pack, g.rules.talon_size))}", "petit_sec"]
            for bad in candidates:
                if bad in legal or (bad.startswith("discard") and g.phase == "ecart"):
                    continue
                with pytest.raises(atout.IllegalAction):
                    g.apply(bad)
                assert json.dumps(g.to_record()) == before
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=IDS)
def test_match_deals_rotate_and_annulled_hands_do_not_count(players: int, variant: str) -> None:
    """Seed 001: the deal passes to the right; a petit sec redeal (same dealer in the seed variant, D15; the
    next one under the FFT) is no row; an all-pass deal is a zero row and counts."""
    rng = random.Random(11)
    g = atout.new_game("tarot", players=players, variant=variant, seed=42, deals=12)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    counted = [e for e in g.log if e.result is not None]
    assert len(counted) == 12 and g.returns() == [sum(c) for c in zip(*g.sheet(), strict=True)]
    for before, after in zip(g.log, g.log[1:], strict=False):
        annulled = before.result is None
        same = annulled and variant == "seed"
        assert after.dealer == (before.dealer if same else (before.dealer + 1) % players)
