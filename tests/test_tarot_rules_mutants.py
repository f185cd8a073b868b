"""French Tarot rules that a wrong engine could break unnoticed (issue 6: tests that catch a wrong rule).

Each test is built by hand from seed 001 (``shared/seeds/001_f34b129d35d84bf0.txt``) and the spec
``shared/rules/tarot.md``; expected values are worked out in the docstrings, never read from the engine.
Each one was seen to fail with the rule change it names (see ``tools/mutants.py`` and docs/tarot.md,
"How the rules are tested"). Behaviour is checked through ``apply``/``legal_actions``/``returns``,
not through message texts.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import atout
from atout.core.cards import CARDS, Card
from atout.core.errors import IllegalAction
from atout.games.tarot.scoring import card_points2_literal, score_deal
from atout.games.tarot.state import TarotState

PACK = [c.code for c in CARDS]  # plain cards (spades, hearts, diamonds, clubs), T1..T21, EX
HAND = {3: 24, 4: 18, 5: 15}
TALON = {3: 6, 4: 6, 5: 3}
THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # seed 001 "Atouts", spec §7
VALUES = (20, 30, 40)  # seed 001: "respectivement, 20, 30 ou 40 points"
KINDS = ("poignee_simple", "poignee_double", "poignee_triple")


def trumps(hi: int, lo: int) -> list[str]:
    """Trumps ``hi`` down to ``lo``."""
    return [f"T{n}" for n in range(hi, lo - 1, -1)]


def deal(players: int, fixed: dict[int, list[str]], talon: list[str] | None = None) -> dict[str, list]:
    """A full deal: the ``fixed`` hands, the other seats (and the talon) filled in pack order."""
    used = {c for h in fixed.values() for c in h} | set(talon or [])
    pool = [c for c in PACK if c not in used]
    hands = []
    for s in range(players):
        h = list(fixed.get(s, []))
        need = HAND[players] - len(h)
        hands.append(h + pool[:need])
        pool = pool[need:]
    if talon is None:
        talon, pool = pool[: TALON[players]], pool[TALON[players]:]
    assert not pool and sorted(c for h in [*hands, talon] for c in h) == sorted(PACK), "bad test deal"
    return {"hands": hands, "talon": list(talon)}


def new(players: int, fixed: dict[int, list[str]], talon: list[str] | None = None, *, variant: str = "seed",
        dealer: int | None = None, **options: object) -> TarotState:
    g = atout.new_game("tarot", players=players, variant=variant, seed=1, deal=deal(players, fixed, talon),
                       dealer=players - 1 if dealer is None else dealer, **options)
    assert isinstance(g, TarotState)
    return g


def legal(g: TarotState) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def bid_garde_sans(g: TarotState, taker: int = 0, call: str | None = None) -> None:
    """The bidding of §4: ``taker`` bids Garde sans (no écart), every other seat passes; the call at five."""
    while g.phase == "bidding":
        g.apply("bid garde_sans" if g.current_player == taker else "pass")
    if g.phase == "call":
        g.apply(f"call {call}")


def finish_with(g: TarotState, seed: int) -> None:
    """Random card play to the end, one ``random.Random(seed)`` (the same cards whatever was announced)."""
    rng = random.Random(seed)
    while not g.is_terminal():
        if g.phase == "annonces":
            g.apply("done")
            continue
        g.apply(rng.choice([a for a in g.legal_actions() if a.kind == "play"]))


def play_script(g: TarotState, scripts: list[list[str]]) -> None:
    """Each seat plays the next card of its script when it is its turn (illegal → the test deal is wrong)."""
    queues = [list(s) for s in scripts]
    while g.phase == "play":
        seat = g.current_player
        assert seat is not None
        g.apply(f"play {queues[seat].pop(0)}")
    assert g.is_terminal() and not any(queues)


# =============================================================================================
# Poignée thresholds by behaviour (seed 001 "Atouts", spec §7)
# =============================================================================================
def show_outcomes(g: TarotState) -> set[tuple[int, str]]:
    """(count, kind) of every poignée reachable one card at a time (issue 11) from ``g``.

    Which trump is shown next never changes what may follow (only the count and the Excuse do), so
    the walk tries the lowest listed trump and the Excuse at each step, then ``done`` when listed."""
    seat = g.current_player
    out: set[tuple[int, str]] = set()

    def walk(state: TarotState) -> None:
        if state.current_player != seat or (state.announcements and state.announcements[-1][0] == seat):
            _, kind, shown = state.announcements[-1]
            out.add((shown.bit_count(), kind))
            return
        acts = [str(a) for a in state.legal_actions()]
        steps = [a for a in acts if a.startswith("announce poignee ")]
        tries = [a for a in steps if a != "announce poignee EX"][:1] + [a for a in steps if a == "announce poignee EX"]
        if state.shower == seat and "done" in acts:
            tries.append("done")
        for a in tries:
            twin = state.clone()
            twin.apply(a)
            walk(twin)

    walk(g)
    return out


def poignee_game(players: int, declarer_trumps: list[str], with_excuse: bool) -> TarotState:
    """Seat 0 takes a Garde sans; seat 1 (a defender) holds ``declarer_trumps`` (and the Excuse if asked);
    seat 2 holds every other trump, the Petit among them (so nobody holds a Petit sec, D5)."""
    mine = declarer_trumps + (["EX"] if with_excuse else [])
    others = [c for c in [*trumps(21, 1), "EX"] if c not in mine]
    g = new(players, {1: mine, 2: others})
    bid_garde_sans(g, call="KC" if players == 5 else None)
    while g.current_player != 1:
        g.apply("done")
    assert g.phase == "annonces"
    return g


def ledger_of(g: TarotState, announcement: str, seed: int = 3) -> list[Fraction]:
    """Seat 1's announcement's effect on the scores: the deal with it minus the same deal and play without it."""
    with_it, without = g.clone(), g.clone()
    with_it.apply(announcement)
    finish_with(with_it, seed)
    finish_with(without, seed)
    return [a - b for a, b in zip(with_it.returns(), without.returns(), strict=True)]


def paid_by_each_other(players: int, value: int) -> list[int]:
    """Seed 001 'reçoit … de chaque joueur': a defender's announcement, always paid (§11.3)."""
    return [-value, value * (players - 1)] + [-value] * (players - 2)


