"""Random Tarot playouts (2,000 deals for each of 3/4/5 players x seed/fft) checked against an independent
oracle: card conservation, the écart constraints (seed 001 §6, D6), the Excuse's place (§9.3, D11, D12, D20),
the petit au bout (D13, FFT rule 3), the card count and the score (§10-§11, FFT rules 2-5: contract, partner,
announcements and score read from the deal's record and computed here, never by the engine's scoring),
zero-sum rows, termination; plus hidden information, clones, records, illegal actions and matches."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest

import atout
from atout.core.cards import Card
from atout.core.cardset import codes
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


THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # seed 001 "Atouts", spec §7
HANDFUL_VALUES = (20, 30, 40)  # seed 001 and FFT rule 4
MULT = {"seed": {"prise": 1, "pousse": 2, "garde": 4, "garde_sans": 8, "garde_contre": 12},  # seed 001
        "fft": {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}}  # FFT rule 1


def away(x: Fraction) -> int:
    """Round a half away from zero (D4, FFT rule 6)."""
    return math.ceil(x) if x >= 0 else -math.ceil(-x)


def read_deal(g: TarotState) -> dict:
    """Contract, taker, partner, écart, announcements and card plays, read from the deal's record only."""
    entry = g.log[-1]
    deal, actions, n = entry.deal, entry.actions, g.players
    bids = [(s, a.split()[1]) for s, a in actions if a.startswith("bid ")]
    if not bids:
        return {}
    taker, contract = bids[-1]
    call = next((a.split()[1] for _, a in actions if a.startswith("call ")), None)
    holder = next((s for s in range(n) if call in deal["hands"][s]), None)
    anns: list[tuple[int, int]] = []  # (seat, value) for §11.3 / FFT rule 4
    announced_slam = False
    # A poignée is shown one card at a time (issue 11), then 'done' or complete by itself: its cards together.
    showing: dict[int, list[str]] = {}
    merged: list[tuple[int, str]] = []
    for s, a in actions:
        words = a.split()
        if words[:2] == ["announce", "poignee"] and len(words) == 3:
            first = s not in showing
            showing.setdefault(s, []).append(words[2])
            if first:
                merged.append((s, "POIGNEE"))
        else:
            merged.append((s, a))
    for s, a in merged:
        words = a.split() if a != "POIGNEE" else ["announce", "poignee", *showing[s]]
        if words[0] != "announce":
            continue
        if words[1] in ("capot", "chelem"):
            announced_slam = True
        elif words[1] == "poignee":
            shown = len(words) - 2
            # The count is a threshold; with the Excuse (every trump shown) the highest threshold reached (§7).
            level = max(i for i, t in enumerate(THRESHOLDS[n]) if shown >= t)
            assert shown == THRESHOLDS[n][level] or "EX" in words
            anns.append((s, HANDFUL_VALUES[level]))
        else:
            assert words[1] in ("sans_atouts", "sans_points") and g.variant == "seed"
            anns.append((s, 10))
    ecart = [c for _, a in actions if a.startswith("discard") for c in a.split()[1:]]  # one card at a time
    plays = [(s, Card.parse(a.split()[1]).id) for s, a in actions if a.startswith("play ")]
    return {"taker": taker, "contract": contract, "partner": holder if holder not in (None, taker) else None,
            "anns": anns, "slam_announced": announced_slam, "ecart": [Card.parse(c).id for c in ecart],
            "talon": [Card.parse(c).id for c in deal["talon"]], "plays": plays, "dealer": entry.dealer}


