"""French Tarot rules, one test per rule, from explicit deals (seed 001; spec tarot.md §n, Dn, FFT rule n).

Seats are numbered in play order; with ``dealer = players - 1`` seat 0 bids first and leads.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import atout
from atout.core.cards import CARDS, Card
from atout.core.cardset import codes
from atout.core.errors import IllegalAction, RecordError
from atout.games.tarot.state import TarotState

PACK = [c.code for c in CARDS]
HAND = {3: 24, 4: 18, 5: 15}
TALON = {3: 6, 4: 6, 5: 3}
LATE = [c for c in PACK if c[-1] in "HDC" and not c.startswith("T") and c != "EX"]  # filled last, in order


def deal(players: int, fixed: dict[int, str], talon: str | None = None, rest: list[str] | None = None) -> dict[str, Any]:
    """A full deal: ``fixed`` hands (codes separated by spaces), completed in pack order from the cards left.

    Cards named nowhere are spread over the short hands (and the talon if not given), hearts,
    diamonds and clubs first, so the spades, trumps and Excuse a test names stay where it put them.
    """
    named = {s: h.split() for s, h in fixed.items()}
    given_talon = talon.split() if talon is not None else None
    used = {c for h in named.values() for c in h} | set(given_talon or [])
    pool = [c for c in (rest or LATE) if c not in used] + [c for c in PACK if c not in used and c not in (rest or LATE)]
    hands = []
    for s in range(players):
        h = named.get(s, [])
        need = HAND[players] - len(h)
        h, pool = h + pool[:need], pool[need:]
        hands.append(h)
    if given_talon is None:
        given_talon, pool = pool[: TALON[players]], pool[TALON[players]:]
    assert not pool and sorted([c for h in hands for c in h] + given_talon) == sorted(PACK), "bad test deal"
    return {"hands": hands, "talon": given_talon}


def game(players: int = 4, variant: str = "seed", **deal_args: Any) -> TarotState:
    options = deal_args.pop("options", {})
    dealer = deal_args.pop("dealer", players - 1)
    g = atout.new_game("tarot", players=players, variant=variant, deal=deal(players, **deal_args), dealer=dealer,
                       seed=1, **options)
    assert isinstance(g, TarotState)
    return g


def run(g: TarotState, *actions: str) -> None:
    for a in actions:
        g.apply(a)


def to_play(g: TarotState, bids: list[str], discard: str | None = None, call: str | None = None) -> None:
    """Bid (one word per seat from seat 0), call, discard, then say 'done' through the announcements."""
    for b in bids:
        g.apply(b if b == "pass" else f"bid {b}")
    if call:
        g.apply(f"call {call}")
    if discard:
        g.apply(f"discard {discard}")
    while g.phase == "annonces":
        g.apply("done")
    assert g.phase == "play"


def refused(g: TarotState, action: str, match: str | None) -> None:
    """The action raises IllegalAction whose message matches (any message if None), and changes nothing."""
    before = json.dumps(g.to_record())
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert json.dumps(g.to_record()) == before


def plays(g: TarotState) -> set[str]:
    return {a.args[0] for a in g.legal_actions() if a.kind == "play"}


# Every spade, trump and the Excuse placed (hearts, diamonds, clubs fill the rest): seat 2 and seat 3
# are void in spades; seat 3 has no trump above T19.
SPADES_AND_TRUMPS = {
    0: "KS QS 2S T21 T20 T2",
    1: "AS 3S 4S 5S 6S 7S 8S 9S 10S JS NS T5 T8 T9 T10",
    2: "T3 T4 T11 T15 T19",
    3: "T1 T6 T7 T12 T13 T14 T16 T17 T18 EX",
}


# --- deal (§3) -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["hands"][0].pop(), "hand 0 has 17 cards; at 4 players it needs 18"),
        (lambda d: d["talon"].__setitem__(0, d["hands"][1][0]), r"dealt twice \(hand 1 and the talon\)"),
        (lambda d: d["hands"][2].__setitem__(0, "ZZ"), "hand 2: not a card"),
        (lambda d: d.pop("talon"), "lacks talon"),
        (lambda d: d.__setitem__("turnup", "KS"), "unknown key"),
        (lambda d: d["hands"].pop(), "list of 4 hands"),
    ],
)
def test_explicit_deal_is_checked_card_by_card(mutate: Any, message: str) -> None:
    """Spec §3 / contract: 18 cards each at four, a talon of 6; invalid deals raise RecordError precisely."""
    d = deal(4, {})
    mutate(d)
    with pytest.raises(RecordError, match=message):
        atout.new_game("tarot", players=4, deal=d, dealer=0)


@pytest.mark.parametrize(("players", "hand", "talon"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_random_deal_sizes_and_explicit_log(players: int, hand: int, talon: int) -> None:
    """Seed 001 'Le Talon ou Chien': 24/18/15 cards each, a talon of 6/6/3; the log keeps the explicit deal."""
    g = atout.new_game("tarot", players=players, seed=5)
    logged = g.log[0].deal
    assert [len(h) for h in logged["hands"]] == [hand] * players and len(logged["talon"]) == talon
    assert sorted([c for h in logged["hands"] for c in h] + logged["talon"]) == sorted(PACK)
    again = atout.new_game("tarot", players=players, deal=logged, dealer=g.dealer, seed=99)
    assert again.log[0].deal == logged


@pytest.mark.parametrize("variant", ["seed", "fft"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_dealer_right_bids_first_d1(players: int, variant: str) -> None:
    """Seed 001: 'C'est le joueur placé à droite du donneur qui commence à parler' (seats in play order, D1), and
    'c'est le joueur placé à la droite du donneur qui jouera le premier' (§8). Explicit deals without a Petit sec,
    so the bidding opens at once for every dealer."""
    for dealer in range(players):
        g = game(players, variant, fixed={}, dealer=dealer)
        assert g.phase == "bidding" and g.current_player == (dealer + 1) % players
        for _ in range(players):
            g.apply("bid garde_sans" if g.current_player == dealer else "pass")
        if g.phase == "call":
            g.apply(g.legal_actions()[0])
        while g.phase == "annonces":
            g.apply("done")
        assert g.phase == "play" and g.current_player == (dealer + 1) % players


# --- petit sec (§3.1, D5, D15, FFT rule 7) ----------------------------------------------------------
PETIT_SEC = {1: "T1 2S 3S", 0: "EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18"}


def test_seed_petit_sec_claim_redeals_with_the_same_dealer() -> None:
    """Seed 001: 'il peut réclamer l'annulation … la Main ne tourne pas et le joueur qui a donné donne à nouveau'."""
    g = game(fixed=PETIT_SEC)
    assert g.phase == "petit_sec" and g.current_player == 1
    assert [str(a) for a in g.legal_actions()] == ["no_petit_sec", "petit_sec"]
    g.apply("petit_sec")
    assert len(g.log) == 2 and g.log[0].result is None and "petit sec" in g.log[0].note
    assert g.dealer == 3 and g.phase in ("bidding", "petit_sec")
    assert g.sheet() == []  # the annulled hand is no row: it does not count towards `deals`


