"""Independent rule tests for La Triomphe (and "la Triomphe à l'As qui pille").

Written from the rules only, never from the implementation:

* seed 002 — ``shared/seeds/002_a8fc8f57312f63d9.txt`` (the French text, the truth);
* the spec — ``shared/rules/triomphe.md`` (decisions D1–D15, worked examples TRI-1..TRI-7).

Every test cites its source in its docstring. Only the public API of ``atout`` is used.
Seats are numbered in play order; ``eldest = (dealer + 1) % n`` leads; in the classic game the
side of a seat is ``seat % 2``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import atout

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
PACK = [r + s for s in SUITS for r in RANKS]
RECORDS = Path(__file__).parent / "records" / "triomphe"

# seed 002: "Roi, Dame, Valet, As, Dix, Neuf, Huit et Sept" (high to low)
BASE_ORDER = ["K", "Q", "J", "A", "10", "9", "8", "7"]
# seed 002 (As qui pille): "les As sont les premières cartes du jeu, et qu'ils lèvent les Rois"
ACES_HIGH_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7"]


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------
def make_deal(hands: list[list[str]], turnup: str, stock_top: tuple[str, ...] = ()) -> dict:
    """An explicit deal: the hands, the turn-up, and the stock (given top cards, then the rest)."""
    used = [c for h in hands for c in h] + [turnup, *stock_top]
    assert len(used) == len(set(used)), f"duplicate card in the test deal: {used}"
    assert all(c in PACK for c in used), used
    rest = [c for c in PACK if c not in used]
    return {"hands": [list(h) for h in hands], "turnup": turnup, "stock": [*stock_top, *rest]}


def new(hands, turnup, *, players=None, variant="classic", dealer=None, stock_top=(), **kw):
    players = players or len(hands)
    if dealer is None:
        dealer = players - 1  # eldest = seat 0
    return atout.new_game(
        "triomphe",
        players=players,
        variant=variant,
        seed=1,
        deal=make_deal(hands, turnup, stock_top),
        dealer=dealer,
        **kw,
    )


def start_play(hands, turnup, **kw):
    """A game past the concession phase (both sides decline to concede)."""
    g = new(hands, turnup, **kw)
    while g.phase == "concession":
        assert {str(a) for a in g.legal_actions()} == {"concede", "no_concession"}
        g.apply("no_concession")
    assert g.phase == "play"
    return g


def legal(g) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def legal_cards(g) -> set[str]:
    return {str(a).split()[1] for a in g.legal_actions() if str(a).startswith("play ")}


def pub(g, seat: int = 0) -> dict:
    return g.observation(seat).to_json()["public"]


def hand(g, seat: int) -> list[str]:
    return g.observation(seat).to_json()["hand"]


def play(g, *cards: str) -> None:
    """Play the cards in order, each by the player whose turn it is."""
    for c in cards:
        g.apply(f"play {c}")


def assert_illegal(g, action: str) -> None:
    """`apply` raises IllegalAction and leaves the state unchanged."""
    before = json.dumps(g.to_record(), sort_keys=True)
    obs_before = [g.observation(s).to_json() for s in range(g.players)]
    seat = g.current_player
    with pytest.raises(atout.IllegalAction) as info:
        g.apply(action)
    assert str(info.value), "the refusal must name the rule"
    assert json.dumps(g.to_record(), sort_keys=True) == before
    assert [g.observation(s).to_json() for s in range(g.players)] == obs_before
    assert g.current_player == seat


def strings_in(obj) -> set[str]:
    """Every string value (and key) found in a JSON-like object."""
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= strings_in(k) | strings_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            out |= strings_in(v)
    return out


def finish_deal(g, policy=None) -> None:
    """Play the current deal to its end (policy(g) -> action text, default: first legal)."""
    deal = pub(g)["deal"]
    while not g.is_terminal() and pub(g)["deal"] == deal:
        action = policy(g) if policy else None
        g.apply(action or g.legal_actions()[0])


# ---------------------------------------------------------------------------------------------
# 1. card order
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("i", range(7))
def test_base_card_order_higher_card_wins(i):
    """seed 002: 'Valeur par ordre décroissant : Roi, Dame, Valet, As, Dix, Neuf, Huit et Sept.' (spec §2)"""
    high, low = BASE_ORDER[i] + "S", BASE_ORDER[i + 1] + "S"
    # leader leads the lower card, the follower holds the higher card: follower wins and leads next
    g = start_play([[low, "7C", "8C", "9C", "10C"], [high, "7D", "8D", "9D", "10D"]], "7H")
    play(g, low)
    assert legal_cards(g) == {high}
    play(g, high)
    assert pub(g)["tricks_won"] == [0, 1]
    assert g.current_player == 1
    # and the other way round: the leader's higher card holds the trick
    g = start_play([[high, "7C", "8C", "9C", "10C"], [low, "7D", "8D", "9D", "10D"]], "7H")
    play(g, high, low)
    assert pub(g)["tricks_won"] == [1, 0]
    assert g.current_player == 0


def test_base_order_ace_is_below_jack_and_above_ten_for_monter():
    """seed 002: 'Roi, Dame, Valet, As, Dix …' and 'obligés … de monter, s'ils en ont de plus hautes' (spec §2, §5.1)"""
    # 10S led: the Ace beats it, the 9 and 7 do not -> only the Ace
    g = start_play([["10S", "7C", "8C", "9C", "10C"], ["AS", "9S", "7S", "7D", "8D"]], "7H")
    play(g, "10S")
    assert legal_cards(g) == {"AS"}
    # JS led: the King beats it, the Ace does not -> only the King
    g = start_play([["JS", "7C", "8C", "9C", "10C"], ["AS", "KS", "9S", "7D", "8D"]], "7H")
    play(g, "JS")
    assert legal_cards(g) == {"KS"}
    # KS led: nothing beats the King (not even the Ace) -> any spade
    g = start_play([["KS", "7C", "8C", "9C", "10C"], ["AS", "9S", "7D", "8D", "9D"]], "7H")
    play(g, "KS")
    assert legal_cards(g) == {"AS", "9S"}


def _four_hands_for_order(led: str, holder_cards: list[str]) -> list[list[str]]:
    return [
        [led, "7C", "8C", "9C", "10C"],
        [*holder_cards, *["7D", "8D", "9D", "10D", "JD"][: 5 - len(holder_cards)]],
        ["JC", "QC", "KC", "QD", "KD"],
        ["8H", "9H", "10H", "JH", "QH"],
    ]


def test_as_qui_pille_aces_beat_kings():
    """seed 002: 'les As sont les premières cartes du jeu, et qu'ils lèvent les Rois' (spec §9.2)"""
    hands = _four_hands_for_order("KS", ["AS", "9S"])
    g = new(hands, "7H", variant="as_qui_pille")  # AH lies in the stock: no pillage
    assert g.phase == "play"
    play(g, "KS")
    assert legal_cards(g) == {"AS"}  # must go higher: the Ace beats the King
    play(g, "AS", "JC", "8H")  # seat 3 void in spades must trump
    assert pub(g)["tricks_won"] == [0, 0, 0, 1]
    hands = [
        ["KS", "7C", "8C", "9C", "10C"],
        ["AS", "7D", "8D", "9D", "10D"],
        ["JC", "QC", "KC", "QD", "KD"],
        ["JD", "JS", "QS", "AC", "AD"],
    ]
    g = new(hands, "7H", variant="as_qui_pille")
    play(g, "KS", "AS", "JC")
    assert legal_cards(g) == {"JS", "QS"}  # nobody can beat the Ace: any spade
    play(g, "QS")
    assert pub(g)["tricks_won"] == [0, 1, 0, 0]
    assert g.current_player == 1


@pytest.mark.parametrize("i", range(7))
def test_as_qui_pille_full_order(i):
    """seed 002: aces first, 'les autres cartes suivant leur ordre naturel' — A K Q J 10 9 8 7 (spec §9.2)"""
    high, low = ACES_HIGH_ORDER[i] + "S", ACES_HIGH_ORDER[i + 1] + "S"
    others = [["7C", "8C", "9C", "10C", "JC"], ["QC", "KC", "AC", "JD", "QD"]]  # no spade, no trump
    for first, second, winner in ((low, high, 1), (high, low, 0)):
        hands = [[first, "7H", "8H", "9H", "10H"], [second, "7D", "8D", "9D", "10D"], *others]
        g = new(hands, "JH", variant="as_qui_pille")  # AH lies in the stock: no pillage
        assert g.phase == "play"
        play(g, first)
        assert legal_cards(g) == {second}
        play(g, second, "7C", "QC")
        assert pub(g)["tricks_won"] == [1 - winner, winner, 0, 0]
        assert g.current_player == winner