@pytest.mark.parametrize(("players", "level"), [(p, lv) for p in (3, 4, 5) for lv in range(3)])
def test_poignee_threshold_is_exactly_the_seed_number(players: int, level: int) -> None:
    """Seed 001: 'au moins 10 (Poignée), 13 (Double Poignée) ou 15 atouts (Triple Poignée) … dans une partie à
    quatre joueurs (13, 15, 18 atouts dans une partie à trois joueurs ; 8, 10, 13 dans une partie à cinq
    joueurs)'; 'Il n'est obligé de présenter que le nombre d'atouts nécessaire' (spec §7). A defender with
    exactly t trumps shows them: every other player pays him 20/30/40 (§11.3). One trump fewer is no show."""
    t = THRESHOLDS[players][level]
    g = poignee_game(players, trumps(21, 22 - t), with_excuse=False)
    shown = " ".join(trumps(21, 22 - t))
    assert (t, KINDS[level]) in show_outcomes(g)  # reachable one card at a time (issue 11)
    assert ledger_of(g, f"announce poignee {shown}") == paid_by_each_other(players, VALUES[level])
    with pytest.raises(IllegalAction):
        g.clone().apply("announce poignee " + " ".join(trumps(21, 23 - t)))  # t - 1 trumps: not a threshold
    fewer = poignee_game(players, trumps(21, 23 - t), with_excuse=False)  # t - 1 trumps in hand
    lengths = {count for count, _ in show_outcomes(fewer)}
    assert t not in lengths and lengths == set(THRESHOLDS[players][:level])


@pytest.mark.parametrize(
    ("players", "held", "level"),
    [(4, 13, 1), (4, 14, 2), (3, 15, 1), (3, 17, 2), (5, 12, 2), (5, 10, 1)],
)
def test_poignee_with_the_excuse_counts_at_the_highest_threshold_reached(players: int, held: int, level: int) -> None:
    """Seed 001: 'au moins 13 (Double Poignée) … y compris l'Excuse'; 'S'il montre l'Excuse, cela signifie qu'il a
    montré tous les atouts qu'il possédait' (spec §7). Showing every trump and the Excuse, n cards, is the highest
    level whose threshold n reaches: 4p 13 + EX = 14 → double (30), 14 + EX = 15 → triple (40); 3p 15 + EX = 16
    → double; 3p 17 + EX = 18 → triple; 5p 12 + EX = 13 → triple; 5p 10 + EX = 11 → double."""
    g = poignee_game(players, trumps(21, 22 - held), with_excuse=True)
    show = "announce poignee " + " ".join([*trumps(21, 22 - held), "EX"])
    assert ledger_of(g, show) == paid_by_each_other(players, VALUES[level])