def test_seed_petit_sec_claim_is_optional() -> None:
    """Seed 001: 'il peut réclamer' (may): declining goes on to the bidding."""
    g = game(fixed=PETIT_SEC)
    g.apply("no_petit_sec")
    assert g.phase == "bidding" and g.current_player == 0


def test_petit_with_the_excuse_is_not_sec_d5() -> None:
    """D5: the Excuse is 'assimilée à un atout', so the Petit with the Excuse is not sec."""
    g = game(fixed={1: "T1 EX 2S", 0: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19"})
    assert g.phase == "bidding"


def test_fft_petit_sec_is_compulsory_and_the_next_dealer_redeals() -> None:
    """FFT rule 7, D15: the deal is cancelled before the bidding and the next dealer deals; it does not count."""
    g = atout.new_game("tarot", players=4, variant="fft", deal=[deal(4, PETIT_SEC), deal(4, {})], dealer=3, seed=1)
    assert len(g.log) == 2 and g.log[0].result is None and g.log[0].actions == []
    assert g.dealer == 0 and g.phase == "bidding" and g.current_player == 1
    while not g.is_terminal():
        g.apply("pass")
    assert g.sheet() == [[0, 0, 0, 0]]
    assert atout.replay(json.loads(json.dumps(g.to_record()))).returns() == g.returns()


# --- bidding (§4) ----------------------------------------------------------------------------------
def test_each_bid_must_beat_the_last() -> None:
    """Seed 001: 'le joueur suivant n'a plus qu'une alternative : passer ou proposer un contrat de force supérieure'."""
    g = game(fixed={})
    g.apply("bid garde")
    assert [str(a) for a in g.legal_actions()] == ["bid garde_contre", "bid garde_sans", "pass"]
    refused(g, "bid pousse", "must beat garde")
    refused(g, "bid garde", "must beat garde")
    refused(g, "bid petite", "contracts are prise, pousse, garde, garde_sans, garde_contre")


def test_fft_contracts_have_no_pousse() -> None:
    """FFT rule 1: Petite, Garde, Garde sans, Garde contre."""
    g = game(variant="fft", fixed={})
    assert [str(a) for a in g.legal_actions()] == ["bid garde", "bid garde_contre", "bid garde_sans", "bid petite", "pass"]
    refused(g, "bid pousse", "contracts are petite, garde, garde_sans, garde_contre")


def test_bidding_is_one_round_and_the_highest_bidder_takes() -> None:
    """Seed 001: 'L'Enchère se fait en un seul tour'; everybody speaks once, the strongest bid takes."""
    g = game(fixed={})
    run(g, "bid prise", "bid pousse", "pass", "pass")
    assert g.taker == 1 and g.contract == "pousse" and g.phase == "ecart" and g.current_player == 1


def test_all_pass_is_a_void_deal_and_the_next_player_deals() -> None:
    """Seed 001: 'Si tous les joueurs passent, la partie est annulée et le joueur suivant distribue'."""
    g = atout.new_game("tarot", players=4, seed=2, dealer=1, deals=2, deal=[deal(4, {}), deal(4, {})])
    run(g, "pass", "pass", "pass", "pass")
    assert g.sheet() == [[0, 0, 0, 0]] and g.dealer == 2 and g.current_player == 3
    run(g, "pass", "pass", "pass", "pass")
    assert g.is_terminal() and g.returns() == [0, 0, 0, 0]


# --- the call at five (§5, D9, FFT rule 10) --------------------------------------------------------
def test_seed_call_a_king_not_held_d9() -> None:
    """Seed 001 'appeler un Roi'; D9: a card the taker does not hold."""
    g = game(5, fixed={0: "KS KH T1 T2"})
    run(g, "bid prise", "pass", "pass", "pass", "pass")
    assert g.phase == "call" and [str(a) for a in g.legal_actions()] == ["call KD", "call KC"]
    refused(g, "call KS", "you may call KD KC")
    refused(g, "call QD", "Roi")


def test_seed_four_kings_call_a_queen() -> None:
    """Seed 001: 'ou une Dame s'il possède les quatre Rois'."""
    g = game(5, fixed={0: "KS KH KD KC QS T1 T2"})
    run(g, "bid prise", "pass", "pass", "pass", "pass")
    assert [str(a) for a in g.legal_actions()] == ["call QH", "call QD", "call QC"]


def test_fft_may_call_own_king_and_then_plays_alone() -> None:
    """FFT rule 10: he may call a King of his own hand, deliberately playing alone."""
    g = game(5, variant="fft", fixed={0: "KS T1 T2 T3"})
    run(g, "bid garde_sans", "pass", "pass", "pass", "pass")
    assert "call KS" in [str(a) for a in g.legal_actions()]
    g.apply("call KS")
    assert g.partner == -1 and g.side == [0, 1, 1, 1, 1]


def test_called_card_holder_is_the_partner_revealed_only_by_play() -> None:
    """Seed 001: 'rien dans son attitude ne doit le signaler … jusqu'au moment où il joue la carte appelée'."""
    g = game(5, fixed={3: "KH T1 T2", 0: "T21 T20 AH"})
    to_play(g, ["garde_sans", "pass", "pass", "pass", "pass"], call="KH")
    assert g.partner == 3 and g.side == [0, 1, 1, 0, 1]
    assert all(g.observation(s).public["partner"] is None for s in range(5))
    g.apply("play AH")  # seat 0 leads a heart; seats 1, 2 follow or cut, then seat 3 shows the King
    while g.current_player != 3:
        g.apply(g.legal_actions()[0])
    g.apply("play KH")
    assert all(g.observation(s).public["partner"] == 3 for s in range(5))


def test_called_king_in_the_shown_talon_taker_alone() -> None:
    """Spec §5, D9: if the called card is in the talon the taker plays alone against four (it is public)."""
    g = game(5, fixed={}, talon="KH 2S 3S")
    run(g, "bid prise", "pass", "pass", "pass", "pass", "call KH")
    assert g.partner == -1 and g.observation(2).public["taker_alone"] is True


def test_fft_called_suit_not_led_at_the_first_trick_except_the_called_card() -> None:
    """FFT rule 10: 'At the first trick nobody may lead the called suit except with the called card itself'."""
    g = game(5, variant="fft", fixed={0: "2H 3H 4S T10 T11"})
    to_play(g, ["garde_sans", "pass", "pass", "pass", "pass"], call="KH")
    assert not {"2H", "3H"} & plays(g) and "4S" in plays(g)
    refused(g, "play 2H", "called suit may not be led")
    seed = game(5, fixed={0: "2H 3H 4S T10 T11"})
    to_play(seed, ["garde_sans", "pass", "pass", "pass", "pass"], call="KH")
    assert {"2H", "3H"} <= plays(seed)  # the seed has no such rule


# --- talon and écart (§6, D6, FFT rule 9) ----------------------------------------------------------
ECART = {0: "KS QS 2S 3S T21 T20 T2 EX", 1: "T1 T3"}


def test_prise_shows_the_talon_and_the_taker_takes_it() -> None:
    """Seed 001: 'prend les cartes du Talon, les montre aux autres joueurs et les joint à ses cartes'."""
    g = game(fixed=ECART, talon="AH 2H 3H 4H 5H 6H")
    run(g, "bid prise", "pass", "pass", "pass")
    assert g.phase == "ecart" and len(g.observation(0).hand) == 24
    for s in range(4):
        assert g.observation(s).public["talon"] == ["AH", "2H", "3H", "4H", "5H", "6H"]
        assert g.known_cards(s) & (1 << Card.parse("AH").id)


@pytest.mark.parametrize("contract", ["garde_sans", "garde_contre"])
def test_garde_sans_and_contre_leave_the_talon_unseen(contract: str) -> None:
    """Seed 001: 'il laisse le Talon face cachée … sans que personne ne le regarde'; no écart."""
    g = game(fixed=ECART, talon="AH 2H 3H 4H 5H 6H")
    run(g, f"bid {contract}", "pass", "pass", "pass")
    assert g.phase == "annonces"
    for s in range(4):
        assert g.observation(s).public["talon"] is None
        assert not g.known_cards(s) & (1 << Card.parse("AH").id)


def test_ecart_no_king_no_trump_no_oudler() -> None:
    """Seed 001: 'Dans cet écart, on ne peut mettre ni Roi, ni atout, ni Oudler'; and it is not shown."""
    g = game(fixed=ECART, talon="AH 2H 3H 4H 5H 6H")
    run(g, "bid garde", "pass", "pass", "pass")
    refused(g, "discard KS 2H 3H 4H 5H 6H", "no King")
    refused(g, "discard T2 2H 3H 4H 5H 6H", "no trump")
    refused(g, "discard EX 2H 3H 4H 5H 6H", "no oudler")
    refused(g, "discard 2H 3H 4H 5H 6H", "exactly 6 cards")
    refused(g, "discard 2H 2H 3H 4H 5H 6H", "named twice")
    refused(g, "discard T3 2H 3H 4H 5H 6H", "only lay aside cards of your hand")
    g.apply("discard QS 2S 3S AH 2H 3H")  # any legal écart is accepted, not only a listed one
    assert g.ecart_trumps == 0 and g.phase == "annonces"
    for s in (1, 2, 3):
        assert not g.known_cards(s) & (1 << Card.parse("QS").id)
        assert "QS" not in json.dumps(g.observation(s).to_json())
    assert g.known_cards(0) & (1 << Card.parse("QS").id)


def test_ecart_trumps_only_when_unavoidable_and_then_shown_d6() -> None:
    """D6 / FFT rule 9: non-oudler trumps only if the other cards do not suffice; they are shown."""
    trumps = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15"
    g = game(fixed={0: f"KS KH KD KC {trumps}", 1: "T1 T16"}, talon="2S 3S T17 T18 T19 T20")
    run(g, "bid garde", "pass", "pass", "pass")
    # Only 2S 3S are plain non-Kings: both must go, with four non-oudler trumps.
    refused(g, "discard 2S T2 T3 T4 T5 T6", "every other legal card first")
    refused(g, "discard 2S 3S KS T2 T3 T4", "no King")
    # One card at a time (issue 11): every card that keeps a legal écart reachable, nothing else.
    middle = [f"T{i}" for i in (*range(2, 16), 17, 18, 19, 20)]
    assert [str(a) for a in g.legal_actions()] == [f"discard {c}" for c in ["2S", "3S", *middle]]
    twin = g.clone()
    run(twin, "discard T2", "discard T3", "discard T4", "discard T5")
    # Four trumps laid: the two slots left are owed to 2S and 3S (D6: 'lay aside every other legal card first').
    assert [str(a) for a in twin.legal_actions()] == ["discard 2S", "discard 3S"]
    refused(twin, "discard T6", "every other legal card first")
    g.apply("discard 2S 3S T2 T3 T19 T20")
    shown = g.observation(2).public["ecart_trumps"]
    assert shown == ["T2", "T3", "T19", "T20"] and g.known_cards(2) & (1 << Card.parse("T19").id)


def test_ecart_one_card_at_a_time_then_complete() -> None:
    """Issue 11: 'discard C' six times makes the écart (seed 001 §6); others see only '(1 hidden)'."""
    g = game(fixed=ECART, talon="AH 2H 3H 4H 5H 6H")
    run(g, "bid prise", "pass", "pass", "pass")
    legal = [str(a) for a in g.legal_actions()]
    assert "discard KS" not in legal and "discard EX" not in legal and "discard AH" in legal
    events_before = g.event_count
    for i, card in enumerate(["QS", "2S", "3S", "AH", "2H"]):
        g.apply(f"discard {card}")
        assert g.phase == "ecart" and g.current_player == 0 and g.ecart.bit_count() == i + 1
        assert f"discard {card}" not in [str(a) for a in g.legal_actions()]
    refused(g, "discard QS", "only lay aside cards of your hand")
    refused(g, "discard 3H 4H", "exactly 6 cards, not 7")
    assert g.observation(0).public["my_ecart"] == ["2S", "3S", "QS", "AH", "2H"]
    assert "my_ecart" not in g.observation(1).public
    assert g.seen_history(1)[-1] == (0, "discard (1 hidden)")
    assert g.event_count == events_before  # no event before the last card: one sentence, not six
    g.apply("discard 3H")
    assert g.phase == "annonces" and codes(g.ecart) == ["2S", "3S", "QS", "AH", "2H", "3H"]
    assert [e.kind for e in g.events(0)][-2:] == ["ecart_made", "ecart_done"]
    assert [e.kind for e in g.events(1)][-1] == "ecart_done"


def test_ecart_partial_then_the_rest_at_once() -> None:
    """The rest of the écart may be laid at once after single cards; a partial set of several is refused."""
    g = game(fixed=ECART, talon="AH 2H 3H 4H 5H 6H")
    run(g, "bid prise", "pass", "pass", "pass")
    refused(g, "discard 2H 3H", "exactly 6 cards, not 2")
    run(g, "discard 2H", "discard 3H")
    g.apply("discard 4H 5H 6H AH")
    assert g.phase == "annonces" and codes(g.ecart) == ["AH", "2H", "3H", "4H", "5H", "6H"]


# --- announcements (§7, D7, D10; FFT rules 4, 5, 11) ----------------------------------------------
def test_sans_atouts_and_sans_points_conditions() -> None:
    """Seed 001: 'ni atouts ni l'Excuse' / 'ni Oudlers ni Figures'; the two add up."""
    g = game(fixed={1: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AH 2H 3H 4H 5H 6H 7H 8H", 0: "T2 T3 EX"})
    to_start = ["bid garde_sans", "pass", "pass", "pass"]
    for b in to_start:
        g.apply(b if b == "pass" else b.replace("bid ", "bid "))
    assert g.phase == "annonces" and g.current_player == 0
    refused(g, "announce sans_atouts", "neither trump nor Excuse")
    g.apply("done")
    legal = [str(a) for a in g.legal_actions()]
    assert legal == ["announce sans_atouts", "announce sans_points", "done"]
    run(g, "announce sans_atouts", "announce sans_points")
    refused(g, "announce sans_points", "already announced")
    refused(g, "announce capot", "only the taker")
    g.apply("done")
    kinds = [(a["seat"], a["kind"]) for a in g.observation(3).public["announcements"]]
    assert kinds == [(1, "sans_atouts"), (1, "sans_points")]


POIGNEE_HAND = {0: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 EX", 1: "T1 T13"}


def test_poignee_shows_exactly_the_threshold() -> None:
    """Seed 001: 10 trumps at four ('Poignée'), the Excuse counting as a trump; 'n'est obligé de présenter
    que le nombre d'atouts nécessaire'."""
    g = game(fixed=POIGNEE_HAND)
    run(g, "bid garde_sans", "pass", "pass", "pass")
    # 11 trumps and the Excuse: only the simple poignée is open, shown with exactly 10 cards (or all 12 with EX).
    # One card at a time (issue 11): every trump, and the Excuse (seed: all 11 trumps with it, 12 >= 10).
    offered = [a.args[1:] for a in g.legal_actions() if a.kind == "announce" and a.args[0] == "poignee"]
    assert offered == [(f"T{i}",) for i in range(2, 13)] + [("EX",)]
    refused(g, "announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10", None)  # 9: below the threshold
    refused(g, "announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12", None)  # 11: not a threshold
    refused(g, "announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 EX", "Excuse may be shown only with every trump")
    refused(g, "announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 T13", "trumps of your hand")
    g.apply("announce poignee T12 T11 T10 T9 T8 T7 T6 T5 T4 T3")
    refused(g, "announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 T11", "one poignée per player")
    ann = g.observation(2).public["announcements"]
    assert ann[0]["kind"] == "poignee_simple" and len(ann[0]["cards"]) == 10
    assert g.known_cards(2) & (1 << Card.parse("T12").id)


def test_seed_poignee_with_the_excuse_shows_every_trump() -> None:
    """Seed 001: 'S'il montre l'Excuse, cela signifie qu'il a montré tous les atouts qu'il possédait'."""
    g = game(fixed=POIGNEE_HAND)
    run(g, "bid garde_sans", "pass", "pass", "pass")
    g.apply("announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 EX")  # 12 shown, all trumps + Excuse
    assert g.announcements[0][1] == "poignee_simple"


def test_fft_poignee_exact_and_shown_at_the_first_card() -> None:
    """FFT rule 4: shown just before the declarer's first card, exactly 10/13/15; not in the announcements."""
    g = game(variant="fft", fixed=POIGNEE_HAND)
    run(g, "bid garde_sans", "pass", "pass", "pass")
    assert [str(a) for a in g.legal_actions()] == ["announce chelem", "done"]
    refused(g, "announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 T11", "first card")
    refused(g, "announce sans_atouts", "FFT recognises only")
    g.apply("done")
    assert g.phase == "play" and g.current_player == 0
    assert any(a.kind == "announce" for a in g.legal_actions())
    refused(g, "announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 EX", None)  # FFT: never above the threshold
    g.apply("announce poignee T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")
    assert g.current_player == 0 and all(a.kind == "play" for a in g.legal_actions())
    g.apply("play T12")
    while g.trick:
        g.apply(next(a for a in g.legal_actions() if a.kind == "play"))
    seat = g.current_player
    assert seat is not None and all(a.kind == "play" for a in g.legal_actions())
    trumps = " ".join(codes(g.hands[seat] & ((1 << 78) - (1 << 56))))
    refused(g, f"announce poignee {trumps}", "just before one's first card")


def test_fft_poignee_one_card_at_a_time_before_the_first_card() -> None:
    """FFT rule 4 with issue 11's steps: 11 trumps and the Excuse at four; 10 is the only count reachable
    (13 needs more trumps; 12 with the Excuse is no threshold): the tenth card ends the show by itself."""
    g = game(variant="fft", fixed=POIGNEE_HAND)
    run(g, "bid garde_sans", "pass", "pass", "pass", "done")
    assert g.phase == "play" and g.current_player == 0
    steps = [str(a) for a in g.legal_actions() if a.kind == "announce"]
    assert steps == [f"announce poignee T{i}" for i in range(2, 13)]  # not the Excuse (FFT rule 4)
    run(g, *[f"announce poignee T{i}" for i in range(3, 12)])  # nine shown
    assert [str(a) for a in g.legal_actions()] == ["announce poignee T2", "announce poignee T12"]
    refused(g, "play T2", "finish showing your poignée")
    g.apply("announce poignee T12")
    assert g.announcements == [(0, "poignee_simple", sum(1 << (55 + i) for i in range(3, 13)))]
    assert g.current_player == 0 and all(a.kind == "play" for a in g.legal_actions())


def test_capot_announcement_keeps_the_lead_with_the_dealers_right_d10() -> None:
    """D10: the dealer's right leads even after the taker's capot announcement (seed)."""
    g = game(fixed={2: "T21 T20 T19"})
    run(g, "pass", "pass", "bid garde_sans", "pass")
    while g.phase == "annonces":
        g.apply("announce capot" if g.current_player == 2 and not g.slam_announced else "done")
    assert g.slam_announced and g.current_player == 0


def test_fft_chelem_announcer_leads() -> None:
    """FFT rule 5: the chelem is announced after the écart and the announcer then leads."""
    g = game(variant="fft", fixed={2: "T21 T20 T19"})
    run(g, "pass", "pass", "bid garde_sans", "pass")
    assert g.current_player == 2
    run(g, "announce chelem", "done")
    assert g.phase == "play" and g.current_player == 2


# --- trick play (§9) -------------------------------------------------------------------------------
def test_must_follow_suit_without_having_to_beat() -> None:
    """Seed 001: 'Fournir la couleur demandée, mais ils ne sont pas obligés de monter'."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    g.apply("play KS")
    assert plays(g) == set("AS 3S 4S 5S 6S 7S 8S 9S 10S JS NS".split())  # any spade, all below the King
    refused(g, "play T10", "must follow the suit led")


def test_must_trump_when_void() -> None:
    """Seed 001: 'Couper (jouer de l'atout) s'ils ne peuvent fournir la couleur demandée'."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    run(g, "play 2S", "play 3S")
    assert plays(g) == {"T3", "T4", "T11", "T15", "T19"}
    refused(g, "play " + codes(g.hands[2] & ~((1 << 78) - (1 << 56)))[0], "must trump")


def test_must_overtrump_even_over_a_partner() -> None:
    """Seed 001: 'Jouer un atout plus haut que ceux déjà joués' (no exception for a partner: spec §9.1)."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    run(g, "play 2S", "play 3S", "play T4")  # seat 2, a defender, trumps
    assert plays(g) == {"T6", "T7", "T12", "T13", "T14", "T16", "T17", "T18", "EX"}  # his partner overtrumps
    refused(g, "play T1", "must overtrump the T4")


def test_undertrump_when_unable_to_overtrump() -> None:
    """Seed 001: 'si le joueur ne peut pas jouer un atout supérieur, il doit quand même fournir de l'atout'."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    run(g, "play 2S", "play 3S", "play T19")
    assert plays(g) == {"T1", "T6", "T7", "T12", "T13", "T14", "T16", "T17", "T18", "EX"}
    refused(g, "play " + codes(g.hands[3])[0], "must trump")


def test_trumps_led_must_be_overtrumped() -> None:
    """Spec §9.1 (4): trumps led: play a trump, higher than the highest so far if able."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    g.apply("play T2")
    assert plays(g) == {"T5", "T8", "T9", "T10"}
    g.apply("play T10")
    assert plays(g) == {"T11", "T15", "T19"}
    refused(g, "play T3", "must overtrump the T10")


def test_excuse_may_be_played_at_any_time_and_never_wins() -> None:
    """Seed 001: l'Excuse 'peut se jouer à tout moment … à la place de n'importe quelle autre carte'."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    run(g, "play 2S", "play 3S", "play T4", "play EX")
    assert g.history[0][2] == 2 and g.current_player == 2  # T4 wins; the Excuse never wins here


def test_excuse_led_next_card_fixes_the_suit() -> None:
    """Seed 001: 'lorsqu'un joueur … joue l'Excuse en premier, c'est la carte du joueur suivant qui indiquera
    la couleur demandée'."""
    fixed = dict(SPADES_AND_TRUMPS)
    fixed[0], fixed[3] = "KS QS 2S T21 T20 T2 EX", "T1 T6 T7 T12 T13 T14 T16 T17 T18"
    g = game(fixed=fixed)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    g.apply("play EX")
    assert plays(g) == {c for c in codes(g.hands[1])}  # nothing is led yet: any card
    g.apply("play 3S")
    assert plays(g) == {"T3", "T4", "T11", "T15", "T19"}  # spades are now led: seat 2 is void, must trump
    run(g, "play T3", "play T6")
    assert g.history[0][2] == 3 and g.current_player == 3


def test_highest_card_of_the_suit_led_wins_without_trump() -> None:
    """Seed 001 'Un joueur gagne une Levée': 'S'il a joué la carte la plus haute de la couleur demandée'."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    g.apply("play AH")  # hearts: seat 0 holds the first hearts of the fill
    while g.trick:
        g.apply(g.legal_actions()[0])
    cards = [CARDS[c].code for c in g.history[0][1]]
    hearts = [c for c in cards if c.endswith("H")]
    trumps = [c for c in cards if c.startswith("T")]
    expect = max(trumps, key=lambda c: int(c[1:])) if trumps else max(hearts, key=lambda c: Card.parse(c).id)
    assert cards[g.history[0][2]] == expect


def test_illegal_play_names_the_rule_and_changes_nothing() -> None:
    """STYLE habit 5: IllegalAction names the rule; the state is unchanged after it."""
    g = game(fixed=SPADES_AND_TRUMPS)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    refused(g, "play 3S", "not in your hand")
    refused(g, "play T22", "no trump")
    refused(g, "bid garde", "time to play a card")
    refused(g, "discard 2S", "time to play a card")
    g.apply("play KS")
    refused(g, "play T5", "seed 001: 'fournir la couleur demandée'")


# --- the Excuse (§9.3, §9.4, D11, D12, D20) and the petit au bout (D13, FFT rule 3) ------------------
def finish(g: TarotState, policy: dict[int, Any]) -> None:
    """Play to the end: each seat's ``policy(legal codes) -> code`` (default: its lowest card id)."""
    while not g.is_terminal():
        seat = g.current_player
        legal = [a.args[0] for a in g.legal_actions() if a.kind == "play"]
        choose = policy.get(seat, lambda legal: legal[0])
        g.apply("play " + choose(legal))


def top_trump_first(legal: list[str]) -> str:
    """The highest trump, else the highest plain card, the Excuse last."""
    return max(legal, key=lambda c: (c.startswith("T"), c != "EX", Card.parse(c).id))


def keep(card: str, then: Any = None) -> Any:
    """A policy that plays ``card`` only when it has to (else ``then``, by default the lowest card)."""
    return lambda legal: (then or (lambda rest: rest[0]))([c for c in legal if c != card] or legal)


def highest(legal: list[str]) -> str:
    return max(legal, key=lambda c: Card.parse(c).id)


CAPOT = {0: "T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX",
         1: "T1 T2 AS 2S 3S 4S 5S 6S 7S", 2: "T3 T4 8S 9S 10S JS NS QS KS"}


def test_capot_excuse_wins_the_last_trick_for_the_attack_d12() -> None:
    """Seed 001: 'L'Excuse peut se jouer au dernier tour uniquement dans le cas de Capot. Cette carte remporte
    alors le pli' (D12: the attack has won every earlier trick and an attacker plays it)."""
    g = game(fixed=CAPOT)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    finish(g, {0: top_trump_first})
    assert CARDS[g.history[-1][1][0]].code == "EX" and g.history[-1][2] == 0
    assert g.outcome is not None and g.outcome["slam"] == "attack" and g.outcome["attack_points"] == 91
    # Garde sans x8, 3 oudlers, 91 points: (55 + 25) x 8 + 300 (capot unannounced, 'la moitié').
    assert g.returns() == [3 * 940, -940, -940, -940]


def test_fft_announced_chelem_excuse_kept_for_the_last_trick_and_wins_it() -> None:
    """FFT rule 5: the chelem announcer leads, must play his Excuse to the last trick, where it wins;
    announced and made: (25 + 55) x 4 + 400 = 720 per defender (as TAROT-FFT-6)."""
    g = game(variant="fft", fixed=CAPOT)
    run(g, "bid garde_sans", "pass", "pass", "pass", "announce chelem", "done")
    assert g.current_player == 0 and "EX" not in plays(g)
    refused(g, "play EX", "FFT rule 5")
    finish(g, {0: top_trump_first})
    assert CARDS[g.history[-1][1][0]].code == "EX" and g.history[-1][2] == 0
    assert g.returns() == [2160, -720, -720, -720]


LAST_EXCUSE = {0: "T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 AS 2S 3S 4S 5S 6S",
               1: "T1 T2 T3 EX", 2: "T4 T5 T6 7S 8S 9S 10S", 3: "T7 T8 T9 JS NS QS KS"}


@pytest.mark.parametrize(("variant", "pile"), [("seed", 1), ("fft", 0)])
def test_excuse_on_the_last_trick_seed_to_the_winner_fft_changes_sides_d20(variant: str, pile: int) -> None:
    """Seed 001: 'l'Excuse, si elle est jouée au dernier pli, revient au gagnant de ce pli' (no exchange);
    D20 / FFT rule 12: outside a chelem it goes to the side opposite its owner, even when its side wins."""
    g = game(variant=variant, fixed=LAST_EXCUSE)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    finish(g, {0: top_trump_first, 1: keep("EX", highest), 2: highest, 3: highest})
    last = g.history[-1]
    assert "EX" in [CARDS[c].code for c in last[1]] and g.side[last[2]] == 1  # a defender wins it
    assert g.outcome is not None and g.outcome["slam"] == "none"
    ex = 1 << Card.parse("EX").id
    assert (g.outcome["attack_pile"], g.outcome["defence_pile"])[pile] & ex


EXCHANGE = {0: "T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 2S 3S", 1: "T1 T2 EX KS AS",
            2: "T3 T4 4S 5S 6S 7S", 3: "T5 8S 9S 10S JS NS QS"}


def test_excuse_exchanged_for_a_low_card_deferred_until_a_trick_d11() -> None:
    """Seed 001: 'la reprend, la met avec les plis qu'il a gagnés et remet une carte sans valeur en échange';
    D11: if his side has no trick yet, the exchange is made at its first trick."""
    g = game(fixed=EXCHANGE)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    run(g, "play T21", "play EX", "play T3", "play T5")  # the defence's Excuse, in a trick the attack wins
    ex = 1 << Card.parse("EX").id
    assert g.piles == [g.piles[0], ex] and g.debt == 1  # the Excuse is back with the defence, owing a card
    run(g, "play 2S", "play KS", "play 4S", "play 8S")  # the defence wins a trick: now it gives 2S
    assert g.debt == -1 and g.piles[0] >> Card.parse("2S").id & 1 and g.piles[1] & ex
    assert g.piles[0] & g.piles[1] == 0 and (g.piles[0] | g.piles[1]).bit_count() == 8


def test_no_low_card_given_if_the_side_never_wins_a_trick_d11() -> None:
    """D11: if the Excuse's side never wins a trick no card is given: the taker keeps his Excuse."""
    g = game(fixed={0: "EX AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                    1: "JS NS QS KS T1 T2 T3 T4 T5 T6 T7", 2: "T8 T9 T10 T11 T12 T13 T14",
                    3: "T15 T16 T17 T18 T19 T20 T21"})
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    g.apply("play EX")
    finish(g, {0: highest})
    assert g.tricks_won[0] == 0 and g.outcome is not None and g.outcome["slam"] == "defence"
    assert g.outcome["attack_pile"] == (1 << Card.parse("EX").id) | g.talon
    # Garde sans: attack = Excuse 4.5 + talon (9C 10C JC NC QC KC = 13) = 17.5, 1 oudler: e = -34, A = -272.
    assert g.outcome["attack_points"] == Fraction(35, 2) and g.returns() == [-816, 272, 272, 272]


PETIT_LAST = {0: "T1 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 2S",
              1: "T2 T3 AS 3S 4S 5S", 2: "T4 T5 6S 7S 8S 9S", 3: "10S JS NS QS KS EX"}


def taker_keeps_petit(legal: list[str]) -> str:
    """Top trumps first, then the 2S, the Petit last."""
    others = [c for c in legal if c != "T1"]
    return top_trump_first(others) if others else "T1"


@pytest.mark.parametrize(("variant", "pab"), [("seed", "attack"), ("fft", "attack")])
def test_petit_au_bout_won_by_the_taker(variant: str, pab: str) -> None:
    """Seed 001: 'remporter le dernier Pli avec le Petit permet d'acquérir une Prime de 10 points' (D13);
    FFT rule 3: the Petit in the last trick, for the side that wins it."""
    g = game(variant=variant, fixed=PETIT_LAST)
    to_play(g, ["garde_sans", "pass", "pass", "pass"])
    finish(g, {0: taker_keeps_petit})
    last = g.history[-1]
    assert CARDS[last[1][(0 - last[0]) % 4]].code == "T1" and last[2] == 0
    assert g.outcome is not None and g.outcome["petit_au_bout"] == pab


# --- known cards and observations ------------------------------------------------------------------
def test_observation_shows_no_hidden_card_and_is_json() -> None:
    """Contract: an observation names only cards of known_cards(seat); it is JSON-able."""
    g = atout.new_game("tarot", players=5, seed=11)
    while not g.is_terminal():
        for s in range(5):
            text = json.dumps(g.observation(s).to_json())
            known = set(codes(g.known_cards(s)))
            for code in PACK:
                if f'"{code}"' in text or f" {code}\"" in text or f" {code} " in text:
                    assert code in known, (code, s, g.phase)
        g.apply(g.legal_actions()[0])


def test_known_cards_of_the_taker_include_his_ecart_only_for_him() -> None:
    """Seed 001: 'Contrairement au Talon, cet écart n'est pas montré aux autres joueurs'."""
    g = game(fixed=ECART, talon="AH 2H 3H 4H 5H 6H")
    run(g, "bid prise", "pass", "pass", "pass", "discard QS 2S 3S AH 2H 3H")
    qs = 1 << Card.parse("QS").id
    assert g.known_cards(0) & qs and not any(g.known_cards(s) & qs for s in (1, 2, 3))
    assert g.observation(0).public["my_ecart"] == ["2S", "3S", "QS", "AH", "2H", "3H"]
    assert "my_ecart" not in g.observation(1).public


def test_returns_are_exact_fractions_and_rows_sum_to_zero() -> None:
    """Contract: returns() are exact Fractions; every deal sums to zero (seed 001)."""
    g = atout.new_game("tarot", players=5, seed=4, deals=3)
    while not g.is_terminal():
        g.apply(g.legal_actions()[-1])
    assert all(isinstance(x, Fraction) for x in g.returns())
    assert all(sum(row) == 0 for row in g.sheet()) and len(g.sheet()) == 3


def test_options_and_italian_display() -> None:
    """Rule options: capot_value (seed 001 '600 … dans certaines régions, 1000'), count_method, italian."""
    g = atout.new_game("tarot", players=4, seed=1, capot_value=1000, italian=True)
    assert g.rules.capot_value == 1000 and g.options()["italian"] is True and "variant" not in g.options()
    with pytest.raises(ValueError, match="unknown Tarot option"):
        atout.new_game("tarot", players=4, pousse=True)
    with pytest.raises(ValueError, match="count_method"):
        atout.new_game("tarot", players=4, count_method="pairs")
    assert atout.game_info("tarot").rules_text("fr").startswith("#")
    assert atout.game_info("tarot").rules_text("en").startswith("#")