def test_chacun_pour_soi_keeps_base_order():
    """seed 002 / spec §9.2: preset 'chacun pour soi' keeps K Q J A 10 9 8 7 — the King beats the Ace"""
    hands = [
        ["AS", "7C", "8C", "9C", "10C"],
        ["KS", "7S", "8D", "9D", "10D"],
        ["JC", "QC", "KC", "QD", "KD"],
        ["JD", "AD", "AC", "8S", "JS"],
    ]
    g = new(hands, "7H", variant="chacun_pour_soi")
    assert g.phase == "play"
    play(g, "AS")
    assert legal_cards(g) == {"KS"}
    play(g, "KS", "JC")
    assert legal_cards(g) == {"8S", "JS"}  # cannot beat the King: any spade
    play(g, "JS")
    assert pub(g)["tricks_won"] == [0, 1, 0, 0]


# ---------------------------------------------------------------------------------------------
# 2. trick legality
# ---------------------------------------------------------------------------------------------
def test_must_follow_suit_even_holding_trumps():
    """seed 002: 'obligés de fournir, s'ils en ont' — following comes before trumping (spec §5.1)"""
    g = start_play([["7S", "7C", "8C", "9C", "10C"], ["8S", "9H", "KC", "7D", "8D"]], "7H")
    play(g, "7S")
    assert legal(g) == {"play 8S"}
    assert_illegal(g, "play 9H")
    assert_illegal(g, "play KC")


def test_must_beat_the_card_led_when_able():
    """seed 002: 'de monter, s'ils en ont de plus hautes'; 'Celui qui en fournissant d'une couleur peut lever la
    carte jouée, et ne la lève pas, perd un jeu' (spec §5.1)"""
    g = start_play([["9S", "7C", "8C", "9C", "10C"], ["QS", "8S", "7S", "7D", "8D"]], "7H")
    play(g, "9S")
    assert legal(g) == {"play QS"}
    assert_illegal(g, "play 8S")
    assert_illegal(g, "play 7S")


def test_follow_with_any_card_of_the_suit_when_unable_to_beat():
    """seed 002: 'de monter, s'ils en ont de plus hautes' — only if higher ones are held (spec §5.1)"""
    g = start_play([["KS", "7C", "8C", "9C", "10C"], ["QS", "7S", "9H", "7D", "8D"]], "7H")
    play(g, "KS")
    assert legal(g) == {"play QS", "play 7S"}
    assert_illegal(g, "play 9H")  # cannot trump while holding the suit


def test_void_must_trump():
    """seed 002: 'ou de couper, s'ils ont des triomphes sans avoir la couleur jouée'; 'Celui qui n'ayant pas de la
    couleur jouée peut couper et ne coupe pas, perd un jeu' (spec §5.2)"""
    g = start_play([["KS", "7C", "8C", "9C", "10C"], ["8H", "9H", "KC", "7D", "8D"]], "7H")
    play(g, "KS")
    assert legal(g) == {"play 8H", "play 9H"}
    assert_illegal(g, "play KC")
    assert_illegal(g, "play 7D")


def test_neither_suit_nor_trump_any_card():
    """seed 002: the obligations are to follow 's'ils en ont' and to trump 's'ils ont des triomphes' (spec §5.4)"""
    g = start_play([["KS", "7C", "8C", "9C", "10C"], ["JC", "QC", "KC", "7D", "8D"]], "7H")
    play(g, "KS")
    assert legal_cards(g) == {"JC", "QC", "KC", "7D", "8D"}


def _trump_hands(seat2: list[str]) -> list[list[str]]:
    return [
        ["KS", "QS", "JS", "AS", "10S"],
        ["9H", "7C", "8C", "9C", "10C"],
        seat2,
        ["9S", "8S", "7S", "7D", "8D"],
    ]


def test_must_overtrump_when_able():
    """spec §5.2 (decision D7b, read from seed 002 'de monter'): a void player must overtrump if he can"""
    g = start_play(_trump_hands(["JH", "7H", "JC", "QC", "KC"]), "10H")
    play(g, "KS")
    assert legal(g) == {"play 9H"}  # seat 1 is void in spades: must trump
    play(g, "9H")
    assert legal(g) == {"play JH"}
    assert_illegal(g, "play 7H")
    assert_illegal(g, "play KC")


def test_must_trump_even_under_a_higher_trump():
    """seed 002: 'peut couper et ne coupe pas, perd un jeu, même si celui qui a joué devant lui a compté d'une
    triomphe plus forte que la sienne' (spec §5.2)"""
    g = start_play(_trump_hands(["8H", "7H", "JC", "QC", "KC"]), "10H")
    play(g, "KS", "9H")
    assert legal(g) == {"play 8H", "play 7H"}
    assert_illegal(g, "play KC")
    assert_illegal(g, "play JC")


def test_trumps_led_must_play_higher_trump():
    """seed 002: 'de monter, s'ils en ont de plus hautes' applied to a trump lead (spec §5.3)"""
    g = start_play([["9H", "7C", "8C", "9C", "10C"], ["JH", "7H", "KS", "7D", "8D"]], "10H")
    play(g, "9H")
    assert legal(g) == {"play JH"}
    assert_illegal(g, "play 7H")
    g = start_play([["9H", "7C", "8C", "9C", "10C"], ["8H", "7H", "KS", "7D", "8D"]], "10H")
    play(g, "9H")
    assert legal(g) == {"play 8H", "play 7H"}
    g = start_play([["9H", "7C", "8C", "9C", "10C"], ["JS", "QS", "KS", "7D", "8D"]], "10H")
    play(g, "9H")
    assert legal_cards(g) == {"JS", "QS", "KS", "7D", "8D"}


def test_obligations_hold_against_partner_winning_card_in_suit():
    """spec §5.5 / D7: the seed states 'obligés … de monter' without exception, so a player must beat even his
    partner's winning card"""
    hands = [
        ["9S", "7C", "8C", "9C", "10C"],
        ["7S", "7D", "8D", "9D", "10D"],
        ["QS", "8S", "JC", "QC", "KC"],
        ["10S", "JD", "QD", "KD", "AD"],
    ]
    g = start_play(hands, "7H")
    play(g, "9S", "7S")  # partner (seat 0) is winning with 9S
    assert legal(g) == {"play QS"}
    assert_illegal(g, "play 8S")


def test_obligations_hold_against_partner_winning_trump():
    """spec §5.5 / D7: a void player must overtrump even his partner's trump (seed: 'de couper' + 'de monter')"""
    hands = [
        ["9H", "7H", "7C", "8C", "9C"],  # seat 0: partner of seat 2, void in spades
        ["7S", "10C", "JC", "QC", "KC"],  # seat 1: eldest (dealer 0)
        ["8H", "7D", "8D", "9D", "10D"],  # seat 2: void in spades, one trump
        ["8S", "9S", "JD", "QD", "KD"],
    ]
    g = start_play(hands, "10H", dealer=0)
    assert g.current_player == 1
    play(g, "7S", "8H")  # seat 2 must trump
    assert legal(g) == {"play 8S", "play 9S"}  # trick already trumped: any spade (D7a)
    play(g, "9S")
    assert g.current_player == 0
    assert legal(g) == {"play 9H"}  # partner's 8H is winning: must still overtrump
    assert_illegal(g, "play 7H")
    assert_illegal(g, "play 7C")


def test_after_trick_trumped_any_card_of_led_suit():
    """spec §5.1 / D7a: 'lever la carte jouée' read as beating the card now winning; once the trick is trumped
    any card of the led suit may be played"""
    hands = [
        ["9S", "7C", "8C", "9C", "10C"],
        ["7H", "7D", "8D", "9D", "10D"],  # void in spades, one trump
        ["QS", "8S", "JC", "QC", "KC"],
        ["10S", "JD", "QD", "KD", "AD"],
    ]
    g = start_play(hands, "8H")
    play(g, "9S")
    assert legal(g) == {"play 7H"}
    play(g, "7H")
    assert legal(g) == {"play QS", "play 8S"}
    play(g, "8S")
    assert legal(g) == {"play 10S"}
    play(g, "10S")
    assert pub(g)["tricks_won"] == [0, 1, 0, 0]
    assert g.current_player == 1