def reference_score(variant: str, n: int, r: dict, points2: int, oudlers: int, pab: int, slam: str,
                    capot_value: int) -> list[Fraction]:
    """Seed §11.1-§11.4 or FFT rule 2, 3, 4, 5 (spec tarot.md), from the pieces of the deal."""
    m = MULT[variant][r["contract"]]
    taker, partner = r["taker"], r["partner"]
    raw = Fraction(points2, 2) - TARGET[oudlers]
    if variant == "seed":
        e = away(raw + 10 * pab)  # D13: the petit au bout before the made/failed test; D4
        made = e >= 0
        a = Fraction((e + 25) * m if made else e * m)  # §11.2: the prime of 25 only when made
        if r["slam_announced"]:
            a += capot_value if slam == "attack" else -capot_value  # §11.4, not multiplied (D14)
        elif slam == "attack":
            a += Fraction(capot_value, 2)
    else:
        d = away(raw)
        made = d >= 0
        base = (25 + abs(d)) * m  # FFT rule 2
        handfuls = sum(v for _, v in r["anns"])  # rule 4: every poignée, to the side that wins the deal
        a = Fraction((base if made else -base) + 10 * m * pab + (handfuls if made else -handfuls))
        if slam == "attack":
            a += 400 if r["slam_announced"] else 200  # rule 5
        elif r["slam_announced"]:
            a -= 200
        if slam == "defence":
            a -= 200
    row = [-a] * n
    if partner is None:
        row[taker] = a * (n - 1)
    elif variant == "seed":
        row[taker] = row[partner] = a * 3 / 2  # "se partagent à égalité"
    else:
        row[taker], row[partner] = 2 * a, a  # FFT: 2/3 - 1/3
    if variant == "seed":  # §11.3: announcements, paid by every other player (the attack's only if made, D8)
        for seat, v in r["anns"]:
            signed = -v if seat in (taker, partner) and not made else v
            for s in range(n):
                row[s] += signed * n if s == seat else 0
                row[s] -= signed
    return row