# =============================================================================================
# Sans points (seed 001 "Sans points", spec §7)
# =============================================================================================
@pytest.mark.parametrize("court", ["QS", "NS", "JS"])
def test_sans_points_is_refused_with_a_queen_knight_or_jack_and_no_king(court: str) -> None:
    """Seed 001: 'Le joueur qui n'a ni Oudlers ni Figures peut annoncer qu'il n'a pas de points'; the figures are
    'Roi, Dame, Cavalier, Valet' (glossary 'Figure'). A hand without oudler and without King but with one Queen,
    Knight or Jack is not 'sans points'; the same hand with a plain 9 instead is."""
    plain = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    for card, allowed in ((court, False), ("9S", True)):
        g = new(4, {1: [*plain, card], 2: [*trumps(21, 5), "EX"], 3: trumps(4, 1)})
        bid_garde_sans(g)
        g.apply("done")  # seat 0, the taker and leader (D7)
        assert g.current_player == 1
        assert ("announce sans_points" in legal(g)) is allowed
        if allowed:
            g.apply("announce sans_points")
        else:
            with pytest.raises(IllegalAction):
                g.apply("announce sans_points")


# =============================================================================================
# The Excuse in the last trick of a capot, and the petit au bout (seed 001 "L'Excuse", spec §9.4, D12, D13)
# =============================================================================================
SEAT2 = ["4S", "3S", "2S", "AS", "4H", "3H", "2H", "AH", "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"]
SEAT3 = ["JD", "ND", "QD", "KD", *[f"{r}C" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")]]
STRONG = ["EX", *trumps(21, 15), "KS", "QS", "NS", "JS", "10S", "KH", "QH", "NH", "JH", "10H"]
FOLLOWER = [*trumps(14, 8), "9S", "8S", "7S", "6S", "5S", "9H", "8H", "7H", "6H", "5H"]
# Seat 2 follows spades and hearts while it can, otherwise throws diamonds; its last card is 10D.
SEAT2_SCRIPT = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "4S", "3S", "2S", "AS", "8D", "4H", "3H", "2H", "AH", "9D", "10D"]
SEAT3_SCRIPT = SEAT3[1:] + SEAT3[:1]  # void in everything led until the end: any card; its last card is JD


@pytest.mark.parametrize(("variant", "expected"), [("seed", [2820, -940, -940, -940]), ("fft", [1680, -560, -560, -560])])
def test_capot_excuse_wins_the_last_trick_with_the_petit_in_it_no_seed_petit_au_bout(variant: str, expected: list[int]) -> None:
    """Seed 001: the Excuse at the last trick 'dans le cas de Capot … remporte alors le pli'; the petit au bout is
    for 'remporter le dernier Pli avec le Petit' (spec §9.4, D13: the winning card must be the Petit).

    4 players, seat 0 takes a Garde sans (×8) and wins the first 17 tricks; he leads the Excuse to the last trick,
    where a defender plays the Petit, the only trump of that trick. The Excuse wins (capot), the Petit is not the
    winning card: no petit au bout. The attack owns all 91 points, 3 oudlers: e = 91 − 36 = 55,
    A = (55 + 25) × 8 + 300 (unannounced capot, 'la moitié', §11.4) = 940.
    FFT: the Petit is in the last trick, won by the attack (rule 3): S = (25 + 55) × 4 + 10 × 4 + 200 = 560."""
    g = new(4, {0: STRONG, 1: ["T1", *FOLLOWER], 2: SEAT2, 3: SEAT3}, trumps(7, 2), variant=variant)
    bid_garde_sans(g)
    while g.phase == "annonces":
        g.apply("done")
    leads = [*trumps(21, 15), "KS", "QS", "NS", "JS", "10S", "KH", "QH", "NH", "JH", "10H", "EX"]
    play_script(g, [leads, [*FOLLOWER, "T1"], SEAT2_SCRIPT, SEAT3_SCRIPT])
    last = g.history[-1]
    assert Card(last[1][0]).code == "EX" and Card(last[1][1]).code == "T1" and last[2] == 0
    assert g.returns() == expected


def test_seed_a_defenders_excuse_never_wins_the_last_trick_d12() -> None:
    """Seed 001: the Excuse wins the last trick only 'dans le cas de Capot', and 'dans une partie ordinaire, l'Excuse,
    si elle est jouée au dernier pli, revient au gagnant de ce pli'; D12: the capot exception is the attack's only.

    4 players, dealer 0: seat 1 leads. Seat 0 takes a Garde contre (×12, the talon T1–T6 goes to the defence).
    The defence wins the first 17 tricks; at the last one seat 1 leads the Excuse, seat 2 plays 10D, seat 3 JD and
    the taker trumps with T7: the taker wins the trick and the Excuse with it. Attack: EX 4.5 + T7 0.5 + 10D 0.5 +
    JD 1.5 = 7 points, 1 oudler: e = 7 − 51 = −44, A = −44 × 12 = −528 per defender."""
    g = new(4, {1: STRONG, 0: ["T7", *FOLLOWER], 2: SEAT2, 3: SEAT3}, trumps(6, 1), dealer=0)
    while g.phase == "bidding":
        g.apply("bid garde_contre" if g.current_player == 0 else "pass")
    while g.phase == "annonces":
        g.apply("done")
    leads = [*trumps(21, 15), "KS", "QS", "NS", "JS", "10S", "KH", "QH", "NH", "JH", "10H", "EX"]
    play_script(g, [[*FOLLOWER, "T7"], leads, SEAT2_SCRIPT, SEAT3_SCRIPT])
    assert [w for _, _, w in g.history[:-1]] == [1] * 17 and g.history[-1][2] == 0
    assert g.returns() == [-1584, 528, 528, 528]


# =============================================================================================
# FFT rule 10's exception: the called card itself may be led at the first trick
# =============================================================================================
def test_fft_the_leader_may_lead_the_called_king_at_the_first_trick() -> None:
    """FFT rule 10: 'At the first trick nobody may lead the called suit except with the called card itself'.
    5 players, dealer 4: seat 0 leads; seat 1 takes and calls KH, which seat 0 holds with 5H and 3H."""
    lead_hand = ["KH", "5H", "3H", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS"]
    g = new(5, {0: lead_hand, 2: [*trumps(21, 8), "EX"], 3: trumps(7, 1)}, variant="fft")
    bid_garde_sans(g, taker=1, call="KH")
    while g.phase == "annonces":
        g.apply("done")
    assert g.current_player == 0
    plays = {a.args[0] for a in g.legal_actions() if a.kind == "play"}
    assert "KH" in plays and not plays & {"5H", "3H"}
    g.apply("play KH")
    assert g.current_player == 1


# =============================================================================================
# FFT: every poignée of the deal counts (FFT rule 4)
# =============================================================================================
def test_fft_two_poignees_in_one_deal_both_go_to_the_winning_side() -> None:
    """FFT rule 4: poignées are 'not multiplied and credited to the side that wins the deal, whoever declared it'.
    A simple (20) and a double (30) handful in one deal: 50 to the winners. 4 players, Garde (×2), 2 oudlers,
    49 points: d = 8, S = (25 + 8) × 2 + 50 = 116; lost with 33 points: d = −8, S = −66 − 50 = −116."""
    anns = [(0, "poignee_simple"), (2, "poignee_double")]
    won = score_deal(variant="fft", players=4, contract="garde", taker=0, partner=None, attack_points=49,
                     attack_oudlers=2, announcements=anns)
    assert won == [348, -116, -116, -116]
    lost = score_deal(variant="fft", players=4, contract="garde", taker=0, partner=None, attack_points=33,
                      attack_oudlers=2, announcements=anns)
    assert lost == [-348, 116, 116, 116]


def test_fft_two_poignees_shown_in_play_both_count() -> None:
    """FFT rule 4 in a played deal: seat 1 shows 10 trumps and seat 2 shows 10 more at their first cards; against the
    same deal and the same cards without them, each defender's score moves by 20 + 20 = 40 (to the winning side)."""
    g = new(4, {1: trumps(21, 12), 2: trumps(11, 2), 3: ["T1", "EX"]}, variant="fft")
    bid_garde_sans(g)
    g.apply("done")  # no chelem
    with_them, without = g.clone(), g.clone()
    rng = random.Random(5)
    shown = {1: "announce poignee " + " ".join(trumps(21, 12)), 2: "announce poignee " + " ".join(trumps(11, 2))}
    while not with_them.is_terminal():
        seat = with_them.current_player
        if seat in shown and with_them.trick_no == 0:
            with_them.apply(shown.pop(seat))
        card = rng.choice([a for a in with_them.legal_actions() if a.kind == "play"])
        with_them.apply(card)
        without.apply(card)
    assert not shown
    delta = [a - b for a, b in zip(with_them.returns(), without.returns(), strict=True)]
    sign = 1 if with_them.returns()[0] > 0 else -1  # the attack won or lost the deal
    assert delta == [sign * 120, -sign * 40, -sign * 40, -sign * 40]


# =============================================================================================
# The seed's literal count (D3, count_method="seed_literal")
# =============================================================================================
def half_points_literal(codes: str) -> int:
    return card_points2_literal(sum(1 << Card.parse(c).id for c in codes.split()))


@pytest.mark.parametrize(
    ("pile", "points"),
    [
        ("KS QH T5 T6", 9),  # two honours, two trumps 2–20: King 5 + Queen 4
        ("KS QH NS JD T2 T3 T4 T20", 14),  # four pairs: 5 + 4 + 3 + 2
        ("T21 T1 EX T9 T10 T11", 15),  # the three oudlers, each with a trump: 5 × 3
        ("KS KH KD T5 T6", 10),  # three Kings, two trumps: only two pairs count
        ("KS QS NS", 0),  # honours without a trump do not count
        ("T5 T6 T7", 0),  # intermediate trumps are worth nothing
        ("2S 3S 4H KC T2 T3", Fraction(13, 2)),  # 3 numerals ½ each + King 5
        ("T21 T1 KS T5", 5),  # the 21 and the Petit pair no honour: only trumps 2–20 'servent à valider'
        ("KS JD T5", 5),  # one pair for two honours: the counter pairs his best honour (reading of D3)
    ],
)
def test_seed_literal_count_pairs_each_honour_with_its_own_trump(pile: str, points: Fraction) -> None:
    """Seed 001: 'un Oudler ou une Figure doivent obligatoirement se compter accompagnés d'une carte d'atout';
    'les atouts intermédiaires … 0 point'; 'les cartes numérotées … un demi-point chacune' (D3, seed_literal)."""
    assert Fraction(half_points_literal(pile), 2) == points


# =============================================================================================
# score_deal refuses what no deal can produce (bad input: a clear ValueError, the project's standard)
# =============================================================================================
@pytest.mark.parametrize(
    "bad",
    [
        {"taker": 4},  # seats are 0..3 at four players
        {"players": 5, "partner": 5},
        {"announcements": [(4, "poignee_simple")]},
        {"variant": "fft", "announcements": [(4, "poignee_simple")]},
        {"attack_points": Fraction(183, 2)},  # 91.5: more than the 91 points of the pack (§2.1)
        {"attack_points": 92},
        {"attack_points": Fraction(-1, 2)},
        {"attack_points": Fraction(1, 3)},  # card points are whole or half points (§2.1, D3)
    ],
)
def test_score_deal_refuses_impossible_inputs(bad: dict[str, object]) -> None:
    """Spec §2.1: the pack holds 91 points, counted by half points; seats exist only 0..players-1."""
    args: dict[str, object] = {"variant": "seed", "players": 4, "contract": "garde", "taker": 0, "partner": None,
                               "attack_points": 45, "attack_oudlers": 2}
    args.update(bad)
    with pytest.raises(ValueError):
        score_deal(**args)  # type: ignore[arg-type]


# =============================================================================================
# Sans atouts and the Excuse; the winner of a trick (seed 001 "Sans atouts", "Un joueur gagne une Levée")
# =============================================================================================
def test_sans_atouts_is_refused_to_a_hand_holding_the_excuse() -> None:
    """Seed 001: 'Sans atouts. Cette annonce est faite par le joueur qui ne possède ni atouts ni l'Excuse' (spec §7):
    seat 1 holds no trump but the Excuse, so he may not announce it; seat 3, with neither, may."""
    g = new(4, {1: ["EX", *[f"{r}S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]],
                2: trumps(21, 4), 0: trumps(3, 1)})
    bid_garde_sans(g)
    g.apply("done")  # seat 0, the taker and leader (D7)
    assert g.current_player == 1 and "announce sans_atouts" not in legal(g)
    with pytest.raises(IllegalAction):
        g.apply("announce sans_atouts")
    g.apply("done")
    g.apply("done")
    assert g.current_player == 3 and "announce sans_atouts" in legal(g)


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("3H KH T2 10H", 2),  # 'S'il est le seul à avoir joué atout'
        ("3H KH 10H QH", 1),  # 'la carte la plus haute de la couleur demandée'
        ("3H KS 2H AD", 0),  # cards of other suits never win
        ("T5 T21 T2 EX", 1),  # 'la carte d'atout la plus haute'
        ("EX 4C T1 KC", 2),  # the Excuse led: the next card fixes the suit; the Petit is a trump
    ],
)
def test_trick_winner_follows_the_seed(trick: str, winner: int) -> None:
    """Seed 001 'Un joueur gagne une Levée' (spec §9.2); the Excuse never wins (§9.3). ``trick_winner_index`` is the
    helper the bots use to see who is winning a trick."""
    from atout.games.tarot.rules import trick_winner_index

    assert trick_winner_index([Card.parse(c).id for c in trick.split()]) == winner