def test_illegal_actions_out_of_hand_wrong_phase_wrong_verb():
    """seed 002: 'Qui joue avant son tour perd un jeu' — faults are refused in a program (spec §8); state unchanged"""
    g = start_play([["9S", "7C", "8C", "9C", "10C"], ["QS", "8S", "7S", "7D", "8D"]], "7H")
    assert_illegal(g, "play QS")  # not in the current player's hand
    assert_illegal(g, "play KH")  # nobody's card
    assert_illegal(g, "stop")  # no vole decision pending
    assert_illegal(g, "concede")  # concession phase is over
    assert_illegal(g, "pillage 9S")  # no pillage in the classic game
    assert_illegal(g, "bid garde")


# ---------------------------------------------------------------------------------------------
# 3. trick winner
# ---------------------------------------------------------------------------------------------
def test_highest_card_of_led_suit_wins_discards_do_not():
    """spec §5 'Winner: highest trump, else highest card of the led suit'; seed: 'le premier à jouer joue telle
    carte de son choix' then the winner leads"""
    hands = [
        ["7S", "7C", "8C", "9C", "10C"],
        ["KD", "7D", "8D", "9D", "10D"],  # void in spades and trumps: discards the King
        ["8S", "JC", "QC", "KC", "AC"],
        ["9S", "JD", "QD", "AD", "JS"],
    ]
    g = start_play(hands, "7H")
    play(g, "7S", "KD", "8S")
    assert legal(g) == {"play 9S", "play JS"}
    play(g, "9S")
    assert pub(g)["tricks_won"] == [0, 0, 0, 1]
    assert g.current_player == 3  # the winner leads next
    assert g.phase == "play"


def test_trump_beats_higher_plain_card_and_highest_trump_wins():
    """seed 002: the turned card 'qui est l'atout ou triomphe'; spec §5 winner = highest trump"""
    g = start_play([["KS", "7C", "8C", "9C", "10C"], ["7H", "JD", "QD", "KD", "AD"]], "8H")
    play(g, "KS", "7H")
    assert pub(g)["tricks_won"] == [0, 1]
    assert g.current_player == 1
    g = start_play(_trump_hands(["JH", "7H", "JC", "QC", "KC"]), "10H")
    play(g, "KS", "9H", "JH", "9S")
    assert pub(g)["tricks_won"] == [0, 0, 1, 0]
    assert g.current_player == 2


# ---------------------------------------------------------------------------------------------
# 4. scoring (base game)
# ---------------------------------------------------------------------------------------------
TRI1_HANDS = [["7S", "8S", "8H", "9H", "10H"], ["KS", "QS", "7D", "8D", "9D"]]
TRI1_PLAYS = ["7S", "KS", "QS", "8S", "7D", "8H", "9H", "8D", "10H", "9D"]


def test_tri1_plain_win_three_tricks_one_point():
    """seed 002: 'Celui des deux joueurs … qui a fait trois mains ou levées, marque un jeu' (spec TRI-1)"""
    g = start_play(TRI1_HANDS, "7H", scores=[0, 0])
    play(g, *TRI1_PLAYS)
    assert pub(g)["tricks_won"] == [3, 2]
    assert g.is_terminal() and g.phase == "over"
    assert g.scores == [1, 0]
    assert g.returns() == [1, 0]


def test_no_point_for_king_of_trumps():
    """seed 002: 'on ne compte pas le Roi' (spec §3): turning up or holding the trump King scores nothing"""
    hands = [["7S", "8S", "8H", "9H", "10H"], ["KS", "QS", "7D", "8D", "9D"]]
    g = new(hands, "KH")
    assert g.scores == [0, 0]
    while g.phase == "concession":
        g.apply("no_concession")
    play(g, *TRI1_PLAYS)
    assert g.scores == [1, 0]
    assert g.returns() == [1, 0]


def test_deal_ends_when_a_side_has_three_tricks():
    """spec §6: 'once either side has 3 tricks and no vole is possible, the deal ends (the remaining cards need not
    be played)'; seed: 'qui a fait trois mains … marque un jeu'"""
    g = start_play([["KH", "QH", "7S", "JH", "8S"], ["KS", "7C", "8C", "9C", "10C"]], "7H")
    play(g, "KH", "7C", "QH", "8C", "7S", "KS", "9C")
    assert legal(g) == {"play JH"}  # void in clubs: must trump
    play(g, "JH")
    assert pub(g)["tricks_won"] == [3, 1]
    assert g.is_terminal()
    assert g.scores == [1, 0]
    assert g.returns() == [1, 0]


VOLE_HANDS = [["KH", "QH", "JH", "7S", "8S"], ["KS", "7C", "8C", "9C", "10C"]]


def _win_first_three(g):
    play(g, "KH", "7C", "QH", "8C", "JH", "9C")
    assert pub(g)["tricks_won"] == [3, 0]
    assert g.phase == "vole"
    assert g.current_player == 0
    assert legal(g) == {"stop", "vole"}


def test_stop_after_three_tricks_scores_one():
    """spec §6 / D8: after winning tricks 1–3 a side may stop and score 1 (seed: 'trois mains … marque un jeu')"""
    g = start_play(VOLE_HANDS, "7H")
    _win_first_three(g)
    g.apply("stop")
    assert g.is_terminal()
    assert g.scores == [1, 0]
    assert g.returns() == [1, 0]


def test_vole_made_scores_two():
    """seed 002: 's'il faisait la vole, il en marquerait deux' (spec §7.1)"""
    g = start_play([["KH", "QH", "JH", "AH", "10H"], ["KS", "7C", "8C", "9C", "10C"]], "7H")
    play(g, "KH", "7C", "QH", "8C", "JH", "9C")
    g.apply("vole")
    play(g, "AH", "10C", "10H", "KS")
    assert pub(g)["tricks_won"] == [5, 0]
    assert g.is_terminal()
    assert g.scores == [2, 0]
    assert g.returns() == [2, 0]


@pytest.mark.parametrize(
    ("start", "end"),
    [
        ([0, 2], [0, 4]),  # TRI-4: no point to lose, both go to the other side
        ([3, 0], [1, 0]),  # enough points: deducted from own score
        ([1, 0], [0, 1]),  # one deducted, one credited to the other side
    ],
)
def test_tri4_failed_undertaken_vole_loses_two(start, end):
    """seed 002: 'Celui qui entreprenant la vole ne la fait pas, perd deux jeux'; 'perd un de ceux qu'il a, s'il
    en a, ou le parti contraire le marque' (spec §7.2 / D9, TRI-4)"""
    g = start_play(VOLE_HANDS, "7H", scores=list(start))
    _win_first_three(g)
    g.apply("vole")
    play(g, "7S", "KS")
    assert pub(g)["tricks_won"][1] == 1
    finish_deal(g)
    assert g.is_terminal()
    assert g.scores == end
    assert g.returns() == [end[0] - start[0], end[1] - start[1]]


def test_tri2_vole_partnerships():
    """seed 002: 'des deux partis … s'il faisait la vole, il en marquerait deux' (spec TRI-2: NS 2–2 → 4–2)"""
    hands = [
        ["KH", "QH", "JH", "AH", "10H"],
        ["7S", "8S", "7C", "8C", "9C"],
        ["9S", "10S", "7D", "8D", "9D"],
        ["JS", "QS", "10C", "JC", "QC"],
    ]
    g = start_play(hands, "7H", scores=[2, 2])
    for c in ["KH", "QH", "JH"]:
        play(g, c)
        for _ in range(3):
            g.apply(g.legal_actions()[0])
    assert g.phase == "vole"
    assert g.current_player == 0
    g.apply("vole")
    for c in ["AH", "10H"]:
        play(g, c)
        for _ in range(3):
            g.apply(g.legal_actions()[0])
    assert pub(g)["tricks_won"] == [5, 0, 0, 0]
    assert g.is_terminal()
    assert g.scores == [4, 2]
    assert g.returns() == [2, 0, 2, 0]


