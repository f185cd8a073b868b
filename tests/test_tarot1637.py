"""The 1637 tarot against its texts: seed 000 (the printed rules of 1637 and Dupuy's manuscript
addition) and spec tarot-1637.md (sections §n, decisions Dn, worked examples T1637-n).

Expected values are worked out by hand from the rules, never read off the engine.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import atout
from atout.core.cards import Card, cards
from atout.core.cardset import codes, mask
from atout.games.tarot1637 import Tarot1637State
from atout.games.tarot1637 import marques as M
from atout.games.tarot1637.rules import (
    NO_SUIT,
    PACK,
    STRENGTH,
    TAROTS,
    TRUMP_SUIT,
    legal_play_mask,
    trick_winner,
)

A, B, C = 0, 1, 2  # the spec's players: A deals, B is eldest (dealer's right), C


def m(text: str) -> int:
    return mask(cards(text))


def cid(code: str) -> int:
    return Card.parse(code).id


# --- the pack and the order (§2) ------------------------------------------------------------------
def test_pack_has_66_cards_without_the_seeds_twelve_useless_cards() -> None:
    # seed 000: "oster douze cartes inutiles ... les dix, neuf, & huict des couppes & deniers, & les
    # trois, deux & az d'espées & bastons"
    assert PACK.bit_count() == 66
    removed = m("10H 9H 8H 10D 9D 8D 3S 2S AS 3C 2C AC")
    assert PACK & removed == 0
    assert PACK | removed == (1 << 78) - 1


def test_inverted_numerals_in_cups_and_coins() -> None:
    # seed 000 footnote 42: in cups and coins "de l'as, qui vient au-dessous du valet, au dix"; spec §2 table
    order_h = [cid(c) for c in "KH QH NH JH AH 2H 3H 4H 5H 6H 7H".split()]
    order_s = [cid(c) for c in "KS QS NS JS 10S 9S 8S 7S 6S 5S 4S".split()]
    for order in (order_h, order_s, [cid(c) for c in "KD QD ND JD AD 2D 3D 4D 5D 6D 7D".split()]):
        assert [STRENGTH[c] for c in order] == sorted((STRENGTH[c] for c in order), reverse=True)
        assert len({STRENGTH[c] for c in order}) == 11


def test_seven_tarots() -> None:
    # seed 000: "le Monde, Math, & Bagat, & les Roys ... on les nomme Tarots par excellence"
    assert codes(TAROTS) == ["KS", "KH", "KD", "KC", "T1", "T21", "EX"]


def test_trick_winner_trumps_beat_suits_and_the_mat_never_wins() -> None:
    # seed 000: "auec les triomphes on surmonte tous les efforts des quatres peintures"; the Mat
    # "ne prent point & ne peut estre pris"
    assert trick_winner([cid("KS"), cid("6S"), cid("T2")]) == 2
    assert trick_winner([cid("EX"), cid("4S"), cid("KS")]) == 2  # D11: after a led Mat the next card leads
    assert trick_winner([cid("7D"), cid("AD"), cid("KC")]) == 1  # Ace above 7 in Coins; a Baton is no Coin
    assert trick_winner([cid("T21"), cid("T2"), cid("EX")]) == 0


def test_follow_rules_d11() -> None:
    # seed 000: no revoke; D11: follow suit, else trump, no duty to beat; the Mat is free at every turn
    hand = m("4S KS 7H T3 T20 EX")
    assert legal_play_mask(hand, 0) == m("4S KS EX")  # swords led: follow (low card allowed: no overtaking)
    assert legal_play_mask(hand, 2) == m("T3 T20 EX")  # coins led, void: trump (a low trump is fine)
    assert legal_play_mask(hand, TRUMP_SUIT) == m("T3 T20 EX")  # trumps led: a trump
    assert legal_play_mask(m("4S 7H"), TRUMP_SUIT) == m("4S 7H")  # no trump: any card
    assert legal_play_mask(m("4S 7H EX"), 3) == m("4S 7H EX")  # void in batons, no trump: any card
    assert legal_play_mask(hand, NO_SUIT) == hand


# --- declarations: every line of the table (seed 000; §6.2, D8) -----------------------------------
TABLE = [
    # (seed line, hand, item, marques from each)
    ("Trois Roys valent vne marque de chacun", "KS KH KD", "rois", 1),
    ("Quatre Roys valent quatre marques", "KS KH KD KC", "rois", 4),
    ("lesdicts quatre Roys ne valent que trois (with five Tarots: 3 + T(5) 2)", "KS KH KD KC T21", "rois", 5),
    ("Deux Roys & le Math gaignent vne marque", "KS KH EX", "rois", 1),
    ("Trois Roys & le Math deux", "KS KH KD EX", "rois", 2),
    ("Quatre Roys & le Math six", "KS KH KD KC EX", "rois", 6),
    ("Le Monde, le Math & le Bagat, trois", "T21 EX T1", "monde_mat_bagat", 3),
    ("Quatre Tarots, vn", "T21 EX T1 KS", "rois", 1),
    ("Cinq Tarots, deux", "T21 EX T1 KS KH", "rois", 1 + 2),  # five Tarots hold a King line: 2 Kings & Mat 1 + T(5) 2
    ("Six Tarots, trois", "T21 T1 KS KH KD KC", "rois", 3 + 3),  # four Kings: K_core 3 + T(6) 3
    ("Sept Tarots, quatre", "T21 EX T1 KS KH KD KC", "rois", 4 + 4),
    ("Les sept Tarots & la belle, cinq", "T21 EX T1 KS KH KD KC AD", "rois", 4 + 5),
    ("Dix triomphes valent vne marque", "T2 T3 T4 T6 T7 T8 T9 T10 T11 EX", "triomphes", 1),
    ("Quinze triomphes, deux", "T2 T3 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 EX", "triomphes", 2),
    ("Vingts triomphes, trois", " ".join(f"T{i}" for i in range(2, 21)) + " EX", "triomphes", 3),
    ("les quatre honneurs de chaque point ... Imperiale", "KS QS NS JS", "imperiale_epees", 1),
    ("Imperiale of Cups", "KH QH NH JH", "imperiale_coupes", 1),
    ("Imperiale of Coins", "KD QD ND JD", "imperiale_deniers", 1),
    ("Imperiale of Batons", "KC QC NC JC", "imperiale_batons", 1),
    ("les quatre Roynes ... Imperiale", "QS QH QD QC", "imperiale_dames", 1),
    ("les quatre Cheualiers", "NS NH ND NC", "imperiale_cavaliers", 1),
    ("ou les quatre Faons", "JS JH JD JC", "imperiale_faons", 1),
    ("les quatre hautes ... Brizigole", "T21 T20 T19 T18", "brizigole_hautes", 1),
    ("les quatre basses", "T1 T2 T3 T4", "brizigole_basses", 1),
    ("les cinq hautes ou les cinq basses, il en gaigne deux", "T21 T20 T19 T18 T17", "brizigole_hautes", 2),
    ("cinq basses", "T1 T2 T3 T4 T5", "brizigole_basses", 2),
    ("les six hautes ou les six basses il en gaigne trois", "T21 T20 T19 T18 T17 T16", "brizigole_hautes", 3),
    ("six basses", "T1 T2 T3 T4 T5 T6", "brizigole_basses", 3),
    ("qui n'a le sien: one marque to the holder of two", "T21 EX", "qui_n_a_le_sien", 1),
]


@pytest.mark.parametrize(("line", "hand", "item", "value"), TABLE, ids=[t[0][:40] for t in TABLE])
def test_every_line_of_the_marques_table(line: str, hand: str, item: str, value: int) -> None:
    # seed 000, table of marques (printed; the manuscript repeats it), combined per spec §6.3 / D8
    assert M.declaration_value(item, m(hand)) == value, line


def test_not_eligible_below_the_thresholds() -> None:
    # seed 000: the table starts at three Kings, four Tarots, ten triomphes, four in a Brizigole
    assert M.declaration_value("rois", m("KS KH")) == 0
    assert M.declaration_value("rois", m("KS KH T21")) == 0  # three Tarots, only two Kings, no Mat
    assert M.declaration_value("triomphes", m(" ".join(f"T{i}" for i in range(2, 11)))) == 0  # nine
    assert M.declaration_value("brizigole_hautes", m("T21 T20 T19 T17")) == 0
    assert M.declaration_value("imperiale_epees", m("KS QS NS 10S")) == 0
    assert M.declaration_value("qui_n_a_le_sien", m("T21 EX T1")) == 0  # D9: three is Monde-Mat-Bagat
    assert M.declaration_value("monde_mat_bagat", m("T21 EX")) == 0


@pytest.mark.parametrize(
    ("holding", "value"),
    [
        ("KS KH KD", 1),
        ("KS KH KD KC", 4),
        ("KS KH KD KC T21", 5),
        ("KS KH KD KC T21 T1", 6),
        ("KS KH EX", 1),
        ("KS KH KD EX", 2),
        ("KS KH KD KC EX", 6),
        ("KS KH KD KC EX T21", 7),
        ("T21 EX T1", 3),
        ("T21 EX T1 KS", 4),
        ("KS KH KD KC EX T21 T1", 11),
        ("KS KH KD KC EX T21 T1 AD", 12),
        ("KS T21 T1", 0),
    ],
)
def test_d8_reference_values(holding: str, value: int) -> None:
    # spec §6.3, D8 reference table: King lines + Tarot count + Monde-Mat-Bagat added
    hand = m(holding)
    assert M.declaration_value("rois", hand) + M.declaration_value("monde_mat_bagat", hand) == value


def test_brizigole_capped_at_three_and_both_ends_score() -> None:
    # D20: longer than six is capped at 3; the Mat is never part of a run; top and bottom both score
    hand = m(" ".join(f"T{i}" for i in range(1, 9)) + " T21 T20 T19 T18 EX")
    assert M.declaration_value("brizigole_basses", hand) == 3
    assert M.declaration_value("brizigole_hautes", hand) == 1


def test_qui_n_a_le_sien_payer() -> None:
    # seed 000: "Si quelqu'vn n'a l'vn des trois Tarots ... il paye vne marque a celuy qui en a deux"
    hands = [m("T21 EX"), m("T1"), m("KS")]
    assert M.sien_payer(0, hands) == 2
    assert M.sien_payer(0, [m("T21 EX"), m("T1")]) is None  # two players: the other holds the third


# --- payments during play (§8): worked examples T1637-2, -3, -6a ----------------------------------
def net(lines: list[dict[str, object]], players: int = 3) -> list[int]:
    total = [0] * players
    for line in lines:
        row = line["row"]
        assert isinstance(row, list)
        total = [a + b for a, b in zip(total, row, strict=True)]
    return total


def test_t1637_2_ransom_of_a_king() -> None:
    # spec T1637-2 trick 5; seed 000: "celuy qui les perd donne vne marque à chacun"
    live = [(B, cid("KS")), (C, cid("6S")), (A, cid("T12"))]
    assert trick_winner([c for _, c in live]) == 2
    assert net(M.trick_payments(live, A, False, 3)) == [1, -2, 1]


def test_t1637_2_monde_tribute_and_mat_excused() -> None:
    # spec T1637-2 trick 9; seed 000: "il leur faut payer le tribut"; the Mat "ne peut estre pris"
    live = [(C, cid("T21")), (A, cid("T2")), (B, cid("EX"))]
    assert net(M.trick_payments(live, C, False, 3)) == [-2, 1, 1]


def test_t1637_3_bagat_ultimo_and_la_belle() -> None:
    # spec T1637-3; seed 000: "S'il fait le Bagat, ou vn Roy le dernier il en gaigne six"; la Belle
    # "gaigne vne marque de chacun en la joüant soit qu'on la perde ou qu'on ne la perde pas"
    live = [(A, cid("T1")), (B, cid("AD")), (C, cid("QH"))]
    assert net(M.trick_payments(live, A, True, 3)) == [13, -5, -8]


def test_king_ultimo() -> None:
    # seed 000: "ou vn Roy le dernier": tribute 1 + ultimo 6 from each
    live = [(C, cid("KC")), (A, cid("4C")), (B, cid("5C"))]
    assert net(M.trick_payments(live, C, True, 3)) == [-7, -7, 14]


def test_t1637_6a_mat_kept_to_the_last_trick() -> None:
    # spec T1637-6 (a); seed 000: "celuy qui ne s'est point excusé en joüant en paye deux à chacun"
    live = [(A, cid("5S")), (B, cid("EX")), (C, cid("4S"))]
    assert net(M.trick_payments(live, A, True, 3)) == [2, -4, 2]


# --- the count (§9): worked examples T1637-4, -5, -7 ----------------------------------------------
def test_pack_counts_74_before_rounding() -> None:
    # spec §9: 7×5 + 4×4 + 4×3 + 4×2 + 47×1 − 44 = 74
    assert M.raw_points(PACK) == 74


def test_t1637_4_counting_one_pile_and_a_single_gainer() -> None:
    # spec T1637-4; seed 000: "chacun des sept Tarots vaut cinq points, s'il est joinct auec deux autres"
    valued_a = m("T21 KS KH QD NC JS")
    blanks = [c for c in codes(PACK) if M.VALUE[cid(c)] == 1]
    pile_a = valued_a | m(" ".join(blanks[:16]))
    assert pile_a.bit_count() == 22 and M.raw_points(pile_a) == Fraction(76, 3) and M.count_points(pile_a) == 25
    pile_c = m("EX KD NS") | m(" ".join(blanks[16:33]))  # 20 cards, excess 4 + 4 + 2 = 10 → raw 50/3
    pile_b = PACK & ~pile_a & ~pile_c
    assert pile_b.bit_count() == 24 and pile_c.bit_count() == 20
    assert M.raw_points(pile_b) == 32 and M.raw_points(pile_c) == Fraction(50, 3)
    points = [M.count_points(p) for p in (pile_a, pile_b, pile_c)]
    assert points == [25, 32, 17] and sum(points) == 74
    row, _ = M.settle_three(points, eldest=B)
    assert row == [0, 1, -1]


def test_t1637_5_two_gainers_share_by_largest_remainder() -> None:
    # spec T1637-5, D17
    row, lines = M.settle_three([30, 29, 15], eldest=B)
    assert row == [1, 1, -2]
    assert {(x["payer"], x["payee"], x["marques"]) for x in lines} == {(C, A, 1), (C, B, 1)}


@pytest.mark.parametrize(("loss", "marques"), [(3, 0), (4, 0), (5, 1), (7, 1), (9, 1), (10, 2), (12, 2), (14, 2), (15, 3),
                                               (20, 4)])
def test_loss_schedule(loss: int, marques: int) -> None:
    # seed 000: "s'il en perd cinq il payera vne marque ... dix, deux ... quinze, trois ... trois ou quatre
    # il ne payera rien ... sept, huict, ou neuf ... vne marque"; manuscript: "12, 13, ou 14 ... 2"
    assert M.loss_marques(loss) == marques


def test_t1637_7_two_players_with_the_mort() -> None:
    # spec T1637-7, §11 D19: par is half the total
    assert M.settle_two([44, 28])[0] == [1, -1]
    assert M.settle_two([30, 40])[0] == [-1, 1]
    assert M.settle_two([30, 39])[0] == [0, 0]


# --- the engine: explicit deals -------------------------------------------------------------------
# T1637-1: A (dealer, seat 0) holds the four Kings, the Mat and the Monde, 12 triomphes with the Mat,
# and King-Queen-Knight-Jack of Swords; B holds the Bagat; C none of Monde, Mat, Bagat.
T1_A = "KS QS NS JS KH KD KC EX T21 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 10S 9S 8S 7S 6S"  # 24, bottom 6S
T1_B = "T1 T12 T13 T14 T15 5S 4S QH NH JH AH 2H 3H 4H 5H 6H 7H QD ND JD AD"
T1_C = "T16 T17 T18 T19 T20 2D 3D 4D 5D 6D 7D QC NC JC 10C 9C 8C 7C 6C 5C 4C"


def t1_game(variant: str = "printed") -> atout.GameState:
    deal = {"hands": [T1_A.split(), T1_B.split(), T1_C.split()]}
    return atout.new_game("tarot1637", players=3, variant=variant, deal=deal, dealer=A, seed=0)


def test_deal_sizes_and_eldest() -> None:
    # seed 000: "vingt-quatre a celuy qui faict, & vingt & vne a chacun des autres"; D10: eldest leads
    g = atout.new_game("tarot1637", seed=11, dealer=A)
    sizes = g.observation(B).public["hand_sizes"]
    assert sizes == [24, 21, 21]
    assert g.current_player == B and g.phase == "discard"


def test_t1637_1_declarations_through_the_engine() -> None:
    # spec T1637-1: K_core 4 + T(6) 3 = 7, ten triomphes 1, Impériale of Swords 1 → 9 from each;
    # qui n'a le sien: C pays A 1. Expected A +19, B −9, C −10.
    g = t1_game()
    for seat, card in ((B, "7H"), (C, "4C")):
        assert g.current_player == seat
        g.apply(f"discard {card}")
    for card in ("10S", "9S", "8S", "7S"):
        g.apply(f"discard {card}")
    assert g.returns() == [0, 0, 0]  # 6S at the bottom: no Tarot (seed 000, "sous la main")
    assert g.current_player == B and g.phase == "play"  # B has nothing to declare
    g.apply("play 5S")
    assert g.current_player == C and g.phase == "play"
    g.apply("play T16")  # void in Swords: must trump
    assert g.current_player == A and g.phase == "declarations"
    assert [str(a) for a in g.legal_actions()] == [
        "declare rois", "declare triomphes", "declare imperiale_epees", "declare qui_n_a_le_sien", "done"]
    for item in ("rois", "triomphes", "imperiale_epees", "qui_n_a_le_sien"):
        g.apply(f"declare {item}")
    assert g.phase == "play" and g.current_player == A
    assert g.returns() == [19, -9, -10]


def test_a_declaration_not_made_is_lost() -> None:
    # seed 000: "si quelqu'vn oublie aucune de ses Imperialles, Brizigoles ... n'est plus receu à s'en souuenir"
    g = t1_game()
    for a in ("discard 7H", "discard 4C", "discard 10S", "discard 9S", "discard 8S", "discard 7S", "play 5S", "play T16"):
        g.apply(a)
    g.apply("declare rois")
    g.apply("done")
    assert g.returns() == [14, -7, -7]
    g.apply("play KS")  # C's T16 takes it: the King pays its ransom, 1 to each (seed 000, "la rençon")
    assert g.returns() == [12, -6, -6]
    before = json.dumps(g.to_record())
    with pytest.raises(atout.IllegalAction) as exc:
        g.apply("declare triomphes")
    assert exc.value.code == "declaration_too_late" and "seed 000" in str(exc.value)
    assert json.dumps(g.to_record()) == before


def test_discard_ban_is_refused_with_the_seed_citation_and_state_unchanged() -> None:
    # seed 000: "sans toutesfois qu'il soit loysible d'escarter aucun des sept Tarots, ou des triomphes"
    g = t1_game()
    g.apply("discard 7H")
    before = json.dumps(g.to_record())
    for bad in ("discard T16", "discard EX", "discard KS", "discard 7H", "play 4C"):
        with pytest.raises(atout.IllegalAction) as exc:
            g.apply(bad)
        assert json.dumps(g.to_record()) == before
    with pytest.raises(atout.IllegalAction) as exc:
        g.apply("discard T16")
    assert exc.value.code == "discard_forbidden" and "seed 000" in str(exc.value)
    assert "seed 000" in str(exc.value.params["cite"])


def test_revoke_is_refused() -> None:
    # seed 000: "il n'est non plus permis de renoncer"
    g = t1_game()
    for a in ("discard 7H", "discard 4C", "discard 10S", "discard 9S", "discard 8S", "discard 7S"):
        g.apply(a)
    g.apply("play 5S")
    with pytest.raises(atout.IllegalAction) as exc:
        g.apply("play 2D")  # C is void in Swords and holds trumps
    assert exc.value.code == "must_trump"
    g.apply("play T16")
    g.apply("done")
    with pytest.raises(atout.IllegalAction) as exc:
        g.apply("play T21")  # A holds Swords
    assert exc.value.code == "must_follow"


def test_bottom_card_bonus_printed_and_first_packet_manuscript() -> None:
    # seed 000: "s'il se trouue vn Tarot sous la main de celuy qui donne, il luy vaudra vne marque de
    # chacun"; manuscript: "un Tarot a la premiere main de celui qui donne" (D3: his first packet)
    hands = [T1_A.split(), T1_B.split(), T1_C.split()]
    hands[A] = hands[A][1:] + hands[A][:1]  # KS now at the bottom; first packet QS NS JS
    g = atout.new_game("tarot1637", deal={"hands": hands}, dealer=A, seed=0)
    assert g.returns() == [2, -1, -1]
    g = atout.new_game("tarot1637", variant="manuscript", deal={"hands": hands}, dealer=A, seed=0)
    assert g.returns() == [0, 0, 0]
    g = atout.new_game("tarot1637", variant="manuscript", deal={"hands": [T1_A.split(), *hands[1:]]}, dealer=A, seed=0)
    assert g.returns() == [2, -1, -1]  # KS in the first packet (KS QS NS): one marque from each


def test_forced_discard_of_low_trumps_face_up_d4() -> None:
    # spec §5 D4: a player who cannot comply lays aside his lowest trumps II..XX face up, no penalty
    dealer = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX KS KH"
    rest = [c for c in codes(PACK) if c not in dealer.split()]
    g = atout.new_game("tarot1637", deal={"hands": [dealer.split(), rest[:21], rest[21:]]}, dealer=A, seed=0)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert [str(a) for a in g.legal_actions()] == ["discard T2"]
    for expected in ("T2", "T3", "T4", "T5"):
        g.apply(f"discard {expected}")
    assert g.observation(B).public["discards_face_up"] == ["T2", "T3", "T4", "T5"]
    assert all(p["reason"] != "discard" for p in g.observation(A).public["payments"])


def test_t1637_6b_manuscript_misdeal() -> None:
    # spec T1637-6 (b); manuscript: "Qui donne mal pert le coup, & paie une marque a chacun"
    g = atout.new_game("tarot1637", variant="manuscript", deal=[{"misdeal": True}], dealer=A, seed=0, deals=3)
    assert g.sheet() == [[-2, 1, 1]] and g.dealer == B
    g = atout.new_game("tarot1637", deal=[{"misdeal": True}], dealer=A, seed=0, deals=3)
    assert g.sheet() == [[0, 0, 0]] and g.dealer == B


def test_bad_deals_are_refused() -> None:
    hands = [T1_A.split(), T1_B.split(), T1_C.split()]
    with pytest.raises(atout.RecordError, match="24"):
        atout.new_game("tarot1637", deal={"hands": [hands[0][:-1], hands[1], [*hands[2], hands[0][-1]]]}, dealer=A)
    with pytest.raises(atout.RecordError, match="66-card"):
        atout.new_game("tarot1637", deal={"hands": [hands[0], hands[1], [*hands[2][:-1], "10H"]]}, dealer=A)
    with pytest.raises(ValueError, match="deal_packets"):
        atout.new_game("tarot1637", deal_packets=4)


def test_dealing_by_fives_keeps_the_bottom_card_with_the_dealer() -> None:
    # seed 000: "trois a trois ou cinq a cinq"; D2 for fives
    for packets in (3, 5):
        g = atout.new_game("tarot1637", deal_packets=packets, seed=5, dealer=C)
        assert [len(h) for h in g.log[0].deal["hands"]] == [21, 21, 24]


def test_observation_hides_other_hands_discards_and_the_mort() -> None:
    for players in (3, 2):
        g = atout.new_game("tarot1637", players=players, seed=9)
        assert isinstance(g, Tarot1637State)
        while g.phase == "discard":
            g.apply(g.legal_actions()[0])
        for seat in range(players):
            obs = json.dumps(g.observation(seat).to_json())
            others = 0
            for s in range(players):
                if s != seat:
                    others |= g.hands[s] | g.discards[s]
            others |= (1 << g.mort_aside) if g.mort_aside >= 0 else 0
            for c in g.mort_queue:
                others |= 1 << c
            hidden = others & ~g.known_cards(seat)
            for code in codes(hidden):
                assert f'"{code}"' not in obs


def test_deal_scored_event_breaks_every_marque_down() -> None:
    g = atout.new_game("tarot1637", seed=4)
    while not g.is_terminal():
        g.apply(g.legal_actions()[-1])
    scored = [e for e in g.events() if e.kind == "deal_scored"]
    assert len(scored) == 1
    data = scored[0].data
    assert data["row"] == g.returns()
    assert net(data["lines"]) == data["row"]
    cards_line = next(x for x in data["lines"] if x["reason"] == "cards")
    assert sum(cards_line["points"]) == 74 and cards_line["par"] == 25


def test_the_mort_plays_a_card_to_every_trick() -> None:
    # seed 000: "le Mort, duquel l'on tire selon le hazard autant de cartes que les autres font de mains"
    g = atout.new_game("tarot1637", players=2, seed=3)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    tricks = [e for e in g.events() if e.kind == "trick_won"]
    assert len(tricks) == 20 and all(len(t.data["cards"]) == 3 and t.data["players"][2] == -1 for t in tricks)
    assert sum(g.returns()) == 0


def test_events_never_show_a_seat_a_card_it_may_not_know() -> None:
    # Hidden information: an event a seat may see names only cards that seat may know when it is emitted
    # (its hand, its discard, cards played or shown). The cut is drawn from a pack shuffled again.
    from conftest import codes_in

    for players in (3, 2):
        for seed in range(15):
            g = atout.new_game("tarot1637", players=players, seed=seed, variant="manuscript" if seed % 2 else "printed")
            rng_moves = 0
            cursor = g.event_count
            while not g.is_terminal():
                legal = g.legal_actions()
                g.apply(legal[(seed * 7 + rng_moves) % len(legal)])
                rng_moves += 1
                for seat in range(players):
                    allowed = set(codes(g.known_cards(seat)))
                    for e in g.events(seat, since=cursor):
                        if e.kind != "cut":
                            leaked = codes_in(json.dumps(e.to_json())) - allowed
                            assert not leaked, f"seed {seed}: {e.kind} shows seat {seat} {leaked}"
                cursor = g.event_count


def _deal_with(eldest_cards: str) -> dict[str, list[list[str]]]:
    """A deal (A deals) where eldest B holds ``eldest_cards``; the rest in pack order, no Tarot at the bottom."""
    want = eldest_cards.split()
    rest = [c for c in codes(PACK) if c not in want]
    b = want + [c for c in rest if not TAROTS >> cid(c) & 1 and cid(c) < 56][: 21 - len(want)]
    rest = [c for c in rest if c not in b]
    a = rest[:24]
    c = rest[24:]
    a = [x for x in a if not TAROTS >> cid(x) & 1] + [x for x in a if TAROTS >> cid(x) & 1]
    a = a[-5:] + a[:-5]  # a plain card last: no bottom-card bonus; Tarots inside the hand
    assert not TAROTS >> cid(a[-1]) & 1 and len(b) == 21 and len(c) == 21
    return {"hands": [a, b, c]}


@pytest.mark.parametrize(
    ("held", "item", "value"),
    [
        ("T21 EX T1", "monde_mat_bagat", 3),
        ("QS QH QD QC", "imperiale_dames", 1),
        ("NS NH ND NC", "imperiale_cavaliers", 1),
        ("JS JH JD JC", "imperiale_faons", 1),
        ("KC QC NC JC", "imperiale_batons", 1),
        ("T21 T20 T19 T18 T17", "brizigole_hautes", 2),
        ("T1 T2 T3 T4 T5 T6 T7", "brizigole_basses", 3),
        (" ".join(f"T{i}" for i in range(2, 17)), "triomphes", 2),
        ("KS KH KD EX", "rois", 2),
    ],
)
def test_each_declaration_is_paid_from_each_through_the_engine(held: str, item: str, value: int) -> None:
    # seed 000, table of marques: "gaigne vne marque de chacun" etc.; D6: declared before one's first card
    g = atout.new_game("tarot1637", deal=_deal_with(held), dealer=A, seed=0)
    while g.phase == "discard":
        keep = set(held.split())
        g.apply(next(a for a in g.legal_actions() if a.args[0] not in keep))
    assert g.current_player == B and g.phase == "declarations"
    assert f"declare {item}" in [str(a) for a in g.legal_actions()]
    before = g.returns()
    g.apply(f"declare {item}")
    gained = [x - y for x, y in zip(g.returns(), before, strict=True)]
    assert gained == [-value, 2 * value, -value]
    assert isinstance(g, Tarot1637State)
    shown = set(g.observation(C).public["shown"])  # the combination is shown to the table
    assert shown and shown <= set(codes(g.hand20[B]))


def test_hand_written_record_of_a_manuscript_misdeal() -> None:
    # spec T1637-6 (b), a replayed human game; manuscript: "Qui donne mal pert le coup, & paie une marque a chacun"
    from pathlib import Path

    path = Path(__file__).parent / "records" / "tarot1637" / "manuscript-misdeal.json"
    g = atout.read_record(path)
    assert g.returns() == [-2, 1, 1] and g.is_terminal()
    record = json.loads(path.read_text())
    record["variant"] = "printed"  # the printed rules: the dealer only loses the deal
    with pytest.raises(atout.RecordError, match="returns"):
        atout.replay(record)