def oracle(g: TarotState) -> tuple[list[Fraction], int, int, str | None, str]:
    """Recompute one finished deal from its record alone: returns, attack half points, oudlers, pab, slam."""
    r = read_deal(g)
    n, fft = g.players, g.variant == "fft"
    attack = {r["taker"]} | ({r["partner"]} if r["partner"] is not None else set())
    side = {s: 0 if s in attack else 1 for s in range(n)}
    won = [0, 0]
    piles: list[set[int]] = [set(), set()]
    ex_owner_side, ex_last = None, False
    plays = r["plays"]
    # D10 / FFT rule 5: the dealer's right leads, or the FFT chelem announcer.
    leader = r["taker"] if fft and r["slam_announced"] else (r["dealer"] + 1) % n
    tricks: list[tuple[list[int], list[int], int]] = []  # (seats, cards, winner)
    for k in range(len(plays) // n):
        seats = [s for s, _ in plays[k * n:(k + 1) * n]]
        cards = [c for _, c in plays[k * n:(k + 1) * n]]
        assert seats == [(leader + i) % n for i in range(n)], f"trick {k}: turn order"
        w = seats[natural_winner(cards)]
        last = k == len(plays) // n - 1
        if EX in cards:
            owner = seats[cards.index(EX)]
            ex_owner_side = side[owner]
            rest = [c for c in cards if c != EX]
            chelem_side = won[1 - side[owner]] == 0
            if last and chelem_side and (fft or side[owner] == 0):
                w = owner  # §9.4 / FFT rule 5: the Excuse wins the last trick of a slam
                piles[side[w]].update(cards)
            elif last:
                ex_last = True
                piles[side[w]].update(rest)
                piles[1 - side[owner] if fft else side[w]].add(EX)  # FFT D20 / seed "revient au gagnant"
            else:
                piles[side[w]].update(rest)
                piles[side[owner]].add(EX)
        else:
            piles[side[w]].update(cards)
        assert w == g.history[k][2], f"trick {k}: winner"
        won[side[w]] += 1
        tricks.append((seats, cards, w))
        leader = w
    assert len(tricks) == {3: 24, 4: 18, 5: 15}[n], "every card is played (seed 001: 24, 18 or 15 cards each)"
    # §9.3, D11: the owner's side gives one low card if it ever holds one (not for the last trick).
    points = [sum(half_points(c) for c in p) for p in piles]
    if ex_owner_side is not None and not ex_last:
        ex_trick = next(t for t in tricks if EX in t[1])
        if side[ex_trick[2]] != ex_owner_side and any(half_points(c) == 1 for c in piles[ex_owner_side]):
            points[ex_owner_side] -= 1  # the low card given for the Excuse (its identity does not matter)
            points[1 - ex_owner_side] += 1
    contract = r["contract"]
    extra_attack = r["ecart"] or (r["talon"] if contract == "garde_sans" else [])
    attack_cards = piles[0] | set(extra_attack)
    attack2 = points[0] + sum(half_points(c) for c in extra_attack)
    oudlers = len(attack_cards & OUDLERS)
    last_seats, last_cards, last_winner = tricks[-1]
    names = ("attack", "defence")
    pab = None
    if not fft:  # D13: the Petit is the winning card of the last trick
        if PETIT in last_cards and last_seats[last_cards.index(PETIT)] == last_winner:
            pab = names[side[last_winner]]
    elif PETIT in last_cards:  # FFT rule 3: the Petit is in the last trick
        pab = names[side[last_winner]]
    elif EX in last_cards and last_seats[last_cards.index(EX)] == last_winner and PETIT in tricks[-2][1]:
        pab = names[side[tricks[-2][2]]]  # FFT rule 5: the chelem's Excuse, the Petit in the next-to-last trick
    slam = "attack" if won[1] == 0 else "defence" if won[0] == 0 else "none"
    sign = {None: 0, "attack": 1, "defence": -1}[pab]
    row = reference_score(g.variant, n, r, attack2, oudlers, sign, slam, g.rules.capot_value)
    return row, attack2, oudlers, pab, slam


def check_ecart(g: TarotState) -> None:
    """Seed 001 §6: no King, no trump, no oudler; D6: non-oudler trumps only when unavoidable."""
    for seat, action in g.log[-1].actions:
        if not action.startswith("discard"):
            continue
        deal = g.log[-1].deal
        hand = {Card.parse(c).id for c in deal["hands"][seat] + deal["talon"]}
        # The écart is laid one card at a time (issue 11): the deal's discards together.
        out = [Card.parse(c).id for _, a in g.log[-1].actions if a.startswith("discard") for c in a.split()[1:]]
        assert len(out) == len(deal["talon"]) and set(out) <= hand
        assert not any(c in OUDLERS or (c < 56 and c % 14 == 13) for c in out)
        plain_ok = [c for c in hand if c < 56 and c % 14 != 13]
        trumps = [c for c in out if c >= 56]
        if trumps:
            assert len(plain_ok) < len(out) and set(plain_ok) <= set(out)
            assert {Card.parse(c).id for c in g.observation((seat + 1) % g.players).public["ecart_trumps"]} == set(trumps)
        return  # the first discard step checked the whole écart


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=IDS)
def test_random_playouts_against_the_oracle(players: int, variant: str) -> None:
    """2,000 random deals: legal actions never raise, deals end, cards are conserved, scores are exact."""
    rng = random.Random(players * 31 + len(variant))
    seen = {"taken": 0, "pab": 0, "alone": 0, "announced": 0}
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
        r = read_deal(g)
        if not r:  # seed 001: "Si tous les joueurs passent, la partie est annulée"
            assert rows[0] == [0] * players and g.outcome is None
            continue
        seen["taken"] += 1
        assert g.outcome is not None
        attack, defence = g.outcome["attack_pile"], g.outcome["defence_pile"]
        assert attack & defence == 0 and attack | defence == ALL, "every card in exactly one side's pile"
        check_ecart(g)
        row, attack2, oudlers, pab, slam = oracle(g)
        assert g.outcome["attack_points"] == Fraction(attack2, 2), f"deal {i}: card points"
        assert (g.outcome["attack_oudlers"], g.outcome["petit_au_bout"], g.outcome["slam"]) == (oudlers, pab, slam)
        assert g.returns() == row, f"deal {i}: score"
        seen["pab"] += pab is not None
        seen["alone"] += players == 5 and r["partner"] is None
        seen["announced"] += bool(r["anns"])
    assert seen["taken"] > DEALS // 2 and seen["pab"] > 0 and seen["announced"] > 0
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