def test_vole_decision_by_winner_of_third_trick_partner():
    """spec §6 (decision D8, brief: 'the winner of trick 3 decides'); seed: 'Celui … qui a fait trois mains'"""
    hands = [
        ["KH", "QH", "7S", "7C", "7D"],
        ["8S", "8C", "8D", "9C", "9D"],
        ["JH", "AH", "10H", "9H", "8H"],
        ["9S", "10S", "10C", "10D", "JC"],
    ]
    g = start_play(hands, "7H")
    play(g, "KH", "8C", "8H", "10C", "QH", "8D", "9H", "10D", "7S")
    assert legal(g) == {"play 8S"}
    play(g, "8S")
    assert legal(g) == {"play JH", "play AH", "play 10H"}
    play(g, "10H")
    assert legal(g) == {"play 9S", "play 10S"}  # trumped: any spade (D7a)
    play(g, "9S")
    assert pub(g)["tricks_won"] == [2, 0, 1, 0]
    assert g.phase == "vole"
    assert g.current_player == 2
    assert legal(g) == {"stop", "vole"}
    g.apply("stop")
    assert g.is_terminal()
    assert g.scores == [1, 0]
    assert g.returns() == [1, 0, 1, 0]


# ---- concession -----------------------------------------------------------------------------
def test_concession_phase_order_two_players():
    """spec §4 / D6: before the lead, eldest's side first ('Il est possible à l'un des partis qui a mauvais jeu,
    de donner le jeu à l'autre')"""
    g = new(TRI1_HANDS, "7H", dealer=1)
    assert g.phase == "concession"
    assert g.current_player == 0
    assert legal(g) == {"concede", "no_concession"}
    g.apply("no_concession")
    assert g.phase == "concession"
    assert g.current_player == 1
    assert legal(g) == {"concede", "no_concession"}
    g.apply("no_concession")
    assert g.phase == "play"
    assert g.current_player == 0


def test_concession_first_player_of_each_side_four_players():
    """spec §4 / D6: 'At 4 or 6 players the side's first player in turn order decides for the side'"""
    g = atout.new_game("triomphe", players=4, variant="classic", seed=11, dealer=0)
    assert g.phase == "concession" and g.current_player == 1  # eldest, side 1
    g.apply("no_concession")
    assert g.phase == "concession" and g.current_player == 2  # first of side 0 after seat 1
    g.apply("concede")
    assert g.current_player == 1
    assert legal(g) == {"accept", "refuse"}
    g.apply("accept")
    assert g.is_terminal()
    assert g.scores == [0, 1]
    assert g.returns() == [0, 1, 0, 1]


def test_concession_accepted_scores_one_no_play():
    """seed 002: 'tandis qu'il gagne un jeu s'il l'accepte' (spec §4)"""
    g = new(TRI1_HANDS, "7H", scores=[3, 1])
    g.apply("concede")
    assert g.current_player == 1
    assert legal(g) == {"accept", "refuse"}
    g.apply("accept")
    assert g.is_terminal()
    assert pub(g)["tricks"] == []
    assert g.scores == [3, 2]
    assert g.returns() == [0, 1]


def test_tri3_refused_concession_vole_failed():
    """seed 002: 'ne veut pas l'accepter, il perd deux jeux, s'il ne fait pas la vole' (spec TRI-3: A 3, B 1 →
    A 4, B 0)"""
    hands = [["7C", "8C", "9C", "10C", "KS"], ["KH", "QH", "JH", "AH", "7S"]]
    g = new(hands, "7H", scores=[3, 1])
    g.apply("concede")
    g.apply("refuse")
    assert g.phase == "play" and g.current_player == 0
    play(g, "7C", "KH", "QH", "8C", "JH", "9C")
    assert pub(g)["tricks_won"] == [0, 3]
    # spec §6: 'automatically playing for the vole and has no STOP option': no decision, the winner leads on.
    assert g.phase == "play" and g.current_player == 1 and "stop" not in legal(g)
    play(g, "AH", "10C", "7S", "KS")
    assert pub(g)["tricks_won"] == [1, 4]
    assert g.is_terminal()
    assert g.scores == [4, 0]
    assert g.returns() == [1, -1]


def test_refused_concession_vole_made_scores_two():
    """seed 002: refusing 'perd deux jeux, s'il ne fait pas la vole' — making it scores the vole, 2 (spec §4)"""
    hands = [["7C", "8C", "9C", "10C", "KS"], ["KH", "QH", "JH", "AH", "10H"]]
    g = new(hands, "7H")
    g.apply("concede")
    g.apply("refuse")
    play(g, "7C", "KH", "QH", "8C", "JH", "9C")
    assert g.phase == "play" and g.current_player == 1 and "stop" not in legal(g)  # committed to the vole (§6)
    play(g, "AH", "10C", "10H", "KS")
    assert g.is_terminal()
    assert g.scores == [0, 2]
    assert g.returns() == [0, 2]


def test_refused_concession_first_trick_lost_ends_deal():
    """seed 002: the refusing side 'perd deux jeux, s'il ne fait pas la vole'; spec §6: 'as soon as it loses a
    trick the deal ends, and its "lose 2" is the only score of the deal' (§7.2: nothing to lose → other side +2)"""
    hands = [["8S", "9S", "10S", "KC", "QC"], ["7S", "KH", "QH", "JH", "AH"]]
    g = new(hands, "7H")
    g.apply("concede")
    g.apply("refuse")
    play(g, "8S")
    assert legal(g) == {"play 7S"}
    play(g, "7S")
    assert g.is_terminal()
    assert g.scores == [2, 0]
    assert g.returns() == [2, 0]


def test_refused_concession_by_eldest_side_after_second_side_concedes():
    """spec §4 / D6: each side gets one chance, eldest's side first; the other side's first player answers"""
    g = new(TRI1_HANDS, "7H")
    g.apply("no_concession")
    assert g.current_player == 1
    g.apply("concede")
    assert g.current_player == 0
    assert legal(g) == {"accept", "refuse"}
    g.apply("accept")
    assert g.is_terminal()
    assert g.scores == [1, 0]


# ---------------------------------------------------------------------------------------------
# 5. each for himself (§9)
# ---------------------------------------------------------------------------------------------
def test_each_for_himself_has_no_concession():
    """spec §9.5 / D14: concession does not exist in the each-for-himself variant"""
    for variant in ("chacun_pour_soi", "as_qui_pille"):
        g = atout.new_game(
            "triomphe",
            players=4,
            variant=variant,
            seed=5,
            dealer=3,
            deal=make_deal(
                [
                    ["7S", "8S", "9S", "10S", "JS"],
                    ["7D", "8D", "9D", "10D", "JD"],
                    ["7C", "8C", "9C", "10C", "JC"],
                    ["QS", "KS", "AS", "QD", "KD"],
                ],
                "7H",
            ),
        )
        assert g.phase == "play"
        assert g.current_player == 0
        assert "concede" not in legal(g)


TRI5_HANDS = [
    ["7S", "9D", "9C", "JH", "10C"],  # A
    ["KS", "7D", "KC", "8H", "JC"],  # B
    ["8S", "KD", "7C", "KH", "QD"],  # C
    ["9S", "8D", "8C", "9H", "QH"],  # D
]


def test_tri5_first_to_reach_two_tricks_wins():
    """seed 002: 'lorsque deux des joueurs font deux levées chacun, celui qui les a le plus tôt faites, gagne le
    jeu, et le marque comme s'il en avait fait trois' (spec §9.4, TRI-5)"""
    g = new(TRI5_HANDS, "7H", variant="chacun_pour_soi")
    plays = [
        ("7S", "KS", "8S", "9S"),  # B
        ("7D", "KD", "8D", "9D"),  # C
        ("7C", "8C", "9C", "KC"),  # B
        ("8H", "KH", "9H", "JH"),  # C
    ]
    winners = []
    for trick in plays:
        play(g, *trick)
        winners.append(g.current_player)
    assert winners == [1, 2, 1, 2]
    play(g, "QD", "QH", "10C", "JC")  # D trumps
    assert pub(g)["tricks_won"] == [0, 2, 2, 1]
    assert g.is_terminal()
    assert g.scores == [0, 1, 0, 0]
    assert g.returns() == [0, 1, 0, 0]


def test_five_players_one_trick_each_first_trick_wins():
    """spec §9.4 / D12: 'the first player to reach the maximum trick count … wins 1 point' — with five players one
    trick each, the winner of the first trick (generalising seed 002 'celui qui les a le plus tôt faites')"""
    hands = [
        ["7S", "10D", "9C", "9H", "QS"],
        ["KS", "7D", "10C", "10H", "JD"],
        ["8S", "KD", "7C", "JH", "JC"],
        ["9S", "8D", "KC", "8H", "QD"],
        ["10S", "9D", "8C", "KH", "JS"],
    ]
    g = new(hands, "7H", variant="chacun_pour_soi")
    tricks = [
        ("7S", "KS", "8S", "9S", "10S"),  # B
        ("7D", "KD", "8D", "9D", "10D"),  # C
        ("7C", "KC", "8C", "9C", "10C"),  # D
        ("8H", "KH", "9H", "10H", "JH"),  # E
        ("JS", "QS", "JD", "JC", "QD"),  # A
    ]
    winners = []
    for t in tricks:
        play(g, *t)
        winners.append(g.current_player)
    assert pub(g)["tricks_won"] == [1, 1, 1, 1, 1]
    assert winners[:4] == [1, 2, 3, 4]
    assert g.is_terminal()
    assert g.scores == [0, 1, 0, 0, 0]
    assert g.returns() == [0, 1, 0, 0, 0]


def _c_trumps_deal() -> dict:
    """C (seat 2) holds the five top trumps below the Ace; the Ace of trumps lies in the stock."""
    return make_deal(
        [
            ["AS", "8S", "9S", "7D", "8D"],
            ["10S", "JS", "QS", "9D", "10D"],
            ["KH", "QH", "JH", "10H", "9H"],
            ["KS", "7C", "8C", "9C", "10C"],
        ],
        "8H",
    )


def _c_policy(g):
    if g.phase == "vole":
        return "stop"
    if g.current_player == 2:
        return sorted(g.legal_actions(), key=lambda a: ACES_HIGH_ORDER.index(str(a).split()[1][:-1]))[0]
    return None


# C (seat 2) leads three trumps; the others (seats 3, 0, 1) discard, keeping AS / 8S 9S / QS KS
VOLE_TRICKS_1_3 = ["KH", "8C", "7D", "9D", "QH", "9C", "8D", "10D", "JH", "10C", "10S", "JS"]


def test_tri6_debt_nobody_else_gains():
    """seed 002: 's'il n'en a pas, les autres n'augmentent pas pour cela les leurs. Mais lorsque celui qui a fait
    la faute en gagne, il ne les marque pas, jusqu'à ce qu'il ait satisfait à ceux qu'il devait perdre' (spec §9.5,
    D13, TRI-6)"""
    deal1 = make_deal(
        [
            ["8S", "9S", "10S", "7D", "8D"],
            ["JS", "QS", "KS", "9D", "10D"],
            ["KH", "QH", "JH", "7S", "7C"],  # C leads (dealer 1)
            ["AS", "8C", "9C", "10C", "JC"],
        ],
        "8H",
    )
    g = atout.new_game(
        "triomphe",
        players=4,
        variant="as_qui_pille",
        seed=2,
        dealer=1,
        deals=3,
        deal=[deal1, _c_trumps_deal(), _c_trumps_deal()],
        scores=[0, 0, 1, 0],
    )
    assert g.phase == "play" and g.current_player == 2
    play(g, *VOLE_TRICKS_1_3)
    assert pub(g)["tricks_won"] == [0, 0, 3, 0]
    assert g.phase == "vole" and g.current_player == 2
    g.apply("vole")
    play(g, "7S")
    assert legal(g) == {"play AS"}
    play(g, "AS")
    assert legal(g) == {"play 8S", "play 9S"}
    play(g, "9S")
    assert legal(g) == {"play QS", "play KS"}  # the Ace cannot be beaten: any spade
    play(g, "KS")  # the Ace beats the King: C loses trick 4
    if pub(g)["deal"] == 0:
        assert pub(g)["tricks_won"][3] == 1
        finish_deal(g)
    assert pub(g)["deal"] == 1
    assert g.scores == [0, 0, 0, 0]
    assert g.debts == [0, 0, 1, 0]
    # deal 2: C wins three tricks and stops: the point pays the debt
    assert pub(g)["dealer"] == 2
    finish_deal(g, _c_policy)
    assert g.scores == [0, 0, 0, 0]
    assert g.debts == [0, 0, 0, 0]
    # deal 3: C wins again and now scores
    assert pub(g)["dealer"] == 3
    finish_deal(g, _c_policy)
    assert g.is_terminal()
    assert g.scores == [0, 0, 1, 0]
    assert g.debts == [0, 0, 0, 0]
    assert g.returns() == [0, 0, 0, 0]


def test_failed_vole_each_for_himself_deducts_own_points_only():
    """seed 002: the variant 'a généralement toutes les règles de l'autre' ('perd deux jeux'), with §9.5 debts: a
    player with points loses them, nobody else gains (spec §9.5, D13)"""
    hands = [
        ["8S", "9S", "10S", "7D", "8D"],
        ["JS", "QS", "KS", "9D", "10D"],
        ["KH", "QH", "JH", "7S", "7C"],
        ["AS", "8C", "9C", "10C", "JC"],
    ]
    g = new(hands, "8H", variant="chacun_pour_soi", dealer=1, scores=[1, 1, 3, 1])
    play(g, *VOLE_TRICKS_1_3)
    assert g.phase == "vole" and g.current_player == 2
    g.apply("vole")
    play(g, "7S")
    assert legal(g) == {"play AS"}
    play(g, "AS")
    assert legal(g) == {"play 8S", "play 9S"}  # cannot beat the Ace
    play(g, "8S")
    assert legal(g) == {"play QS", "play KS"}  # base order: King and Queen beat the Ace
    play(g, "KS")  # seat 1 wins trick 4
    assert pub(g)["tricks_won"][1] == 1
    finish_deal(g)
    assert g.is_terminal()
    assert g.scores == [1, 1, 1, 1]
    assert g.debts == [0, 0, 0, 0]
    assert g.returns() == [0, 0, -2, 0]


def test_three_tricks_each_for_himself_scores_one_and_may_stop():
    """spec §9.4: 'A player with 3 or 4 tricks scores 1 … the vole decision of §6 applies to him alone'"""
    g = atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=2, dealer=2, deal=_c_trumps_deal())
    assert g.phase == "play" and g.current_player == 3
    while g.phase == "play":
        g.apply(_c_policy(g) or g.legal_actions()[0])
    assert pub(g)["tricks_won"] == [0, 0, 3, 0]
    assert g.phase == "vole" and g.current_player == 2
    assert legal(g) == {"stop", "vole"}
    g.apply("stop")
    assert g.is_terminal()
    assert g.scores == [0, 0, 1, 0]


# ---------------------------------------------------------------------------------------------
# 6. match
# ---------------------------------------------------------------------------------------------
def test_target_five_ends_when_side_reaches_five():
    """seed 002: 'la partie est ordinairement de cinq points' (spec §7.3)"""
    g = new(TRI1_HANDS, "7H", target=5, scores=[4, 0])
    while g.phase == "concession":
        g.apply("no_concession")
    play(g, *TRI1_PLAYS)
    assert g.is_terminal()
    assert g.scores == [5, 0]
    assert g.returns() == [1, 0]


@pytest.mark.parametrize(("players", "variant"), [(2, "classic"), (4, "classic"), (5, "chacun_pour_soi")])
def test_random_match_to_five(players, variant):
    """seed 002: 'La partie ordinairement est de cinq jeux ou points' — the match ends exactly when someone reaches
    5; the deal passes to the next player (spec §3 / D5)"""
    for seed in range(20):
        g = atout.new_game("triomphe", players=players, variant=variant, seed=seed, target=5, dealer=0)
        rng = random.Random(seed)
        deal, dealer = 0, 0
        while not g.is_terminal():
            p = pub(g)
            if p["deal"] != deal:
                assert p["deal"] == deal + 1
                assert max(g.scores) < 5, "the match should have ended"
                deal, dealer = p["deal"], (dealer + 1) % players
            assert p["dealer"] == dealer
            g.apply(rng.choice(g.legal_actions()))
            assert deal < 200
        assert max(g.scores) >= 5
        rec = g.to_record()
        entries = rec.get("deals", [rec])
        assert [e["dealer"] for e in entries] == [i % players for i in range(len(entries))]


def test_deals_n_and_dealer_rotation():
    """spec §3 / D5: 'the deal passes to the next player after every deal'; eldest = dealer's next player leads"""
    g = atout.new_game("triomphe", players=4, variant="classic", seed=9, dealer=2, deals=5)
    rng = random.Random(9)
    dealers, first_actors = [], []
    deal = -1
    while not g.is_terminal():
        p = pub(g)
        if p["deal"] != deal:
            deal = p["deal"]
            dealers.append(p["dealer"])
            first_actors.append(g.current_player)
        g.apply(rng.choice(g.legal_actions()))
    assert dealers == [2, 3, 0, 1, 2]
    assert first_actors == [3, 0, 1, 2, 3]
    assert len(g.to_record()["deals"]) == 5
    assert g.returns() == [g.scores[s % 2] for s in range(4)]  # started at 0-0


def test_first_dealer_by_lot():
    """seed 002: 'Le donneur, désigné par le sort' (spec §3): without dealer=, any seat may deal; eldest leads"""
    for players, variant in ((2, "classic"), (4, "classic"), (5, "chacun_pour_soi")):
        dealers = set()
        for seed in range(60):
            g = atout.new_game("triomphe", players=players, variant=variant, seed=seed)
            d = pub(g)["dealer"]
            dealers.add(d)
            assert g.current_player == (d + 1) % players
        assert dealers == set(range(players))


def test_single_deal_by_default():
    """brief / spec: default is a single deal"""
    g = new(TRI1_HANDS, "7H")
    while g.phase == "concession":
        g.apply("no_concession")
    play(g, *TRI1_PLAYS)
    assert g.is_terminal()


# ---------------------------------------------------------------------------------------------
# 7. pillage (§9.3)
# ---------------------------------------------------------------------------------------------
TRI7_HANDS = [
    ["7D", "8D", "9D", "10D", "JC"],
    ["8S", "9S", "QS", "KS", "AS"],  # seat 1: spades only
    ["7C", "8C", "10C", "QD", "AD"],
    ["9C", "7S", "10S", "JS", "KC"],  # the dealer
]


def _tri7():
    return new(TRI7_HANDS, "AH", variant="as_qui_pille", dealer=3, stock_top=("8H", "KD"))


def test_tri7_dealer_pillages_turned_ace_and_following_trumps():
    """seed 002: 's'il retourne un As, il pille, c'est-à-dire prend cet As … et écarte à la place telle carte de son
    jeu … Même s'il y avait au-dessous plus de cartes de la même couleur, en tournant sans interruption, il les
    prendrait en remettant sous le talon autant d'autres cartes' (spec §9.3, TRI-7)"""
    g = _tri7()
    assert g.phase == "pillage"
    assert g.current_player == 3
    assert legal(g) == {f"pillage {c}" for c in TRI7_HANDS[3]} | {"stop"}
    g.apply("pillage 9C")
    assert g.phase == "pillage" and g.current_player == 3
    assert pub(g)["turnup"] == "8H"
    assert pub(g)["trump"] == "H"
    assert "AH" in hand(g, 3) and "9C" not in hand(g, 3)
    g.apply("pillage 7S")
    assert g.phase == "play"
    assert g.current_player == 0
    p = pub(g)
    assert p["trump"] == "H"
    assert p["turnup"] == "KD"
    assert sorted(hand(g, 3)) == sorted(["AH", "8H", "10S", "JS", "KC"])
    assert p["hand_sizes"] == [5, 5, 5, 5]
    assert all(len(hand(g, s)) == 5 for s in range(4))
    # the cards put under the stock are seen by no other seat
    for s in range(3):
        assert not {"9C", "7S"} & strings_in(g.observation(s).to_json())


def test_after_pillage_trumps_remain_the_aces_suit():
    """seed 002: 'prend cet As qui fait la triomphe'; spec §9.3 / D15: the first non-trump turned stays face up and
    is dead; trumps remain the Ace's suit"""
    hands = [list(h) for h in TRI7_HANDS]
    hands[0] = ["7H", "8D", "9D", "10D", "JC"]  # seat 0 holds a small heart
    hands[1] = ["8S", "9S", "QS", "KS", "7D"]
    hands[2] = ["7C", "8C", "10C", "QD", "AD"]
    hands[3] = ["9C", "AS", "10S", "JS", "KC"]
    g = new(hands, "AH", variant="as_qui_pille", dealer=3, stock_top=("8H", "KD"))
    g.apply("pillage 9C")
    g.apply("pillage JS")
    assert pub(g)["turnup"] == "KD"
    play(g, "JC")
    assert legal_cards(g) == {"8S", "9S", "QS", "KS", "7D"}  # no club, no heart: anything
    play(g, "7D")
    assert legal_cards(g) == {"7C", "8C", "10C"}
    play(g, "10C", "KC")
    assert pub(g)["tricks_won"] == [0, 0, 0, 1]  # the diamond did not trump
    # dealer leads a spade; seat 0 is void in spades and must trump with the heart
    play(g, "AS")
    assert legal(g) == {"play 7H"}


def test_holder_of_trump_ace_pillages():
    """seed 002: 'Il en est de même, si l'un, de ceux qui jouent à l'As de la triomphe en main, il pille aussi,
    c'est-à-dire prend la triomphe retournée, et les cartes qui suivent, qui sont de la même couleur, en en mettant
    autant sous le Talon qu'il en a pris' (spec §9.3)"""
    hands = [
        ["7D", "8D", "9D", "10D", "JC"],
        ["AH", "7C", "8C", "KS", "AS"],  # holder of the Ace of trumps
        ["9C", "10C", "QC", "QD", "AD"],
        ["8S", "9S", "10S", "JS", "KC"],
    ]
    g = new(hands, "9H", variant="as_qui_pille", dealer=3, stock_top=("10H", "7S"))
    assert g.phase == "pillage"
    assert g.current_player == 1
    assert legal(g) == {f"pillage {c}" for c in hands[1]} | {"stop"}
    g.apply("pillage 7C")
    assert g.phase == "pillage" and g.current_player == 1
    assert pub(g)["turnup"] == "10H"
    g.apply("pillage 8C")
    assert g.phase == "play"
    assert g.current_player == 0
    assert sorted(hand(g, 1)) == sorted(["AH", "9H", "10H", "KS", "AS"])
    assert pub(g)["turnup"] == "7S"
    assert pub(g)["trump"] == "H"
    assert all(len(hand(g, s)) == 5 for s in range(4))
    for s in (0, 2, 3):
        assert not {"7C", "8C"} & strings_in(g.observation(s).to_json())


def test_pillage_is_optional():
    """spec §9.3 / D11: pillage is a right, not an obligation (seed: 'il pille')"""
    g = _tri7()
    g.apply("stop")
    assert g.phase == "play"
    assert g.current_player == 0
    assert pub(g)["turnup"] == "AH"
    assert sorted(hand(g, 3)) == sorted(TRI7_HANDS[3])


def test_pillage_stops_at_first_non_trump():
    """seed 002: 'en tournant sans interruption' — the first card of another suit ends the pillage (spec §9.3)"""
    g = new(TRI7_HANDS, "AH", variant="as_qui_pille", dealer=3, stock_top=("KD", "8H"))
    g.apply("pillage 9C")
    assert g.phase == "play"
    assert pub(g)["turnup"] == "KD"
    assert "8H" not in hand(g, 3)
    assert all(len(hand(g, s)) == 5 for s in range(4))


def test_no_pillage_without_ace_or_outside_as_qui_pille():
    """seed 002: pillage belongs to 'la Triomphe à l'As qui pille' and to the dealer turning an Ace or the holder of
    the trump Ace (spec §9.3)"""
    hands = [
        ["7D", "8D", "9D", "10D", "JC"],
        ["8S", "9S", "QS", "KS", "AS"],
        ["7C", "8C", "10C", "QD", "AD"],
        ["9C", "7S", "10S", "JS", "KC"],
    ]
    g = new(hands, "9H", variant="as_qui_pille", dealer=3, stock_top=("AH",))  # trump Ace in the stock
    assert g.phase == "play"
    g = new(hands, "AH", variant="chacun_pour_soi", dealer=3)
    assert g.phase == "play"
    assert "stop" not in legal(g)


def test_pillage_six_players_stock_exhausted():
    """spec §9.3 / D10: at 6 players one card lies below the turn-up; cards put under the stock are never turned"""
    hands = [
        ["7S", "8S", "9S", "10S", "JS"],
        ["QS", "KS", "AS", "7D", "8D"],
        ["9D", "10D", "JD", "QD", "KD"],
        ["AD", "7C", "8C", "9C", "10C"],
        ["JC", "QC", "KC", "AC", "7H"],
        ["8H", "9H", "JH", "QH", "KH"],  # the dealer
    ]
    g = new(hands, "AH", variant="as_qui_pille", dealer=5, stock_top=("10H",))
    assert g.phase == "pillage" and g.current_player == 5
    g.apply("pillage 8H")
    assert pub(g)["turnup"] == "10H"
    g.apply("pillage 9H")
    assert g.phase == "play"
    assert g.current_player == 0
    assert sorted(hand(g, 5)) == sorted(["AH", "10H", "JH", "QH", "KH"])
    assert pub(g)["turnup"] not in ("8H", "9H")
    assert pub(g)["trump"] == "H"
    assert all(len(hand(g, s)) == 5 for s in range(6))
    for s in range(5):
        assert not {"8H", "9H"} & strings_in(g.observation(s).to_json())


# ---------------------------------------------------------------------------------------------
# 8. hidden information
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "variant"), [(2, "classic"), (4, "classic"), (6, "as_qui_pille")])
def test_observation_hides_other_hands_and_stock(players, variant):
    """spec §1 (D2: partners may not show each other their cards); seed 002: the turned card is the only one shown
    — another seat's hand, the stock below the turn-up and cards put under it are hidden"""
    for seed in range(30):
        g = atout.new_game("triomphe", players=players, variant=variant, seed=seed)
        deal = g.to_record()["deal"]
        rng = random.Random(seed)
        shown: set[str] = {deal["turnup"]}  # cards that became public
        discards: dict[int, set[str]] = {s: set() for s in range(players)}  # known to their pillager only
        while not g.is_terminal():
            for s in range(players):
                obs = g.observation(s).to_json()
                assert obs["seat"] == s
                own = set(obs["hand"])
                hidden = set(PACK) - own - shown - discards[s]
                seen = strings_in(obs) & set(PACK)
                assert not seen & hidden, (seed, s, seen & hidden)
            action = rng.choice(g.legal_actions())
            seat = g.current_player
            text = str(action)
            g.apply(action)
            if text.startswith("play "):
                shown.add(text.split()[1])
            if text.startswith("pillage "):
                discarded = text.split()[1]  # put under the stock: hidden from every other seat
                assert discarded not in hand(g, seat)
                discards[seat].add(discarded)
            p = pub(g)
            if p.get("turnup"):
                shown.add(p["turnup"])


def test_hand_sizes_and_own_hand():
    """seed 002: 'donne cinq cartes' to each player (spec §3)"""
    for players, variant in [(2, "classic"), (4, "classic"), (6, "classic"), (5, "as_qui_pille")]:
        g = atout.new_game("triomphe", players=players, variant=variant, seed=4)
        deal = g.to_record()["deal"]
        for s in range(players):
            assert sorted(g.observation(s).to_json()["hand"]) == sorted(deal["hands"][s])
            assert len(deal["hands"][s]) == 5
        assert len(deal["stock"]) == 32 - 5 * players - 1


# ---------------------------------------------------------------------------------------------
# 9. records
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "variant", "extra"),
    [(2, "classic", {}), (4, "classic", {"deals": 3}), (5, "chacun_pour_soi", {"target": 3}), (4, "as_qui_pille", {"deals": 4})],
)
def test_record_round_trip(players, variant, extra):
    """spec §8 (records replay through the rules); brief: round-trip replay gives the same returns"""
    for seed in range(15):
        g = atout.new_game("triomphe", players=players, variant=variant, seed=seed, **extra)
        rng = random.Random(seed)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
        text = atout.dumps(g.to_record())
        r = atout.replay(atout.loads(text))
        assert r.returns() == g.returns()
        assert r.scores == g.scores
        assert r.to_record() == g.to_record()


def _tri1_record() -> dict:
    g = start_play(TRI1_HANDS, "7H")
    play(g, *TRI1_PLAYS)
    return g.to_record()


def test_tampered_record_illegal_card_rejected():
    """seed 002: 'Celui qui renonce perd deux jeux' — a revoke in a record is refused (spec §8: illegal moves
    rejected)"""
    rec = _tri1_record()
    assert atout.replay(rec).returns() == [1, 0]
    bad = json.loads(json.dumps(rec))
    # trick 1: seat 1 must beat 7S with a spade; change KS to the (held) 9D: a revoke
    idx = next(i for i, a in enumerate(bad["actions"]) if a["action"] == "play KS")
    bad["actions"][idx]["action"] = "play 9D"
    with pytest.raises(atout.RecordError):
        atout.replay(bad)
    bad = json.loads(json.dumps(rec))
    bad["actions"][idx]["action"] = "play AC"  # a card the player does not hold
    with pytest.raises(atout.RecordError):
        atout.replay(bad)
    bad = json.loads(json.dumps(rec))
    bad["actions"][idx]["seat"] = 0  # out of turn: 'Qui joue avant son tour perd un jeu'
    with pytest.raises(atout.RecordError):
        atout.replay(bad)


def test_tampered_record_wrong_result_rejected():
    """seed 002: 'trois mains … marque un jeu' — a record claiming another result is refused"""
    rec = _tri1_record()
    bad = json.loads(json.dumps(rec))
    bad["result"] = {"returns": [2, 0]}
    with pytest.raises(atout.RecordError):
        atout.replay(bad)
    bad["result"] = {"returns": [0, 1]}
    with pytest.raises(atout.RecordError):
        atout.replay(bad)


@pytest.mark.parametrize(
    ("name", "returns", "scores"),
    [("tri1_plain_win.json", [1, 0], [1, 0]), ("tri3_refused_concession.json", [1, -1], [4, 0])],
)
def test_hand_written_records(name, returns, scores):
    """seed 002 / spec TRI-1 and TRI-3, as hand-written records"""
    g = atout.read_record(RECORDS / name)
    assert g.is_terminal()
    assert g.returns() == returns
    assert g.scores == scores


# ---------------------------------------------------------------------------------------------
# 10. random playouts
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "variant"),
    [(2, "classic"), (4, "classic"), (5, "chacun_pour_soi"), (4, "as_qui_pille"), (6, "as_qui_pille")],
)
def test_random_playouts(players, variant):
    """seed 002: 'donne cinq cartes', 32-card pack; every rule above on 2,000 random deals: termination, 5 cards
    each, no duplicated card, every applied action legal, tricks conserve cards"""
    n_deals = 2000
    for seed in range(n_deals):
        g = atout.new_game("triomphe", players=players, variant=variant, seed=seed)
        deal = g.to_record()["deal"]
        cards = [c for h in deal["hands"] for c in h] + [deal["turnup"], *deal["stock"]]
        assert len(cards) == 32 and set(cards) == set(PACK)
        assert all(len(h) == 5 for h in deal["hands"])
        rng = random.Random(seed * 7919 + players)
        for s in range(players):
            assert len(g.observation(s).to_json()["hand"]) == 5
        played: list[str] = []
        history: list[dict] = []
        steps = 0
        while not g.is_terminal():
            seat = g.current_player
            acts = g.legal_actions()
            assert acts, "a live state must offer an action"
            texts = [str(a) for a in acts]
            assert len(set(texts)) == len(texts)
            action = rng.choice(acts)
            g.apply(action)
            text = str(action)
            if text.startswith("play "):
                played.append(text.split()[1])
            history.append({"seat": seat, "action": text})
            steps += 1
            assert steps < 60, "deal does not terminate"
        assert g.to_record()["actions"] == history
        assert len(played) == len(set(played)), "a card was played twice"
        assert len(played) <= 5 * players
        ret = g.returns()
        assert len(ret) == players
        if variant == "classic":
            assert all(ret[s] == ret[s % 2] for s in range(players))
            assert -2 <= min(ret) and max(ret) <= 2
        else:
            assert sum(1 for r in ret if r > 0) <= 1
            assert all(-2 <= r <= 2 for r in ret)
        assert all(d == 0 for d in g.debts) or variant != "classic"


# ---------------------------------------------------------------------------------------------
# 11. random deals checked against an independent model of the rules
# ---------------------------------------------------------------------------------------------
def _suit(c: str) -> str:
    return c[-1]


def _strength(c: str, order: list[str]) -> int:
    return len(order) - order.index(c[:-1])


def oracle_legal(hand_cards: list[str], trick: list[str], trump: str, order: list[str]) -> set[str]:
    """Seed 002: 'obligés de fournir, s'ils en ont, de monter, s'ils en ont de plus hautes, ou de couper, s'ils ont
    des triomphes sans avoir la couleur jouée' + 'même si … une triomphe plus forte' (spec §5, D7, D7a)."""
    if not trick:
        return set(hand_cards)
    led = _suit(trick[0])
    trumps_in = [c for c in trick if _suit(c) == trump]
    follow = [c for c in hand_cards if _suit(c) == led]
    if follow:
        if led != trump and trumps_in:
            return set(follow)  # D7a: trick trumped, any card of the led suit
        best = max(_strength(c, order) for c in trick if _suit(c) == led)
        higher = [c for c in follow if _strength(c, order) > best]
        return set(higher or follow)
    trumps = [c for c in hand_cards if _suit(c) == trump]
    if trumps:
        if trumps_in:
            best = max(_strength(c, order) for c in trumps_in)
            higher = [c for c in trumps if _strength(c, order) > best]
            return set(higher or trumps)
        return set(trumps)
    return set(hand_cards)


def oracle_winner(leader: int, cards: list[str], trump: str, order: list[str], n: int) -> int:
    """Spec §5: highest trump, else highest card of the led suit."""
    led = _suit(cards[0])
    best = 0
    for i, c in enumerate(cards):
        b = cards[best]
        if (_suit(c) == trump and _suit(b) != trump) or (
            _suit(c) == _suit(b) and _strength(c, order) > _strength(b, order) and _suit(c) in (led, trump)
        ):
            best = i
    return (leader + best) % n


@pytest.mark.parametrize(
    ("players", "variant"),
    [(2, "classic"), (4, "classic"), (6, "classic"), (5, "chacun_pour_soi"), (4, "as_qui_pille"), (6, "as_qui_pille")],
)
def test_random_deals_against_rules_model(players, variant):
    """seed 002 + spec §4–§7, §9: on random deals, the legal cards, trick winners, concession / vole / pillage
    turns, the end of the deal and the score all agree with an independent model of the rules"""
    n = players
    classic = variant == "classic"
    order = ACES_HIGH_ORDER if variant == "as_qui_pille" else BASE_ORDER
    for seed in range(400):
        rng = random.Random(seed)
        dealer = rng.randrange(n)
        nsides = 2 if classic else n
        start = [rng.randrange(4) for _ in range(nsides)]
        g = atout.new_game("triomphe", players=n, variant=variant, seed=seed, dealer=dealer, scores=list(start))
        deal = g.to_record()["deal"]
        eldest = (dealer + 1) % n
        side = (lambda s: s % 2) if classic else (lambda s: s)
        hands = {s: set(deal["hands"][s]) for s in range(n)}
        # -- pillage (§9.3)
        turnup, trump = deal["turnup"], _suit(deal["turnup"])
        stock = list(deal["stock"])
        pillager = None
        if variant == "as_qui_pille":
            if turnup[:-1] == "A":
                pillager = dealer
            else:
                holders = [s for s in range(n) if "A" + trump in hands[s]]
                pillager = holders[0] if holders else None
        if pillager is not None:
            assert g.phase == "pillage" and g.current_player == pillager
            while g.phase == "pillage":
                assert g.current_player == pillager
                acts = legal(g)
                assert acts == {f"pillage {c}" for c in hands[pillager]} | {"stop"}
                a = rng.choice(sorted(acts))
                g.apply(a)
                if a == "stop":
                    break
                hands[pillager] = (hands[pillager] - {a.split()[1]}) | {turnup}
                if not stock:
                    break
                turnup = stock.pop(0)
                if _suit(turnup) != trump:
                    break
            assert g.phase == "play"
            assert set(hand(g, pillager)) == hands[pillager]
        assert pub(g)["trump"] == trump
        # -- concession (§4)
        committed = None  # side committed to the vole
        if classic:
            first = {side(eldest): eldest, side(eldest + 1): (eldest + 1) % n}
            for offering in (side(eldest), 1 - side(eldest)):
                assert g.phase == "concession" and g.current_player == first[offering]
                assert legal(g) == {"concede", "no_concession"}
                a = "concede" if rng.random() < 0.15 else "no_concession"
                g.apply(a)
                if a == "concede":
                    other = 1 - offering
                    assert g.current_player == first[other]
                    assert legal(g) == {"accept", "refuse"}
                    answer = rng.choice(["accept", "refuse"])
                    g.apply(answer)
                    if answer == "accept":
                        expected = list(start)
                        expected[other] += 1
                        assert g.is_terminal() and g.scores == expected
                        break
                    committed = other
                    break
            if g.is_terminal():
                continue
        else:
            assert g.phase == "play"
        # -- play (§5, §6)
        assert g.current_player == eldest
        won = [0] * nsides
        first_to: dict[int, int] = {}  # trick count -> first side to reach it
        leader = eldest
        ntricks = 0
        vole = committed
        while not g.is_terminal():
            if g.phase == "vole":
                assert vole is None and ntricks == 3 and max(won) == 3
                trick3 = pub(g)["tricks"][2]
                assert g.current_player == trick3["winner"]
                assert legal(g) == {"stop", "vole"}
                a = rng.choice(["stop", "vole"])
                g.apply(a)
                if a == "stop":
                    break
                vole = side(trick3["winner"])
                continue
            assert g.phase == "play"
            cards: list[str] = []
            for k in range(n):
                seat = (leader + k) % n
                assert g.current_player == seat
                expect = oracle_legal(sorted(hands[seat]), cards, trump, order)
                assert legal_cards(g) == expect, (seed, seat, sorted(hands[seat]), cards)
                c = rng.choice(sorted(expect))
                g.apply(f"play {c}")
                hands[seat].discard(c)
                cards.append(c)
            winner = oracle_winner(leader, cards, trump, order, n)
            ntricks += 1
            won[side(winner)] += 1
            first_to.setdefault(won[side(winner)], side(winner))
            leader = winner
            decided = (
                ntricks == 5
                or (vole is not None and side(winner) != vole)
                or (vole is None and max(won) >= 3 and not (ntricks == 3 and won[side(winner)] == 3))
            )
            if decided:
                break
            assert not g.is_terminal(), (seed, won)
            if ntricks == 3 and won[side(winner)] == 3 and vole is None:
                assert g.phase == "vole"
            else:
                assert g.phase == "play" and g.current_player == winner
        assert g.is_terminal(), (seed, won, ntricks)
        # -- scoring (§7, §9.4, §9.5)
        scores, debts = list(start), [0] * nsides

        def gain(x, k, scores=scores, debts=debts):
            pay = min(k, debts[x])
            debts[x] -= pay
            scores[x] += k - pay

        def lose(x, k, scores=scores, debts=debts):
            for _ in range(k):
                if scores[x] > 0:
                    scores[x] -= 1
                elif classic:
                    scores[1 - x] += 1  # §7.2
                else:
                    debts[x] += 1  # §9.5

        if vole is not None:
            if won[vole] == 5:
                gain(vole, 2)
            else:
                lose(vole, 2)
        elif max(won) >= 3:
            gain(won.index(max(won)), 1)
        else:
            assert not classic and ntricks == 5
            gain(first_to[max(won)], 1)
        assert g.scores == scores, (seed, won, vole, start)
        assert g.debts == debts, (seed, won, vole, start)
        if not any(debts):
            assert g.returns() == [scores[side(s)] - start[side(s)] for s in range(n)]
